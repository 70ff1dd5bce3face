import Foundation
import Testing

/// `formspec validate SPEC …` compiles the spec on a thread of its own while the command line is
/// parsed. Whatever the arguments' order, the run is the same: diagnostics printed once, usage
/// errors with no spec output, and `--import-root` honoured.
@Suite("formspec validate: the spec compiled early")
struct EarlyCompilationTests {
    /// A spec with a warning (a define nobody uses) that imports `common/name.rules.yaml`.
    static let spec = """
        formspec: 1
        form: early
        import: [../common/name.rules.yaml]
        define:
          unused:
            min_length: 1
        fields:
          username:
            rules:
              - use: name_length
        """
    static let library = """
        formspec: 1
        define:
          name_length:
            min_length: 3
        """

    func folder() throws -> CLI {
        let cli = try CLI()
        try cli.write("forms/early.form.yaml", Self.spec)
        try cli.write("common/name.rules.yaml", Self.library)
        try cli.write("in.jsonl", #"{"username":"al"}"# + "\n")
        return cli
    }

    @Test("the spec's diagnostics and the reports are the same whether the spec comes first or not")
    func sameEitherWay() throws {
        let cli = try folder()
        defer { cli.cleanUp() }
        let first = try cli.run(["validate", "forms/early.form.yaml", "in.jsonl", "--import-root", "."])
        let later = try cli.run(["validate", "--import-root", ".", "forms/early.form.yaml", "in.jsonl"])
        #expect(first.status == 1)
        #expect(first.stdout.contains(#""rule":"name_length""#), "\(first.stdout)")
        #expect(first.stderr.components(separatedBy: "'unused'").count == 2, "one warning: \(first.stderr)")
        #expect(later.status == first.status)
        #expect(later.stdout == first.stdout)
        #expect(later.stderr == first.stderr)
    }

    @Test("--import-root after the spec still decides where imports may go")
    func importRootAfterTheSpec() throws {
        let cli = try folder()
        defer { cli.cleanUp() }
        let refused = try cli.run(["validate", "forms/early.form.yaml", "in.jsonl"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("it is outside the folder of the spec being compiled"), "\(refused.stderr)")
        let allowed = try cli.run(["validate", "forms/early.form.yaml", "in.jsonl", "--import-root", "."])
        #expect(allowed.status == 1)
    }

    @Test("a usage error after the spec prints the usage error alone, not the spec's warnings")
    func usageError() throws {
        let cli = try folder()
        defer { cli.cleanUp() }
        for _ in 0..<20 {
            let result = try cli.run(["validate", "forms/early.form.yaml", "in.jsonl", "--jobs", "0"])
            #expect(result.status == 2)
            #expect(result.stderr.hasPrefix("Error: --jobs must be at least 1"), "\(result.stderr)")
            #expect(!result.stderr.contains("unused"))
            #expect(result.stdout.isEmpty)
        }
    }
}
