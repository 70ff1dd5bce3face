import FormSpecRuntime

/// `format: email | url | uuid`.
struct FormatRuleDefinition: RuleDefinition {
    let names = ["format"]
    let appliesTo: Set<FieldType>? = [.text]

    func check(_ item: RuleSyntax, field: FieldInfo, checker: inout Checker) -> CheckedRuleBody? {
        guard let name = Read.string(item.argument, "'format'", &checker.diagnostics) else { return nil }
        guard let format = FormatRule.Format(rawValue: name.value) else {
            let known = FormatRule.Format.allCases.map(\.rawValue)
            checker.diagnostics.error(
                "unknown format '\(name.value)'", at: name.location,
                notes: Diagnostics.suggestion(for: name.value, among: known)
                    + [.init("formats: \(known.joined(separator: ", "))")])
            return nil
        }
        return CheckedRuleBody(
            rule: .format(FormatRule(format: format)), messageKey: "format.\(format.rawValue)",
            placeholders: ["format": .text(format.rawValue)])
    }
}
