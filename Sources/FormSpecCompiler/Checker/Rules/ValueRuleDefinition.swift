@_spi(Program) @_spi(Tooling) import FormSpecRuntime

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
        case .count:
            guard case .integer(let count) = item.argument.resolved, item.argument.scalar != nil, count >= 0,
                count <= Int64(Checker.maxListCapacity)
            else {
                checker.diagnostics.error(
                    "'\(name)' takes a whole number from 0 to \(Checker.maxListCapacity)", at: item.argument.location)
                return nil
            }
            return CheckedRuleBody(
                rule: .value(AnyValueRule(type.init(argument: .count(Int(count))))),
                messageKey: DefaultMessages.key(name, count: Int(count)),
                placeholders: [name: .text(String(count))])
        case .items:
            guard case .bool(true) = item.argument.resolved, item.argument.scalar != nil else {
                checker.diagnostics.error("'\(name)' takes true", at: item.argument.location)
                return nil
            }
            let items = field.itemIndices
            if field.itemType == .group {
                checker.diagnostics.error(
                    "'\(name)' applies to lists of scalars, and the items of '\(field.name)' are groups",
                    at: item.key.location)
                return nil
            }
            return CheckedRuleBody(rule: .value(AnyValueRule(type.init(argument: .items(items)))), messageKey: name)
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
