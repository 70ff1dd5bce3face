import FormSpecCompiler
@_spi(Tooling) import FormSpecRuntime
import Foundation
import Testing

@testable import FormSpecLanguageServer

/// A client that sends what it likes: numbers at the ends of their range, broken frames, imports
/// that lead out of the document's folder, and floods of edits. Every request still gets an answer
/// and the server goes on serving.
@Suite struct HostileClientTests {
    static let form = """
        formspec: 1
        form: signup
        fields:
          username:
            rules:
              - min_length: 3
        """
    let path = "/specs/signup.form.yaml"
    var uri: Value { .string(DocumentURI.uri(ofPath: path)) }

    static let hostileNumbers: [Value] = [
        .integer(.max), .integer(.min), .integer(.max - 1), .integer(-1), .number(1e300), .number(-1e300),
        .number(0.5), .number(9.3e18), .string("7"), .null,
    ]

    // MARK: - Numbers

    @Test(
        "an edit whose text holds bytes that are no UTF-8 or a lone surrogate is taken with U+FFFD (was: dropped, and the document drifted)"
    )
    func anEditWithUnreadableTextIsRepaired() throws {
        let client = InProcessClient()
        let path = "/specs/a.form.yaml"
        let uri = DocumentURI.uri(ofPath: path)
        client.open(path, "formspec: 1\nform: a\n")
        func change(_ text: [UInt8]) -> [Value] {
            let head =
                #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":2},"contentChanges":[{"text":""#
            return client.server.handle(body: Array(head.utf8) + text + Array(#""}]}}"#.utf8))
        }
        var logged: [String] = []
        client.server.log = { logged.append($0) }
        // A lone high surrogate, a lone low one, a pair kept, an escaped backslash before `u`.
        #expect(change(Array(#"x\ud83d y\udc00 \ud83d\ude00 \\ud83d"#.utf8)).isEmpty)
        #expect(client.server.documents[uri]?.text == "x\u{FFFD} y\u{FFFD} 😀 \\ud83d")
        #expect(change([0x61, 0xFF, 0x62]).isEmpty)
        #expect(client.server.documents[uri]?.text == "a\u{FFFD}b")
        #expect(logged.count == 2)
        // Still no JSON: an error, logged.
        let reply = client.server.handle(body: Array("{".utf8))
        #expect(reply.first?["error"]?["code"] == -32700)
        #expect(logged.count == 3)
    }

    @Test("a request cancelled by a later message of its batch is answered RequestCancelled, its work not done")
    func cancelledRequestsInABatchAreNotDone() throws {
        let client = InProcessClient()
        let path = "/specs/a.form.yaml"
        client.open(path, "formspec: 1\nform: a\nfields:\n  a: {}\n")
        let uri = DocumentURI.uri(ofPath: path)
        func body(_ message: Value) -> [UInt8] {
            var bytes: [UInt8] = []
            JSONWriter.append(message, to: &bytes)
            return bytes
        }
        let position: Value = ["textDocument": ["uri": .string(uri)], "position": ["line": 3, "character": 2]]
        let replies = client.server.handle(bodies: [
            body(["jsonrpc": "2.0", "id": 7, "method": "textDocument/hover", "params": position]),
            body(["jsonrpc": "2.0", "id": 8, "method": "textDocument/completion", "params": position]),
            body(["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": 7]]),
            body(["jsonrpc": "2.0", "id": 9, "method": "shutdown"]),
            body(["jsonrpc": "2.0", "method": "exit"]),
            body(["jsonrpc": "2.0", "id": 10, "method": "textDocument/hover", "params": position]),
        ])
        #expect(replies.map { $0["id"] } == [7, 8, 9])
        #expect(replies[0]["error"]?["code"] == -32800)
        #expect(replies[1]["result"]?.array != nil)
        #expect(client.server.exitCode == 0)

        // An id that is no string or number is refused, cancelled or not (was: echoed back).
        let other = InProcessClient()
        other.open(path, "formspec: 1\nform: a\nfields:\n  a: {}\n")
        let refused = other.server.handle(bodies: [
            body(["jsonrpc": "2.0", "id": ["a": 1], "method": "textDocument/hover", "params": position]),
            body(["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": ["a": 1]]]),
        ])
        #expect(refused.count == 1)
        #expect(refused.first?["id"] == .null)
        #expect(refused.first?["error"]?["code"] == -32600)
    }

    @Test("every position request answers at hostile lines and characters", arguments: hostileNumbers)
    func positionsNeverTrap(number: Value) {
        let client = InProcessClient()
        client.open(path, Self.form)
        for method in ["textDocument/hover", "textDocument/completion", "textDocument/definition"] {
            for position: Value in [
                ["line": 3, "character": number], ["line": number, "character": 3],
                ["line": number, "character": number],
            ] {
                let reply = client.request(method, ["textDocument": ["uri": uri], "position": position])
                // Any number is clamped to the text; only what is not a number is invalid.
                let isNumber = number.int != nil || { if case .number = number { true } else { false } }()
                #expect(reply["result"] != nil || !isNumber && reply["error"]?["code"] == .integer(-32602))
            }
        }
    }

    @Test("an incremental edit with hostile range numbers applies clamped and never traps", arguments: hostileNumbers)
    func editRangesNeverTrap(number: Value) {
        let client = InProcessClient()
        client.open(path, Self.form)
        let range: Value = ["start": ["line": 1, "character": number], "end": ["line": number, "character": number]]
        client.change(path, version: 2, [["range": range, "text": "x"]])
        let reply = client.request(
            "textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": 0, "character": 0]])
        #expect(reply["result"] != nil)
        // Whole numbers are clamped to the text, so the insertion lands inside it; a range that
        // cannot be read drops the edit (it used to replace the whole document with "x").
        let text = client.server.documents.values.first?.text ?? ""
        #expect(text.hasPrefix("formspec: 1\n"))
        #expect(text.contains("x") == (number.int != nil || { if case .integer = number { true } else { false } }()))
    }

    @Test("a version at Int.max, then edits without a version: no trap, every edit is checked, no version invented")
    func versionsSaturateAndEditsStillCount() {
        let client = InProcessClient()
        client.open(path, Self.form, version: .max)
        #expect(client.published()[DocumentURI.uri(ofPath: path)]?.isEmpty == true)
        _ = client.server.handle([
            "jsonrpc": "2.0", "method": "textDocument/didChange",
            "params": [
                "textDocument": ["uri": uri],
                "contentChanges": [
                    ["text": .string(Self.form.replacingOccurrences(of: "min_length", with: "min_lenght"))]
                ],
            ],
        ])
        #expect(client.server.documents.values.first?.version == nil)
        let publication = client.server.flushDiagnostics().first?["params"]
        #expect(publication?["version"] == nil)
        #expect(publication?["diagnostics"]?.array?.count == 1, "the edit was compiled")
        // The same version again with another text: the client's number decides nothing.
        client.change(path, version: .max, [["text": .string(Self.form)]])
        #expect(client.published()[DocumentURI.uri(ofPath: path)]?.isEmpty == true)
    }

    @Test("a fractional position is rounded down and clamped, as an integral one is")
    func fractionalPositionsAreClamped() {
        let client = InProcessClient()
        client.open(path, Self.form)
        func hover(_ line: Value, _ character: Value) -> Value {
            client.request(
                "textDocument/hover",
                ["textDocument": ["uri": uri], "position": ["line": line, "character": character]])["result"] ?? .null
        }
        // Line 5 is `      - min_length: 3`.
        let rule = hover(5, 10)
        #expect(rule["contents"] != nil)
        #expect(hover(.number(5.5), .number(10.9)) == rule)
        #expect(hover(.number(-0.5), .number(-3.2)) == hover(0, 0))
        #expect(hover(.number(1e300), .number(2.5)) == hover(.integer(.max), 2))
    }

    @Test("a change whose range is null is dropped; only a change without a range replaces the text")
    func aNullRangeIsNotAWholeTextChange() {
        let client = InProcessClient()
        client.open(path, Self.form)
        client.change(path, version: 2, [["range": .null, "text": "zzz"]])
        #expect(client.server.documents.values.first?.text == Self.form)
        client.change(path, version: 3, [["text": "formspec: 1\n"]])
        #expect(client.server.documents.values.first?.text == "formspec: 1\n")
    }

    @Test("changes without a version are published without one; a later version is echoed as sent")
    func versionsAreOnlyEchoed() {
        let client = InProcessClient()
        client.open(path, Self.form, version: 7)
        var versions: [Value?] = client.server.flushDiagnostics().map { $0["params"]?["version"] }
        for text in ["formspec: 1\n", Self.form] {
            client.notify(
                "textDocument/didChange",
                ["textDocument": ["uri": uri], "contentChanges": [["text": .string(text)]]])
            versions += client.server.flushDiagnostics().map { $0["params"]?["version"] }
        }
        client.change(path, version: 12, [["text": .string(Self.form)]])
        versions += client.server.flushDiagnostics().map { $0["params"]?["version"] }
        #expect(versions == [7, nil, nil, 12])
    }

    @Test("LineIndex clamps positions at the ends of Int")
    func lineIndexClamps() {
        let index = LineIndex("ab\ncd")
        #expect(index.utf16Offset(of: LSPPosition(line: 0, character: .max)) == 2)
        #expect(index.utf16Offset(of: LSPPosition(line: 1, character: .max)) == 5)
        #expect(index.utf16Offset(of: LSPPosition(line: .max, character: .max)) == 5)
        #expect(index.utf16Offset(of: LSPPosition(line: .min, character: .min)) == 0)
        #expect(index.lspPosition(of: .init(line: .max, column: .max)) == LSPPosition(line: 1, character: 2))
        #expect(index.lspPosition(of: .init(line: 1, column: .max)) == LSPPosition(line: 0, character: 2))
    }

    // MARK: - Requests out of order and malformed

    @Test("requests before initialize, after shutdown, and with bad params get JSON-RPC errors")
    func lifecycleErrors() {
        let server = LanguageServer(provider: InMemorySources([:]))
        for method in ["textDocument/hover", "textDocument/completion", "shutdown", "workspace/symbol"] {
            let reply = server.handle(["jsonrpc": "2.0", "id": 1, "method": .string(method), "params": [:]])
            #expect(reply.first?["error"]?["code"] == .integer(-32002), "\(method)")
        }
        _ = server.handle(["jsonrpc": "2.0", "id": 2, "method": "initialize", "params": [:]])
        for params: Value in [.null, [:], ["textDocument": 5], ["textDocument": ["uri": 1], "position": "x"], [1, 2]] {
            let reply = server.handle(["jsonrpc": "2.0", "id": 3, "method": "textDocument/hover", "params": params])
            #expect(reply.first?["error"]?["code"] == .integer(-32602), "\(params)")
        }
        #expect(server.handle(body: Array("[1,2".utf8)).first?["error"]?["code"] == .integer(-32700))
        #expect(server.handle(body: Array("42".utf8)).first?["error"]?["code"] == .integer(-32600))
        _ = server.handle(["jsonrpc": "2.0", "id": 4, "method": "shutdown"])
        let late = server.handle(["jsonrpc": "2.0", "id": 5, "method": "textDocument/hover", "params": [:]])
        #expect(late.first?["error"]?["code"] == .integer(-32600))
    }

    // MARK: - Frames

    private func frames(_ bytes: [UInt8]) -> [Frame] {
        var reader = MessageReader(bytes: bytes)
        var out: [Frame] = []
        while true {
            let frame = reader.next()
            out.append(frame)
            if frame == .end || out.count > 50 { return out }
        }
    }

    private func messages(_ frames: [Frame]) -> [String] {
        frames.compactMap { if case .message(let body) = $0 { String(decoding: body, as: UTF8.self) } else { nil } }
    }

    private func reasons(_ frames: [Frame]) -> [String] {
        frames.compactMap { if case .malformed(let reason) = $0 { reason } else { nil } }
    }

    static let secretBody = #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"text":"password: hunter2"}}"#

    @Test("a frame whose Content-Length is too large loses itself, not the frames after it")
    func overlongLengthResynchronises() {
        let input =
            "Content-Length: 500\r\n\r\n\(Self.secretBody)Content-Length: 2\r\n\r\n{}Content-Length: 4\r\n\r\nnull"
        let read = frames(Array(input.utf8))
        #expect(messages(read) == ["{}", "null"])
        #expect(reasons(read).count == 1)
        #expect(reasons(read).allSatisfy { !$0.contains("hunter2") })
    }

    @Test("a frame whose Content-Length is too small: the rest is skipped up to the next header")
    func shortLengthResynchronises() {
        let input = "Content-Length: 10\r\n\r\n\(Self.secretBody)Content-Length: 2\r\n\r\n{}"
        let read = frames(Array(input.utf8))
        #expect(messages(read) == [String(Self.secretBody.prefix(10)), "{}"])
        #expect(reasons(read).allSatisfy { !$0.contains("hunter2") })
    }

    @Test(
        "garbage without a line break before a header is skipped", arguments: ["x", "garbage", "}}}]]", "\u{0}\u{1}"])
    func garbageWithoutLineBreak(garbage: String) {
        let read = frames(Array("\(garbage)Content-Length: 2\r\n\r\n{}\(garbage)Content-Length: 4\r\n\r\nnull".utf8))
        #expect(messages(read) == ["{}", "null"])
        #expect(read.last == .end)
    }

    @Test("endless garbage is dropped in bounded pieces and a header after it is still found")
    func endlessGarbage() {
        let garbage = String(repeating: "no header here ", count: 3 * MessageReader.maxHeaderSize / 15)
        let read = frames(Array((garbage + "Content-Length: 2\r\n\r\n{}").utf8))
        #expect(messages(read) == ["{}"])
        #expect(reasons(read).allSatisfy { !$0.contains("no header here") })
    }

    @Test("a mis-sized frame over real pipes: later requests, shutdown and exit still work; stderr has no body")
    func stdioSessionSurvivesAMisSizedFrame() throws {
        var input: [UInt8] = []
        func frame(_ body: String, declared: Int? = nil) {
            input += Array("Content-Length: \(declared ?? body.utf8.count)\r\n\r\n\(body)".utf8)
        }
        frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#)
        frame(Self.secretBody, declared: 4000)
        input += Array("garbage with no line break".utf8)
        frame(
            #"{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///x.form.yaml"},"position":{"line":9223372036854775807,"character":9223372036854775807}}}"#
        )
        frame(#"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#)
        frame(#"{"jsonrpc":"2.0","method":"exit"}"#)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-\(UUID().uuidString)")
        try Data(input).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-out-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let inputHandle = try FileHandle(forReadingFrom: path)
        let outputHandle = try FileHandle(forWritingTo: output)
        var log = ""
        let code = LanguageServerMain.run(
            input: inputHandle.fileDescriptor, output: outputHandle.fileDescriptor, log: { log += $0 })
        try outputHandle.close()
        let written = try String(contentsOf: output, encoding: .utf8)
        #expect(code == 0)
        #expect(written.contains(#""id":1,"result""#))
        #expect(written.contains(#""id":2,"result""#))
        #expect(written.contains(#""id":3,"result":null"#))
        #expect(!log.isEmpty)
        #expect(!log.contains("hunter2"))
        #expect(!log.contains("garbage"))
    }

    // MARK: - Imports

    /// A temporary tree: `root/inside/form.form.yaml`, `root/outside/secret.rules.yaml`, and a
    /// symlink `root/inside/linked.rules.yaml` -> `../outside/secret.rules.yaml`.
    private func tree() throws -> (inside: String, outside: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-imports-\(UUID().uuidString)")
        let inside = root.appendingPathComponent("inside")
        let outside = root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try "formspec: 1\ndefine:\n  leaked_name: {min_length: 1}\n".write(
            to: outside.appendingPathComponent("secret.rules.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: inside.appendingPathComponent("linked.rules.yaml").path,
            withDestinationPath: "../outside/secret.rules.yaml")
        return (inside.path, outside.path)
    }

    @Test(
        "imports outside the document's folder give check's error and lend no names to completion",
        arguments: [0, 1, 2])
    func outsideImportsAreConfined(kind: Int) throws {
        let (inside, outside) = try tree()
        defer {
            try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: inside).deletingLastPathComponent().path)
        }
        let written = ["linked.rules.yaml", "../outside/secret.rules.yaml", outside + "/secret.rules.yaml"][kind]
        let formPath = inside + "/form.form.yaml"
        let source = """
            formspec: 1
            form: probe
            import: ["\(written)"]
            fields:
              name:
                rules:
                  - use: ‸
            """
        let server = LanguageServer(provider: FileSystemSources())
        _ = server.handle(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": [:]])
        let formURI = DocumentURI.uri(ofPath: formPath)
        _ = server.handle([
            "jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": ["textDocument": ["uri": .string(formURI), "version": 1, "text": .string(source.unmarked)]],
        ])
        let position = InProcessClient.marker(in: source)
        let completion = server.handle([
            "jsonrpc": "2.0", "id": 2, "method": "textDocument/completion",
            "params": [
                "textDocument": ["uri": .string(formURI)],
                "position": ["line": .integer(Int64(position.line)), "character": .integer(Int64(position.character))],
            ],
        ])
        let labels = InProcessClient.labels(completion.first?["result"] ?? .null)
        #expect(!labels.contains("leaked_name"))
        let messages = server.flushDiagnostics().filter { $0["params"]?["uri"]?.string == formURI }
            .flatMap { $0["params"]?["diagnostics"]?.array ?? [] }.compactMap { $0["message"]?.string }
        let check = Compiler.compile(
            path: formPath,
            provider: OverlaySources(
                path: formPath, bytes: Array(source.unmarked.utf8), base: FileSystemSources()))
        let expected = check.diagnostics.map(\.message)
        #expect(expected.contains { $0.hasPrefix("cannot import") })
        for message in expected { #expect(messages.contains(message)) }
    }

    // MARK: - Floods

    @Test("1,000 rapid edits keep one text and compile once")
    func rapidEdits() {
        let client = InProcessClient()
        client.open(path, Self.form)
        _ = client.published()
        for version in 2...1_001 {
            client.change(
                path, version: Int64(version),
                [["range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]], "text": "#"]])
        }
        #expect(client.server.documents.count == 1)
        #expect(
            client.server.documents.values.first?.text.hasPrefix(String(repeating: "#", count: 1_000) + "formspec")
                == true)
        let publications = client.server.flushDiagnostics()
        #expect(publications.count == 1)
        #expect(!client.server.hasPendingDiagnostics)
    }
}
