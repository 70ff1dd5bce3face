import FormSpecDiagnostics
@_spi(Program) @_spi(Tooling) import FormSpecRuntime

/// `same_as: FIELD` / `different_from: FIELD`.
struct FieldComparisonRuleDefinition: RuleDefinition {
    let declarations = [
        RuleDeclaration(
            "same_as", usage: "`same_as: FIELD`",
            passes:
                "the value equals FIELD's value (reported on this field); with `case: insensitive`, text under Unicode case folding",
            argumentSchema: #"{"type": "string"}"#,
            messages: [
                BuiltInMessage(
                    key: "same_as", en: "{label} must match {other}",
                    zhHans: "{label}必须与{other}一致", zhHant: "{label}必須與{other}相符",
                    ja: "{label}は{other}と一致する必要があります")
            ],
            modifiers: ["case"], example: "other"),
        RuleDeclaration(
            "different_from", usage: "`different_from: FIELD`",
            passes: "the value differs from FIELD's value (with `case: insensitive`, text under Unicode case folding)",
            argumentSchema: #"{"type": "string"}"#,
            messages: [
                BuiltInMessage(
                    key: "different_from", en: "{label} must be different from {other}",
                    zhHans: "{label}必须与{other}不同", zhHant: "{label}必須與{other}不同",
                    ja: "{label}は{other}と異なる値にしてください")
            ],
            modifiers: ["case"], example: "other"),
    ]

    func check(_ item: RuleSyntax, field: FieldInfo, checker: inout Checker) -> CheckedRuleBody? {
        let caseInsensitive = checker.ignoresCase(item, field: field)
        guard let (other, location) = checker.otherField(item, of: field) else { return nil }
        if !field.type.isComparable(with: other.type) {
            checker.diagnostics.error(
                "'\(item.key.value)' compares \(field.type.rawValue) field '\(field.name)' with \(other.type.rawValue) field '\(other.name)'; they can never be equal",
                at: location)
            return nil
        }
        return CheckedRuleBody(
            rule: .fieldComparison(
                FieldComparisonRule(
                    other: other.index, negated: item.key.value == "different_from", caseInsensitive: caseInsensitive)),
            messageKey: item.key.value, comparingWith: other)
    }
}

extension Checker {
    /// The field a rule item names as its argument (`same_as: FIELD`, `not_contains_field: FIELD`):
    /// a known field other than `field` itself, with where the name is written.
    mutating func otherField(_ item: RuleSyntax, of field: FieldInfo) -> (FieldInfo, SourceLocation)? {
        guard let name = Read.string(item.argument, "'\(item.key.value)'", &diagnostics),
            let other = resolveField(name)
        else { return nil }
        if other.index == field.index {
            diagnostics.error("field '\(field.name)' is compared with itself", at: name.location)
            return nil
        }
        return (other, name.location)
    }
}

extension CheckedRuleBody {
    /// A rule that compares its field with field `other`: `{other}` and the rule's own placeholder
    /// name `other`'s label, and a secret `other` makes the field's value possibly secret.
    init(rule: Rule, messageKey: String, comparingWith other: FieldInfo) {
        self.init(
            rule: rule, messageKey: messageKey,
            placeholders: ["other": .label(other.index), messageKey: .label(other.index)])
        comparesWithSecret = other.type == .secret
    }
}
