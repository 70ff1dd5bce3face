/// A compiled ECMAScript `u`-mode pattern that answers "does the text contain a match" in time
/// linear in the text.
public struct Pattern: Sendable, Hashable {
    /// The pattern as written.
    public let source: String
    /// The lowered pattern.
    public let ir: PatternIR

    /// Compiles `source`.
    /// - Throws: ``PatternSyntaxError`` when the pattern is invalid or refused.
    public init(_ source: String) throws(PatternSyntaxError) {
        self.source = source
        self.ir = try PatternSyntax.lower(source)
    }

    /// Whether `text` contains a match (an unanchored search; write `^…$` to anchor).
    public func matches(_ text: String) -> Bool {
        // Placeholder until the automata land.
        false
    }
}
