import FormSpec
@_spi(Tooling) import FormSpecRuntime
import Testing

/// What list item operations, clearing a field, a list's text and saving do to state beyond the
/// values: touched flags, defaults, the fields inside a list, the original values.
@MainActor
@Suite("Live form: item state, defaults and saved values")
struct LiveItemStateTests {
    static let contacts: [String: Value] = ["contacts": [["name": "Ann", "phone": "+31687654321"]]]

    static let people = """
        formspec: 1
        form: people
        fields:
          people:
            type: list
            of: group
            rules:
              - max_items: 3
            fields:
              role:
                type: choice
                options: [a, b]
                default: a
              nick:
                default: anon
                rules:
                  - min_length: 5
        """

    @Test("appending or inserting an item touches nothing")
    func appendTouchesNothing() throws {
        let form = LiveForm(try loadSpec("emergency_contacts"), values: Self.contacts)
        #expect(form.appendItem(to: "contacts"))
        #expect(form["contacts.1.name"]?.isTouched == false)
        #expect(form["contacts.0.name"]?.isTouched == false)
        #expect(form["contacts.2.name"]?.isTouched == false)
        #expect(form["contacts"]?.isTouched == false)
        #expect(form.insertItem(at: 0, in: "contacts"))
        #expect(form.fields.allSatisfy { !$0.isTouched })
    }

    @Test("removing and moving items keeps each item's touched state with the item")
    func touchedFollowsItem() throws {
        let form = LiveForm(
            try loadSpec("emergency_contacts"),
            values: ["contacts": [["name": "Ann"], ["name": "Bob"], ["name": "Cy"]]])
        form.touch("contacts.0.name")
        #expect(form.moveItem(from: 0, to: 1, in: "contacts"))
        #expect(form["contacts.0.name"]?.value == "Bob")
        #expect(form["contacts.0.name"]?.isTouched == false)
        #expect(form["contacts.1.name"]?.isTouched == true)
        #expect(form.removeItem(at: 0, from: "contacts"))
        #expect(form["contacts.0.name"]?.value == "Ann")
        #expect(form["contacts.0.name"]?.isTouched == true)
        #expect(form.removeItem(at: 0, from: "contacts"))
        #expect(form.fields.allSatisfy { !$0.isTouched })
    }

    @Test("the fields of a new item start at their defaults, as those of an item given at creation")
    func newItemDefaults() throws {
        let form = LiveForm(try CompiledForm(source: Self.people))
        #expect(form.appendItem(to: "people"))
        #expect(form["people.0.nick"]?.text == "anon")
        #expect(form["people.0.role"]?.value == "a")
        #expect(form["people.0.nick"]?.message == "Nick must be at least 5 characters")
        let given = LiveForm(try CompiledForm(source: Self.people), values: ["people": [[:]]])
        #expect(given["people.0.nick"]?.text == "anon")
        #expect(form.values == given.values)
    }

    @Test("clearing a field with a default shows the default, as the form opened with")
    func clearedFieldShowsDefault() throws {
        let today = CivilDate(iso: "2026-03-10")!
        let form = LiveForm(try loadSpec("student_profile"), today: today)
        form.set("2001-05-17", forField: "birthday")
        form.set(nil, forField: "birthday")
        #expect(form["birthday"]?.value == "2026-03-10")
        #expect(form["birthday"]?.isDirty == false)
    }

    @Test("text set on a list spreads as `set` does: the fields inside it are not checked")
    func listText() throws {
        let byText = LiveForm(try loadSpec("emergency_contacts"), values: Self.contacts)
        let bySet = LiveForm(try loadSpec("emergency_contacts"), values: Self.contacts)
        byText["contacts"]?.text = "hello"
        bySet.set("hello", forField: "contacts")
        #expect(byText["contacts"]?.message == "Contacts must be a list")
        #expect(byText["contacts.0.name"]?.isActive == false)
        #expect(byText.report == bySet.report)
        #expect(byText.values == bySet.values)
    }

    @Test("after a save, the original values hold the edited items")
    func originalValuesAfterSave() throws {
        let form = LiveForm(try loadSpec("emergency_contacts"), mode: .edit, original: Self.contacts)
        form.set("Zoe", forField: "contacts.0.name")
        form.markSaved()
        #expect(form.originalValues["contacts"] == form.values["contacts"])
        guard case .array(let items)? = form.originalValues["contacts"], case .object(let first)? = items.first
        else {
            Issue.record("contacts is \(String(describing: form.originalValues["contacts"]))")
            return
        }
        #expect(first.first { $0.key == "name" }?.value == "Zoe")
        #expect(!form.hasUnsavedChanges)
    }

    // The time limit fails the test instead of hanging it if cancelling stops returning.
    @Test(
        "cancelling the task waiting in validateNow returns at once, the check still running",
        .timeLimit(.minutes(1)))
    func cancelledValidateNow() async throws {
        let gate = CheckGate()
        var compiled = try CompiledForm(source: LiveCollectionCheckTests.spec)
        compiled.checks.registerAsync("email_known", gate.check)
        let form = LiveForm(compiled, values: ["members": [["email": "a@x.io"]]], clock: TestClock())
        let waiting = Task { await form.validateNow() }
        var calls = gate.calls.makeAsyncIterator()
        let call = try #require(await calls.next())
        waiting.cancel()
        let report = await waiting.value
        #expect(report.fields["members.0.email"]?.checks.first?.passed == false)
        #expect(form["members.0.email"]?.isPending == true)
        // The check was not cancelled: its answer still lands.
        call.fail()
        await form.settle()
        #expect(form["members.0.email"]?.message == "Unknown address")
        #expect(gate.cancellations.value == 0)
    }
}
