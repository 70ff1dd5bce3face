/// The ECMAScript flags FormSpec's patterns take beside the implied `u`: `i` (ignore case under
/// simple case folding), `m` (multiline `^` and `$`) and `s` (dotAll). A pattern's flags hold for
/// the whole pattern; modifier groups `(?i:…)`, `(?-i:…)` turn them on or off inside.
package struct PatternFlags: OptionSet, Sendable, Hashable, Codable {
    package let rawValue: UInt8

    /// Creates flags from their bits.
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `i`: characters and classes match under simple case folding (ECMAScript `u`-mode
    /// Canonicalize).
    package static let ignoreCase = PatternFlags(rawValue: 1)
    /// `m`: `^` and `$` also match after and before a line terminator.
    package static let multiline = PatternFlags(rawValue: 2)
    /// `s`: `.` matches line terminators too.
    package static let dotAll = PatternFlags(rawValue: 4)

    /// The flag letters FormSpec knows, in their canonical order.
    package static let letters = "ims"

    /// The flag a letter names, or `nil` for any other character.
    package static func flag(_ letter: Character) -> PatternFlags? {
        switch letter {
        case "i": .ignoreCase
        case "m": .multiline
        case "s": .dotAll
        default: nil
        }
    }

    /// The flags as letters in canonical order (`"ims"`, `""` for none).
    package var description: String {
        var text = ""
        if contains(.ignoreCase) { text += "i" }
        if contains(.multiline) { text += "m" }
        if contains(.dotAll) { text += "s" }
        return text
    }

    /// What is wrong with a flags string.
    package enum Problem: Error, Sendable, Hashable {
        /// A character that is not one of `ims`.
        case unknown(Character)
        /// A flag written twice.
        case repeated(Character)
    }

    /// Parses a flags string: letters from `ims`, each at most once, in any order.
    /// - Returns: The flags, or the first problem.
    package static func parse(_ text: String) -> Result<PatternFlags, Problem> {
        var flags = PatternFlags()
        for letter in text {
            guard let flag = flag(letter) else { return .failure(.unknown(letter)) }
            guard !flags.contains(flag) else { return .failure(.repeated(letter)) }
            flags.insert(flag)
        }
        return .success(flags)
    }
}
