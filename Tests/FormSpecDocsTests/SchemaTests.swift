import FormSpecTestSupport
import Foundation
import Testing

/// The published JSON Schema (`schema/formspec.schema.json`) agrees with the compiler on what a
/// spec's shape is: every shipped spec validates, and specs with shape errors do not.
@Suite("JSON Schema of the spec format")
struct SchemaTests {
    static let schemaPath = "schema/formspec.schema.json"

    /// Every spec in `Specs/` and `Examples/`, except the compile-fail specs in `Specs/invalid/`.
    static let validSpecs: [String] =
        (Repository.files(under: "Specs", endingWith: [".form.yaml", ".rules.yaml"])
        + Repository.files(under: "Examples", endingWith: [".form.yaml", ".rules.yaml"]))
        .filter { !$0.hasPrefix("Specs/invalid/") }

    /// Compile-fail specs whose errors are errors of shape (unknown keys, wrong types, bad enums),
    /// which the schema must catch too. Other `Specs/invalid/` specs are well-shaped but wrong in meaning
    /// (an unknown field in `same_as`, a cycle), which no schema can see.
    static let shapeErrorSpecs = [
        "Specs/invalid/bad_form_header.form.yaml",
        "Specs/invalid/unknown_rule_key.form.yaml",
        "Specs/invalid/unknown_top_level_key.form.yaml",
        "Specs/invalid/wrong_value_type.form.yaml",
        "Specs/invalid/test_bad_expectation.form.yaml",
        "Specs/invalid/shape_two_rules_in_one_item.form.yaml",
        "Specs/invalid/shape_bad_enums.form.yaml",
        "Specs/invalid/shape_bad_condition.form.yaml",
        "Specs/invalid/shape_bad_messages.form.yaml",
        "Specs/invalid/shape_bad_tests.form.yaml",
    ]

    static func validator() throws -> JSONSchemaValidator {
        JSONSchemaValidator(root: try JSONValue.load(path: Repository.path(schemaPath)))
    }

    @Test("the schema is draft-07 and uses only keywords the test validator applies")
    func schemaKeywords() throws {
        let validator = try Self.validator()
        #expect(validator.root["$schema"] == .string("http://json-schema.org/draft-07/schema#"))
        #expect(validator.unknownKeywords() == [])
    }

    @Test("there are specs to validate")
    func specsFound() {
        #expect(Self.validSpecs.count >= 10, "\(Self.validSpecs)")
        #expect(Self.validSpecs.contains("Examples/newsletter.form.yaml"))
        #expect(Self.validSpecs.contains("Specs/common.rules.yaml"))
    }

    @Test("every spec in Specs/ and Examples/ validates against the schema", arguments: validSpecs)
    func shippedSpecValidates(path: String) throws {
        let spec = try JSONValue.load(path: Repository.path(path))
        #expect(try Self.validator().errors(spec) == [])
    }

    @Test("every spec in Specs/ and Examples/ names the schema on its first line", arguments: validSpecs)
    func shippedSpecNamesSchema(path: String) throws {
        let firstLine = try Repository.read(path).split(separator: "\n", maxSplits: 1).first.map(String.init)
        let depth = path.split(separator: "/").count - 1
        let relative = String(repeating: "../", count: depth) + Self.schemaPath
        #expect(firstLine == "# yaml-language-server: $schema=\(relative)")
    }

    @Test("a spec with shape errors does not validate", arguments: shapeErrorSpecs)
    func shapeErrorIsRejected(path: String) throws {
        let spec = try JSONValue.load(path: Repository.path(path))
        #expect(try !Self.validator().errors(spec).isEmpty)
        // Each keeps its golden diagnostics, so the compile-fail harness of `formspec test` runs it too.
        let golden = Repository.path(String(path.dropLast(".form.yaml".count)) + ".diagnostics")
        #expect(FileManager.default.fileExists(atPath: golden), "\(golden)")
    }

    @Test(
        "small shapes: the validator catches what each keyword forbids",
        arguments: [
            ("formspec: 1\nform: a\nfields: {x: {rules: [{min_length: 1, max_length: 2}]}}", false),
            ("formspec: 1\nform: a\nfields: {x: {rules: [{message: hi}]}}", false),
            ("formspec: 1\nform: a\nfields: {x: {rules: [{min_length: 1, severity: fatal}]}}", false),
            ("formspec: 1\nform: a\nfields: {x: {label: {en: X, ja: エックス}}}", true),
            ("formspec: 1\nform: a\nfields: {x: {label: {}}}", false),
            ("formspec: 1\nform: a\nfields: {x: {when: {field: y}}, y: {}}", false),
            ("formspec: 1\nform: a\nfields: {x: {when: {mode: edit}}}", true),
            ("formspec: 1\nform: a\nfields: {x: }", true),
            ("formspec: 1\ndefine: {strong: {min_length: 8}}", true),
            ("formspec: 1\nform: a\ndefine: {strong: {min_length: 8}}", false),
            ("formspec: 2\nform: a\nfields: {}", false),
            ("formspec: 1\nform: a\nfields: {}\ntests: {today: 2026-01-01, cases: []}", true),
            ("formspec: 1\nform: a\nfields: {}\ntests: {today: soon, cases: []}", false),
            ("formspec: 1\nform: a\nfields: {x: {debounce: 300ms}}", true),
            ("formspec: 1\nform: a\nfields: {x: {debounce: soon}}", false),
        ])
    func smallShapes(source: String, valid: Bool) throws {
        let loaded = try FormSpecYAMLLoading.load(source)
        #expect(try Self.validator().errors(loaded).isEmpty == valid, "\(source)")
    }
}
