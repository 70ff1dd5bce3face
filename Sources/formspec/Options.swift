import ArgumentParser
import FormSpecCLISupport
import FormSpecCompiler
import FormSpecDiagnostics
@_spi(Tooling) import FormSpecRuntime
import FormSpecSpecTesting

/// An option's values are its cases' spellings, and none has a description of its own (help
/// shows the spelling; an enum that wants descriptions must not take these). ArgumentParser's
/// defaults work both out through key paths and descriptions made at run time, on every run:
/// 1.4M of the nested spec's 52.2M start-up instructions, about 0.3 ms.
extension ExpressibleByArgument where Self: CaseIterable, Self: RawRepresentable, RawValue == String {
    static var allValueStrings: [String] { allCases.map { $0.rawValue } }
    static var allValueDescriptions: [String: String] { [:] }
}

/// `--format text|json`.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// `--format`, shared by the commands that print results.
struct FormatOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Output format: text for people, json for tools (default: text on a terminal, else json).",
            valueName: "text|json"))
    var format: OutputFormat?

    /// The format asked for, or the default for where stdout goes.
    var resolved: OutputFormat { format ?? (Console.stdoutIsTerminal ? .text : .json) }
}

/// `--mode new|edit|show`.
enum ModeArgument: String, ExpressibleByArgument, CaseIterable {
    case new, edit, show

    var mode: Mode {
        switch self {
        case .new: .new
        case .edit: .edit
        case .show: .show
        }
    }
}

/// One `--stub NAME=BOOL`.
struct StubArgument: Hashable {
    var name: String
    var outcome: Bool

    /// Parses `NAME=true` or `NAME=false`.
    init(parsing argument: String) throws {
        guard let equals = argument.firstIndex(of: "=") else {
            throw ValidationError("expected NAME=true or NAME=false")
        }
        name = String(argument[..<equals])
        guard !name.isEmpty else { throw ValidationError("the check name is missing (expected NAME=true|false)") }
        switch argument[argument.index(after: equals)...] {
        case "true": outcome = true
        case "false": outcome = false
        default: throw ValidationError("the outcome must be true or false")
        }
    }
}

/// The options that shape an evaluation: `--locale`, `--mode`, `--original`, `--stub`, `--strict`.
struct EvaluationOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp("Show messages in locale L (e.g. en, ja, zh-Hant; default: the spec's).", valueName: "L"))
    var locale: String?

    @Option(
        help: ArgumentHelp(
            "The mode the form is shown in (default: edit with --original, else new).", valueName: "new|edit|show"))
    var mode: ModeArgument?

    @Option(
        help: ArgumentHelp("The values before editing, for edit mode: a JSON or YAML object.", valueName: "file"),
        completion: .file())
    var original: String?

    @Option(
        name: .customLong("stub"),
        help: ArgumentHelp(
            "The outcome of external check NAME (repeatable). Every check the spec uses needs one.",
            valueName: "name=bool"),
        transform: StubArgument.init(parsing:))
    var stubs: [StubArgument] = []

    @Flag(help: "Report input keys that are not fields as form errors (rule unknown_field).")
    var strict = false

    @Option(
        help: ArgumentHelp("The date `today` means in date rules (default: the real date).", valueName: "YYYY-MM-DD"),
        transform: TodayArgument.parse)
    var today: CivilDate?

    func validate() throws {
        if mode == .edit, original == nil {
            throw ValidationError(
                "--mode edit needs --original FILE: the values before editing, which `changed` and require_changes compare against"
            )
        }
        if let mode, mode != .edit, original != nil {
            // Only edit mode compares with the values before editing: the file would be read for nothing.
            throw ValidationError("--original is read in edit mode only; --mode \(mode.rawValue) would ignore it")
        }
        var seen: [String: Bool] = [:]
        for stub in stubs {
            if let earlier = seen[stub.name], earlier != stub.outcome {
                throw ValidationError("--stub \(stub.name) is given both true and false")
            }
            seen[stub.name] = stub.outcome
        }
    }

    /// The stubbed outcomes, checked against the checks `program` uses: every check needs a stub
    /// and every stub must name a check.
    ///
    /// - Throws: `ExitCode(2)` after printing what is wrong.
    func stubOutcomes(for program: Program) throws -> [String: Bool] {
        var outcomes: [String: Bool] = [:]
        for stub in stubs { outcomes[stub.name] = stub.outcome }
        var problems = false
        let used = Set(program.checkNames)
        for stub in stubs where !used.contains(stub.name) && outcomes[stub.name] != nil {
            outcomes[stub.name] = nil
            var notes: [String] = []
            if let match = closestMatch(to: stub.name, in: program.checkNames) {
                notes.append("did you mean '\(match)'?")
            } else if program.checkNames.isEmpty {
                notes.append("the spec uses no external checks")
            } else {
                notes.append("the spec's checks: \(program.checkNames.joined(separator: ", "))")
            }
            Console.report(
                .error, "--stub \(stub.name): the spec has no external check named '\(stub.name)'", notes: notes)
            problems = true
        }
        for name in program.checkNames where outcomes[name] == nil && !stubs.contains(where: { $0.name == name }) {
            Console.report(
                .error, "the spec uses external check '\(name)', which the CLI cannot run",
                notes: ["give its outcome with --stub \(name)=true or --stub \(name)=false"])
            problems = true
        }
        if problems { throw ExitCode(2) }
        return outcomes
    }

    /// The `--original` object, read as JSON or YAML.
    ///
    /// - Throws: `ExitCode(2)` after printing why it cannot be read.
    func loadOriginal() throws -> Value? {
        guard let original else { return nil }
        let value: Value
        do {
            let bytes = try FileIO.read(path: original)
            value = try InputDecoder.decode(
                bytes, path: original, syntax: InputDecoder.syntax(forPath: original), suggestsJSONLines: false)
        } catch let error as FileError {
            throw Console.fail("--original: \(error.description)", code: 2)
        } catch {
            throw Console.fail("--original \(original): \(error)", code: 2)
        }
        guard case .object = value else {
            throw Console.fail("--original \(original): must be an object, not \(value.kindDescription)", code: 2)
        }
        return value
    }

    /// The evaluation context these options describe.
    func context(for program: Program) throws -> EvaluationContext {
        if let locale, let warning = LocaleChain.warning(forRequested: locale, available: program.messageLocales) {
            Console.report(.warning, warning)
        }
        let outcomes = try stubOutcomes(for: program)
        let original = try loadOriginal()
        var context = EvaluationContext(
            locale: locale, mode: mode?.mode ?? (original != nil ? .edit : .new), original: original,
            strict: strict, today: today ?? .today(), checks: EvaluationContext.stubs(outcomes))
        // Locales and the original values are worked out once for the whole run, not per input.
        do throws(EvaluationError) {
            try context.prepare(for: program)
        } catch {
            throw Console.fail("--original \(self.original ?? ""): \(error)", code: 2)
        }
        return context
    }
}

/// `--today YYYY-MM-DD`.
enum TodayArgument {
    /// Parses a calendar date.
    static func parse(_ argument: String) throws -> CivilDate {
        guard let date = CivilDate(iso: argument) else {
            throw ValidationError("--today must be a date written YYYY-MM-DD, like 2025-01-31")
        }
        return date
    }
}

/// `--import-root DIR`, shared by the commands that compile specs.
struct ImportOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Let imports reach any file under DIR (default: only the spec's own folder and its subfolders).",
            valueName: "dir"),
        completion: .directory)
    var importRoot: String?

    /// Refuses a root that is not a folder before anything is compiled: without it every import
    /// would be refused, each with its own error.
    func validate() throws {
        guard let importRoot else { return }
        switch FileKind(path: importRoot) {
        case .folder: return
        case .missing: throw ValidationError("--import-root '\(importRoot)': no such folder")
        case .file, .other: throw ValidationError("--import-root '\(importRoot)': not a folder")
        }
    }

    /// The compiler options these flags ask for.
    var compileOptions: CompileOptions { CompileOptions(importRoot: importRoot) }
}
