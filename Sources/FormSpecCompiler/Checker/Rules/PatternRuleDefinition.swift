import FormSpecDiagnostics
import FormSpecRuntime

/// `pattern: REGEX` / `not_pattern: REGEX`, compiled once here so a bad pattern is a diagnostic.
struct PatternRuleDefinition: RuleDefinition {
    let names = ["pattern", "not_pattern"]
    let appliesTo: Set<FieldType>? = .textual

    func check(_ item: RuleSyntax, field: FieldInfo, checker: inout Checker) -> CheckedRuleBody? {
        guard let source = Read.string(item.argument, "'\(item.key.value)'", &checker.diagnostics) else { return nil }
        do {
            let rule = try PatternRule(source: source.value, negated: item.key.value == "not_pattern")
            return CheckedRuleBody(
                rule: .pattern(rule), messageKey: item.key.value,
                placeholders: [item.key.value: .text(source.value)])
        } catch {
            checker.diagnostics.error(
                "invalid regular expression: \(error.message)", at: source.location,
                notes: [
                    .init("patterns use ECMAScript syntax; escape literal characters such as [ ( . with a backslash")
                ])
            return nil
        }
    }
}
