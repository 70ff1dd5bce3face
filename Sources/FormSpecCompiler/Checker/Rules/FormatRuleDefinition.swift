import FormSpecRuntime

/// `format: email | url | uuid`.
struct FormatRuleDefinition: RuleDefinition {
    let names = ["format"]
    let appliesTo: Set<FieldType>? = [.text]

    func check(_ item: RuleSyntax, field: FieldInfo, checker: inout Checker) -> CheckedRuleBody? {
        guard let name = Read.string(item.argument, "'format'", &checker.diagnostics) else { return nil }
        guard let format = checker.known(name, as: FormatRule.Format.self, what: "format", plural: "formats") else {
            return nil
        }
        return CheckedRuleBody(
            rule: .format(FormatRule(format: format)), messageKey: "format.\(format.rawValue)",
            placeholders: ["format": .text(format.rawValue)])
    }
}
