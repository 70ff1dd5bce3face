import FormSpecTestSupport
import Foundation
import Testing

/// One command shown in a document, with the output the document says it prints.
///
/// A document shows a command as a ` ```console ` block holding one `$ ` line, immediately followed
/// by a ` ```text ` block with its output. When that output ends with `exit N`, the exit status is
/// compared too. A line `… (N lines omitted)` stands for exactly N lines of real output. A console
/// block not followed by a text block (`swift build`, `swift test`) is not run.
///
/// `FORMSPEC_RECORD=1 swift test --filter DocumentTests` rewrites the documents' output blocks from
/// what the commands print now (keeping each `… (N lines omitted)` cut at the same place); review the diff.
struct DocumentedCommand: CustomTestStringConvertible, Sendable {
    /// The document, relative to the repository root.
    var document: String
    /// The 1-based line of the `$ ` line.
    var line: Int
    /// The command as written, without `$ `.
    var command: String
    /// The output as written.
    var expected: [String]
    /// The 0-based line numbers of the output block's content in the document.
    var outputLines: Range<Int>

    var testDescription: String { "\(document):\(line): \(command)" }

    /// Every documented command of the Markdown `text`.
    static func parse(_ text: String, document: String) -> [DocumentedCommand] {
        struct Block {
            var info: String
            var lines: [String]
            var firstLine: Int
        }
        var blocks: [Block] = []
        var open: Block?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") {
                if let block = open {
                    blocks.append(block)
                    open = nil
                } else {
                    open = Block(info: String(line.dropFirst(3)), lines: [], firstLine: index + 1)
                }
            } else {
                open?.lines.append(String(line))
            }
        }
        var commands: [DocumentedCommand] = []
        for (block, next) in zip(blocks, blocks.dropFirst()) where block.info == "console" && next.info == "text" {
            let prompts = block.lines.enumerated().filter { $0.element.hasPrefix("$ ") }
            guard let prompt = prompts.first, prompts.count == 1 else { continue }
            commands.append(
                DocumentedCommand(
                    document: document, line: block.firstLine + prompt.offset + 1,
                    command: String(prompt.element.dropFirst(2)), expected: next.lines,
                    outputLines: next.firstLine..<(next.firstLine + next.lines.count)))
        }
        return commands
    }

    /// The command as the test runs it: `swift run formspec` is the built `formspec` (found on `PATH`),
    /// and `check` and `validate` without `--format` write text, as they do on a terminal.
    var runnable: String {
        var command = command.replacingOccurrences(of: "swift run formspec ", with: "formspec ")
        if !command.contains("--format") {
            for subcommand in ["check", "validate"] {
                command = command.replacingOccurrences(
                    of: "formspec \(subcommand) ", with: "formspec \(subcommand) --format text ")
            }
        }
        return command
    }

    /// The expected exit status, when the output ends with `exit N`.
    var expectedStatus: Int32? {
        guard let last = expected.last, last.hasPrefix("exit ") else { return nil }
        return Int32(last.dropFirst(5))
    }

    /// Where `actual` differs from the expected lines (`exit N` excluded), or `nil` when it matches.
    func mismatch(_ actual: [String]) -> String? {
        let wanted = expectedStatus == nil ? expected : Array(expected.dropLast())
        var position = 0
        for (index, line) in wanted.enumerated() {
            if let count = Self.omitted(line) {
                position += count
                continue
            }
            guard position < actual.count else {
                return "line \(index + 1) of the documented output, \(line), is missing (output ended)"
            }
            guard actual[position] == line else {
                return "line \(index + 1) of the documented output differs:\n  documented: \(line)\n  actual:     "
                    + actual[position]
            }
            position += 1
        }
        guard position == actual.count else {
            return "the command prints \(actual.count - position) more line(s) than documented, from: "
                + (position < actual.count ? actual[position] : "")
        }
        return nil
    }

    /// The output block as it should read for `actual` output and `status`: the same cut and exit line
    /// as the document has now.
    func recorded(_ actual: [String], status: Int32) -> [String] {
        let wanted = expectedStatus == nil ? expected : Array(expected.dropLast())
        var lines = actual
        if let cut = wanted.firstIndex(where: { Self.omitted($0) != nil }) {
            let tail = wanted.count - cut - 1
            if actual.count > cut + tail + 1 {
                lines =
                    Array(actual.prefix(cut)) + ["… (\(actual.count - cut - tail) lines omitted)"]
                    + Array(actual.suffix(tail))
            }
        }
        if expectedStatus != nil { lines.append("exit \(status)") }
        return lines
    }

    /// N of `… (N lines omitted)`.
    static func omitted(_ line: String) -> Int? {
        guard line.hasPrefix("… ("), line.hasSuffix(" lines omitted)") else { return nil }
        return Int(line.dropFirst(3).dropLast(" lines omitted)".count))
    }
}

/// Runs a shell command line in the repository root with the built `formspec` first on `PATH`.
enum Shell {
    static func run(_ command: String) throws -> (status: Int32, output: [String]) {
        let executable = try #require(FormSpecExecutable.url, "the formspec executable was not found")
        let path =
            executable.deletingLastPathComponent().path + ":"
            + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        // stderr joins stdout, as in a terminal: documents show diagnostics and results together.
        let result = try Subprocess.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", command], in: Repository.root, environment: ["PATH": path],
            mergingStandardError: true)
        var lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return (result.status, lines)
    }
}

/// Documents whose command output is checked, so they cannot drift from what `formspec` prints.
@Suite("Documents show real output")
struct DocumentTests {
    static let documents =
        ["README.md", "Examples/WALKTHROUGH.md"] + Repository.files(under: "docs", endingWith: [".md"])

    static let commands: [DocumentedCommand] = documents.flatMap { document in
        (try? Repository.read(document)).map { DocumentedCommand.parse($0, document: document) } ?? []
    }

    @Test("the walkthrough and the README show commands with output")
    func commandsFound() {
        #expect(Self.commands.filter { $0.document == "Examples/WALKTHROUGH.md" }.count >= 10)
        #expect(Self.commands.contains { $0.document == "README.md" })
    }

    static var recording: Bool {
        ["1", "true", "yes"].contains(ProcessInfo.processInfo.environment["FORMSPEC_RECORD"]?.lowercased() ?? "")
    }

    @Test("each documented command prints what the document shows", arguments: commands)
    func documentedOutput(_ command: DocumentedCommand) throws {
        guard !Self.recording else { return }
        let (status, output) = try Shell.run(command.runnable)
        if let mismatch = command.mismatch(output) {
            Issue.record("\(command.document):\(command.line): \(command.command)\n\(mismatch)")
        }
        if let expected = command.expectedStatus {
            #expect(status == expected, "\(command.document):\(command.line): \(command.command)")
        }
    }

    @Test("FORMSPEC_RECORD=1 rewrites the documents' output blocks", .enabled(if: recording))
    func record() throws {
        for document in Self.documents {
            var lines = try Repository.read(document).split(separator: "\n", omittingEmptySubsequences: false)
                .map(String.init)
            // From the last block up, so earlier blocks keep their line numbers.
            for command in Self.commands.filter({ $0.document == document }).reversed() {
                let (status, output) = try Shell.run(command.runnable)
                lines.replaceSubrange(command.outputLines, with: command.recorded(output, status: status))
            }
            try lines.joined(separator: "\n").write(
                toFile: Repository.path(document), atomically: true, encoding: .utf8)
        }
    }

    @Test("omitted-lines markers and exit lines are read as such")
    func markers() {
        let command = DocumentedCommand(
            document: "x.md", line: 1, command: "formspec check x",
            expected: ["a", "… (2 lines omitted)", "d", "exit 1"],
            outputLines: 0..<4)
        #expect(command.expectedStatus == 1)
        #expect(command.mismatch(["a", "b", "c", "d"]) == nil)
        #expect(command.mismatch(["a", "b", "c", "e"]) != nil)
        #expect(command.mismatch(["a", "b", "c", "d", "e"]) != nil)
        #expect(command.mismatch(["a", "b"]) != nil)
        #expect(command.runnable == "formspec check --format text x")
        #expect(command.recorded(["a", "b", "c", "x", "d"], status: 0) == ["a", "… (3 lines omitted)", "d", "exit 0"])
    }

    /// GitHub's anchor for a heading: lowercased, spaces to `-`, punctuation other than `-` and `_` dropped.
    static func slug(_ heading: String) -> String {
        String(
            heading.lowercased().compactMap { character -> Character? in
                if character == " " { return "-" }
                return character.isLetter || character.isNumber || character == "-" || character == "_"
                    ? character : nil
            })
    }

    @Test("every relative link in the documents names an existing file and heading", arguments: documents)
    func relativeLinksResolve(document: String) throws {
        let text = try Repository.read(document)
        let folder = (document as NSString).deletingLastPathComponent
        let regex = try NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
        for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let range = Range(match.range(at: 1), in: text) else { continue }
            let target = String(text[range])
            if target.contains("://") || target.hasPrefix("mailto:") { continue }
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let file = parts[0].isEmpty ? document : (folder.isEmpty ? parts[0] : folder + "/" + parts[0])
            let standardized = (file as NSString).standardizingPath
            #expect(
                FileManager.default.fileExists(atPath: Repository.path(standardized)),
                "\(document) links to \(target), which does not exist")
            guard parts.count == 2, standardized.hasSuffix(".md"),
                let linked = try? Repository.read(standardized)
            else { continue }
            let anchors = linked.split(separator: "\n").filter { $0.hasPrefix("#") }.map {
                Self.slug($0.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces))
            }
            #expect(anchors.contains(parts[1]), "\(document) links to \(target), but there is no such heading")
        }
    }

    @Test("no file in the repository points outside it")
    func noLinksOutside() throws {
        let roots = [
            "README.md", "LICENSE", "docs", "Examples", "Sources", "Specs", "schema", "Tests", "Package.swift",
        ]
        var offenders: [String] = []
        for root in roots {
            let files =
                root.contains(".") || root == "LICENSE"
                ? [root] : Repository.files(under: root, endingWith: [".md", ".swift", ".yaml", ".json", ".txt"])
            for file in files where file != "Tests/FormSpecDocsTests/DocumentTests.swift" {
                guard let text = try? Repository.read(file) else { continue }
                // Spelt in pieces so this file does not itself match a repository-wide search.
                for needle in [".." + "/shared", "LANGUAGE" + ".md"] where text.contains(needle) {
                    offenders.append("\(file) mentions \(needle)")
                }
            }
        }
        #expect(offenders == [])
    }
}
