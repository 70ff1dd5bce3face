/// `pattern: REGEX` / `not_pattern: REGEX`: an unanchored search with ECMAScript-like semantics
/// (`$` only at the very end, ASCII `\d` and `\w`, `.` not matching a newline), compiled once.
public struct PatternRule: Sendable, Codable, Hashable {
    /// The pattern as the spec wrote it.
    public let source: String
    /// `true` for `not_pattern`.
    public let negated: Bool
    private let compiled: CompiledPattern

    /// Compiles `source`.
    /// - Throws: ``PatternError`` with the regex engine's explanation when the pattern is invalid.
    public init(source: String, negated: Bool) throws(PatternError) {
        self.source = source
        self.negated = negated
        self.compiled = try CompiledPattern(source)
    }

    /// Whether `text` passes (a match for `pattern`, none for `not_pattern`).
    public func passes(_ text: String) -> Bool {
        compiled.matches(text) != negated
    }

    private enum CodingKeys: String, CodingKey { case source, negated }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            source: container.decode(String.self, forKey: .source),
            negated: container.decode(Bool.self, forKey: .negated))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(source, forKey: .source)
        try container.encode(negated, forKey: .negated)
    }

    public static func == (lhs: PatternRule, rhs: PatternRule) -> Bool {
        lhs.source == rhs.source && lhs.negated == rhs.negated
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(source)
        hasher.combine(negated)
    }
}

/// Why a pattern does not compile.
public struct PatternError: Error, Sendable, Hashable {
    /// The engine's explanation.
    public var message: String
}

/// A compiled regular expression. `Regex` holds no mutable state once built, so sharing it
/// across tasks is safe.
final class CompiledPattern: @unchecked Sendable {
    private let regex: Regex<AnyRegexOutput>

    init(_ source: String) throws(PatternError) {
        do {
            regex = try Regex(Self.translate(source))
                .matchingSemantics(.unicodeScalar)
                .asciiOnlyDigits()
                .asciiOnlyWordCharacters()
                .wordBoundaryKind(.simple)
                .dotMatchesNewlines(false)
                .anchorsMatchLineEndings(false)
        } catch {
            throw PatternError(message: Self.explain(error))
        }
    }

    func matches(_ text: String) -> Bool {
        (try? regex.firstMatch(in: text)) != nil
    }

    /// Rewrites ECMAScript spellings the Swift engine reads differently: an unescaped `$` outside
    /// a class becomes `\z` (end of input only, never before a trailing newline), and `\/` becomes `/`.
    static func translate(_ source: String) -> String {
        var result = ""
        var inClass = false
        var iterator = source.makeIterator()
        while let character = iterator.next() {
            switch character {
            case "\\":
                guard let next = iterator.next() else {
                    result.append("\\")
                    continue
                }
                if next == "/" { result.append("/") } else { result += "\\\(next)" }
            case "[" where !inClass:
                inClass = true
                result.append(character)
            case "]" where inClass:
                inClass = false
                result.append(character)
            case "$" where !inClass:
                result += "\\z"
            default:
                result.append(character)
            }
        }
        return result
    }

    private static func explain(_ error: any Error) -> String {
        let text = String(describing: error)
        return text.isEmpty ? "invalid regular expression" : text
    }
}
