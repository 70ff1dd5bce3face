import FormSpecDiagnostics
@_spi(Tooling) import FormSpecRuntime

extension LanguageServer {
    /// The `publishDiagnostics` notifications for one analysis: the document's own diagnostics, and
    /// those the compilation found in imported files that are not open (as `formspec check` prints
    /// them); files that had diagnostics last time and have none now are cleared.
    func publications(document: Document, analysis: DocumentAnalysis) -> [Value] {
        var byPath: [String: [Diagnostic]] = [document.path: []]
        for diagnostic in analysis.diagnostics {
            // A problem with no place in a file (an unreadable file) is shown at the document's start.
            let path = diagnostic.location?.path ?? document.path
            if path != document.path, documents.values.contains(where: { $0.path == path }) { continue }
            byPath[path, default: []].append(diagnostic)
        }
        var lineIndexes: [String: LineIndex] = [document.path: document.lines]
        func lines(_ path: String) -> LineIndex {
            if let index = lineIndexes[path] { return index }
            let index = LineIndex(analysis.sources[path] ?? "")
            lineIndexes[path] = index
            return index
        }
        var out = [
            Self.publish(
                uri: document.uri, version: document.version,
                (byPath[document.path] ?? []).map { lspDiagnostic($0, in: document, lines: lines) })
        ]
        var foreign: Set<String> = []
        for path in byPath.keys.sorted() where path != document.path {
            let uri = DocumentURI.uri(ofPath: path)
            foreign.insert(uri)
            out.append(
                Self.publish(
                    uri: uri, version: nil, byPath[path]!.map { lspDiagnostic($0, in: document, lines: lines) }))
        }
        for uri in foreignPublished[document.uri, default: []].subtracting(foreign).sorted()
        where !isForeignPublished(uri, byOtherThan: document.uri) {
            out.append(Self.publish(uri: uri, version: nil, []))
        }
        foreignPublished[document.uri] = foreign
        return out
    }

    /// Whether an open document other than `owner` last gave the file `uri` diagnostics: then they
    /// stand, and `owner` no longer reporting them does not clear them.
    func isForeignPublished(_ uri: String, byOtherThan owner: String) -> Bool {
        foreignPublished.contains { $0.key != owner && $0.value.contains(uri) }
    }

    /// One compiler diagnostic as an LSP `Diagnostic`: the same severity and message, the range
    /// converted to UTF-16, and each note as related information.
    private func lspDiagnostic(_ diagnostic: Diagnostic, in document: Document, lines: (String) -> LineIndex) -> Value {
        func location(_ location: SourceLocation?) -> Value {
            guard let location else {
                let start = LSPPosition(line: 0, character: 0)
                return ["uri": .string(document.uri), "range": Value(LSPRange(start: start, end: start))]
            }
            let uri = location.path == document.path ? document.uri : DocumentURI.uri(ofPath: location.path)
            return ["uri": .string(uri), "range": Value(lines(location.path).lspRange(of: location))]
        }
        let severity: Int64 =
            switch diagnostic.severity {
            case .error: 1
            case .warning: 2
            case .note: 3
            }
        let related: [Value] = diagnostic.notes.map { note in
            ["location": location(note.location ?? diagnostic.location), "message": .string(note.message)]
        }
        return .record([
            "range": location(diagnostic.location)["range"],
            "severity": .integer(severity),
            "source": "formspec",
            "message": .string(diagnostic.message),
            "relatedInformation": related.isEmpty ? nil : .array(related),
        ])
    }
}
