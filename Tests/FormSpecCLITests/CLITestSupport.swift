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

    /// Runs `formspec ARGUMENTS` in the scratch folder, with `stdin` (text) or an empty stdin.
    /// Output goes through files, so a large output cannot dead-lock on a full pipe.
    func run(_ arguments: [String], stdin: String? = nil, stdinFile: String? = nil) throws -> CLIResult {
        let executable = try #require(Self.executable, "the formspec executable was not found next to the test bundle")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment

        let id = UUID().uuidString
        let outURL = folder.appendingPathComponent(".out-\(id)")
        let errURL = folder.appendingPathComponent(".err-\(id)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        if let stdin {
            let inPath = try write(".in-\(id)", stdin)
            process.standardInput = FileHandle(forReadingAtPath: inPath)
        } else if let stdinFile {
            process.standardInput = FileHandle(forReadingAtPath: stdinFile)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return CLIResult(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// The `formspec` executable: `FORMSPEC_BIN`, else the one beside the test bundle (SwiftPM
    /// puts products and the `.xctest` bundle in the same folder).
    static let executable: URL? = {
        let fileManager = FileManager.default
        if let override = ProcessInfo.processInfo.environment["FORMSPEC_BIN"],
            fileManager.isExecutableFile(atPath: override)
        {
            return URL(fileURLWithPath: override)
        }
        let starts =
            [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments.first ?? "")]
            + Bundle.allBundles.map(\.bundleURL)
        for start in starts {
            var folder = start.standardizedFileURL
            for _ in 0..<6 {
                let candidate = folder.appendingPathComponent("formspec")
                var isFolder: ObjCBool = false
                if fileManager.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue,
                    fileManager.isExecutableFile(atPath: candidate.path)
                {
                    return candidate
                }
                folder = folder.deletingLastPathComponent()
            }
        }
        return nil
    }()
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
