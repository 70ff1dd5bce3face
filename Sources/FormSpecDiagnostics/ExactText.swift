/// A string compared by its Unicode scalars, not by canonical equivalence.
///
/// Swift's `String ==` treats precomposed `"é"` and `"e\u{301}"` as equal; the language says text
/// comparisons are exact, so equality and hashing here go by UTF-8 bytes. It lives with the
/// diagnostics, the module every stage shares, so the YAML loader (duplicate keys) and the runtime
/// (choices, field names) compare text one way; its members are inlinable, as they were when it was
/// the runtime's own.
package struct ExactText: Sendable, Hashable, Codable {
    /// The text.
    package var string: String

    /// Wraps `string`.
    @inlinable package init(_ string: String) { self.string = string }

    @inlinable package static func == (lhs: ExactText, rhs: ExactText) -> Bool { same(lhs.string, rhs.string) }

    /// Whether `a` and `b` have the same Unicode scalars (the same UTF-8 bytes): FormSpec's one exact
    /// text comparison. Byte counts first, then the contiguous bytes (a generic `elementsEqual` over
    /// the views costs a call per byte).
    @inlinable package static func same(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        let same = a.utf8.withContiguousStorageIfAvailable { left in
            b.utf8.withContiguousStorageIfAvailable { right in
                for index in left.indices where left[index] != right[index] { return false }
                return true
            }
        }
        return (same ?? nil) ?? a.utf8.elementsEqual(b.utf8)
    }

    @inlinable package func hash(into hasher: inout Hasher) {
        var string = string
        // One call over the contiguous bytes instead of one per byte.
        string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
