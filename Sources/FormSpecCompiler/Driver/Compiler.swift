import FormSpecDiagnostics
import FormSpecYAML

/// Compiles FormSpec YAML into a ``/FormSpecRuntime/Program``: load YAML -> parse the AST -> check -> lower.
public enum Compiler {
    /// Compiles the spec at `path`, reading it (and its imports) through `provider`.
    public static func compile(
        path: String, provider: any SourceProvider = FileSystemSources(), options: CompileOptions = CompileOptions()
    ) -> Compilation {
        var driver = Driver(provider: provider, options: options)
        return driver.compile(path: path)
    }

    /// The name a spec's `form:` gives and where it is written, read from the file's YAML alone
    /// (nothing is checked): `nil` when the file cannot be read or parsed, or its `form:` is not
    /// text. `formspec compile --alongside` compares the forms of one Swift module with it.
    package static func declaredForm(
        path: String, provider: any SourceProvider = FileSystemSources()
    ) -> (name: String, location: SourceLocation)? {
        guard let bytes = provider.contents(ofNamedFile: path),
            let root = try? YAMLLoader.load(bytes, path: path).root,
            let form = root.value(forKey: "form"), let name = form.scalar?.text
        else { return nil }
        return (name, form.location)
    }

    /// Compiles spec text that did not come from a file; `path` names it in diagnostics and is the
    /// base for relative imports.
    public static func compile(
        source: String, path: String = "<spec>", provider: any SourceProvider = FileSystemSources(),
        options: CompileOptions = CompileOptions()
    )
        -> Compilation
    {
        var driver = Driver(
            provider: OverlaySources(path: path, bytes: Array(source.utf8), base: provider), options: options)
        return driver.compile(path: path)
    }
}

/// Settings of one compilation.
public struct CompileOptions: Sendable {
    /// The folder every `import:` must resolve into (after symlinks). `nil`: the folder of the spec
    /// being compiled, so a spec can import its neighbours and their subfolders but nothing else.
    public var importRoot: String?

    /// Creates options; by default imports stay inside the spec's own folder tree.
    public init(importRoot: String? = nil) {
        self.importRoot = importRoot
    }
}
