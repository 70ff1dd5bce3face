import FormSpecRuntime

/// `check: NAME`: an external check registered by the embedding app (stubbed in tests and on the CLI).
struct CheckRuleDefinition: RuleDefinition {
    let names = ["check"]

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
        checker.checkNames.insert(name.value)
        return CheckedRuleBody(
            rule: .check(ExternalCheckRule(name: name.value)), messageKey: "check",
            placeholders: ["check": .text(name.value)])
    }
}
