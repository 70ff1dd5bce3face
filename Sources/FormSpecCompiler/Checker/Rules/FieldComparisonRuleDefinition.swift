@_spi(Tooling) import FormSpecRuntime

/// `same_as: FIELD` / `different_from: FIELD`.
struct FieldComparisonRuleDefinition: RuleDefinition {
    let declarations = [
        RuleDeclaration(
            "same_as", usage: "`same_as: FIELD`",
            passes: "the value equals FIELD's value (reported on this field)",
            argumentSchema: #"{"type": "string"}"#,
            messages: [
                BuiltInMessage(
                    key: "same_as", en: "{label} must match {other}",
                    zhHans: "{label}必须与{other}一致", zhHant: "{label}必須與{other}相符",
                    ja: "{label}は{other}と一致する必要があります")
            ],
            example: "other"),
        RuleDeclaration(
            "different_from", usage: "`different_from: FIELD`",
            passes: "the value differs from FIELD's value",
            argumentSchema: #"{"type": "string"}"#,
            messages: [
                BuiltInMessage(
                    key: "different_from", en: "{label} must be different from {other}",
                    zhHans: "{label}必须与{other}不同", zhHant: "{label}必須與{other}不同",
                    ja: "{label}は{other}と異なる値にしてください")
            ],
            example: "other"),
    ]

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
