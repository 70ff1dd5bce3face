@_spi(Program) @_spi(Tooling) import FormSpecRuntime

/// `one_of: [..]` / `not_one_of: [..]`.
struct MembershipRuleDefinition: RuleDefinition {
    let declarations = [
        RuleDeclaration(
            "one_of", usage: "`one_of: [X…]`",
            passes:
                "the value equals one of the listed literals (with `case: insensitive`, text under Unicode case folding)",
            argumentSchema: ##"{"type": "array", "minItems": 1, "items": {"$ref": "#/definitions/scalar"}}"##,
            messages: [
                BuiltInMessage(
                    key: "one_of", en: "{label} must be one of {one_of}",
                    zhHans: "{label}必须是{one_of}之一", zhHant: "{label}必須是{one_of}其中之一",
                    ja: "{label}は{one_of}のいずれかである必要があります"),
                BuiltInMessage(
                    key: "one_of.secret", en: "{label} is not one of the allowed values",
                    zhHans: "{label}不是允许的值", zhHant: "{label}不是允許的值",
                    ja: "{label}は許可された値ではありません"),
            ],
            modifiers: ["case"], example: { "[\($0.exampleLiteral)]" }),
        RuleDeclaration(
            "not_one_of", usage: "`not_one_of: [X…]`",
            passes:
                "the value equals none of the listed literals (with `case: insensitive`, text under Unicode case folding)",
            argumentSchema: ##"{"type": "array", "minItems": 1, "items": {"$ref": "#/definitions/scalar"}}"##,
            messages: [
                BuiltInMessage(
                    key: "not_one_of", en: "{label} must not be one of {not_one_of}",
                    zhHans: "{label}不能是{not_one_of}中的任何一项", zhHant: "{label}不得為{not_one_of}中的任何一項",
                    ja: "{label}には{not_one_of}のいずれも指定できません"),
                BuiltInMessage(
                    key: "not_one_of.secret", en: "{label} must not be one of the disallowed values",
                    zhHans: "{label}不能使用被禁止的值", zhHant: "{label}不得使用被禁止的值",
                    ja: "{label}に禁止された値は指定できません"),
            ],
            modifiers: ["case"], example: { "[\($0.exampleLiteral)]" }),
    ]

    func check(_ item: RuleSyntax, field: FieldInfo, checker: inout Checker) -> CheckedRuleBody? {
        guard let nodes = Read.list(item.argument, "'\(item.key.value)'", &checker.diagnostics) else { return nil }
        if nodes.isEmpty {
            checker.diagnostics.warning(
                "an empty '\(item.key.value)' list makes this rule always \(item.key.value == "one_of" ? "fail" : "pass")",
                at: item.argument.location)
        }
        var values: [Scalar] = []
        var failed = false
        for node in nodes {
            if let value = checker.literal(node, for: field, rule: item.key.value) {
                values.append(value)
            } else {
                failed = true
            }
        }
        let caseInsensitive = checker.ignoresCase(item, field: field)
        guard !failed else { return nil }
        return CheckedRuleBody(
            rule: .membership(
                MembershipRule(
                    values: values, negated: item.key.value == "not_one_of", caseInsensitive: caseInsensitive)),
            // On a secret field the listed values are secrets too: the default message leaves them out.
            messageKey: item.key.value + (field.type == .secret ? ".secret" : ""),
            placeholders: [
                item.key.value: checker.optionLabels(values, of: field).map { .translated($0, or: true) }
                    ?? .list(values.map(\.description), or: true)
            ])
    }
}

extension Checker {
    /// The labels of choice field `field`'s options that `values` name, in the message's locale
    /// (`Size must not be Small`, not `… be s`, as `{options}` shows them); `nil` for another field.
    func optionLabels(_ values: [Scalar], of field: FieldInfo) -> [FieldLabel]? {
        guard field.type == .choice else { return nil }
        var labels: [FieldLabel] = []
        for value in values {
            guard case .text(let text) = value, let option = field.options.first(where: { $0.value == text }) else {
                return nil
            }
            labels.append(FieldLabel(text: option.label, translations: option.translations ?? [:]))
        }
        return labels
    }
}
