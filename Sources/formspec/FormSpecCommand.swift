import ArgumentParser
import FormSpecCLISupport
import FormSpecCompiler
import FormSpecDiagnostics
@_spi(Tooling) import FormSpecRuntime
import FormSpecSpecTesting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `formspec`: the FormSpec command-line tool (docs/reference.md).
@main
struct FormSpecCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formspec",
        abstract: "Check, test, run and compile declarative form-validation specs.",
        discussion: """
            A spec (NAME.form.yaml) declares a form's fields and their rules. `check` reports every \
            problem in specs, `validate` runs a spec over JSON or YAML inputs and prints reports, \
            `test` runs the specs' own tests, and `compile` writes the compiled form for embedding.

            Exit codes: 0 success; 1 a spec error, an invalid input or a failing test; 2 a usage, \
            I/O or spec error in `validate`, any usage error, and a report of check, test or \
            validate that cannot be written (a file compile or test --junit cannot write: 1).
            """,
        version: "1.0.0",
        subcommands: [CheckCommand.self, ValidateCommand.self, TestCommand.self, CompileCommand.self, LSPCommand.self]
    )

    /// Runs the command line, turning argument errors into exit code 2 (ArgumentParser's default
    /// is 64), as the CLI contract gives 2 for usage errors.
    ///
    /// Synchronous: no command awaits anything, and an `async` main starts the concurrency
    /// runtime's executor and costs two more conformance lookups (about 0.1 ms of every run).
    static func main() {
        // Writes to a closed pipe fail with EPIPE instead of killing the process, so every
        // command sees the failure, reports it and stops (`validate … | head -1`).
        signal(SIGPIPE, SIG_IGN)
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let message = notUTF8Message() {
            FileIO.write(message, to: 2)
            Console.terminate(2)
        }
        if let first = arguments.first, let message = unknownSubcommandMessage(first) {
            FileIO.write(message, to: 2)
            Console.terminate(2)
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileIO.write(fullMessage(for: error) + "\n", to: 2)
                Console.terminate(2)
            }
            exit(withError: error)
        }
    }

    /// The error for an argument that is not valid UTF-8 (a file name can hold any bytes):
    /// `CommandLine.arguments` has U+FFFD in place of its bad bytes, a path that names no file,
    /// so it is refused by position rather than reported as missing; `nil` when all are text.
    static func notUTF8Message() -> String? {
        for index in 1..<max(1, Int(CommandLine.argc)) {
            guard let raw = CommandLine.unsafeArgv[index], String(validatingCString: raw) == nil else { continue }
            let shown = TerminalText.escaped(CommandLine.arguments[index])
            return "formspec: error: argument \(index) ('\(shown)') is not valid UTF-8; FormSpec reads paths and "
                + "options as text: rename the file\n"
        }
        return nil
    }

    /// The error for a first argument that looks like a subcommand but names none, with a
    /// did-you-mean (`formspec chek` → `did you mean 'check'?`); `nil` for a real subcommand,
    /// an option, or a path.
    static func unknownSubcommandMessage(_ word: String) -> String? {
        let names = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
        guard !word.hasPrefix("-"), !names.contains(word),
            word.allSatisfy({ $0.isLetter || $0 == "-" || $0 == "_" })
        else { return nil }
        let safe = TerminalText.escaped(word)
        var message = "formspec: error: unknown command '\(safe)'\n"
        if let match = closestMatch(to: word, in: names) {
            message += "formspec: note: did you mean '\(match)'?\n"
        } else {
            message += "formspec: note: the commands are \(names.dropLast().joined(separator: ", "))\n"
        }
        message += "Usage: formspec <command> [options]; see 'formspec --help'.\n"
        return message
    }
}
