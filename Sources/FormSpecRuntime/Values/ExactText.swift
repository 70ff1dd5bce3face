/// A string compared by its Unicode scalars, not by canonical equivalence.
///
/// Swift's `String ==` treats precomposed `"é"` and `"e\u{301}"` as equal; the language says text
/// comparisons are exact, so equality and hashing here go by UTF-8 bytes.
public struct ExactText: Sendable, Hashable, Codable {
    /// The text.
    public var string: String

    /// Wraps `string`.
    public init(_ string: String) { self.string = string }

    public static func == (lhs: ExactText, rhs: ExactText) -> Bool {
        lhs.string.utf8.elementsEqual(rhs.string.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        var string = string
        // One call over the contiguous bytes instead of one per byte.
        string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// Field indices by name, matched by exact Unicode scalars: an input key spelt with U+212A KELVIN
/// SIGN does not find field `Kind`, though Swift's `String ==` calls the two equal.
public struct FieldNameIndex: Sendable {
    private var indices: [ExactText: Int] = [:]

    /// Indexes `names` by position; a repeated name keeps its last position.
    public init(_ names: [String]) {
        indices.reserveCapacity(names.count)
        for (position, name) in names.enumerated() { indices[ExactText(name)] = position }
    }

    /// The index of the field spelt exactly `name`, if any.
    public subscript(_ name: String) -> Int? { indices[ExactText(name)] }

    /// How many names are indexed.
    public var count: Int { indices.count }
}
