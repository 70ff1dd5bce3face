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
        if refusesSelfComparison(of: field, with: other, at: name.location) { return nil }
        return (other, name.location)
    }

    /// Reports a comparison of `field` with itself, and returns whether there is one: `other` is
    /// `field`, or `field` in another item of a list it is in (`/members/2/a` from `members`'
    /// `a`), which item 2 would compare with itself. Either always gives the same verdict.
    mutating func refusesSelfComparison(of field: FieldInfo, with other: FieldInfo, at location: SourceLocation)
        -> Bool
    {
        if other.index == field.index {
            diagnostics.error("field '\(field.name)' is compared with itself", at: location)
            return true
        }
        // Names differ in their item positions only (`members.0.a`, `members.2.a`).
        func anyItem(_ name: String) -> [Substring] {
            name.split(separator: ".", omittingEmptySubsequences: false).map { step in
                !step.isEmpty && step.allSatisfy(\.isASCII) && step.allSatisfy(\.isNumber) ? "#" : step
            }
        }
        guard anyItem(other.name) == anyItem(field.name) else { return false }
        diagnostics.error(
            "field '\(other.name)' is this field in another item: in that item it is compared with itself",
            at: location,
            notes: [.init("a bare name compares with the field of the same item")])
        return true
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
