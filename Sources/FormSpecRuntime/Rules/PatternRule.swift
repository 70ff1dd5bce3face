import FormSpecPattern

/// `pattern: REGEX` / `not_pattern: REGEX`, with optional `flags:` (`i`, `m`, `s`): an unanchored
/// search with ECMAScript `u`-mode semantics, compiled once to automata that match in time linear
/// in the text.
package struct PatternRule: Sendable, Codable, Hashable {
    /// The compiled pattern.
    package let pattern: Pattern
    /// `true` for `not_pattern`.
    package let negated: Bool

    /// The pattern as the spec wrote it.
    package var source: String { pattern.source }

    /// Compiles `source` with `flags`.
    /// - Throws: ``PatternError`` (a `PatternSyntaxError`) with the position of the problem when the
    ///   pattern is invalid, refused or too large.
    package init(source: String, flags: PatternFlags = [], negated: Bool) throws(PatternError) {
        self.pattern = try Pattern(source, flags: flags)
        self.negated = negated
    }

    /// Wraps an already compiled pattern.
    package init(pattern: Pattern, negated: Bool) {
        self.pattern = pattern
        self.negated = negated
    }

    /// Whether `text` passes (a match for `pattern`, none for `not_pattern`).
    package func passes(_ text: String) -> Bool {
        pattern.matches(text) != negated
    }

    /// Whether UTF-8 `bytes` pass; the batch scanner's entry, with no `String` in between.
    package func passes(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        pattern.matches(utf8: bytes) != negated
    }

    private enum CodingKeys: String, CodingKey { case source, flags, negated, compiled }

    /// Decodes the stored automata; a program written before patterns were stored compiled (only
    /// `source`, and `flags` when there are some) is compiled again.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let negated = try container.decode(Bool.self, forKey: .negated)
        if let pattern = try container.decodeIfPresent(Pattern.self, forKey: .compiled) {
            self.init(pattern: pattern, negated: negated)
        } else {
            let letters = try container.decodeIfPresent(String.self, forKey: .flags) ?? ""
            guard case .success(let flags) = PatternFlags.parse(letters) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .flags, in: container, debugDescription: "invalid pattern flags '\(letters)'")
            }
            try self.init(source: container.decode(String.self, forKey: .source), flags: flags, negated: negated)
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(source, forKey: .source)
        if !pattern.flags.isEmpty { try container.encode(pattern.flags.description, forKey: .flags) }
        try container.encode(negated, forKey: .negated)
        try container.encode(pattern, forKey: .compiled)
    }
}

/// Why a pattern does not compile: the pattern engine's error, with its offset in the pattern.
package typealias PatternError = PatternSyntaxError
