@_spi(Program) @_spi(Tooling) import FormSpecRuntime

/// `multiple_of: X`.
struct MultipleOfRuleDefinition: RuleDefinition {
    let declarations = [
        RuleDeclaration(
            "multiple_of", usage: "`multiple_of: X`", appliesTo: .numeric,
            passes:
                "value ÷ X is a whole number (X > 0, or `{field: NAME}`), decided exactly on the decimals; a field's value of 0 fails the rule (nothing is a multiple of 0 here), a negative one counts as its magnitude",
            argumentSchema:
                ##"{"anyOf": [{"type": "number", "exclusiveMinimum": 0}, {"$ref": "#/definitions/fieldRef"}]}"##,
            messages: [
                BuiltInMessage(
                    key: "multiple_of", en: "{label} must be a multiple of {multiple_of}",
                    zhHans: "{label}必须是{multiple_of}的倍数", zhHant: "{label}必須是{multiple_of}的倍數",
                    ja: "{label}は{multiple_of}の倍数を入力してください")
            ],
            example: { $0.exampleLiteral })
    ]

    func check(_ item: RuleSyntax, field: FieldInfo, checker: inout Checker) -> CheckedRuleBody? {
        guard let operand = checker.operand(item.argument, for: field, rule: "multiple_of") else { return nil }
        if case .literal(let value) = operand, value.decimal.map({ $0.compare(0) <= 0 }) ?? false {
            checker.diagnostics.error("'multiple_of' needs a number greater than 0", at: item.argument.location)
            return nil
        }
        return CheckedRuleBody(
            rule: .multipleOf(MultipleOfRule(operand: operand)), messageKey: "multiple_of",
            placeholders: ["multiple_of": .date(operand)])
    }
}
