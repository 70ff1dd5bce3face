import FormSpecCompiler
@_spi(Tooling) import FormSpecRuntime
import Foundation
import Testing

@testable import FormSpecLanguageServer

/// Drives a ``LanguageServer`` in-process with JSON-RPC messages, as a client would.
final class InProcessClient {
    let server: LanguageServer
    private var nextID: Int64 = 1

    /// A server that reads files not open in the "editor" from `files`, already initialized.
    init(files: [String: String] = [:]) {
        server = LanguageServer(provider: InMemorySources(files))
        _ = request("initialize", ["capabilities": [:]])
        notify("initialized", [:])
    }

    /// Sends a request and returns its response.
    @discardableResult
    func request(_ method: String, _ params: Value) -> Value {
        let id = nextID
        nextID += 1
        let replies = server.handle(["jsonrpc": "2.0", "id": .integer(id), "method": .string(method), "params": params])
        return replies.first { $0["id"] == .integer(id) } ?? .null
    }

    /// Sends a notification.
    func notify(_ method: String, _ params: Value) {
        #expect(server.handle(["jsonrpc": "2.0", "method": .string(method), "params": params]).isEmpty)
    }

    /// The diagnostics notifications published since the last call, by URI.
    func published() -> [String: [Value]] {
        var out: [String: [Value]] = [:]
        for message in server.flushDiagnostics() {
            if let uri = message["params"]?["uri"]?.string { out[uri] = message["params"]?["diagnostics"]?.array }
        }
        return out
    }

    func open(_ path: String, _ text: String, version: Int64 = 1) {
        notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(DocumentURI.uri(ofPath: path)), "languageId": "yaml", "version": .integer(version),
                    "text": .string(text),
                ]
            ])
    }

    func change(_ path: String, version: Int64, _ changes: [Value]) {
        notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": .string(DocumentURI.uri(ofPath: path)), "version": .integer(version)],
                "contentChanges": .array(changes),
            ])
    }

    /// The result of a position request at the `‸` in `source` (the document at `path`, opened
    /// with the marker removed).
    func at(_ method: String, _ path: String, _ source: String) -> Value {
        let position = Self.marker(in: source)
        return request(
            method,
            [
                "textDocument": ["uri": .string(DocumentURI.uri(ofPath: path))],
                "position": ["line": .integer(Int64(position.line)), "character": .integer(Int64(position.character))],
            ])["result"] ?? .null
    }

    /// The 0-based line and UTF-16 character of `‸` in `source`.
    static func marker(in source: String) -> LSPPosition {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        for (number, line) in lines.enumerated() {
            if let index = line.firstIndex(of: "‸") {
                return LSPPosition(line: number, character: line[..<index].utf16.count)
            }
        }
        return LSPPosition(line: 0, character: 0)
    }

    /// The labels of a completion result.
    static func labels(_ result: Value) -> [String] {
        (result.array ?? []).compactMap { $0["label"]?.string }
    }
}

extension String {
    /// The text without the `‸` cursor marker.
    var unmarked: String { replacingOccurrences(of: "‸", with: "") }
}
