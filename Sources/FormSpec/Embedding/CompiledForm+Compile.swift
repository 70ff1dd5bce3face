#if canImport(Foundation)
    public import Foundation
#endif

// Compiling a spec into a `CompiledForm`: the part of the embedding API that needs the compiler
// (and libyaml). The form itself and `LiveForm` live in `FormSpecLive`.

extension CompiledForm {
    /// Compiles spec text.
    ///
    /// - Parameters:
    ///   - source: The YAML text of a spec.
    ///   - path: The name the spec has in diagnostics, and the base of its relative `import:` paths.
    ///   - provider: Where imported files are read from (the file system by default).
    /// - Throws: ``SpecError`` with every diagnostic when the spec has an error.
    public init(source: String, path: String = "<spec>", provider: any SourceProvider = FileSystemSources())
        throws(SpecError)
    {
        self = try Self.make(Compiler.compile(source: source, path: path, provider: provider), path: path)
    }

    /// Compiles the spec file at `path` (and the files it imports).
    ///
    /// - Parameters:
    ///   - path: The spec's path, relative to the current directory or absolute.
    ///   - provider: Where files are read from (the file system by default).
    /// - Throws: ``SpecError`` with every diagnostic when the spec has an error or cannot be read.
    public static func load(contentsOf path: String, provider: any SourceProvider = FileSystemSources())
        throws(SpecError) -> CompiledForm
    {
        try make(Compiler.compile(path: path, provider: provider), path: path)
    }

    #if canImport(Foundation)
        /// Compiles the spec file at a file URL.
        /// - Throws: ``SpecError`` with every diagnostic when the spec has an error or cannot be read,
        ///   or when `url` is not a file URL (a spec is not fetched from a server).
        public static func load(contentsOf url: URL) throws(SpecError) -> CompiledForm {
            guard url.isFileURL else {
                let diagnostic = Diagnostic.error(
                    "'\(url.absoluteString)' is not a file URL: load a spec from a file, or compile its text",
                    at: nil)
                throw SpecError(
                    path: url.absoluteString, diagnostics: [diagnostic],
                    rendered: DiagnosticRenderer().render([diagnostic]))
            }
            return try load(contentsOf: url.path)
        }

        /// Compiles a spec shipped as a bundle resource (an app bundle, or `Bundle.module` of a package
        /// target that lists the spec under `resources:`).
        ///
        /// - Parameters:
        ///   - name: The resource's name: `"signup"` finds `signup.form.yaml`; a name with an extension
        ///     (`"signup.form.yaml"`) is used as it is.
        ///   - bundle: The bundle holding the resource.
        ///   - subdirectory: The resource's folder inside the bundle, if any.
        /// - Throws: ``SpecError`` when there is no such resource or the spec has an error.
        public static func load(resource name: String, in bundle: Bundle, subdirectory: String? = nil)
            throws(SpecError) -> CompiledForm
        {
            let url =
                name.hasSuffix(".yaml") || name.hasSuffix(".yml")
                ? bundle.url(forResource: name, withExtension: nil, subdirectory: subdirectory)
                : bundle.url(forResource: name, withExtension: "form.yaml", subdirectory: subdirectory)
            guard let url else {
                let diagnostic = Diagnostic.error(
                    "no spec resource named '\(name)' in bundle \(bundle.bundlePath)"
                        + (subdirectory.map { " (subdirectory '\($0)')" } ?? ""),
                    at: nil)
                throw SpecError(
                    path: name, diagnostics: [diagnostic], rendered: DiagnosticRenderer().render([diagnostic]))
            }
            return try load(contentsOf: url)
        }
    #endif

    private static func make(_ compilation: Compilation, path: String) throws(SpecError) -> CompiledForm {
        guard let spec = compilation.spec, !compilation.hasErrors else { throw SpecError(compilation, path: path) }
        return CompiledForm(
            program: spec.program, path: path, warnings: compilation.diagnostics, checks: CheckRegistry())
    }
}
