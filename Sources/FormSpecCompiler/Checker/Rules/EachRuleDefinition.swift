import FormSpecDiagnostics
@_spi(Tooling) import FormSpecRuntime

/// `each: [RULES]` on a list: the rules every item is checked against. The checker gives them to
/// the list's item fields (`toppings.0`, …), so each item's failures are reported on its own path.
struct EachRuleDefinition: RuleDefinition {
    let declarations = [
        RuleDeclaration(
            "each", usage: "`each: [rules]`", appliesTo: .lists,
            passes: """
                every item passes the rules (the rules of the list's `of:` type), each reported on the \
                item's own path (`toppings.2`); a list of groups checks its items with their `fields:`
                """,
            argumentSchema: ##"{"type": "array", "items": {"$ref": "#/definitions/rule"}}"##,
            messages: [],
            messageNote: "each item rule's own message",
            needsScalarItems: true, example: "[{required: true}]")
    ]

    func check(_ item: RuleSyntax, field: FieldInfo, checker: inout Checker) -> CheckedRuleBody? {
        // A list's own `each:` items never reach here: the checker moves them to the items.
        checker.diagnostics.error(
            "'each' is written as one of a list's own rules, not inside another rule", at: item.key.location)
        return nil
    }
}
