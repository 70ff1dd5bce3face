import FormSpecCompiler
import FormSpecDiagnostics
@_spi(Tooling) import FormSpecRuntime

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// A compile-fail test: a spec `NAME.form.yaml` with a sibling golden file `NAME.diagnostics`.
///
/// The test passes when the compiler reports errors and the rendered diagnostics (uncoloured)
/// equal the golden text exactly. The spec is compiled under its file name relative to its own
/// folder, so the golden reads `NAME.form.yaml:3:7: error: …` wherever the tests are run from.
/// In record mode the golden is rewritten from the current output instead; to add a compile-fail
/// test, create an empty `NAME.diagnostics` and run once with `FORMSPEC_RECORD=1`.
struct GoldenDiagnostics {
    /// The spec's path, as found.
    var specPath: String
    /// The golden file's path.
    var goldenPath: String
    /// Whether to rewrite the golden instead of comparing.
    var record: Bool

    /// `…/NAME.diagnostics` for `…/NAME.form.yaml`; `nil` for other file names.
    static func goldenPath(forSpec path: String) -> String? {
        let suffix = ".form.yaml"
        guard path.hasSuffix(suffix) else { return nil }
        return String(path.dropLast(suffix.count)) + ".diagnostics"
    }

    /// The compile-fail test's name.
    static func testName(golden: String) -> String {
        "diagnostics match \(fileName(golden))"
    }

    /// Compiles the spec and compares (or records) its diagnostics.
    func run() -> SpecTestResult {
        let clock = ContinuousClock()
        let start = clock.now
        let directory = Self.directory(specPath)
        let compilation = Compiler.compile(
            path: Self.fileName(specPath), provider: DirectorySources(directory: directory))
        let rendered = compilation.renderedDiagnostics(colored: false)
        let line = compilation.diagnostics.first { $0.severity == .error }?.location?.start.line ?? 1
        let goldenName = Self.fileName(goldenPath)

        func result(failure: String?, recorded: Bool = false) -> SpecTestResult {
            SpecTestResult(
                specPath: specPath, form: SpecTestRunner.formName(fromPath: specPath),
                name: Self.testName(golden: goldenPath), line: line, kind: .compileFail, passed: failure == nil,
                duration: SpecTestRunner.seconds(clock.now - start), failure: failure, recorded: recorded)
        }

        guard compilation.hasErrors else {
            var failure = "\(specPath):1: expected compile errors (as recorded in \(goldenName)), but the spec compiled"
            if !rendered.isEmpty { failure += "\n" + SpecTestRunner.indented(rendered) }
            return result(failure: failure)
        }
        guard let goldenData = FileManager.default.contents(atPath: goldenPath) else {
            return result(failure: "\(specPath):\(line): cannot read '\(goldenPath)'")
        }
        let golden = String(decoding: goldenData, as: UTF8.self)
        if record {
            guard golden != rendered else { return result(failure: nil) }
            if let reason = Self.overwrite(goldenPath, with: rendered) {
                return result(failure: "\(specPath):\(line): could not record '\(goldenName)': \(reason)")
            }
            return result(failure: nil, recorded: true)
        }
        guard golden != rendered else { return result(failure: nil) }
        var failure = "\(specPath):\(line): diagnostics differ from \(goldenName) (- expected, + actual)\n"
        failure += SpecTestRunner.indented(LineDiff.render(expected: golden, actual: rendered))
        failure += "\n  (to accept the current output, run again with FORMSPEC_RECORD=1 or --record)"
        return result(failure: failure)
    }

    /// Replaces the text of the golden file at `path`; `nil` when done, else why not. A symbolic
    /// link is refused, not followed: it could lead the write out of the spec's folder, onto a file
    /// that is no golden at all.
    static func overwrite(_ path: String, with text: String) -> String? {
        let descriptor = open(path, O_WRONLY | O_TRUNC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else {
            let reason = errno
            var info = stat()
            if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
                return "it is a symbolic link; record writes only a regular file, never through a link"
            }
            return String(cString: strerror(reason))
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return "it is not a regular file"
        }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                return reason
            }
            bytes = bytes.dropFirst(count)
        }
        return close(descriptor) == 0 ? nil : String(cString: strerror(errno))
    }

    private static func fileName(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    }

    private static func directory(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

/// Serves files relative to one folder (absolute paths as they are), so a spec compiled under a
/// relative name still finds its imports.
struct DirectorySources: SourceProvider {
    /// The folder relative paths are resolved in.
    var directory: String

    func contents(of path: String) -> [UInt8]? {
        FileSystemSources().contents(of: path.hasPrefix("/") ? path : directory + "/" + path)
    }

    func fileNames(inFolder folder: String) -> [String] {
        FileSystemSources().fileNames(inFolder: folder.hasPrefix("/") ? folder : directory + "/" + folder)
    }
}

/// A line-by-line diff of two texts, for golden mismatches.
enum LineDiff {
    /// Every line of both texts, prefixed `  ` (in both), `- ` (only expected) or `+ ` (only actual).
    static func render(expected: String, actual: String) -> String {
        let old = lines(expected)
        let new = lines(actual)
        if old == new {
            return "(the texts differ only in line endings or a final newline)\n"
        }
        // Longest common subsequence table; golden files are small.
        var table = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var out = ""
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                out += "  \(old[i])\n"
                i += 1
                j += 1
            } else if i < old.count, j == new.count || table[i + 1][j] >= table[i][j + 1] {
                out += "- \(old[i])\n"
                i += 1
            } else {
                out += "+ \(new[j])\n"
                j += 1
            }
        }
        return out
    }

    private static func lines(_ text: String) -> [Substring] {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}
