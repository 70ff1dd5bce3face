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
        for byte in string.utf8 { hasher.combine(byte) }
    }
}
