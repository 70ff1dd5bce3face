import FormSpecCompiler
import FormSpecDiagnostics
@_spi(Tooling) import FormSpecRuntime

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// Runs the spec tests of `*.form.yaml` files (docs/reference.md).
///
/// Each spec is compiled and each of its `tests:` is validated and compared with its expectation.
/// A spec that does not compile counts as one failed test. A spec with a sibling golden file
/// `NAME.diagnostics` is a compile-fail test instead: it passes when the compiler reports errors
/// and the rendered diagnostics equal the golden text (see `GoldenDiagnostics`).
///
/// ```swift
/// let run = try SpecTestRunner(filter: "password").run(paths: ["Specs"])
/// print(run.summary)  // "3 passed, 0 failed"
/// ```
public struct SpecTestRunner: Sendable {
    /// Keeps only tests whose name or form name contains this text (ignoring case); `nil` runs all.
    public var filter: String?
    /// Whether compile-fail tests rewrite their `.diagnostics` golden files from the current output
    /// instead of comparing with them.
    public var record: Bool
    /// The date `today` means in date rules of tests that do not pin their own (`today:` in the test
    /// or in the file's `tests:`); `nil` for the real date. A pinned date always wins: the test was
    /// written against it.
    public var today: CivilDate?

    /// Creates a runner.
    /// - Parameters:
    ///   - filter: Runs only tests whose name or form name contains this text (ignoring case).
    ///   - record: Rewrites golden files instead of comparing; defaults to whether the environment
    ///     variable `FORMSPEC_RECORD` is set to `1`, `true` or `yes`.
    ///   - today: The date `today` means; `nil` for the real date.
    public init(
        filter: String? = nil, record: Bool = SpecTestRunner.recordRequestedByEnvironment, today: CivilDate? = nil
    ) {
        self.filter = filter
        self.record = record
        self.today = today
    }

    /// Whether `FORMSPEC_RECORD` asks for golden files to be rewritten.
    public static var recordRequestedByEnvironment: Bool {
        guard let value = ProcessInfo.processInfo.environment["FORMSPEC_RECORD"] else { return false }
        return ["1", "true", "yes"].contains(value.lowercased())
    }

    // MARK: - Running

    /// Finds every spec under `paths` and runs its tests.
    /// - Parameter paths: Spec files (run whatever their name) and folders (searched recursively for
    ///   `*.form.yaml`, skipping hidden folders).
    /// - Returns: The results, file by file. With a filter, files without a matching test are left out.
    /// - Throws: ``SpecDiscoveryError`` when a path does not exist, or a spec in a folder has a name
    ///   that is not valid UTF-8 (listed with U+FFFD, a path no file has).
    public func run(paths: [String]) throws(SpecDiscoveryError) -> SpecTestRun {
        run(specFiles: try Self.specFiles(in: paths))
    }

    /// Runs the tests of each spec file in turn.
    /// - Parameters:
    ///   - specFiles: The spec files, for instance from ``specFiles(in:)``.
    ///   - progress: Called with each file's results as soon as they are known (for streaming output).
    /// - Returns: The results, file by file. With a filter, files without a matching test are left out.
    public func run(specFiles: [String], progress: (SpecFileResult) -> Void = { _ in }) -> SpecTestRun {
        var specs: [SpecFileResult] = []
        for file in specFiles {
            let result = runSpec(at: file)
            guard !result.tests.isEmpty || !isFiltering else { continue }
            specs.append(result)
            progress(result)
        }
        return SpecTestRun(specs: specs)
    }

    /// Runs the tests of the spec at `path` (or its compile-fail test, when it has a golden file).
    public func runSpec(at path: String) -> SpecFileResult {
        let clock = ContinuousClock()
        let start = clock.now
        let stem = Self.formName(fromPath: path)

        if let golden = GoldenDiagnostics.goldenPath(forSpec: path), FileKind(path: golden) != .missing {
            let name = GoldenDiagnostics.testName(golden: golden)
            guard matches(test: name, form: stem) else {
                return SpecFileResult(path: path, form: stem, tests: [], duration: 0)
            }
            let result = GoldenDiagnostics(specPath: path, goldenPath: golden, record: record).run()
            return SpecFileResult(path: path, form: stem, tests: [result], duration: result.duration)
        }

        let compilation = Compiler.compile(path: path)
        guard let spec = compilation.spec, !compilation.hasErrors else {
            let elapsed = Self.seconds(clock.now - start)
            if compilation.isLibrary && !compilation.hasErrors {
                return SpecFileResult(
                    path: path, form: stem, tests: [], duration: elapsed, warnings: Self.warnings(of: compilation))
            }
            let name = "compiles"
            guard matches(test: name, form: stem) else {
                return SpecFileResult(path: path, form: stem, tests: [], duration: elapsed)
            }
            let result = compileFailure(compilation, path: path, form: stem, name: name, duration: elapsed)
            return SpecFileResult(path: path, form: stem, tests: [result], duration: elapsed)
        }

        let form = spec.program.form
        var results: [SpecTestResult] = []
        for test in spec.tests where matches(test: test.name, form: form) {
            results.append(run(test, of: spec.program, specPath: path))
        }
        return SpecFileResult(
            path: path, form: form, tests: results, duration: Self.seconds(clock.now - start),
            warnings: Self.warnings(of: compilation))
    }

    /// Runs one spec test against `program`.
    /// - Parameters:
    ///   - test: The test, as the compiler checked it.
    ///   - program: The compiled form it belongs to.
    ///   - specPath: The spec's path, for the failure header.
    /// - Returns: The result; a check without a stub is a failure, not an error.
    public func run(_ test: SpecTest, of program: Program, specPath: String) -> SpecTestResult {
        let clock = ContinuousClock()
        let start = clock.now
        let context = EvaluationContext(
            locale: test.locale, mode: test.mode, original: test.original, strict: false,
            today: test.today ?? today ?? .today(), checks: EvaluationContext.stubs(test.stubs))
        let check = ExpectationCheck(program: program)
        var lines: [String]
        do {
            let report = try program.validate(test.input, context: context)
            lines = check.mismatches(test.expectation, report)
        } catch {
            lines = [Self.describe(error)]
        }
        let duration = Self.seconds(clock.now - start)
        let line = test.location.start.line
        guard !lines.isEmpty else {
            return SpecTestResult(
                specPath: specPath, form: program.form, name: test.name, line: line, passed: true, duration: duration)
        }

        let secrets = check.secretValues(in: [test.input] + (test.original.map { [$0] } ?? []))
        lines.append("input: " + Self.shown(check.redacted(test.input, hiding: secrets)))
        if let original = test.original {
            lines.append("original: " + Self.shown(check.redacted(original, hiding: secrets)))
        }
        var settings: [String] = []
        if let locale = test.locale { settings.append("locale: \(locale)") }
        if test.mode != .new { settings.append("mode: \(test.mode.rawValue)") }
        if let pinned = test.today ?? today { settings.append("today: \(pinned)") }
        if !test.stubs.isEmpty {
            settings.append(
                "stubs: {"
                    + test.stubs.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
                    + "}")
        }
        if !settings.isEmpty { lines.append(settings.joined(separator: ", ")) }
        // One line each, whatever the test's name, its path or a message holds: a line feed in
        // them must not start a line that reads as another result.
        let header = "\(specPath):\(line): test '\(QuotedText.shortened(test.name))' failed"
        let failure =
            TerminalText.escaped(header) + "\n" + lines.map { "  " + TerminalText.escaped($0) }.joined(separator: "\n")
        return SpecTestResult(
            specPath: specPath, form: program.form, name: test.name, line: line, passed: false, duration: duration,
            failure: failure)
    }

    // MARK: - Helpers

    /// The most characters a failure shows of one input or original, after each of its strings is
    /// cut to its first 60: anchors and aliases let a small spec hold a megabyte-long value, many times.
    static let shownValueLimit = 1_000

    /// `value` as JSON for a failure, its strings and keys cut to their first 60 characters
    /// (``QuotedText/shortened(_:to:)``) and the whole to ``shownValueLimit``.
    static func shown(_ value: Value) -> String {
        QuotedText.shortened(JSONWriter.write(shortenedStrings(value)), to: shownValueLimit)
    }

    /// `value` with every string and key cut to its first 60 characters.
    private static func shortenedStrings(_ value: Value) -> Value {
        switch value {
        case .string(let text): .string(QuotedText.shortened(text))
        case .array(let items): .array(items.map(shortenedStrings))
        case .object(let members):
            .object(members.map { Value.Member(QuotedText.shortened($0.key), shortenedStrings($0.value)) })
        case .null, .bool, .integer, .number: value
        }
    }

    private var isFiltering: Bool { !(filter ?? "").isEmpty }

    /// Whether a test named `test` of form `form` passes the filter.
    func matches(test: String, form: String) -> Bool {
        guard let filter = filter?.lowercased(), !filter.isEmpty else { return true }
        return test.lowercased().contains(filter) || form.lowercased().contains(filter)
    }

    private func compileFailure(
        _ compilation: Compilation, path: String, form: String, name: String, duration: Double
    ) -> SpecTestResult {
        let errors = compilation.diagnostics.filter { $0.severity == .error }
        let line = errors.first?.location?.start.line ?? 1
        let count = errors.count == 1 ? "1 error" : "\(errors.count) errors"
        let failure =
            TerminalText.escaped("\(path):\(line): spec does not compile (\(count))") + "\n"
            + Self.indented(compilation.renderedDiagnostics(colored: false))
        return SpecTestResult(
            specPath: path, form: form, name: name, line: line, kind: .compile, passed: false, duration: duration,
            failure: failure)
    }

    private static func warnings(of compilation: Compilation) -> String? {
        compilation.diagnostics.contains { $0.severity == .warning }
            ? compilation.renderedDiagnostics(colored: false) : nil
    }

    private static func describe(_ error: EvaluationError) -> String {
        switch error {
        case .unresolvedCheck(let check, let field):
            "external check '\(check)' (field '\(field)') has no outcome: "
                + "add `stubs: {\(check): true}` (or false) to the test"
        case .notAnObject(let kind):
            "the test's input must be an object, not \(kind)"
        }
    }

    /// `NAME` of `…/NAME.form.yaml` (or the file name without its last extension).
    static func formName(fromPath path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        for suffix in [".form.yaml", ".form.yml", ".yaml", ".yml"]
        where file.hasSuffix(suffix) && file.count > suffix.count {
            return String(file.dropLast(suffix.count))
        }
        return file
    }

    /// Every line of `text` indented by two spaces (empty lines left empty), without a final newline.
    static func indented(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if text.hasSuffix("\n") { lines.removeLast() }
        return lines.map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
    }

    /// `duration` in seconds, to the microsecond (finer digits are noise in reports).
    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + (Double(attoseconds) * 1e-12).rounded() / 1e6
    }

    // MARK: - Discovery

    /// The spec files under `paths`, in order: each folder searched recursively for `*.form.yaml`
    /// (`SpecFolder.files(in:endingWith:)`: hidden entries skipped, linked folders searched once)
    /// and sorted by path; files given directly are kept whatever their name. Each file appears
    /// once.
    /// - Throws: ``SpecDiscoveryError/notFound(_:)`` for a path that does not exist.
    public static func specFiles(in paths: [String]) throws(SpecDiscoveryError) -> [String] {
        let found = discover(paths)
        if let missing = found.missing.first ?? found.unopenable.first { throw .notFound(missing) }
        return found.files
    }

    /// The spec files under `paths` (as ``specFiles(in:)`` finds them), the paths that do not
    /// exist, and the specs in folders whose names cannot be opened (not valid UTF-8), so that a
    /// run can go on without them and report each (``unreadablePathResult(_:reason:)``).
    public static func discover(_ paths: [String]) -> (files: [String], missing: [String], unopenable: [String]) {
        var found: [String] = []
        var missing: [String] = []
        var unopenable: [String] = []
        var seen = Set<String>()
        for path in paths {
            let kind = FileKind(path: path)
            guard kind != .missing else {
                missing.append(path)
                continue
            }
            var files: [String]
            if kind == .folder {
                let search = SpecFolder.search(in: path, endingWith: [".form.yaml"])
                files = search.files
                unopenable += search.unopenable
            } else {
                files = [path]
            }
            for file in files {
                let key = FileKind.realPath(file) ?? file
                if seen.insert(key).inserted { found.append(file) }
            }
        }
        return (found, missing, unopenable)
    }

    /// What a run reports for a path it cannot read (one that does not exist, or a spec whose name
    /// cannot be opened), and why: one failed test, as for a spec that does not compile, so that the
    /// summary, the exit status and a JUnit report all show it (a misspelt folder in CI must not
    /// read as a run with nothing to test).
    public func unreadablePathResult(_ path: String, reason: String) -> SpecFileResult {
        let form = Self.formName(fromPath: path)
        let failure = TerminalText.escaped("\(path): \(reason)")
        let result = SpecTestResult(
            specPath: path, form: form, name: "compiles", line: 1, kind: .compile, passed: false, duration: 0,
            failure: failure)
        return SpecFileResult(path: path, form: form, tests: [result], duration: 0)
    }
}

/// Why the runner could not find the specs it was asked to run.
public enum SpecDiscoveryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A path given to the runner does not exist.
    case notFound(String)

    public var description: String {
        switch self {
        case .notFound(let path): "no such file or directory: \(path)"
        }
    }
}
