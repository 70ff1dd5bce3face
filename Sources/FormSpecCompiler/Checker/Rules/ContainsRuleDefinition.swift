import FormSpecRuntime

/// `contains: CLASS` or `contains: [CLASS…]`, with `count: N`.
struct ContainsRuleDefinition: RuleDefinition {
    let names = ["contains"]
    let appliesTo: Set<FieldType>? = .textual

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
            rule: .contains(ContainsRule(classes: classes, count: count)), messageKey: "contains",
            placeholders: ["count": .text(String(count)), "classes": .classes(classes), "contains": .classes(classes)])
    }
}
