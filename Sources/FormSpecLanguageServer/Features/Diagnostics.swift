import FormSpecDiagnostics
@_spi(Tooling) import FormSpecRuntime

extension LanguageServer {
    /// The diagnostics of every file that has some, by URI, as `formspec check` of all the open
    /// documents prints them: in an open document its own compilation's first, then those other
    /// open documents' compilations found in it; in a file that is not open, those the open
    /// documents' compilations found there. Each diagnostic is listed once, as `check` prints it.
    ///
    /// A document's own compilation is not enough: when `a` and `b` import each other, compiling
    /// `a` reports the cycle in `b` and compiling `b` reports it in `a`.
    func currentDiagnostics() -> [String: [Value]] {
        var openByPath: [String: Document] = [:]
        for document in documents.values.sorted(by: { $0.uri < $1.uri }) where openByPath[document.path] == nil {
            openByPath[document.path] = document
        }
        func uri(_ path: String) -> String { openByPath[path]?.uri ?? DocumentURI.uri(ofPath: path) }
        var found: [String: [Value]] = [:]
        // A problem of a library is reached from each form that imports it, its notes perhaps
        // telling another way there (an import chain): shown once, as its own file's check has it.
        var seen: [String: Set<String>] = [:]
        for ownFirst in [true, false] {
            for (owner, analysis) in analyses.sorted(by: { $0.key < $1.key }) {
                guard let document = documents[owner] else { continue }
                // An open file is shown as the editor has it (the compilation read that text); any
                // other file as the compilation read it.
                var lineIndexes: [String: LineIndex] = [:]
                func lines(_ path: String) -> LineIndex {
                    if let index = openByPath[path]?.lines ?? lineIndexes[path] { return index }
                    let index = LineIndex(analysis.sources[path] ?? "")
                    lineIndexes[path] = index
                    return index
                }
                for diagnostic in analysis.diagnostics {
                    // A problem with no place in a file (an unreadable file) is shown at the document's start.
                    let path = diagnostic.location?.path ?? document.path
                    guard (path == document.path) == ownFirst,
                        seen[path, default: []].insert(diagnostic.description).inserted
                    else { continue }
                    found[uri(path), default: []].append(
                        lspDiagnostic(diagnostic, in: document, uri: uri, lines: lines))
                }
            }
        }
        return found
    }

    /// One compiler diagnostic as an LSP `Diagnostic`: the same severity and message, the range
    /// converted to UTF-16, and each note as related information. A diagnostic without a place is
    /// put at the start of `document`, the one whose compilation reported it.
    private func lspDiagnostic(
        _ diagnostic: Diagnostic, in document: Document, uri: (String) -> String, lines: (String) -> LineIndex
    ) -> Value {
        func location(_ location: SourceLocation?) -> Value {
            guard let location else {
                let start = LSPPosition(line: 0, character: 0)
                return ["uri": .string(document.uri), "range": Value(LSPRange(start: start, end: start))]
            }
            return ["uri": .string(uri(location.path)), "range": Value(lines(location.path).lspRange(of: location))]
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
