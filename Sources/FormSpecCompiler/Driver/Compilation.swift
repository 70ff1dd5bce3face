public import FormSpecDiagnostics
@_spi(Tooling) public import FormSpecRuntime

/// A spec compiled all the way: the lowered program plus the spec's own tests.
public struct CompiledSpec: Sendable {
    /// The path the spec was read from.
    public var path: String
    /// The program the runtime evaluates.
    public var program: Program
    /// The spec's `tests:`.
    public var tests: [SpecTest]
}

/// Everything one compilation produced: the compiled spec when there was no error, every
/// diagnostic, and the text of every file read (for quoting source lines under diagnostics).
public struct Compilation: Sendable {
    /// The compiled spec, or `nil` when any error was found (or the file is a rule library).
    public var spec: CompiledSpec?
    /// Every problem found, sorted by file and position.
    public var diagnostics: [Diagnostic]
    /// The text of each file read, by path.
    package var sources: [String: String]
    /// Whether the file is a rule library (`define:` only, no `form:`).
    package var isLibrary: Bool
    /// The files an import named (at any depth) that could not be read: creating one changes the
    /// compilation, as editing a file it read does.
    package var unreadImports: Set<String> = []

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// The diagnostics rendered as compilers print them, with source lines and carets.
    public func renderedDiagnostics(colored: Bool = false) -> String {
        DiagnosticRenderer(sources: sources, colored: colored).render(diagnostics)
    }
}

/// Reads the files a compilation needs. The default reads the file system; tests and embedders
/// can serve files from memory or a bundle.
public protocol SourceProvider: Sendable {
    /// The bytes of the file at `path`, or `nil` when there is none.
    func contents(of path: String) -> [UInt8]?

    /// The bytes of the spec a compilation starts from (not an import), or `nil` when there is
    /// none. The file system's provider also reads a pipe or a device there (`formspec check
    /// <(generate-spec)`, `/dev/stdin`), which it never takes as an import; others read it as
    /// any file.
    func contents(ofNamedFile path: String) -> [UInt8]?

    /// Why `path` gave no bytes, for a diagnostic ("cannot read 'PATH': REASON"): as the spec
    /// a compilation starts from when `named` (``contents(ofNamedFile:)``), else as an import.
    func unreadableReason(_ path: String, named: Bool) -> String

    /// The one name of the file or folder at `path` with symlinks, `.` and `..` resolved, or `nil`
    /// when it does not exist. Imports are confined by comparing these names, so a provider that
    /// can hold symlinks must resolve them here.
    func canonicalPath(_ path: String) -> String?

    /// The names of the files in `folder`, for a did-you-mean when an import names none there;
    /// empty when the provider cannot list folders.
    func fileNames(inFolder folder: String) -> [String]
}

extension SourceProvider {
    /// Providers without symlinks (in memory, bundles): the path with `.` and `..` steps removed.
    public func canonicalPath(_ path: String) -> String? { PathUtilities.normalize(path) }

    /// Read as any file.
    public func contents(ofNamedFile path: String) -> [UInt8]? { contents(of: path) }

    /// "no such file".
    public func unreadableReason(_ path: String, named: Bool) -> String { "no such file" }

    /// None: the provider cannot list folders.
    public func fileNames(inFolder folder: String) -> [String] { [] }
}
