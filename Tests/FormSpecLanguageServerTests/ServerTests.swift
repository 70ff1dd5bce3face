import FormSpecCompiler
@_spi(Tooling) import FormSpecRuntime
import Foundation
import Testing

@testable import FormSpecLanguageServer

/// The server's answers, driven in-process with the same JSON-RPC messages an editor sends.
@Suite struct ServerTests {
    static let library = """
        formspec: 1
        define:
          handle:
            pattern: "^[a-z0-9_]+$"
            message: Use only lowercase letters, digits and underscores
        """

    static let form = """
        formspec: 1
        form: signup
        import: [common.rules.yaml]
        fields:
          username:
            label: Username
            required: true
            rules:
              - use: handle
          password:
            type: secret
            rules:
              - min_length: 8
              - different_from: username
          confirm:
            type: secret
            label: Confirm password
            rules:
              - same_as: password
        """

    let formPath = "/specs/signup.form.yaml"
    let libraryPath = "/specs/common.rules.yaml"

    private func client() -> InProcessClient {
        let client = InProcessClient(files: [libraryPath: Self.library])
        client.open(formPath, Self.form)
        return client
    }

    /// A save, or a file changed on disk, analyses again the documents that read it, not every
    /// open document (was: saving a small spec compiled the largest open one too).
    @Test func aSaveAnalysesOnlyTheDocumentsThatReadTheFile() {
        let client = client()
        let other = "/specs/other.form.yaml"
        client.open(other, "formspec: 1\nform: other\nfields:\n  a: {}\n")
        _ = client.published()
        client.notify("textDocument/didSave", ["textDocument": ["uri": .string(DocumentURI.uri(ofPath: other))]])
        #expect(client.published().isEmpty)
        // The library on disk changed: the form that imports it is published again, the other not.
        client.notify(
            "workspace/didChangeWatchedFiles",
            ["changes": [["uri": .string(DocumentURI.uri(ofPath: libraryPath)), "type": 2]]])
        #expect(Array(client.published().keys) == [DocumentURI.uri(ofPath: formPath)])
        // A notification that names no file: every open document.
        client.notify("workspace/didChangeWatchedFiles", [:])
        #expect(Set(client.published().keys) == [DocumentURI.uri(ofPath: formPath), DocumentURI.uri(ofPath: other)])
    }

    /// While a key is half typed the text is no YAML; hover and go-to-definition answer from the
    /// last outline for what lies before the edit (were: nothing anywhere in the file).
    @Test func hoverAndDefinitionWorkBeforeAnEditThatBreaksTheYAML() throws {
        let client = client()
        _ = client.published()
        let broken = Self.form + "\n  nick"
        client.change(formPath, version: 2, [["text": .string(broken)]])
        let hover = broken.replacingOccurrences(of: "- min_length", with: "- min_le‸ngth")
        let value = try #require(client.at("textDocument/hover", formPath, hover)["contents"]?["value"]?.string)
        #expect(value.contains("min_length"))
        let definition = client.at(
            "textDocument/definition", formPath,
            broken.replacingOccurrences(of: "same_as: password", with: "same_as: pass‸word"))
        #expect(definition["range"]?["start"]?["line"] == 9)
        // After the edit, the old outline does not answer: the text there is not what it read.
        let edited = Self.form.replacingOccurrences(of: "  username:", with: "  user\n  username:")
        client.change(formPath, version: 3, [["text": .string(edited)]])
        let below = edited.replacingOccurrences(of: "- min_length", with: "- min_le‸ngth")
        #expect(client.at("textDocument/hover", formPath, below) == .null)
    }

    /// `import:` completes the rule libraries beside the document and in its subfolders, which
    /// `check` lets it import (was: only those beside it), never a hidden folder's.
    @Test func importCompletionOffersLibrariesInSubfolders() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-imports-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in ["common.rules.yaml", "sub/other.rules.yaml", "sub/deep/d.rules.yaml", ".hidden/h.rules.yaml"] {
            let url = folder.appendingPathComponent(file)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "formspec: 1\ndefine: {x: {min_length: 1}}\n".write(to: url, atomically: true, encoding: .utf8)
        }
        let path = folder.appendingPathComponent("a.form.yaml").path
        let source = "formspec: 1\nform: a\nimport: [‸]\nfields:\n  a: {}\n"
        // The listing reads the folder itself, whatever the server's sources.
        let client = InProcessClient()
        client.open(path, source.unmarked)
        let labels = (client.at("textDocument/completion", path, source).array ?? []).compactMap { $0["label"]?.string }
        #expect(labels == ["common.rules.yaml", "sub/deep/d.rules.yaml", "sub/other.rules.yaml"])
    }

    /// A file a library imports, missing, then created on disk: the form that imports the library
    /// is analysed again (a review found it left stale once a change re-analysed only dependents).
    @Test func creatingAFileALibraryImportsClearsTheError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-deps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let form = folder.appendingPathComponent("a.form.yaml").path
        let library = folder.appendingPathComponent("b.rules.yaml")
        let missing = folder.appendingPathComponent("c.rules.yaml")
        try "formspec: 1\nimport: [c.rules.yaml]\ndefine: {x: {use: y}}\n".write(
            to: library, atomically: true, encoding: .utf8)
        let server = LanguageServer()
        _ = server.handle(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]])
        _ = server.handle([
            "jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": [
                "textDocument": [
                    "uri": .string(DocumentURI.uri(ofPath: form)), "languageId": "yaml", "version": 1,
                    "text": "formspec: 1\nform: a\nimport: [b.rules.yaml]\nfields:\n  a: {rules: [{use: x}]}\n",
                ]
            ],
        ])
        func published() -> [String: Int] {
            var counts: [String: Int] = [:]
            for message in server.flushDiagnostics() {
                if let uri = message["params"]?["uri"]?.string {
                    counts[uri] = message["params"]?["diagnostics"]?.array?.count
                }
            }
            return counts
        }
        #expect(published()[DocumentURI.uri(ofPath: library.path)] == 1)
        try "formspec: 1\ndefine: {y: {min_length: 1}}\n".write(to: missing, atomically: true, encoding: .utf8)
        _ = server.handle([
            "jsonrpc": "2.0", "method": "workspace/didChangeWatchedFiles",
            "params": ["changes": [["uri": .string(DocumentURI.uri(ofPath: missing.path)), "type": 1]]],
        ])
        #expect(published()[DocumentURI.uri(ofPath: library.path)] == 0)
    }

    /// Past the unchanged start of a broken text, the last outline does not answer, even where an
    /// old line's end would clamp the position onto its last token (a review found `b` in
    /// `same_as: a: b: c` answered as `a`).
    @Test func theLastOutlineDoesNotAnswerPastTheUnchangedText() {
        let client = InProcessClient()
        let path = "/specs/c.form.yaml"
        let text = "formspec: 1\nform: c\nfields:\n  a: {type: text}\n  b:\n    rules:\n      - same_as: a\n"
        client.open(path, text)
        _ = client.published()
        let broken = text.replacingOccurrences(of: "same_as: a", with: "same_as: a: b: c")
        client.change(path, version: 2, [["text": .string(broken)]])
        let onB = broken.replacingOccurrences(of: "a: b: c", with: "a: ‸b: c")
        #expect(client.at("textDocument/hover", path, onB) == .null)
        #expect(client.at("textDocument/definition", path, onB) == .null)
        // On `a`, before the edit, both still answer.
        let onA = broken.replacingOccurrences(of: "same_as: a:", with: "same_as: ‸a:")
        #expect(client.at("textDocument/definition", path, onA)["range"]?["start"]?["line"] == 3)
    }

    /// From the last good outline, hover on a reference shows the field only when its whole
    /// declaration is unchanged (a review saw a label edited into broken YAML shown as it was).
    @Test func hoverFromTheLastOutlineDoesNotShowAnEditedField() throws {
        let client = InProcessClient()
        let path = "/specs/h.form.yaml"
        let text =
            "formspec: 1\nform: h\nfields:\n  a:\n    rules: [{different_from: phone}]\n  phone: {label: Contact phone}\n"
        client.open(path, text)
        let before = try #require(
            client.at("textDocument/hover", path, text.replacingOccurrences(of: "from: phone", with: "from: pho‸ne"))[
                "contents"]?["value"]?.string)
        #expect(before.contains("Contact phone"))
        let broken = text.replacingOccurrences(of: "{label: Contact phone}", with: "{label: Renamed [x")
        client.change(path, version: 2, [["text": .string(broken)]])
        let hover = broken.replacingOccurrences(of: "from: phone", with: "from: pho‸ne")
        #expect(client.at("textDocument/hover", path, hover) == .null)
    }

    // MARK: - Lifecycle and protocol errors

    @Test func requestsBeforeInitializeAreRejected() {
        let server = LanguageServer(provider: InMemorySources([:]))
        let reply = server.handle(["jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": [:]])
        #expect(reply.first?["error"]?["code"] == .integer(-32002))
    }

    /// A client that lets the server register file watchers is asked to report specs and rule
    /// libraries changed on disk (were: never, so a library changed by `git checkout` left the
    /// form's diagnostics stale); one that does not is asked nothing.
    @Test(arguments: [true, false])
    func initializedRegistersFileWatchersWhenTheClientAllows(allows: Bool) {
        let server = LanguageServer(provider: InMemorySources([:]))
        let capabilities: Value =
            allows ? ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]] : [:]
        _ = server.handle(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": capabilities]])
        let sent = server.handle(["jsonrpc": "2.0", "method": "initialized", "params": [:]])
        #expect(sent.count == (allows ? 1 : 0))
        if allows {
            #expect(sent[0]["method"] == "client/registerCapability")
            let registration = sent[0]["params"]?["registrations"]?.array?.first
            #expect(registration?["method"] == "workspace/didChangeWatchedFiles")
            #expect(
                registration?["registerOptions"]?["watchers"]
                    == [["globPattern": "**/*.rules.yaml"], ["globPattern": "**/*.form.yaml"]])
            // The client's reply is taken without an answer, and a second `initialized` asks nothing.
            #expect(server.handle(["jsonrpc": "2.0", "id": "formspec-watch-files", "result": .null]).isEmpty)
            #expect(server.handle(["jsonrpc": "2.0", "method": "initialized", "params": [:]]).isEmpty)
        }
    }

    @Test func initializeAnnouncesIncrementalSyncAndTheFeatures() {
        let server = LanguageServer(provider: InMemorySources([:]))
        let reply = server.handle(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": [:]])
        let capabilities = reply.first?["result"]?["capabilities"]
        #expect(capabilities?["textDocumentSync"]?["change"] == .integer(2))
        #expect(capabilities?["hoverProvider"] == .bool(true))
        #expect(capabilities?["definitionProvider"] == .bool(true))
        #expect(capabilities?["completionProvider"]?["triggerCharacters"]?.array?.isEmpty == false)
    }

    @Test func unknownRequestsGetMethodNotFoundAndUnknownNotificationsNothing() {
        let client = InProcessClient()
        #expect(client.request("workspace/symbol", [:])["error"]?["code"] == .integer(-32601))
        client.notify("$/cancelRequest", ["id": 1])
        client.notify("$/unknownNotification", [:])
    }

    @Test func malformedMessagesGetErrorsNotCrashes() {
        let client = InProcessClient()
        let invalidJSON = client.server.handle(body: Array("{\"jsonrpc\": ".utf8))
        #expect(invalidJSON.first?["error"]?["code"] == .integer(-32700))
        #expect(invalidJSON.first?["id"] == .null)
        #expect(client.server.handle([1, 2, 3]).first?["error"]?["code"] == .integer(-32600))
        #expect(client.server.handle(["id": 7]).first?["error"]?["code"] == .integer(-32600))
        // Wrong parameter shapes: a request gets InvalidParams, a notification is dropped.
        #expect(client.request("textDocument/hover", ["textDocument": 5])["error"]?["code"] == .integer(-32602))
        client.notify("textDocument/didOpen", ["textDocument": ["uri": 3]])
        client.notify("textDocument/didChange", ["textDocument": ["uri": "file:///nope"], "contentChanges": 1])
        // A deeply nested body is bounded by the JSON reader.
        let deep = String(repeating: "[", count: 100_000)
        #expect(client.server.handle(body: Array(deep.utf8)).first?["error"]?["code"] == .integer(-32700))
    }

    @Test func aRequestWhoseIdIsNotAStringOrNumberIsNotRun() {
        let client = InProcessClient()
        for id: Value in [true, [1], ["a": 1]] {
            let reply = client.server.handle(["jsonrpc": "2.0", "id": id, "method": "shutdown"])
            #expect(reply.first?["error"]?["code"] == .integer(-32600))
            #expect(reply.first?["id"] == .null)
        }
        #expect(!client.server.hasShutDown)
    }

    @Test func openingADocumentAgainAnswersFromTheNewText() throws {
        let client = InProcessClient()
        let first = Self.form.replacingOccurrences(of: "min_length: 8", with: "min_‸length: 8")
        client.open(formPath, first.unmarked)
        _ = client.at("textDocument/hover", formPath, first)
        // The same URI opened again with other text at the same place.
        let second = Self.form.replacingOccurrences(of: "min_length: 8", with: "format: email")
        client.open(formPath, second)
        let hover = try #require(client.at("textDocument/hover", formPath, first)["contents"]?["value"]?.string)
        #expect(hover.hasPrefix("**format**"))
    }

    @Test func shutdownThenExitIsExitCodeZero() {
        let client = InProcessClient()
        #expect(client.request("shutdown", .null)["result"] == .null)
        #expect(client.request("textDocument/hover", [:])["error"]?["code"] == .integer(-32600))
        _ = client.server.handle(["jsonrpc": "2.0", "method": "exit"])
        #expect(client.server.exitCode == 0)
    }

    @Test func exitWithoutShutdownIsExitCodeOne() {
        let client = InProcessClient()
        _ = client.server.handle(["jsonrpc": "2.0", "method": "exit"])
        #expect(client.server.exitCode == 1)
    }

    // MARK: - Diagnostics

    @Test func aTypoIsPublishedWithItsDidYouMeanAndAFixClearsIt() {
        let client = InProcessClient(files: [libraryPath: Self.library])
        let typo = Self.form.replacingOccurrences(of: "min_length: 8", with: "min_lenght: 8")
        client.open(formPath, typo)
        let uri = DocumentURI.uri(ofPath: formPath)
        let diagnostics = client.published()[uri] ?? []
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["message"] == "unknown rule 'min_lenght'")
        #expect(diagnostics.first?["severity"] == 1)
        #expect(diagnostics.first?["relatedInformation"]?.array?.first?["message"] == "did you mean 'min_length'?")
        // Line 12 is `      - min_lenght: 8`; the key spans characters 8..<18.
        #expect(
            diagnostics.first?["range"] == [
                "start": ["line": 12, "character": 8], "end": ["line": 12, "character": 18],
            ])

        client.change(
            formPath, version: 2,
            [
                [
                    "range": ["start": ["line": 12, "character": 15], "end": ["line": 12, "character": 18]],
                    "text": "gth",
                ]
            ])
        #expect(client.published()[uri] == [])
    }

    @Test func aRangeAfterAstralCharactersIsInUTF16Units() throws {
        // libyaml counts columns in scalars: `typ` is at column 27 (1-based), but 😀 and 𝒳 are two
        // UTF-16 units each, so LSP puts it at character 28 (0-based).
        let text = "formspec: 1\nform: a\nfields: {a: {label: \"😀𝒳\", typ: text}}\n"
        let line = text.split(separator: "\n")[2]
        let typ = try #require(line.range(of: "typ"))
        let client = InProcessClient()
        client.open("/a.form.yaml", text)
        let diagnostic = try #require(client.published()["file:///a.form.yaml"]?.first)
        #expect(diagnostic["message"] == "unknown key 'typ' in field 'a'")
        let start = line.utf16.distance(from: line.startIndex, to: typ.lowerBound)
        #expect(start == 28)
        #expect(
            diagnostic["range"]
                == [
                    "start": ["line": 2, "character": .integer(Int64(start))],
                    "end": ["line": 2, "character": .integer(Int64(start + 3))],
                ])
    }

    @Test func aURIWithDotSegmentsStillGetsItsDiagnostics() {
        let client = InProcessClient()
        client.open("/specs/./sub/../a.form.yaml", "formspec: 1\nform: a\nfields: {x: {typ: text}}\n")
        #expect(client.published()["file:///specs/./sub/../a.form.yaml"]?.count == 1)
    }

    @Test func diagnosticsAreTheCompilersForTheUnsavedText() {
        let text = Self.form + "\n  extra:\n    type: colour\n    rules:\n      - same_as: nobody\n"
        let client = InProcessClient(files: [libraryPath: Self.library])
        client.open(formPath, text)
        let published = client.published()[DocumentURI.uri(ofPath: formPath)] ?? []
        let compiled = Compiler.compile(
            source: text, path: formPath, provider: InMemorySources([libraryPath: Self.library]))
        #expect(published.map { $0["message"]?.string ?? "" } == compiled.diagnostics.map(\.message))
        #expect(published.count >= 2)
    }

    @Test func problemsInAnImportedFileArePublishedOnThatFile() {
        let broken = Self.library.replacingOccurrences(of: "pattern:", with: "patern:")
        let client = InProcessClient(files: [libraryPath: broken])
        client.open(formPath, Self.form)
        let published = client.published()
        let onLibrary = published[DocumentURI.uri(ofPath: libraryPath)] ?? []
        #expect(onLibrary.first?["message"] == "unknown rule 'patern'")
    }

    @Test func editingAnOpenLibraryRechecksTheFormsThatImportIt() {
        let client = client()
        #expect(client.published()[DocumentURI.uri(ofPath: formPath)] == [])
        client.open(libraryPath, Self.library.replacingOccurrences(of: "handle:", with: "handles:"))
        let published = client.published()
        let onForm = published[DocumentURI.uri(ofPath: formPath)] ?? []
        #expect(onForm.contains { $0["message"]?.string?.contains("handle") == true })
    }

    @Test func openingAMissingLibraryRechecksTheFormsThatImportIt() {
        // The library is not on disk: the form cannot import it until the editor opens it.
        let client = InProcessClient()
        client.open(formPath, Self.form)
        let before = client.published()[DocumentURI.uri(ofPath: formPath)] ?? []
        #expect(before.contains { $0["message"]?.string?.contains("cannot import") == true })
        client.open(libraryPath, Self.library)
        #expect(client.published()[DocumentURI.uri(ofPath: formPath)] == [])
    }

    @Test func closingOneFormKeepsALibrarysProblemsAnotherOpenFormReports() {
        let broken = Self.library.replacingOccurrences(of: "pattern:", with: "patern:")
        let client = InProcessClient(files: [libraryPath: broken])
        let other = "/specs/login.form.yaml"
        client.open(formPath, Self.form)
        client.open(other, Self.form.replacingOccurrences(of: "form: signup", with: "form: login"))
        #expect(client.published()[DocumentURI.uri(ofPath: libraryPath)]?.isEmpty == false)
        client.notify("textDocument/didClose", ["textDocument": ["uri": .string(DocumentURI.uri(ofPath: formPath))]])
        let published = client.published()
        #expect(published[DocumentURI.uri(ofPath: formPath)] == [])
        // Not cleared: the other form still reports it.
        #expect(published[DocumentURI.uri(ofPath: libraryPath)] == nil)
        client.notify("textDocument/didClose", ["textDocument": ["uri": .string(DocumentURI.uri(ofPath: other))]])
        #expect(client.published()[DocumentURI.uri(ofPath: libraryPath)] == [])
    }

    @Test func closingADocumentClearsItsDiagnostics() {
        let client = InProcessClient()
        client.open("/a.form.yaml", "formspec: 1\nform: a\nfields: {x: {typ: text}}\n")
        #expect(client.published()["file:///a.form.yaml"]?.isEmpty == false)
        client.notify("textDocument/didClose", ["textDocument": ["uri": "file:///a.form.yaml"]])
        #expect(client.published()["file:///a.form.yaml"] == [])
    }

    @Test func anImportCycleIsPublishedOnBothFilesWhenBothAreOpen() {
        let a = "/specs/cyc_a.rules.yaml"
        let b = "/specs/cyc_b.rules.yaml"
        let files = [
            // An import cycle only: `q` uses `p`, and nothing uses `q` (a `use:` cycle is its own error).
            a: "formspec: 1\nimport: [cyc_b.rules.yaml]\ndefine: {p: {min_length: 1}}\n",
            b: "formspec: 1\nimport: [cyc_a.rules.yaml]\ndefine: {q: {use: p}}\n",
        ]
        func messages(_ published: [String: [Value]], _ path: String) -> [String]? {
            published[DocumentURI.uri(ofPath: path)].map { $0.compactMap { $0["message"]?.string }.sorted() }
        }
        // What `formspec check cyc_a.rules.yaml cyc_b.rules.yaml` prints on each file, each once.
        let check = Set(files.keys.flatMap { Compiler.compile(path: $0, provider: InMemorySources(files)).diagnostics })
        func checked(_ path: String) -> [String] {
            check.filter { $0.location?.path == path }.map(\.message).sorted()
        }
        #expect(checked(a).count == 1 && checked(a)[0].hasPrefix("cyclic import"))
        #expect(checked(b).count == 1 && checked(b)[0].hasPrefix("cyclic import"))

        let client = InProcessClient(files: files)
        client.open(a, files[a]!)
        // Compiling `a` finds the cycle at `b`'s import.
        let first = client.published()
        #expect(messages(first, a) == [])
        #expect(messages(first, b) == checked(b))
        // Compiling `b` finds it at `a`'s; opening `b` must not clear what compiling `a` found in it.
        client.open(b, files[b]!)
        let both = client.published()
        #expect(messages(both, a) == checked(a))
        #expect(messages(both, b) == checked(b))
        // Closed again, `b` is a file `a` imports: it keeps what compiling `a` finds in it, and `a`
        // loses what only compiling `b` found.
        client.notify("textDocument/didClose", ["textDocument": ["uri": .string(DocumentURI.uri(ofPath: b))]])
        let closed = client.published()
        #expect(messages(closed, a) == [])
        #expect(messages(closed, b) == checked(b))
    }

    // MARK: - Completion

    private func complete(_ source: String) -> [String] {
        let client = InProcessClient(files: [libraryPath: Self.library])
        client.open(formPath, source.unmarked)
        return InProcessClient.labels(client.at("textDocument/completion", formPath, source))
    }

    @Test func completesTopLevelKeys() {
        #expect(complete("‸") == SpecVocabulary.topLevelKeys)
        // Not `formspec` again: a mapping holds a key once.
        #expect(complete("formspec: 1\n‸") == SpecVocabulary.topLevelKeys.filter { $0 != "formspec" })
    }

    @Test func completesRuleNamesAndModifiersInARuleItem() {
        let labels = complete(Self.form.replacingOccurrences(of: "      - min_length: 8", with: "      - ‸"))
        // The rules the checker takes on a secret field: not the list rules, nor those for numbers.
        let rules = SpecVocabulary.ruleNames.filter { SpecVocabulary.rule($0, appliesTo: .secret) }
        #expect(!rules.contains("min_items") && !rules.contains("min") && rules.contains("min_length"))
        #expect(labels == rules + SpecVocabulary.ruleModifierKeys)
    }

    @Test func completesFieldTypes() {
        let labels = complete(Self.form.replacingOccurrences(of: "type: secret\n    rules", with: "type: ‸\n    rules"))
        #expect(labels == SpecVocabulary.fieldTypes)
    }

    @Test func completesFieldNamesInSameAsAndConditions() {
        // Not `confirm`, the field the rule is on: the compiler refuses comparing a field with itself.
        #expect(
            complete(Self.form.replacingOccurrences(of: "same_as: password", with: "same_as: pa‸"))
                == ["username", "password"])
        let condition = Self.form.replacingOccurrences(
            of: "    label: Confirm password", with: "    when: {field: ‸}\n    label: Confirm password")
        #expect(complete(condition) == ["username", "password", "confirm"])
    }

    @Test func completesConditionKeysAndFieldNamesInAComparisonOperand() {
        let keys = Self.form.replacingOccurrences(
            of: "    label: Confirm password", with: "    when: {field: username, ‸}\n    label: Confirm password")
        let labels = complete(keys)
        for key in ["less_than", "greater_than", "at_least", "at_most", "matches"] { #expect(labels.contains(key)) }
        let operand = Self.form.replacingOccurrences(
            of: "    label: Confirm password",
            with: "    when: {field: username, less_than: {field: ‸}}\n    label: Confirm password")
        // Not `username`, the field the condition tests: check refuses comparing it with itself.
        #expect(complete(operand) == ["password", "confirm"])
    }

    @Test func completesOnlyMessageAndWhenBesideAFormRule() {
        let source = Self.form + "\nform_rules:\n  - at_least_one_of: [username, password]\n    ‸\n"
        #expect(complete(source) == ["message", "when"])
        let first = Self.form + "\nform_rules:\n  - ‸\n"
        #expect(complete(first) == SpecVocabulary.formRuleKeys + ["message", "when"])
    }

    @Test func completesFieldNamesInEveryRuleThatTakesAFieldOperand() {
        for rule in ["equals", "not_equals"] {
            let operand = Self.form.replacingOccurrences(of: "same_as: password", with: "\(rule): {field: ‸}")
            #expect(complete(operand) == ["username", "password"], "\(rule)")
            // No offset there: only `field`.
            let key = Self.form.replacingOccurrences(of: "same_as: password", with: "\(rule): {‸}")
            #expect(complete(key) == ["field"], "\(rule)")
        }
        let contains = Self.form.replacingOccurrences(of: "same_as: password", with: "not_contains_field: ‸")
        #expect(complete(contains) == ["username", "password"])
    }

    /// A form with fields of several types and kinds, to refer to.
    static let referencesForm = """
        formspec: 1
        form: refs
        fields:
          top: {}
          count: {type: integer}
          tags: {type: list, of: text}
          address:
            fields:
              city: {}
          me:
            rules:
              - same_as: top
        form_rules:
          - at_least_one_of: [top, count]
        """

    /// The names completion offers at `‸` in `source`, typed into ``referencesForm`` (so the
    /// fields are known while the text does not parse), and the names of `every` that compile
    /// there (the source with the name written at the cursor has no error).
    private func offeredAndCompiling(_ source: String, every: [String]) -> (offered: [String], compiling: [String]) {
        let path = "/specs/refs.form.yaml"
        let client = InProcessClient()
        client.open(path, Self.referencesForm)
        _ = client.published()
        client.change(path, version: 2, [["text": .string(source.unmarked)]])
        let offered = InProcessClient.labels(client.at("textDocument/completion", path, source))
        let compiling = every.filter { name in
            let text = source.replacingOccurrences(of: "‸", with: name)
            return !Compiler.compile(source: text, path: path, provider: InMemorySources([:])).diagnostics.contains {
                $0.severity == .error
            }
        }
        return (offered, compiling)
    }

    static let referenceNames = [
        "top", "count", "tags", "address", "me", "/top", "/count", "/tags", "/address", "/address/city", "/me",
    ]

    @Test(arguments: ["same_as", "different_from"])
    func aComparisonOffersOnlyFieldsItCanCompile(rule: String) {
        // Not `me` itself (nor `/me`), nor the integer, the list or the group: check refuses each.
        let source = Self.referencesForm.replacingOccurrences(of: "same_as: top", with: "\(rule): ‸")
        let (offered, compiling) = offeredAndCompiling(source, every: Self.referenceNames)
        #expect(offered == ["top", "/top", "/address/city"])
        #expect(offered == compiling)
    }

    @Test(arguments: ["[top, ‸]", "[top, ‸, count]", "[/top, ‸", "\n      - top\n      - ‸\n      - count"])
    func atLeastOneOfOffersOnlyFieldsNotListedYet(list: String) {
        let source = Self.referencesForm.replacingOccurrences(of: " [top, count]", with: " " + list)
        let (offered, compiling) = offeredAndCompiling(source, every: Self.referenceNames)
        // `top` is listed already, as `top` or as `/top`; `count` too when it follows.
        let listed = list.contains("count") ? ["top", "/top", "count", "/count"] : ["top", "/top"]
        #expect(offered == Self.referenceNames.filter { !listed.contains($0) })
        // Each name offered compiles there, and each left out does not (an unclosed list compiles to nothing).
        if !list.hasSuffix("‸") { #expect(offered == compiling) }
    }

    @Test func completesOwnAndImportedDefinesInUse() {
        let source =
            Self.form.replacingOccurrences(of: "use: handle", with: "use: ‸") + "\ndefine:\n  mine: {min_length: 1}\n"
        #expect(complete(source) == ["mine", "handle"])
    }

    @Test func completesLocalesInMessageMapsAndEnumValues() {
        let messages = Self.form.replacingOccurrences(
            of: "      - min_length: 8", with: "      - min_length: 8\n        message:\n          ‸")
        #expect(complete(messages) == SpecVocabulary.builtInLocales)
        let severity = Self.form.replacingOccurrences(
            of: "      - min_length: 8", with: "      - min_length: 8\n        severity: w‸")
        #expect(complete(severity) == ["error", "warning"])
        let checkWhen = Self.form.replacingOccurrences(
            of: "      - min_length: 8", with: "      - check: available\n        check_when: ‸\n      - min_length: 8")
        #expect(complete(checkWhen) == ["valid", "always"])
    }

    @Test func completesOnlyLocalesTheCompilerTakes() {
        // `locale: ` with nothing after it yet is not a locale to offer (it used to be, as "").
        #expect(complete("formspec: 1\nform: a\nlocale: ‸\nfields: {a: {}}\n") == SpecVocabulary.builtInLocales)
        func messageKeys(locale: String) -> [String] {
            complete(
                Self.form.replacingOccurrences(of: "form: signup", with: "form: signup\nlocale: \(locale)")
                    .replacingOccurrences(
                        of: "      - min_length: 8", with: "      - min_length: 8\n        message:\n          ‸"))
        }
        // The spec's own locale comes first when it is a known one, not when check warns about it.
        #expect(messageKeys(locale: "fr") == ["fr"] + SpecVocabulary.builtInLocales)
        #expect(messageKeys(locale: "xx") == SpecVocabulary.builtInLocales)
    }

    @Test func completesCaseAndPatternFlags() {
        let textCase = Self.form.replacingOccurrences(
            of: "      - same_as: password", with: "      - same_as: password\n        case: ‸")
        #expect(complete(textCase) == ["sensitive", "insensitive"])
        let flags = Self.form.replacingOccurrences(
            of: "      - min_length: 8", with: "      - pattern: '^a'\n        flags: ‸")
        #expect(complete(flags) == SpecVocabulary.patternFlags)
        // Beside a condition's `matches` too.
        let conditionFlags = Self.form.replacingOccurrences(
            of: "      - min_length: 8",
            with: "      - min_length: 8\n        when: {field: username, matches: '^a', flags: ‸}")
        #expect(complete(conditionFlags) == SpecVocabulary.patternFlags)
    }

    @Test func completesTestKeysExpectationsAndFieldNamesInExpectations() {
        let tests = Self.form + "\ntests:\n  - name: t\n    input: {username: abc}\n"
        #expect(complete(tests + "    ‸") == SpecVocabulary.testKeys.filter { $0 != "name" && $0 != "input" })
        #expect(complete(tests + "    expect:\n      ‸") == SpecVocabulary.expectKeys)
        #expect(complete(tests + "    expect:\n      warnings:\n        ‸") == ["username", "password", "confirm"])
    }

    @Test func aCompletionReplacesTheWordTypedSoFar() throws {
        let source = "formspec: 1\nfo‸"
        let client = InProcessClient()
        client.open("/a.form.yaml", source.unmarked)
        let items = try #require(client.at("textDocument/completion", "/a.form.yaml", source).array)
        let form = try #require(items.first { $0["label"] == "form" })
        #expect(form["textEdit"]?["newText"] == "form: ")
        #expect(
            form["textEdit"]?["range"] == ["start": ["line": 1, "character": 0], "end": ["line": 1, "character": 2]])
    }

    /// In the middle of a word the whole word is replaced, and a key followed by `:` gets no
    /// second one (was: `- min_le‸ngth: 3` became `- min_length: ngth: 3`).
    @Test func aCompletionInsideAWordReplacesTheWholeWord() throws {
        let client = InProcessClient()
        let source = Self.form.replacingOccurrences(of: "- min_length: 8", with: "- min_le‸ngth: 8")
        client.open(formPath, source.unmarked)
        let items = try #require(client.at("textDocument/completion", formPath, source).array)
        let item = try #require(items.first { $0["label"] == "min_length" })
        let line = try #require(
            source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("‸") })
        #expect(item["textEdit"]?["newText"] == "min_length")
        #expect(
            item["textEdit"]?["range"]
                == [
                    "start": ["line": .integer(Int64(line)), "character": 8],
                    "end": ["line": .integer(Int64(line)), "character": 18],
                ])
    }

    /// A position past the end of a line, or of the text, is clamped (was: its character echoed in
    /// the edit, and no completion past the last line).
    @Test func aCompletionPastTheEndIsClamped() throws {
        let client = InProcessClient()
        client.open("/a.form.yaml", "formspec: 1\nfo")
        for (line, character) in [(1, 1_000_000), (1_000_000, 0)] {
            let position: Value = ["line": .integer(Int64(line)), "character": .integer(Int64(character))]
            let reply = client.request(
                "textDocument/completion",
                ["textDocument": ["uri": .string(DocumentURI.uri(ofPath: "/a.form.yaml"))], "position": position])
            let items = try #require(reply["result"]?.array)
            let form = try #require(items.first { $0["label"] == "form" })
            #expect(
                form["textEdit"]?["range"] == [
                    "start": ["line": 1, "character": 0], "end": ["line": 1, "character": 2],
                ])
        }
    }

    // MARK: - Hover

    @Test func hoverOnARuleShowsItsDocumentationAndDefaultMessage() throws {
        let client = client()
        let source = Self.form.replacingOccurrences(of: "- min_length", with: "- min_le‸ngth")
        let value = try #require(client.at("textDocument/hover", formPath, source)["contents"]?["value"]?.string)
        #expect(value.contains(try #require(SpecVocabulary.documentation(ofRule: "min_length"))))
        #expect(value.contains("{label} must be at least {min} characters"))
    }

    @Test func hoverOnACharacterClassSaysWhatItCountsAndHowMessagesNameIt() throws {
        let client = client()
        let source = Self.form.replacingOccurrences(of: "- min_length: 8", with: "- contains: di‸git")
        client.change(formPath, version: 2, [["text": .string(source.unmarked)]])
        let value = try #require(client.at("textDocument/hover", formPath, source)["contents"]?["value"]?.string)
        #expect(value.contains("Counts a decimal digit"))
        #expect(value.contains("`digit` (a count of 1), `digits` (more)"))
        #expect(!value.contains("Default message"))
    }

    @Test func hoverOnAConditionKeyShowsWhatTheConditionTests() throws {
        let client = InProcessClient(files: [libraryPath: Self.library])
        let source = Self.form.replacingOccurrences(
            of: "    label: Confirm password",
            with: "    when: {field: username, matc‸hes: \"^a\"}\n    label: Confirm password")
        client.open(formPath, source.unmarked)
        let value = try #require(client.at("textDocument/hover", formPath, source)["contents"]?["value"]?.string)
        #expect(value == "**matches** — " + (try #require(SpecVocabulary.documentation(ofConditionKey: "matches"))))
    }

    @Test func hoverOnAFieldReferenceShowsTheFieldSummary() throws {
        let client = client()
        let source = Self.form.replacingOccurrences(of: "same_as: password", with: "same_as: pass‸word")
        let value = try #require(client.at("textDocument/hover", formPath, source)["contents"]?["value"]?.string)
        #expect(value.hasPrefix("**field `password`** — secret"))
        #expect(value.contains("`min_length: 8`"))
    }

    /// A form with a repeatable group and a test naming its fields as reports do.
    static let contactsForm = """
        formspec: 1
        form: people
        fields:
          owner: {}
          contacts:
            type: list
            of: group
            fields:
              name: {}
              phone: {}
            rules:
              - max_items: 3
          note:
            rules:
              - different_from: /contacts/1/name
        tests:
          - name: two contacts
            input: {contacts: [{name: Ann, phone: "1"}, {name: Bob}]}
            expect:
              errors:
                contacts.1.phone: [Phone is required]
        """

    @Test func aTestsPathsAreTheFieldsTheyName() throws {
        let path = "/specs/people.form.yaml"
        let client = InProcessClient()
        let hover = Self.contactsForm.replacingOccurrences(of: "contacts.1.phone:", with: "contacts.1.ph‸one:")
        client.open(path, hover.unmarked)
        let value = try #require(client.at("textDocument/hover", path, hover)["contents"]?["value"]?.string)
        #expect(value.hasPrefix("**field `phone`**"))
        #expect(client.at("textDocument/definition", path, hover)["range"]?["start"]?["line"] == 9)
        // An input's own keys are values, not the test's keys (`name` is not the test's name).
        let input = Self.contactsForm.replacingOccurrences(of: "{name: Bob}", with: "{na‸me: Bob}")
        #expect(client.at("textDocument/hover", path, input) == .null)
        let completion = Self.contactsForm.replacingOccurrences(of: "contacts.1.phone:", with: "con‸:")
        let typing = "/specs/typing.form.yaml"
        client.open(typing, completion.unmarked)
        let labels = InProcessClient.labels(client.at("textDocument/completion", typing, completion))
        #expect(labels.contains("contacts.0.phone"))
        #expect(labels.contains("owner"))
    }

    @Test func aRootPathNeedsAnIndexAfterAListAndNoneElsewhere() {
        let path = "/specs/people.form.yaml"
        let client = InProcessClient()
        for (number, (written, found)) in [
            ("/contacts/1/na‸me", true), ("/contacts/na‸me", false), ("/own‸er/0", false), ("/contac‸ts", true),
        ].enumerated() {
            let source = Self.contactsForm.replacingOccurrences(of: "/contacts/1/name", with: written)
            let variant = path.replacingOccurrences(of: "people", with: "people\(number)")
            client.open(variant, source.unmarked)
            #expect((client.at("textDocument/hover", variant, source) != .null) == found, "\(written)")
        }
    }

    @Test func hoverOnATestKeyPastAListsCapacityIsNothingAsCheckSaysUnknown() throws {
        let path = "/specs/people.form.yaml"
        let client = InProcessClient()
        // `contacts` has `max_items: 3`: items 0 to 2 exist, and an index is written as check names it.
        for (key, known) in [("contacts.2.phone", true), ("contacts.3.phone", false), ("contacts.02.phone", false)] {
            let text = Self.contactsForm.replacingOccurrences(of: "contacts.1.phone:", with: "\(key):")
            let compiled = Compiler.compile(source: text, path: path, provider: InMemorySources([:]))
            let unknown = compiled.diagnostics.contains { $0.message.hasSuffix("unknown field '\(key)'") }
            #expect(unknown == !known, "\(key)")
            let source = text.replacingOccurrences(of: "\(key):", with: "\(key.dropLast(2))‸ne:")
            client.open(path, source.unmarked)
            let hover = client.at("textDocument/hover", path, source)
            #expect((hover != .null) == known, "\(key)")
        }
    }

    @Test func hoverOnAnEnumValueShowsTheMessageItSelects() throws {
        let client = InProcessClient()
        let source = "formspec: 1\nform: a\nfields:\n  e:\n    type: date\n    rules:\n      - format: em‸ail\n"
        client.open("/a.form.yaml", source.unmarked)
        let value = try #require(client.at("textDocument/hover", "/a.form.yaml", source)["contents"]?["value"]?.string)
        #expect(value.hasPrefix("**format: email** — "))
        #expect(value.contains("{label} must be a valid email address"))
        let type = source.replacingOccurrences(of: "em‸ail", with: "email").replacingOccurrences(
            of: "type: date", with: "type: da‸te")
        let typeValue = try #require(
            client.at("textDocument/hover", "/a.form.yaml", type)["contents"]?["value"]?.string)
        #expect(typeValue.contains("{label} must be a date (YYYY-MM-DD)"))
    }

    @Test func hoverOnUseShowsTheImportedDefine() throws {
        let client = client()
        let source = Self.form.replacingOccurrences(of: "use: handle", with: "use: han‸dle")
        let value = try #require(client.at("textDocument/hover", formPath, source)["contents"]?["value"]?.string)
        #expect(value.contains("**define `handle`** (in common.rules.yaml)"))
        #expect(value.contains("Use only lowercase letters"))
    }

    // MARK: - Definition

    @Test func definitionOfUseIsTheDefineInTheImportedFile() {
        let client = client()
        let source = Self.form.replacingOccurrences(of: "use: handle", with: "use: ha‸ndle")
        #expect(
            client.at("textDocument/definition", formPath, source)
                == [
                    "uri": .string(DocumentURI.uri(ofPath: libraryPath)),
                    "range": ["start": ["line": 2, "character": 2], "end": ["line": 2, "character": 8]],
                ])
    }

    @Test func definitionOfAFieldReferenceIsTheFieldInTheSameFile() {
        let client = client()
        let source = Self.form.replacingOccurrences(of: "different_from: username", with: "different_from: user‸name")
        #expect(
            client.at("textDocument/definition", formPath, source)
                == [
                    "uri": .string(DocumentURI.uri(ofPath: formPath)),
                    "range": ["start": ["line": 4, "character": 2], "end": ["line": 4, "character": 10]],
                ])
    }

    @Test func definitionOfAnImportIsTheFile() {
        let client = client()
        let source = Self.form.replacingOccurrences(of: "import: [common", with: "import: [com‸mon")
        #expect(
            client.at("textDocument/definition", formPath, source)["uri"]
                == .string(DocumentURI.uri(ofPath: libraryPath)))
    }

    @Test func definitionOfAnImportReadsAnOpenUnsavedLibraryAndNothingMissing() {
        // The library exists only in the editor, as check reads it.
        let client = InProcessClient()
        client.open(libraryPath, Self.library)
        client.open(formPath, Self.form)
        let source = Self.form.replacingOccurrences(of: "import: [common", with: "import: [com‸mon")
        #expect(
            client.at("textDocument/definition", formPath, source)["uri"]
                == .string(DocumentURI.uri(ofPath: libraryPath)))
        // Neither on disk nor open: check cannot import it, so it leads nowhere.
        let missing = InProcessClient()
        missing.open(formPath, Self.form)
        #expect(missing.at("textDocument/definition", formPath, source) == .null)
    }

    // MARK: - The vocabulary

    @Test func everyRuleHasDocumentationAndEveryRuleButUseADefaultMessage() {
        for name in SpecVocabulary.ruleNames + SpecVocabulary.formRuleKeys {
            #expect(SpecVocabulary.documentation(ofRule: name) != nil, "\(name) has no documentation")
            // `use` reports the define's message, `each` each item rule's own.
            if name != "use" && name != "each" {
                #expect(!SpecVocabulary.defaultMessages(ofRule: name).isEmpty, "\(name) has no default message")
            }
        }
    }
}

/// Requests between an edit and its diagnostics answer from the edited text.
@Suite struct EditThenAskTests {
    @Test func hoverAndCompletionSeeTheEditBeforeItIsCompiled() throws {
        let client = InProcessClient(files: ["/specs/common.rules.yaml": ServerTests.library])
        let path = "/specs/signup.form.yaml"
        client.open(path, ServerTests.form)
        _ = client.published()
        // Insert a new field `email` at the top of `fields:` (line 4), shifting every line down.
        client.change(
            path, version: 2,
            [
                [
                    "range": ["start": ["line": 4, "character": 0], "end": ["line": 4, "character": 0]],
                    "text": "  email:\n",
                ]
            ])
        let edited = ServerTests.form.replacingOccurrences(of: "fields:\n", with: "fields:\n  email:\n")
        let hover = edited.replacingOccurrences(of: "same_as: password", with: "same_as: pass‸word")
        let value = client.at("textDocument/hover", path, hover)["contents"]?["value"]?.string
        #expect(value?.hasPrefix("**field `password`**") == true)
        let complete = edited.replacingOccurrences(of: "same_as: password", with: "same_as: ‸")
        #expect(
            InProcessClient.labels(client.at("textDocument/completion", path, complete))
                == ["email", "username", "password"])
        #expect(client.published()["file:///specs/signup.form.yaml"] == [])
    }

    @Test func useOffersTheDefinesOfTheImportsTheTextHasNow() {
        let client = InProcessClient(files: ["/specs/common.rules.yaml": ServerTests.library])
        let path = "/specs/signup.form.yaml"
        client.open(path, ServerTests.form)
        _ = client.published()
        // The import is removed, and completion asked before the edit is compiled.
        let removed = ServerTests.form.replacingOccurrences(of: "import: [common.rules.yaml]\n", with: "")
            .replacingOccurrences(of: "use: handle", with: "use: ‸")
        client.change(path, version: 2, [["text": .string(removed.unmarked)]])
        #expect(InProcessClient.labels(client.at("textDocument/completion", path, removed)) == [])
        // And put back.
        let restored = ServerTests.form.replacingOccurrences(of: "use: handle", with: "use: ‸")
        client.change(path, version: 3, [["text": .string(restored.unmarked)]])
        #expect(InProcessClient.labels(client.at("textDocument/completion", path, restored)) == ["handle"])
    }
}
