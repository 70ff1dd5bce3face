import FormSpecRuntime

/// `one_of: [..]` / `not_one_of: [..]`.
struct MembershipRuleDefinition: RuleDefinition {
    let names = ["one_of", "not_one_of"]

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
        guard !failed else { return nil }
        return CheckedRuleBody(
            rule: .membership(MembershipRule(values: values, negated: item.key.value == "not_one_of")),
            // On a secret field the listed values are secrets too: the default message leaves them out.
            messageKey: item.key.value + (field.type == .secret ? ".secret" : ""),
            placeholders: [item.key.value: .list(values.map(\.description), or: true)])
    }
}
