#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads spec files from the file system.
public struct FileSystemSources: SourceProvider {
    /// Creates a reader of the file system.
    public init() {}

    public func fileNames(inFolder folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// A regular file's bytes; `nil` for anything else (an import is never a pipe or a device).
    public func contents(of path: String) -> [UInt8]? {
        guard FileKind(path: path) == .file, let data = FileManager.default.contents(atPath: path) else { return nil }
        return [UInt8](data)
    }

    /// A regular file's bytes, or those a pipe or a device gives up to its end (at most
    /// ``streamLimit``).
    public func contents(ofNamedFile path: String) -> [UInt8]? {
        FileKind(path: path) == .other ? Self.readStream(at: path) : contents(of: path)
    }

    public func unreadableReason(_ path: String, named: Bool) -> String {
        switch FileKind(path: path) {
        case .missing: return "no such file"
        case .folder: return "it is a folder"
        case .other where named:
            return "it could not be read to its end, or gave more than \(Self.streamLimit >> 20) MiB"
        case .other: return "it is not a regular file (an import cannot be a pipe or a device)"
        case .file:
            let descriptor = open(path, O_RDONLY)
            guard descriptor < 0 else {
                close(descriptor)
                return "it could not be read"
            }
            return String(cString: strerror(errno))
        }
    }

    /// The most a pipe or a device is read for a spec: a spec is some KiB of text, and an
    /// endless one (`/dev/zero`) is refused here.
    public static let streamLimit = 64 << 20

    /// The bytes read from the pipe or device at `path` up to its end; `nil` when it cannot be
    /// opened or read, or gives more than ``streamLimit`` bytes.
    private static func readStream(at path: String) -> [UInt8]? {
        // As `cat` reads it: a FIFO's open waits for a writer, and each read for its data.
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return try? DescriptorReading.readAll(descriptor, limit: streamLimit).get()
    }

    /// The absolute path with every symlink resolved (`realpath`), so a link cannot lead an import
    /// out of its root.
    public func canonicalPath(_ path: String) -> String? { FileKind.realPath(path) }
}

/// Reading a file descriptor to its end: the one loop for a spec read from a pipe and for the
/// command-line tool's inputs.
package enum DescriptorReading {
    package enum Failure: Error, Equatable {
        /// A read failed with this `errno`.
        case system(Int32)
        /// The descriptor gave more than the limit.
        case tooLong
    }

    /// The bytes `descriptor` gives up to its end, 64 KiB a read (a read a signal interrupts is
    /// retried). Reading stops as soon as there are more than `limit` bytes, so an endless stream
    /// (`/dev/zero`) costs `limit` bytes of memory at most.
    package static func readAll(_ descriptor: Int32, limit: Int) -> Result<[UInt8], Failure> {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return .success(bytes) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.system(errno))
            }
            guard count <= limit - bytes.count else { return .failure(.tooLong) }
            bytes.append(contentsOf: chunk[..<count])
        }
    }
}

/// Serves one in-memory file and defers every other path to a base provider.
package struct OverlaySources: SourceProvider {
    let path: String
    let bytes: [UInt8]
    let base: any SourceProvider

    /// Serves `bytes` at `path`, and everything else from `base`.
    package init(path: String, bytes: [UInt8], base: any SourceProvider) {
        self.path = path
        self.bytes = bytes
        self.base = base
    }

    package func contents(of path: String) -> [UInt8]? {
        path == self.path ? bytes : base.contents(of: path)
    }

    package func contents(ofNamedFile path: String) -> [UInt8]? {
        path == self.path ? bytes : base.contents(ofNamedFile: path)
    }

    package func unreadableReason(_ path: String, named: Bool) -> String {
        base.unreadableReason(path, named: named)
    }

    package func fileNames(inFolder folder: String) -> [String] { base.fileNames(inFolder: folder) }

    /// The in-memory file sits in its folder as `base` names it, so imports beside it resolve the same way.
    package func canonicalPath(_ path: String) -> String? {
        guard PathUtilities.normalize(path) == PathUtilities.normalize(self.path) else {
            return base.canonicalPath(path)
        }
        let (folder, name) = PathUtilities.split(PathUtilities.normalize(path))
        guard let canonicalFolder = base.canonicalPath(folder) else { return nil }
        return PathUtilities.join(canonicalFolder, name)
    }
}

/// Serves files from a dictionary of path -> text: for tests and for specs bundled as strings.
public struct InMemorySources: SourceProvider {
    /// The files by path.
    public var files: [String: String]

    /// Creates a provider serving `files`.
    public init(_ files: [String: String]) { self.files = files }

    public func contents(of path: String) -> [UInt8]? { files[path].map { Array($0.utf8) } }

    public func fileNames(inFolder folder: String) -> [String] { Self.fileNames(inFolder: folder, among: files.keys) }

    /// The names of those of `paths` that are directly in `folder` (`.`, or nothing, is the folder
    /// of the paths without one), sorted.
    package static func fileNames(inFolder folder: String, among paths: some Sequence<String>) -> [String] {
        let prefix = folder == "." || folder.isEmpty ? "" : folder.hasSuffix("/") ? folder : folder + "/"
        return paths.filter { $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains("/") }
            .map { String($0.dropFirst(prefix.count)) }.sorted()
    }
}

/// Path arithmetic on `/`-separated strings (no file system access).
enum PathUtilities {
    /// `relative` resolved against the folder of `file`.
    static func resolve(_ relative: String, from file: String) -> String {
        if relative.hasPrefix("/") { return relative }
        guard let slash = file.lastIndex(of: "/") else { return normalize(relative) }
        return normalize(String(file[...slash]) + relative)
    }

    /// Removes `.` and `folder/..` steps so one file has one name.
    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: false) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != "..", !last.isEmpty {
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        return parts.joined(separator: "/")
    }

    /// The folder of `path` (`""` for a bare name) and its last component.
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    /// `folder/name`, without doubling a slash or prefixing a bare name with one.
    static func join(_ folder: String, _ name: String) -> String {
        if folder.isEmpty || folder == "." { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// Whether canonical `path` lies inside canonical folder `root` (or is it).
    static func isInside(_ path: String, root: String) -> Bool {
        if root.isEmpty || root == "." {
            // A relative root is the current folder: any relative path that does not climb out.
            return !path.hasPrefix("/") && path != ".." && !path.hasPrefix("../")
        }
        if root == "/" { return path.hasPrefix("/") }
        return path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }
}

/// What a path names on the file system (POSIX `stat`, so the same with Foundation or without).
package enum FileKind: Equatable {
    case file, folder
    /// Anything else that exists: a device, a FIFO, a socket.
    case other
    case missing

    /// What `path` names, following symbolic links.
    package init(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            self = .missing
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: self = .file
        case S_IFDIR: self = .folder
        default: self = .other
        }
    }

    /// `path` with every symbolic link, `.` and `..` resolved; `nil` when it does not exist.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path.isEmpty ? "." : path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// Finds spec files in folders: the one search `formspec check` and `formspec test` share.
package enum SpecFolder {
    /// Every regular file under `folder` whose name ends with one of `suffixes`, recursively,
    /// sorted; each path starts with `folder` (nothing for `.`).
    ///
    /// Hidden files and folders (`.git`, `.build`) are skipped. A link to a file counts as that
    /// file; a linked folder is searched once, by its real path, and a link back up the tree (to
    /// `folder` or a folder holding it, as a package's link to its repository root) is not followed:
    /// it would search what holds the folder. Devices, FIFOs and sockets are never taken, whatever
    /// their name.
    package static func files(in folder: String, endingWith suffixes: [String]) -> [String] {
        search(in: folder, endingWith: suffixes).files
    }

    /// Why an entry ``search(in:endingWith:)`` lists as unopenable cannot be read.
    package static let unopenableReason = "its name is not valid UTF-8 (shown with U+FFFD); rename it to read it"

    /// ``files(in:endingWith:)``, and the entries that were listed but cannot be opened: a name
    /// that is not valid UTF-8 is listed with U+FFFD in place of its bad bytes, a path no file has
    /// (the file system allows any bytes in a name; FormSpec's paths are text). Each such entry
    /// that ends with one of `suffixes` or could be a folder, so a search never skips a spec
    /// without a word.
    package static func search(in folder: String, endingWith suffixes: [String]) -> (
        files: [String], unopenable: [String]
    ) {
        var found: [String] = []
        var unopenable: [String] = []
        let root = FileKind.realPath(folder) ?? folder
        func holdsRoot(_ path: String) -> Bool {
            guard let real = FileKind.realPath(path) else { return false }
            return real == root || root.hasPrefix(real.hasSuffix("/") ? real : real + "/")
        }
        var visited = Set<String>()
        var pending = [""]
        while let relative = pending.popLast() {
            let full = relative.isEmpty ? folder : folder + "/" + relative
            guard visited.insert(FileKind.realPath(full) ?? full).inserted,
                let entries = try? FileManager.default.contentsOfDirectory(atPath: full)
            else { continue }
            for entry in entries where !entry.hasPrefix(".") {
                let child = relative.isEmpty ? entry : relative + "/" + entry
                let isSpec = suffixes.contains(where: { entry.hasSuffix($0) })
                switch FileKind(path: folder + "/" + child) {
                case .folder: if !holdsRoot(folder + "/" + child) { pending.append(child) }
                case .file where isSpec: found.append(child)
                case .missing where entry.unicodeScalars.contains("\u{FFFD}") && (isSpec || !entry.contains(".")):
                    // A spec's name, or a folder's (no extension); other files are not looked at.
                    unopenable.append(child)
                case .file, .other, .missing: continue
                }
            }
        }
        let prefix = folder == "." ? "" : (folder.hasSuffix("/") ? folder : folder + "/")
        return (found.sorted().map { prefix + $0 }, unopenable.sorted().map { prefix + $0 })
    }
}
