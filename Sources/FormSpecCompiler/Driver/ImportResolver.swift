/// Where an `import:` entry may lead: the one confinement rule shared by `formspec check`, every
/// other command and the language server (so editor completion never reads what `check` refuses).
///
/// An import is a path relative to the importing file; it must stay inside the import root (the
/// spec's own folder, or `--import-root`), judged first on the path as written (a `../` escape is
/// refused before the file system is asked anything) and then on the canonical path with every
/// symlink resolved (a link cannot lead out of the root).
package struct ImportResolver: Sendable {
    /// Why an import was refused.
    package enum Refusal: Error, Equatable, Sendable {
        /// The entry is an absolute path.
        case absolute
        /// The entry leads outside the import root.
        case outside
        /// No file is there.
        case missing(resolved: String)
        /// The import root itself could not be resolved, so nothing may be imported.
        case noRoot
    }

    private let provider: any SourceProvider
    /// The canonical folder imports must stay in; `nil` when it could not be resolved.
    package let root: String?
    /// The folder imports must stay in, as the user wrote it (for messages).
    package let rootDisplay: String
    /// The spec's own folder as written, for refusing `../` escapes lexically; `nil` with an explicit root.
    private let lexicalRoot: String?

    /// The resolver for the spec at `specPath`, confined to `importRoot` when given, else to the
    /// spec's folder.
    package init(specPath: String, importRoot: String? = nil, provider: any SourceProvider) {
        self.provider = provider
        if let importRoot {
            rootDisplay = importRoot
            root = provider.canonicalPath(PathUtilities.normalize(importRoot))
            lexicalRoot = nil
        } else {
            let folder = PathUtilities.split(PathUtilities.normalize(specPath)).folder
            rootDisplay = folder.isEmpty ? "." : folder
            root = provider.canonicalPath(folder)
            lexicalRoot = folder
        }
    }

    /// The file `written` names when imported from the file at `importingPath`: its path (relative
    /// as written) and canonical key, or why it may not be read.
    package func resolve(_ written: String, from importingPath: String) -> Result<(path: String, key: String), Refusal>
    {
        if written.hasPrefix("/") { return .failure(.absolute) }
        let target = PathUtilities.resolve(written, from: importingPath)
        guard let root else { return .failure(.noRoot) }
        if let lexicalRoot, !PathUtilities.isInside(target, root: lexicalRoot) { return .failure(.outside) }
        guard let key = provider.canonicalPath(target) else { return .failure(.missing(resolved: target)) }
        guard PathUtilities.isInside(key, root: root) else { return .failure(.outside) }
        return .success((target, key))
    }
}
