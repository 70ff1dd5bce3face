@_spi(Tooling) import FormSpecRuntime

/// Every ``ValueRule`` of the runtime's registry, checked from its declared argument kind: a rule
/// declared that way needs nothing in the compiler.
struct ValueRuleDefinition: RuleDefinition {
    var declarations: [RuleDeclaration] { ValueRules.all.map { $0.declaration } }

    func check(_ item: RuleSyntax, field: FieldInfo, checker: inout Checker) -> CheckedRuleBody? {
        let name = item.key.value
        guard let type = ValueRules.type(named: name) else { return nil }
        let caseInsensitive = type.takesCase && checker.ignoresCase(item, field: field)
        switch type.argument {
        case .field(let types):
            guard let (other, location) = checker.otherField(item, of: field) else { return nil }
            guard types.contains(other.type) else {
                checker.diagnostics.error(
                    "'\(name)' needs a \(types.sortedDescription.replacingLast(" and ", with: " or ")) field, and '\(other.name)' is \(other.type.rawValue)",
                    at: location)
                return nil
            }
            let rule = type.init(argument: .field(other.index))
            return CheckedRuleBody(
                rule: .value(AnyValueRule(caseInsensitive ? rule.ignoringCase() : rule)), messageKey: name,
                comparingWith: other)
        }
    }
}

extension String {
    /// The string with its last `target` replaced ("text and secret" -> "text or secret").
    fileprivate func replacingLast(_ target: String, with replacement: String) -> String {
        guard let range = ranges(of: target).last else { return self }
        return self[..<range.lowerBound] + replacement + self[range.upperBound...]
    }
}
