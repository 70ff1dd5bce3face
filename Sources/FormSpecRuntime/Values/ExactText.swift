/// A string compared by its Unicode scalars, not by canonical equivalence.
///
/// Swift's `String ==` treats precomposed `"é"` and `"e\u{301}"` as equal; the language says text
/// comparisons are exact, so equality and hashing here go by UTF-8 bytes.
package struct ExactText: Sendable, Hashable, Codable {
    /// The text.
    package var string: String

    /// Wraps `string`.
    package init(_ string: String) { self.string = string }

    package static func == (lhs: ExactText, rhs: ExactText) -> Bool { same(lhs.string, rhs.string) }

    /// Whether `a` and `b` have the same Unicode scalars (the same UTF-8 bytes): FormSpec's one exact
    /// text comparison. Byte counts first, then the contiguous bytes (a generic `elementsEqual` over
    /// the views costs a call per byte).
    package static func same(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        let same = a.utf8.withContiguousStorageIfAvailable { left in
            b.utf8.withContiguousStorageIfAvailable { right in
                for index in left.indices where left[index] != right[index] { return false }
                return true
            }
        }
        return (same ?? nil) ?? a.utf8.elementsEqual(b.utf8)
    }

    package func hash(into hasher: inout Hasher) {
        var string = string
        // One call over the contiguous bytes instead of one per byte.
        string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

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
