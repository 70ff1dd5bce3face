import FormSpec
@_spi(Tooling) import FormSpecRuntime
import Testing

private let couponSpec = """
    formspec: 1
    form: coupon
    fields:
      coupon:
        rules:
          - check: coupon_valid
            debounce: 200ms
            message: Unknown coupon
          - pattern: "^[A-Z0-9]{6}$"
            message: Six capitals or digits
          - max_length: 4
            severity: warning
            message: Long
      referral:
        rules:
          - max_length: 3
          - any: [{check: referral_known, check_when: always}, {equals: NONE}]
            message: Unknown referral
    """

/// External checks are asked only about values the field's own rules accept (`check_when: valid`,
/// the default); `check_when: always` asks whatever they say.
@Suite("check_when: a malformed value never reaches an external check")
struct CheckWhenTests {
    func form(asked: Locked<[String]>) throws -> CompiledForm {
        var form = try CompiledForm(source: couponSpec)
        form.checks.register("coupon_valid") { input in
            asked.update { $0.append("coupon_valid \(input.text)") }
            return input.text == "SAVE10"
        }
        form.checks.register("referral_known") { input in
            asked.update { $0.append("referral_known \(input.text)") }
            return false
        }
        return form
    }

    @Test func theCheckWaitsForTheFieldsOtherRules() throws {
        let asked = Locked<[String]>([])
        let form = try form(asked: asked)

        let malformed = try form.validateSynchronously(["coupon": "save10"])
        #expect(asked.value.isEmpty)
        #expect(malformed.fields["coupon"]?.errors.map(\.message) == ["Six capitals or digits"])
        // The check's line stays in the checklist, not met, in rule order.
        #expect(malformed.fields["coupon"]?.checks.map(\.rule) == ["check", "pattern", "max_length"])
        #expect(malformed.fields["coupon"]?.checks.map(\.passed) == [false, false, false])

        // A failing warning does not hold it back; its error comes first, as written.
        let unknown = try form.validateSynchronously(["coupon": "SAVE11"])
        #expect(asked.value == ["coupon_valid SAVE11"])
        #expect(unknown.fields["coupon"]?.errors.map(\.message) == ["Unknown coupon"])
        #expect(unknown.fields["coupon"]?.warnings.map(\.message) == ["Long"])
        #expect(unknown.fields["coupon"]?.checks.map(\.passed) == [false, true, false])

        #expect(try form.validateSynchronously(["coupon": "SAVE10"]).valid)
    }

    @Test func checkWhenAlwaysAsksWhateverTheOtherRulesSay() throws {
        let asked = Locked<[String]>([])
        let form = try form(asked: asked)
        let report = try form.validateSynchronously(["referral": "ABCDEF"])
        #expect(asked.value == ["referral_known ABCDEF"])
        #expect(report.fields["referral"]?.errors.map(\.rule) == ["max_length", "any"])
    }

    @Test func withoutAnAnswerAMalformedValueStillValidates() throws {
        // No check registered: a value the check is never asked about needs none.
        let form = try CompiledForm(source: couponSpec)
        #expect(try form.validateSynchronously(["coupon": "bad"]).fields["coupon"]?.valid == false)
        #expect(throws: FormValidationError.unregisteredCheck(check: "coupon_valid", field: "coupon")) {
            try form.validateSynchronously(["coupon": "SAVE10"])
        }
    }

    @MainActor
    @Test func aLiveFormSchedulesNothingForAMalformedValue() async throws {
        let clock = TestClock()
        let gate = CheckGate()
        var compiled = try CompiledForm(source: couponSpec)
        compiled.checks.registerAsync("coupon_valid", gate.check)
        compiled.checks.register("referral_known", outcome: true)
        let form = LiveForm(compiled, clock: clock)
        let coupon = try #require(form["coupon"])

        for text in ["S", "SA", "SAVE"] {
            form.set(.string(text), forField: "coupon")
            #expect(!coupon.isPending, "\(text)")
        }
        form.set("SAVE10", forField: "coupon")
        #expect(coupon.isPending)
        // Malformed again while the well-formed value waits out its debounce: the run is dropped.
        form.set("SAVE1", forField: "coupon")
        #expect(!coupon.isPending)
        clock.advance(by: .milliseconds(500))
        await form.settle()
        #expect(gate.asked.value.isEmpty)
        #expect(coupon.message == "Six capitals or digits")

        form.set("SAVE10", forField: "coupon")
        clock.advance(by: .milliseconds(200))
        var calls = gate.calls.makeAsyncIterator()
        let call = try #require(await calls.next())
        #expect(call.input.text == "SAVE10")
        call.pass()
        await form.settle()
        #expect(!coupon.isPending && coupon.message == nil)
        #expect(gate.asked.value == ["SAVE10"])
    }
}
