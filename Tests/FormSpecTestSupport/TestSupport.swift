import Foundation

/// Paths inside the package, found from this file's location (Tests/FormSpecTestSupport/…).
public enum Repository {
    /// The package's root folder.
    public static let root: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The absolute path of `relative` inside the package.
    public static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// The text of the file at `relative`.
    public static func read(_ relative: String) throws -> String {
        try String(contentsOfFile: path(relative), encoding: .utf8)
    }

    /// Every file under `folder` (relative to the root) whose name ends with one of `suffixes`, sorted,
    /// as paths relative to the root. Hidden files and folders are skipped.
    public static func files(under folder: String, endingWith suffixes: [String]) -> [String] {
        let base = path(folder)
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [] }
        var found: [String] = []
        while let entry = enumerator.nextObject() as? String {
            if entry.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            if suffixes.contains(where: { entry.hasSuffix($0) }) { found.append(folder + "/" + entry) }
        }
        return found.sorted()
    }
}

/// Executables on the `PATH` (`swiftc`, `node`, `esbuild`).
public enum PathExecutable {
    /// The executable `name` in the first `PATH` folder that has one, if any.
    public static func named(_ name: String) -> URL? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}

/// The `formspec` executable the tests run.
public enum FormSpecExecutable {
    /// `FORMSPEC_BIN` when it names an executable, else the `formspec` SwiftPM builds beside the test
    /// bundle (products and the `.xctest` bundle share a folder), else `nil`.
    public static let url: URL? = {
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

/// What one finished child process wrote and how it ended.
public struct ProcessOutput: Sendable {
    public var status: Int32
    public var stdout: String
    /// Empty when stderr was merged into stdout.
    public var stderr: String
}

/// Runs child processes to completion for tests.
public enum Subprocess {
    /// Where the child's stdin comes from.
    public enum Input: Sendable {
        case empty
        case text(String)
        case file(String)
    }

    /// Runs `executable ARGUMENTS` in `folder` with `NO_COLOR=1` and `environment` added to this
    /// process's environment. Output goes through temporary files rather than pipes, so a large
    /// output cannot dead-lock on a full pipe. With `mergingStandardError`, stderr joins stdout in
    /// the order written, as in a terminal.
    public static func run(
        _ executable: URL, _ arguments: [String], in folder: URL, input: Input = .empty,
        environment: [String: String] = [:], mergingStandardError: Bool = false
    ) throws -> ProcessOutput {
        let fileManager = FileManager.default
        let scratch = fileManager.temporaryDirectory.appendingPathComponent("formspec-process-\(UUID().uuidString)")
        try fileManager.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? fileManager.removeItem(at: scratch) }

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var childEnvironment = ProcessInfo.processInfo.environment
        childEnvironment["NO_COLOR"] = "1"
        childEnvironment.merge(environment) { _, new in new }
        process.environment = childEnvironment

        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        _ = fileManager.createFile(atPath: outURL.path, contents: nil)
        _ = fileManager.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = mergingStandardError ? out : try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        switch input {
        case .empty:
            process.standardInput = FileHandle.nullDevice
        case .text(let text):
            let inURL = scratch.appendingPathComponent("stdin")
            try Data(text.utf8).write(to: inURL)
            process.standardInput = try FileHandle(forReadingFrom: inURL)
        case .file(let path):
            process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        }
        try process.run()
        process.waitUntilExit()
        try out.close()
        if !mergingStandardError { try err.close() }
        return ProcessOutput(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}

/// A small deterministic random generator (SplitMix64), so a randomised test replays exactly from
/// its seed.
public struct SplitMix64: RandomNumberGenerator {
    public var state: UInt64

    public init(state: UInt64) { self.state = state }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
