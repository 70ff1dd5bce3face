@_spi(Program) @_spi(Tooling) import FormSpecRuntime

/// `contains: CLASS` or `contains: [CLASS…]`, with `count: N`.
struct ContainsRuleDefinition: RuleDefinition {
    let declarations = [
        RuleDeclaration(
            "contains", usage: "`contains: C` or `contains: [C…]`", appliesTo: .textual,
            passes:
                "the value has at least `count` (default 1) characters of **each** class listed: `uppercase`, `lowercase`, `letter`, `digit`, `symbol`, `whitespace`",
            argumentSchema:
                ##"{"anyOf": [{"$ref": "#/definitions/characterClass"}, {"type": "array", "minItems": 1, "items": {"$ref": "#/definitions/characterClass"}}]}"##,
            messages: [
                BuiltInMessage(
                    key: "contains", en: "{label} must contain at least {count} {classes}",
                    zhHans: "{label}必须至少包含{count}个{classes}", zhHant: "{label}必須至少包含{count}個{classes}",
                    ja: "{label}には{classes}を{count}文字以上含めてください"),
                // Several classes after a count above 1: "at least 2 each of letters and digits".
                BuiltInMessage(
                    key: "contains.each", en: "{label} must contain at least {count} each of {classes}",
                    zhHans: "{label}必须包含{classes}各至少{count}个", zhHant: "{label}必須包含{classes}各至少{count}個",
                    ja: "{label}には{classes}をそれぞれ{count}文字以上含めてください",
                    usedWhen: "several classes and a `count` above 1"),
            ],
            modifiers: ["count"], example: "[uppercase, digit]")
    ]

    func check(_ item: RuleSyntax, field: FieldInfo, checker: inout Checker) -> CheckedRuleBody? {
        let nodes = item.argument.sequence ?? [item.argument]
        var classes: [ContainsRule.CharacterClass] = []
        for node in nodes {
            guard let name = Read.string(node, "a character class", &checker.diagnostics) else { continue }
            guard
                let parsed = checker.known(
                    name, as: ContainsRule.CharacterClass.self, what: "character class", plural: "classes")
            else { continue }
            classes.append(parsed)
        }
        if nodes.isEmpty {
            checker.diagnostics.error("'contains' needs at least one character class", at: item.argument.location)
        }
        var count = 1
        if let node = item.count, let value = checker.count(node, rule: "count") {
            if value == 0 { checker.diagnostics.warning("'count: 0' makes this rule always pass", at: node.location) }
            count = value
        }
        guard !classes.isEmpty else { return nil }
        return CheckedRuleBody(
            rule: .contains(ContainsRule(classes: classes, count: count)),
            messageKey: classes.count > 1 && count > 1 ? "contains.each" : "contains",
            placeholders: [
                "count": .text(String(count)), "classes": .classes(classes, count: count),
                "contains": .classes(classes, count: count),
            ])
    }
}
