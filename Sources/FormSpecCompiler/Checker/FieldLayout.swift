import FormSpecDiagnostics
@_spi(Program) @_spi(Tooling) import FormSpecRuntime
import FormSpecYAML

/// One field of a spec laid out flat: groups and lists become fields named by their paths.
///
/// A group `address` is a field of its own (its value says whether the input is an object) followed
/// by its fields `address.postcode`, …. A list `toppings` is a field (its value is its item count)
/// followed by one field per item it can hold (`toppings.0` … up to its `max_items`, 100 without
/// one), each checked by the list's `each:` rules. A repeatable group `contacts` is a list whose
/// items are groups: `contacts.0`, then `contacts.0.name`, `contacts.0.phone`, …. An item is active
/// only while the input's list is long enough, so reports list the items the input has, each on its
/// own path (`contacts.1.phone`), and the runtime evaluates the laid-out fields like any others.
struct LaidOutField {
    /// The field's syntax: for a list, its own keys (its `each:` removed); for an item, the list's
    /// keys with the `each:` rules as its rules.
    var syntax: FieldSyntax
    /// The path with dots: `contacts.1.phone`.
    var name: String
    /// What a bare name in the field's rules and conditions is prefixed with (`contacts.1.`).
    var scope: String
    var type: FieldType
    /// What makes the field active besides its own `when:`: its enclosing group is an object and its
    /// item exists.
    var parentCondition: Condition?
    /// The enclosing groups and lists whose own `when:` the field also obeys, outermost first.
    var ancestors: [Int]
    /// A later item's copy of the first item's fields: checked quietly, since every problem in it
    /// was reported on the first item.
    var quiet: Bool
}

extension Checker {
    /// A list without `max_items` holds this many items.
    static let defaultListCapacity = 100
    /// The most items `max_items` may allow.
    static let maxListCapacity = 1_000
    /// The most fields a form may lay out (every item of every list counted).
    static let maxLaidOutFields = 100_000

    /// Lays `fields` out flat (see ``LaidOutField``) and registers each laid-out field's name, type,
    /// label and options, so that rules may refer to any of them.
    ///
    /// The fields are counted first: a form past ``maxLaidOutFields`` is reported at once (where
    /// laying it out would pass the limit) and laid out with one item per list. Those are the items
    /// whose problems are reported anyway (later items are checked quietly), so every other
    /// diagnostic stays, without laying out and checking 100,000 fields to say the form is too big.
    mutating func layOut(_ fields: [FieldSyntax]) -> [LaidOutField] {
        var next = 0
        if let location = overflow(of: fields, from: &next) { reportLayoutOverflow(at: location) }
        var layout: [LaidOutField] = []
        for field in fields {
            layOut(field, prefix: "", parentCondition: nil, ancestors: [], quiet: false, into: &layout)
        }
        return layout
    }

    private mutating func layOut(
        _ field: FieldSyntax, prefix: String, parentCondition: Condition?, ancestors: [Int], quiet: Bool,
        into layout: inout [LaidOutField]
    ) {
        guard layout.count < Self.maxLaidOutFields else {
            reportLayoutOverflow(at: field.name.location)
            return
        }
        let type = quietly(quiet) { $0.fieldType(field) }
        let name = prefix + field.name.value
        let index = layout.count
        quietly(quiet) { $0.checkShapeKeys(field, type: type) }
        let label = quietly(quiet) { $0.checkLabel(field.label, otherwise: Self.humanize(field.name.value)) }
        // A list's `options` are its items' (below); a group's are refused there.
        let options = type != .list ? quietly(quiet) { $0.checkOptions(field, type: type) } : []
        register(name: name, index: index, type: type, label: label, options: options)
        var own = field
        if type == .list { own.rules = field.rules.filter { $0.key.value != "each" } }
        layout.append(
            LaidOutField(
                syntax: own, name: name, scope: prefix, type: type, parentCondition: parentCondition,
                ancestors: ancestors, quiet: quiet))
        let inner = ancestors + [index]
        switch type {
        case .group:
            let condition = Self.all(parentCondition, Self.groupIsReadable(index))
            for child in field.fields ?? [] {
                layOut(
                    child, prefix: name + ".", parentCondition: condition, ancestors: inner, quiet: quiet,
                    into: &layout)
            }
        case .list:
            layOutItems(
                of: field, name: name, scope: prefix, label: label, listIndex: index,
                parentCondition: parentCondition, ancestors: inner, quiet: quiet, into: &layout)
        default: break
        }
    }

    /// The item fields of list `field` (laid out at `listIndex`).
    /// An item's `each:` rules name fields as the list does (`scope`, the list's own group): a
    /// bare name is the list's sibling, of the same item in a repeatable group.
    private mutating func layOutItems(
        of field: FieldSyntax, name: String, scope: String, label: FieldLabel, listIndex: Int,
        parentCondition: Condition?, ancestors: [Int], quiet: Bool, into layout: inout [LaidOutField]
    ) {
        let itemType = quietly(quiet) { $0.itemType(of: field) }
        let eachItems = field.rules.filter { $0.key.value == "each" }
        var eachRules: [RuleSyntax] = []
        for each in eachItems {
            if itemType == .group {
                if !quiet {
                    diagnostics.error(
                        "'each' applies to lists of scalars; a list of groups checks its items with their 'fields:'",
                        at: each.key.location)
                }
                continue
            }
            guard let items = quietly(quiet, { Read.list(each.argument, "'each'", &$0.diagnostics) }) else { continue }
            if items.isEmpty, !quiet {
                diagnostics.error("'each' needs at least one rule", at: each.argument.location)
            }
            eachRules += items.compactMap { item in quietly(quiet) { $0.parseRuleItem(item) } }.map {
                Self.inheriting(each, $0)
            }
        }
        // Items that are groups refuse `options` there.
        let options = quietly(quiet) { $0.checkOptions(field, type: itemType, itemsOf: true) }
        var itemIndices: [Int] = []
        let capacity = quietly(quiet) { $0.capacity(of: field) }
        for position in 0..<(layoutOverflowed ? min(capacity, 1) : capacity) {
            let itemName = name + "." + String(position)
            let itemIndex = layout.count
            guard itemIndex < Self.maxLaidOutFields else {
                reportLayoutOverflow(at: field.name.location)
                break
            }
            itemIndices.append(itemIndex)
            // The item exists while the list has more than `position` items.
            let exists = Condition.field(
                listIndex, .compare(.greaterThan, .literal(.integer(Int64(position)))))
            let itemQuiet = quiet || position > 0
            var item = FieldSyntax(
                name: Located(value: String(position), location: field.name.location), location: field.location)
            item.type = field.of
            item.label = field.label
            item.trim = field.trim
            item.debounce = field.debounce
            item.report = field.report
            item.rules = eachRules
            item.options = field.options
            register(name: itemName, index: itemIndex, type: itemType, label: label, options: options)
            if itemType != .group { fieldInfo[itemName]?.itemOf = name }
            layout.append(
                LaidOutField(
                    syntax: item, name: itemName, scope: scope, type: itemType,
                    parentCondition: Self.all(parentCondition, exists), ancestors: ancestors, quiet: itemQuiet))
            guard itemType == .group else { continue }
            // Its fields are checked while the item exists and is an object: an item given by its
            // path (`contacts.2.phone`) is not checked past the list's count.
            let condition = Self.all(
                Self.all(parentCondition, exists), Condition.field(itemIndex, .equals(.boolean(true))))
            for child in field.fields ?? [] {
                layOut(
                    child, prefix: itemName + ".", parentCondition: condition, ancestors: ancestors + [itemIndex],
                    quiet: itemQuiet, into: &layout)
            }
        }
        fieldInfo[name]?.itemIndices = itemIndices
        fieldInfo[name]?.itemType = itemType
    }

    /// An `each:` item rule with the `each:` rule's own `message`, `requirement`, `severity` and
    /// `when`: the item rule's own come first, and when both have a `when`, both must hold.
    static func inheriting(_ each: RuleSyntax, _ rule: RuleSyntax) -> RuleSyntax {
        var rule = rule
        rule.message = rule.message ?? each.message
        rule.requirement = rule.requirement ?? each.requirement
        rule.severity = rule.severity ?? each.severity
        if let outer = each.condition {
            if let inner = rule.condition {
                let all = YAMLNode(.scalar(YAMLScalar("all")), at: outer.location)
                let both = YAMLNode(.sequence([outer, inner]), at: inner.location)
                rule.condition = YAMLNode(.mapping([YAMLPair(key: all, value: both)]), at: inner.location)
            } else {
                rule.condition = outer
            }
        }
        return rule
    }

    /// How many fields `fields` lay out, every item of every list counted; past
    /// ``maxLaidOutFields``, only that it is more.
    private mutating func laidOutCount(_ fields: [FieldSyntax]) -> Int {
        var total = 0
        for field in fields { total = min(total + laidOutCount(field), Self.maxLaidOutFields + 1) }
        return total
    }

    private mutating func laidOutCount(_ field: FieldSyntax) -> Int {
        switch quietly(true, { $0.fieldType(field) }) {
        case .group: 1 + laidOutCount(field.fields ?? [])
        // At most 1 + 1,000 × (100,001 + 1): no overflow.
        case .list: 1 + quietly(true, { $0.capacity(of: field) }) * itemSize(of: field)
        default: 1
        }
    }

    /// How many fields one item of list `field` lays out: the item, and a group item's fields.
    private mutating func itemSize(of field: FieldSyntax) -> Int {
        quietly(true, { $0.itemType(of: field) }) == .group ? 1 + laidOutCount(field.fields ?? []) : 1
    }

    /// Where laying out `fields`, the first of them at index `next`, reaches
    /// ``maxLaidOutFields``: the field that would be laid out there, or for an item its list (as
    /// ``layOut(_:)`` would report it); `nil` when they fit. Advances `next` past what fits.
    private mutating func overflow(of fields: [FieldSyntax], from next: inout Int) -> SourceLocation? {
        for field in fields {
            if next >= Self.maxLaidOutFields { return field.name.location }
            let size = laidOutCount(field)
            if next + size <= Self.maxLaidOutFields {
                next += size
                continue
            }
            next += 1
            switch quietly(true, { $0.fieldType(field) }) {
            case .group:
                return overflow(of: field.fields ?? [], from: &next) ?? field.name.location
            case .list:
                // Skip the items that fit whole; the next one, or one of its fields, is the first past.
                let itemSize = self.itemSize(of: field)
                next += (Self.maxLaidOutFields - next) / itemSize * itemSize
                if next >= Self.maxLaidOutFields { return field.name.location }
                next += 1
                return overflow(of: field.fields ?? [], from: &next) ?? field.name.location
            default:
                return field.name.location
            }
        }
        return nil
    }

    /// Whether `steps` (a path's steps) name an item that a form too large left out (it lays out
    /// one item per list), or a field inside one: the path is laid out with every item index 0.
    /// The overflow error then stands for its unknown-field error.
    func isLeftOut(_ steps: [Substring]) -> Bool {
        guard layoutOverflowed else { return false }
        let isIndex = { (step: Substring) in !step.isEmpty && step.allSatisfy { $0.isASCII && $0.isNumber } }
        guard steps.contains(where: isIndex) else { return false }
        return fieldInfo[steps.map { isIndex($0) ? "0" : $0 }.joined(separator: ".")] != nil
    }

    /// The one error for a form that lays out too many fields (reported even from a quiet item:
    /// it is about the whole form).
    private mutating func reportLayoutOverflow(at location: SourceLocation) {
        guard !layoutOverflowed else { return }
        layoutOverflowed = true
        diagnostics.error(
            "the form lays out more than \(Self.maxLaidOutFields) fields (each item of each list counted)",
            at: location, notes: [.init("lower some list's 'max_items'")])
    }

    private mutating func register(
        name: String, index: Int, type: FieldType, label: FieldLabel, options: [ChoiceOption]
    ) {
        fieldInfo[name] = FieldInfo(
            name: name, index: index, type: type, label: label.text, options: options, labels: label)
        fieldOrder.append(name)
    }

    /// The field's `type:` (text when absent or unknown).
    private mutating func fieldType(_ field: FieldSyntax) -> FieldType {
        guard let written = field.type else { return field.fields != nil ? .group : .text }
        if let parsed = FieldType(rawValue: written.value) { return parsed }
        let alias =
            Self.typeAliases[written.value.lowercased()].map { [Diagnostic.Note("did you mean '\($0)'?")] }
            ?? Self.formatTypes[written.value.lowercased()].map {
                [Diagnostic.Note("a text field with the rule 'format: \($0)' (rules: [{format: \($0)}])")]
            }
        diagnostics.error(
            "unknown type '\(written.value)'", at: written.location,
            notes: (alias ?? Diagnostics.suggestion(for: written.value, among: FieldType.allCases.map(\.rawValue)))
                + [.init("types: \(FieldType.allCases.map(\.rawValue).joined(separator: ", "))")])
        return .text
    }

    /// A list's `of:` (a scalar type or `group`).
    private mutating func itemType(of field: FieldSyntax) -> FieldType {
        guard let written = field.of else {
            if field.fields != nil { return .group }
            // An `of:` that is not a string is diagnosed already.
            if field.hasOf { return .text }
            diagnostics.error(
                "list field '\(field.name.value)' needs 'of' (the items' type)",
                at: field.type?.location ?? field.name.location,
                notes: [.init("types: \(FieldType.scalarTypes.map(\.rawValue).joined(separator: ", ")), group")])
            return .text
        }
        if let parsed = FieldType(rawValue: written.value), parsed != .list { return parsed }
        diagnostics.error(
            written.value == "list"
                ? "a list of lists is not supported; make the items groups with a list field"
                : "unknown item type '\(written.value)'", at: written.location,
            notes: Diagnostics.suggestion(
                for: written.value, among: FieldType.scalarTypes.map(\.rawValue) + ["group"]))
        return .text
    }

    /// How many items list `field` holds: its `max_items`, else ``defaultListCapacity``.
    private mutating func capacity(of field: FieldSyntax) -> Int {
        guard let rule = field.rules.first(where: { $0.key.value == "max_items" && $0.condition == nil }),
            case .integer(let count) = rule.argument.resolved
        else { return Self.defaultListCapacity }
        // A larger count is refused by `max_items` itself.
        return Int(min(max(0, count), Int64(Self.maxListCapacity)))
    }

    /// `of:` and `fields:` only where they mean something.
    private mutating func checkShapeKeys(_ field: FieldSyntax, type: FieldType) {
        // An unknown type is reported once: what the field's other keys mean is unknown too.
        if let written = field.type, FieldType(rawValue: written.value) == nil { return }
        let name = field.name.value
        if let of = field.of, type != .list {
            diagnostics.error("'of' only applies to list fields; field '\(name)' is \(type.rawValue)", at: of.location)
        }
        if let location = field.fieldsLocation, type != .group, !(type == .list && field.of?.value == "group") {
            diagnostics.error(
                "'fields' only applies to group fields and lists of groups; field '\(name)' is \(type.rawValue)",
                at: location,
                notes: type == .list ? [.init("write 'of: group' for a repeatable group")] : [])
        }
        if type == .group, field.fields == nil {
            diagnostics.error(
                "group field '\(name)' needs 'fields'", at: field.type?.location ?? field.name.location)
        }
        if type == .list, field.of?.value == "group", field.fields == nil {
            diagnostics.error(
                "list of groups '\(name)' needs 'fields'", at: field.of?.location ?? field.name.location)
        }
        if type == .group {
            // What reads or reports a value: a group's own value is only whether it was given.
            let ignored = [
                ("trim", field.trimLocation), ("debounce", field.debounce?.location),
                ("report", field.report?.location),
            ]
            for case (let key, let location?) in ignored {
                diagnostics.error(
                    "'\(key)' does not apply to group fields; write it on the fields inside", at: location)
            }
        }
        if type == .list, field.of?.value == "group" {
            // What a list gives its items, which are groups here. Its `report` stays: it applies to
            // the list's own rules (`required`, `min_items`, `max_items`).
            let passedOn = [("trim", field.trimLocation), ("debounce", field.debounce?.location)]
            for case (let key, let location?) in passedOn {
                diagnostics.error(
                    "'\(key)' does not apply to lists of groups; write it on the fields inside", at: location)
            }
        }
        if !type.isScalar, let node = field.defaultValue {
            diagnostics.error(
                "'default' does not apply to \(type.rawValue) fields; give defaults to the fields inside",
                at: node.location)
        }
    }

    /// Runs `body` with diagnostics discarded when `quiet` (and no did-you-mean worked out for
    /// them: see ``isQuiet``).
    mutating func quietly<T>(_ quiet: Bool, _ body: (inout Checker) -> T) -> T {
        guard quiet else { return body(&self) }
        var kept = DiagnosticCollector()
        swap(&kept, &diagnostics)
        let wasQuiet = isQuiet
        isQuiet = true
        let result = body(&self)
        isQuiet = wasQuiet
        swap(&kept, &diagnostics)
        return result
    }

    /// A group's fields are checked while the group is absent (as if empty) or an object; a group
    /// that is not an object fails `type` alone.
    static func groupIsReadable(_ group: Int) -> Condition {
        .any([.field(group, .empty(true)), .field(group, .equals(.boolean(true)))])
    }

    /// Both conditions (either one when the other is `nil`).
    static func all(_ first: Condition?, _ second: Condition?) -> Condition? {
        switch (first, second) {
        case (nil, let only), (let only, nil): only
        case let (first?, second?): .all([first, second])
        }
    }
}
