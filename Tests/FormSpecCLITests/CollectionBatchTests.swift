import Foundation
import Testing

/// `validate` on forms with groups and lists: nested JSON Lines records (read by the parser, not the
/// flat scanner), report paths, the text format and hostile shapes.
@Suite("formspec validate: groups and lists")
struct CollectionBatchTests {
    static func cli() throws -> CLI {
        let cli = try CLI()
        let specs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Specs")
        for name in ["emergency_contacts", "pizza", "address_group"] {
            try cli.write(
                "\(name).form.yaml",
                try String(contentsOf: specs.appendingPathComponent("\(name).form.yaml"), encoding: .utf8))
        }
        return cli
    }

    @Test("nested JSON Lines records are reported by path, in order, on one or several jobs")
    func nestedJSONLines() throws {
        let cli = try Self.cli()
        defer { cli.cleanUp() }
        let lines = [
            #"{"patient_phone": "+31612345678", "contacts": [{"name": "Ann", "phone": "+31687654321"}]}"#,
            #"{"patient_phone": "+31612345678", "contacts": [{"name": "Ann", "phone": "+31687654321"}, {"name": " ", "phone": "x"}]}"#,
            #"{"patient_phone": "+31612345678", "contacts": "Ann"}"#,
            #"{"patient_phone": "+31612345678", "contacts": [{"name": "Ann", "phone": "+31687654321"}, 7]}"#,
        ]
        try cli.write("in.jsonl", lines.joined(separator: "\n") + "\n")
        let expected = [
            #"{"valid":true}"#,
            #"{"valid":false,"errors":{"contacts.1.name":[{"rule":"required","message":"Name is required"}],"contacts.1.phone":[{"rule":"format","message":"Write the number with its country code (+31 6 1234 5678)"}]}}"#,
            #"{"valid":false,"errors":{"contacts":[{"rule":"type","message":"Contacts must be a list"}]}}"#,
            #"{"valid":false,"errors":{"contacts.1":[{"rule":"type","message":"Contacts must be an object of fields"}]}}"#,
        ]
        for jobs in ["1", "2"] {
            let result = try cli.run([
                "validate", "emergency_contacts.form.yaml", "in.jsonl", "--format", "json", "--jobs", jobs,
            ])
            #expect(result.status == 1)
            #expect(result.lines == expected)
        }
    }

    @Test("--report full lists the list, its items and their fields under their paths")
    func fullReportPaths() throws {
        let cli = try Self.cli()
        defer { cli.cleanUp() }
        try cli.write("in.json", #"{"size": "small", "toppings": ["ham", "ham"]}"#)
        let result = try cli.run(["validate", "pizza.form.yaml", "in.json", "--format", "json", "--report", "full"])
        #expect(result.status == 1)
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let fields = try #require(report["fields"] as? [String: Any])
        #expect(Set(fields.keys) == ["size", "toppings", "toppings.0", "toppings.1", "notes"])
        let toppings = try #require(fields["toppings"] as? [String: Any])
        let errors = try #require(toppings["errors"] as? [[String: Any]])
        #expect(errors.map { $0["rule"] as? String } == ["unique_items"])
    }

    @Test("the text format names nested fields by path")
    func textFormat() throws {
        let cli = try Self.cli()
        defer { cli.cleanUp() }
        try cli.write("in.json", #"{"country": "US", "address": {"street": "Main St", "city": "X", "postcode": "1"}}"#)
        let result = try cli.run(["validate", "address_group.form.yaml", "in.json", "--format", "text"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("address.postcode"))
        #expect(result.stdout.contains("A ZIP code looks like 12345 or 12345-6789"))
    }

    @Test("a million-item list fails max_items with the list's message, not a crash, on both paths")
    func hugeList() throws {
        let cli = try Self.cli()
        defer { cli.cleanUp() }
        // The first three are distinct, so only max_items fails (and none is cheese, which asks which).
        let items = (0..<1_000_000).map { [#""olive""#, #""ham""#, #""mushroom""#][$0 % 3] }.joined(separator: ",")
        let record = #"{"size": "small", "toppings": ["# + items + "]}"
        try cli.write("in.json", record)
        try cli.write("in.jsonl", record + "\n")
        let expected =
            #"{"valid":false,"errors":{"toppings":[{"rule":"max_items","message":"Three toppings at most"}]}}"#
        // A JSON file is read whole into a tree; JSON Lines go through the record scanner.
        for input in ["in.json", "in.jsonl"] {
            let result = try cli.run(["validate", "pizza.form.yaml", input, "--format", "json", "--report", "errors"])
            #expect(result.status == 1)
            #expect(result.stdout.trimmingCharacters(in: .newlines) == expected)
        }
    }

    @Test("deeply nested input where a scalar belongs is a type error on that field")
    func deepInput() throws {
        let cli = try Self.cli()
        defer { cli.cleanUp() }
        let deep = String(repeating: #"{"a":"#, count: 150) + "1" + String(repeating: "}", count: 150)
        try cli.write(
            "in.json", #"{"country": "NL", "address": {"street": "# + deep + #", "city": "A", "postcode": "1012 JS"}}"#)
        let result = try cli.run([
            "validate", "address_group.form.yaml", "in.json", "--format", "json", "--report", "errors",
        ])
        #expect(result.status == 1)
        #expect(result.stdout.contains(#""address.street":[{"rule":"type""#))
    }
    /// Found by a tester comparing the CLI with the JavaScript module: a record that gives a field
    /// both by two paths (`contacts.0` and `contacts.0.name`) read the one that came last, and in
    /// strict mode a JSON Lines record listed its unknown keys in the order it met them while a
    /// document (and JavaScript) listed the ones inside a path first.
    @Test("a field given by two paths is read from the deeper group, and unknown keys come in order")
    func pathsInAnyOrder() throws {
        let cli = try Self.cli()
        defer { cli.cleanUp() }
        let contact = #""contacts":[{}],"patient_phone":"+31612345678""#
        let records = [
            #"{\#(contact),"contacts.0":{"name":"Ann","phone":"x"},"contacts.0.phone":"+31687654321"}"#,
            #"{"contacts.0.phone":"+31687654321",\#(contact),"contacts.0":{"name":"Ann","phone":"x"}}"#,
            #"{"zz":1,\#(contact),"contacts.0":{"name":"Ann","phone":"+31687654321","nick":1},"yy":2}"#,
        ]
        let expected = [
            #"{"valid":false,"errors":{"contacts.0.phone":[{"rule":"format","message":"Write the number with its country code (+31 6 1234 5678)"}]}}"#,
            #"{"valid":false,"errors":{"contacts.0.phone":[{"rule":"format","message":"Write the number with its country code (+31 6 1234 5678)"}]}}"#,
            #"{"valid":false,"form_errors":[{"rule":"unknown_field","message":"Unknown field “zz”"},{"rule":"unknown_field","message":"Unknown field “contacts.0.nick”"},{"rule":"unknown_field","message":"Unknown field “yy”"}]}"#,
        ]
        try cli.write("in.jsonl", records.joined(separator: "\n") + "\n")
        for (index, record) in records.enumerated() { try cli.write("in\(index).json", record) }
        let lines = try cli.run([
            "validate", "emergency_contacts.form.yaml", "in.jsonl", "--format", "json", "--report", "errors",
            "--strict",
        ])
        #expect(lines.lines == expected)
        let documents = try cli.run(
            ["validate", "emergency_contacts.form.yaml"] + records.indices.map { "in\($0).json" } + [
                "--format", "json", "--report", "errors", "--strict",
            ])
        #expect(documents.lines.map { $0.replacing(#/^\{"input":"in\d\.json",/#, with: "{") } == expected)
    }
}
