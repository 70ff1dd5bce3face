import FormSpecRuntime
import FormSpecYAML

/// `all: [rules]`, `any: [rules]`, `not: rule`: one message for the whole group.
struct CombinatorRuleDefinition: RuleDefinition {
    let names = ["all", "any", "not"]

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
