import FormSpecRuntime
import FormSpecYAML

/// `min_length: N` / `max_length: N`, with `unit: scalars | utf8 | utf16`.
struct LengthRuleDefinition: RuleDefinition {
    let names = ["min_length", "max_length"]
    let appliesTo: Set<FieldType>? = .textual

    func check(_ item: RuleSyntax, field: FieldInfo, checker: inout Checker) -> CheckedRuleBody? {
        var unit = LengthRule.Unit.graphemes
        if let written = item.unit {
            let list = "graphemes (default), scalars, utf8, utf16"
            if let parsed = checker.known(written, as: LengthRule.Unit.self, what: "unit", plural: "units", list: list)
            {
                unit = parsed
            }
        }
        guard let limit = checker.count(item.argument, rule: item.key.value) else { return nil }
        let isMin = item.key.value == "min_length"
        return CheckedRuleBody(
            rule: .length(LengthRule(bound: isMin ? .min : .max, limit: limit, unit: unit)),
            messageKey: item.key.value,
            placeholders: [isMin ? "min" : "max": .text(String(limit)), item.key.value: .text(String(limit))])
    }
}

extension Checker {
    /// A non-negative whole number argument.
    mutating func count(_ node: FormSpecYAML.YAMLNode, rule: String) -> Int? {
        guard case .integer(let value) = node.resolved, node.scalar != nil else {
            diagnostics.error("'\(rule)' needs a whole number, not \(node.kindDescription)", at: node.location)
            return nil
        }
        guard value >= 0, value <= 1_000_000_000 else {
            diagnostics.error("'\(rule)' needs a number from 0 to 1000000000, not \(value)", at: node.location)
            return nil
        }
        return Int(value)
    }
}
