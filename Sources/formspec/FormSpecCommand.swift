import ArgumentParser
import FormSpec
import FormSpecCLISupport

/// `formspec`: the FormSpec command-line tool (docs/reference.md).
@main
struct FormSpecCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formspec",
        abstract: "Check, test, run and compile declarative form-validation specs.",
        discussion: """
            A spec (NAME.form.yaml) declares a form's fields and their rules. `check` reports every \
            problem in specs, `validate` runs a spec over JSON or YAML inputs and prints reports, \
            `test` runs the specs' own tests, and `compile` writes the compiled form for embedding.

            Exit codes: 0 success; 1 a spec error, an invalid input or a failing test; 2 a usage, \
            I/O or spec error in `validate` (and any usage error).
            """,
        version: "1.0.0",
        subcommands: [CheckCommand.self, ValidateCommand.self, TestCommand.self, CompileCommand.self, LSPCommand.self]
    )

    /// Runs the command line, turning argument errors into exit code 2 (ArgumentParser's default
    /// is 64), as the CLI contract gives 2 for usage errors.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileIO.write(fullMessage(for: error) + "\n", to: 2)
                Console.terminate(2)
            }
            exit(withError: error)
        }
    }
}
