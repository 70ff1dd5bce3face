import Foundation
import Testing

@testable import FormSpecLanguageServer

/// Completion reads the cursor's place from the text alone (it is rarely valid YAML mid-edit).
/// `‸` marks the cursor in each source.
@Suite struct CursorContextTests {
    /// The context at the `‸` in `source`.
    private func context(_ source: String) throws -> CursorContext {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.contains("‸") })
        let prefix = lines[line][..<lines[line].firstIndex(of: "‸")!]
        let text = source.replacingOccurrences(of: "‸", with: "")
        return try #require(CursorContext(text: text, line: line, character: prefix.utf16.count))
    }

    @Test func aKeyAtTheTopLevel() throws {
        let context = try context("formspec: 1\nfi‸")
        #expect(context.path == [])
        #expect(context.role == .key)
        #expect(context.partial == "fi")
        #expect(SpecSlot.of(context.path) == .topLevel)
    }

    @Test func aRuleKeyInAListItem() throws {
        let context = try context("fields:\n  name:\n    rules:\n      - min_‸")
        #expect(context.path == [.key("fields"), .key("name"), .key("rules"), .item])
        #expect(context.role == .item)
        #expect(context.partial == "min_")
        #expect(SpecSlot.of(context.path) == .ruleItem(form: false))
    }

    @Test func aModifierUnderARule() throws {
        let context = try context("fields:\n  name:\n    rules:\n      - min_length: 3\n        mes‸")
        #expect(SpecSlot.of(context.path) == .ruleItem(form: false))
        #expect(context.role == .key)
    }

    @Test func anIndentlessSequence() throws {
        let context = try context("fields:\n  name:\n    rules:\n    - same_as: pa‸")
        #expect(context.path == [.key("fields"), .key("name"), .key("rules"), .item, .key("same_as")])
        #expect(context.role == .value)
        #expect(context.partial == "pa")
        #expect(SpecSlot.of(context.path).scalarSlot == .fieldName)
    }

    @Test func aFieldKeyAfterBlankLinesAndComments() throws {
        let context = try context("fields:\n  name:\n    type: text\n\n    # note\n    ‸")
        #expect(SpecSlot.of(context.path) == .field)
        #expect(context.partial == "")
    }

    @Test func aValueRightAfterTheColonNeedsASpace() throws {
        let context = try context("fields:\n  name:\n    type:‸")
        #expect(SpecSlot.of(context.path) == .fieldType)
        #expect(context.needsSpace)
    }

    @Test func aFlowConditionField() throws {
        let context = try context("fields:\n  a:\n    when: {field: co‸")
        #expect(context.path == [.key("fields"), .key("a"), .key("when"), .key("field")])
        #expect(context.partial == "co")
        #expect(SpecSlot.of(context.path) == .fieldName)
    }

    @Test func aFlowListOfClasses() throws {
        let context = try context("fields:\n  a:\n    rules:\n      - contains: [digit, up‸")
        #expect(SpecSlot.of(context.path) == .characterClass)
        #expect(context.partial == "up")
    }

    @Test func aComparandField() throws {
        let context = try context("fields:\n  a:\n    rules:\n      - min: {field: st‸")
        #expect(SpecSlot.of(context.path) == .fieldName)
    }

    @Test func aFlowMappingKeyInATestInput() throws {
        let context = try context("tests:\n  - name: t\n    input: {username: x, pa‸")
        #expect(SpecSlot.of(context.path) == .fieldValues)
        #expect(context.role == .key)
        #expect(context.partial == "pa")
    }

    @Test func aLocaleInAMessageMap() throws {
        let context = try context("fields:\n  a:\n    rules:\n      - min_length: 3\n        message:\n          zh‸")
        #expect(SpecSlot.of(context.path) == .messages)
    }

    @Test func aUseName() throws {
        let context = try context("define:\n  x:\n    use: str‸")
        #expect(SpecSlot.of(context.path).scalarSlot == .defineName)
    }

    @Test(arguments: [
        "    when: {field: country, equals: ‸}",
        "    when: {not: {field: country, one_of: [NL, ‸]}, mode: new}",
        "    when:\n      field: country  # the choice\n      equals: ‸",
        "    when:\n      any:\n        - field: other\n        - field: country\n          one_of:\n          - NL\n          - ‸\n        - field: other",
    ])
    func theValuesBesideTheCursorInItsMapping(condition: String) throws {
        let context = try context("fields:\n  a:\n" + condition)
        let equals = try #require(context.path.lastIndex { $0 == .key("equals") || $0 == .key("one_of") })
        #expect(context.mappingValues(ofKeyAt: equals)["field"] == "country")
    }

    @Test(
        "the keys written beside the one being typed, but the one at the cursor",
        arguments: [
            // A block mapping: keys above and below, nested values included; the line being
            // renamed (`mes‸sage: …`) is not counted.
            (
                "fields:\n  a:\n    label: A\n    ‸\n    rules:\n      - min_length: 1\n  b:\n    type: text",
                ["label", "rules"]
            ),
            ("fields:\n  a:\n    label: A\n    req‸uired: true\n    type: text", ["label", "type"]),
            // A list item's mapping starts at its `- `: the item above is another mapping.
            (
                "rules:\n  - min_length: 1\n    message: M\n  - ‸\n    message: N\n    when: {field: x, equals: 1}",
                ["message", "when"]
            ),
            ("rules:\n  - max_length: 3\n    ‸", ["max_length"]),
            // A key typed in quotes: the mapping's column is its quote's.
            ("fields:\n  a:\n    type: text\n    \"la‸", ["type"]),
            // A flow mapping: its pairs on the cursor's line.
            ("when: {field: x, ‸}", ["field"]),
            ("when: {field: x, equ‸als: 3, any: [a]}", ["field", "any"]),
            ("when:\n  field: x\n  ‸", ["field"]),
        ])
    func theKeysBesideTheCursor(source: String, keys: [String]) throws {
        #expect(try context(source).keysBeside() == Set(keys))
    }

    @Test func noKeysBesideAValue() throws {
        #expect(try context("fields:\n  a:\n    label: A\n    type: ‸").keysBeside().isEmpty)
    }

    @Test func nothingInsideABlockScalarOrAComment() {
        #expect(CursorContext(text: "title: |\n  some te", line: 1, character: 9) == nil)
        #expect(CursorContext(text: "# fi", line: 0, character: 4) == nil)
    }

    @Test func nothingAfterAClosedFlowCollection() {
        #expect(CursorContext(text: "a: {b: c} ", line: 0, character: 10) == nil)
    }
}
