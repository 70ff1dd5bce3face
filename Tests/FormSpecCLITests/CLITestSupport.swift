import FormSpecTestSupport
import Foundation
import Testing

/// What one run of the `formspec` binary produced.
struct CLIResult {
    var status: Int32
    var stdout: String
    var stderr: String

    /// Each non-empty stdout line.
    var lines: [String] { stdout.split(separator: "\n").map(String.init) }

    /// Each stdout line parsed as a JSON object.
    func jsonLines() throws -> [[String: Any]] {
        try lines.map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            return try #require(object as? [String: Any], "not a JSON object: \(line)")
        }
    }
}

/// Runs the built `formspec` executable in a scratch folder of its own.
struct CLI {
    /// The scratch folder the command runs in; removed by ``cleanUp()``.
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("formspec-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Writes `text` to `name` in the scratch folder and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// The path of `name` in the scratch folder.
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Runs `formspec ARGUMENTS` in the scratch folder, with `stdin` (text), the file `stdinFile`, or an
    /// empty stdin.
    func run(_ arguments: [String], stdin: String? = nil, stdinFile: String? = nil) throws -> CLIResult {
        let executable = try #require(Self.executable, "the formspec executable was not found next to the test bundle")
        let input: Subprocess.Input = stdin.map { .text($0) } ?? stdinFile.map { .file($0) } ?? .empty
        let result = try Subprocess.run(executable, arguments, in: folder, input: input)
        return CLIResult(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    /// The `formspec` executable (see `FormSpecExecutable`).
    static var executable: URL? { FormSpecExecutable.url }
}

/// Small specs written in the FormSpec language, shared by the tests.
enum Fixtures {
    static let signup = """
        formspec: 1
        form: signup
        fields:
          username:
            label: Username
            required: Username is required
            rules:
              - min_length: 3
                message: At least 3 characters
                requirement: At least 3 characters
          password:
            type: secret
            required: Password is required
            rules:
              - min_length: 8
                message: At least 8 characters
                requirement: At least 8 characters
        """

    static let withCheck = """
        formspec: 1
        form: handle_signup
        fields:
          username:
            required: true
            rules:
              - check: username_available
                message: That username is taken
                requirement: Not taken yet
        """

    static let profile = """
        formspec: 1
        form: profile
        fields:
          name:
            required: Name is required
          city:
            label: City
        form_rules:
          - require_changes: true
            message: Nothing to save
        """

    static let warningOnly = """
        formspec: 1
        form: pin
        fields:
          pin:
            rules:
              - contains: digit
                count: 0
        """

    static let broken = """
        formspec: 1
        form: broken
        fields:
          username:
            rules:
              - min_lenght: 3
        """

    static let library = """
        formspec: 1
        define:
          handle:
            pattern: "^[a-z0-9_]+$"
            message: Lowercase letters, digits and underscores only
        """
}
