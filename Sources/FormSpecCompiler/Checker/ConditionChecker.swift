import FormSpecDiagnostics
@_spi(Tooling) import FormSpecRuntime
import FormSpecYAML

extension Checker {
    static let conditionKeys = ["field", "equals", "not_equals", "one_of", "empty", "mode", "all", "any", "not"]

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
            for key in ["equals", "not_equals", "one_of", "empty"] { _ = reader.take(key) }
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
        switch tests.count {
        case 0:
            diagnostics.error(
                "a field condition needs one of: equals, not_equals, one_of, empty", at: node.location)
            return nil
        case 1:
            return .field(field.index, tests[0])
        default:
            return .all(tests.map { .field(field.index, $0) })
        }
    }
}
