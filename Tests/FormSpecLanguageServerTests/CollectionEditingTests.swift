import Testing

@testable import FormSpecLanguageServer

/// Completion and hover inside groups and lists of groups: bare names are the group's own fields,
/// `/paths` reach the form's.
@Suite("Language server: groups and lists")
struct CollectionEditingTests {
    let formPath = "/specs/contacts.form.yaml"

    static let form = """
        formspec: 1
        form: contacts
        fields:
          owner:
            type: text
          address:
            type: group
            fields:
              country:
                type: choice
                options: [NL, US]
              postcode:
                rules:
                  - different_from: country
          contacts:
            type: list
            of: group
            fields:
              name:
                type: text
              phone:
                rules:
                  - different_from: name
        """

    private func complete(_ source: String) -> [String] {
        let client = InProcessClient(files: [:])
        client.open(formPath, source.unmarked)
        return InProcessClient.labels(client.at("textDocument/completion", formPath, source))
    }

    @Test("a reference inside a repeatable group completes its siblings, then every /path")
    func completesSiblingsAndPaths() {
        let labels = complete(Self.form.replacingOccurrences(of: "different_from: name", with: "different_from: ‸"))
        #expect(Array(labels.prefix(2)) == ["name", "/owner"])
        #expect(labels.contains("/address/country"))
        #expect(labels.contains("/contacts/0/name"))
        // The field itself, by either spelling, and the group and the list: the compiler refuses them.
        for refused in ["phone", "/contacts/0/phone", "/address", "/contacts"] { #expect(!labels.contains(refused)) }
    }

    @Test("unique_items on a list of groups completes its items' fields, and leads to the one it names")
    func uniqueItemsNamesAnItemField() throws {
        let withRule = Self.form.replacingOccurrences(
            of: "    of: group\n    fields:", with: "    of: group\n    rules:\n      - unique_items: ‸\n    fields:")
        #expect(complete(withRule) == ["name", "phone"])
        let named = withRule.replacingOccurrences(of: "unique_items: ‸", with: "unique_items: pho‸ne")
        let client = InProcessClient(files: [:])
        client.open(formPath, named.unmarked)
        let line = try #require(
            named.unmarked.split(separator: "\n", omittingEmptySubsequences: false)
                .firstIndex { $0.hasPrefix("      phone:") })
        #expect(
            client.at("textDocument/definition", formPath, named)["range"]?["start"]?["line"] == .integer(Int64(line)))
        // Hover shows the field it names (was: nothing there, where go-to-definition worked).
        let hover = client.at("textDocument/hover", formPath, named)["contents"]?["value"]?.string
        #expect(hover?.contains("phone") == true, "\(hover ?? "nil")")
    }

    @Test("a reference inside a group completes that group's fields")
    func completesGroupFields() {
        let labels = complete(Self.form.replacingOccurrences(of: "different_from: country", with: "different_from: ‸"))
        #expect(labels.first == "country")
        #expect(!labels.contains("postcode"))
        #expect(!labels.contains("/address/postcode"))
    }

    @Test("a field's keys include of and fields, and of completes item types")
    func completesCollectionKeys() {
        let keys = complete(Self.form.replacingOccurrences(of: "  owner:\n    type: text", with: "  owner:\n    ‸"))
        #expect(keys.contains("of"))
        #expect(keys.contains("fields"))
        let types = complete(Self.form.replacingOccurrences(of: "of: group", with: "of: ‸"))
        #expect(types.contains("group"))
    }

    @Test("of completes every type but list: check refuses a list of lists")
    func ofCompletesNoList() {
        let types = complete(Self.form.replacingOccurrences(of: "of: group", with: "of: ‸"))
        #expect(
            types == ["text", "secret", "integer", "number", "boolean", "date", "time", "datetime", "choice", "group"])
    }

    @Test("hover on a sibling reference shows the sibling, and on a /path the field it reaches")
    func hoverResolvesScopes() throws {
        let client = InProcessClient(files: [:])
        let sibling = Self.form.replacingOccurrences(of: "different_from: name", with: "different_from: na‸me")
        client.open(formPath, sibling.unmarked)
        let value = try #require(client.at("textDocument/hover", formPath, sibling)["contents"]?["value"]?.string)
        #expect(value.hasPrefix("**field `name`**"))
        let rooted = Self.form.replacingOccurrences(
            of: "different_from: country", with: "different_from: /address/coun‸try")
        let other = InProcessClient(files: [:])
        other.open(formPath, rooted.unmarked)
        let path = try #require(other.at("textDocument/hover", formPath, rooted)["contents"]?["value"]?.string)
        #expect(path.hasPrefix("**field `country`** — choice"))
    }

    @Test("hover on an item's path in a test describes the item, on its field's path the field")
    func hoverOnItemPaths() throws {
        let tested = Self.form + "\ntests:\n  - name: t\n    input:\n      contacts.1: {name: A}\n"
        func hover(_ marked: String) throws -> String {
            let source = tested.replacingOccurrences(of: "contacts.1:", with: marked)
            let client = InProcessClient(files: [:])
            client.open(formPath, source.unmarked)
            return try #require(client.at("textDocument/hover", formPath, source)["contents"]?["value"]?.string)
        }
        let item = try hover("contacts.‸1:")
        #expect(item.hasPrefix("**item 1 of `contacts`** — group"))
        #expect(item.contains("Fields: `name`, `phone`"))
        #expect(item.contains("List `contacts`: list"))
        let field = try hover("contacts.1.na‸me:")
        #expect(field.hasPrefix("**field `name`** — text"))
    }
}
