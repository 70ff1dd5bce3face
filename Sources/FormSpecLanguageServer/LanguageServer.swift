import FormSpecCompiler
import FormSpecDiagnostics
@_spi(Tooling) import FormSpecRuntime

/// A Language Server Protocol server for FormSpec specs: diagnostics, completion, hover and
/// go-to-definition, answered from the last compilation of each open document.
///
/// The server is a state machine over JSON-RPC messages: ``handle(_:)`` takes one message and
/// returns the messages to send back, so it runs the same over stdio (``LanguageServerMain``) and
/// in tests. Diagnostics are published by ``flushDiagnostics()``, which the stdio loop calls 100 ms
/// after the last edit (``lastChange``), whatever other messages come meanwhile: a burst of
/// keystrokes is compiled once, not once per keystroke. Requests never wait for a compilation: they answer from the last one, with the
/// document's outline (a YAML parse, no check) brought up to the text the editor shows.
public final class LanguageServer {
    /// Where the server is in the LSP lifecycle.
    enum State {
        case uninitialized, running, shutDown
    }

    /// Files that are not open in the editor.
    let provider: any SourceProvider
    private var state = State.uninitialized
    /// Open documents by URI.
    var documents: [String: Document] = [:]
    /// The last analysis of each open document, by URI.
    var analyses: [String: DocumentAnalysis] = [:]
    /// Documents whose diagnostics must be (re)published, in the order they changed.
    private var pending: [String] = []
    /// What each file was last published with, by URI, for files that have diagnostics: a file is
    /// published again when they change, whichever document's compilation changed them.
    private var published: [String: [Value]] = [:]

    /// Whether the client asked the server to shut down.
    public var hasShutDown: Bool { state == .shutDown }

    /// The process exit code once the client sent `exit`: 0 after `shutdown`, 1 otherwise.
    public private(set) var exitCode: Int32?

    /// Creates a server reading files that are not open in the editor through `provider`.
    public init(provider: any SourceProvider = FileSystemSources()) {
        self.provider = provider
    }

    // MARK: - Messages

    /// Handles one message body (JSON text) and returns the messages to send.
    public func handle(body: [UInt8]) -> [Value] {
        switch read(body) {
        case .success(let message): handle(message)
        case .failure(let reply): [reply.message]
        }
    }

    /// Handles messages that arrived together, in order, having looked for cancellations among
    /// them first: a request a later message of the batch cancels is answered `RequestCancelled`
    /// without its work (a client that cancels a storm of completions on a large spec waits for
    /// none of them). Messages after `exit` are not handled.
    public func handle(bodies: [[UInt8]]) -> [Value] {
        let messages = bodies.map(read)
        var cancelled: Set<Value> = []
        for case .success(let message) in messages where message["method"]?.string == "$/cancelRequest" {
            if let id = message["params"]?["id"] { cancelled.insert(id) }
        }
        var out: [Value] = []
        for read in messages {
            guard exitCode == nil else { break }
            switch read {
            case .failure(let reply): out.append(reply.message)
            case .success(let message):
                // Only a request whose id is one (a string or a number) is answered as cancelled;
                // any other goes to `handle`, which refuses it.
                if state == .running, let id = message["id"], Self.isRequestID(id), cancelled.contains(id),
                    let method = message["method"]?.string, method != "shutdown"
                {
                    out.append(Self.error(id: id, .requestCancelled, "the client cancelled '\(method)'"))
                } else {
                    out += handle(message)
                }
            }
        }
        return out
    }

    /// Whether `id` may be a request's id: a string or a number (or `null`, which JSON-RPC allows).
    static func isRequestID(_ id: Value) -> Bool {
        switch id {
        case .string, .integer, .number, .null: true
        default: false
        }
    }

    /// A reply to a message that is no JSON.
    struct Unreadable: Error {
        var message: Value
    }

    /// One message body read as JSON, repaired if its text is (see ``repairingText(_:)``).
    private func read(_ body: [UInt8]) -> Result<Value, Unreadable> {
        let message: Value
        do {
            message = try JSONReader.parse(body)
        } catch {
            // Text with bytes that are no UTF-8, or a `\u` escape of half a surrogate pair: taken
            // with U+FFFD in their place, as an editor shows them. Refused, an edit would be lost
            // and every later one land in a text the editor does not have.
            if let repaired = Self.repairingText(body), let message = try? JSONReader.parse(repaired) {
                log("formspec lsp: a message's text held bytes that are no UTF-8 or a lone surrogate; read as U+FFFD\n")
                return .success(message)
            }
            log("formspec lsp: skipped a message that is no JSON: \(error.description)\n")
            return .failure(
                Unreadable(message: Self.error(id: .null, .parseError, "invalid JSON: \(error.description)")))
        }
        return .success(message)
    }

    /// Where problems with the input are reported (stderr, which clients show in their log).
    public var log: (String) -> Void = { _ in }

    /// `body` with its bytes that are no UTF-8 and its `\u` escapes of lone surrogates made
    /// U+FFFD; `nil` when it has neither.
    static func repairingText(_ body: [UInt8]) -> [UInt8]? {
        let decoded = Array(String(decoding: body, as: UTF8.self).utf8)
        var changed = decoded != body
        func hex(_ at: Int) -> UInt32? {
            guard at + 4 <= decoded.count else { return nil }
            return UInt32(String(decoding: decoded[at..<at + 4], as: UTF8.self), radix: 16)
        }
        let backslash = UInt8(ascii: "\\"), u = UInt8(ascii: "u")
        var out: [UInt8] = []
        out.reserveCapacity(decoded.count)
        var index = 0
        while index < decoded.count {
            guard decoded[index] == backslash, index + 1 < decoded.count else {
                out.append(decoded[index])
                index += 1
                continue
            }
            // An escape (backslashes only occur in strings): `\\` is skipped as a pair.
            guard decoded[index + 1] == u, let value = hex(index + 2) else {
                out += decoded[index...index + 1]
                index += 2
                continue
            }
            var length = 6
            if (0xD800...0xDBFF).contains(value) {
                if index + 7 < decoded.count, decoded[index + 6] == backslash, decoded[index + 7] == u,
                    let low = hex(index + 8), (0xDC00...0xDFFF).contains(low)
                {
                    length = 12
                } else {
                    length = 0
                }
            } else if (0xDC00...0xDFFF).contains(value) {
                length = 0
            }
            if length == 0 {
                out += Array("\\uFFFD".utf8)
                index += 6
                changed = true
            } else {
                out += decoded[index..<index + length]
                index += length
            }
        }
        return changed ? out : nil
    }

    /// Handles one parsed message and returns the messages to send.
    public func handle(_ message: Value) -> [Value] {
        guard case .object = message, let method = message["method"]?.string else {
            // A response from the client (to the file watchers' registration) is ignored; anything
            // else is invalid.
            if message["id"] != nil, message["result"] != nil || message["error"] != nil { return [] }
            return [Self.error(id: message["id"] ?? .null, .invalidRequest, "not a JSON-RPC request or notification")]
        }
        let params = message["params"] ?? .null
        guard let id = message["id"] else {
            handleNotification(method, params)
            return method == "initialized" && state == .running ? fileWatcherRegistration() : []
        }
        // JSON-RPC ids are strings or numbers: a request with another kind is not run.
        guard Self.isRequestID(id) else {
            return [Self.error(id: .null, .invalidRequest, "a request's id must be a string or a number")]
        }
        return request(id: id, method: method, params: params)
    }

    private func request(id: Value, method: String, params: Value) -> [Value] {
        switch (state, method) {
        case (.uninitialized, "initialize"):
            state = .running
            clientRegistersFileWatchers =
                params["capabilities"]?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"] == .bool(true)
            return [Self.result(id: id, Self.initializeResult)]
        case (.uninitialized, _):
            return [Self.error(id: id, .serverNotInitialized, "the server is not initialized")]
        case (.shutDown, _):
            return [Self.error(id: id, .invalidRequest, "the server is shutting down")]
        case (.running, "initialize"):
            return [Self.error(id: id, .invalidRequest, "the server is already initialized")]
        case (.running, "shutdown"):
            state = .shutDown
            return [Self.result(id: id, .null)]
        case (.running, "textDocument/completion"):
            return [answer(id: id, params) { completion(document: $0, analysis: $1, at: $2) }]
        case (.running, "textDocument/hover"):
            return [answer(id: id, params) { hover(document: $0, analysis: $1, at: $2) }]
        case (.running, "textDocument/definition"):
            return [answer(id: id, params) { definition(document: $0, analysis: $1, at: $2) }]
        default:
            return [Self.error(id: id, .methodNotFound, "unknown method '\(method)'")]
        }
    }

    /// Answers a `TextDocumentPositionParams` request from the document's current analysis.
    private func answer(
        id: Value, _ params: Value, _ body: (Document, DocumentAnalysis, LSPPosition) -> Value
    ) -> Value {
        guard let uri = params["textDocument"]?["uri"]?.string, let position = params["position"]?.clampedPosition
        else {
            return Self.error(id: id, .invalidParams, "expected textDocument.uri and position")
        }
        guard let document = documents[uri], let analysis = currentOutline(of: uri) else {
            return Self.result(id: id, .null)
        }
        return Self.result(id: id, body(document, analysis, position))
    }

    private func handleNotification(_ method: String, _ params: Value) {
        switch method {
        case "exit":
            exitCode = state == .shutDown ? 0 : 1
        case _ where state != .running:
            // Before `initialize` and after `shutdown`, notifications other than `exit` are dropped.
            return
        case "textDocument/didOpen":
            guard let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string
            else { return }
            documents[uri] = Document(uri: uri, version: item["version"]?.int, text: text)
            // Opened again (a client error the server still takes): the new document's revision
            // count starts over, so an analysis of the old text must not pass for current.
            analyses[uri] = nil
            changed(uri)
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.string, var document = documents[uri],
                let changes = params["contentChanges"]?.array
            else { return }
            for change in changes {
                guard let text = change["text"]?.string else { continue }
                // Only a change without a `range` member is a whole new text.
                guard let written = change["range"] else {
                    document.apply(range: nil, text: text)
                    continue
                }
                // A range that cannot be read (`null` included) cannot be placed: dropping the edit
                // keeps the text, where taking it for a whole-text change would replace the document.
                guard let range = written.range else { continue }
                document.apply(range: range, text: text)
            }
            // A client's number is taken as sent and only echoed: a change without one is published
            // without one, rather than with a number the client never sent.
            document.version = params["textDocument"]?["version"]?.int
            documents[uri] = document
            changed(uri)
        case "textDocument/didSave":
            // The file on disk is now the open text, which the documents that import it already
            // read: only they are analysed again, never every open document (a save of one spec
            // compiled the largest open one too).
            guard let uri = params["textDocument"]?["uri"]?.string else { return }
            filesChanged([DocumentURI.path(of: uri)])
        case "workspace/didChangeWatchedFiles":
            // Files on disk changed: the documents that import (or looked for) one of them; every
            // open document when the notification names none it can read.
            let paths = (params["changes"]?.array ?? []).compactMap { $0["uri"]?.string }.map(DocumentURI.path(of:))
            filesChanged(paths.isEmpty ? nil : Set(paths))
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.string, documents.removeValue(forKey: uri) != nil
            else { return }
            analyses[uri] = nil
            stale.remove(uri)
            pending.removeAll { $0 == uri }
            closed.append(uri)
            changed(uri)
        default:
            // `initialized`, `$/cancelRequest` (read ahead by ``handle(bodies:)``: a request it
            // names that is already answered needs nothing more),
            // `$/setTrace` and anything else unknown: notifications never get a reply.
            break
        }
    }

    /// Whether the client lets the server ask it to watch files (`workspace.didChangeWatchedFiles.
    /// dynamicRegistration`).
    private var clientRegistersFileWatchers = false
    /// Whether the file watchers were asked for.
    private var registeredFileWatchers = false

    /// After `initialized`, when the client lets it: the request that asks the client to report
    /// changes of specs and rule libraries on disk (a `git checkout`, another editor), so that a
    /// form importing a library changed there is checked again. Its reply is ignored.
    private func fileWatcherRegistration() -> [Value] {
        // Once: a second `initialized` (a client error) asks nothing again.
        guard clientRegistersFileWatchers, !registeredFileWatchers else { return [] }
        registeredFileWatchers = true
        let watchers: Value = [["globPattern": "**/*.rules.yaml"], ["globPattern": "**/*.form.yaml"]]
        return [
            [
                "jsonrpc": "2.0", "id": "formspec-watch-files", "method": "client/registerCapability",
                "params": [
                    "registrations": [
                        [
                            "id": "formspec-watched-files", "method": "workspace/didChangeWatchedFiles",
                            "registerOptions": ["watchers": watchers],
                        ]
                    ]
                ],
            ]
        ]
    }

    /// Open documents whose analysis is out of date although their own text is not (an import changed).
    private var stale: Set<String> = []

    /// Documents closed since the last flush, whose diagnostics must be cleared.
    private var closed: [String] = []

    /// When a document last changed (opened, edited, closed): diagnostics wait until no edit has
    /// come for a moment, however many other messages arrive meanwhile.
    public private(set) var lastChange = ContinuousClock.now

    /// Marks `uri` and every open document that imports it as needing a new analysis.
    private func changed(_ uri: String) {
        lastChange = .now
        let path = DocumentURI.path(of: uri)
        for (other, analysis) in analyses where other == uri || analysis.dependencies(besides: "").contains(path) {
            stale.insert(other)
            if !pending.contains(other) { pending.append(other) }
        }
        if documents[uri] != nil, !pending.contains(uri) { pending.append(uri) }
    }

    /// Marks the open documents that read one of `paths` (every open document for `nil`) as
    /// needing a new analysis.
    private func filesChanged(_ paths: Set<String>?) {
        for uri in documents.keys.sorted() {
            if let paths, let analysis = analyses[uri],
                analysis.dependencies(besides: DocumentURI.path(of: uri)).isDisjoint(with: paths)
            {
                continue
            }
            stale.insert(uri)
            if !pending.contains(uri) { pending.append(uri) }
        }
    }

    /// The analysis of the open document `uri`, compiling it if it changed since the last one.
    func analysis(of uri: String) -> DocumentAnalysis? {
        guard let document = documents[uri] else { return nil }
        if let analysis = analyses[uri], analysis.revision == document.revision, !stale.contains(uri) {
            return analysis
        }
        stale.remove(uri)
        let analysis = DocumentAnalysis(document: document, sources: openSources, previous: analyses[uri])
        analyses[uri] = analysis
        return analysis
    }

    /// Files as the editor has them: an open document's unsaved text, else the file on disk.
    var openSources: OpenDocumentSources {
        var texts: [String: String] = [:]
        for open in documents.values { texts[open.path] = open.text }
        return OpenDocumentSources(texts: texts, base: provider)
    }

    /// The last analysis of `uri` with its outline brought up to the current text. Requests answer
    /// from this without waiting for a compilation; only a document never analysed is compiled.
    private func currentOutline(of uri: String) -> DocumentAnalysis? {
        guard let document = documents[uri] else { return nil }
        guard var analysis = analyses[uri] else { return analysis(of: uri) }
        analysis.updateOutline(document, sources: openSources)
        analyses[uri] = analysis
        return analysis
    }

    /// Whether some document's diagnostics are waiting to be published.
    public var hasPendingDiagnostics: Bool { !pending.isEmpty || !closed.isEmpty }

    /// Compiles every changed document and returns the `textDocument/publishDiagnostics` of each
    /// compiled or closed document, and of every other file whose diagnostics changed.
    public func flushDiagnostics() -> [Value] {
        // Every changed document is compiled before anything is published: a file's diagnostics
        // may come from any open document's compilation (see ``currentDiagnostics()``).
        var uris = closed
        closed = []
        for uri in pending where analysis(of: uri) != nil { uris.append(uri) }
        pending = []
        let current = currentDiagnostics()
        uris += Set(current.keys).union(published.keys).filter { current[$0] != published[$0] }.sorted()
        var sent: Set<String> = []
        var out: [Value] = []
        for uri in uris where sent.insert(uri).inserted {
            out.append(Self.publish(uri: uri, version: documents[uri]?.version, current[uri] ?? []))
        }
        published = current
        return out
    }

    // MARK: - Replies

    static func result(id: Value, _ result: Value) -> Value {
        ["jsonrpc": "2.0", "id": id, "result": result]
    }

    static func error(id: Value, _ code: ErrorCode, _ message: String) -> Value {
        ["jsonrpc": "2.0", "id": id, "error": ["code": .integer(code.rawValue), "message": .string(message)]]
    }

    static func notification(_ method: String, _ params: Value) -> Value {
        ["jsonrpc": "2.0", "method": .string(method), "params": params]
    }

    static func publish(uri: String, version: Int?, _ diagnostics: [Value]) -> Value {
        notification(
            "textDocument/publishDiagnostics",
            .record([
                "uri": .string(uri), "version": version.map { .integer(Int64($0)) }, "diagnostics": .array(diagnostics),
            ]))
    }

    /// What the server can do: incremental sync (UTF-16 positions), completion, hover, definition.
    static let initializeResult: Value = [
        "capabilities": [
            "positionEncoding": "utf-16",
            "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
            "completionProvider": [
                "triggerCharacters": [" ", ":", "-", "{", "[", ","], "resolveProvider": false,
            ],
            "hoverProvider": true,
            "definitionProvider": true,
        ],
        "serverInfo": ["name": "formspec", "version": "1.0.0"],
    ]
}
