import ArgumentParser
import FormSpec
import FormSpecCLISupport

/// `formspec validate SPEC [INPUT…]`: validates inputs and prints one report per input.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Validate JSON or YAML inputs against a spec and print reports.",
        discussion: """
            Each INPUT is a .json, .yaml or .yml file holding one object, or a .jsonl file (or any \
            input with --jsonl) holding one JSON object a line; `-` or no INPUT reads stdin. \
            JSON Lines are streamed: one output line per input line, in order; a malformed (or \
            blank) line gives {"line": N, "error": "…"} and the run goes on.

            With --format json each report is one line of JSON (docs/reference.md); text is a \
            checklist per field. Every external check the spec uses needs --stub NAME=true|false.

            Exits 0 when every input is valid, 1 when any is invalid or malformed, 2 for a usage, \
            I/O or spec error, or an external check without a stub.
            """)

    @Argument(help: "The spec (NAME.form.yaml).", completion: .file(extensions: ["yaml"]))
    var spec: String

    @Argument(help: "Input files; '-' or none reads stdin.", completion: .file())
    var inputs: [String] = []

    @Flag(help: "Read every input as JSON Lines (one object a line), whatever its extension.")
    var jsonl = false

    @OptionGroup var output: FormatOptions
    @OptionGroup var evaluation: EvaluationOptions

    func validate() throws {
        if inputs.count(where: { $0 == "-" }) > 1 { throw ValidationError("stdin ('-') can be read only once") }
    }

    func run() throws {
        let program = try SpecLoading.program(at: spec, failureCode: 2)
        let context = try evaluation.context(for: program)
        let sources = inputs.isEmpty ? ["-"] : inputs
        for source in sources where source != "-" {
            do throws(FileError) {
                try FileIO.checkReadable(path: source)
            } catch {
                throw Console.fail(error.description, code: 2)
            }
        }

        let format = output.resolved
        let buffer = OutputBuffer(descriptor: 1)
        let validator = BatchValidator(
            program: program, context: context,
            format: format == .json ? .json : .text(colored: Console.stdoutColored),
            output: buffer, namesInputs: sources.count > 1)
        var separate = false
        do {
            for source in sources {
                let name = source == "-" ? "<stdin>" : source
                if source == "-", FileIO.isTerminal(0) {
                    Console.printError("formspec: reading the input from stdin (end it with Ctrl-D)\n")
                }
                if format == .text, separate { buffer.write("\n") }
                separate = true
                if jsonl || InputDecoder.isJSONLines(path: source) {
                    let reader = source == "-" ? LineReader(descriptor: 0, path: name) : try LineReader(path: source)
                    try validator.validateLines(reader)
                } else {
                    let bytes =
                        source == "-" ? try FileIO.read(descriptor: 0, path: name) : try FileIO.read(path: source)
                    try validator.validateDocument(bytes, name: name, syntax: InputDecoder.syntax(forPath: source))
                }
            }
        } catch let error as FileError {
            buffer.flush()
            throw Console.fail(error.description, code: 2)
        } catch let abort as BatchValidator.Abort {
            buffer.flush()
            if case .unresolvedCheck(let check, let field) = abort.error {
                throw Console.fail(
                    "external check '\(check)' (field '\(field)') has no outcome",
                    notes: ["give its outcome with --stub \(check)=true or --stub \(check)=false"], code: 2)
            }
            throw Console.fail(abort.description, code: 2)
        }
        buffer.flush()
        if buffer.failed { throw Console.fail("cannot write the reports to stdout", code: 2) }

        let total = validator.validCount + validator.invalidCount + validator.errorCount
        if format == .text, total > 1 {
            var summary =
                "validated \(Console.count(total, "input")): \(validator.validCount) valid, \(validator.invalidCount) invalid"
            if validator.errorCount > 0 { summary += ", \(validator.errorCount) unreadable" }
            Console.printError(summary + "\n")
        }
        if !validator.allValid { throw ExitCode(1) }
    }
}
