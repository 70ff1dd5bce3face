import FormSpecRuntime

/// `min`, `max`, `greater_than`, `less_than` on numbers and dates.
struct RangeRuleDefinition: RuleDefinition {
    let names = ["min", "max", "greater_than", "less_than"]
    let appliesTo: Set<FieldType>? = .ordered

    func check(_ item: RuleSyntax, field: FieldInfo, checker: inout Checker) -> CheckedRuleBody? {
        guard let comparison = RangeRule.Comparison(rawValue: item.key.value),
            let operand = checker.operand(item.argument, for: field, rule: item.key.value)
        else { return nil }
        var placeholders: [String: PlaceholderValue] = [item.key.value: .date(operand)]
        if comparison == .min || comparison == .greaterThan { placeholders["min"] = .date(operand) }
        if comparison == .max || comparison == .lessThan { placeholders["max"] = .date(operand) }
        return CheckedRuleBody(
            rule: .range(RangeRule(comparison: comparison, operand: operand)),
            messageKey: field.type == .date ? "\(item.key.value).date" : item.key.value,
            placeholders: placeholders)
    }
}
