import FormSpecDiagnostics
import Testing

@_spi(Program) @_spi(Tooling) @testable import FormSpecRuntime

/// Reading inputs as field types (docs/reference.md).
struct CoercionTests {
    @Test(arguments: [
        (Value.integer(55), FieldValue.value(.integer(55))), (.number(55.0), .value(.integer(55))),
        (.string("55"), .value(.integer(55))), (.string("55.0"), .value(.integer(55))),
        (.number(12.5), .invalid(rule: "type")), (.string("12.5"), .invalid(rule: "type")),
        (.string("abc"), .invalid(rule: "type")), (.number(1e20), .value(.number(1e20))),
        (.string("99999999999999999999"), .value(.number(ExactDecimal("99999999999999999999")!))),
        (.bool(true), .invalid(rule: "type")),
        (.string("55.0000000000000001"), .invalid(rule: "type")),
        (.number(ExactDecimal("1e400")!), .invalid(rule: "type")),
        (.null, .empty), (.string(""), .empty),
    ])
    func integers(input: Value, expected: FieldValue) {
        #expect(FieldType.integer.read(input, trim: false) == expected)
    }

    @Test(arguments: [
        (Value.string("3.5"), FieldValue.value(.number(3.5))), (.integer(3), .value(.number(3))),
        (.string("1e400"), .invalid(rule: "type")), (.string("nan"), .invalid(rule: "type")),
        (.string("0x10"), .invalid(rule: "type")), (.string("-0.5"), .value(.number(-0.5))),
    ])
    func numbers(input: Value, expected: FieldValue) {
        #expect(FieldType.number.read(input, trim: false) == expected)
    }

    @Test func booleansDatesAndChoices() {
        #expect(FieldType.boolean.read(.string("true"), trim: false) == .value(.boolean(true)))
        #expect(FieldType.boolean.read(.string("yes"), trim: false) == .invalid(rule: "type"))
        #expect(
            FieldType.date.read(.string("2024-02-29"), trim: false)
                == .value(.date(CivilDate(year: 2024, month: 2, day: 29)!)))
        #expect(FieldType.date.read(.string("2023-02-29"), trim: false) == .invalid(rule: "type"))
        #expect(FieldType.date.read(.string("2024-2-9"), trim: false) == .invalid(rule: "type"))
        let options: Set<ExactText> = [ExactText("a"), ExactText("1")]
        #expect(FieldType.choice.read(.string("a"), trim: false, options: options) == .value(.text("a")))
        #expect(FieldType.choice.read(.integer(1), trim: false, options: options) == .value(.text("1")))
        #expect(FieldType.choice.read(.string("b"), trim: false, options: options) == .invalid(rule: "choice"))
    }

    @Test func trimmingMakesBlankEmpty() {
        #expect(FieldType.text.read(.string("  \t "), trim: true) == .empty)
        #expect(FieldType.text.read(.string("  \t "), trim: false) == .value(.text("  \t ")))
        #expect(FieldType.text.read(.string("\u{3000}ann\u{A0}"), trim: true) == .value(.text("ann")))
        #expect(FieldType.integer.read(.string(" 42 "), trim: true) == .value(.integer(42)))
    }

    @Test func civilDatesRoundTrip() {
        for text in ["1970-01-01", "2000-02-29", "1900-03-01", "0001-01-01", "9999-12-31", "1969-12-31"] {
            #expect(CivilDate(iso: text)?.description == text)
        }
        #expect(CivilDate(iso: "2024-01-31")!.adding(DateOffset(amount: 1, unit: .month)).description == "2024-02-29")
        #expect(CivilDate(iso: "2024-03-31")!.adding(DateOffset(amount: -1, unit: .month)).description == "2024-02-29")
        #expect(CivilDate(iso: "2024-12-15")!.adding(DateOffset(amount: 1, unit: .month)).description == "2025-01-15")
        #expect(DateOffset.parseToday("today+30d") == DateOffset(amount: 30, unit: .day))
        #expect(DateOffset.parseToday("today-18y") == DateOffset(amount: -18, unit: .year))
        #expect(DateOffset.parseToday("today+x") == nil)
        #expect(DateOffset.parseToday("today+30w") == nil)
    }
}
