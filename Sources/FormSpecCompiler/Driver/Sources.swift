import Foundation

/// Reads spec files from the file system.
public struct FileSystemSources: SourceProvider {
    /// Creates a reader of the file system.
    public init() {}

    public func contents(of path: String) -> [UInt8]? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
            let data = FileManager.default.contents(atPath: path)
        else { return nil }
        return [UInt8](data)
    }
}

/// Serves one in-memory file and defers every other path to a base provider.
public struct OverlaySources: SourceProvider {
    let path: String
    let bytes: [UInt8]
    let base: any SourceProvider

    /// Serves `bytes` at `path`, and everything else from `base`.
    public init(path: String, bytes: [UInt8], base: any SourceProvider) {
        self.path = path
        self.bytes = bytes
        self.base = base
    }

    public func contents(of path: String) -> [UInt8]? {
        path == self.path ? bytes : base.contents(of: path)
    }
}

/// Serves files from a dictionary of path -> text: for tests and for specs bundled as strings.
public struct InMemorySources: SourceProvider {
    /// The files by path.
    public var files: [String: String]

    /// Creates a provider serving `files`.
    public init(_ files: [String: String]) { self.files = files }

    public func contents(of path: String) -> [UInt8]? { files[path].map { Array($0.utf8) } }
}

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
}
