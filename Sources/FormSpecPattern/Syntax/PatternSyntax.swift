/// The syntax layer's entry point: ECMAScript `u`-mode pattern text to ``PatternIR``.
public enum PatternSyntax {
    /// Parses `source` as an ECMAScript `u`-mode pattern and lowers it to the IR.
    /// - Throws: ``PatternSyntaxError`` for exactly the patterns ECMAScript rejects, and for
    ///   backreferences, which FormSpec refuses (they are not regular).
    public static func lower(_ source: String) throws(PatternSyntaxError) -> PatternIR {
        // Placeholder until the parser lands.
        throw PatternSyntaxError(message: "pattern parser not implemented", offset: 0)
    }
}
