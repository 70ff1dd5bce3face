@_spi(Program) @_spi(Tooling) import FormSpecRuntime
import FormSpecYAML

/// `all: [rules]`, `any: [rules]`, `not: rule`: one message for the whole group.
struct CombinatorRuleDefinition: RuleDefinition {
    let declarations = [
        RuleDeclaration(
            "all", usage: "`all: [rules]`",
            passes: "every rule in the list passes; one message for the group",
            argumentSchema: ##"{"type": "array", "minItems": 1, "items": {"$ref": "#/definitions/rule"}}"##,
            messages: [
                BuiltInMessage(
                    key: "all", en: "{label} is invalid",
                    zhHans: "{label}无效", zhHant: "{label}無效",
                    ja: "{label}は無効です")
            ],
            example: "[{required: true}]"),
        RuleDeclaration(
            "any", usage: "`any: [rules]`",
            passes: "at least one rule in the list passes; one message for the group",
            argumentSchema: ##"{"type": "array", "minItems": 1, "items": {"$ref": "#/definitions/rule"}}"##,
            messages: [
                BuiltInMessage(
                    key: "any", en: "{label} is invalid",
                    zhHans: "{label}无效", zhHant: "{label}無效",
                    ja: "{label}は無効です")
            ],
            example: "[{required: true}]"),
        RuleDeclaration(
            "not", usage: "`not: rule`",
            passes: "the one rule item fails; one message for the group",
            argumentSchema: ##"{"$ref": "#/definitions/rule"}"##,
            messages: [
                BuiltInMessage(
                    key: "not", en: "{label} is invalid",
                    zhHans: "{label}无效", zhHant: "{label}無效",
                    ja: "{label}は無効です")
            ],
            example: "{required: true}"),
    ]

    func check(_ item: RuleSyntax, field: FieldInfo, checker: inout Checker) -> CheckedRuleBody? {
        let nodes: [FormSpecYAML.YAMLNode]
        if item.key.value == "not" {
            nodes = [item.argument]
        } else {
            guard let list = Read.list(item.argument, "'\(item.key.value)'", &checker.diagnostics) else { return nil }
            if list.isEmpty {
                checker.diagnostics.error("'\(item.key.value)' needs at least one rule", at: item.argument.location)
                return nil
            }
            nodes = list
        }
        var items: [RuleProgram] = []
        var size = 1
        var height = 1
        var comparesWithSecret = false
        var failed = false
        for node in nodes {
            guard var syntax = checker.parseRuleItem(node) else {
                failed = true
                continue
            }
            if let message = syntax.message {
                checker.diagnostics.warning(
                    "a message inside '\(item.key.value)' is never shown; the group's message is",
                    at: message.location, notes: [.init("move the message to the '\(item.key.value)' item")])
                syntax.message = nil
            }
            guard let checked = checker.checkRule(syntax, field: field) else {
                failed = true
                continue
            }
            size += checked.size
            comparesWithSecret = comparesWithSecret || checked.comparesWithSecret
            height = max(height, checked.height + 1)
            items.append(
                RuleProgram(
                    name: checked.name, rule: checked.rule, message: LocalizedText([:]),
                    requirement: LocalizedText([:]),
                    condition: checked.condition, severity: checked.severity,
                    debounceMilliseconds: checked.debounceMilliseconds))
        }
        guard !failed else { return nil }
        let rule: Rule
        switch item.key.value {
        case "all": rule = .all(items)
        case "any": rule = .any(items)
        default: rule = .not(items[0])
        }
        var body = CheckedRuleBody(rule: rule, messageKey: item.key.value)
        body.size = size
        body.height = height
        body.comparesWithSecret = comparesWithSecret
        return body
    }
}
