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
        return result
    }

    /// The updates that set list or group field `index` to `value`: the field itself, every field
    /// inside it cleared, then those `value` holds.
    func spreadUpdates(_ value: Value?, at index: Int) -> [String: Value?] {
        let name = program.fields[index].name
        var updates: [String: Value?] = [name: value]
        let prefix = name + "."
        for field in program.fields where field.name.hasPrefix(prefix) { updates[field.name] = .some(nil) }
        guard let value else { return updates }
        program.visitNested(
            field: index, value, assign: { updates[program.fields[$0].name] = $1 }, unknown: { _ in })
        return updates
    }

    /// ``values`` of a nested form: each top-level field's value, a group or list built from the
    /// fields inside it.
    var nestedValues: [String: Value] {
        var result: [String: Value] = [:]
        for (index, field) in program.fields.enumerated() where !field.name.contains(".") {
            if let value = treeValue(at: index) { result[field.name] = value }
        }
        return result
    }

    /// The current value of the list or group `name` built from its fields (`nil` for a field
    /// that is not a list or group, or is absent).
    public func collectionValue(_ name: String) -> Value? {
        guard let index = index(of: name) else { return nil }
        return treeValue(at: index)
    }

    private func treeValue(at index: Int) -> Value? {
        let name = program.fields[index].name
        switch program.fields[index].type {
        case .list:
            guard case .value(.integer(let count)) = scratch.values[index] else { return raw[index] }
            var items: [Value] = []
            let given = if case .array(let given) = raw[index] { given } else { [Value]() }
            for position in 0..<Int(count) {
                if let item = program.fieldIndex[name + "." + String(position)] {
                    items.append(treeValue(at: item) ?? .null)
                } else if given.indices.contains(position) {
                    // Past the list's capacity: no field holds the item, the list's own value does.
                    items.append(given[position])
                }
            }
            return .array(items)
        case .group:
            guard case .value = scratch.values[index] else { return raw[index] }
            let prefix = name + "."
            var members: [Value.Member] = []
            for (child, field) in program.fields.enumerated()
            where field.name.hasPrefix(prefix) && !field.name.dropFirst(prefix.count).contains(".") {
                if let value = treeValue(at: child) {
                    members.append(Value.Member(String(field.name.dropFirst(prefix.count)), value))
                }
            }
            return .object(members)
        default:
            return raw[index]
        }
    }

    /// How many items list `name` has now that have fields (at most ``itemCapacity(of:)``);
    /// `nil` when `name` is not a list. Read from the list's value (its count), no items built.
    public func itemCount(of name: String) -> Int? {
        guard let index = index(of: name), program.fields[index].type == .list else { return nil }
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
        guard let index = index(of: name), program.fields[index].type == .list else { return nil }
        if case .array(let items) = treeValue(at: index) { return items }
        return []
    }

    /// Appends an item to list `name` (`nil`: an empty one). Returns `false` when `name` is not a list.
    @discardableResult
    public func appendItem(_ item: Value? = nil, to name: String) -> Bool {
        guard let items = items(of: name) else { return false }
        return replaceItems(of: name, with: items + [item ?? emptyItem(of: name)])
    }

    /// Inserts an item into list `name` at `position` (clamped to the list).
    @discardableResult
    public func insertItem(_ item: Value? = nil, at position: Int, in name: String) -> Bool {
        guard var items = items(of: name) else { return false }
        items.insert(item ?? emptyItem(of: name), at: min(max(0, position), items.count))
        return replaceItems(of: name, with: items)
    }

    /// Removes the item at `position` from list `name`; `false` when there is none.
    @discardableResult
    public func removeItem(at position: Int, from name: String) -> Bool {
        guard var items = items(of: name), items.indices.contains(position) else { return false }
        items.remove(at: position)
        return replaceItems(of: name, with: items)
    }

    /// Moves the item at `source` of list `name` to `destination`; `false` when either is out of range.
    @discardableResult
    public func moveItem(from source: Int, to destination: Int, in name: String) -> Bool {
        guard var items = items(of: name), items.indices.contains(source), items.indices.contains(destination)
        else { return false }
        items.insert(items.remove(at: source), at: destination)
        return replaceItems(of: name, with: items)
    }

    private func emptyItem(of name: String) -> Value {
        program.fieldIndex[name + ".0"].map { program.fields[$0].type == .group ? .object([]) : .null } ?? .null
    }

    private func replaceItems(of name: String, with items: [Value]) -> Bool {
        guard let index = index(of: name) else { return false }
        set(spreadUpdates(.array(items), at: index))
        return true
    }
}
