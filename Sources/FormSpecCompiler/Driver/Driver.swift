import FormSpecDiagnostics
import FormSpecRuntime
import FormSpecYAML

/// Wires the stages for one compilation: load (``LoadedYAML``) -> parse (``SpecSyntax``) ->
/// check (``CheckedSpec``) -> lower (``Program``), following imports.
struct Driver {
    let provider: any SourceProvider
    private var diagnostics = DiagnosticCollector()
    private var sources: [String: String] = [:]
    /// Parsed files by path, so a file imported twice is read once.
    private var parsed: [String: SpecSyntax] = [:]

    init(provider: any SourceProvider) { self.provider = provider }

    mutating func compile(path: String) -> Compilation {
        let path = PathUtilities.normalize(path)
        guard let spec = parse(path, importedAt: nil, as: path) else { return finish(spec: nil, isLibrary: false) }
        var checker = Checker()
        var defines: [String: (item: RuleSyntax, path: String)] = [:]
        collectDefines(of: spec, into: &defines, importing: [path])
        checker.defines = defines
        let isLibrary = spec.fields == nil && spec.form == nil
        warnAboutFileName(path, isLibrary: isLibrary, at: spec.location)
        if isLibrary {
            if !spec.hasDefineSection {
                diagnostics.error(
                    "a spec needs 'form:' and 'fields:' (or 'define:' for a rule library)", at: spec.location)
            }
            if let version = spec.version, case .integer(1) = version.resolved {
            } else {
                diagnostics.error("missing 'formspec: 1' (the language version)", at: spec.location)
            }
            if !spec.tests.isEmpty || !spec.formRules.isEmpty {
                diagnostics.error(
                    "a rule library holds only 'define:'; tests and form rules need a form", at: spec.location)
            }
            return finish(spec: nil, isLibrary: true)
        }
        let checked = checker.check(spec)
        diagnostics.append(contentsOf: checker.diagnostics.diagnostics)
        guard let checked, !diagnostics.hasErrors else { return finish(spec: nil, isLibrary: false) }
        let program = Lowering(spec: checked).lower()
        return finish(spec: CompiledSpec(path: path, program: program, tests: checked.tests), isLibrary: false)
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
        Compilation(spec: spec, diagnostics: diagnostics.sorted, sources: sources, isLibrary: isLibrary)
    }

    /// Loads and parses `path`; problems are reported at the import that named it when there is one.
    private mutating func parse(_ path: String, importedAt: SourceLocation?, as written: String) -> SpecSyntax? {
        if let spec = parsed[path] { return spec }
        guard let bytes = provider.contents(of: path) else {
            if let importedAt {
                let resolved = written == path ? "" : " (\(path))"
                diagnostics.error("cannot import '\(written)'\(resolved): no such file", at: importedAt)
            } else {
                diagnostics.error("cannot read '\(path)': no such file", at: nil)
            }
            return nil
        }
        sources[path] = String(decoding: bytes, as: UTF8.self)
        let loaded: LoadedYAML
        do {
            loaded = try YAMLLoader.load(bytes, path: path)
        } catch {
            diagnostics.emit(error)
            return nil
        }
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
        if let spec { parsed[path] = spec }
        return spec
    }

    /// Gathers `define:` entries of `spec` and, transitively, of its imports.
    private mutating func collectDefines(
        of spec: SpecSyntax, into defines: inout [String: (item: RuleSyntax, path: String)], importing stack: [String]
    ) {
        for (name, item) in spec.defines {
            if let existing = defines[name.value] {
                diagnostics.error(
                    "'\(name.value)' is defined twice", at: name.location,
                    notes: [.init("first defined here", at: existing.item.location)])
                continue
            }
            defines[name.value] = (item, spec.path)
        }
        for entry in spec.imports {
            let target = PathUtilities.resolve(entry.value, from: spec.path)
            if stack.contains(target) {
                diagnostics.error(
                    "cyclic import: \((stack + [target]).joined(separator: " -> "))", at: entry.location)
                continue
            }
            guard let imported = parse(target, importedAt: entry.location, as: entry.value) else { continue }
            collectDefines(of: imported, into: &defines, importing: stack + [target])
        }
    }
}
