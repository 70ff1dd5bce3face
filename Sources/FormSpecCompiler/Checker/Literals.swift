import FormSpecDiagnostics
@_spi(Program) @_spi(Tooling) import FormSpecRuntime
import FormSpecYAML

extension Value {
    /// The value a YAML node denotes: plain scalars typed by the YAML 1.2 core schema, quoted
    /// scalars as strings, sequences as arrays and mappings as objects in source order. This is how
    /// spec tests, defaults and YAML inputs read values.
    package init(yaml node: YAMLNode) {
        switch node.content {
        case .scalar(let scalar):
            switch node.resolved {
            case .null: self = .null
            case .bool(let value): self = .bool(value)
            case .integer(let value): self = .integer(value)
            case .float(let value):
                // Exactly as written (`0.30000000000000000001` is not 0.3), and a whole number
                // that fits `Int64` as an integer (`1e15`, `2.0`), as a JSON input reads it: a
                // choice option `1e15` must be the text `1000000000000000` its input matches. The
                // YAML float forms Swift reads but JSON's grammar does not (`.inf`) stay text, and
                // so does a number out of range (`1e-1000000001`, whose nearest double is 0).
                // A hexadecimal or octal integer past `Int64` is read from its decimal digits.
                let written = ResolvedScalar.decimalDigits(ofInteger: scalar.text) ?? scalar.text
                if !value.isFinite {
                    self = .string(scalar.text)
                } else if let exact = ExactDecimal(written) {
                    self = exact.int64.map(Value.integer) ?? .number(exact)
                } else {
                    self = .string(scalar.text)
                }
            case .string(let value): self = .string(value)
            }
        case .sequence(let items): self = .array(items.map(Value.init(yaml:)))
        case .mapping(let pairs):
            // The loader only accepts scalar keys, so every key has text.
            self = .object(pairs.map { Value.Member($0.key.scalar?.text ?? "", Value(yaml: $0.value)) })
        }
    }
}

extension Checker {
    /// What `node` is, for a diagnostic: its kind, or `a number out of range` for a YAML number
    /// FormSpec cannot read exactly (`0.1e-1000000000`, which `Value(yaml:)` keeps as text).
    static func described(_ node: YAMLNode) -> String {
        if case .float(let number) = node.resolved, number.isNaN {
            return "'\(node.scalar?.text ?? ".nan")' (not a number)"
        }
        if case .float = node.resolved, case .string = Value(yaml: node) { return "a number out of range" }
        return node.kindDescription
    }

    /// A literal of the field's type, or an error.
    /// `acceptsToday`: the caller takes `today±N` too (comparison operands), so messages offer it.
    mutating func literal(_ node: YAMLNode, for field: FieldInfo, rule: String, acceptsToday: Bool = false) -> Scalar? {
        let expected =
            field.type == .date && acceptsToday ? "a date (YYYY-MM-DD) or today±N" : field.type.literalDescription
        // A tag its scalar does not fit (`!!int abc`) is the loader's error already: one is enough.
        if node.hasTagProblem { return nil }
        if node.scalar == nil || node.resolved == .null {
            diagnostics.error(
                "'\(rule)' needs \(expected), not \(node.kindDescription)", at: node.location)
            return nil
        }
        // Numbers and booleans are written as YAML numbers and booleans; only dates are strings.
        if [.integer, .number, .boolean].contains(field.type), case .string = node.resolved {
            diagnostics.error("'\(rule)' needs \(expected), not \(node.kindDescription)", at: node.location)
            return nil
        }
        let value = Value(yaml: node)
        switch field.type.read(value, trim: false, options: Set(field.options.map { ExactText($0.value) })) {
        case .value(let scalar): return scalar
        case .empty:
            diagnostics.error("'\(rule)' needs a non-empty value", at: node.location)
        case .invalid(let invalid):
            if invalid.rule == "choice" {
                diagnostics.error(
                    "'\(node.scalar?.text ?? "")' is not an option of \(field.named)", at: node.location,
                    notes: suggestion(for: node.scalar?.text ?? "", among: field.options.map(\.value))
                        + [.init("options: \(field.options.map(\.value).joined(separator: ", "))")])
            } else {
                diagnostics.error(
                    "'\(rule)' needs \(expected) for \(field.described), not \(Self.described(node)) '\(node.scalar?.text ?? "")'",
                    at: node.location)
            }
        }
        return nil
    }

    /// A comparison operand: a literal, `{field: NAME}`, or (for dates) `today±N`; with
    /// `allowsOffset` (ordered comparisons) also `{field: NAME, offset: STEP}`.
    mutating func operand(_ node: YAMLNode, for field: FieldInfo, rule: String, allowsOffset: Bool = false) -> Operand?
    {
        if let pairs = node.mapping {
            let keys = pairs.map { $0.key.scalar?.text ?? "" }
            let allowed = allowsOffset ? ["field", "offset"] : ["field"]
            guard keys.contains("field"), keys.allSatisfy(allowed.contains), Set(keys).count == keys.count,
                let nameNode = pairs.first(where: { $0.key.scalar?.text == "field" })?.value,
                let name = Read.string(nameNode, "'field'", &diagnostics)
            else {
                var notes: [Diagnostic.Note] = []
                if !allowsOffset, keys.contains("offset") {
                    notes.append(.init("'offset' applies to min, max, at_least, at_most, greater_than and less_than"))
                }
                for key in keys where !["field", "offset"].contains(key) {
                    notes += suggestion(for: key, among: allowed)
                }
                diagnostics.error(
                    allowsOffset
                        ? "'\(rule)' takes a literal, {field: NAME} or {field: NAME, offset: STEP}"
                        : "'\(rule)' takes a literal or {field: NAME}", at: node.location, notes: notes)
                return nil
            }
            guard let other = resolveField(name) else { return nil }
            // Always the same verdict, whatever the value: as `same_as` on itself.
            if refusesSelfComparison(of: field, with: other, at: name.location) { return nil }
            if !field.type.isComparable(with: other.type) {
                diagnostics.error(
                    "'\(rule)' compares \(field.type.rawValue) field '\(field.name)' with \(other.type.rawValue) field '\(other.name)'",
                    at: name.location)
                return nil
            }
            guard let offsetNode = pairs.first(where: { $0.key.scalar?.text == "offset" })?.value else {
                return .field(other.index)
            }
            return offset(offsetNode, for: other, rule: rule).map { Operand.fieldOffset(other.index, $0) }
        }
        if field.type == .date, case .string(let text) = node.resolved, text.hasPrefix("today") {
            return relativeDate(text, at: node.location).map(Operand.today)
        }
        if field.type == .time || field.type == .datetime, case .string(let text) = node.resolved,
            text.hasPrefix("today") || text == "now"
        {
            diagnostics.error(
                "'\(rule)' on \(field.type.rawValue) field '\(field.name)' takes \(field.type.literalDescription), not '\(text)'",
                at: node.location,
                notes: [
                    .init(
                        "relative bounds (today±N) are for date fields; compare with a literal or {field: NAME, offset: STEP}"
                    )
                ])
            return nil
        }
        return literal(node, for: field, rule: rule, acceptsToday: true).map(Operand.literal)
    }

    /// The `offset:` of `{field: NAME, offset: STEP}`, checked against the type of the field it is
    /// added to: a signed step `Nd`/`Nm`/`Ny` for dates, `Nh`/`Nm`/`Ns` for times (`m` is minutes
    /// there) and also `Nd` for date-times, a whole number for integers, a decimal for numbers.
    mutating func offset(_ node: YAMLNode, for other: FieldInfo, rule: String) -> OperandOffset? {
        let written = node.scalar?.text ?? ""
        let isDateStep: Bool = {
            guard case .string(let text) = node.resolved, node.scalar != nil else { return false }
            return text.last.map { "dmy".contains($0) } ?? false
        }()
        switch other.type {
        case .date:
            guard case .string(let text) = node.resolved, node.scalar != nil else {
                diagnostics.error(
                    "a date offset needs a unit d, m or y: \(written.isEmpty ? "30" : written)d, -1m, +2y",
                    at: node.location,
                    notes: [.init("'\(other.name)' is a date field; its offset steps in days, months or years")])
                return nil
            }
            switch DateOffset.parse(step: text) {
            case .success(let offset): return .date(offset)
            case .failure(.outOfRange(let unit)):
                let name = ["d": "days", "m": "months", "y": "years"][unit.rawValue] ?? "units"
                diagnostics.error(
                    "date offset '\(text)' is out of range", at: node.location,
                    notes: [.init("a step is at most \(DateOffset.maxAmount(unit)) \(name) either way")])
            case .failure(.malformed):
                diagnostics.error(
                    "invalid date offset '\(text)'", at: node.location,
                    notes: [.init("write a whole number of days, months or years with an optional sign: 30d, -1m, +2y")]
                )
            }
            return nil
        case .time, .datetime:
            let allowsDays = other.type == .datetime
            let units = allowsDays ? "d, h, m or s" : "h, m or s"
            let examples = allowsDays ? "90m, -2h, +1d" : "90m, -2h, +30s"
            let maximum =
                allowsDays
                ? "a step is at most 100000 days (or as many hours, minutes or seconds) either way"
                : "a step is at most 24 hours (1440m, 86400s) either way: a longer one passes every time of the day"
            guard case .string(let text) = node.resolved, node.scalar != nil else {
                diagnostics.error(
                    "a \(other.type == .time ? "time" : "date-time") offset needs a unit \(units): \(examples)",
                    at: node.location,
                    notes: [
                        .init(
                            "'\(other.name)' is a \(other.type.rawValue) field; its offset steps in \(allowsDays ? "days, " : "")hours, minutes or seconds"
                        )
                    ])
                return nil
            }
            switch TimeStep.parse(text, allowsDays: allowsDays) {
            case .success(let step): return .time(step)
            case .failure(.outOfRange):
                diagnostics.error(
                    "\(other.type == .time ? "time" : "date-time") offset '\(text)' is out of range", at: node.location,
                    notes: [.init(maximum)])
            case .failure(.malformed):
                var notes: [Diagnostic.Note] = [
                    .init(
                        "write a whole number of \(allowsDays ? "days, " : "")hours, minutes or seconds with an optional sign: \(examples)"
                    )
                ]
                if !allowsDays, text.hasSuffix("d") {
                    notes.insert(
                        .init("a time of day has no days to step; compare date-time fields to step across days"), at: 0)
                } else if text.hasSuffix("y") {
                    notes.insert(
                        .init("'m' is minutes on \(other.type.rawValue) fields; months and years step date fields"),
                        at: 0)
                }
                diagnostics.error(
                    "invalid \(other.type == .time ? "time" : "date-time") offset '\(text)'", at: node.location,
                    notes: notes)
            }
            return nil
        case .integer, .number:
            if isDateStep {
                diagnostics.error(
                    "a date offset ('\(written)') does not apply to \(other.type.rawValue) field '\(other.name)'",
                    at: node.location,
                    notes: [.init("write a number to add to '\(other.name)': offset: 10, offset: -10")])
                return nil
            }
            let value: Value? = node.scalar == nil ? nil : Value(yaml: node)
            switch (other.type, value) {
            case (.integer, .integer(let step)?): return .integer(step)
            case (.integer, .number(let step)?):
                // A whole number written with an exponent (`1e3`) is one.
                if let whole = step.int64 { return .integer(whole) }
                diagnostics.error(
                    step.isWhole
                        ? "'offset' \(written) on integer field '\(other.name)' is out of range"
                        : "'offset' on integer field '\(other.name)' takes a whole number, not '\(written)'",
                    at: node.location,
                    notes: [
                        .init(
                            step.isWhole
                                ? "an integer offset is at most 9223372036854775807 either way"
                                : "an integer field's bound stays a whole number")
                    ])
                return nil
            case (.number, .integer(let step)?): return .number(ExactDecimal(step))
            case (.number, .number(let step)?):
                // A step whose digits reach far from the units could not be added to any value.
                guard step.adding(ExactDecimal(1)) != nil else {
                    diagnostics.error("'offset' \(written) has too many digits to add exactly", at: node.location)
                    return nil
                }
                return .number(step)
            default:
                diagnostics.error(
                    "'offset' on \(other.type.rawValue) field '\(other.name)' takes \(other.type == .integer ? "a whole number" : "a number"), not \(Self.described(node))",
                    at: node.location)
                return nil
            }
        default:
            diagnostics.error(
                "'offset' applies to number, integer, date, time and datetime fields, and '\(other.name)' is \(other.type.rawValue)",
                at: node.location)
            return nil
        }
    }

    /// The offset of `today`, `today+N<unit>` or `today-N<unit>`, or an error saying what is wrong.
    mutating func relativeDate(_ text: String, at location: SourceLocation) -> DateOffset? {
        switch DateOffset.parse(today: text) {
        case .success(let offset):
            return offset
        case .failure(.outOfRange(let unit)):
            let name = ["d": "days", "m": "months", "y": "years"][unit.rawValue] ?? "units"
            diagnostics.error(
                "relative date '\(text)' is out of range", at: location,
                notes: [.init("a step is at most \(DateOffset.maxAmount(unit)) \(name) either way")])
        case .failure(.malformed):
            diagnostics.error(
                "invalid relative date '\(text)'", at: location,
                notes: [
                    .init("write today, or today+N / today-N with one sign and a unit d, m or y (today+30d, today-18y)")
                ])
        }
        return nil
    }

    /// The type of the field at `index` in source order.
    func fieldType(at index: Int) -> FieldType? {
        fieldOrder.indices.contains(index) ? fieldInfo[fieldOrder[index]]?.type : nil
    }

    /// The names of the fields directly in `scope` (`""`: the form's own), in spec order; listed
    /// once per scope, so that thousands of misspellings stay linear.
    mutating func siblings(in scope: String) -> [String] {
        if let known = siblingsByScope[scope] { return known }
        let names = fieldOrder.compactMap { path -> String? in
            guard path.hasPrefix(scope) else { return nil }
            let rest = path.dropFirst(scope.count)
            return rest.contains(".") ? nil : String(rest)
        }
        siblingsByScope[scope] = names
        return names
    }

    /// The field path (dotted) that `path`, naming no field, most likely means: when its steps
    /// but the last name a field, the closest of that field's members (`crew.0.rol` →
    /// `crew.0.role`, whatever the number of other fields), else the closest of every path.
    /// Each path is looked up once: a spec that names one wrong path many times, over a form of
    /// a hundred thousand laid-out fields, scans them once.
    mutating func closestPath(to path: String) -> String? {
        guard !isQuiet else { return nil }
        if let known = closestPaths[path] { return known }
        var found: String?
        if let dot = path.lastIndex(of: "."), let parent = fieldInfo[String(path[..<dot])] {
            var scope = String(path[...dot])
            let last = String(path[path.index(after: dot)...])
            // A list's items stand between it and their members: `crew.role` means `crew.0.role`.
            if parent.type == .list, Int(last) == nil, !parent.itemIndices.isEmpty { scope += "0." }
            found = closestMatch(to: last, in: siblings(in: scope), comparisons: &suggestionBudget).map { scope + $0 }
        } else {
            found = closestMatch(to: path, in: fieldOrder, comparisons: &suggestionBudget)
        }
        closestPaths[path] = .some(found)
        return found
    }

    /// The field (dotted path) whose own name is `path`'s last step, when no spelling is near:
    /// `country` for `/country` means `address.country`; the current group's first. Never the
    /// field being checked (it would be compared with itself), and each field looked at spends
    /// one of the did-you-mean comparisons, so a spec of many such paths stays bounded.
    mutating func fieldNamedLike(_ path: String) -> String? {
        guard !isQuiet else { return nil }
        let last = String(path.split(separator: ".").last ?? "")
        guard !last.isEmpty else { return nil }
        let suffix = "." + last
        if fieldInfo[scope + last] != nil, scope + last != currentFieldName { return scope + last }
        for name in fieldOrder {
            guard suggestionBudget > 0 else { return nil }
            suggestionBudget -= 1
            if name.hasSuffix(suffix), name != currentFieldName { return name }
        }
        return nil
    }

    /// A did-you-mean note for ``closestPath(to:)``, spelt as `path` is (with dots).
    mutating func pathSuggestion(for path: String) -> [Diagnostic.Note] {
        closestPath(to: path).map { [.init("did you mean '\($0)'?")] } ?? []
    }

    /// The field `name` means where it is written: a bare name is the sibling in the same group
    /// (instance); `/address/country` is a path from the form's root.
    mutating func resolveField(_ name: Located<String>) -> FieldInfo? {
        if name.value.hasPrefix("/") {
            let steps = name.value.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
            let path = steps.joined(separator: ".")
            // A step with a dot (`/address.city`) is a report's spelling inside a path.
            let dotted = steps.contains { $0.contains(".") }
            if !dotted, let info = fieldInfo[path] { return info }
            if isLeftOut(steps) { return nil }
            let slashed = "/" + path.split(separator: ".", omittingEmptySubsequences: false).joined(separator: "/")
            let notes: [Diagnostic.Note]
            if dotted && fieldInfo[path] != nil {
                notes = [.init("a path's steps are separated by '/': write '\(slashed)'")]
            } else if let match = closestPath(to: path) ?? fieldNamedLike(path) {
                notes = [.init("did you mean '/\(match.split(separator: ".").joined(separator: "/"))'?")]
            } else {
                notes = []
            }
            diagnostics.error("unknown field path '\(name.value)'", at: name.location, notes: notes)
            return nil
        }
        if !name.value.contains("."), let info = fieldInfo[scope + name.value] { return info }
        if name.value.contains("."), fieldInfo[name.value] != nil {
            // The spelling of reports and tests (`contacts.0.phone`): a path here starts with `/`.
            let path = "/" + name.value.split(separator: ".", omittingEmptySubsequences: false).joined(separator: "/")
            diagnostics.error(
                "unknown field '\(name.value)'", at: name.location,
                notes: [.init("a name here is a field of the same group, or a path from the root: write '\(path)'")])
            return nil
        }
        if name.value.contains("."), let match = closestPath(to: name.value), fieldInfo[match] != nil {
            // A report's spelling of a field that is not quite there (`contacts.phone` for the
            // items' `phone`).
            let path = "/" + match.split(separator: ".", omittingEmptySubsequences: false).joined(separator: "/")
            diagnostics.error(
                "unknown field '\(name.value)'", at: name.location,
                notes: [
                    .init("a name here is a field of the same group, or a path from the root: did you mean '\(path)'?")
                ])
            return nil
        }
        var notes = isQuiet ? [] : suggestion(for: name.value, among: siblings(in: scope))
        if !scope.isEmpty, fieldInfo[name.value] != nil {
            notes = [.init("a bare name is a field of the same group; write '/\(name.value)' for the form's field")]
        }
        diagnostics.error("unknown field '\(name.value)'", at: name.location, notes: notes)
        return nil
    }

    /// The longest duration a spec may give (`debounce`): one hour, in milliseconds.
    static let maxDurationMilliseconds = 3_600_000

    /// A duration like `500`, `500ms`, `2s` or `0.5s` in milliseconds, at most an hour.
    mutating func duration(_ node: YAMLNode?) -> Int? {
        guard let node else { return nil }
        let text = node.scalar?.text ?? ""
        let milliseconds: Double?
        if case .integer(let value) = node.resolved {
            milliseconds = value >= 0 ? Double(value) : nil
        } else {
            var number = Substring(text)
            var scale = 1.0
            if text.hasSuffix("ms") {
                number = number.dropLast(2)
            } else if text.hasSuffix("s") {
                number = number.dropLast()
                scale = 1000
            }
            milliseconds = Double(number.trimmingSpaces).flatMap { $0 >= 0 && $0.isFinite ? $0 * scale : nil }
        }
        guard let milliseconds, node.scalar != nil else {
            diagnostics.error(
                "invalid duration '\(text)'", at: node.location,
                notes: [.init("write milliseconds or seconds: 500ms, 2s")])
            return nil
        }
        guard milliseconds <= Double(Self.maxDurationMilliseconds) else {
            diagnostics.error("duration '\(text)' is longer than one hour", at: node.location)
            return nil
        }
        return Int(milliseconds.rounded())
    }
}

extension Substring {
    /// Without the spaces at either end (tabs and other whitespace kept).
    package var trimmingSpaces: Substring {
        var result = self
        while result.first == " " { result = result.dropFirst() }
        while result.last == " " { result = result.dropLast() }
        return result
    }
}

extension FieldType {
    var literalDescription: String {
        switch self {
        case .text, .secret: "a string"
        case .integer: "a whole number"
        case .number: "a number"
        case .boolean: "true or false"
        case .date: "a date (YYYY-MM-DD)"
        case .time: "a time (HH:MM or HH:MM:SS)"
        case .datetime: "a date-time with an offset (2024-05-01T09:30:00Z)"
        case .choice: "one of the field's options"
        case .list: "a list"
        case .group: "an object"
        }
    }

    /// Whether a field of this type may be compared with one of type `other` (`same_as`,
    /// `equals: {field: …}`): the same type, two numbers, or two texts (text, secret, choice).
    package func isComparable(with other: FieldType) -> Bool {
        if self == other { return true }
        let numeric: Set<FieldType> = [.integer, .number]
        let textual: Set<FieldType> = [.text, .secret, .choice]
        return (numeric.contains(self) && numeric.contains(other))
            || (textual.contains(self) && textual.contains(other))
    }
}
