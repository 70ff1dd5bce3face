import FormSpecCompiler
import FormSpecDiagnostics
@_spi(Tooling) import FormSpecRuntime

extension LanguageServer {
    /// `textDocument/definition`: the field a reference names, the define a `use:` names (in this
    /// file or an imported one), the file an `import:` entry names.
    func definition(document: Document, analysis: DocumentAnalysis, at position: LSPPosition) -> Value {
        guard let request = analysis.requestOutline(for: document),
            let token = request.token(at: position, in: document)
        else {
            return .null
        }
        let outline = request.outline
        let names: (isKey: Bool, slot: SpecSlot) = (token.isKey, token.slot)
        switch names {
        case (false, .fieldName):
            guard let field = outline.field(named: token.text, at: token.path) else { return .null }
            guard request.isCurrent(field.location) else { return .null }
            return location(document.uri, document.lines.lspRange(of: field.location))
        case (false, .itemFieldName):
            guard let list = outline.field(owning: token.path),
                let field = SpecOutline.nestedFields(of: list).first(where: { $0.name == token.text })
            else { return .null }
            guard request.isCurrent(field.location) else { return .null }
            return location(document.uri, document.lines.lspRange(of: field.location))
        case (true, .fieldValues):
            guard let field = outline.field(atReportPath: token.text) else { return .null }
            guard request.isCurrent(field.location) else { return .null }
            return location(document.uri, document.lines.lspRange(of: field.location))
        case (false, .defineName):
            guard let define = analysis.visibleDefines.first(where: { $0.entry.name == token.text }) else {
                return .null
            }
            let own = define.outline.path == document.path
            guard !own || request.isCurrent(define.entry.location) else { return .null }
            let uri = own ? document.uri : uri(ofPath: define.outline.path)
            return location(uri, define.outline.lines.lspRange(of: define.entry.location))
        case (false, .importPath):
            // Only where `formspec check` would read: an import outside the document's folder, or
            // one that is not a readable file, leads nowhere; an open document is read unsaved.
            let sources = openSources
            let resolver = ImportResolver(specPath: document.path, provider: sources)
            guard case .success(let (path, _)) = resolver.resolve(token.text, from: document.path),
                sources.contents(of: path) != nil
            else { return .null }
            let start = LSPPosition(line: 0, character: 0)
            return location(uri(ofPath: path), LSPRange(start: start, end: start))
        default:
            return .null
        }
    }

    /// The URI of `path`: the client's own URI when the file is open, so it recognizes the document.
    private func uri(ofPath path: String) -> String {
        documents.values.first { $0.path == path }?.uri ?? DocumentURI.uri(ofPath: path)
    }

    private func location(_ uri: String, _ range: LSPRange) -> Value {
        ["uri": .string(uri), "range": Value(range)]
    }
}
