import FormSpec
@_spi(Tooling) import FormSpecRuntime
import Testing

/// Compiles `source` as `test.form.yaml`, with other files served from `files`.
func compile(_ source: String, files: [String: String] = [:]) -> Compilation {
    Compiler.compile(source: source, path: "test.form.yaml", provider: InMemorySources(files))
}

/// Compiles `source` and fails the test when it does not compile.
func program(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Program {
    let compilation = compile(source)
    #expect(!compilation.hasErrors, "\(compilation.renderedDiagnostics())", sourceLocation: sourceLocation)
    return try #require(compilation.spec?.program, sourceLocation: sourceLocation)
}

typealias SourceLocation = Testing.SourceLocation

extension Report {
    /// Error messages by field, for compact assertions.
    var messages: [String: [String]] {
        fields.compactMapValues { $0.errors.isEmpty ? nil : $0.errors.map(\.message) }
    }
}
