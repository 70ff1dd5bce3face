import FormSpecRuntime

/// `equals: X` / `not_equals: X`.
struct EqualityRuleDefinition: RuleDefinition {
    let names = ["equals", "not_equals"]

    func check(_ item: RuleSyntax, field: FieldInfo, checker: inout Checker) -> CheckedRuleBody? {
        guard let operand = checker.operand(item.argument, for: field, rule: item.key.value) else { return nil }
        return CheckedRuleBody(
            rule: .equality(EqualityRule(operand: operand, negated: item.key.value == "not_equals")),
            messageKey: item.key.value, placeholders: [item.key.value: .date(operand)])
    }
}
