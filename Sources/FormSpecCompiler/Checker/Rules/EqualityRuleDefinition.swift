@_spi(Program) @_spi(Tooling) import FormSpecRuntime

/// `equals: X` / `not_equals: X`.
struct EqualityRuleDefinition: RuleDefinition {
    let declarations = [
        RuleDeclaration(
            "equals", usage: "`equals: X`",
            passes:
                "the value equals X: a literal of the field's type, or `{field: NAME}`; with `case: insensitive`, text is compared under [Unicode case folding](#case-insensitive-comparison)",
            argumentSchema: ##"{"$ref": "#/definitions/operand"}"##,
            messages: [
                BuiltInMessage(
                    key: "equals", en: "{label} must be {equals}",
                    zhHans: "{label}必须为{equals}", zhHant: "{label}必須為{equals}",
                    ja: "{label}は{equals}である必要があります"),
                BuiltInMessage(
                    key: "equals.secret", en: "{label} is not the expected value",
                    zhHans: "{label}的值不正确", zhHant: "{label}的值不正確",
                    ja: "{label}の値が正しくありません"),
            ],
            modifiers: ["case"], example: { $0.exampleLiteral }),
        RuleDeclaration(
            "not_equals", usage: "`not_equals: X`",
            passes: "the value differs from X (with `case: insensitive`, under Unicode case folding)",
            argumentSchema: ##"{"$ref": "#/definitions/operand"}"##,
            messages: [
                BuiltInMessage(
                    key: "not_equals", en: "{label} must not be {not_equals}",
                    zhHans: "{label}不能为{not_equals}", zhHant: "{label}不得為{not_equals}",
                    ja: "{label}に{not_equals}は指定できません"),
                BuiltInMessage(
                    key: "not_equals.secret", en: "{label} must not be this value",
                    zhHans: "{label}不能使用此值", zhHant: "{label}不得使用此值",
                    ja: "{label}にこの値は指定できません"),
            ],
            modifiers: ["case"], example: { $0.exampleLiteral }),
    ]

    func check(_ item: RuleSyntax, field: FieldInfo, checker: inout Checker) -> CheckedRuleBody? {
        guard let operand = checker.operand(item.argument, for: field, rule: item.key.value) else { return nil }
        var body = CheckedRuleBody(
            rule: .equality(
                EqualityRule(
                    operand: operand, negated: item.key.value == "not_equals",
                    caseInsensitive: checker.ignoresCase(item, field: field))),
            messageKey: item.key.value, placeholders: [item.key.value: .date(operand)])
        // A choice's option is named by its label, as `{options}` names it.
        if case .literal(let value) = operand, let labels = checker.optionLabels([value], of: field) {
            body.placeholders[item.key.value] = .translated(labels, or: false)
        }
        switch operand {
        case .field(let index):
            body.comparesWithSecret = checker.fieldType(at: index) == .secret
        case .literal where field.type == .secret:
            // The literal is what the secret is (or must not be): the default message leaves it out.
            body.messageKey += ".secret"
        default: break
        }
        return body
    }
}
