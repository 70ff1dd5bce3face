@_spi(Tooling) import FormSpecRuntime
import FormSpecTestSupport
import Foundation
import Testing

@testable import FormSpecCompiler

/// The schema and the reference name every key the compiler reads, and the reference states every
/// rule's built-in English message as the compiler has it: adding a rule or a key without
/// documenting it fails here.
@Suite("The schema and the reference cover the compiler's vocabulary")
struct VocabularyTests {
    static func schema() throws -> JSONValue {
        try JSONValue.load(path: Repository.path(SchemaTests.schemaPath))
    }

    static func keys(_ object: JSONValue?) -> Set<String> {
        guard case .object(let members) = object else { return [] }
        return Set(members.map(\.key))
    }

    static func definition(_ name: String) throws -> JSONValue? {
        try schema()["definitions"]?[name]
    }

    @Test("top-level, field, rule, modifier, form-rule, condition and test keys are all in the schema")
    func schemaKeys() throws {
        let schema = try Self.schema()
        #expect(Set(SyntaxParser.topLevelKeys).subtracting(Self.keys(schema["properties"])) == [])
        #expect(Set(SyntaxParser.fieldKeys).subtracting(Self.keys(try Self.definition("field")?["properties"])) == [])
        let ruleProperties = Self.keys(try Self.definition("rule")?["properties"])
        #expect(Set(RuleCatalog.names).subtracting(ruleProperties) == [])
        #expect(Set(SyntaxParser.modifierKeys).subtracting(ruleProperties) == [])
        #expect(
            Set(SyntaxParser.formRuleKeys).subtracting(Self.keys(try Self.definition("formRule")?["properties"])) == [])
        #expect(
            Set(Checker.conditionKeys).subtracting(Self.keys(try Self.definition("condition")?["properties"])) == [])
        #expect(Set(SyntaxParser.testKeys).subtracting(Self.keys(try Self.definition("test")?["properties"])) == [])
        guard case .array(let branches) = try Self.definition("expectation")?["anyOf"] else {
            Issue.record("the expectation definition has no anyOf")
            return
        }
        let expectationKeys = branches.reduce(into: Set<String>()) { $0.formUnion(Self.keys($1["properties"])) }
        #expect(Set(Checker.expectationKeys) == expectationKeys)
    }

    @Test("the schema's type enum, the reference's type table and the editor's completions list every field type")
    func fieldTypesEverywhere() throws {
        let names = FieldType.allCases.map(\.rawValue)
        guard case .array(let values) = try Self.definition("field")?["properties"]?["type"]?["enum"] else {
            Issue.record("the field definition has no type enum")
            return
        }
        #expect(values == names.map(JSONValue.string))
        #expect(SpecVocabulary.fieldTypes == names)
        let reference = try Repository.read("docs/reference.md")
        for name in names {
            #expect(reference.contains("| `\(name)` | "), "docs/reference.md has no field type row for \(name)")
        }
    }

    @Test("each rule key of the schema is one of the compiler's rules, and each has a description")
    func schemaRulesAreReal() throws {
        let rule = try #require(try Self.definition("rule"))
        let known = Set(RuleCatalog.names).union(SyntaxParser.modifierKeys)
        guard case .object(let properties) = rule["properties"] else {
            Issue.record("no rule properties")
            return
        }
        for (key, value) in properties {
            #expect(known.contains(key), "\(key) is not a rule or modifier the compiler reads")
            #expect(value["description"] != nil, "\(key) has no description (hover text)")
        }
    }

    /// Hover text in editors comes from the schema; a default message it quotes must be the one the
    /// compiler really uses, or an author is told a message they will never see.
    @Test("every default message the schema quotes is the compiler's built-in English message")
    func schemaQuotesRealDefaultMessages() throws {
        let english = try #require(DefaultMessages.catalog["en"])
        var quoted = 0
        for definition in ["rule", "formRule"] {
            guard case .object(let properties) = try Self.definition(definition)?["properties"] else { continue }
            for (key, value) in properties {
                guard case .string(let description) = value["description"],
                    let range = description.range(of: "Default message: `")
                else { continue }
                let message = description[range.upperBound...].prefix { $0 != "`" }
                let variants = english.filter { $0.key == key || $0.key.hasPrefix(key + ".") }.map(\.value)
                #expect(variants.contains(String(message)), "the schema quotes \"\(message)\" for \(key)")
                quoted += 1
            }
        }
        // Most rules quote their message; a schema that lost them would pass the loop vacuously.
        #expect(quoted >= 20, "only \(quoted) default messages quoted")
    }

    @Test("the reference's rules table states each rule's built-in English message", arguments: RuleCatalog.names)
    func referenceStatesDefaultMessage(rule: String) throws {
        let reference = try Repository.read("docs/reference.md")
        let rows = reference.split(separator: "\n").filter { $0.hasPrefix("| `\(rule)") }
        #expect(!rows.isEmpty, "docs/reference.md has no row for \(rule)")
        // `use:` reports the define's own message, `each:` each item rule's own; every other rule
        // has a default in the catalog.
        guard rule != "use" && rule != "each" else { return }
        // `format` has one message per format (`format.email`, …).
        let keys = rule == "format" ? ["email", "url", "uuid"].map { "format.\($0)" } : [rule]
        for key in keys {
            let message = try #require(DefaultMessages.catalog["en"]?[key], "no default message for \(key)")
            #expect(
                rows.contains { $0.contains("`\(message)`") }, "the reference does not quote \"\(message)\" for \(key)")
        }
    }
}
