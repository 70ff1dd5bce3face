import FormSpecRuntime

/// `multiple_of: X`.
struct MultipleOfRuleDefinition: RuleDefinition {
    let names = ["multiple_of"]
    let appliesTo: Set<FieldType>? = .numeric

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
