// The JSON form of a lowered program (`formspec compile --emit json`): each enum is written as a
// one-key object named after its case, close to how the spec itself reads, e.g.
// `{"range": {"comparison": "min", "operand": {"literal": {"integer": 18}}}}` and
// `{"field": 2, "equals": {"text": "email"}}`.

/// A coding key for any name.
struct NameKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension KeyedDecodingContainer where Key == NameKey {
    /// The one key of a one-key object, or a decoding error naming `type`.
    func onlyKey(of type: String) throws -> String {
        guard allKeys.count == 1, let key = allKeys.first else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "expected a one-key object for \(type)"))
        }
        return key.stringValue
    }

    func unknown(_ name: String, of type: String) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath, debugDescription: "unknown \(type) '\(name)'"))
    }
}

extension Scalar {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: NameKey.self)
        let name = try container.onlyKey(of: "scalar")
        let key = NameKey(name)
        switch name {
        case "text": self = .text(try container.decode(String.self, forKey: key))
        case "integer": self = .integer(try container.decode(Int64.self, forKey: key))
        case "number": self = .number(try container.decode(ExactDecimal.self, forKey: key))
        case "boolean": self = .boolean(try container.decode(Bool.self, forKey: key))
        case "date": self = .date(try container.decode(CivilDate.self, forKey: key))
        case "time":
            let text = try container.decode(String.self, forKey: key)
            guard let time = CivilTime(parsing: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "invalid time '\(text)'")
            }
            self = .time(time)
        case "datetime":
            let text = try container.decode(String.self, forKey: key)
            guard let dateTime = OffsetDateTime(parsing: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "invalid date-time '\(text)'")
            }
            self = .datetime(dateTime)
        default: throw container.unknown(name, of: "scalar")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NameKey.self)
        switch self {
        case .text(let value): try container.encode(value, forKey: NameKey("text"))
        case .integer(let value): try container.encode(value, forKey: NameKey("integer"))
        case .number(let value): try container.encode(value, forKey: NameKey("number"))
        case .boolean(let value): try container.encode(value, forKey: NameKey("boolean"))
        case .date(let value): try container.encode(value, forKey: NameKey("date"))
        // As written: a program's literals keep the spelling its messages quote.
        case .time(let value): try container.encode(value.description, forKey: NameKey("time"))
        case .datetime(let value): try container.encode(value.description, forKey: NameKey("datetime"))
        }
    }
}

extension CivilDate {
    /// Encoded as `YYYY-MM-DD`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = CivilDate(iso: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "invalid date '\(text)'")
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension CivilTime: Codable {
    /// Encoded as written (`HH:MM[:SS[.fraction]]`): the typed inputs of generated Swift use it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let time = CivilTime(parsing: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "invalid time '\(text)'")
        }
        self = time
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension OffsetDateTime: Codable {
    /// Encoded as RFC 3339 text, as written: the typed inputs of generated Swift use it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let dateTime = OffsetDateTime(parsing: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "invalid date-time '\(text)'")
        }
        self = dateTime
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension DateOffset {
    /// Encoded as the spec writes it: `today`, `today+30d`, `today-18y`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let offset = DateOffset.parseToday(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "invalid relative date '\(text)'")
        }
        self = offset
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension Operand {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: NameKey.self)
        let name = try container.onlyKey(of: "operand")
        switch name {
        case "literal": self = .literal(try container.decode(Scalar.self, forKey: NameKey(name)))
        case "field": self = .field(try container.decode(Int.self, forKey: NameKey(name)))
        case "today": self = .today(try container.decode(DateOffset.self, forKey: NameKey(name)))
        case "field_offset":
            let shifted = try container.nestedContainer(keyedBy: NameKey.self, forKey: NameKey(name))
            self = .fieldOffset(
                try shifted.decode(Int.self, forKey: NameKey("field")),
                try shifted.decode(OperandOffset.self, forKey: NameKey("offset")))
        default: throw container.unknown(name, of: "operand")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NameKey.self)
        switch self {
        case .literal(let value): try container.encode(value, forKey: NameKey("literal"))
        case .field(let index): try container.encode(index, forKey: NameKey("field"))
        case .today(let offset): try container.encode(offset, forKey: NameKey("today"))
        case .fieldOffset(let index, let offset):
            var shifted = container.nestedContainer(keyedBy: NameKey.self, forKey: NameKey("field_offset"))
            try shifted.encode(index, forKey: NameKey("field"))
            try shifted.encode(offset, forKey: NameKey("offset"))
        }
    }
}

extension OperandOffset: Codable {
    /// Encoded as a one-key object: `{"date": "+30d"}`, `{"time": "+90m"}`, `{"integer": -10}`,
    /// `{"number": 0.5}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: NameKey.self)
        let name = try container.onlyKey(of: "offset")
        let key = NameKey(name)
        switch name {
        case "date":
            let text = try container.decode(String.self, forKey: key)
            guard let offset = DateOffset.parseStep(text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "invalid date offset '\(text)'")
            }
            self = .date(offset)
        case "time":
            let text = try container.decode(String.self, forKey: key)
            guard case .success(let step) = TimeStep.parse(text, allowsDays: true) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "invalid time offset '\(text)'")
            }
            self = .time(step)
        case "integer": self = .integer(try container.decode(Int64.self, forKey: key))
        case "number": self = .number(try container.decode(ExactDecimal.self, forKey: key))
        default: throw container.unknown(name, of: "offset")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NameKey.self)
        switch self {
        case .date: try container.encode(description, forKey: NameKey("date"))
        case .time: try container.encode(description, forKey: NameKey("time"))
        case .integer(let step): try container.encode(step, forKey: NameKey("integer"))
        case .number(let step): try container.encode(step, forKey: NameKey("number"))
        }
    }
}

extension Rule {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: NameKey.self)
        let name = try container.onlyKey(of: "rule")
        let key = NameKey(name)
        switch name {
        case "required": self = .required
        case "length": self = .length(try container.decode(LengthRule.self, forKey: key))
        case "pattern": self = .pattern(try container.decode(PatternRule.self, forKey: key))
        case "contains": self = .contains(try container.decode(ContainsRule.self, forKey: key))
        case "format": self = .format(try container.decode(FormatRule.self, forKey: key))
        case "equality": self = .equality(try container.decode(EqualityRule.self, forKey: key))
        case "membership": self = .membership(try container.decode(MembershipRule.self, forKey: key))
        case "field_comparison": self = .fieldComparison(try container.decode(FieldComparisonRule.self, forKey: key))
        case "range": self = .range(try container.decode(RangeRule.self, forKey: key))
        case "multiple_of": self = .multipleOf(try container.decode(MultipleOfRule.self, forKey: key))
        case "all": self = .all(try container.decode([RuleProgram].self, forKey: key))
        case "any": self = .any(try container.decode([RuleProgram].self, forKey: key))
        case "not": self = .not(try container.decode(RuleProgram.self, forKey: key))
        case "check": self = .check(try container.decode(ExternalCheckRule.self, forKey: key))
        default:
            guard let type = ValueRules.type(named: name) else { throw container.unknown(name, of: "rule") }
            self = .value(AnyValueRule(try type.init(from: container.superDecoder(forKey: key))))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NameKey.self)
        switch self {
        case .required: try container.encode(true, forKey: NameKey("required"))
        case .length(let rule): try container.encode(rule, forKey: NameKey("length"))
        case .pattern(let rule): try container.encode(rule, forKey: NameKey("pattern"))
        case .contains(let rule): try container.encode(rule, forKey: NameKey("contains"))
        case .format(let rule): try container.encode(rule, forKey: NameKey("format"))
        case .equality(let rule): try container.encode(rule, forKey: NameKey("equality"))
        case .membership(let rule): try container.encode(rule, forKey: NameKey("membership"))
        case .fieldComparison(let rule): try container.encode(rule, forKey: NameKey("field_comparison"))
        case .range(let rule): try container.encode(rule, forKey: NameKey("range"))
        case .multipleOf(let rule): try container.encode(rule, forKey: NameKey("multiple_of"))
        case .all(let items): try container.encode(items, forKey: NameKey("all"))
        case .any(let items): try container.encode(items, forKey: NameKey("any"))
        case .not(let item): try container.encode(item, forKey: NameKey("not"))
        case .check(let rule): try container.encode(rule, forKey: NameKey("check"))
        case .value(let rule): try rule.base.encode(to: container.superEncoder(forKey: NameKey(rule.name)))
        }
    }
}

extension Condition {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: NameKey.self)
        if container.contains(NameKey("field")) {
            let index = try container.decode(Int.self, forKey: NameKey("field"))
            let tests = container.allKeys.map(\.stringValue).filter { $0 != "field" }
            guard tests.count == 1, let test = tests.first else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: container.codingPath, debugDescription: "a field condition needs one test"))
            }
            let key = NameKey(test)
            switch test {
            case "equals": self = .field(index, .equals(try container.decode(Scalar.self, forKey: key)))
            case "not_equals": self = .field(index, .notEquals(try container.decode(Scalar.self, forKey: key)))
            case "one_of": self = .field(index, .oneOf(try container.decode([Scalar].self, forKey: key)))
            case "empty": self = .field(index, .empty(try container.decode(Bool.self, forKey: key)))
            case "matches": self = .field(index, .matches(try container.decode(PatternRule.self, forKey: key)))
            case "contains":
                let contains = try container.decode(ContainsTest.self, forKey: key)
                self = .field(index, .contains(contains.value, items: contains.items))
            default:
                guard let comparison = RangeRule.Comparison(rawValue: test) else {
                    throw container.unknown(test, of: "field test")
                }
                self = .field(index, .compare(comparison, try container.decode(Operand.self, forKey: key)))
            }
            return
        }
        let name = try container.onlyKey(of: "condition")
        let key = NameKey(name)
        switch name {
        case "mode": self = .mode(try container.decode(Mode.self, forKey: key))
        case "all": self = .all(try container.decode([Condition].self, forKey: key))
        case "any": self = .any(try container.decode([Condition].self, forKey: key))
        case "not": self = .not(try container.decode(Condition.self, forKey: key))
        default: throw container.unknown(name, of: "condition")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NameKey.self)
        switch self {
        case .field(let index, let test):
            try container.encode(index, forKey: NameKey("field"))
            switch test {
            case .equals(let value): try container.encode(value, forKey: NameKey("equals"))
            case .notEquals(let value): try container.encode(value, forKey: NameKey("not_equals"))
            case .oneOf(let values): try container.encode(values, forKey: NameKey("one_of"))
            case .empty(let empty): try container.encode(empty, forKey: NameKey("empty"))
            case .compare(let comparison, let operand):
                try container.encode(operand, forKey: NameKey(comparison.rawValue))
            case .matches(let rule): try container.encode(rule, forKey: NameKey("matches"))
            case .contains(let value, let items):
                try container.encode(ContainsTest(value: value, items: items), forKey: NameKey("contains"))
            }
        case .mode(let mode): try container.encode(mode, forKey: NameKey("mode"))
        case .all(let conditions): try container.encode(conditions, forKey: NameKey("all"))
        case .any(let conditions): try container.encode(conditions, forKey: NameKey("any"))
        case .not(let condition): try container.encode(condition, forKey: NameKey("not"))
        }
    }
}

/// A `contains` condition's JSON: `{"value": SCALAR, "items": [FIELD, …]}`.
private struct ContainsTest: Codable {
    var value: Scalar
    var items: [Int]
}

extension FormRuleProgram.Kind {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: NameKey.self)
        let name = try container.onlyKey(of: "form rule")
        switch name {
        case "require_changes": self = .requireChanges
        case "at_least_one_of": self = .atLeastOneOf(try container.decode([Int].self, forKey: NameKey(name)))
        default: throw container.unknown(name, of: "form rule")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NameKey.self)
        switch self {
        case .requireChanges: try container.encode(true, forKey: NameKey("require_changes"))
        case .atLeastOneOf(let indexes): try container.encode(indexes, forKey: NameKey("at_least_one_of"))
        }
    }
}

extension Program {
    /// The `fields` array: each field's object, but for a list whose items are written once
    /// (``RepeatedItems``): after the list's own field, `{"items": {"list": 4, "count": 20,
    /// "fields": [the first item's fields, written the same way]}}`.
    static func encode(_ fields: [FieldProgram], into container: UnkeyedEncodingContainer) throws {
        var container = container
        try encode(WrittenFields.of(fields), of: fields, into: &container)
    }

    private static func encode(
        _ written: [WrittenFields], of fields: [FieldProgram], into container: inout UnkeyedEncodingContainer
    ) throws {
        for stretch in written {
            switch stretch {
            case .fields(let range):
                for index in range { try container.encode(fields[index]) }
            case .items(let run, let first):
                var object = container.nestedContainer(keyedBy: NameKey.self)
                var items = object.nestedContainer(keyedBy: NameKey.self, forKey: NameKey("items"))
                try items.encode(run.list, forKey: NameKey("list"))
                try items.encode(run.count, forKey: NameKey("count"))
                var nested = items.nestedUnkeyedContainer(forKey: NameKey("fields"))
                try encode(first, of: fields, into: &nested)
            }
        }
    }

    /// The fields of a `fields` array, each list's items made from the first where it is written once.
    static func decodeFields(_ container: UnkeyedDecodingContainer) throws -> [FieldProgram] {
        var container = container
        return try decodeFields(&container, from: 0)
    }

    /// The fields of a `fields` array whose first element is field `base` of the program (a run's
    /// first item starts right after its list).
    private static func decodeFields(_ container: inout UnkeyedDecodingContainer, from base: Int) throws
        -> [FieldProgram]
    {
        var fields: [FieldProgram] = []
        while !container.isAtEnd {
            let element = try container.superDecoder()
            let object = try element.container(keyedBy: NameKey.self)
            guard object.contains(NameKey("items")) else {
                fields.append(try FieldProgram(from: element))
                continue
            }
            let items = try object.nestedContainer(keyedBy: NameKey.self, forKey: NameKey("items"))
            let run = RepeatedItems(
                list: try items.decode(Int.self, forKey: NameKey("list")),
                count: try items.decode(Int.self, forKey: NameKey("count")))
            // The run follows its list's own field, and makes a list's items.
            let list = run.list - base
            guard !fields.isEmpty, list == fields.count - 1, fields[list].type == .list else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: items.codingPath, debugDescription: "'items' must follow its list's field"))
            }
            var nested = try items.nestedUnkeyedContainer(forKey: NameKey("fields"))
            let first = try decodeFields(&nested, from: run.list + 1)
            guard run.canRepeat(first, listName: fields[list].name),
                base + fields.count + first.count * run.count <= RepeatedItems.maxFields
            else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: items.codingPath, debugDescription: "'items' must make its list's items"))
            }
            fields += run.fields(from: first)
        }
        return fields
    }

    /// Throws when a field or form rule of a decoded program names a field the program does not
    /// have: the evaluator indexes fields by those numbers, so a damaged file would stop the app
    /// that loads it, not report an error.
    static func checkFieldReferences(
        fields: [FieldProgram], formRules: [FormRuleProgram], codingPath: [any CodingKey]
    ) throws {
        func check(_ reads: some Sequence<Int>, of owner: @autoclosure () -> String) throws {
            guard let bad = reads.first(where: { !fields.indices.contains($0) }) else { return }
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath,
                    debugDescription: "\(owner()) reads field \(bad), but the program has "
                        + (fields.count == 1 ? "1 field" : "\(fields.count) fields")))
        }
        for index in fields.indices {
            try check(fields[index].fieldsRead.union(fields[index].reads), of: "field '\(fields[index].name)'")
        }
        for rule in formRules {
            let named: [Int] = if case .atLeastOneOf(let fields) = rule.kind { fields } else { [] }
            try check((rule.condition?.fieldsRead ?? []) + named, of: "form rule '\(rule.name)'")
        }
    }
}
