/// Reading inputs of forms with groups and lists.
///
/// The compiler lays a nested form out as flat fields named by their paths: a group `address` and
/// its fields `address.postcode`, …; a list `toppings` and one field per item it can hold
/// (`toppings.0`, `toppings.1`, …); a repeatable group `contacts`, each item's group `contacts.1`
/// and its fields `contacts.1.phone`. Items past an input's count are inactive (their `when:`
/// reads the list's count), so a report lists only the items the input has. Evaluation, reports and
/// live forms then work on those fields as on any: only reading an input walks its tree, and
/// building one back from the fields (``nestedMembers(_:)``: the input as checked, a live form's
/// values) walks the same layout.
extension Program {
    /// The most levels of groups and lists an input is read through; the compiler refuses deeper
    /// specs, so deeper input is never a field's.
    package static let maxNestingDepth = 16

    /// Whether the form has groups or lists (its inputs are trees, not flat objects).
    package var isNested: Bool { storage.isNested }

    /// The fields of list `index`'s items in position order (`contacts.0`, `contacts.1`, …): as
    /// many as the list can hold. Empty for a field that is not a list.
    package func itemFields(ofList index: Int) -> [Int] {
        storage.nestedLayout?.items[index] ?? []
    }

    /// Calls `assign` with each field's raw value found in the input object `members`, and
    /// `unknown` with each key that is no field's (a nested one by its path: `address.street`).
    ///
    /// A group or list is read as its own value (which says whether it is an object, or counts its
    /// items) and is then walked: a list only as far as it has item fields, so a list of a million
    /// items costs its first few. Members are looked up in their group's own index and items by
    /// position: no path is built unless a key is unknown.
    @inline(never)
    package func visitNested(
        _ members: [Value.Member], assign: (Int, Value) -> Void, unknown: (String) -> Void
    ) {
        guard let layout = storage.nestedLayout else { return }
        visitMembers(members, of: -1, layout: layout, depth: 0, assign: assign, unknown: unknown)
    }

    /// Like ``visitNested(_:assign:unknown:)`` for one field's value: `assign` gets field `index`
    /// with `value`, then every field inside it that `value` holds.
    package func visitNested(
        field index: Int, _ value: Value, assign: (Int, Value) -> Void, unknown: (String) -> Void
    ) {
        guard let layout = storage.nestedLayout else { return }
        assign(index, value)
        visitChildren(of: index, value, layout: layout, depth: 0, assign: assign, unknown: unknown)
    }

    private func visitMembers(
        _ members: [Value.Member], of parent: Int, layout: NestedLayout, depth: Int, assign: (Int, Value) -> Void,
        unknown: (String) -> Void
    ) {
        // At the root a path (`address.city`) names its field too, as live forms' value maps do.
        let index = parent < 0 ? storage.fieldIndex : layout.members[parent]
        func visit(_ member: Value.Member, unknown: (String) -> Void) {
            guard let field = index?[member.key] else {
                unknown(parent < 0 ? member.key : fields[parent].name + "." + member.key)
                return
            }
            assign(field, member.value)
            visitChildren(of: field, member.value, layout: layout, depth: depth, assign: assign, unknown: unknown)
        }
        func pathDepth(_ member: Value.Member) -> Int {
            guard parent < 0, index?[member.key] != nil else { return 0 }
            return member.key.utf8.reduce(0) { $1 == UInt8(ascii: ".") ? $0 + 1 : $0 }
        }
        let depths = members.map(pathDepth)
        guard depths.contains(where: { $0 > 0 }) else {
            for member in members { visit(member, unknown: unknown) }
            return
        }
        // Paths are read first, the deepest first, so that a field given inside its group or list
        // too is read from there, whatever the members' order: `contacts.0.name`, then
        // `contacts.0` (its `name`), then `contacts` (the last one read used to win). Unknown keys
        // are still reported in the members' order, as the record scanner finds them.
        let order = members.indices.sorted { (depths[$0], $1) > (depths[$1], $0) }
        var unknowns: [(member: Int, name: String)] = []
        for position in order {
            visit(members[position]) { unknowns.append((position, $0)) }
        }
        for entry in unknowns.enumerated().sorted(by: {
            ($0.element.member, $0.offset) < ($1.element.member, $1.offset)
        }) {
            unknown(entry.element.name)
        }
    }

    private func visitChildren(
        of index: Int, _ value: Value, layout: NestedLayout, depth: Int, assign: (Int, Value) -> Void,
        unknown: (String) -> Void
    ) {
        guard depth < Self.maxNestingDepth else { return }
        switch (fields[index].type, value) {
        case (.group, .object(let children)):
            visitMembers(children, of: index, layout: layout, depth: depth + 1, assign: assign, unknown: unknown)
        case (.list, .array(let items)):
            let itemFields = layout.items[index]
            for (position, item) in zip(itemFields.indices, items) {
                let itemIndex = itemFields[position]
                assign(itemIndex, item)
                visitChildren(of: itemIndex, item, layout: layout, depth: depth + 1, assign: assign, unknown: unknown)
            }
        default: break
        }
    }
}

extension Program {
    /// The field whose options field `index` shows: itself, or for a list of choices (a
    /// multi-select) its first item, whose options every item has, so a page draws the checkboxes
    /// from the list's own field.
    package func optionsField(of index: Int) -> Int {
        guard fields[index].type == .list, let first = storage.nestedLayout?.items[index].first,
            fields[first].type == .choice
        else { return index }
        return first
    }

    /// The groups field `index` is inside, innermost first, up to the first list item (an item
    /// exists by its list's count, not by being typed into): what a live form makes an object of
    /// when a field inside one that was never given is typed, as its ``Program/nestedValue(of:_:)``
    /// already shows it, so that the form judges what `values` holds.
    package func enclosingGroups(of index: Int) -> [Int] {
        guard let layout = storage.nestedLayout else { return [] }
        var groups: [Int] = []
        var field = layout.parents[index]
        while field >= 0, fields[field].type == .group, !storage.isGroupItem[field] {
            groups.append(field)
            field = layout.parents[field]
        }
        return groups
    }

    /// Whether field `index` is inside a group or a list's item that `raw` gives as something else
    /// than an object (a type failure): a live form's field there takes no value, for `values`
    /// show the group's own value and `validate` reads nothing inside it.
    package func isInsideNoObject(_ index: Int, raw: [Value?]) -> Bool {
        guard let layout = storage.nestedLayout else { return false }
        var field = layout.parents[index]
        while field >= 0 {
            if fields[field].type == .group {
                switch raw[field] {
                case nil, .null?, .object?: break
                default: return true
                }
            }
            field = layout.parents[field]
        }
        return false
    }

    /// Whether field `index` is in no list item that does not exist, nor is one: every list it is
    /// an item of, or inside an item of, has more items than that item's position, counted from
    /// `values` or, for the lists it names, from `counts`. A field of an item that does not exist
    /// is not checked, not in a form's values, and not changed (`contacts.2.phone` given by path
    /// for a list of one item).
    package func isInExistingItems(_ index: Int, values: [FieldValue], counts: [Int: Int] = [:]) -> Bool {
        guard let layout = storage.nestedLayout else { return true }
        // Up the tree: each item on the way must be within its list's count.
        var field = index
        while field >= 0 {
            let parent = layout.parents[field]
            let position = layout.itemPositions[field]
            if position >= 0 {
                if let given = counts.isEmpty ? nil : counts[parent] {
                    guard position < given else { return false }
                } else {
                    guard NestedLayout.hasItem(values[parent], Int64(position)) == true else { return false }
                }
            }
            field = parent
        }
        return true
    }

    /// The fields inside field `index` of `fields` (a group's members, a list's items, and theirs:
    /// `address.city`, `contacts.0`, `contacts.0.phone`, …): the run right after it whose names
    /// are inside its own, as the compiler lays them out, found without a search of every field.
    package static func fieldsInside(_ index: Int, of fields: [FieldProgram]) -> Range<Int> {
        let prefix = fields[index].name + "."
        var end = index + 1
        while end < fields.count, fields[end].name.utf8.starts(with: prefix.utf8) { end += 1 }
        return (index + 1)..<end
    }
}

// MARK: - Trees built from the fields

/// What a tree built back from a program's flat fields is made of (see
/// ``Program/nestedMembers(_:)``): the parts in which the input as its rules checked it
/// (`CompiledForm.checkedValues`) and a live form's values (what the user typed) differ. The walk
/// itself (which members, in which order, how many items) is the same for both.
package protocol NestedValueSource {
    /// Field `index`'s value as read: whether a group is an object (any value) and how many items
    /// a list has (an integer count).
    func read(_ index: Int) -> FieldValue

    /// Field `index`'s own value: a scalar field's value (the tree's leaves); what stands for a
    /// group that is no object or a list that has no count; and, when it is an array, where a
    /// list's items past its item fields (past its capacity) are taken from. `nil` for none: a
    /// member without a value is left out, an item without one is `null`.
    func own(_ index: Int) -> Value?

    /// Whether group `index`, which is no object (the input lacks it, or gives something else),
    /// is still the object of those of its fields that have a value, when it has any (given by
    /// path, typed into a live form, or defaults) and is not an item of a list; otherwise it is
    /// ``own(_:)``.
    func showsFields(ofGroupThatIsNoObject index: Int) -> Bool
}

extension Program {
    /// The top-level fields as an object's members, in spec order, keyed by name: each with its
    /// value built by ``nestedValue(of:_:)``, those that have none left out. A form without groups
    /// or lists has every field at the top level.
    package func nestedMembers(_ source: some NestedValueSource) -> [Value.Member] {
        guard let layout = storage.nestedLayout else {
            return fields.indices.compactMap { index in source.own(index).map { Value.Member(fields[index].name, $0) } }
        }
        return layout.roots.compactMap { index in
            nestedValue(of: index, source, layout: layout).map { Value.Member(fields[index].name, $0) }
        }
    }

    /// Field `index`'s value: a group or list built from the fields inside it (the inverse of
    /// ``visitNested(field:_:assign:unknown:)``), a scalar its own value.
    ///
    /// A group that is an object is the object of its members that have a value, in spec order; a
    /// list that has a count is the array of its first items, `null` for an item without a value.
    /// Members and items come from the program's layout, built once: a value costs one step per
    /// field inside it (looking each group's members up among all the form's fields cost one step
    /// per field of the form, for every group).
    package func nestedValue(of index: Int, _ source: some NestedValueSource) -> Value? {
        guard let layout = storage.nestedLayout else { return source.own(index) }
        return nestedValue(of: index, source, layout: layout)
    }

    /// ``nestedValue(of:_:)`` in a nested form, its layout looked up once for the whole walk.
    private func nestedValue(of index: Int, _ source: some NestedValueSource, layout: NestedLayout) -> Value? {
        switch fields[index].type {
        case .list:
            guard case .value(.integer(let itemCount)) = source.read(index) else { return source.own(index) }
            let count = Int(clamping: itemCount)
            let itemFields = layout.items[index]
            var items = itemFields.prefix(count).map { nestedValue(of: $0, source, layout: layout) ?? .null }
            if count > itemFields.count, case .array(let given)? = source.own(index) {
                // Past the list's capacity no field holds an item: the list's own value does.
                items += given.dropFirst(itemFields.count).prefix(count - itemFields.count)
            }
            return .array(items)
        case .group:
            let isObject = if case .value = source.read(index) { true } else { false }
            // An item that is no object is not there, whatever its fields' defaults.
            guard isObject || (!storage.isGroupItem[index] && source.showsFields(ofGroupThatIsNoObject: index)) else {
                return source.own(index)
            }
            let members = layout.memberEntries[index].compactMap { entry in
                nestedValue(of: entry.position, source, layout: layout).map { Value.Member(entry.name, $0) }
            }
            return isObject || !members.isEmpty ? .object(members) : source.own(index)
        default:
            return source.own(index)
        }
    }
}

/// A nested form's fields as a tree, by index: the top-level fields, each group's members by key,
/// each list's item fields by position. Built once per program.
package struct NestedLayout: Sendable {
    /// The top-level fields in spec order: those whose path names no parent field (`address`, not
    /// `address.city`), members of no group and items of no list.
    let roots: [Int]
    /// Each field's members in spec order, by key (empty for a field that has none): what the
    /// record scanner matches a group's keys against.
    let memberEntries: [[(name: String, position: Int)]]
    /// Each field's members by key (`nil` for a field that has none).
    let members: [FieldNameIndex?]
    /// Each list's item fields in position order (`contacts.0`, `contacts.1`, …); empty for others.
    let items: [[Int]]
    /// Each field's parent in the tree, the group or list whose name its own extends by one step
    /// (`contacts.0` for `contacts.0.phone`); -1 for a top-level field.
    let parents: [Int]
    /// For an item of a list (`contacts.2`), its position in it; -1 for any other field.
    let itemPositions: [Int]
    /// For each field, where the run of fields right after it that are active only while it is an
    /// object ends (the field's own index + 1 when none is): an item group's fields, whose
    /// conditions all require `item == true` as the compiler lays items out. When the item is not
    /// an object (past the list's count, absent, or of another type), the evaluator knows them all
    /// inactive without testing each condition.
    let requiringObjectEnd: [Int]
    /// Each field's condition when it says no more than where the field is in the tree (see
    /// ``Place``), which ``isPresent(_:in:)`` tests without the general condition machinery:
    /// every item and every member of a group has one, and most have nothing else.
    let places: [Place]

    /// What a field's condition tests, when that is only the field's place in the tree.
    enum Place: Sendable {
        /// Anything else (or no condition): the condition is tested as it is.
        case other
        /// `group == true`: the field is a member of `group`, present while it is an object.
        case member(of: Int)
        /// `list > position` and `item == true`: the field is a member of `item`, item `position`
        /// of `list`, present while the list has that item and it is an object (a list's item
        /// given by its path, `contacts.2`, is not there past the list's count).
        case itemMember(of: Int, list: Int, position: Int64)
        /// `list > position`: the field is item `position` of `list`, present while the list
        /// has more items (the list's value is its count).
        case item(of: Int, position: Int64)
    }

    init(_ fields: [FieldProgram]) {
        let names = fields.map(\.name)
        let position = FieldNameIndex(names)
        var memberEntries = Array(repeating: [(name: String, position: Int)](), count: names.count)
        var itemEntries = Array(repeating: [(Int, Int)](), count: names.count)
        var roots: [Int] = []
        var parents = Array(repeating: -1, count: names.count)
        var itemPositions = Array(repeating: -1, count: names.count)
        for (index, name) in names.enumerated() {
            guard let dot = name.lastIndex(of: "."), let parent = position[String(name[..<dot])] else {
                roots.append(index)
                continue
            }
            parents[index] = parent
            let key = String(name[name.index(after: dot)...])
            if let number = Int(key), key.allSatisfy(\.isASCII) {
                itemEntries[parent].append((number, index))
                if fields[parent].type == .list { itemPositions[index] = number }
            } else {
                memberEntries[parent].append((key, index))
            }
        }
        self.roots = roots
        self.parents = parents
        self.itemPositions = itemPositions
        self.memberEntries = memberEntries
        members = memberEntries.map { $0.isEmpty ? nil : FieldNameIndex($0) }
        // Item fields are laid out from 0 without gaps; a gap ends the list where it starts.
        items = itemEntries.map { entries in
            var ordered: [Int] = []
            for (number, index) in entries.sorted(by: { $0.0 < $1.0 }) where number == ordered.count {
                ordered.append(index)
            }
            return ordered
        }
        requiringObjectEnd = fields.indices.map { field in
            var end = field + 1
            guard fields[field].type == .group else { return end }
            while end < fields.count, Self.requiresObject(fields[end].condition, field) { end += 1 }
            return end
        }
        places = fields.map { field in
            switch field.condition {
            case .field(let group, .equals(.boolean(true)))
            where fields.indices.contains(group) && fields[group].type == .group:
                .member(of: group)
            case .field(let list, .compare(.greaterThan, .literal(.integer(let position))))
            where fields.indices.contains(list) && fields[list].type == .list:
                .item(of: list, position: position)
            case .all(let tests):
                Self.itemMember(tests, fields) ?? .other
            default: .other
            }
        }
    }

    /// Whether field `field`'s condition holds, when it only places the field in the tree: the
    /// answer of ``Program/Storage/holds(_:_:mode:today:)`` without resolving the condition's
    /// literal and comparison; `nil` for any other condition, or a value the shortcut does not
    /// cover (a list's value that is another scalar than a count).
    @inline(__always)
    func isPresent(_ field: Int, in values: [FieldValue]) -> Bool? {
        switch places[field] {
        case .other: return nil
        case .member(let group): return Self.isObject(values[group])
        case .item(let list, let position): return Self.hasItem(values[list], position)
        case .itemMember(let item, let list, let position):
            guard Self.isObject(values[item]) else { return false }
            return Self.hasItem(values[list], position)
        }
    }

    /// Whether a list's value has item `position`, as the test `list > position` reads it; `nil`
    /// for a value the shortcut does not cover (a scalar other than a count).
    @inline(__always)
    static func hasItem(_ list: FieldValue, _ position: Int64) -> Bool? {
        switch list {
        case .value(.integer(let count)): return count > position
        case .value: return nil
        // A comparison with an empty or unreadable field is false.
        case .empty, .invalid: return false
        }
    }

    /// The place of a field whose condition is all of `tests`, when they are `list > position`
    /// and `item == true` for item `position` of `list`, as the compiler lays out an item's
    /// fields; `nil` otherwise.
    private static func itemMember(_ tests: [Condition], _ fields: [FieldProgram]) -> Place? {
        guard tests.count == 2,
            case .field(let list, .compare(.greaterThan, .literal(.integer(let position)))) = tests[0],
            case .field(let item, .equals(.boolean(true))) = tests[1],
            fields.indices.contains(list), fields[list].type == .list,
            fields.indices.contains(item), fields[item].type == .group,
            case .field(list, .compare(.greaterThan, .literal(.integer(position))))? = fields[item].condition
        else { return nil }
        return .itemMember(of: item, list: list, position: position)
    }

    /// Whether `condition` can hold only while field `group` is an object: it is the test
    /// `group == true`, or all of conditions of which one is.
    private static func requiresObject(_ condition: Condition?, _ group: Int) -> Bool {
        switch condition {
        case .field(let tested, .equals(.boolean(true))): tested == group
        case .all(let conditions): conditions.contains { requiresObject($0, group) }
        default: false
        }
    }

    /// Whether a group's value says its input is an object: the test `group == true` as
    /// ``Program/Storage/holds(_:_:mode:today:)`` runs it.
    static func isObject(_ value: FieldValue) -> Bool {
        guard case .value(let scalar) = value else { return false }
        return scalar.exactlyEquals(.boolean(true))
    }
}
