import FormSpecRuntime

/// `equals: X` / `not_equals: X`.
struct EqualityRuleDefinition: RuleDefinition {
    let names = ["equals", "not_equals"]

    func check(_ item: RuleSyntax, field: FieldInfo, checker: inout Checker) -> CheckedRuleBody? {
        guard let operand = checker.operand(item.argument, for: field, rule: item.key.value) else { return nil }
        var body = CheckedRuleBody(
            rule: .equality(EqualityRule(operand: operand, negated: item.key.value == "not_equals")),
            messageKey: item.key.value, placeholders: [item.key.value: .date(operand)])
        switch operand {
        case .field(let index):
            body.comparesWithSecret = checker.fieldType(at: index) == .secret
        case .literal where field.type == .secret:
            // The literal is what the secret is (or must not be): the default message leaves it out.
            body.messageKey += ".secret"
        default: break
        }
        return body
    }
}
