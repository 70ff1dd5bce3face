@_spi(Tooling) import FormSpecRuntime
import Foundation
import Testing

@testable import FormSpecLanguageServer

/// The real `formspec lsp` process, driven over pipes by a scripted client.
@Suite(.serialized) struct StdioSessionTests {
    /// The repository root (this file is Tests/FormSpecLanguageServerTests/StdioSessionTests.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The folder name the transcript shows instead of the test's scratch folder.
    static let shownFolder = "/home/you/specs"

    private func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formspec-lsp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(ServerTests.library.utf8).write(to: folder.appendingPathComponent("common.rules.yaml"))
        try Data(ServerTests.form.utf8).write(to: folder.appendingPathComponent("signup.form.yaml"))
        return folder
    }

    private func position(_ line: Int, _ character: Int) -> Value {
        ["line": .integer(Int64(line)), "character": .integer(Int64(character))]
    }

    /// initialize, didOpen with a typo, publishDiagnostics with the did-you-mean, didChange fixing
    /// it, completion, hover, definition (same file and imported), shutdown and exit with status 0.
    /// The session is docs/lsp-transcript.md; `RECORD_LSP_TRANSCRIPT=1` rewrites it.
    @Test func aWholeSessionMatchesTheRecordedTranscript() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let client = try StdioClient(folder: folder)
        let uri = Value.string(DocumentURI.uri(ofPath: folder.appendingPathComponent("signup.form.yaml").path))
        let document: Value = ["uri": uri]

        let initialize = try client.request(
            "initialize",
            ["processId": .null, "rootUri": .string(folder.absoluteURL.absoluteString), "capabilities": [:]])
        #expect(initialize["result"]?["capabilities"]?["textDocumentSync"]?["change"] == 2)
        client.notify("initialized", [:])

        // The editor's buffer has a typo the file on disk does not.
        let typo = ServerTests.form.replacingOccurrences(of: "min_length: 8", with: "min_lenght: 8")
        client.notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": uri, "languageId": "yaml", "version": 1, "text": .string(typo)]])
        let published = try client.receive()
        #expect(published["method"] == "textDocument/publishDiagnostics")
        let diagnostic = published["params"]?["diagnostics"]?.array?.first
        #expect(diagnostic?["message"] == "unknown rule 'min_lenght'")
        #expect(diagnostic?["relatedInformation"]?.array?.first?["message"] == "did you mean 'min_length'?")

        client.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": uri, "version": 2],
                "contentChanges": [["range": ["start": position(12, 15), "end": position(12, 18)], "text": "gth"]],
            ])
        let fixed = try client.receive()
        #expect(fixed["params"]?["diagnostics"] == [])
        #expect(fixed["params"]?["version"] == 2)

        // Line 18 is `      - same_as: password`; complete the field name after `same_as: `.
        let completion = try client.request(
            "textDocument/completion", ["textDocument": document, "position": position(18, 17)])
        #expect(InProcessClient.labels(completion["result"] ?? .null) == ["username", "password"])

        // Hover on `min_length` (line 12) and on the field name `password` (line 18).
        let hover = try client.request("textDocument/hover", ["textDocument": document, "position": position(12, 10)])
        #expect(
            hover["result"]?["contents"]?["value"]?.string?.contains("{label} must be at least {min} characters")
                == true)
        try client.request("textDocument/hover", ["textDocument": document, "position": position(18, 20)])

        // Go to the define `use: handle` names, in the imported file, and to the field `same_as` names.
        let imported = try client.request(
            "textDocument/definition", ["textDocument": document, "position": position(8, 15)])
        #expect(imported["result"]?["uri"]?.string?.hasSuffix("/common.rules.yaml") == true)
        let field = try client.request(
            "textDocument/definition", ["textDocument": document, "position": position(18, 20)])
        #expect(field["result"]?["range"]?["start"] == position(9, 2))

        #expect(try client.request("shutdown", .null)["result"] == .null)
        client.notify("exit", .null)
        #expect(client.finish() == 0)

        let transcript = Self.markdown(client.transcript, folder: folder.path)
        let file = Self.root.appendingPathComponent("docs/lsp-transcript.md")
        if ProcessInfo.processInfo.environment["RECORD_LSP_TRANSCRIPT"] != nil {
            try Data(transcript.utf8).write(to: file)
        }
        let recorded = try String(contentsOf: file, encoding: .utf8)
        #expect(recorded == transcript, "docs/lsp-transcript.md is out of date; rerun with RECORD_LSP_TRANSCRIPT=1")
    }

    @Test func garbageInputIsSkippedAndTheServerKeepsAnswering() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let client = try StdioClient(folder: folder)
        // Noise with no header, a header without Content-Length, invalid JSON, a JSON array.
        client.writeRaw(Array("hello\r\n\r\n".utf8))
        client.writeRaw(Array("Content-Type: x\r\n\r\n".utf8))
        client.writeRaw(Array("Content-Length: 5\r\n\r\n{oops".utf8))
        client.writeRaw(Array("Content-Length: 3\r\n\r\n[1]".utf8))
        #expect(try client.receive()["error"]?["code"] == .integer(-32700))
        #expect(try client.receive()["error"]?["code"] == .integer(-32600))
        let initialize = try client.request("initialize", ["capabilities": [:]])
        #expect(initialize["result"]?["capabilities"] != nil)
        // A valid frame of binary junk.
        client.writeRaw(Array("Content-Length: 4\r\n\r\n".utf8) + [0xFF, 0xFE, 0x00, 0x01])
        #expect(try client.receive()["error"]?["code"] == .integer(-32700))
        #expect(try client.request("textDocument/unknown", [:])["error"]?["code"] == .integer(-32601))
        // Closing stdin without shutdown ends the server with status 1, not a crash.
        #expect(client.finish() == 1)
        #expect(client.stderr.contains("skipped a malformed message"))
    }

    @Test func diagnosticsArriveWhileOtherRequestsKeepComing() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let client = try StdioClient(folder: folder)
        let uri = Value.string(DocumentURI.uri(ofPath: folder.appendingPathComponent("signup.form.yaml").path))
        _ = try client.request("initialize", ["capabilities": [:]])
        let typo = ServerTests.form.replacingOccurrences(of: "min_length: 8", with: "min_lenght: 8")
        client.notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": uri, "languageId": "yaml", "version": 1, "text": .string(typo)]])
        // A hover every 20 ms, never 100 ms of quiet: the diagnostics used to wait for a pause.
        var published = false
        let start = Date()
        while !published, Date().timeIntervalSince(start) < 10 {
            usleep(20_000)
            let hover = try client.request(
                "textDocument/hover", ["textDocument": ["uri": uri], "position": position(0, 0)])
            #expect(hover["result"] != nil)
            published = client.transcript.contains { $0.message["method"] == "textDocument/publishDiagnostics" }
        }
        #expect(published)
        #expect(try client.request("shutdown", .null)["result"] == .null)
        client.notify("exit", .null)
        #expect(client.finish() == 0)
    }

    @Test func aLengthOverTheLimitWithAShortBodyLosesOneMessageNotTheSession() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let client = try StdioClient(folder: folder)
        #expect(try client.request("initialize", ["capabilities": [:]])["result"]?["capabilities"] != nil)
        // 64 MiB and a byte declared, a short body sent: the next header ends the frame (the
        // server used to wait for the declared bytes, swallowing every later message).
        client.writeRaw(
            Array(
                "Content-Length: \(MessageReader.maxBodySize + 1)\r\n\r\n{\"jsonrpc\":\"2.0\",\"method\":\"initialized\"}"
                    .utf8))
        #expect(try client.request("textDocument/unknown", [:])["error"]?["code"] == .integer(-32601))
        #expect(try client.request("shutdown", .null)["result"] == .null)
        client.notify("exit", .null)
        #expect(client.finish() == 0)
        #expect(client.stderr.contains("over the limit"))
    }

    /// The transcript as Markdown, the scratch folder replaced by ``shownFolder``.
    static func markdown(_ transcript: [(outgoing: Bool, message: Value)], folder: String) -> String {
        var text = """
            # A `formspec lsp` session

            Every message of one session between a scripted client and the real `formspec lsp` process,
            over pipes: initialize, didOpen with a typo, the published diagnostic with its did-you-mean,
            a didChange that fixes it, completion, hover, go to definition (same file and imported), then
            shutdown and exit (status 0). `-->` is client to server, `<--` server to client.

            Generated by `StdioSessionTests.aWholeSessionMatchesTheRecordedTranscript`
            (`Tests/FormSpecLanguageServerTests`), which fails when this file differs from a new run;
            regenerate with `RECORD_LSP_TRANSCRIPT=1 swift test --filter aWholeSessionMatchesTheRecordedTranscript`.
            The test's scratch folder is shown as `\(shownFolder)`.

            The spec opened (with `min_length` misspelt as `min_lenght` on line 13 in the editor's buffer):

            ```yaml

            """
        text +=
            ServerTests.form + "\n```\n\n`common.rules.yaml` beside it:\n\n```yaml\n" + ServerTests.library + "\n```\n"
        for (outgoing, message) in transcript {
            let what = message["method"]?.string ?? "response \(JSONWriter.write(message["id"] ?? .null))"
            text += "\n### \(outgoing ? "-->" : "<--") \(what)\n\n```json\n\(PrettyJSON.render(message))\n```\n"
        }
        let realFolder = DocumentURI.uri(ofPath: folder).dropFirst("file://".count)
        return text.replacingOccurrences(of: String(realFolder), with: shownFolder)
            .replacingOccurrences(of: folder, with: shownFolder)
    }
}
