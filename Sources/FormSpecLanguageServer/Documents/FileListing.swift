#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lists folders for import-path completion, without Foundation.
enum FileListing {
    /// The names of the entries of `folder` (no `.` or `..`), sorted; empty when it cannot be read.
    static func files(in folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory), names.count < 10_000 {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// The paths, relative to `folder`, of the files under it (at most `depth` folders down,
    /// hidden folders skipped) whose names end in `suffix`, sorted, at most `limit` of them.
    static func files(under folder: String, endingIn suffix: String, depth: Int = 4, limit: Int = 1_000) -> [String] {
        var found: [String] = []
        // At most this many folders are read, and never a dependency folder (node_modules): a
        // completion runs on every keystroke.
        var folders = 200
        func walk(_ relative: String, _ depth: Int) {
            guard folders > 0 else { return }
            folders -= 1
            for name in files(in: relative.isEmpty ? folder : folder + "/" + relative) where found.count < limit {
                let path = relative.isEmpty ? name : relative + "/" + name
                if name.hasSuffix(suffix) {
                    found.append(path)
                } else if depth > 0, !name.hasPrefix("."), !skippedFolders.contains(name),
                    isDirectory(folder + "/" + path)
                {
                    walk(path, depth - 1)
                }
            }
        }
        walk("", depth)
        return found
    }

    /// Folders of dependencies and build products, never walked for specs.
    static let skippedFolders: Set<String> = ["node_modules", "Pods", "Carthage", "DerivedData"]

    private static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
}
