import FormSpec
@_spi(Tooling) import FormSpecRuntime
import Observation
import Testing

@MainActor
@Suite("Live form")
struct LiveFormTests {
    /// Types `text` into `field` one character at a time, as a text box would report it.
    func type(_ text: String, into field: String, of form: LiveForm, startingFrom start: String = "") {
        var current = start
        for character in text {
            current.append(character)
            form.set(.string(current), forField: field)
        }
    }

    func statuses(_ field: LiveField?) -> [String] {
        (field?.checklist ?? []).map { "\($0.passed ? "✓" : "✗") \($0.text)" }
    }

    @Test func confirmationMismatchAppearsThenClearsWhenThePasswordChangesToMatch() throws {
        let form = LiveForm(try loadSpec("registration"))
        let password = try #require(form["password"])
        let confirm = try #require(form["confirm_password"])

        type("alice", into: "username", of: form)
        #expect(form["username"]?.message == nil)

        type("Passw0rd", into: "password", of: form)
        #expect(password.message == nil)
        #expect(
            statuses(password) == ["✓ Password is required", "✓ A minimum of 8 characters", "✓ One uppercase letter"])

        // Confirmation typed ahead with an extra character: mismatch at every keystroke but the last.
        type("Passw0rd!", into: "confirm_password", of: form)
        #expect(confirm.message == "Passwords do not match")
        #expect(confirm.checklist.last?.passed == false)
        #expect(!form.isValid)

        // Changing the other field re-checks the confirmation: the mismatch is gone.
        form.set("Passw0rd!", forField: "password")
        #expect(confirm.message == nil)
        #expect(confirm.checklist.last?.passed == true)
        #expect(form.isValid)
        #expect(form.canSubmit)

        // And a stale match never lingers either.
        form.set("Passw0rd!2", forField: "password")
        #expect(confirm.message == "Passwords do not match")
        #expect(!form.canSubmit)
    }

    @Test func checklistTicksOffAsThePasswordIsTyped() throws {
        let form = LiveForm(try loadSpec("signup"))
        let password = try #require(form["password"])
        #expect(
            password.checklist.map(\.text) == [
                "Password is required", "A minimum of 8 characters",
                "A lowercase letter, an uppercase letter, a digit and a symbol", "Matches the confirmation",
            ])
        form.set("p", forField: "password")
        #expect(password.checklist.map(\.passed) == [true, false, false, false])
        #expect(password.message == "Password must be at least 8 characters long")  // report: first
        type("assword", into: "password", of: form, startingFrom: "p")
        #expect(password.checklist.map(\.passed) == [true, true, false, false])
        #expect(password.message == "Password is too weak")
        form.set("Passw0rd!", forField: "password")
        #expect(password.message == "Passwords don't match")
        // In signup the password owns `same_as: confirm_password`: typing the confirmation re-checks it.
        type("Passw0rd!", into: "confirm_password", of: form)
        #expect(password.message == nil)
        #expect(password.checklist.allSatisfy { $0.passed })
    }

    @Test func untouchedFieldsAreNotReEvaluated() throws {
        let form = LiveForm(try loadSpec("registration"))
        #expect(form.evaluationCounts == ["username": 1, "password": 1, "confirm_password": 1])
        type("alice", into: "username", of: form)
        #expect(form.evaluationCounts == ["username": 6, "password": 1, "confirm_password": 1])
        // The confirmation reads the password: both re-run; the username does not.
        type("Secret", into: "password", of: form)
        #expect(form.evaluationCounts == ["username": 6, "password": 7, "confirm_password": 7])
        // Nothing reads the confirmation.
        type("Sec", into: "confirm_password", of: form)
        #expect(form.evaluationCounts == ["username": 6, "password": 7, "confirm_password": 10])
        // Setting the same value again runs nothing.
        form.set("Sec", forField: "confirm_password")
        #expect(form.evaluationCount == 23)
        form.resetEvaluationCounts()
        #expect(form.evaluationCount == 0)
    }

    @Test func conditionsReadByOtherFieldsAreDependencies() throws {
        let form = LiveForm(try loadSpec("contact"))
        let phone = try #require(form["phone"])
        #expect(!phone.isActive)
        form.resetEvaluationCounts()
        form.set("phone", forField: "contact_method")
        #expect(phone.isActive)
        #expect(phone.message == "Enter your phone number so we can call back")
        let counts = form.evaluationCounts
        #expect(counts["contact_method"] == 1 && counts["phone"] == 1 && counts["email"] == 1)
        #expect(counts["name"] == 0 && counts["body"] == 0 && counts["reference"] == 0)
        #expect(!form.report.fieldOrder.contains("order_number"))
        #expect(form.report.fieldOrder.contains("phone"))
    }

    @Test func liveReportMatchesOneShotValidation() throws {
        let inputs: [(String, [[String: Value]])] = [
            (
                "signup",
                [
                    ["username": "al", "password": "abc"],
                    ["username": "alice_01", "password": "Passw0rd!", "confirm_password": "Passw0rd!"],
                ]
            ),
            (
                "contact",
                [
                    [
                        "name": " 123 ", "contact_method": "email", "email": "x@example.com", "topic": "sales",
                        "body": "Hi!!!",
                    ],
                    [
                        "contact_method": "phone", "phone": "+41 7", "topic": "billing", "order_number": "1234",
                        "reference": "T-12",
                    ],
                ]
            ),
            ("settings", [["max_price_level": "0"], ["display_order": "nope", "show_check_in_only": "yes"]]),
            ("checkout", [[:]]),
        ]
        for (name, records) in inputs {
            let compiled = try loadSpec(name)
            for locale in [nil, "ja"] {
                let form = LiveForm(compiled, locale: locale, today: CivilDate(year: 2024, month: 6, day: 1))
                for record in records {
                    for (field, value) in record.sorted(by: { $0.key < $1.key }) { form.set(value, forField: field) }
                    let expected = try compiled.validateSynchronously(
                        form.values,
                        options: ValidationOptions(locale: locale, today: CivilDate(year: 2024, month: 6, day: 1)))
                    #expect(form.report == expected, "\(name) \(record)")
                }
            }
        }
    }

    @Test func aChangeToAFieldTheFormHidesIsNoChangeToSave() throws {
        // The address shows only for delivery: editing it while the method is pickup saves nothing.
        let compiled = try CompiledForm(
            source: """
                formspec: 1
                form: shipping
                fields:
                  method: {type: choice, options: [pickup, delivery]}
                  address:
                    when: {field: method, equals: delivery}
                form_rules:
                  - require_changes: true
                    message: Nothing to save
                """)
        let form = LiveForm(compiled, mode: .edit, original: ["method": "pickup", "address": "Old street 1"])
        form.set("New street 2", forField: "address")
        #expect(form.changedFields == ["address"])
        #expect(form.formErrors.map(\.message) == ["Nothing to save"])
        #expect(!form.canSubmit)
        form.set("delivery", forField: "method")
        #expect(form.formErrors.isEmpty)
    }

    @Test func dirtyCleanRoundTripInEditMode() throws {
        let original: [String: Value] = ["name": "Mei", "sex": "female", "birthday": "2001-04-03"]
        let form = LiveForm(try loadSpec("student_profile"), mode: .edit, original: original)
        let name = try #require(form["name"])
        #expect(name.value == "Mei")
        #expect(!name.isDirty && !form.hasUnsavedChanges)
        #expect(!form.canSubmit)
        #expect(form.formErrors.map(\.message) == ["Nothing to save"])

        type(" Lin", into: "name", of: form, startingFrom: "Mei")
        #expect(name.isDirty && name.isTouched && form.hasUnsavedChanges)
        #expect(form.changedFields == ["name"])
        #expect(form.formErrors.isEmpty)
        #expect(form.canSubmit)
        #expect(form.report.changed == ["name"])

        // Editing back makes it clean again.
        form.set("Mei", forField: "name")
        #expect(!name.isDirty && !form.hasUnsavedChanges)
        #expect(!form.canSubmit)

        // A change that is invalid cannot be submitted.
        form.set("Mei Lin Chen Wang", forField: "name")
        #expect(form.hasUnsavedChanges && !form.isValid && !form.canSubmit)

        // Discarding restores the original, untouched.
        form.discardChanges()
        #expect(name.value == "Mei" && !name.isTouched && !form.hasUnsavedChanges)

        // After a save the current values are the new original.
        form.set("Mei L", forField: "name")
        #expect(form.canSubmit)
        form.markSaved()
        #expect(!form.hasUnsavedChanges && !form.canSubmit)
        #expect(form.originalValues["name"] == "Mei L")
    }

    @Test func canSubmitInNewModeNeedsOnlyValidity() throws {
        let form = LiveForm(try loadSpec("password_confirm"))
        #expect(!form.canSubmit)
        form.set("hunter22", forField: "password")
        form.set("hunter22", forField: "confirm_password")
        #expect(form.canSubmit)
    }

    @Test func showModeChecksNothing() throws {
        let form = LiveForm(try loadSpec("signup"), mode: .show, values: ["username": "x"])
        #expect(form.isValid)
        #expect(!form.canSubmit)
        #expect(form.fields.allSatisfy { $0.errors.isEmpty && $0.checklist.isEmpty })
        #expect(form.report.fields.isEmpty)
        form.mode = .new
        #expect(form["username"]?.message == "Username must be at least 6 characters")
    }

    @Test func defaultsComeFromTheSpec() throws {
        let form = LiveForm(try loadSpec("settings"))
        #expect(form["show_check_in_only"]?.value == false)
        #expect(form["display_order"]?.value == "alphabetical")
        #expect(form["max_price_level"]?.value == 5)
        #expect(form["max_price_level"]?.text == "5")
        #expect(form.isValid && !form.hasUnsavedChanges)
        form["max_price_level"]?.text = "9"
        #expect(form["max_price_level"]?.message == "Price level must be at most 5")
        #expect(form.hasUnsavedChanges)
        // Clearing a field brings back its default, shown as the form opened with it.
        form.set(nil, forField: "max_price_level")
        #expect(form["max_price_level"]?.value == 5)
        #expect(form.isValid && !form.hasUnsavedChanges)
    }

    @Test func localeSwitchReRendersMessagesWithoutRecompiling() throws {
        let form = LiveForm(try loadSpec("multilingual"))
        form.set("not an email", forField: "email")
        form.set("abc", forField: "phone")
        #expect(form["name"]?.message == "Please enter your name")
        #expect(form["email"]?.message == "Enter a valid email address")
        form.locale = "ja"
        #expect(form["name"]?.message == "お名前を入力してください")
        #expect(form["email"]?.message == "メールアドレスの形式が正しくありません")
        #expect(form["phone"]?.message == "A phone number has only digits, spaces, + and -")  // no ja: falls back
        form.locale = "zh-Hant"
        #expect(form["name"]?.message == "請輸入姓名")
        form.locale = nil
        #expect(form["name"]?.message == "Please enter your name")
    }

    @Test func formRulesAreReEvaluatedOnEveryChange() throws {
        let compiled = try CompiledForm(
            source: """
                formspec: 1
                form: reach
                fields:
                  email: {}
                  phone: {}
                  note: {}
                form_rules:
                  - at_least_one_of: [email, phone]
                    message: Give an email or a phone number
                """)
        let form = LiveForm(compiled)
        #expect(form.formErrors.map(\.message) == ["Give an email or a phone number"])
        #expect(!form.isValid)
        form.set("x", forField: "note")
        #expect(!form.isValid)
        form.set("555", forField: "phone")
        #expect(form.formErrors.isEmpty && form.isValid)
        form.set("", forField: "phone")
        #expect(!form.isValid)
    }

    @Test func unknownFieldsAreIgnored() throws {
        let form = LiveForm(try loadSpec("signup"))
        #expect(!form.set("x", forField: "nope"))
        #expect(form.set(["username": "alice_01", "colour": "red"]) == ["colour"])
        #expect(form["username"]?.value == "alice_01")
        #expect(form["nope"] == nil)
    }

    @Test func settingSeveralFieldsReEvaluatesEachOnce() throws {
        let form = LiveForm(try loadSpec("registration"))
        form.resetEvaluationCounts()
        form.set(["password": "Passw0rd", "confirm_password": "Passw0rd"])
        #expect(form.evaluationCounts == ["username": 0, "password": 1, "confirm_password": 1])
        #expect(form["confirm_password"]?.message == nil)
    }

    @Test func touchedOnlyWhenTheUserInteracts() throws {
        let form = LiveForm(try loadSpec("signup"))
        #expect(form.fields.allSatisfy { !$0.isTouched })
        form.set("al", forField: "username", touch: false)
        #expect(form["username"]?.isTouched == false)
        form.touch("password")
        #expect(form["password"]?.isTouched == true)
        form.touchAll()
        #expect(form.fields.allSatisfy { $0.isTouched })
    }

    @Test("a list's item count, the values, a collection's value and the report are observed")
    func membersBuiltFromTheFormAreObserved() throws {
        let form = LiveForm(try loadSpec("emergency_contacts"))
        /// Whether observing `read` hears of `change`.
        func hears(_ read: () -> Void, _ change: () -> Void) -> Bool {
            let heard = Locked(false)
            withObservationTracking(read) { heard.update { $0 = true } }
            change()
            return heard.value
        }
        #expect(hears({ _ = form.itemCount(of: "contacts") }, { form.appendItem(to: "contacts") }))
        #expect(hears({ _ = form.itemCount(of: "contacts") }, { form.appendItem(to: "contacts") }))
        #expect(hears({ _ = form.values }, { form.set("Ana", forField: "contacts.1.name") }))
        #expect(hears({ _ = form.collectionValue("contacts") }, { form.set("Bo", forField: "contacts.0.name") }))
        #expect(hears({ _ = form.report }, { form.set("not a phone", forField: "patient_phone") }))
        #expect(hears({ _ = form.itemCount(of: "contacts") }, { form.removeItem(at: 0, from: "contacts") }))
        #expect(hears({ _ = form.itemCount(of: "contacts") }, { form.set(["contacts": []]) }))
        // The count is the list's own: a keystroke in another field does not redraw its items.
        #expect(!hears({ _ = form.itemCount(of: "contacts") }, { form.set("+31 6", forField: "patient_phone") }))
        #expect(form.itemCount(of: "contacts") == 0)
    }

    @Test("text set on a field of a removed item is dropped, as set(_:forField:) drops it (was: shown)")
    func textOnARemovedItemsFieldIsDropped() throws {
        let form = LiveForm(try loadSpec("emergency_contacts"))
        #expect(form.appendItem(to: "contacts") && form.appendItem(to: "contacts"))
        let stale = try #require(form["contacts.1.name"])
        #expect(form.removeItem(at: 1, from: "contacts"))
        let before = form.values
        stale.text = "ghost"
        #expect(stale.text.isEmpty && form.values == before)
        #expect(!form.set("ghost", forField: "contacts.1.name"))
    }

    @Test func observersOfOneFieldAreNotifiedOnlyForIt() throws {
        let form = LiveForm(try loadSpec("registration"))
        let username = try #require(form["username"])
        let password = try #require(form["password"])
        let usernameChanged = Locked(false)
        let passwordChanged = Locked(false)
        withObservationTracking {
            _ = username.errors
        } onChange: {
            usernameChanged.update { $0 = true }
        }
        withObservationTracking {
            _ = (password.errors, password.checklist)
        } onChange: {
            passwordChanged.update { $0 = true }
        }
        form.set("al", forField: "username")
        #expect(usernameChanged.value)
        #expect(!passwordChanged.value)

        // The form-wide flags are stored: their observers hear of a real change only.
        let validity = Locked(false)
        withObservationTracking {
            _ = form.canSubmit
        } onChange: {
            validity.update { $0 = true }
        }
        form.set("alice", forField: "username")
        #expect(!validity.value, "canSubmit is still false: the passwords are missing")
        form.set(["password": "Sunflower", "confirm_password": "Sunflower"])
        #expect(validity.value)
        #expect(form.canSubmit)
    }
}

extension LiveFormTests {
    /// A value rule reads another field: changing that field re-checks the password.
    @Test func notContainsFieldIsRecheckedWhenTheOtherFieldChanges() throws {
        let form = LiveForm(
            try CompiledForm(
                source: """
                    formspec: 1
                    form: account
                    fields:
                      username: {}
                      password:
                        type: secret
                        rules:
                          - not_contains_field: username
                    """))
        form.set("secret-bob-1", forField: "password")
        form.set("alice", forField: "username")
        #expect(form["password"]?.message == nil)
        form.set("bob", forField: "username")
        #expect(form["password"]?.message == "Password must not contain Username")
        #expect(!form.isValid)
    }
}
