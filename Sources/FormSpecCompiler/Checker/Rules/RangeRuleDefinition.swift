@_spi(Program) @_spi(Tooling) import FormSpecRuntime

/// `min`, `max`, `at_least`, `at_most`, `greater_than`, `less_than` on numbers, dates, times and
/// date-times.
struct RangeRuleDefinition: RuleDefinition {
    let declarations = [
        RuleDeclaration(
            "min", usage: "`min: X`", appliesTo: .ordered,
            passes:
                "value ≥ X (a literal, `{field: NAME}` or `{field: NAME, offset: STEP}`, or for dates `today`/`today±N`)",
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
                BuiltInMessage(
                    key: "min.time", en: "{label} must be at or after {min}",
                    zhHans: "{label}不能早于{min}", zhHant: "{label}不得早於{min}",
                    ja: "{label}は{min}以降にしてください"),
            ],
            example: { $0.exampleLiteral }),
        RuleDeclaration(
            "max", usage: "`max: X`", appliesTo: .ordered,
            passes:
                "value ≤ X (a literal, `{field: NAME}` or `{field: NAME, offset: STEP}`, or for dates `today`/`today±N`)",
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
                BuiltInMessage(
                    key: "max.time", en: "{label} must be at or before {max}",
                    zhHans: "{label}不能晚于{max}", zhHant: "{label}不得晚於{max}",
                    ja: "{label}は{max}以前にしてください"),
            ],
            example: { $0.exampleLiteral }),
        RuleDeclaration(
            "at_least", usage: "`at_least: X`", appliesTo: .ordered,
            passes:
                "value ≥ X, like `min` (a literal, `{field: NAME}` or `{field: NAME, offset: STEP}`, or for dates `today`/`today±N`)",
            argumentSchema: ##"{"$ref": "#/definitions/operand"}"##,
            messages: [
                BuiltInMessage(
                    key: "at_least", en: "{label} must be at least {at_least}",
                    zhHans: "{label}至少应为{at_least}", zhHant: "{label}至少應為{at_least}",
                    ja: "{label}は{at_least}以上にしてください"),
                BuiltInMessage(
                    key: "at_least.date", en: "{label} must be no earlier than {at_least}",
                    zhHans: "{label}最早为{at_least}", zhHant: "{label}最早為{at_least}",
                    ja: "{label}は{at_least}以降にしてください"),
                BuiltInMessage(
                    key: "at_least.time", en: "{label} must be no earlier than {at_least}",
                    zhHans: "{label}最早为{at_least}", zhHant: "{label}最早為{at_least}",
                    ja: "{label}は{at_least}以降にしてください"),
            ],
            example: { $0.exampleLiteral }),
        RuleDeclaration(
            "at_most", usage: "`at_most: X`", appliesTo: .ordered,
            passes:
                "value ≤ X, like `max` (a literal, `{field: NAME}` or `{field: NAME, offset: STEP}`, or for dates `today`/`today±N`)",
            argumentSchema: ##"{"$ref": "#/definitions/operand"}"##,
            messages: [
                BuiltInMessage(
                    key: "at_most", en: "{label} must be at most {at_most}",
                    zhHans: "{label}最多为{at_most}", zhHant: "{label}最多為{at_most}",
                    ja: "{label}は{at_most}以下にしてください"),
                BuiltInMessage(
                    key: "at_most.date", en: "{label} must be no later than {at_most}",
                    zhHans: "{label}最晚为{at_most}", zhHant: "{label}最晚為{at_most}",
                    ja: "{label}は{at_most}以前にしてください"),
                BuiltInMessage(
                    key: "at_most.time", en: "{label} must be no later than {at_most}",
                    zhHans: "{label}最晚为{at_most}", zhHant: "{label}最晚為{at_most}",
                    ja: "{label}は{at_most}以前にしてください"),
            ],
            example: { $0.exampleLiteral }),
        RuleDeclaration(
            "greater_than", usage: "`greater_than: X`", appliesTo: .ordered,
            passes:
                "value > X (a literal, `{field: NAME}` or `{field: NAME, offset: STEP}`, or for dates `today`/`today±N`)",
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
                BuiltInMessage(
                    key: "greater_than.time", en: "{label} must be after {greater_than}",
                    zhHans: "{label}必须晚于{greater_than}", zhHant: "{label}必須晚於{greater_than}",
                    ja: "{label}は{greater_than}より後にしてください"),
            ],
            example: { $0.exampleLiteral }),
        RuleDeclaration(
            "less_than", usage: "`less_than: X`", appliesTo: .ordered,
            passes:
                "value < X (a literal, `{field: NAME}` or `{field: NAME, offset: STEP}`, or for dates `today`/`today±N`)",
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
                BuiltInMessage(
                    key: "less_than.time", en: "{label} must be before {less_than}",
                    zhHans: "{label}必须早于{less_than}", zhHant: "{label}必須早於{less_than}",
                    ja: "{label}は{less_than}より前にしてください"),
            ],
            example: { $0.exampleLiteral }),
    ]

    /// A comparison's message for a field of `type`: dates and times read "on or after", "at or
    /// after", numbers "at least".
    static func messageKey(_ rule: String, for type: FieldType) -> String {
        switch type {
        case .date: "\(rule).date"
        case .time, .datetime: "\(rule).time"
        case .text, .secret, .integer, .number, .boolean, .choice, .list, .group: rule
        }
    }

    func check(_ item: RuleSyntax, field: FieldInfo, checker: inout Checker) -> CheckedRuleBody? {
        guard let comparison = RangeRule.Comparison(rawValue: item.key.value),
            let operand = checker.operand(item.argument, for: field, rule: item.key.value, allowsOffset: true)
        else { return nil }
        // `{min}`/`{max}` and the rule's own name show the bound (with its offset, "Check-in + 30 days").
        var placeholders: [String: PlaceholderValue] = [item.key.value: .date(operand)]
        placeholders[comparison.isLower ? "min" : "max"] = .date(operand)
        return CheckedRuleBody(
            rule: .range(RangeRule(comparison: comparison, operand: operand)),
            messageKey: Self.messageKey(item.key.value, for: field.type),
            placeholders: placeholders)
    }
}
