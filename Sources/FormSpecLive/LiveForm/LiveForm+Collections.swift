@_spi(Program) @_spi(Tooling) public import FormSpecRuntime

/// Groups and lists in a live form.
///
/// Every field of a group and every item of a list is a field of its own, named by its path
/// (`address.postcode`, `contacts.1.phone`): read it with `form["contacts.1.phone"]` and set it with
/// ``set(_:forField:touch:)``. Setting a group or a list to a whole object or array spreads it over
/// its fields; the item operations below rebuild the list from its items' current values, change
/// it, and set it again, so dirtiness stays per item field (and per list, for its count).
extension LiveForm {
    /// `values` keyed by field path: a group's or list's object or array spread over its fields
    /// (each nested field under its path), flat names kept as they are.
    static func flattened(_ values: [String: Value], program: Program) -> [String: Value] {
        guard program.isNested else { return values }
        var result: [String: Value] = [:]
        program.visitNested(
            values.map { Value.Member($0.key, $0.value) }, assign: { result[program.fields[$0].name] = $1 },
            unknown: { _ in })
        // A field given by its path (`address.city`) inside a group not given makes it an object,
        // as typing it does (``objectsForTypedMembers(_:raw:program:)``).
        let objects = objectsForTypedMembers(
            result.mapValues { $0 }, raw: Array(repeating: nil, count: program.fields.count), program: program)
        for case (let name, let object?) in objects { result[name] = object }
        return result
    }

    /// Whether field `index` is in no list item that does not exist (see
    /// ``Program/isInExistingItems(_:values:counts:)``): the live form takes no value for a field
    /// of an item that does not exist (a tester's "ghost" fields made the form dirty).
    func isInExistingItems(_ index: Int, counts: [Int: Int] = [:]) -> Bool {
        program.isInExistingItems(index, values: scratch.values, counts: counts)
    }

    /// `raw` (a form's values by field, as opened) with the fields of list items past their
    /// list's count at `defaults`: what an input gives for an item it does not have (`contacts.2`
    /// by path, or left from an original with more items) is not checked, so it is not kept.
    static func clearingItemsPastCount(
        _ raw: [Value?], defaults: [Value?], program: Program, today: CivilDate
    ) -> [Value?] {
        guard program.isNested else { return raw }
        var raw = raw
        for list in program.fields.indices where program.fields[list].type == .list {
            let count: Int64 =
                if case .value(.integer(let count)) = program.read(raw[list], forField: list, today: today) {
                    count
                } else {
                    0
                }
            let items = program.itemFields(ofList: list)
            for (position, item) in items.enumerated() where Int64(position) >= count {
                raw[item] = defaults[item]
                for child in Program.fieldsInside(item, of: program.fields) { raw[child] = defaults[child] }
            }
        }
        return raw
    }

    /// The updates that set list or group field `index` to `value`: the field itself, every field
    /// inside it cleared, then those `value` holds.
    func spreadUpdates(_ value: Value?, at index: Int) -> [String: Value?] {
        let name = program.fields[index].name
        var updates: [String: Value?] = [name: value]
        for child in Program.fieldsInside(index, of: program.fields) {
            updates[program.fields[child].name] = .some(nil)
        }
        guard let value else { return updates }
        program.visitNested(
            field: index, value, assign: { updates[program.fields[$0].name] = $1 }, unknown: { _ in })
        return updates
    }

    /// ``values`` (of `raw` and `read`, the current values) or ``originalValues`` (the original
    /// ones) of a nested form: each top-level field's value, a group or list built from the fields
    /// inside it.
    func nestedValues(raw: [Value?], read: [FieldValue]) -> [String: Value] {
        var result: [String: Value] = [:]
        for member in program.nestedMembers(RawLeaves(raw: raw, values: read)) { result[member.key] = member.value }
        return result
    }

    /// The current value of the list or group `name` built from its fields (another field's own
    /// value; `nil` for a name that is no field's, or a field without a value). Observed: a view
    /// reading it updates when a field inside it changes, or its items do.
    public func collectionValue(_ name: String) -> Value? {
        guard let index = index(of: name) else { return nil }
        observeValues()
        return treeValue(at: index)
    }

    /// Field `index`'s current value, a group or list built from the fields inside it.
    func treeValue(at index: Int) -> Value? {
        program.nestedValue(of: index, RawLeaves(raw: raw, values: scratch.values))
    }

    /// How many items list `name` has now that have fields (at most ``itemCapacity(of:)``);
    /// `nil` when `name` is not a list. Read from the list's value (its count), no items built.
    /// Observed: a view reading it (`ForEach(live.contactsItems.indices, …)`) updates when items
    /// are added or removed.
    public func itemCount(of name: String) -> Int? {
        guard let index = index(of: name), program.fields[index].type == .list else { return nil }
        // Every change of the count sets the list's value (its field's, observed).
        _ = fields[index].value
        let count: Int
        if case .value(.integer(let items)) = scratch.values[index] {
            count = Int(items)
        } else if case .array(let items)? = raw[index] {
            count = items.count  // a list refused as too long still has its items
        } else {
            count = 0
        }
        return min(count, program.itemFields(ofList: index).count)
    }

    /// How many items list `name` can hold with fields of their own (its `max_items`, or the
    /// compiler's capacity); `nil` when `name` is not a list.
    public func itemCapacity(of name: String) -> Int? {
        guard let index = index(of: name), program.fields[index].type == .list else { return nil }
        return program.itemFields(ofList: index).count
    }

    /// The items of list `name` as they are now; `nil` when `name` is not a list.
    private func items(of name: String) -> [Value]? {
        guard let index = index(of: name), program.fields[index].type == .list, isInExistingItems(index) else {
            return nil
        }
        if case .array(let items) = treeValue(at: index) { return items }
        return []
    }

    /// Appends an item to list `name` (`nil`: an empty one, its fields at their defaults). Returns
    /// `false` when `name` is not a list. Nothing is touched: the new item's messages wait for the user.
    /// An item past ``itemCapacity(of:)`` is in the list's value, which then fails `max_items`, but
    /// has no fields (``LiveList/append(_:)`` refuses it).
    @discardableResult
    public func appendItem(_ item: Value? = nil, to name: String) -> Bool {
        guard let items = items(of: name) else { return false }
        return replaceItems(of: name, with: items + [item ?? emptyItem(of: name)], from: Array(items.indices) + [nil])
    }

    /// Inserts an item into list `name` at `position` (clamped to the list); nothing is touched.
    @discardableResult
    public func insertItem(_ item: Value? = nil, at position: Int, in name: String) -> Bool {
        guard var items = items(of: name) else { return false }
        var origins: [Int?] = Array(items.indices)
        let position = min(max(0, position), items.count)
        items.insert(item ?? emptyItem(of: name), at: position)
        origins.insert(nil, at: position)
        return replaceItems(of: name, with: items, from: origins)
    }

    /// Removes the item at `position` from list `name`; `false` when there is none. The other
    /// items keep their touched state.
    @discardableResult
    public func removeItem(at position: Int, from name: String) -> Bool {
        guard var items = items(of: name), items.indices.contains(position) else { return false }
        var origins: [Int?] = Array(items.indices)
        items.remove(at: position)
        origins.remove(at: position)
        return replaceItems(of: name, with: items, from: origins)
    }

    /// Moves the item at `source` of list `name` to `destination`; `false` when either is out of
    /// range. The item's touched state moves with it.
    @discardableResult
    public func moveItem(from source: Int, to destination: Int, in name: String) -> Bool {
        guard var items = items(of: name), items.indices.contains(source), items.indices.contains(destination)
        else { return false }
        var origins: [Int?] = Array(items.indices)
        items.insert(items.remove(at: source), at: destination)
        origins.insert(origins.remove(at: source), at: destination)
        return replaceItems(of: name, with: items, from: origins)
    }

    private func emptyItem(of name: String) -> Value {
        program.fieldIndex[name + ".0"].map { program.fields[$0].type == .group ? .object([]) : .null } ?? .null
    }

    /// Sets list `name` to `items`, without touching anything: each item's fields take the touched
    /// state of the fields of the item it was (`origins[position]`; `nil` for a new item, untouched),
    /// so an item's state moves with it rather than staying at its position.
    private func replaceItems(of name: String, with items: [Value], from origins: [Int?]) -> Bool {
        guard let index = index(of: name) else { return false }
        let touched = fields.map(\.storedIsTouched)
        // An emptied list that was absent is absent again (`[]` is empty, as absent is): adding an
        // item and removing it leaves `values` as they were.
        let list: Value? = items.isEmpty && originalRaw[index] == nil ? nil : .array(items)
        setSlots(spreadUpdates(list, at: index), touch: false)
        let prefix = name + "."
        for child in Program.fieldsInside(index, of: program.fields) {
            // `contacts.1.phone`: item 1, and `.phone` inside it.
            let path = program.fields[child].name.dropFirst(prefix.count)
            let digits = path.prefix { $0 != "." }
            guard let position = Int(digits) else { continue }
            let inside = path.dropFirst(digits.count)
            var wasTouched = false
            if position < origins.count, let origin = origins[position],
                let before = program.fieldIndex[prefix + String(origin) + inside]
            {
                wasTouched = touched[before]
            }
            fields[child].update(isTouched: wasTouched)
            // A message held back while an item was typed into does not stay at its position for
            // the item moved there (nor keep the form debouncing): it shows now, checked again.
            if messageDebounce[child] != nil {
                endMessageDebounce(of: child)
                evaluate(child)
            }
        }
        return true
    }
}

/// A live form's values as a tree built from the program's fields (``Program/nestedMembers(_:)``):
/// each field's raw value, as the user typed it, as the leaves; the values as read say how many
/// items a list has and whether a group is an object.
private struct RawLeaves: NestedValueSource {
    /// Each field's raw value.
    let raw: [Value?]
    /// Each field's value read as its type.
    let values: [FieldValue]

    func read(_ index: Int) -> FieldValue { values[index] }

    /// The raw value: also what a group that is no object or a list with no count shows (what was
    /// typed into it, `[]`, or `nil`), and where a list's items past its capacity come from.
    func own(_ index: Int) -> Value? { raw[index] }

    /// A group that is no object shows its own value, never one made up from its fields: an
    /// absent one holds only its fields' defaults, for typing a field inside it, or giving one
    /// by its path, makes it an object (``LiveForm/objectsForTypedMembers(_:raw:program:)``). A
    /// reviewer found an untouched group shown as `{"country": "NL"}` from a default, which
    /// `validate` of those values then read as given.
    func showsFields(ofGroupThatIsNoObject index: Int) -> Bool { false }
}
