import FormSpec
@_spi(Program) @_spi(Tooling) import FormSpecRuntime
import FormSpecTestSupport
import Foundation
import Testing

/// A list's items are written once in the program's JSON (and so in the JavaScript module) and in
/// generated Swift, and made again from the first when read (`RepeatedItems`): the fields read back
/// are the compiler's, item for item, and the written form does not grow with `max_items`.
struct RepeatedItemsTests {
    static let specs: [String] =
        (Repository.files(under: "Specs", endingWith: [".form.yaml"])
        + Repository.files(under: "Examples", endingWith: [".form.yaml"])
        + Repository.files(under: "Tests/FormSpecJavaScriptTests/Specs", endingWith: [".form.yaml"]))
        .filter { !$0.contains("/invalid/") && !$0.contains("/.build") }

    @Test(arguments: specs)
    func theWrittenFieldsAreTheCompilersFields(_ path: String) throws {
        let program = try #require(Compiler.compile(path: Repository.path(path)).spec).program
        let decoded = try JSONDecoder().decode(Program.self, from: JSONEncoder().encode(program))
        #expect(decoded.fields == program.fields)
        // What generated Swift calls, stretch by stretch.
        #expect(WrittenFields.fields(WrittenFields.of(program.fields), of: program.fields) == program.fields)
    }

    @Test func everyReferenceInAnItemMovesWithIt() throws {
        let program = try #require(
            Compiler.compile(path: Repository.path("Tests/FormSpecJavaScriptTests/Specs/repeated_items.form.yaml")).spec
        ).program
        let stays = try #require(program.fields.firstIndex { $0.name == "stays" })
        let tags = try #require(program.fields.firstIndex { $0.name == "stays.0.tags" })
        let size = try #require(program.fields.firstIndex { $0.name == "stays.1" }) - (stays + 1)
        let written = WrittenFields.of(program.fields)
        // The stays are their first stay made four times, and the tags inside it (its last field)
        // their first tag made three times.
        #expect(
            written.contains(
                .items(
                    RepeatedItems(list: stays, count: 4),
                    first: [
                        .fields((stays + 1)..<(tags + 1)),
                        .items(RepeatedItems(list: tags, count: 3), first: [.fields((tags + 1)..<(tags + 2))]),
                    ])))
        // The aliases' later items name the first item's field: each is written as it is.
        let aliases = try #require(program.fields.firstIndex { $0.name == "aliases" })
        #expect(!written.contains { if case .items(let run, _) = $0 { run.list == aliases } else { false } })
        #expect(written.last == .fields((stays + 1 + 4 * size)..<program.fields.count))
    }

    @Test func aRunInsideARunIsCheckedWhereItStands() throws {
        let program = try #require(
            Compiler.compile(path: Repository.path("Tests/FormSpecJavaScriptTests/Specs/repeated_items.form.yaml")).spec
        ).program
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(program), as: UTF8.self)
        let tags = try #require(program.fields.firstIndex { $0.name == "stays.0.tags" })
        // The tags' run, inside the stays' run, names the tags list by its index in the program.
        let inner = #"{"items":{"count":3,"fields":"#
        let list = #""list":\#(tags)}}"#
        #expect(json.contains(inner) && json.contains(list))
        #expect(try JSONDecoder().decode(Program.self, from: Data(json.utf8)).fields == program.fields)
        for wrong in [tags - 1, tags + 1, 1] {
            let damaged = json.replacingOccurrences(of: list, with: #""list":\#(wrong)}}"#)
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(Program.self, from: Data(damaged.utf8)) }
        }
    }

    @Test func aThousandItemsAreWrittenAsOne() throws {
        func source(_ most: Int) -> String {
            """
            formspec: 1
            form: lines
            fields:
              lines:
                type: list
                of: group
                rules:
                  - max_items: \(most)
                fields:
                  sku:
                    required: true
                    rules:
                      - pattern: "^[A-Z]{3}-[0-9]{4}$"
                  quantity:
                    type: integer
                    rules:
                      - at_least: 1
                      - at_most: {field: /stock}
              stock:
                type: integer
            """
        }
        let few = try #require(compile(source(2)).spec).program
        let many = try #require(compile(source(1000)).spec).program
        #expect(many.fields.count == 2 + 1000 * 3)
        let fewJSON = try JSONEncoder().encode(few)
        let manyJSON = try JSONEncoder().encode(many)
        // The same but the count, in the run and in `max_items`'s argument and texts.
        #expect(manyJSON.count - fewJSON.count < 100, "\(fewJSON.count) and \(manyJSON.count) bytes")
        #expect(try JSONDecoder().decode(Program.self, from: manyJSON).fields == many.fields)
    }

    @Test func aWrittenRunThatMakesNoItemsIsADecodingError() throws {
        let program = try #require(
            Compiler.compile(path: Repository.path("Specs/emergency_contacts.form.yaml")).spec
        ).program
        let json = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(program)) as? [String: Any])
        var fields = try #require(json["fields"] as? [Any])
        let at = try #require(fields.firstIndex { ($0 as? [String: Any])?["items"] != nil })
        let run = try #require((fields[at] as? [String: Any])?["items"] as? [String: Any])

        func decodes(_ change: (inout [Any]) -> Void) throws -> Bool {
            var changed = fields
            change(&changed)
            var object = json
            object["fields"] = changed
            let data = try JSONSerialization.data(withJSONObject: object)
            return (try? JSONDecoder().decode(Program.self, from: data)) != nil
        }
        func withRun(_ change: @escaping (inout [String: Any]) -> Void) -> (inout [Any]) -> Void {
            { fields in
                var changed = run
                change(&changed)
                fields[at] = ["items": changed]
            }
        }
        #expect(try decodes { _ in })
        #expect(try !decodes(withRun { $0["count"] = 0 }))
        #expect(try !decodes(withRun { $0["count"] = -3 }))
        #expect(try !decodes(withRun { $0["count"] = 10_000_000 }))
        #expect(try !decodes(withRun { $0["list"] = 0 }))
        #expect(try !decodes(withRun { $0["list"] = -1 }))
        #expect(try !decodes(withRun { $0["fields"] = [] }))
        #expect(
            try !decodes(
                withRun { run in
                    var first = run["fields"] as! [[String: Any]]
                    first[0]["name"] = "contacts.1"
                    run["fields"] = first
                }))
        // First in the array, with no list before it.
        #expect(try !decodes { fields in fields = [fields[at]] })
        fields.remove(at: at - 1)
        #expect(try !decodes { _ in })
    }
}
