@_spi(Tooling) import FormSpecRuntime

/// Exact text comparison for the live form's hot path: by UTF-8 bytes, lengths first.
///
/// Every text comparison in FormSpec is exact (a precomposed and a decomposed "é" differ). A
/// keystroke compares the new text with the old and with the original value; comparing the byte
/// counts first and then the contiguous bytes keeps that to a few nanoseconds.
enum ExactComparison {
    /// Whether `a` and `b` have the same Unicode scalars.
    static func same(_ a: String, _ b: String) -> Bool {
        let count = a.utf8.count
        guard count == b.utf8.count else { return false }
        let fast = a.utf8.withContiguousStorageIfAvailable { a in
            b.utf8.withContiguousStorageIfAvailable { b in
                for position in 0..<count where a[position] != b[position] { return false }
                return true
            }
        }
        return (fast ?? nil) ?? a.utf8.elementsEqual(b.utf8)
    }

    /// Whether two read values are the same, text compared exactly (``FieldValue/isSame(as:)``).
    static func same(_ a: FieldValue, _ b: FieldValue) -> Bool {
        if case .value(.text(let a)) = a, case .value(.text(let b)) = b { return same(a, b) }
        return a.isSame(as: b)
    }
}
