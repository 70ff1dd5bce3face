/// Reading inputs of forms with groups and lists.
///
/// The compiler lays a nested form out as flat fields named by their paths: a group `address` and
/// its fields `address.postcode`, …; a list `toppings` and one field per item it can hold
/// (`toppings.0`, `toppings.1`, …); a repeatable group `contacts`, each item's group `contacts.1`
/// and its fields `contacts.1.phone`. Items past an input's count are inactive (their `when:`
/// reads the list's count), so a report lists only the items the input has. Evaluation, reports and
/// live forms then work on those fields as on any; only reading an input walks its tree.
extension Program {
    /// The most levels of groups and lists an input is read through; the compiler refuses deeper
    /// specs, so deeper input is never a field's.
    package static let maxNestingDepth = 16

    /// Whether the form has groups or lists (its inputs are trees, not flat objects).
    package var isNested: Bool { storage.isNested }

    /// Calls `assign` with each field's raw value found in the input object `members`, and
    /// `unknown` with each key that is no field's (a nested one by its path: `address.street`).
    ///
    /// A group or list is read as its own value (which says whether it is an object, or counts its
    /// items) and is then walked: a list only as far as it has item fields, so a list of a million
    /// items costs its first few.
    @inline(never)
    package func visitNested(
        _ members: [Value.Member], prefix: String = "", depth: Int = 0, assign: (Int, Value) -> Void,
        unknown: (String) -> Void
    ) {
        for member in members {
            let name = prefix + member.key
            guard let index = fieldIndex[name] else {
                unknown(name)
                continue
            }
            assign(index, member.value)
            visitChildren(of: index, name: name, member.value, depth: depth, assign: assign, unknown: unknown)
        }
    }

    private func visitChildren(
        of index: Int, name: String, _ value: Value, depth: Int, assign: (Int, Value) -> Void,
        unknown: (String) -> Void
    ) {
        guard depth < Self.maxNestingDepth else { return }
        switch (fields[index].type, value) {
        case (.group, .object(let children)):
            visitNested(children, prefix: name + ".", depth: depth + 1, assign: assign, unknown: unknown)
        case (.list, .array(let items)):
            for (position, item) in items.enumerated() {
                guard let itemIndex = fieldIndex[name + "." + String(position)] else { break }
                assign(itemIndex, item)
                visitChildren(
                    of: itemIndex, name: name + "." + String(position), item, depth: depth + 1, assign: assign,
                    unknown: unknown)
            }
        default: break
        }
    }
}
