/// Compiles FormSpec YAML into a ``Program``: load YAML -> parse the AST -> check -> lower.
public enum Compiler {
    /// Compiles the spec at `path`, reading it (and its imports) through `provider`.
    public static func compile(path: String, provider: any SourceProvider = FileSystemSources()) -> Compilation {
        var driver = Driver(provider: provider)
        return driver.compile(path: path)
    }

    /// Compiles spec text that did not come from a file; `path` names it in diagnostics and is the
    /// base for relative imports.
    public static func compile(
        source: String, path: String = "<spec>", provider: any SourceProvider = FileSystemSources()
    )
        -> Compilation
    {
        var driver = Driver(provider: OverlaySources(path: path, bytes: Array(source.utf8), base: provider))
        return driver.compile(path: path)
    }
}
