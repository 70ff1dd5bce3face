import FormSpecCompiler
import FormSpecDiagnostics

/// Serves the text of open documents (unsaved edits included) and every other file from `base`.
struct OpenDocumentSources: SourceProvider {
    let texts: [String: String]
    let base: any SourceProvider

    func contents(of path: String) -> [UInt8]? {
        if let text = texts[path] { return Array(text.utf8) }
        return base.contents(of: path)
    }
}

/// What the server knows of one open document after its last compilation.
struct DocumentAnalysis {
    /// The document version the diagnostics are of.
    var version: Int
    /// The document version ``outline`` is of: newer than ``version`` when requests arrived after
    /// an edit and before its diagnostics were computed.
    var outlineVersion: Int
    /// The compiler's diagnostics, exactly as `formspec check` reports them.
    var diagnostics: [Diagnostic]
    /// The text of every file the compilation read, by path.
    var sources: [String: String]
    /// The outline of the document's current text; `nil` when it is not loadable YAML.
    var outline: SpecOutline?
    /// The last outline that could be read, possibly of an older version: names of fields and
    /// defines for completion while the text is broken mid-edit.
    var lastGoodOutline: SpecOutline?
    /// Outlines of the files the document imports, directly or not.
    var imports: [SpecOutline]
    /// How long compiling took.
    var duration: Duration

    /// Compiles `document` (with the other open documents' unsaved text) and outlines it.
    init(document: Document, sources: OpenDocumentSources, previous: DocumentAnalysis?) {
        let clock = ContinuousClock()
        let start = clock.now
        let compilation = Compiler.compile(path: document.path, provider: sources)
        version = document.version
        outlineVersion = document.version
        diagnostics = compilation.diagnostics
        self.sources = compilation.sources
        outline = SpecOutline(text: document.text, path: document.path)
        lastGoodOutline = outline ?? previous?.lastGoodOutline
        imports = []
        if let root = lastGoodOutline { imports = Self.importedOutlines(of: root, sources: sources) }
        duration = clock.now - start
    }

    /// Re-reads the outline of `document`'s current text without compiling it: hover and definition
    /// need positions of the text the editor shows, not the full check.
    mutating func updateOutline(_ document: Document) {
        guard outlineVersion != document.version else { return }
        outline = SpecOutline(text: document.text, path: document.path)
        if let outline { lastGoodOutline = outline }
        outlineVersion = document.version
    }

    /// Every file reachable through `import:` from `root`, each once, in import order.
    private static func importedOutlines(of root: SpecOutline, sources: OpenDocumentSources) -> [SpecOutline] {
        var seen: Set<String> = [root.path]
        var found: [SpecOutline] = []
        var queue = [root]
        while !queue.isEmpty, found.count < 256 {
            let outline = queue.removeFirst()
            for entry in outline.imports {
                let path = Compiler.resolveImport(entry.path, from: outline.path)
                guard seen.insert(path).inserted, let bytes = sources.contents(of: path),
                    let imported = SpecOutline(text: String(decoding: bytes, as: UTF8.self), path: path)
                else { continue }
                found.append(imported)
                queue.append(imported)
            }
        }
        return found
    }

    /// The paths this document's compilation read besides its own.
    func dependencies(besides path: String) -> Set<String> {
        Set(sources.keys).union(imports.map(\.path)).subtracting([path])
    }

    /// Every define visible from the document: its own, then the imported ones.
    var visibleDefines: [(entry: OutlineEntry, outline: SpecOutline)] {
        let own = lastGoodOutline.map { outline in outline.defines.map { ($0, outline) } } ?? []
        return own + imports.flatMap { outline in outline.defines.map { ($0, outline) } }
    }
}
