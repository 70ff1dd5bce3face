import FormSpecDiagnostics
@_spi(Tooling) import FormSpecRuntime

/// `use: NAME`: the named rule from `define:` (this file's or an imported library's).
struct UseRuleDefinition: RuleDefinition {
    let declarations = [
        RuleDeclaration(
            "use", usage: "`use: NAME`",
            passes:
                "the rule defined as NAME under `define:` (in this file or an imported one) passes; reported under the define's name ([reuse](#reuse-define-use-import))",
            argumentSchema: #"{"type": "string"}"#,
            messages: [],
            messageNote: "the define's message",
            example: "present")
    ]

    func check(_ item: RuleSyntax, field: FieldInfo, checker: inout Checker) -> CheckedRuleBody? {
        guard let name = Read.string(item.argument, "'use'", &checker.diagnostics) else { return nil }
        checker.usedDefines.insert(name.value)
        guard let define = checker.defines[name.value] else {
            if checker.importFailed || checker.brokenDefines.contains(name.value) { return nil }
            checker.diagnostics.error(
                "unknown rule name '\(name.value)' in 'use'", at: name.location,
                notes: checker.suggestion(for: name.value, among: checker.sortedDefineNames)
                    + (checker.defines.isEmpty ? [.init("define it under 'define:', or import a file that does")] : []))
            return nil
        }
        if checker.cyclicDefines.contains(name.value) { return nil }
        let key = Checker.UseKey(name: name.value, field: field.index)
        let checked: CheckedRule
        if let cached = checker.checkedUses[key] {
            // Checked before on this field: its diagnostics were reported then.
            guard let cached else { return nil }
            checked = cached
        } else {
            if let start = checker.useStack.firstIndex(of: name.value) {
                let cycle = (checker.useStack[start...] + [name.value]).joined(separator: " -> ")
                checker.diagnostics.error("cyclic 'use': \(cycle)", at: name.location)
                return nil
            }
            checker.useStack.append(name.value)
            let before = checker.diagnostics.diagnostics.count
            let result = checker.checkRule(define.item, field: field)
            checker.useStack.removeLast()
            checker.checkedUses[key] = .some(result)
            guard let result else {
                // Point at the use on the field itself, not at every define of a chain.
                if checker.diagnostics.diagnostics.count > before, checker.useStack.isEmpty {
                    checker.diagnostics.emit(
                        Diagnostic(.note, "'\(name.value)' is used here, on field '\(field.name)'", at: name.location))
                }
                return nil
            }
            checked = result
        }
        var body = CheckedRuleBody(rule: checked.rule, messageKey: checked.message.defaultKey)
        body.placeholders = checked.message.placeholders
        body.reportedName = name.value
        // The define's own message and requirement travel with it unless the use site overrides them.
        body.inheritedMessage = checked.message
        body.inheritedRequirement = checked.requirement
        body.size = checked.size
        body.height = checked.height
        body.comparesWithSecret = checked.comparesWithSecret
        return body
    }
}
