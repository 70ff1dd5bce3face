@_spi(Tooling) import FormSpecRuntime
import FormSpecTestSupport
import Foundation
import Testing

@testable import FormSpecCompiler

/// The reference's rule tables and the JSON Schema's rule properties are generated from the rule
/// declarations; a committed file that differs fails here. `FORMSPEC_RECORD=1 swift test --filter
/// GeneratedDocumentsTests` rewrites them.
@Suite("Generated documents are up to date")
struct GeneratedDocumentsTests {
    static let referencePath = "docs/reference.md"

    static var recording: Bool { DocumentTests.recording }

    /// `path`'s committed text and what it should be; under `FORMSPEC_RECORD=1` the file is rewritten.
    static func check(_ path: String, generate: (String) throws -> String) throws {
        let committed = try Repository.read(path)
        let expected = try generate(committed)
        if recording, committed != expected {
            try expected.write(toFile: Repository.path(path), atomically: true, encoding: .utf8)
            return
        }
        #expect(
            committed == expected,
            "\(path) is stale: run FORMSPEC_RECORD=1 swift test --filter GeneratedDocumentsTests")
    }

    @Test("the reference's rule tables are the declarations'", arguments: ["field rules", "form rules"])
    func referenceTables(table: String) throws {
        let content = table == "field rules" ? GeneratedDocuments.fieldRuleTable : GeneratedDocuments.formRuleTable
        try Self.check(Self.referencePath) { text in
            try #require(
                GeneratedDocuments.replacing(table, in: text, with: content),
                "\(Self.referencePath) has no markers for the \(table) table")
        }
    }

    @Test("the schema's rule properties are the declarations'")
    func schemaRules() throws {
        try Self.check(SchemaTests.schemaPath) { try GeneratedDocuments.schema(updating: $0) }
    }

    @Test("the generator changes only what is between the markers, and refuses text without them")
    func markersBoundTheChange() throws {
        let (begin, end) = GeneratedDocuments.markers("t")
        let document = "before\n\(begin)\nold\n\(end)\nafter\n"
        #expect(
            GeneratedDocuments.replacing("t", in: document, with: "new\n") == "before\n\(begin)\nnew\n\(end)\nafter\n")
        #expect(GeneratedDocuments.replacing("t", in: "no markers\n", with: "new\n") == nil)
    }

    @Test("the schema printer writes the committed schema's text back unchanged")
    func schemaRoundTrip() throws {
        let text = try Repository.read(SchemaTests.schemaPath)
        #expect(PrettyJSON.text(try JSONReader.parse(text)) + "\n" == text)
    }
}

extension GeneratedDocumentsTests {
    @Test("the spec fuzz dictionary lists every rule key")
    func fuzzDictionary() throws {
        let path = "Fuzz/Dictionaries/spec.dict"
        try Self.check(path) { text in
            try #require(
                GeneratedDocuments.replacing(
                    "rule names", in: text, with: GeneratedDocuments.fuzzDictionaryRuleNames, hashComments: true),
                "\(path) has no markers for the rule names")
        }
    }
}
