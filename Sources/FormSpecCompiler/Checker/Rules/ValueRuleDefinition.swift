@_spi(Program) @_spi(Tooling) import FormSpecRuntime

/// Every ``ValueRule`` of the runtime's registry, checked from its declared argument kind: a rule
/// declared that way needs nothing in the compiler.
struct ValueRuleDefinition: RuleDefinition {
    var declarations: [RuleDeclaration] { ValueRules.all.map { $0.declaration } }

    func check(_ item: RuleSyntax, field: FieldInfo, checker: inout Checker) -> CheckedRuleBody? {
        let name = item.key.value
        guard let type = ValueRules.type(named: name) else { return nil }
        switch type.argument {
        case .field(let types):
            let caseInsensitive = type.takesCase && checker.ignoresCase(item, field: field)
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
            // `case:` is checked against what is compared: the items' type, or each item's FIELD's.
            func made(_ items: [Int], comparing valueType: FieldType, _ compared: String) -> AnyValueRule {
                let rule = type.init(argument: .items(items))
                let caseInsensitive =
                    type.takesCase && checker.ignoresCase(item, type: valueType, compared: compared)
                return AnyValueRule(caseInsensitive ? rule.ignoringCase() : rule)
            }
            if field.itemType == .group {
                return checker.itemMembers(item, of: field).map { members, first in
                    // Named as written (`age`), not as item 0's path (`contacts.0.age`).
                    let rule = made(members, comparing: first.type, "field '\(item.argument.scalar?.text ?? "")' is")
                    return CheckedRuleBody(
                        rule: .value(rule), messageKey: name + ".field",
                        placeholders: ["other": .label(first.index), name: .label(first.index)])
                }
            }
            guard case .bool(true) = item.argument.resolved, item.argument.scalar != nil else {
                checker.diagnostics.error(
                    "'\(name)' takes true", at: item.argument.location,
                    notes: item.argument.scalar.map { _ in
                        [.init("a field's name, 'unique_items: phone', compares the items of a list of groups")]
                    } ?? [])
                return nil
            }
            // Checked even when the list holds no item (`max_items: 0`).
            let rule = made(field.itemIndices, comparing: field.itemType ?? .text, "the items of '\(field.name)' are")
            return CheckedRuleBody(rule: .value(rule), messageKey: name)
        }
    }
}

extension Checker {
    /// For `unique_items: FIELD` on list of groups `list`: field FIELD of every item the list can
    /// hold, in item order, and item 0's (whose label the message shows); `nil` after a diagnostic.
    mutating func itemMembers(_ item: RuleSyntax, of list: FieldInfo) -> (members: [Int], first: FieldInfo)? {
        let name = item.key.value
        guard let member = item.argument.scalar?.text, case .string = item.argument.resolved else {
            diagnostics.error(
                "'\(name)' on a list of groups names the items' field to compare ('\(name): phone'), not \(item.argument.kindDescription)",
                at: item.argument.location)
            return nil
        }
        guard !member.contains(".") else {
            diagnostics.error(
                "'\(name)' names a field of the items of '\(list.name)' by its name, not a path",
                at: item.argument.location,
                notes: [.init("it compares one of the items' own fields, as 'unique_items: phone' does")])
            return nil
        }
        guard let firstItem = list.itemIndices.first else {
            // `max_items: 0`: no item, no field to check the name against or compare.
            diagnostics.warning(
                "'\(name)' compares nothing: '\(list.name)' holds no item (max_items: 0)", at: item.key.location)
            return nil
        }
        let prefix = fieldOrder[firstItem] + "."
        guard let first = fieldInfo[prefix + member] else {
            // The item's own fields, looked for only to say what there is.
            let memberNames = fieldOrder.filter { $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains(".") }
                .map { String($0.dropFirst(prefix.count)) }
            diagnostics.error(
                "the items of '\(list.name)' have no field '\(member)'", at: item.argument.location,
                notes: Diagnostics.suggestion(for: member, among: memberNames)
                    + [.init("their fields: \(memberNames.joined(separator: ", "))")])
            return nil
        }
        guard first.type != .group, first.type != .list else {
            diagnostics.error(
                "'\(name)' compares values, and '\(member)' is a \(first.type.rawValue)", at: item.argument.location)
            return nil
        }
        let members = list.itemIndices.compactMap { fieldInfo[fieldOrder[$0] + "." + member]?.index }
        return (members, first)
    }
}

extension String {
    /// The string with its last `target` replaced ("text and secret" -> "text or secret").
    fileprivate func replacingLast(_ target: String, with replacement: String) -> String {
        guard let range = ranges(of: target).last else { return self }
        return self[..<range.lowerBound] + replacement + self[range.upperBound...]
    }
}
