import ArgumentParser
import FormSpecCLISupport
import FormSpecCompiler
import FormSpecDiagnostics
import FormSpecLanguageServer
@_spi(Tooling) import FormSpecRuntime
import FormSpecSpecTesting

/// `formspec lsp`: a Language Server Protocol server on stdin/stdout, for editors.
struct LSPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Run a language server for spec files over stdin and stdout.",
        discussion: """
            Speaks the Language Server Protocol (JSON-RPC 2.0 with Content-Length framing) on \
            stdin/stdout, for editors: diagnostics as `formspec check` reports them, on open and on \
            every change; completion of keys, rule names, enum values, field and define names and \
            locales; hover with a rule's documentation and default message; go to definition of \
            `use:`, `import:` and field references. Editors start it themselves; see \
            docs/editors-lsp.md. Problems with the input are logged to stderr. Exits 0 after the \
            client's `shutdown` and `exit`, 1 if the client exits or disconnects without `shutdown`.
            """)

    func run() throws {
        let code = LanguageServerMain.run(log: { FileIO.write($0, to: 2) })
        if code != 0 { throw ExitCode(code) }
    }
}
