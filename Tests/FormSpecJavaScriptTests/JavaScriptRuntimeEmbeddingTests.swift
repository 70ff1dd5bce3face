import FormSpecTestSupport
import Foundation
import Testing

@testable import FormSpecCLISupport

/// `JavaScriptRuntime.swift` embeds the files of `Sources/FormSpecCLISupport/JavaScript/runtime/`;
/// `FORMSPEC_RECORD=1` rewrites it from them.
@Suite("JavaScript runtime embedding")
struct JavaScriptRuntimeEmbeddingTests {
    static let folder = "Sources/FormSpecCLISupport/JavaScript/runtime"
    static let generated = "Sources/FormSpecCLISupport/JavaScriptRuntime.swift"
    static let declarationsFile = "Sources/FormSpecCLISupport/JavaScript/declarations.d.ts"

    /// The Swift source embedding the runtime files as they are on disk.
    static func embeddingSource() throws -> String {
        let names = Repository.files(under: folder, endingWith: [".js"])
        var out = """
            // swift-format-ignore-file
            // Generated from JavaScript/runtime/ by `FORMSPEC_RECORD=1 swift test --filter JavaScriptRuntimeEmbedding`. Do not edit.

            /// The JavaScript runtime every emitted module carries: the files of `JavaScript/runtime/`, in order.
            enum JavaScriptRuntime {
                static let pieces: [(name: String, source: String)] = [

            """
        for path in names {
            let name = URL(fileURLWithPath: path).lastPathComponent
            var text = try Repository.read(path)
            if !text.hasSuffix("\n") { text += "\n" }
            out += "        (\n            \"\(name)\",\n            \(literal("// \(name)\n" + text))\n        ),\n"
        }
        out += "    ]\n\n"
        out += "    /// The module's declarations after the form's own types (`JavaScript/declarations.d.ts`).\n"
        let declarations = try Repository.read(declarationsFile)
        out += "    static let declarations = \(literal(declarations))\n}\n"
        return out
    }

    /// A raw multi-line Swift string literal holding `text` exactly (its last line break included).
    static func literal(_ text: String) -> String {
        var delimiter = "#"
        while text.contains("\"\"\"" + delimiter) || text.contains("\\" + delimiter) { delimiter += "#" }
        return delimiter + "\"\"\"\n" + text + "\n\"\"\"" + delimiter
    }

    @Test("the embedded runtime is the runtime folder's files")
    func embeddedRuntimeIsFresh() throws {
        let expected = try Self.embeddingSource()
        if ProcessInfo.processInfo.environment["FORMSPEC_RECORD"] != nil {
            try expected.write(toFile: Repository.path(Self.generated), atomically: true, encoding: .utf8)
            return
        }
        let actual = try Repository.read(Self.generated)
        #expect(actual == expected, "stale: run FORMSPEC_RECORD=1 swift test --filter JavaScriptRuntimeEmbedding")
    }
}
