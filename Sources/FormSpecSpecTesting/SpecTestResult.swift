import FormSpecCompiler
import FormSpecDiagnostics
@_spi(Tooling) import FormSpecRuntime

/// The outcome of one spec test (docs/reference.md): a `tests:` item, a compile-fail golden
/// comparison, or a spec that did not compile.
public struct SpecTestResult: Sendable, Hashable, Codable {
    /// What kind of test produced the result.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// One item of a spec's `tests:`.
        case test
        /// A spec with a sibling `NAME.diagnostics` golden: its diagnostics must match the golden.
        case compileFail = "compile_fail"
        /// A spec (without a golden) that failed to compile: one failed test.
        case compile
    }

    /// The spec file's path, as it was found.
    public var specPath: String
    /// The form's identifier (the file's name without `.form.yaml` when the spec did not compile).
    public var form: String
    /// The test's name.
    public var name: String
    /// The 1-based line the test is written on (the first error's line for specs that do not compile).
    public var line: Int
    /// What kind of test this is.
    public var kind: Kind
    /// Whether the test passed.
    public var passed: Bool
    /// How long the test took, in seconds.
    public var duration: Double
    /// Why the test failed: a header naming the spec and line, then an expected-vs-actual diff.
    /// `nil` when the test passed.
    public var failure: String?
    /// Whether the run rewrote this test's golden file (record mode).
    public var recorded: Bool

    /// Creates a result.
    package init(
        specPath: String, form: String, name: String, line: Int, kind: Kind = .test, passed: Bool,
        duration: Double, failure: String? = nil, recorded: Bool = false
    ) {
        self.specPath = specPath
        self.form = form
        self.name = name
        self.line = line
        self.kind = kind
        self.passed = passed
        self.duration = duration
        self.failure = failure
        self.recorded = recorded
    }

    private enum CodingKeys: String, CodingKey {
        case specPath = "spec"
        case form
        case name = "test"
        case line, kind, passed, duration, failure, recorded
    }
}

/// The outcome of every test of one spec file.
public struct SpecFileResult: Sendable, Hashable, Codable {
    /// The spec file's path, as it was found.
    public var path: String
    /// The form's identifier (the file's name without `.form.yaml` when the spec did not compile).
    public var form: String
    /// The results of the spec's tests that matched the filter, in the order written.
    public var tests: [SpecTestResult]
    /// Time spent on the file (compiling and running its tests), in seconds.
    public var duration: Double
    /// Warning diagnostics of a spec that compiled, rendered; `nil` when there were none.
    public var warnings: String?

    /// Creates a file result.
    package init(path: String, form: String, tests: [SpecTestResult], duration: Double, warnings: String? = nil) {
        self.path = path
        self.form = form
        self.tests = tests
        self.duration = duration
        self.warnings = warnings
    }

    /// How many of the file's tests passed.
    public var passedCount: Int { tests.count(where: \.passed) }
    /// How many of the file's tests failed.
    public var failedCount: Int { tests.count(where: { !$0.passed }) }

    private enum CodingKeys: String, CodingKey { case path, form, tests, duration, warnings }
}

/// The outcome of a whole run over one or more spec files.
public struct SpecTestRun: Sendable, Hashable, Codable {
    /// Each spec file's results, in the order the files were found (sorted within each folder).
    public var specs: [SpecFileResult]

    /// Creates a run from its files' results.
    package init(specs: [SpecFileResult]) {
        self.specs = specs
    }

    /// Every test result, file by file.
    public var results: [SpecTestResult] { specs.flatMap(\.tests) }
    /// How many tests passed.
    public var passedCount: Int { specs.reduce(0) { $0 + $1.passedCount } }
    /// How many tests failed.
    public var failedCount: Int { specs.reduce(0) { $0 + $1.failedCount } }
    /// Whether every test passed (vacuously true for a run without tests).
    public var allPassed: Bool { failedCount == 0 }
    /// Total time, in seconds.
    public var duration: Double { (specs.reduce(0) { $0 + $1.duration } * 1e6).rounded() / 1e6 }
    /// `N passed, N failed`: the last line `formspec test` prints.
    public var summary: String { "\(passedCount) passed, \(failedCount) failed" }

    private enum CodingKeys: String, CodingKey { case passed, failed, duration, specs }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        specs = try container.decode([SpecFileResult].self, forKey: .specs)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(passedCount, forKey: .passed)
        try container.encode(failedCount, forKey: .failed)
        try container.encode(duration, forKey: .duration)
        try container.encode(specs, forKey: .specs)
    }
}
