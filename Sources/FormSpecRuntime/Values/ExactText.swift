import FormSpecDiagnostics

/// Field indices by name, matched by exact Unicode scalars: an input key spelt with U+212A KELVIN
/// SIGN does not find field `Kind`, though Swift's `String ==` calls the two equal.
package struct FieldNameIndex: Sendable {
    private var indices: [ExactText: Int] = [:]

    /// Indexes `names` by position; a repeated name keeps its last position.
    package init(_ names: [String]) {
        indices.reserveCapacity(names.count)
        for (position, name) in names.enumerated() { indices[ExactText(name)] = position }
    }

    /// Indexes each name at the position given with it.
    package init(_ entries: [(name: String, position: Int)]) {
        indices.reserveCapacity(entries.count)
        for entry in entries { indices[ExactText(entry.name)] = entry.position }
    }

    /// The index of the field spelt exactly `name`, if any.
    package subscript(_ name: String) -> Int? { indices[ExactText(name)] }

    /// How many names are indexed.
    package var count: Int { indices.count }
}
