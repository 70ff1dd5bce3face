import FormSpec
import Foundation
import Testing

/// The typed Swift of `formspec compile --emit swift`, compiled into this test target
/// (`Generated/TypedInputForm.swift`, a golden file checked by `GeneratedSwiftTests`).
@Suite("Generated Swift: the typed input")
struct TypedInputTests {
    static let json = """
        {"name":"Mei","default":"x","contact_email":"mei@example.com","password":"hunter2!!","age":17,
         "height":1.75,"agree":true,"born":"2000-02-29","opens":"09:30","deadline":"2026-03-10T08:00:00+01:00",
         "size":1}
        """

    @Test func decodesTypedValuesAndValidates() async throws {
        let input = try JSONDecoder().decode(TypedInputForm.Input.self, from: Data(Self.json.utf8))
        #expect(input.name == "Mei" && input.default == "x" && input.contactEmail == "mei@example.com")
        #expect(input.password?.revealed == "hunter2!!")
        #expect(input.age == 17 && input.height == Decimal(string: "1.75") && input.agree == true)
        #expect(input.born == CivilDate(year: 2000, month: 2, day: 29))
        #expect(input.opens == CivilTime(hour: 9, minute: 30))
        #expect(input.deadline == OffsetDateTime(parsing: "2026-03-10T07:00:00Z"))
        #expect(input.size == ._1)

        let form = CompiledForm(program: try TypedInputForm.program())
        let report = try await TypedInputForm.validate(input, with: form)
        #expect(report[field: TypedInputForm.Field.age]?.errors.map(\.rule) == ["at_least"])
        #expect(report[field: .name]?.valid == true)
        // Every field but the items of lists (those are reported by path, `contacts.1.name`).
        let notItems = form.fieldNames.filter { !$0.split(separator: ".").contains { $0.allSatisfy(\.isNumber) } }
        #expect(TypedInputForm.Field.allCases.map(\.rawValue) == notItems)
        // The same bytes validated untyped give the same report.
        #expect(try await form.validate(json: Array(Self.json.utf8)) == report)
    }

    @Test("fields named self and init get a trailing underscore (was: generated Swift that did not compile)")
    func namesSpecialInBackticks() throws {
        let input = try JSONDecoder().decode(TypedInputForm.Input.self, from: Data(#"{"self":"me","init":2}"#.utf8))
        #expect(input.self_ == "me" && input.init_ == 2)
        #expect(TypedInputForm.Input(self_: "me", init_: 2) == input)
        #expect(TypedInputForm.Field.self_.rawValue == "self" && TypedInputForm.Field.init_.rawValue == "init")
        let encoded = String(decoding: try JSONEncoder().encode(input), as: UTF8.self)
        #expect(encoded.contains(#""self":"me""#) && encoded.contains(#""init":2"#))
    }

    @Test func groupsAndListsAreNestedStructsAndArrays() async throws {
        let json = """
            {"name":"Mei","address":{"city":"Utrecht","zip":"3511"},"tags":["a","b","c","d"],
             "contacts":[{"name":"Ann","relation":"friend"},{"relation":"parent"}]}
            """
        let input = try JSONDecoder().decode(TypedInputForm.Input.self, from: Data(json.utf8))
        #expect(input.address == TypedInputForm.AddressGroup(city: "Utrecht", zip: "3511"))
        #expect(input.tags == ["a", "b", "c", "d"])
        #expect(input.contacts?.map(\.relation) == [.friend, .parent])
        let form = CompiledForm(program: try TypedInputForm.program())
        let report = try await TypedInputForm.validate(input, with: form)
        #expect(report[field: .tags]?.errors.map(\.rule) == ["max_items"])
        #expect(report[field: "contacts.1.name"]?.errors.map(\.rule) == ["required"])
        #expect(report[field: .addressCity]?.valid == true)
        #expect(try await form.validate(json: Array(json.utf8)) == report)
        #expect(TypedInputForm.Field.addressCity.rawValue == "address.city")
        #expect(!TypedInputForm.Field.allCases.contains { $0.rawValue.contains(".0") })
    }

    @Test("an empty item of a list decodes as nil from the checked values (was: valueNotFound)")
    func emptyListItemsDecode() async throws {
        let form = CompiledForm(program: try TypedInputForm.program())
        let body = #"{"name": "Mei", "address": {"city": "Utrecht"}, "nickname": "annie", "tags": ["", "x"]}"#
        let checked = try await form.checkedInput(json: Array(body.utf8))
        #expect(checked.report.valid)
        let input = try JSONDecoder().decode(TypedInputForm.Input.self, from: Data(checked.values.jsonBytes()))
        #expect(input.tags == [nil, "x"])
        #expect(try await TypedInputForm.validate(input, with: form).valid)
    }

    @Test func choicesDecodeFromStringsNumbersAndKeywords() throws {
        func size(_ json: String) throws -> TypedInputForm.SizeChoice? {
            let input = try JSONDecoder().decode(TypedInputForm.Input.self, from: Data("{\"size\":\(json)}".utf8))
            return input.size
        }
        #expect(try size(#""class""#) == .class)
        #expect(try size(#""self""#) == .self_)
        #expect(try size(#""init""#) == .init_)
        #expect(try size("1") == ._1)
        #expect(try size(#""x-l""#) == .xL)
        #expect(try size(#""x_l""#) == .xL2)
        #expect(try size(#""await""#) == .await)
        #expect(try size(#""allCases""#) == .allCases2)
        #expect(throws: DecodingError.self) { try size("true") }
        #expect(throws: DecodingError.self) { try size(#""xl""#) }
        // `allCases` is the conformance's, not an option's (was: a case that made it ambiguous).
        let options = TypedInputForm.SizeChoice.allCases
        #expect(options.map(\.rawValue) == ["s", "m", "1", "class", "x-l", "x_l", "self", "init", "await", "allCases"])
    }

    @Test("a number names the option the runtime matches it with (was: 0.0000001, 1e-7 and 1e21 refused)")
    func numberOptionsDecodeAsTheRuntimeReadsThem() async throws {
        func amount(_ json: String) throws -> TypedInputForm.AmountChoice? {
            try JSONDecoder().decode(TypedInputForm.Input.self, from: Data("{\"amount\":\(json)}".utf8)).amount
        }
        let form = CompiledForm(program: try TypedInputForm.program())
        let named: [(json: String, option: TypedInputForm.AmountChoice)] = [
            ("0.0000001", ._1e07), ("1e-7", ._1e07), ("1.0E-7", ._1e07), (#""1e-07""#, ._1e07),
            ("1000000000000000000000", ._1e21), ("1e21", ._1e21), ("2", ._2), ("2.0", ._2), ("20e-1", ._2),
            ("1e300", ._1e300),
        ]
        for (json, option) in named {
            #expect(try amount(json) == option, "\(json)")
            let report = try await form.validate(json: Array("{\"amount\":\(json)}".utf8))
            #expect(report[field: .amount]?.valid == true, "\(json)")
        }
        // What the runtime takes for no option, the typed input refuses.
        for json in ["0.00000010000000000000000001", #""0.0000001""#, #""1e21""#, "3", "1e999"] {
            #expect(throws: DecodingError.self, "\(json)") { try amount(json) }
            let report = try await form.validate(json: Array("{\"amount\":\(json)}".utf8))
            #expect(report[field: .amount]?.valid == false, "\(json)")
        }
        // A `Decimal` keeps 38 digits: the 42-digit option is named by its text, not by a JSON number.
        let digits42 = "123456789012345678901234567890123456789012"
        #expect(try amount(#""1.23456789012345678901234567890123456789012e+41""#)?.rawValue.hasPrefix("1.2345") == true)
        #expect(throws: DecodingError.self) { try amount(digits42) }
        #expect(try await form.validate(json: Array("{\"amount\":\(digits42)}".utf8))[field: .amount]?.valid == true)
    }

    @Test("names the generated types use are numbered; await is a keyword (was: code that did not compile)")
    func namesTheGeneratedTypesUse() throws {
        let json = #"{"form":"paper","zip":"3511","await":"now","all_cases":"all"}"#
        let input = try JSONDecoder().decode(TypedInputForm.Input.self, from: Data(json.utf8))
        #expect(input == TypedInputForm.Input(form: .paper, zip: "3511", await: "now", allCases: "all"))
        #expect(TypedInputForm.Field.allCases2.rawValue == "all_cases")
        #expect(TypedInputForm.Field.await.rawValue == "await")
        let fields = TypedInputForm.Field.allCases
        #expect(fields.contains(.allCases2) && fields.contains(.form) && fields.contains(.zip))
    }

    @Test("documented limits: a null is read as absent, and a number keeps 38 significant digits")
    func nullAndLongNumbers() async throws {
        let form = CompiledForm(program: try TypedInputForm.program())
        // A JSON null is present but empty; the typed input leaves the field out, so its default applies.
        let null = #"{"nickname":null}"#
        let withNull = try JSONDecoder().decode(TypedInputForm.Input.self, from: Data(null.utf8))
        #expect(withNull == TypedInputForm.Input())
        let typedNull = try await TypedInputForm.validate(withNull, with: form)
        #expect(typedNull[field: .nickname]?.errors.map(\.rule) == ["min_length"])  // the default, `anon`
        #expect(try await form.validate(json: Array(null.utf8))[field: .nickname]?.valid == true)
        // `Decimal` drops the 40th digit: `height` is 1 to the typed input, above 1 to the runtime.
        let long = #"{"height":1.000000000000000000000000000000000000001}"#
        let withLong = try JSONDecoder().decode(TypedInputForm.Input.self, from: Data(long.utf8))
        #expect(withLong.height == 1)
        let typedLong = try await TypedInputForm.validate(withLong, with: form)
        #expect(typedLong[field: .height]?.errors.map(\.rule) == ["greater_than"])
        #expect(try await form.validate(json: Array(long.utf8))[field: .height]?.valid == true)
    }

    @Test func aSecretNeverShows() throws {
        let input = TypedInputForm.Input(name: "Mei", password: "hunter2!!")
        var dumped = ""
        dump(input, to: &dumped)
        for shown in ["\(input)", String(reflecting: input), dumped, "\(input.password!)"] {
            #expect(!shown.contains("hunter2"), "\(shown)")
        }
        #expect("\(input.password!)" == "••••")
        do {
            _ = try JSONDecoder().decode(TypedInputForm.Input.self, from: Data(#"{"password":12345678}"#.utf8))
            Issue.record("a number decoded as a secret")
        } catch {
            #expect(!"\(error)".contains("12345678"))
        }
        // Encoding sends the text: it is the input a form reads.
        let encoded = String(decoding: try JSONEncoder().encode(input), as: UTF8.self)
        #expect(encoded.contains(#""password":"hunter2!!""#))
    }
}

/// The generated `LiveFields`: a live form's fields by property, a choice typed; on Linux too.
@MainActor
@Suite("Generated Swift: typed live fields")
struct TypedLiveFieldsTests {
    @Test func fieldsByPropertyAndTypedChoices() throws {
        let compiled = CompiledForm(program: try TypedInputForm.program())
        let live = try #require(TypedInputForm.LiveFields(LiveForm(compiled, locale: "ja")))
        live.name.text = "A much too long name"
        #expect(live.name.message != nil)
        #expect(live.name.checklist.map(\.status) == [.passed, .failed])
        live.name.text = "Mei"
        #expect(live.name.message == nil)

        #expect(live.sizeChoice == nil)
        live.sizeChoice = .class
        #expect(live.size.text == "class" && live.form.values["size"] == "class")
        live.size.text = "1"
        #expect(live.sizeChoice == ._1)
        live.size.text = "xl"
        #expect(live.sizeChoice == nil && !live.size.isValid)
        live.sizeChoice = nil
        #expect(live.size.isValid)
        // Nested fields by property; list items by path.
        live.addressCity.text = "Utrecht"
        #expect(live.addressCity === live.form["address.city"] && live.addressCity.isValid)
        live.form.appendItem(to: "contacts")
        #expect(live.form["contacts.0.name"] != nil)

        // Lists by typed items: count, fields by property, typed choices, append up to max_items.
        #expect(live.contactsItems.count == 1)
        live.contactsItems[0].name.text = "Ana"
        live.contactsItems[0].relationChoice = .friend
        #expect(live.form.collectionValue("contacts") == [["name": "Ana", "relation": "friend"]])
        #expect(live.contactsItems.append())
        #expect(!live.contactsItems.append() && live.contactsItems.count == 2)  // max_items: 2
        #expect(!live.contactsItems[1].name.isValid)  // required, still empty
        #expect(live.contactsItems.move(from: 0, to: 1))
        #expect(live.contactsItems[1].name.text == "Ana" && live.contactsItems[1].relationChoice == .friend)
        #expect(live.contactsItems.remove(at: 0) && live.contactsItems.count == 1)
        #expect(live.contactsItems.items.map(\.name.text) == ["Ana"])
        #expect(live.tagsItems.count == 0)
        #expect(live.tagsItems.append("urgent"))
        #expect(live.tagsItems[0].text == "urgent" && live.tagsItems.indices == 0..<1)

        // A list inside an item: its items typed too, at the item's own paths.
        #expect(live.contactsItems.append())
        let second = live.contactsItems[1]
        #expect(second.phonesItems.count == 0 && second.phonesItems.append())
        second.phonesItems[0].number.text = "+31 6 1234"
        second.phonesItems[0].kindChoice = .mobile
        #expect(second.phonesItems[0].listPositions == [1] && second.phonesItems[0].position == 0)
        #expect(live.form["contacts.1.phones.0.number"]?.text == "+31 6 1234")
        #expect(live.form["contacts.1.phones.0.kind"]?.text == "mobile")
        #expect(second.notesItems.append("call after six") && second.notesItems[0].text == "call after six")
        #expect(live.form["contacts.1.notes.0"] === second.notesItems[0])
        #expect(live.contactsItems[0].phonesItems.count == 0)

        let other = try CompiledForm(source: "formspec: 1\nform: other\nfields:\n  name: {}\n")
        #expect(TypedInputForm.LiveFields(LiveForm(other)) == nil)
    }

    @Test("a field named like a member of LiveFields or of an item's fields is numbered (was: invalid redeclaration)")
    func fieldsNamedLikeMembers() throws {
        let compiled = CompiledForm(program: try TypedInputForm.program())
        let live = try #require(TypedInputForm.LiveFields(LiveForm(compiled)))
        // `form` is the live form; the field `form` is `form2`, its option `formChoice`.
        live.formChoice = .paper
        #expect(live.form2 === live.form["form"] && live.form2.text == "paper")
        live.zip.text = "3511"
        #expect(live.zip === live.form["zip"] && live.addressZip === live.form["address.zip"])
        #expect(live.contactsItems.append() && live.contactsItems.append())
        let item = live.contactsItems[1]
        #expect(item.position == 1 && item.form === live.form)
        item.position2.text = "3"
        item.form2.text = "phone"
        #expect(live.form["contacts.1.position"]?.text == "3" && live.form["contacts.1.form"]?.text == "phone")
    }
}
