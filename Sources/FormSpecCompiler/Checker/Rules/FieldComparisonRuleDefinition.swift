import FormSpecRuntime

/// `same_as: FIELD` / `different_from: FIELD`.
struct FieldComparisonRuleDefinition: RuleDefinition {
    let names = ["same_as", "different_from"]

    func check(_ item: RuleSyntax, field: FieldInfo, checker: inout Checker) -> CheckedRuleBody? {
        guard let name = Read.string(item.argument, "'\(item.key.value)'", &checker.diagnostics),
            let other = checker.resolveField(name)
        else { return nil }
        if other.index == field.index {
            checker.diagnostics.error(
                "field '\(field.name)' is compared with itself", at: name.location)
            return nil
        }
        if !field.type.isComparable(with: other.type) {
            checker.diagnostics.error(
                "'\(item.key.value)' compares \(field.type.rawValue) field '\(field.name)' with \(other.type.rawValue) field '\(other.name)'; they can never be equal",
                at: name.location)
            return nil
        }
        var body = CheckedRuleBody(
            rule: .fieldComparison(
                FieldComparisonRule(other: other.index, negated: item.key.value == "different_from")),
            messageKey: item.key.value,
            placeholders: ["other": .label(other.index), item.key.value: .label(other.index)])
        body.comparesWithSecret = other.type == .secret
        return body
    }
}
