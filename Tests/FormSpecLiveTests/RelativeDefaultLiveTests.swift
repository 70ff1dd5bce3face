import FormSpec
@_spi(Tooling) import FormSpecRuntime
import Testing

@MainActor
@Suite("A live form opens a date field with `default: today` on the form's today")
struct RelativeDefaultLiveTests {
    let today = CivilDate(iso: "2026-03-10")!

    @Test func theProfileOpensOnToday() throws {
        let form = LiveForm(try loadSpec("student_profile"), today: today)
        let birthday = try #require(form["birthday"])
        #expect(birthday.value == "2026-03-10")
        #expect(birthday.text == "2026-03-10")
        #expect(!birthday.isDirty && !form.hasUnsavedChanges)
        #expect(birthday.checklist.map(\.status) == [.passed])
    }

    @Test func aResetComesBackToTheSameToday() throws {
        let form = LiveForm(try loadSpec("student_profile"), today: today)
        form.set("2001-05-17", forField: "birthday")
        #expect(form["birthday"]?.isDirty == true)
        form.reset(to: ["name": "Mei"])
        #expect(form["birthday"]?.value == "2026-03-10")
        #expect(form["birthday"]?.isDirty == false)
    }

    @Test func aGivenValueWinsOverTheDefault() throws {
        let form = LiveForm(try loadSpec("student_profile"), values: ["birthday": "2001-05-17"], today: today)
        #expect(form["birthday"]?.value == "2001-05-17")
    }

    @Test func validationOptionsPinTheDefaultsToday() throws {
        let profile = try loadSpec("student_profile")
        let original: [String: Value] = ["name": "Mei"]
        // Both the original and the input lack the birthday: both are the same today, nothing changed.
        let report = try profile.validateSynchronously(original, options: .edit(original: original))
        #expect(report.formErrors.map(\.rule) == ["require_changes"])
        let pinned = try profile.validateSynchronously(["name": "Mei"], options: ValidationOptions(today: today))
        #expect(pinned.valid)
    }
}
