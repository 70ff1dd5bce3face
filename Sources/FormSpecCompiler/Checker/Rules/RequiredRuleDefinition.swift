import FormSpecRuntime

/// `required: true` as a rule, so it can carry `when:`.
struct RequiredRuleDefinition: RuleDefinition {
    let names = ["required"]

    func check(_ item: RuleSyntax, field: FieldInfo, checker: inout Checker) -> CheckedRuleBody? {
        guard case .bool(true) = item.argument.resolved, item.argument.scalar != nil else {
            checker.diagnostics.error(
                "'required' as a rule takes true, not \(item.argument.kindDescription)", at: item.argument.location,
                notes: [.init("to make a field optional, leave the rule out")])
            return nil
        }
        return CheckedRuleBody(rule: .required, messageKey: "required")
    }
}
