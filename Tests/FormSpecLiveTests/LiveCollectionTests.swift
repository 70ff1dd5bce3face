import FormSpec
@_spi(Tooling) import FormSpecRuntime
import Testing

/// A live form of a spec with groups and lists: nested fields and items are settable and reported
/// by path; list items can be appended, inserted, removed and moved.
@MainActor
@Suite("Live form: groups and lists")
struct LiveCollectionTests {
    /// What a one-off `validate` of the live form's values reports: the live report must be it.
    static func oneOffReport(of form: LiveForm, _ compiled: CompiledForm) throws -> Report {
        try compiled.program.validate(.object(form.values.map { .init($0.key, $0.value) }))
    }

    @Test("nested values given at creation reach their fields by path")
    func initialNestedValues() throws {
        let form = LiveForm(
            try loadSpec("emergency_contacts"),
            values: [
                "patient_phone": "+31612345678",
                "contacts": [["name": "Ann", "phone": "+31687654321"], ["name": "Bob", "phone": "oops"]],
            ])
        #expect(form["contacts.0.name"]?.value == "Ann")
        #expect(form["contacts.1.phone"]?.message == "Write the number with its country code (+31 6 1234 5678)")
        #expect(form["contacts.1.phone"]?.isActive == true)
        #expect(form["contacts.2.phone"]?.isActive == false)
        #expect(!form.isValid)
    }

    @Test("a required group left absent is present once a field inside it is typed (found by a tester)")
    func absentGroupFilledByPath() throws {
        let compiled = try CompiledForm(
            source: """
                formspec: 1
                form: grp
                fields:
                  address:
                    type: group
                    required: true
                    fields:
                      city: {required: true}
                  people:
                    type: list
                    of: group
                    fields:
                      ship:
                        type: group
                        required: true
                        fields:
                          to: {required: true}
                """)
        let form = LiveForm(compiled)
        #expect(form["address"]?.errors.map(\.rule) == ["required"])
        form.set("Paris", forField: "address.city")
        #expect(form.values["address"] == ["city": "Paris"])
        #expect(form["address"]?.errors == [])
        #expect(form.isValid)
        #expect(form.report == (try Self.oneOffReport(of: form, compiled)))
        // A group inside a list item too: the item exists, the group is made by typing into it.
        form.appendItem(.object([]), to: "people")
        form.set("Utrecht", forField: "people.0.ship.to")
        #expect(form.values["people"] == [["ship": ["to": "Utrecht"]]])
        #expect(form.isValid)
        #expect(form.report == (try Self.oneOffReport(of: form, compiled)))
        // Cleared again, the address stays given (empty), as `values` shows it: its city is required.
        form.set(nil, forField: "address.city")
        #expect(form.values["address"] == .object([]))
        #expect(form["address.city"]?.errors.map(\.rule) == ["required"])
        #expect(form.report == (try Self.oneOffReport(of: form, compiled)))
        // Given by its path when the form opens, too.
        let opened = LiveForm(compiled, values: ["address.city": "Paris"])
        #expect(opened.isValid)
        #expect(opened["address"]?.isDirty == false)
    }

    @Test("a field inside an item given as no object takes no value, as one of a missing item (found by a tester)")
    func fieldInsideAScalarItem() throws {
        let form = LiveForm(try loadSpec("emergency_contacts"), mode: .edit, original: ["contacts": [["name": "Ann"]]])
        form.set(5, forField: "contacts.0")
        #expect(form.set("Bo", forField: "contacts.0.name") == false)
        #expect(form.set(["contacts.0.name": "Bo"]) == ["contacts.0.name"])
        #expect(form.values["contacts"] == [5])
        // Given an object again, its fields take values.
        #expect(form.set(["contacts.0": ["name": "Cy"], "contacts.0.relation": "friend"]) == [])
        #expect(form["contacts.0.name"]?.value == "Cy")
    }

    @Test("an untouched group shows no object made of its fields' defaults (found by a reviewer)")
    func untouchedGroupWithDefaults() throws {
        let compiled = try CompiledForm(
            source: """
                formspec: 1
                form: grp
                fields:
                  address:
                    type: group
                    required: true
                    fields:
                      city: {required: true}
                      country: {default: NL}
                """)
        let form = LiveForm(compiled)
        #expect(form.values["address"] == nil)
        #expect(form["address"]?.errors.map(\.rule) == ["required"])
        #expect(form.report == (try Self.oneOffReport(of: form, compiled)))
        form.set("Paris", forField: "address.city")
        #expect(form.values["address"] == ["city": "Paris", "country": "NL"])
        #expect(form.report == (try Self.oneOffReport(of: form, compiled)))
    }

    @Test("a multi-select's list field has its items' options, in the form's locale (found by a tester)")
    func multiSelectOptions() throws {
        let form = LiveForm(try loadSpec("pizza"))
        #expect(form["toppings"]?.options.map(\.value) == ["cheese", "ham", "mushroom", "olive"])
        #expect(form["toppings"]?.options.map(\.label) == ["Cheese", "Ham", "Mushrooms", "Olives"])
        #expect(form["notes"]?.options == [])
    }

    @Test("an item's field is set by its path and only it is re-checked")
    func setItemField() throws {
        let form = LiveForm(
            try loadSpec("emergency_contacts"),
            values: [
                "patient_phone": "+31612345678",
                "contacts": [["name": "Ann", "phone": "+31687654321"], ["name": "Bob", "phone": "oops"]],
            ])
        form.resetEvaluationCounts()
        #expect(form.set("+31687654322", forField: "contacts.1.phone"))
        #expect(form["contacts.1.phone"]?.message == nil)
        #expect(form.isValid)
        #expect(form["contacts.1.phone"]?.isDirty == true)
        #expect(form["contacts.0.phone"]?.isDirty == false)
        #expect(form.evaluationCounts["contacts.0.phone"] == 0)
        #expect(form.report.valid)
    }

    @Test("a sibling condition follows its own item")
    func siblingCondition() throws {
        let form = LiveForm(
            try loadSpec("emergency_contacts"),
            values: ["patient_phone": "+31612345678", "contacts": [["name": "Ann", "phone": "+31687654321"]]])
        form.set("other", forField: "contacts.0.relation")
        #expect(form["contacts.0.details"]?.message == "Say how you know this contact")
        form.set("neighbour", forField: "contacts.0.details")
        #expect(form["contacts.0.details"]?.message == nil)
        #expect(form.isValid)
    }

    @Test("unique_items: phone re-checks the list when an item's phone changes, and after item operations")
    func uniqueItemField() throws {
        let form = LiveForm(
            try loadSpec("emergency_contacts"),
            values: [
                "patient_phone": "+31612345678",
                "contacts": [["name": "Ann", "phone": "+31687654321"], ["name": "Bob", "phone": "+31687654322"]],
            ])
        let duplicate = "Contacts must not have the same Phone twice"
        #expect(form["contacts"]?.message == nil)
        form.set("+31687654321", forField: "contacts.1.phone")
        #expect(form["contacts"]?.message == duplicate)
        #expect(!form.isValid)
        form.set("+31687654323", forField: "contacts.1.phone")
        #expect(form["contacts"]?.message == nil)
        #expect(form.appendItem(["name": "Cy", "phone": "+31687654323"], to: "contacts"))
        #expect(form["contacts"]?.message == duplicate)
        #expect(form.removeItem(at: 1, from: "contacts"))
        #expect(form["contacts"]?.message == nil)
        #expect(form.isValid)
    }

    @Test("a condition's 'contains' follows a multi-select's items as they are set, added, moved and removed")
    func containsCondition() throws {
        let compiled = try loadSpec("pizza")
        let form = LiveForm(compiled, values: ["size": "small", "toppings": ["ham"]])
        let asked = "Which cheese is required"
        #expect(form["cheese"]?.isActive == false)
        #expect(form.isValid)
        #expect(form.set("cheese", forField: "toppings.0"))
        #expect(form["cheese"]?.isActive == true)
        #expect(form["cheese"]?.message == asked)
        #expect(!form.isValid)
        #expect(form.set("ham", forField: "toppings.0"))
        #expect(form["cheese"]?.isActive == false)
        #expect(form.appendItem("olive", to: "toppings") && form.appendItem("cheese", to: "toppings"))
        #expect(form["cheese"]?.message == asked)
        #expect(form.report == (try Self.oneOffReport(of: form, compiled)))
        // Moved within the list it is still among the items; removed, it is not.
        #expect(form.moveItem(from: 2, to: 0, in: "toppings"))
        #expect(form["cheese"]?.message == asked)
        #expect(form.removeItem(at: 0, from: "toppings"))
        #expect(form["cheese"]?.isActive == false)
        #expect(form.isValid)
        #expect(form.report == (try Self.oneOffReport(of: form, compiled)))
    }

    @Test("a line item's own multi-select asks for that line's engraving only")
    func containsConditionInItems() throws {
        let compiled = try loadSpec("order")
        let form = LiveForm(
            compiled,
            values: ["line_items": [["sku": "ABC-1234", "quantity": 1], ["sku": "ABC-1234", "quantity": 2]]])
        #expect(form.set(["engraving"], forField: "line_items.1.extras"))
        #expect(form["line_items.1.engraving"]?.message == "Engraving text is required")
        #expect(form["line_items.0.engraving"]?.isActive == false)
        #expect(form.moveItem(from: 1, to: 0, in: "line_items"))
        #expect(form["line_items.0.engraving"]?.message == "Engraving text is required")
        #expect(form["line_items.1.engraving"]?.isActive == false)
        #expect(form.report == (try Self.oneOffReport(of: form, compiled)))
    }

    @Test("items are appended, inserted, moved and removed, and the values follow")
    func itemOperations() throws {
        let form = LiveForm(
            try loadSpec("emergency_contacts"),
            values: ["patient_phone": "+31612345678", "contacts": [["name": "Ann", "phone": "+31687654321"]]])
        #expect(form.appendItem(["name": "Bob", "phone": "+31687654322"], to: "contacts"))
        #expect(form["contacts.1.name"]?.value == "Bob")
        #expect(form["contacts.1.name"]?.isActive == true)
        #expect(form.insertItem(["name": "Cy", "phone": "+31687654323"], at: 0, in: "contacts"))
        #expect(form["contacts.0.name"]?.value == "Cy")
        #expect(form["contacts.2.name"]?.value == "Bob")
        #expect(form.moveItem(from: 2, to: 0, in: "contacts"))
        #expect(form["contacts.0.name"]?.value == "Bob")
        #expect(form.isValid)
        #expect(form.appendItem(to: "contacts"))
        #expect(form["contacts"]?.message == "Three contacts at most")
        #expect(form.removeItem(at: 3, from: "contacts"))
        #expect(form.removeItem(at: 0, from: "contacts"))
        #expect(form["contacts.0.name"]?.value == "Cy")
        #expect(form["contacts.2.name"]?.isActive == false)
        #expect(form.isValid)
        #expect(!form.removeItem(at: 5, from: "contacts"))
        #expect(!form.appendItem(to: "patient_phone"))
        // Values come back as trees, with the items' current fields.
        form.set("Cyd", forField: "contacts.0.name")
        let contacts = try #require(form.values["contacts"])
        guard case .array(let items) = contacts, case .object(let first)? = items.first else {
            Issue.record("contacts is \(contacts)")
            return
        }
        #expect(items.count == 2)
        #expect(first.first { $0.key == "name" }?.value == "Cyd")
        #expect(form.values.keys.sorted() == ["contacts", "patient_phone"])
    }

    @Test("a multi-select is set as a whole array")
    func multiSelect() throws {
        let form = LiveForm(try loadSpec("pizza"), values: ["size": "small"])
        #expect(form["toppings"]?.message == "Pick at least one topping")
        form.set(["ham", "ham"], forField: "toppings")
        #expect(form["toppings"]?.message == "Each topping only once")
        form.set(["ham", "olive"], forField: "toppings")
        #expect(form.isValid)
        #expect(form.collectionValue("toppings") == ["ham", "olive"])
    }
}

/// An async check on a field of a repeatable group is asked per item, under the item's path.
@MainActor
@Suite("Live form: checks in list items")
struct LiveCollectionCheckTests {
    static let spec = """
        formspec: 1
        form: team
        fields:
          members:
            type: list
            of: group
            rules:
              - max_items: 3
            fields:
              email:
                rules:
                  - check: email_known
                    message: Unknown address
        """

    @Test("each item's check is asked with the item's path, and its verdict lands on that item")
    func checkKeyedToItem() async throws {
        let clock = TestClock()
        let gate = CheckGate()
        var compiled = try CompiledForm(source: Self.spec)
        compiled.checks.registerAsync("email_known", gate.check)
        let form = LiveForm(compiled, clock: clock)
        form.set([["email": "a@x.io"], ["email": "b@x.io"]], forField: "members")
        var calls = gate.calls.makeAsyncIterator()
        let first = try #require(await calls.next())
        let second = try #require(await calls.next())
        let byField = Dictionary(uniqueKeysWithValues: [first, second].map { ($0.input.field, $0) })
        #expect(Set(byField.keys) == ["members.0.email", "members.1.email"])
        byField["members.1.email"]?.fail()
        byField["members.0.email"]?.pass()
        await form.settle()
        #expect(form["members.1.email"]?.message == "Unknown address")
        #expect(form["members.0.email"]?.message == nil)
        #expect(!form.isValid)
    }
}
