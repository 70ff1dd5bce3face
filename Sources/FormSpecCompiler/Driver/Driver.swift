import FormSpecDiagnostics
@_spi(Program) @_spi(Tooling) import FormSpecRuntime
import FormSpecYAML

/// Wires the stages for one compilation: load (``LoadedYAML``) -> parse (``SpecSyntax``) ->
/// check (``CheckedSpec``) -> lower (``Program``), following imports.
struct Driver {
    let provider: any SourceProvider
    let options: CompileOptions
    private var diagnostics = DiagnosticCollector()
    private var sources: [String: String] = [:]
    /// Imports (at any depth) that named a file that could not be read.
    private var unreadImports: Set<String> = []
    /// The folders listed for an import's did-you-mean, by path.
    private var folderListings: [String: [String]] = [:]
    /// Parsed files by canonical path (`nil`: could not be read), so a file imported twice is read once.
    private var parsed: [String: SpecSyntax?] = [:]
    /// Where imports may lead (fixed once the spec's path is known).
    private var imports: ImportResolver?

    init(provider: any SourceProvider, options: CompileOptions = CompileOptions()) {
        self.provider = provider
        self.options = options
    }

    mutating func compile(path written: String) -> Compilation {
        // The path tidied for diagnostics (`./a/b` is `a/b`), unless tidying names another file:
        // `link/..` is the parent of the link's target to the system, not the folder holding `link`.
        let tidy = PathUtilities.normalize(written)
        let path = tidy == written || provider.canonicalPath(tidy) == provider.canonicalPath(written) ? tidy : written
        let key = provider.canonicalPath(path) ?? path
        resolveImportRoot(specPath: path)
        guard let spec = parse(path, key: key, importedAt: nil, as: path) else {
            return finish(spec: nil, isLibrary: false)
        }
        var checker = Checker()
        (checker.defines, checker.importFailed, checker.brokenDefines) = collectDefines(of: spec, key: key)
        let isLibrary = spec.fields == nil && spec.form == nil
        warnAboutFileName(path, isLibrary: isLibrary, at: spec.location)
        if isLibrary {
            if !spec.hasDefineSection {
                diagnostics.error(
                    "a spec needs 'form:' and 'fields:' (or 'define:' for a rule library)", at: spec.location)
            }
            Checker.checkVersion(spec, diagnostics: &diagnostics)
            if !spec.tests.isEmpty || !spec.formRules.isEmpty {
                diagnostics.error(
                    "a rule library holds only 'define:'; tests and form rules need a form", at: spec.location)
            }
            // Its defines are checked where a form uses them, but a cycle among them is one in any use.
            checker.checkDefineCycles()
            diagnostics.append(contentsOf: checker.diagnostics.diagnostics)
            return finish(spec: nil, isLibrary: true)
        }
        let checked = checker.check(spec)
        diagnostics.append(contentsOf: checker.diagnostics.diagnostics)
        if !checker.secretSpans.isEmpty, let text = sources[path] {
            sources[path] = Self.mask(text, spans: checker.secretSpans)
        }
        guard let checked, !diagnostics.hasErrors else { return finish(spec: nil, isLibrary: false) }
        let program = Lowering(spec: checked).lower()
        warnAboutDefaultsTheirRulesRefuse(checked, syntax: spec, program: program)
        return finish(spec: CompiledSpec(path: path, program: program, tests: checked.tests), isLibrary: false)
    }

    /// Warns about a top-level field's default that its own rules refuse (`default: 5` with
    /// `max: 3`): a form would open invalid, and a record without the field would fail for a value
    /// it never sent. Only rules that read the value alone count (no `when:`, no other field, no
    /// check, not inside `all`/`any`/`not`), run on the program itself with every default in place.
    private mutating func warnAboutDefaultsTheirRulesRefuse(_ spec: CheckedSpec, syntax: SpecSyntax, program: Program) {
        let written = Dictionary(
            (syntax.fields ?? []).compactMap { field in field.defaultValue.map { (field.name.value, $0) } },
            uniquingKeysWith: { first, _ in first })
        let candidates = spec.fields.filter { $0.defaultValue != nil && written[$0.name] != nil }
        guard !candidates.isEmpty else { return }
        let context = EvaluationContext(checks: { _, _, _ in true })
        guard let report = try? program.validate(.object([]), context: context) else { return }
        for field in candidates {
            guard let node = written[field.name], let errors = report[field: field.name]?.errors else { continue }
            for error in errors {
                // The report names the rule, not which: a field with two of a name is left alone.
                let rules = field.rules.filter { $0.name == error.rule }
                guard rules.count == 1, let rule = rules.first, Self.readsTheValueAlone(rule) else { continue }
                let shown = field.type == .secret ? "" : " '\(Diagnostics.excerpt(node.scalar?.text ?? ""))'"
                diagnostics.warning(
                    "the default\(shown) of field '\(field.name)' fails its own rule '\(error.rule)': \(error.message)",
                    at: node.location, notes: [.init("the rule", at: rule.location)])
                break
            }
        }
    }

    /// Whether `rule` decides on its field's value alone, always: no `when:`, no other field, no
    /// check, and an error (a warning's failure leaves the value valid). `one_of`/`not_one_of` are
    /// left out: `default: none` with `not_one_of: [none]` is how a form asks for a choice.
    private static func readsTheValueAlone(_ rule: CheckedRule) -> Bool {
        guard rule.condition == nil, rule.severity == .error else { return false }
        switch rule.rule {
        case .length, .pattern, .contains, .format: return true
        case .range(let range):
            if case .literal = range.operand { return true }
            return false
        case .multipleOf(let multiple):
            if case .literal = multiple.operand { return true }
            return false
        default: return false
        }
    }

    /// docs/reference.md names forms `NAME.form.yaml` and rule libraries `NAME.rules.yaml`;
    /// tools find specs by those names, so a file named for the other kind is likely a mistake.
    private mutating func warnAboutFileName(_ path: String, isLibrary: Bool, at location: SourceLocation) {
        let start = SourceLocation(path: path, start: location.start)
        if isLibrary, path.hasSuffix(".form.yaml") {
            diagnostics.warning(
                "this file is a rule library (no 'form:' or 'fields:'), but its name ends in .form.yaml", at: start,
                notes: [.init("name rule libraries NAME.rules.yaml")])
        } else if !isLibrary, path.hasSuffix(".rules.yaml") {
            diagnostics.warning(
                "this file is a form, but its name ends in .rules.yaml", at: start,
                notes: [.init("name forms NAME.form.yaml, so 'formspec test' finds them")])
        }
    }

    private func finish(spec: CompiledSpec?, isLibrary: Bool) -> Compilation {
        var compilation = Compilation(
            spec: spec, diagnostics: diagnostics.sorted, sources: sources, isLibrary: isLibrary)
        compilation.unreadImports = unreadImports
        return compilation
    }

    /// `written` (an import that names no file, at `path`) with its file name made that of a spec
    /// or library in the same folder whose name before the extension is one or two edits away
    /// (`comon.rules.yaml`), or the same with another extension (`common.rules.yml`). Only a file
    /// the import could read is offered: not hidden, inside the import root, a readable file, and
    /// never the importing spec (a cycle). A folder is listed once a compilation, its first 10,000
    /// names.
    private mutating func similarFile(to written: String, at path: String, importedFrom spec: String) -> String? {
        guard let imports else { return nil }
        // A path without a folder (from a spec named without one) is in the current folder.
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { path[..<$0].isEmpty ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        func stem(_ file: String) -> String { String(file.prefix { $0 != "." }) }
        if folderListings[folder] == nil {
            folderListings[folder] = Array(provider.fileNames(inFolder: folder).prefix(10_000))
        }
        let files = (folderListings[folder] ?? []).filter {
            $0 != name && !$0.hasPrefix(".") && ($0.hasSuffix(".yaml") || $0.hasSuffix(".yml"))
        }
        let writtenFolder = written.lastIndex(of: "/").map { String(written[...$0]) } ?? ""
        // The same name with another extension, else the nearest name before the extension.
        let wanted = stem(name)
        let sameStem = files.filter { stem($0) == wanted }
        let nearStem =
            closestMatch(to: wanted, in: Set(files.map(stem)).sorted()).map { near in
                files.filter { stem($0) == near }
            } ?? []
        let ownKey = imports.resolve(PathUtilities.split(PathUtilities.normalize(spec)).name, from: spec)
        // The kind the import names first (`.rules.yaml` for a library), then by name.
        let kind = name.dropFirst(wanted.count)
        let ordered = (sameStem.isEmpty ? nearStem : sameStem).sorted {
            ($0.dropFirst(stem($0).count) != kind ? 1 : 0, $0) < ($1.dropFirst(stem($1).count) != kind ? 1 : 0, $1)
        }
        for file in ordered {
            let suggestion = writtenFolder + file
            guard case .success(let resolved) = imports.resolve(suggestion, from: spec),
                provider.contents(of: resolved.key) != nil
            else { continue }
            if case .success(let own) = ownKey, own.key == resolved.key { continue }
            return suggestion
        }
        return nil
    }

    /// Loads and parses the file `path` (canonically `key`); a file that cannot be read is reported
    /// at the import that named it when there is one. An imported file that is not a FormSpec file
    /// is never quoted: it gets one diagnostic at the import, and its text is not kept for excerpts.
    /// One that is (``startsLikeSpec(_:)``, or a mapping with a `formspec:` key) is a spec like any
    /// other: its problems, a YAML error among them, are reported in it.
    private mutating func parse(_ path: String, key: String, importedAt: SourceLocation?, as written: String)
        -> SpecSyntax?
    {
        if let spec = parsed[key] { return spec }
        parsed[key] = .some(nil)
        // Imports are read through their canonical path, the one that was checked against the root.
        guard let bytes = importedAt == nil ? provider.contents(ofNamedFile: path) : provider.contents(of: key) else {
            if let importedAt {
                unreadImports.insert(path)
                let resolved = written == path ? "" : " (\(path))"
                let reason = provider.unreadableReason(key, named: false)
                diagnostics.error(
                    "cannot import '\(written)'\(resolved): \(reason)", at: importedAt,
                    notes: similarFile(to: written, at: key, importedFrom: importedAt.path).map {
                        [.init("did you mean '\($0)'?")]
                    } ?? [])
            } else {
                // The path the caller named, quoted whole.
                diagnostics.emitWhole(
                    .error("cannot read '\(path)': \(provider.unreadableReason(path, named: true))", at: nil))
            }
            return nil
        }
        let loaded: LoadedYAML
        do {
            var limits = YAMLLoader.Limits()
            limits.quotesText = true  // a spec's keys are the author's own words
            loaded = try YAMLLoader.load(bytes, path: path, limits: limits)
        } catch {
            if let importedAt, !Self.startsLikeSpec(bytes) {
                refuseForeign(written, at: importedAt, reason: "it is not valid YAML")
            } else {
                // A spec's own YAML error, at its place in the spec (an imported one says where from).
                sources[path] = String(decoding: bytes, as: UTF8.self)
                var error = error
                if let importedAt { error.notes.append(.init("imported here", at: importedAt)) }
                diagnostics.emit(error)
            }
            return nil
        }
        if let importedAt, !Self.looksLikeSpec(loaded.root) {
            refuseForeign(written, at: importedAt, reason: "it has no 'formspec:' key")
            return nil
        }
        sources[path] = String(decoding: bytes, as: UTF8.self)
        diagnostics.append(contentsOf: loaded.diagnostics)
        guard let root = loaded.root else {
            diagnostics.error(
                "the file is empty; a spec starts with 'formspec: 1'",
                at: SourceLocation(path: path, start: .init(line: 1, column: 1)))
            return nil
        }
        var parser = SyntaxParser(diagnostics: DiagnosticCollector())
        let spec = parser.parse(root, path: path)
        diagnostics.append(contentsOf: parser.diagnostics.diagnostics)
        parsed[key] = spec
        return spec
    }

    /// Whether a loaded document is a FormSpec file (a mapping with a `formspec:` key), and so may be quoted.
    private static func looksLikeSpec(_ root: YAMLNode?) -> Bool {
        root?.mapping?.contains { $0.key.scalar?.text == "formspec" } ?? false
    }

    /// Whether text that is not valid YAML is still a FormSpec file, and so may be quoted: its first
    /// line that is not blank, a comment or `---` (after a byte order mark) starts with `formspec:`.
    private static func startsLikeSpec(_ bytes: [UInt8]) -> Bool {
        var rest = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        while !rest.isEmpty {
            let end = rest.firstIndex { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") } ?? rest.endIndex
            let line = rest[..<end]
            rest = rest[end...].dropFirst()
            let content = line.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            if content.isEmpty || content.first == UInt8(ascii: "#") || line.elementsEqual("---".utf8) { continue }
            return line.starts(with: "formspec:".utf8)
        }
        return false
    }

    private mutating func refuseForeign(_ written: String, at location: SourceLocation, reason: String) {
        diagnostics.error(
            "cannot import '\(written)': not a FormSpec file (\(reason))", at: location,
            notes: [.init("an import names a rule library: a YAML file starting with 'formspec: 1'")])
    }

    /// Fixes the folder imports are confined to: `--import-root` when given, else the spec's folder.
    private mutating func resolveImportRoot(specPath: String) {
        let resolver = ImportResolver(specPath: specPath, importRoot: options.importRoot, provider: provider)
        if let explicit = options.importRoot, resolver.root == nil {
            diagnostics.emitWhole(.error("the import root '\(explicit)' does not exist", at: nil))
        }
        imports = resolver
    }

    /// The file an `import:` entry names, as written-relative path and canonical key, when it may
    /// be read (``ImportResolver``); a refusal is a diagnostic.
    private mutating func resolveImport(_ entry: Located<String>, from spec: SpecSyntax) -> (
        path: String, key: String
    )? {
        guard let imports else { return nil }
        switch imports.resolve(entry.value, from: spec.path) {
        case .success(let resolved):
            return resolved
        case .failure(.absolute):
            diagnostics.error(
                "cannot import '\(entry.value)': an import is a path relative to the importing file",
                at: entry.location,
                notes: [.init("write the path from this file's folder, e.g. 'lib/common.rules.yaml'")])
        case .failure(.nul):
            // Written `\0`: a NUL itself would be invisible, or end the line for a C reader.
            let shown = entry.value.split(separator: "\0", omittingEmptySubsequences: false).joined(separator: "\\0")
            diagnostics.error(
                "cannot import '\(shown)': a path cannot hold a NUL character (\\0)", at: entry.location,
                notes: [.init("the system would read the path only up to it, and open another file")])
        case .failure(.outside):
            // Refused before the file system was asked, so a spec cannot probe which files exist outside it.
            refuseOutside(entry, root: imports.rootDisplay)
        case .failure(.missing(let target)):
            unreadImports.insert(target)
            let resolved = entry.value == target ? "" : " (\(target))"
            diagnostics.error(
                "cannot import '\(entry.value)'\(resolved): no such file", at: entry.location,
                notes: similarFile(to: entry.value, at: target, importedFrom: spec.path).map {
                    [.init("did you mean '\($0)'?")]
                } ?? [])
        case .failure(.noRoot):
            // No root: an explicit one that does not exist (reported once), or a spec whose folder
            // does not exist, so nothing beside it does either.
            if options.importRoot == nil {
                diagnostics.error("cannot import '\(entry.value)': no such file", at: entry.location)
            }
        }
        return nil
    }

    /// Reports an import that leads outside the import root, naming the root in force: the spec's
    /// folder, or the one `--import-root` gave.
    private mutating func refuseOutside(_ entry: Located<String>, root: String) {
        let written = Diagnostics.excerpt(entry.value)
        let diagnostic: Diagnostic
        if options.importRoot == nil {
            diagnostic = .error(
                "cannot import '\(written)': it is outside the folder of the spec being compiled", at: entry.location,
                notes: [.init("imports must stay inside '\(root)'; widen that with --import-root DIR")])
        } else {
            diagnostic = .error(
                "cannot import '\(written)': it is outside the import root", at: entry.location,
                notes: [.init("imports must stay inside '\(root)', the folder given with --import-root")])
        }
        // The root is a path the caller named, quoted whole; the spec's text is shortened above.
        diagnostics.emitWhole(diagnostic)
    }

    /// Gathers `define:` entries of `spec` and of every file it imports, transitively, and whether
    /// an import could not be read (its error reported). Each file is visited once (a diamond of
    /// imports defines each name once), with an explicit stack so a long chain of imports cannot
    /// overflow the call stack.
    private mutating func collectDefines(of spec: SpecSyntax, key: String) -> (
        defines: [String: (item: RuleSyntax, path: String)], importFailed: Bool, brokenDefines: Set<String>
    ) {
        var defines: [String: (item: RuleSyntax, path: String)] = [:]
        // Where each name was first written, for the note of a second definition.
        var names: [String: SourceLocation] = [:]
        var importFailed = false
        var brokenDefines: Set<String> = []
        func add(_ spec: SpecSyntax, _ diagnostics: inout DiagnosticCollector) {
            brokenDefines.formUnion(spec.brokenDefines)
            for (name, item) in spec.defines {
                if let first = names[name.value] {
                    diagnostics.error(
                        "'\(name.value)' is defined twice", at: name.location,
                        notes: [.init("first defined here", at: first)])
                    continue
                }
                defines[name.value] = (item, spec.path)
                names[name.value] = name.location
            }
        }
        // false: on the current import path; true: finished.
        var state: [String: Bool] = [key: false]
        // Each file's own imports, by the file they name: one named twice (`a.rules.yaml` and
        // `./a.rules.yaml`) is said, not read twice in silence.
        var stack: [(spec: SpecSyntax, key: String, next: Int, named: [String: SourceLocation])] = [
            (spec, key, 0, [:])
        ]
        add(spec, &diagnostics)
        while let top = stack.last {
            guard top.next < top.spec.imports.count else {
                state[top.key] = true
                stack.removeLast()
                continue
            }
            let entry = top.spec.imports[top.next]
            stack[stack.count - 1].next += 1
            guard let (target, targetKey) = resolveImport(entry, from: top.spec) else {
                importFailed = true
                continue
            }
            if let first = top.named[targetKey] {
                diagnostics.warning(
                    "'\(Diagnostics.excerpt(entry.value))' is imported twice", at: entry.location,
                    notes: [.init("first imported here", at: first)])
                continue
            }
            stack[stack.count - 1].named[targetKey] = entry.location
            switch state[targetKey] {
            case false?:
                diagnostics.error(
                    "cyclic import: \(Self.describeCycle(stack.map(\.spec.path) + [target]))", at: entry.location)
            case true?:
                continue
            case nil:
                guard let imported = parse(target, key: targetKey, importedAt: entry.location, as: entry.value) else {
                    state[targetKey] = true
                    importFailed = true
                    continue
                }
                // A library is read by this compiler only if it is written in its language version.
                Checker.checkVersion(imported, diagnostics: &diagnostics)
                add(imported, &diagnostics)
                state[targetKey] = false
                stack.append((imported, targetKey, 0, [:]))
            }
        }
        return (defines, importFailed, brokenDefines)
    }

    /// `text` with every character inside `spans` replaced by `•` (line breaks kept), so excerpts
    /// under diagnostics keep their columns but never show a secret.
    static func mask(_ text: String, spans: [SourceLocation]) -> String {
        var byLine: [Int: [(from: Int, to: Int?)]] = [:]
        for span in spans where span.end.line >= span.start.line {
            for line in span.start.line...span.end.line {
                byLine[line, default: []].append(
                    (line == span.start.line ? span.start.column : 1, line == span.end.line ? span.end.column : nil))
            }
        }
        // Lines and columns as positions count them: lines end at LF, CRLF and CR, columns are
        // Unicode scalars (a combining accent is a column of its own).
        var result = String.UnicodeScalarView()
        var line = 1
        var column = 1
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            if scalar == "\n" || scalar == "\r" {
                result.append(scalar)
                if !(scalar == "\n" && previous == "\r") {
                    line += 1
                    column = 1
                }
                continue
            }
            let hidden = byLine[line]?.contains { column >= $0.from && column < ($0.to ?? .max) } ?? false
            result.append(hidden ? "•" : scalar)
            column += 1
        }
        return String(result)
    }

    /// `a -> b -> c -> a`, eliding the middle of a very long chain.
    private static func describeCycle(_ paths: [String]) -> String {
        guard paths.count > 12 else { return paths.joined(separator: " -> ") }
        return (paths.prefix(4) + ["… (\(paths.count - 10) more)"] + paths.suffix(6)).joined(separator: " -> ")
    }
}
