import FormSpec
@_spi(Tooling) import FormSpecRuntime
import Foundation
import Observation
import Testing

/// A keystroke re-evaluates incrementally and publishes only what changed; these tests hold it to
/// what a form built from scratch on the same values shows.
@MainActor
@Suite("Keystrokes publish what a fresh form would show")
struct KeystrokeTests {
    /// Every prefix of `text`, then back down: typing and deleting.
    func typingAndDeleting(_ text: String) -> [String] {
        let prefixes = text.indices.map { String(text[...$0]) }
        return prefixes + prefixes.reversed().dropFirst() + [""]
    }

    /// What a field shows: checklist lines and messages.
    func shown(_ field: LiveField) -> [String] {
        field.checklist.map { "\($0.id) \($0.rule) \($0.status) \($0.text)" }
            + field.errors.map { "error \($0.rule) \($0.message)" }
            + field.warnings.map { "warning \($0.rule) \($0.message)" } + ["active \(field.isActive) \(field.isValid)"]
    }

    /// Checks every field of `form` against a form opened on the same values, and the form-wide
    /// flags against the fields.
    func expectMatchesAFreshForm(_ form: LiveForm, _ compiled: CompiledForm, _ step: String) {
        let fresh = LiveForm(compiled, mode: form.mode, values: form.values, locale: form.locale)
        for (field, expected) in zip(form.fields, fresh.fields) {
            #expect(shown(field) == shown(expected), "\(field.name) after \(step)")
        }
        #expect(form.report == fresh.report, "report after \(step)")
        expectFlagsAgree(form, step)
    }

    /// The stored form-wide flags say what the fields say.
    func expectFlagsAgree(_ form: LiveForm, _ step: String) {
        let valid =
            form.mode == .show
            || (form.formErrors.isEmpty && form.fields.allSatisfy { !$0.isActive || $0.isValid })
        let pending = form.fields.contains { $0.isPending }
        let changed = form.fields.contains { $0.isDirty }
        let debouncing = form.fields.contains { $0.isDebouncing }
        #expect(form.isValid == valid, "isValid after \(step)")
        #expect(form.isPending == pending, "isPending after \(step)")
        #expect(form.hasUnsavedChanges == changed, "hasUnsavedChanges after \(step)")
        #expect(form.isDebouncing == debouncing, "isDebouncing after \(step)")
        let submittable =
            form.mode != .show && valid && !pending && !debouncing && (form.mode != .edit || changed)
        #expect(form.canSubmit == submittable, "canSubmit after \(step)")
    }

    @Test func typingAndDeletingEveryFieldShowsWhatAFreshFormShows() throws {
        let compiled = try loadSpec("registration")
        let form = LiveForm(compiled)
        for (field, text) in [("password", "Sunfl0wer"), ("confirm_password", "Sunfl0wer"), ("username", "alice")] {
            for value in typingAndDeleting(text) + Array(text.indices.map { String(text[...$0]) }) {
                form.set(.string(value), forField: field)
                expectMatchesAFreshForm(form, compiled, "\(field) = \(value)")
            }
        }
        #expect(form.canSubmit)
    }

    @Test("an unreadable stored value edited into another unreadable one is a change, and back is none")
    func unreadableValuesAreComparedAsTyped() throws {
        let compiled = try loadSpec("student_profile")
        let original: [String: Value] = ["name": "Mei", "sex": "female", "birthday": "someday"]
        let form = LiveForm(compiled, mode: .edit, original: original)
        #expect(!form.hasUnsavedChanges)
        form.set("soon", forField: "birthday")
        #expect(form.hasUnsavedChanges && form.changedFields == ["birthday"])
        #expect(form["birthday"]?.isDirty == true)
        form.set("someday", forField: "birthday")
        #expect(!form.hasUnsavedChanges && form.changedFields.isEmpty)
        expectMatchesAFreshForm(form, compiled, "birthday back to someday")
    }

    @Test func theFormWideFlagsFollowEveryKindOfChange() throws {
        let compiled = try loadSpec("student_profile")
        let today = CivilDate(year: 2024, month: 6, day: 1)
        let original: [String: Value] = ["name": "Mei", "sex": "female", "birthday": "2001-04-03"]
        let form = LiveForm(compiled, mode: .edit, original: original, today: today)
        // A fixed pseudo-random walk over the operations a screen performs.
        var seed: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let names = ["Mei", "Mei L", "", "Alexandrina", "Mei Lin"]
        let sexes: [Value?] = ["female", "male", "robot", nil]
        let birthdays: [Value?] = ["2001-04-03", "2999-01-01", "not a date", nil]
        for step in 0..<300 {
            let action: String
            switch next(9) {
            case 0, 1, 2:
                let name = names[next(names.count)]
                form.set(.string(name), forField: "name")
                action = "name = \(name)"
            case 3:
                let sex = sexes[next(sexes.count)]
                form.set(sex, forField: "sex")
                action = "sex = \(String(describing: sex))"
            case 4:
                let birthday = birthdays[next(birthdays.count)]
                form.set(birthday, forField: "birthday")
                action = "birthday = \(String(describing: birthday))"
            case 5:
                form.discardChanges()
                action = "discard"
            case 6:
                form.markSaved()
                action = "save"
            case 7:
                form.mode = [.new, .edit, .show][next(3)]
                action = "mode \(form.mode)"
            default:
                form.locale = [nil, "ja", "zh-Hant"][next(3)]
                action = "locale \(form.locale ?? "-")"
            }
            expectFlagsAgree(form, "step \(step): \(action)")
        }
    }

    @Test func keystrokesAcrossThePauseKeepHoldingTheMessageBack() async throws {
        let clock = TestClock()
        let form = LiveForm(try loadSpec("signup"), clock: clock)
        let username = try #require(form["username"])
        // Each keystroke comes before the pause ends, the later ones after the first deadline.
        for (offset, text) in [(0, "a"), (300, "al"), (600, "ali"), (900, "alic")] {
            clock.advance(to: TestClock.Instant(offset: .milliseconds(offset)))
            await form.settle()
            if offset > 0 { #expect(username.message == nil, "at \(offset) ms") }
            form.set(.string(text), forField: "username")
            #expect(username.isDebouncing && form.isDebouncing && !form.canSubmit)
        }
        clock.advance(to: TestClock.Instant(offset: .milliseconds(1_399)))
        await form.settle()
        #expect(username.message == nil)
        #expect(username.isDebouncing)
        clock.advance(to: TestClock.Instant(offset: .milliseconds(1_400)))
        await form.settle()
        #expect(username.message == "Username must be at least 6 characters")
        #expect(!username.isDebouncing && !form.isDebouncing)
    }

    @Test func aDecomposedAccentIsANewValue() throws {
        let form = LiveForm(try loadSpec("registration"))
        let username = try #require(form["username"])
        form.set("caf\u{E9}s", forField: "username")
        let evaluations = form.evaluationCount
        // Canonically equivalent, but text is compared by scalars: the value changes.
        form.set("cafe\u{301}s", forField: "username")
        #expect(username.text.unicodeScalars.count == 6)
        guard case .string(let raw)? = form.values["username"] else {
            Issue.record("the username is not a string")
            return
        }
        #expect(raw.unicodeScalars.count == 6)
        #expect(form.evaluationCount == evaluations + 1)
    }

    @Test func fieldsAreFoundByTheirExactName() throws {
        let form = LiveForm(try loadSpec("registration"))
        #expect(form["username"]?.name == "username")
        #expect(form["confirm_password"]?.name == "confirm_password")
        for name in ["Username", "username ", "user", "usernames", "", "confirm_passwort"] {
            #expect(form[name] == nil, "\(name)")
            #expect(!form.set("x", forField: name), "\(name)")
        }
    }

    @Test func aKeystrokeThatChangesNoRequirementNotifiesOnlyTheValue() throws {
        let form = LiveForm(try loadSpec("signup"))
        let password = try #require(form["password"])
        form.set("Pas", forField: "password")
        let shownChanged = Locked(false)
        let valueChanged = Locked(false)
        withObservationTracking {
            _ = (password.checklist, password.errors, password.isValid, form.canSubmit, form.isValid)
        } onChange: {
            shownChanged.update { $0 = true }
        }
        withObservationTracking {
            _ = password.value
        } onChange: {
            valueChanged.update { $0 = true }
        }
        form.set("Pass", forField: "password")
        #expect(valueChanged.value)
        #expect(!shownChanged.value)
        // The digit meets no new requirement either; the length does.
        form.set("Passw0r", forField: "password")
        #expect(!shownChanged.value)
        form.set("Passw0rd", forField: "password")
        #expect(shownChanged.value)
        #expect(password.checklist[1].status == .passed)
    }
}
