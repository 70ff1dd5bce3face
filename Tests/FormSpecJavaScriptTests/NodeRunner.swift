import FormSpecCLISupport
@_spi(Tooling) import FormSpecRuntime
import FormSpecTestSupport
import Foundation
import Testing

/// Runs node on emitted modules. Node is required: CI installs it, and a missing node fails the
/// tests that need it rather than skipping them.
enum NodeRunner {
    /// `node` on the PATH.
    static let node: URL? = PathExecutable.named("node")

    /// What `run-cases.mjs` prints.
    struct Summary: Decodable {
        struct Difference: Decodable, CustomStringConvertible {
            var name: String
            var what: String
            var input: String?
            var expected: String?
            var actual: String?
            var description: String {
                "case '\(name)' (\(what)), input \(input ?? "-"):\n  swift: \(expected ?? "nil")\n  js:    \(actual ?? "nil")"
            }
        }
        var cases: Int
        var differences: [Difference]
    }

    /// A fresh temporary folder.
    static func scratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formspec-js-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Emits `program`'s module, runs `cases` through it and returns the summary.
    static func runCases(_ program: Program, specPath: String, cases: [JavaScriptCase]) throws -> Summary {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try JavaScriptEmitter.files(program: program, specPath: specPath)
        for file in files { try Data(file.contents.utf8).write(to: folder.appendingPathComponent(file.name)) }
        let casesURL = folder.appendingPathComponent("cases.jsonl")
        try JavaScriptCases.jsonLines(cases).write(to: casesURL)
        let output = try run([
            "Tests/FormSpecJavaScriptTests/run-cases.mjs", folder.appendingPathComponent(files[0].name).path,
            casesURL.path,
        ])
        guard output.status == 0, let line = output.stdout.split(separator: "\n").last else {
            throw NodeFailure(
                description: "node exited \(output.status): \(output.stderr)\(output.stdout.suffix(2000))")
        }
        return try JSONDecoder().decode(Summary.self, from: Data(line.utf8))
    }

    /// Runs `node ARGUMENTS` in the repository root.
    static func run(_ arguments: [String], input: Subprocess.Input = .empty) throws -> ProcessOutput {
        let node = try #require(node, "node is not installed (apt-get install nodejs)")
        return try Subprocess.run(node, arguments, in: Repository.root, input: input)
    }

    struct NodeFailure: Error, CustomStringConvertible { var description: String }
}
