@_spi(Program) @_spi(Tooling) import FormSpecRuntime

/// `required: true` as a rule, so it can carry `when:`.
struct RequiredRuleDefinition: RuleDefinition {
    let declarations = [
        RuleDeclaration(
            "required", usage: "`required: true`",
            passes: #"the value is not empty (absent, `null` and `""` are empty). As a rule it can carry `when:`."#,
            argumentSchema: #"{"const": true}"#,
            messages: [
                BuiltInMessage(
                    key: "required", en: "{label} is required",
                    zhHans: "{label}为必填项", zhHant: "{label}為必填欄位",
                    ja: "{label}は必須です")
            ],
            example: "true")
    ]

    func check(_ item: RuleSyntax, field: FieldInfo, checker: inout Checker) -> CheckedRuleBody? {
        guard case .bool(true) = item.argument.resolved, item.argument.scalar != nil else {
            checker.diagnostics.error(
                "'required' as a rule takes true, not \(item.argument.resolved == .bool(false) ? "false" : item.argument.kindDescription)",
                at: item.argument.location,
                notes: [.init("to make a field optional, leave the rule out")])
            return nil
        }
        return CheckedRuleBody(rule: .required, messageKey: "required")
    }
}
