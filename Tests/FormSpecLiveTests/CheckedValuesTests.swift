import FormSpec
import Foundation
import Testing

/// The input as its rules checked it: what a server decodes its typed input from, rather than the
/// raw body (which held untrimmed text, numbers as strings, paths and no defaults).
@Suite("The input as checked")
struct CheckedValuesTests {
    static let source = """
        formspec: 1
        form: order
        fields:
          name: {required: true, trim: true}
          note: {}
          age: {type: integer}
          price: {type: number}
          agree: {type: boolean}
          born: {type: date}
          opens: {type: time}
          due: {type: datetime}
          size: {type: choice, options: [s, m, 1]}
          nickname: {default: anon}
          since: {type: date, default: today-1d}
          address:
            fields:
              city: {required: true, trim: true}
              country: {default: FR}
          tags: {type: list, of: text, rules: [{max_items: 3}]}
          contacts:
            type: list
            of: group
            rules: [{max_items: 2}]
            fields:
              phone: {required: true, trim: true}
              kind: {type: choice, options: [home, work], default: home}
        """
    static let today = CivilDate(year: 2026, month: 3, day: 10)

    /// The checked values of the JSON `input`, as compact JSON.
    func checked(_ input: String) throws -> String {
        let form = try CompiledForm(source: Self.source)
        let value = try JSONDecoder().decode(Value.self, from: Data(input.utf8))
        let checked = try form.checkedValues(value, options: ValidationOptions(today: Self.today))
        return String(decoding: checked.jsonBytes(), as: UTF8.self)
    }

    @Test("each field read as its type: text trimmed, numbers and booleans from text, canonical dates and times")
    func scalarsAsTheirType() throws {
        let input = """
            {"name":" Mei\\t","age":"20","price":"3.50","agree":"true","born":"2000-02-29","opens":"09:30",
             "due":"2026-03-10t08:00:00.50+01:00","size":1,"extra":"x","address":{"city":" Paris "}}
            """
        #expect(
            try checked(input)
                == #"{"name":"Mei","age":20,"price":3.5,"agree":true,"born":"2000-02-29","opens":"09:30:00","#
                + #""due":"2026-03-10T08:00:00.5+01:00","size":"1","nickname":"anon","since":"2026-03-09","#
                + #""address":{"city":"Paris","country":"FR"}}"#)
    }

    @Test("defaults for absent fields, paths in their groups, lists of groups as arrays")
    func treesDefaultsAndPaths() throws {
        let input = """
            {"name":"Mei","nickname":"mc","address.city":"Paris","tags":["a",""],
             "contacts":[{"phone":" 123 "},{"phone":"456","kind":"work","fax":"1"}]}
            """
        #expect(
            try checked(input)
                == #"{"name":"Mei","nickname":"mc","since":"2026-03-09","address":{"city":"Paris","country":"FR"},"#
                + #""tags":["a",null],"contacts":[{"phone":"123","kind":"home"},{"phone":"456","kind":"work"}]}"#)
    }

    @Test("empty values and values not of their type are left out, as absent")
    func emptyAndUnreadableValues() throws {
        let input = #"{"name":"   ","note":"","age":"twenty","agree":null,"tags":[],"address":{}}"#
        #expect(try checked(input) == #"{"nickname":"anon","since":"2026-03-09","address":{"country":"FR"}}"#)
        let form = try CompiledForm(source: Self.source)
        #expect(throws: FormValidationError.notAnObject("an array")) { try form.checkedValues([1]) }
    }

    @Test("a field named by a path that no field starts keeps its whole name, as the input gives it")
    @MainActor
    func pathOfNoGroup() throws {
        // Specs name fields by identifiers; a program written by hand may name one `billing.city`
        // with no `billing` field. The input gives it by that name, and gets it back by it: in the
        // input as checked (which used to key it `city`) and in a live form's values (which left
        // it out when the form has lists).
        for list in ["", "  tags: {type: list, of: text}\n"] {
            let compiled = try CompiledForm(source: "formspec: 1\nform: dotted\nfields:\n  city: {trim: true}\n" + list)
            var json = try #require(
                JSONSerialization.jsonObject(with: JSONEncoder().encode(compiled.program)) as? [String: Any])
            var fields = try #require(json["fields"] as? [[String: Any]])
            fields[0]["name"] = "billing.city"
            json["fields"] = fields
            let form = CompiledForm(
                program: try JSONDecoder().decode(Program.self, from: JSONSerialization.data(withJSONObject: json)))
            let checked = try form.checkedValues(["billing.city": " Paris ", "tags": ["a"]])
            let tags = list.isEmpty ? "" : #","tags":["a"]"#
            #expect(String(decoding: checked.jsonBytes(), as: UTF8.self) == #"{"billing.city":"Paris"\#(tags)}"#)
            #expect(LiveForm(form, values: ["billing.city": " Paris "]).values == ["billing.city": " Paris "])
        }
    }

    @Test("one read gives the report and the values, which decode into the typed input")
    func checkedInputDecodesAsTheTypedInput() async throws {
        let form = CompiledForm(program: try TypedInputForm.program())
        let body = """
            {"name":"Mei","age":"20","height":"1.75","agree":"true","opens":"09:30","size":"1",
             "address.city":"Utrecht","contacts":[{"name":"Ann","relation":"friend"}],"nickname":"Meimei"}
            """
        let checked = try await form.checkedInput(json: Array(body.utf8))
        #expect(checked.report == (try await form.validate(json: Array(body.utf8))))
        #expect(checked.report.valid)
        #expect(checked.values == (try form.checkedValues(try JSONDecoder().decode(Value.self, from: Data(body.utf8)))))
        let input = try JSONDecoder().decode(TypedInputForm.Input.self, from: Data(checked.values.jsonBytes()))
        #expect(input.age == 20 && input.height == Decimal(string: "1.75") && input.agree == true)
        #expect(input.opens == CivilTime(hour: 9, minute: 30) && input.size == ._1)
        #expect(input.address == TypedInputForm.AddressGroup(city: "Utrecht"))
        #expect(input.contacts == [TypedInputForm.ContactsItem(name: "Ann", relation: .friend)])
        await #expect(throws: FormValidationError.invalidJSON("1:2: expected a string key")) {
            try await form.checkedInput(json: Array("{".utf8))
        }
    }
}
