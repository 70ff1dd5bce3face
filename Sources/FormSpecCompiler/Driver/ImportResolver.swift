/// Where an `import:` entry may lead: the one confinement rule shared by `formspec check`, every
/// other command and the language server (so editor completion never reads what `check` refuses).
///
/// An import is a path relative to the importing file; it must stay inside the import root (the
/// spec's own folder, or `--import-root`), judged first on the path as written (a `../` escape is
/// refused before the file system is asked anything) and then on the canonical path with every
/// symlink resolved (a link cannot lead out of the root). The canonical path is the file the system
/// opens: a `..` after a linked folder climbs out of the link's target, not out of the link.
package struct ImportResolver: Sendable {
    /// Why an import was refused.
    package enum Refusal: Error, Equatable, Sendable {
        /// The entry is an absolute path.
        case absolute
        /// The entry holds a NUL character, which no file name can (the system would read the path
        /// only up to it).
        case nul
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
    /// as written, or canonical when a `..` in it climbs out of a linked folder) and canonical key,
    /// or why it may not be read.
    package func resolve(_ written: String, from importingPath: String) -> Result<(path: String, key: String), Refusal>
    {
        if written.hasPrefix("/") { return .failure(.absolute) }
        if written.utf8.contains(0) { return .failure(.nul) }
        let target = PathUtilities.resolve(written, from: importingPath)
        guard let root else { return .failure(.noRoot) }
        if let lexicalRoot, !PathUtilities.isInside(target, root: lexicalRoot) { return .failure(.outside) }
        let climbs = written.split(separator: "/").contains("..")
        guard let key = climbs ? canonicalPath(of: written, from: importingPath) : provider.canonicalPath(target)
        else { return .failure(.missing(resolved: target)) }
        guard PathUtilities.isInside(key, root: root) else { return .failure(.outside) }
        // The path as written names the file unless a `..` in it left a linked folder: then only the
        // canonical path does (and the file's own imports are relative to its real folder).
        return .success((!climbs || provider.canonicalPath(target) == key ? target : key, key))
    }

    /// The canonical path of the file the system opens for `written` (which holds a `..`) from
    /// `importingPath`: the folder part resolved first, each link followed before a `..` after it
    /// is applied, then the last name (itself resolved when it is a link); `nil` when there is no
    /// such file.
    private func canonicalPath(of written: String, from importingPath: String) -> String? {
        let importingFolder = PathUtilities.split(importingPath).folder
        let (folder, name) = PathUtilities.split(PathUtilities.join(importingFolder, written))
        guard let canonicalFolder = provider.canonicalPath(folder) else { return nil }
        return provider.canonicalPath(PathUtilities.join(canonicalFolder, name))
    }
}
