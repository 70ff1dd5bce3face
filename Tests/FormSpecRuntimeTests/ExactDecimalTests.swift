import Testing

@_spi(Program) @_spi(Tooling) @testable import FormSpecRuntime

/// Numbers compared as the decimals they were written as (issue: Doubles decided these wrongly).
@Suite struct ExactDecimalTests {
    static func number(_ text: String) -> Scalar {
        guard case .value(let scalar) = FieldType.number.read(.string(text), trim: false) else {
            Issue.record("\(text) is not a number")
            return .integer(0)
        }
        return scalar
    }

    static let environment = RuleEnvironment(
        values: [], today: CivilDate(year: 2024, month: 2, day: 29)!, checks: { _, _, _ in nil })

    @Test("multiple_of: 0.01 refuses a third decimal at every magnitude (was: any amount from 10,000,000)")
    func wholeCents() {
        let rule = MultipleOfRule(operand: .literal(Self.number("0.01")))
        for passing in ["10000000.01", "12345678.91", "99999999999.99", "0.05", "-3.10", "7"] {
            #expect(rule.passes(Self.number(passing), in: Self.environment), "\(passing)")
        }
        for failing in ["10000000.001", "12345678.915", "99999999999.999", "0.005", "123456789012345678.001"] {
            #expect(!rule.passes(Self.number(failing), in: Self.environment), "\(failing)")
        }
    }

    @Test("a digit past Double's precision decides max and one_of")
    func pastDoublePrecision() throws {
        let max = RangeRule(comparison: .max, operand: .literal(Self.number("0.3")))
        #expect(!max.passes(Self.number("0.30000000000000000001"), in: Self.environment))
        #expect(max.passes(Self.number("0.29999999999999999999"), in: Self.environment))
        let oneOf = MembershipRule(values: [Self.number("0.1")], negated: false)
        #expect(!oneOf.passes(Self.number("0.10000000000000000001")))
        #expect(oneOf.passes(Self.number("0.1000")))
    }

    @Test(
        "a message writes a number in plain digits up to 30 zeros (was: 1e+21, 1e-07, 1e+15)",
        arguments: [
            ("1000000000000000000000", "1000000000000000000000"), ("1e-7", "0.0000001"), ("1e15", "1000000000000000"),
            ("2.50", "2.5"), ("-0", "0"), ("-12.5e-3", "-0.0125"),
            ("99999999999999999999999", "99999999999999999999999"),
            ("1e30", "1000000000000000000000000000000"), ("1e31", "1e+31"),
            ("1e-31", "0.0000000000000000000000000000001"),
            ("1e-32", "1e-32"), ("-2.5e300", "-2.5e+300"), ("123.456e-40", "1.23456e-38"),
        ])
    func messageText(written: String, shown: String) throws {
        #expect(try #require(ExactDecimal(written)).messageText == shown)
        #expect(Self.number(written).description == shown)
    }

    @Test(
        "equal values are equal however written",
        arguments: [("1", "1.0"), ("1.00", "100e-2"), ("-0", "0"), ("0.5", ".5")])
    func equalsByValue(a: String, b: String) {
        #expect(ExactDecimal(a) == ExactDecimal(b))
        #expect(ExactDecimal(a)?.hashValue == ExactDecimal(b)?.hashValue)
    }

    @Test(
        "ordering",
        arguments: [
            ("0.3", "0.30000000000000000001", -1), ("-1e-400", "0", -1), ("1e-400", "0", 1),
            ("99999999999999999999", "100000000000000000000", -1), ("-2", "-10", 1), ("12.5", "12.50", 0),
        ])
    func ordering(a: String, b: String, order: Int) throws {
        #expect(try #require(ExactDecimal(a)).compare(try #require(ExactDecimal(b))) == order)
    }

    @Test(
        "multiple_of with negative, fractional and huge operands",
        arguments: [
            ("-0.75", "0.25", true), ("0.75", "-0.25", true), ("1e30", "7", false), ("7e30", "7", true),
            ("1.5", "0.4", false), ("0", "0.3", true), ("4", "0", false), ("1e-400", "1e-401", true),
            ("1e-401", "1e-400", false),
        ])
    func multiples(value: String, divisor: String, expected: Bool) throws {
        #expect(try #require(ExactDecimal(value)).isMultiple(of: try #require(ExactDecimal(divisor))) == expected)
    }

    @Test("messages show the number as written, or as before when a Double stands for it")
    func descriptions() {
        #expect(ExactDecimal("2.50")?.description == "2.5")
        #expect(ExactDecimal("0.30000000000000000001")?.description == "0.30000000000000000001")
        #expect(ExactDecimal("1e400")?.description == "1e999")
    }
}
