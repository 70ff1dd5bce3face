import FormSpec
@_spi(Tooling) import FormSpecRuntime
import Foundation
import Testing

/// Groups, lists of scalars and repeatable groups through the compiler, the evaluator and the
/// program codec.
@Suite("Groups and lists")
struct CollectionTests {
    static let contacts = """
        formspec: 1
        form: contacts
        fields:
          owner:
            required: true
          contacts:
            type: list
            of: group
            rules:
              - max_items: 2
            fields:
              name:
                required: true
              phone:
                rules:
                  - different_from: /owner
              confirm:
                rules:
                  - same_as: phone
                    message: Phones differ
          tags:
            type: list
            of: integer
            rules:
              - min_items: 2
              - unique_items: true
              - each:
                  - min: 1
        """

    func messages(_ form: CompiledForm, _ input: Value) throws -> [String: [String]] {
        try form.validateSynchronously(input).messages
    }

    @Test("items are laid out as fields named by their paths, up to max_items")
    func layout() throws {
        let form = try CompiledForm(source: Self.contacts)
        #expect(
            form.fieldNames == [
                "owner", "contacts", "contacts.0", "contacts.0.name", "contacts.0.phone", "contacts.0.confirm",
                "contacts.1", "contacts.1.name", "contacts.1.phone", "contacts.1.confirm",
                "tags",
            ] + (0..<100).map { "tags.\($0)" })
    }

    @Test("a sibling name means the same item; a /path the form's field")
    func siblingAndRootNames() throws {
        let form = try CompiledForm(source: Self.contacts)
        let input: Value = [
            "owner": "1",
            "contacts": [["name": "a", "phone": "2", "confirm": "2"], ["name": "b", "phone": "1", "confirm": "3"]],
        ]
        #expect(
            try messages(form, input) == [
                "contacts.1.phone": ["Phone must be different from Owner"],
                "contacts.1.confirm": ["Phones differ"],
            ])
    }

    @Test("items past the input's count are not reported")
    func inactiveItems() throws {
        let form = try CompiledForm(source: Self.contacts)
        let report = try form.validateSynchronously(["owner": "x", "contacts": [["name": "a"]]])
        #expect(report.valid)
        #expect(
            report.fieldOrder == [
                "owner", "contacts", "contacts.0", "contacts.0.name", "contacts.0.phone", "contacts.0.confirm", "tags",
            ])
    }

    @Test("list rules are reported on the list, item rules on each item")
    func listAndItemRules() throws {
        let form = try CompiledForm(source: Self.contacts)
        #expect(
            try messages(form, ["owner": "x", "tags": [3, "3", 0]]) == [
                "tags": ["Tags must not list an item twice"],
                "tags.2": ["Tags must be at least 1"],
            ])
        #expect(try messages(form, ["owner": "x", "tags": [3]]) == ["tags": ["Tags: at least 2 items"]])
        #expect(try messages(form, ["owner": "x", "tags": ["x", 2]]) == ["tags.0": ["Tags must be a whole number"]])
    }

    @Test("a list where a group belongs, and a scalar where a list belongs, are type errors on their path")
    func wrongShapes() throws {
        let form = try CompiledForm(source: Self.contacts)
        #expect(
            try messages(form, ["owner": "x", "contacts": [["a"]], "tags": "1"]) == [
                "contacts.0": ["Contacts must be an object of fields"],
                "tags": ["Tags must be a list"],
            ])
    }

    @Test("more items than max_items fail max_items on the list")
    func tooManyItems() throws {
        let form = try CompiledForm(source: Self.contacts)
        let three: Value = .array(Array(repeating: ["name": "a"], count: 3))
        #expect(try messages(form, ["owner": "x", "contacts": three]) == ["contacts": ["Contacts: at most 2 items"]])
        // However long the array, it is no type failure: the items the list holds are read, and
        // the rest (scalars where an item's object belongs) are skipped unread.
        let huge: Value = .array(Array(repeating: "not an item", count: 20_000))
        #expect(
            try messages(form, ["owner": "x", "contacts": huge]) == [
                "contacts": ["Contacts: at most 2 items"],
                "contacts.0": ["Contacts must be an object of fields"],
                "contacts.1": ["Contacts must be an object of fields"],
            ])
    }

    @Test("a nested form's program survives the JSON codec and validates the same")
    func codecRoundTrip() throws {
        let form = try CompiledForm(source: Self.contacts)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(form.program)
        let decoded = CompiledForm(program: try JSONDecoder().decode(Program.self, from: data))
        #expect(try encoder.encode(decoded.program) == data)
        let input: Value = [
            "owner": "1", "contacts": [["name": "a", "phone": "1"]], "tags": [1, 1],
        ]
        #expect(try messages(decoded, input) == messages(form, input))
        #expect(try messages(decoded, input).keys.sorted() == ["contacts.0.phone", "tags"])
    }

    @Test("strict mode names unknown nested keys by path")
    func strictNestedKeys() throws {
        let form = try CompiledForm(source: Self.contacts)
        let report = try form.validateSynchronously(
            ["owner": "x", "contacts": [["name": "a", "nickname": "b"]]], options: ValidationOptions(strict: true))
        #expect(report.formErrors.map(\.message).contains { $0.contains("contacts.0.nickname") })
    }
}
