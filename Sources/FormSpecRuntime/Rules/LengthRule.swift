/// `min_length: N` / `max_length: N`: the text's length, in grapheme clusters unless `unit:` says otherwise.
@_spi(Program) public struct LengthRule: Sendable, Codable, Hashable {
    /// Which bound.
    @_spi(Program) public enum Bound: String, Sendable, Codable, Hashable { case min, max }

    /// What a length counts.
    @_spi(Program) public enum Unit: String, Sendable, Codable, Hashable, CaseIterable {
        /// What a person sees as one character (Swift `String.count`).
        case graphemes
        case scalars, utf8, utf16
    }

    package var bound: Bound
    package var limit: Int
    package var unit: Unit

    @_spi(Program) public init(bound: Bound, limit: Int, unit: Unit) {
        self.bound = bound
        self.limit = limit
        self.unit = unit
    }

    /// Whether `text` is within the bound.
    package func passes(_ text: String) -> Bool {
        let length: Int
        switch unit {
        case .graphemes:
            // Counting graphemes walks the whole string; stop as soon as the answer is known.
            if text.utf8.count < limit { return bound == .max }
            length = Self.asciiGraphemeCount(text) ?? text.count
        case .scalars: length = text.unicodeScalars.count
        case .utf8: length = text.utf8.count
        case .utf16: length = text.utf16.count
        }
        return bound == .min ? length >= limit : length <= limit
    }

    /// Whether text with these UTF-8 bytes is within the bound, decided from the bytes alone;
    /// `nil` when that takes the text itself (a grapheme or UTF-16 count of non-ASCII text).
    ///
    /// The batch path's entry: no `String` walk for the usual ASCII value, and no call when the
    /// byte count alone decides (every unit counts at most one per byte).
    @inline(__always)
    package func passes(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        if bound == .max, bytes.count <= limit { return true }
        if bound == .min, bytes.count < limit { return false }
        return counting(utf8: bytes)
    }

    /// ``passes(utf8:)`` when the byte count alone does not decide: the units counted.
    @inline(never)
    private func counting(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        let length: Int
        switch unit {
        case .utf8: length = bytes.count
        case .graphemes, .scalars, .utf16:
            var count = 0
            var previous: UInt8 = 0
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                // "\r\n" is one grapheme, two scalars or UTF-16 units.
                if !(unit == .graphemes && byte == 0x0A && previous == 0x0D) { count += 1 }
                previous = byte
                // Past the bound the answer is known: what follows adds units, and can join an
                // ASCII character to the next only as "\r\n" does, not take it away.
                if count > limit { return bound == .min }
            }
            length = count
        }
        return bound == .min ? length >= limit : length <= limit
    }

    /// The grapheme count of all-ASCII text without grapheme breaking (each byte is one
    /// character, except that "\r\n" is one); `nil` when the text is not ASCII.
    static func asciiGraphemeCount(_ text: String) -> Int? {
        var count = 0
        var previous: UInt8 = 0
        for byte in text.utf8 {
            guard byte < 0x80 else { return nil }
            if !(byte == 0x0A && previous == 0x0D) { count += 1 }
            previous = byte
        }
        return count
    }
}
