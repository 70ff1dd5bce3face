/// `min_length: N` / `max_length: N`: the text's length, in grapheme clusters unless `unit:` says otherwise.
public struct LengthRule: Sendable, Codable, Hashable {
    /// Which bound.
    public enum Bound: String, Sendable, Codable, Hashable { case min, max }

    /// What a length counts.
    public enum Unit: String, Sendable, Codable, Hashable, CaseIterable {
        /// What a person sees as one character (Swift `String.count`).
        case graphemes
        case scalars, utf8, utf16
    }

    public var bound: Bound
    public var limit: Int
    public var unit: Unit

    public init(bound: Bound, limit: Int, unit: Unit) {
        self.bound = bound
        self.limit = limit
        self.unit = unit
    }

    /// Whether `text` is within the bound.
    public func passes(_ text: String) -> Bool {
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
