import ArgumentParser
import FormSpecCLISupport
import FormSpecCompiler
import FormSpecDiagnostics
@_spi(Tooling) import FormSpecRuntime
import FormSpecSpecTesting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `--report full|errors`.
enum ReportArgument: String, ExpressibleByArgument, CaseIterable {
    case full, errors

    var style: BatchValidator.ReportStyle {
        switch self {
        case .full: .full
        case .errors: .errors
        }
    }
}

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
            checklist per field. --report full writes the whole report (every active field with \
            its checklist); --report errors writes {"valid":true}, or {"valid":false,"errors":…, \
            "warnings":…,"form_errors":[…]} with only the fields that fail and without empty \
            members. The default is errors for JSON Lines, full for a single document. Every \
            external check the spec uses needs --stub NAME=true|false.

            JSON Lines are validated on --jobs threads (default: one per core), the one reading \
            the input among them, reports still in input order. --jobs is clamped to the number of cores, and a thread starts only when a \
            chunk of lines (256 KiB of input; a regular file is mapped into memory) waits for one, so a short input uses one thread; \
            a thread the system refuses to start is done without. A document or a JSON Lines line longer than --max-input-bytes (default \
            64 MiB) is an error instead of being read. Writing stops at the first failed write \
            (a full disk, a closed pipe): exit 2.

            Exits 0 when every input is valid, 1 when any is invalid or malformed, 2 for a usage, \
            I/O or spec error, or an external check without a stub.
            """)

    @Argument(help: "The spec (NAME.form.yaml).", completion: .file(extensions: ["yaml"]))
    var spec: String

    @OptionGroup var imports: ImportOptions

    @Argument(help: "Input files; '-' or none reads stdin.", completion: .file())
    var inputs: [String] = []

    @Flag(help: "Read every input as JSON Lines (one object a line), whatever its extension.")
    var jsonl = false

    @Option(
        help: ArgumentHelp(
            "JSON report: full, or errors (only what fails). Default: errors for JSON Lines, full for a document.",
            valueName: "full|errors"))
    var report: ReportArgument?

    // Unconditional: `--jobs -1` is a value to refuse by name, not a missing value and an option.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Threads validating JSON Lines (default and most: the number of cores).", valueName: "n"))
    var jobs: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The largest document or JSON Lines line read, in bytes (default: 64 MiB).", valueName: "bytes"))
    var maxInputBytes: Int = LineReader.defaultMaxLineLength

    @OptionGroup var output: FormatOptions
    @OptionGroup var evaluation: EvaluationOptions

    func validate() throws {
        if inputs.count(where: { $0 == "-" }) > 1 { throw ValidationError("stdin ('-') can be read only once") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if maxInputBytes < 1 { throw ValidationError("--max-input-bytes must be at least 1") }
    }

    func run() throws {
        let program = try SpecLoading.program(at: spec, failureCode: 2, options: imports.compileOptions)
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
            format: format == .json ? .json(.full) : .text(colored: Console.stdoutColored),
            output: buffer, namesInputs: sources.count > 1)
        let threads = jobs ?? onlineProcessorCount()
        var separate = false
        do {
            for source in sources {
                let name = source == "-" ? "<stdin>" : source
                if source == "-", FileIO.isTerminal(0) {
                    Console.printError("formspec: reading the input from stdin (end it with Ctrl-D)\n")
                }
                if format == .text, separate { buffer.write("\n") }
                separate = true
                let lines = jsonl || InputDecoder.isJSONLines(path: source)
                if format == .json { validator.format = .json(report?.style ?? (lines ? .errors : .full)) }
                if lines {
                    let reader =
                        source == "-"
                        ? LineReader(descriptor: 0, path: name, maxLineLength: maxInputBytes)
                        : try LineReader(path: source, maxLineLength: maxInputBytes)
                    try validator.validateLines(reader, jobs: threads)
                } else {
                    let read = Result { () throws(FileError) in
                        source == "-"
                            ? try FileIO.read(descriptor: 0, path: name, limit: maxInputBytes)
                            : try FileIO.read(path: source, limit: maxInputBytes)
                    }
                    switch read {
                    case .success(let bytes):
                        try validator.validateDocument(
                            bytes, name: name, syntax: InputDecoder.syntax(forPath: source))
                    case .failure(let error) where error.exceedsLimit:
                        // Too large to read: that input's error report, and the run goes on.
                        validator.reportUnreadable(error.reason, input: name)
                    case .failure(let error):
                        throw error
                    }
                    if buffer.failed { throw BatchValidator.WriteFailure() }
                }
            }
        } catch let error as FileError {
            buffer.flush()
            throw Console.fail(error.description, code: 2)
        } catch is BatchValidator.WriteFailure {
            throw Console.fail("cannot write the reports to stdout; stopped", code: 2)
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
