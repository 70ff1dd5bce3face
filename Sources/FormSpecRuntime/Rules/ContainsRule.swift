/// `contains: CLASS` or `contains: [CLASS…]` with `count: N`: at least N characters of each class.
@_spi(Program) public struct ContainsRule: Sendable, Codable, Hashable {
    /// A class of characters.
    @_spi(Program) public enum CharacterClass: String, Sendable, Codable, Hashable, CaseIterable {
        case uppercase, lowercase, letter, digit, symbol, whitespace

        /// Whether `character` belongs to the class. `symbol` is anything that is not a letter,
        /// a digit or whitespace (punctuation, emoji, currency signs…).
        package func contains(_ character: Character) -> Bool {
            switch self {
            case .uppercase: character.isUppercase
            case .lowercase: character.isLowercase
            case .letter: character.isLetter
            case .digit: Self.isDigit(character)
            case .whitespace: character.isWhitespace
            case .symbol: !character.isLetter && !Self.isDigit(character) && !character.isWhitespace
            }
        }

        /// What the class counts, as the reference and the language server's hover say it.
        package var meaning: String {
            switch self {
            case .uppercase: "an uppercase letter (Unicode case, any script that has case)"
            case .lowercase: "a lowercase letter (Unicode case, any script that has case)"
            case .letter: "a letter of any script (Latin, Greek, kana, kanji and the others)"
            case .digit: "a decimal digit: `0`–`9` and other scripts' (Unicode category Nd)"
            case .symbol: "anything that is not a letter, a digit or whitespace: `!`, `€`, `_`, emoji"
            case .whitespace: "a space, tab, line break or other Unicode whitespace"
            }
        }

        private static func isDigit(_ character: Character) -> Bool {
            character.unicodeScalars.first?.properties.generalCategory == .decimalNumber
        }
    }

    package var classes: [CharacterClass]
    package var count: Int

    @_spi(Program) public init(classes: [CharacterClass], count: Int) {
        self.classes = classes
        self.count = count
    }

    /// Whether `text` has at least `count` characters of every class.
    package func passes(_ text: String) -> Bool {
        guard !classes.isEmpty, count > 0 else { return true }
        // Per-class counters live on the stack: checking a value allocates nothing.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: classes.count) { remaining in
            remaining.initialize(repeating: count)
            if let ascii = passesASCII(text, remaining: remaining) { return ascii }
            remaining.update(repeating: count)
            var unmet = classes.count
            for character in text {
                for index in classes.indices where remaining[index] > 0 && classes[index].contains(character) {
                    remaining[index] -= 1
                    if remaining[index] == 0 {
                        unmet -= 1
                        if unmet == 0 { return true }
                    }
                }
            }
            return false
        }
    }

    /// The same test for all-ASCII text, classifying bytes instead of looking up Unicode
    /// properties of each grapheme; `nil` when the text is not ASCII.
    private func passesASCII(_ text: String, remaining: UnsafeMutableBufferPointer<Int>) -> Bool? {
        var unmet = classes.count
        var previous: UInt8 = 0
        for byte in text.utf8 {
            guard byte < 0x80 else { return nil }
            // "\r\n" is one grapheme: count it once.
            defer { previous = byte }
            if byte == 0x0A, previous == 0x0D { continue }
            let isUpper = byte >= 0x41 && byte <= 0x5A
            let isLower = byte >= 0x61 && byte <= 0x7A
            let isDigit = byte >= 0x30 && byte <= 0x39
            let isSpace = byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
            for index in classes.indices where remaining[index] > 0 {
                let member: Bool
                switch classes[index] {
                case .uppercase: member = isUpper
                case .lowercase: member = isLower
                case .letter: member = isUpper || isLower
                case .digit: member = isDigit
                case .whitespace: member = isSpace
                case .symbol: member = !isUpper && !isLower && !isDigit && !isSpace
                }
                if member {
                    remaining[index] -= 1
                    if remaining[index] == 0 {
                        unmet -= 1
                        if unmet == 0 { return true }
                    }
                }
            }
        }
        return false
    }
}
