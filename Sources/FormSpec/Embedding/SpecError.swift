/// A spec that could not be compiled into a form: every diagnostic of the compilation, and the same
/// rendered the way the compiler prints them (`PATH:LINE:COL: error: …`, source line, caret).
public struct SpecError: Error, Sendable, CustomStringConvertible {
    /// The path of the spec (or the name given to spec text).
    public let path: String
    /// Every diagnostic of the compilation, errors and warnings, sorted by file and position.
    public let diagnostics: [Diagnostic]
    /// The diagnostics rendered with source lines and carets, ready to print or log.
    public let rendered: String

    /// Creates an error from diagnostics and their rendering.
    public init(path: String, diagnostics: [Diagnostic], rendered: String) {
        self.path = path
        self.diagnostics = diagnostics
        self.rendered = rendered
    }

    /// Creates an error from a failed compilation.
    public init(_ compilation: Compilation, path: String) {
        if compilation.isLibrary, !compilation.hasErrors {
            let diagnostic = Diagnostic.error(
                "'\(path)' is a rule library (define: only), not a form; import it from a form instead",
                at: nil)
            self.init(
                path: path, diagnostics: compilation.diagnostics + [diagnostic],
                rendered: compilation.renderedDiagnostics() + DiagnosticRenderer().render([diagnostic]))
        } else {
            self.init(path: path, diagnostics: compilation.diagnostics, rendered: compilation.renderedDiagnostics())
        }
    }

    /// The diagnostics that are errors (the reason compilation failed).
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    /// The rendered diagnostics.
    public var description: String { rendered }
}
