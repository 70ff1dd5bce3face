import FormSpec
@_spi(Program) @_spi(Tooling) import FormSpecRuntime
import FormSpecTestSupport
import Foundation
import Testing

/// The JavaScript runtime makes a list's items from the first as the Swift runtime does
/// (`RepeatedItems`): for every spec whose program writes a list's items once, the fields node
/// makes from the program's JSON are the compiler's fields, field for field.
@Suite("JavaScript repeated items")
struct JavaScriptRepeatedItemsTests {
    static let specs = JavaScriptCases.specs.filter { path in
        guard let program = JavaScriptCases.compile(path)?.program else { return false }
        return WrittenFields.of(program.fields).contains { if case .items = $0 { true } else { false } }
    }

    @Test func specsWithListsWrittenOnceAreHere() {
        #expect(Self.specs.contains("Tests/FormSpecJavaScriptTests/Specs/repeated_items.form.yaml"))
        #expect(Self.specs.contains("Specs/order.form.yaml"))
    }

    @Test("node makes the compiler's fields", arguments: specs)
    func nodeMakesTheCompilersFields(_ path: String) throws {
        let program = try #require(JavaScriptCases.compile(path)).program
        let folder = try NodeRunner.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let programURL = folder.appendingPathComponent("program.json")
        let fieldsURL = folder.appendingPathComponent("fields.json")
        try encoder.encode(program).write(to: programURL)
        // `[FieldProgram]` on its own: every field written out.
        try encoder.encode(program.fields).write(to: fieldsURL)
        let output = try NodeRunner.run(
            ["Tests/FormSpecJavaScriptTests/run-expand.mjs", programURL.path, fieldsURL.path])
        #expect(output.status == 0, "\(path): \(output.stderr.prefix(3000))")
    }
}
