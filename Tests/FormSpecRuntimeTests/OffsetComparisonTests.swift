import Testing

@_spi(Program) @_spi(Tooling) @testable import FormSpecRuntime

/// Comparisons with another field and an offset (`{field: start, offset: 30d}`), `at_least` /
/// `at_most`, and the exact decimal sum they rest on.
struct OffsetComparisonTests {
    static func decimal(_ text: String) -> ExactDecimal { ExactDecimal(text)! }

    static func environment(_ values: [FieldValue], today: String = "2024-02-29") -> RuleEnvironment {
        RuleEnvironment(values: values, today: CivilDate(iso: today)!, checks: { _, _, _ in nil })
    }

    static func date(_ text: String) -> Scalar { .date(CivilDate(iso: text)!) }

    // MARK: - Exact sums

    @Test(
        "decimal sums are exact",
        arguments: [
            ("0.1", "0.2", "0.3"), ("10", "-10", "0"), ("-10", "0.5", "-9.5"),
            ("0.30000000000000000001", "-0.3", "1e-20"),
            ("99999999999999999999", "1", "100000000000000000000"),
            ("1e-400", "1", "1." + String(repeating: "0", count: 399) + "1"),
            ("-1.5", "-2.25", "-3.75"), ("1e300", "-1e300", "0"), ("12345678.91", "0.09", "12345679"),
        ])
    func exactSums(a: String, b: String, sum: String) {
        #expect(Self.decimal(a).adding(Self.decimal(b)) == Self.decimal(sum))
        #expect(Self.decimal(b).adding(Self.decimal(a)) == Self.decimal(sum))
    }

    @Test("a sum spanning more digits than the bound is not formed (and memory stays bounded)")
    func tooWideSum() {
        #expect(Self.decimal("1e-1000000000").adding(Self.decimal("0.5")) == nil)
        #expect(Self.decimal("1e-4000").adding(Self.decimal("1")) != nil)
    }

    // MARK: - Offsets

    @Test(
        "date offsets step like today±N: month ends and leap years take the month's last day",
        arguments: [
            ("2024-01-31", "+1m", "2024-02-29"), ("2023-01-31", "+1m", "2023-02-28"),
            ("2024-02-29", "+1y", "2025-02-28"),
            ("2024-02-29", "-4y", "2020-02-29"), ("2024-03-31", "-1m", "2024-02-29"),
            ("2024-02-10", "+30d", "2024-03-11"),
            ("2023-02-10", "+30d", "2023-03-12"), ("2024-12-31", "+1d", "2025-01-01"),
            ("2024-05-31", "+13m", "2025-06-30"),
        ])
    func dateOffsets(start: String, step: String, expected: String) {
        let offset = OperandOffset.date(DateOffset.parseStep(step)!)
        #expect(offset.apply(to: Self.date(start)) == Self.date(expected))
    }

    @Test("date steps parse with or without a sign, and refuse anything else")
    func dateStepParsing() {
        #expect(DateOffset.parseStep("30d") == DateOffset(amount: 30, unit: .day))
        #expect(DateOffset.parseStep("+2y") == DateOffset(amount: 2, unit: .year))
        #expect(DateOffset.parseStep("-1m") == DateOffset(amount: -1, unit: .month))
        for bad in ["", "d", "30", "30w", "+-1d", "today+1d", "1.5d", " 1d"] {
            #expect(DateOffset.parseStep(bad) == nil)
        }
        #expect(DateOffset.parseStep("999999d") == nil, "beyond maxAmount")
    }

    @Test("number offsets are added exactly")
    func numberOffsets() {
        let offset = OperandOffset.number(Self.decimal("0.1"))
        #expect(offset.apply(to: .number(Self.decimal("0.2"))) == .number(Self.decimal("0.3")))
        #expect(offset.apply(to: .integer(2)) == .number(Self.decimal("2.1")))
        let tiny = OperandOffset.number(Self.decimal("1e-30"))
        let bound = tiny.apply(to: .number(Self.decimal("5")))!
        #expect(Scalar.number(Self.decimal("5")).compare(bound) == -1, "5 < 5 + 1e-30, which no Double can tell")
    }

    @Test("an integer sum beyond Int64 does not trap: it is kept exactly as a decimal")
    func integerOverflow() {
        let up = OperandOffset.integer(10).apply(to: .integer(.max))
        #expect(up == .number(ExactDecimal(Int64.max).adding(10)!))
        #expect(Scalar.integer(.max).compare(up!) == -1)
        let down = OperandOffset.integer(-1).apply(to: .integer(.min))
        #expect(Scalar.integer(.min).compare(down!) == 1)
        #expect(OperandOffset.integer(-10).apply(to: .integer(100)) == .integer(90))
    }

    @Test("an offset of another kind than the value is not applied")
    func mismatchedOffset() {
        #expect(OperandOffset.integer(1).apply(to: Self.date("2024-01-01")) == nil)
        #expect(OperandOffset.date(DateOffset(amount: 1, unit: .day)).apply(to: .integer(1)) == nil)
    }

    // MARK: - Range rules

    @Test("max with an offset: budget - 10")
    func maxWithOffset() {
        let rule = RangeRule(comparison: .max, operand: .fieldOffset(0, .integer(-10)))
        let environment = Self.environment([.value(.integer(100))])
        #expect(rule.passes(.integer(90), in: environment))
        #expect(!rule.passes(.integer(91), in: environment))
    }

    @Test("an offset bound that names an empty field is not enforced, like any field bound")
    func emptyOtherField() {
        let rule = RangeRule(comparison: .lessThan, operand: .fieldOffset(0, .date(DateOffset(amount: 30, unit: .day))))
        #expect(rule.passes(Self.date("2030-01-01"), in: Self.environment([.empty])))
        #expect(rule.passes(Self.date("2030-01-01"), in: Self.environment([.invalid(rule: "type")])))
    }

    @Test("a bound that cannot be formed fails the rule instead of passing it")
    func unorderedBoundFails() {
        let rule = RangeRule(comparison: .max, operand: .fieldOffset(0, .number(Self.decimal("0.5"))))
        let environment = Self.environment([.value(.number(Self.decimal("1e-1000000000")))])
        #expect(!rule.passes(.number(Self.decimal("0")), in: environment))
    }

    @Test(
        "at_least and at_most are inclusive, like min and max",
        arguments: [
            (RangeRule.Comparison.atLeast, 5, true), (.atLeast, 4, false), (.atMost, 5, true), (.atMost, 6, false),
            (.min, 5, true), (.max, 5, true), (.greaterThan, 5, false), (.lessThan, 5, false),
        ])
    func inclusiveComparisons(comparison: RangeRule.Comparison, value: Int64, passes: Bool) {
        let rule = RangeRule(comparison: comparison, operand: .literal(.integer(5)))
        #expect(rule.passes(.integer(value), in: Self.environment([])) == passes)
    }

    @Test("an offset operand reads its field, so live forms re-check the rule when it changes")
    func offsetOperandReadsItsField() {
        #expect(Operand.fieldOffset(3, .integer(1)).fieldRead == 3)
        let rule = Rule.range(RangeRule(comparison: .max, operand: .fieldOffset(2, .integer(1))))
        #expect(rule.fieldsRead == [2])
        let condition = Condition.field(1, .compare(.lessThan, .fieldOffset(4, .integer(0))))
        #expect(condition.fieldsRead == [1, 4])
    }
}
