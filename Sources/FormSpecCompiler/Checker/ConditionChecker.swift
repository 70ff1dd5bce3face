import FormSpecDiagnostics
@_spi(Program) @_spi(Tooling) import FormSpecRuntime
import FormSpecYAML

extension Checker {
    static let conditionKeys = [
        "field", "equals", "not_equals", "one_of", "empty", "less_than", "greater_than", "at_least", "at_most",
        "matches", "mode", "all", "any", "not",
    ]

    /// The tests a field condition takes, in the order they are read.
    static let fieldTestKeys = [
        "equals", "not_equals", "one_of", "empty", "less_than", "greater_than", "at_least", "at_most", "matches",
    ]

    /// The ordered comparisons a condition takes (`min`/`max` are rule names only).
    static let comparisonKeys: [RangeRule.Comparison] = [.lessThan, .greaterThan, .atLeast, .atMost]

    /// Checks a `when:` condition.
    mutating func checkCondition(_ node: YAMLNode) -> Condition? {
        guard var reader = MappingReader(node, what: "a condition", diagnostics: &diagnostics) else { return nil }
        defer { reader.reportUnknown(in: "a condition", known: Self.conditionKeys, diagnostics: &diagnostics) }
        if let mode = Read.string(reader.take("mode"), "'mode'", &diagnostics) {
            guard let parsed = known(mode, as: Mode.self, what: "mode", plural: "modes") else { return nil }
            return .mode(parsed)
        }
        for combinator in ["all", "any"] {
            if let list = reader.take(combinator) {
                guard let items = Read.list(list, "'\(combinator)'", &diagnostics) else { return nil }
                let conditions = items.compactMap { checkCondition($0) }
                guard conditions.count == items.count else { return nil }
                return combinator == "all" ? .all(conditions) : .any(conditions)
            }
        }
        if let inner = reader.take("not") {
            return checkCondition(inner).map(Condition.not)
        }
        guard let name = Read.string(reader.take("field"), "'field'", &diagnostics) else {
            diagnostics.error(
                "a condition needs 'field', 'mode', 'all', 'any' or 'not'", at: node.location)
            return nil
        }
        guard let field = resolveField(name) else {
            for key in Self.fieldTestKeys { _ = reader.take(key) }
            return nil
        }
        var tests: [Condition.FieldTest] = []
        if let value = reader.take("equals"), let literal = literal(value, for: field, rule: "equals") {
            tests.append(.equals(literal))
        }
        if let value = reader.take("not_equals"), let literal = literal(value, for: field, rule: "not_equals") {
            tests.append(.notEquals(literal))
        }
        if let value = reader.take("one_of"), let items = Read.list(value, "'one_of'", &diagnostics) {
            tests.append(.oneOf(items.compactMap { literal($0, for: field, rule: "one_of") }))
        }
        if let value = reader.take("empty"), let empty = Read.bool(value, "'empty'", &diagnostics) {
            tests.append(.empty(empty))
        }
        // A comparison or `matches` that was written but did not check needs no second error.
        var rejected = false
        for comparison in Self.comparisonKeys {
            guard let value = reader.takePair(comparison.rawValue) else { continue }
            guard field.type.isOrdered else {
                diagnostics.error(
                    "'\(comparison.rawValue)' compares numbers, dates or times, and '\(field.name)' is \(field.type.rawValue)",
                    at: value.key.location,
                    notes: field.type.isTextual || field.type == .choice
                        ? [.init("to test text, use equals, one_of or matches: PATTERN")] : [])
                rejected = true
                continue
            }
            if let operand = operand(value.value, for: field, rule: comparison.rawValue, allowsOffset: true) {
                tests.append(.compare(comparison, operand))
            } else {
                rejected = true
            }
        }
        if let value = reader.takePair("matches") {
            if !(field.type.isTextual || field.type == .choice) {
                diagnostics.error(
                    "'matches' searches text, and '\(field.name)' is \(field.type.rawValue)", at: value.key.location,
                    notes: field.type.isOrdered
                        ? [
                            .init(
                                "to compare numbers, dates or times, use less_than, greater_than, at_least or at_most")
                        ]
                        : [])
                rejected = true
            } else if let source = Read.string(value.value, "'matches'", &diagnostics) {
                do {
                    tests.append(.matches(try PatternRule(source: source.value, negated: false)))
                } catch {
                    rejected = true
                    diagnostics.error(
                        "invalid pattern: \(error.message)",
                        at: PatternRuleDefinition.location(of: error, in: value.value),
                        notes: error.note.map { [.init($0)] } ?? [])
                }
            } else {
                rejected = true
            }
        }
        switch tests.count {
        case 0:
            if rejected { return nil }
            diagnostics.error(
                "a field condition needs one of: \(Self.fieldTestKeys.joined(separator: ", "))", at: node.location)
            return nil
        case 1:
            return .field(field.index, tests[0])
        default:
            return .all(tests.map { .field(field.index, $0) })
        }
    }
}
