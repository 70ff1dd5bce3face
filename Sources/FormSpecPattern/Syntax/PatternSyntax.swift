/// The syntax layer's entry point: ECMAScript `u`-mode pattern text to ``PatternIR``.
package enum PatternSyntax {
    /// Parses `source` as an ECMAScript `u`-mode pattern and lowers it to the IR.
    /// - Parameters:
    ///   - source: The pattern as written, without slashes or flags.
    ///   - flags: The pattern's flags (`u` is implied).
    /// - Returns: The pattern's IR, ready for the automata layer.
    /// - Throws: ``PatternSyntaxError`` for exactly the patterns ECMAScript rejects, and for
    ///   backreferences, which FormSpec refuses (they are not regular).
    package static func lower(_ source: String, flags: PatternFlags = []) throws(PatternSyntaxError) -> PatternIR {
        var parser = PatternParser(source)
        let ast = try parser.parse()
        var lowering = PatternLowering()
        return lowering.lower(ast.root, flags: flags)
    }

    /// Parses `source` without lowering it: the syntax tree with source spans.
    /// - Throws: ``PatternSyntaxError`` as ``lower(_:)`` does.
    static func parse(_ source: String) throws(PatternSyntaxError) -> PatternAST {
        var parser = PatternParser(source)
        return try parser.parse()
    }
}
