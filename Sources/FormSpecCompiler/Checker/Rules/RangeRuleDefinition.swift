@_spi(Tooling) import FormSpecRuntime

/// `min`, `max`, `greater_than`, `less_than` on numbers and dates.
struct RangeRuleDefinition: RuleDefinition {
    let declarations = [
        RuleDeclaration(
            "min", usage: "`min: X`", appliesTo: .ordered,
            passes: "value ≥ X (a literal, `{field: NAME}`, or for dates `today`/`today±N`)",
            argumentSchema: ##"{"$ref": "#/definitions/operand"}"##,
            messages: [
                BuiltInMessage(
                    key: "min", en: "{label} must be at least {min}",
                    zhHans: "{label}不能小于{min}", zhHant: "{label}不得小於{min}",
                    ja: "{label}は{min}以上の値を入力してください"),
                BuiltInMessage(
                    key: "min.date", en: "{label} must be on or after {min}",
                    zhHans: "{label}不能早于{min}", zhHant: "{label}不得早於{min}",
                    ja: "{label}は{min}以降の日付を入力してください"),
            ],
            example: { $0.exampleLiteral }),
        RuleDeclaration(
            "max", usage: "`max: X`", appliesTo: .ordered,
            passes: "value ≤ X (a literal, `{field: NAME}`, or for dates `today`/`today±N`)",
            argumentSchema: ##"{"$ref": "#/definitions/operand"}"##,
            messages: [
                BuiltInMessage(
                    key: "max", en: "{label} must be at most {max}",
                    zhHans: "{label}不能大于{max}", zhHant: "{label}不得大於{max}",
                    ja: "{label}は{max}以下の値を入力してください"),
                BuiltInMessage(
                    key: "max.date", en: "{label} must be on or before {max}",
                    zhHans: "{label}不能晚于{max}", zhHant: "{label}不得晚於{max}",
                    ja: "{label}は{max}以前の日付を入力してください"),
            ],
            example: { $0.exampleLiteral }),
        RuleDeclaration(
            "greater_than", usage: "`greater_than: X`", appliesTo: .ordered,
            passes: "value > X (a literal, `{field: NAME}`, or for dates `today`/`today±N`)",
            argumentSchema: ##"{"$ref": "#/definitions/operand"}"##,
            messages: [
                BuiltInMessage(
                    key: "greater_than", en: "{label} must be greater than {greater_than}",
                    zhHans: "{label}必须大于{greater_than}", zhHant: "{label}必須大於{greater_than}",
                    ja: "{label}は{greater_than}より大きい値を入力してください"),
                BuiltInMessage(
                    key: "greater_than.date", en: "{label} must be after {greater_than}",
                    zhHans: "{label}必须晚于{greater_than}", zhHant: "{label}必須晚於{greater_than}",
                    ja: "{label}は{greater_than}より後の日付を入力してください"),
            ],
            example: { $0.exampleLiteral }),
        RuleDeclaration(
            "less_than", usage: "`less_than: X`", appliesTo: .ordered,
            passes: "value < X (a literal, `{field: NAME}`, or for dates `today`/`today±N`)",
            argumentSchema: ##"{"$ref": "#/definitions/operand"}"##,
            messages: [
                BuiltInMessage(
                    key: "less_than", en: "{label} must be less than {less_than}",
                    zhHans: "{label}必须小于{less_than}", zhHant: "{label}必須小於{less_than}",
                    ja: "{label}は{less_than}より小さい値を入力してください"),
                BuiltInMessage(
                    key: "less_than.date", en: "{label} must be before {less_than}",
                    zhHans: "{label}必须早于{less_than}", zhHant: "{label}必須早於{less_than}",
                    ja: "{label}は{less_than}より前の日付を入力してください"),
            ],
            example: { $0.exampleLiteral }),
    ]

    func check(_ item: RuleSyntax, field: FieldInfo, checker: inout Checker) -> CheckedRuleBody? {
        guard let comparison = RangeRule.Comparison(rawValue: item.key.value),
            let operand = checker.operand(item.argument, for: field, rule: item.key.value)
        else { return nil }
        var placeholders: [String: PlaceholderValue] = [item.key.value: .date(operand)]
        if comparison == .min || comparison == .greaterThan { placeholders["min"] = .date(operand) }
        if comparison == .max || comparison == .lessThan { placeholders["max"] = .date(operand) }
        return CheckedRuleBody(
            rule: .range(RangeRule(comparison: comparison, operand: operand)),
            messageKey: field.type == .date ? "\(item.key.value).date" : item.key.value,
            placeholders: placeholders)
    }
}
