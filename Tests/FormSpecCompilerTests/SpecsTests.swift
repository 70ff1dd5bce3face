import FormSpec
@_spi(Tooling) import FormSpecRuntime
import Foundation
import Testing

/// The specs shipped in the repository's `Specs/` and `Examples/` folders.
enum RepositorySpecs {
    /// The repository root, found from this file's path (`Tests/FormSpecCompilerTests/…`).
    static let root: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// Every `*.form.yaml` under `Specs/` and `Examples/`, relative to the root, sorted.
    static let all: [String] = {
        let folders = ["Specs", "Examples"].map { root + "/" + $0 }.filter {
            FileManager.default.fileExists(atPath: $0)
        }
        let files = (try? SpecTestRunner.specFiles(in: folders)) ?? []
        return files.map { String($0.dropFirst(root.count + 1)) }
    }()

    /// The emitters' own specs (`Tests/FormSpecJavaScriptTests/Specs`): what no shipped spec
    /// writes, and regressions; their `tests:` run too.
    static let emitterSpecs: [String] = {
        let files = (try? SpecTestRunner.specFiles(in: [root + "/Tests/FormSpecJavaScriptTests/Specs"])) ?? []
        return files.map { String($0.dropFirst(root.count + 1)) }
    }()
}

/// Runs every spec test in the repository, so `swift test` covers them all: each spec's `tests:`,
/// and each compile-fail golden under `Specs/invalid/` (`FORMSPEC_RECORD=1 swift test` rewrites
/// the goldens).
@Suite("Specs and examples")
struct SpecsTests {
    @Test("the repository has specs to run")
    func specsExist() {
        #expect(RepositorySpecs.all.contains { $0.hasPrefix("Specs/") })
        #expect(RepositorySpecs.emitterSpecs.contains { $0.hasSuffix("regressions.form.yaml") })
    }

    @Test("every test of the spec passes", arguments: RepositorySpecs.all + RepositorySpecs.emitterSpecs)
    func specPasses(_ path: String) {
        let result = SpecTestRunner().runSpec(at: RepositorySpecs.root + "/" + path)
        for test in result.tests where !test.passed {
            Testing.Issue.record(Comment(rawValue: test.failure ?? "test '\(test.name)' failed"))
        }
    }
}
