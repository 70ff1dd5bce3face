import FormSpec
@_spi(Tooling) import FormSpecRuntime
import Testing

/// A live form re-checks a rule or a condition that reads another field, through an offset or a
/// comparison, when that field changes (`Specs/booking.form.yaml`).
@MainActor
@Suite("Live comparisons with offsets")
struct OffsetComparisonLiveTests {
    static let today = CivilDate(iso: "2026-03-10")

    @Test func changingCheckInRechecksTheOffsetBoundOnCheckOut() throws {
        let form = LiveForm(try loadSpec("booking"), today: Self.today)
        let checkOut = try #require(form["check_out"])
        form.set("2026-04-01", forField: "check_in")
        form.set("2026-05-02", forField: "check_out")
        #expect(checkOut.message == "Check-out must be no later than Check-in + 30 days")
        // Moving check-in later moves the bound: the stay is now 30 nights.
        form.set("2026-04-02", forField: "check_in")
        #expect(checkOut.message == nil)
        // And back: the error returns without check-out being touched.
        form.set("2026-04-01", forField: "check_in")
        #expect(checkOut.message == "Check-out must be no later than Check-in + 30 days")
    }

    @Test func changingTheAgeRechecksTheGuardianRequirement() throws {
        let form = LiveForm(try loadSpec("booking"), today: Self.today)
        let guardian = try #require(form["guardian_email"])
        form.set("", forField: "guardian_email")
        form.set(.integer(30), forField: "age")
        #expect(guardian.message == nil)
        form.set(.integer(16), forField: "age")
        #expect(guardian.message == "A guest under 18 needs a guardian's email")
        form.set(.integer(18), forField: "age")
        #expect(guardian.message == nil)
    }

    @Test func changingTheCardNumberRechecksWhichCVVRuleApplies() throws {
        let form = LiveForm(try loadSpec("booking"), today: Self.today)
        let cvv = try #require(form["cvv"])
        form.set("4111111111111111", forField: "card_number")
        form.set("1234", forField: "cvv")
        #expect(cvv.message == "A CVV has 3 digits")
        form.set("371449635398431", forField: "card_number")
        #expect(cvv.message == nil)
    }
    /// Found by a tester: the same time spelt otherwise (`09:00` for `09:00:00`) was taken for no
    /// change, so a message's `{value}` kept the old spelling while `validate` showed the new one.
    @Test func aTimeSpeltAnewShowsItsNewSpellingAndStaysClean() throws {
        let source = """
            formspec: 1
            form: times
            fields:
              at:
                type: time
                rules: [{at_least: "10:00", message: "{label} {value} is too early"}]
            """
        let compiled = try CompiledForm(source: source)
        let form = LiveForm(compiled, mode: .edit, original: ["at": "09:00:00"])
        let at = try #require(form["at"])
        form.touchAll()
        #expect(at.message == "At 09:00:00 is too early")
        form.set("09:00", forField: "at")
        #expect(at.message == "At 09:00 is too early")
        let context = EvaluationContext(mode: .edit, original: ["at": "09:00:00"])
        #expect(form.report.json() == (try compiled.program.validate(["at": "09:00"], context: context)).json())
        // The same time: no change to save.
        #expect(form.changedFields.isEmpty)
    }
}
