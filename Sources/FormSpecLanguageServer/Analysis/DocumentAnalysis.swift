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

    func unreadableReason(_ path: String, named: Bool) -> String { base.unreadableReason(path, named: named) }

    /// The folder's files as `base` lists them, and the documents open there not yet saved.
    func fileNames(inFolder folder: String) -> [String] {
        let open = InMemorySources.fileNames(inFolder: folder, among: texts.keys)
        return Array(Set(base.fileNames(inFolder: folder) + open)).sorted()
    }

    /// As `base` names it, symlinks resolved, so imports are confined exactly as `formspec check`
    /// confines them; an open document not yet saved sits in its folder as `base` names that.
    func canonicalPath(_ path: String) -> String? {
        if let canonical = base.canonicalPath(path) { return canonical }
        let path = Compiler.normalizePath(path)
        guard texts[path] != nil, let slash = path.lastIndex(of: "/") else { return nil }
        let folder = path[..<slash].isEmpty ? "/" : String(path[..<slash])
        return base.canonicalPath(folder).map {
            ($0.hasSuffix("/") ? $0 : $0 + "/") + path[path.index(after: slash)...]
        }
    }
}

/// What the server knows of one open document after its last compilation.
struct DocumentAnalysis {
    /// The document revision (``Document/revision``) the diagnostics are of.
    var revision: Int
    /// The document revision ``outline`` is of: newer than ``revision`` when requests arrived after
    /// an edit and before its diagnostics were computed.
    var outlineRevision: Int
    /// The compiler's diagnostics, exactly as `formspec check` reports them.
    var diagnostics: [Diagnostic]
    /// The text of every file the compilation read, by path.
    var sources: [String: String]
    /// The outline of the document's current text; `nil` when it is not loadable YAML.
    var outline: SpecOutline?
    /// The last outline that could be read, possibly of an older version: names of fields and
    /// defines for completion while the text is broken mid-edit.
    var lastGoodOutline: SpecOutline?
    /// While a line being typed breaks the YAML: the outline of the text without the broken parts
    /// its errors name. `nil` when the text loads.
    var recoveredOutline: SpecOutline?
    /// Where completion reads names from: the text as it is (without what a line being typed broke),
    /// so a field renamed since the last good text is offered by its new name, not its old one.
    var namesOutline: SpecOutline? { outline ?? recoveredOutline ?? lastGoodOutline }
    /// The outline position requests read: the current text's, or while it does not parse (a key
    /// half typed) the last good one, for what lies in the text it still shares with the current
    /// one: that means what it meant, for the path of a YAML node depends only on the text before it.
    struct RequestOutline {
        var outline: SpecOutline
        /// How many of the outline's first scalars the current text has unchanged; `nil`: all.
        var unchangedScalars: Int?

        /// Whether `location` of the outline's text is the same in the current text.
        func isCurrent(_ location: SourceLocation) -> Bool {
            unchangedScalars.map { outline.lines.scalarOffset(of: location.end) <= $0 } ?? true
        }

        /// The token under `position` of `document`'s text, when the outline knows it: the
        /// position itself must lie in the unchanged start (past an old line's end, the outline
        /// would clamp it onto that line's last token).
        func token(at position: LSPPosition, in document: Document) -> OutlineToken? {
            if let unchangedScalars {
                let lines = document.lines
                guard lines.scalarOffset(of: lines.sourcePosition(of: position)) <= unchangedScalars else { return nil }
            }
            guard let token = outline.token(at: outline.lines.sourcePosition(of: position)), isCurrent(token.location)
            else { return nil }
            return token
        }
    }

    /// The outline for position requests (see ``RequestOutline``); `nil` when no text has parsed.
    func requestOutline(for document: Document) -> RequestOutline? {
        if let outline { return RequestOutline(outline: outline, unchangedScalars: nil) }
        guard let lastGoodOutline else { return nil }
        var common = 0
        for (old, new) in zip(lastGoodOutline.text.unicodeScalars, document.text.unicodeScalars) {
            guard old == new else { break }
            common += 1
        }
        return RequestOutline(outline: lastGoodOutline, unchangedScalars: common)
    }

    /// Outlines of the files the document imports, directly or not.
    var imports: [SpecOutline]
    /// The `import:` entries, as written, that ``imports`` were read for.
    private var importsReadFor: [String]
    /// The paths the document's own `import:` entries name, whether or not they could be read: a
    /// library opened (or created) in the editor after the document must re-check it.
    var wantedImports: Set<String>
    /// The files imports named, at any depth, that could not be read: creating one changes the
    /// analysis (a library's own missing import).
    var unreadImports: Set<String> = []
    /// How long compiling took.
    var duration: Duration

    /// Compiles `document` (with the other open documents' unsaved text) and outlines it.
    init(document: Document, sources: OpenDocumentSources, previous: DocumentAnalysis?) {
        let clock = ContinuousClock()
        let start = clock.now
        let compilation = Compiler.compile(path: document.path, provider: sources)
        revision = document.revision
        outlineRevision = document.revision
        diagnostics = compilation.diagnostics
        self.sources = compilation.sources
        unreadImports = compilation.unreadImports
        (outline, recoveredOutline) = SpecOutline.reading(document.text, path: document.path)
        // A document that never loaded (opened broken) is outlined without its broken parts.
        lastGoodOutline = outline ?? previous?.lastGoodOutline ?? recoveredOutline
        imports = []
        importsReadFor = lastGoodOutline?.imports.map(\.path) ?? []
        if let root = lastGoodOutline { imports = Self.importedOutlines(of: root, sources: sources) }
        wantedImports = Set(
            (lastGoodOutline?.imports ?? []).map { Compiler.resolveImport($0.path, from: document.path) })
        duration = clock.now - start
    }

    /// Re-reads the outline of `document`'s current text without compiling it: hover and definition
    /// need positions of the text the editor shows, not the full check. When the text's `import:`
    /// entries changed, the imported files are outlined again from `sources` (a YAML parse of each,
    /// no check), so `use:` offers the names the text imports now, not those it imported before.
    mutating func updateOutline(_ document: Document, sources: @autoclosure () -> OpenDocumentSources) {
        guard outlineRevision != document.revision else { return }
        (outline, recoveredOutline) = SpecOutline.reading(document.text, path: document.path)
        outlineRevision = document.revision
        guard let outline else { return }
        lastGoodOutline = outline
        let entries = outline.imports.map(\.path)
        if entries != importsReadFor {
            imports = Self.importedOutlines(of: outline, sources: sources())
            importsReadFor = entries
        }
    }

    /// Every file reachable through `import:` from `root`, each once, in import order.
    private static func importedOutlines(of root: SpecOutline, sources: OpenDocumentSources) -> [SpecOutline] {
        // The same confinement as `formspec check`: an import outside the document's folder (absolute,
        // `../`, or a symlink leading out) is never read, so its defines are never offered.
        let resolver = ImportResolver(specPath: root.path, provider: sources)
        var seen: Set<String> = [sources.canonicalPath(root.path) ?? root.path]
        var found: [SpecOutline] = []
        var queue = [root]
        while !queue.isEmpty, found.count < 256 {
            let outline = queue.removeFirst()
            for entry in outline.imports {
                guard case .success(let (path, key)) = resolver.resolve(entry.path, from: outline.path),
                    seen.insert(key).inserted, let bytes = sources.contents(of: path),
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
        Set(sources.keys).union(imports.map(\.path)).union(wantedImports).union(unreadImports).subtracting([path])
    }

    /// Every define visible from the document: its own, then the imported ones.
    var visibleDefines: [(entry: OutlineEntry, outline: SpecOutline)] {
        let own = lastGoodOutline.map { outline in outline.defines.map { ($0, outline) } } ?? []
        return own + imports.flatMap { outline in outline.defines.map { ($0, outline) } }
    }
}
