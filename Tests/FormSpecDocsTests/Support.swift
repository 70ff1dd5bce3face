import Foundation

/// Paths inside the package, found from this file's location (Tests/FormSpecDocsTests/…).
enum Repository {
    /// The package's root folder.
    static let root: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The absolute path of `relative` inside the package.
    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// The text of the file at `relative`.
    static func read(_ relative: String) throws -> String {
        try String(contentsOfFile: path(relative), encoding: .utf8)
    }

    /// Every file under `folder` (relative to the root) whose name ends with one of `suffixes`, sorted,
    /// as paths relative to the root.
    static func files(under folder: String, endingWith suffixes: [String]) -> [String] {
        let base = path(folder)
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [] }
        var found: [String] = []
        while let entry = enumerator.nextObject() as? String {
            if entry.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            if suffixes.contains(where: { entry.hasSuffix($0) }) { found.append(folder + "/" + entry) }
        }
        return found.sorted()
    }
}
