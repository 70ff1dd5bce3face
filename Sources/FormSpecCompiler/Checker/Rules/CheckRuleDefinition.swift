@_spi(Program) @_spi(Tooling) import FormSpecRuntime

/// `check: NAME`: an external check registered by the embedding app (stubbed in tests and on the CLI).
struct CheckRuleDefinition: RuleDefinition {
    let declarations = [
        RuleDeclaration(
            "check", usage: "`check: NAME`",
            passes:
                "the [external check](#external-checks) the application registers under NAME passes (the CLI and spec tests use stubs)",
            argumentSchema: #"{"type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_.-]*$"}"#,
            messages: [
                BuiltInMessage(
                    key: "check", en: "{label} is not accepted",
                    zhHans: "{label}不符合要求", zhHant: "{label}不符合要求",
                    ja: "{label}は受け付けられません")
            ],
            modifiers: ["debounce", "check_when"], example: "available")
    ]

    func check(_ item: RuleSyntax, field: FieldInfo, checker: inout Checker) -> CheckedRuleBody? {
        guard let name = Read.string(item.argument, "'check'", &checker.diagnostics) else { return nil }
        let valid =
            name.value.first.map { $0.isLetter || $0 == "_" } ?? false
            && name.value.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-" }
        guard valid else {
            checker.diagnostics.error(
                "invalid check name '\(name.value)'", at: name.location,
                notes: [.init("check names are identifiers such as username_available")])
            return nil
        }
        var runsWhen = ExternalCheckRule.RunsWhen.valid
        if let written = item.checkWhen {
            if let parsed = ExternalCheckRule.RunsWhen(rawValue: written.value) {
                runsWhen = parsed
            } else {
                let choices = ExternalCheckRule.RunsWhen.allCases.map(\.rawValue)
                checker.diagnostics.error(
                    "'check_when' takes \(choices.joined(separator: " or ")), not '\(written.value)'",
                    at: written.location, notes: Diagnostics.suggestion(for: written.value, among: choices))
            }
        }
        checker.checkNames.insert(name.value)
        return CheckedRuleBody(
            rule: .check(ExternalCheckRule(name: name.value, runsWhen: runsWhen)), messageKey: "check",
            placeholders: ["check": .text(name.value)])
    }
}
