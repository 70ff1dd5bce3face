import ArgumentParser
import FormSpecCLISupport
import FormSpecCompiler
import FormSpecDiagnostics
@_spi(Tooling) import FormSpecRuntime
import FormSpecSpecTesting

/// `formspec test [PATH…]`: runs the spec tests of every `*.form.yaml` under the paths
/// (docs/reference.md). The last line on stdout is `N passed, N failed`.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run the spec tests of FormSpec specs.",
        discussion: """
            Compiles every *.form.yaml under the given files and folders (default: Specs) and runs \
            each spec's `tests:`. A spec that does not compile counts as one failed test. A spec \
            with a sibling NAME.diagnostics golden file is a compile-fail test: it passes when its \
            diagnostics equal the golden text (rewrite goldens with --record or FORMSPEC_RECORD=1). \
            The last line printed is `N passed, N failed`. Exits 0 when every test passed, 1 when \
            any failed, a spec had an error, a path does not exist or no spec was found.
            """)

    @Argument(help: "Spec files or folders searched recursively for *.form.yaml (default: Specs).")
    var paths: [String] = []

    @Option(
        help: ArgumentHelp("Run only tests whose name or form name contains TEXT (ignoring case).", valueName: "text"))
    var filter: String?

    @Option(help: ArgumentHelp("Also write a JUnit XML report to FILE.", valueName: "file"))
    var junit: String?

    // Text even when piped (unlike `validate`): CI reads the closing `N passed, N failed` line.
    @Option(help: ArgumentHelp("Output format: text (one line per test, the default) or json.", valueName: "text|json"))
    var format: OutputFormat = .text

    @Option(
        help: ArgumentHelp(
            "The date `today` means in the specs' date rules (default: the real date).", valueName: "YYYY-MM-DD"),
        transform: TodayArgument.parse)
    var today: CivilDate?

    @Flag(
        help:
            "Rewrite compile-fail golden files (NAME.diagnostics) from the current diagnostics (also FORMSPEC_RECORD=1)."
    )
    var record = false

    func run() throws {
        let roots = paths.isEmpty ? ["Specs"] : paths
        let runner = SpecTestRunner(
            filter: filter, record: record || SpecTestRunner.recordRequestedByEnvironment, today: today)
        // A path that does not exist, or a spec whose name cannot be opened, is a failed test of its
        // own; the others still run.
        let (files, missing, unopenable) = SpecTestRunner.discover(roots)
        guard !files.isEmpty || !missing.isEmpty || !unopenable.isEmpty else {
            return try finish(
                SpecTestRun(specs: []),
                error: "no spec files (*.form.yaml) found in \(roots.joined(separator: ", "))")
        }

        let style = Style(colored: format == .text && Console.stdoutColored)
        let show = { (spec: SpecFileResult) in
            if let warnings = spec.warnings { Console.printError(warnings) }
            guard format == .text else { return }
            for test in spec.tests { Console.writeOutput(style.line(for: test) + "\n") }
        }
        let unreadable =
            missing.map { runner.unreadablePathResult($0, reason: "no such file or directory") }
            + unopenable.map { runner.unreadablePathResult($0, reason: SpecFolder.unopenableReason) }
        unreadable.forEach(show)
        let tested = runner.run(specFiles: files, progress: show)
        let run = SpecTestRun(specs: unreadable + tested.specs)

        let recorded = run.results.count(where: \.recorded)
        if recorded > 0 { Console.report(.note, "recorded \(Console.count(recorded, "golden file"))") }
        var problem: String?
        if tested.results.isEmpty, let filter, !filter.isEmpty {
            problem = "no tests match --filter '\(filter)'"
        } else if run.results.isEmpty {
            Console.report(.note, "the specs found have no tests")
        }
        try finish(run, error: problem)
    }

    /// Writes the JUnit report, prints the closing summary (or JSON document) and exits.
    private func finish(_ run: SpecTestRun, error: String?) throws {
        var failed = error != nil || !run.allPassed
        if let error { Console.report(.error, error) }
        if let junit {
            do {
                try FileIO.write(Array(run.junitXML(runError: error).utf8), toPath: junit)
            } catch {
                Console.report(.error, "cannot write the JUnit report: \(error)")
                failed = true
            }
        }
        switch format {
        case .text: Console.writeOutput(run.summary + "\n")
        case .json: Console.writeOutput(run.json(pretty: true) + "\n")
        }
        if failed { throw ExitCode.failure }
    }

    /// Text output: `✓ form: name`, or `✗ form: name` followed by the failure, indented.
    struct Style {
        var colored: Bool

        func line(for test: SpecTestResult) -> String {
            let mark = test.passed ? paint("✓", "32") : paint("✗", "31")
            var line = "\(mark) \(TerminalText.escaped(test.form)): \(TerminalText.escaped(test.name))"
            if test.recorded { line += " (recorded)" }
            if let failure = test.failure {
                for part in failure.split(separator: "\n", omittingEmptySubsequences: false) {
                    line += part.isEmpty ? "\n" : "\n  " + TerminalText.escaped(String(part), keepingLineBreaks: true)
                }
            }
            return line
        }

        private func paint(_ text: String, _ code: String) -> String {
            colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
        }
    }
}
