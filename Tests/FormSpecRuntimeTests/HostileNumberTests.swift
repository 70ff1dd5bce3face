import FormSpecDiagnostics
import Testing

@_spi(Program) @_spi(Tooling) @testable import FormSpecRuntime

/// Input-controlled numbers never trap and are read exactly (issue 8: crashes, numbers).
struct HostileNumberTests {
    static func environment(_ values: [FieldValue]) -> RuleEnvironment {
        RuleEnvironment(
            values: values, today: CivilDate(year: 2024, month: 2, day: 29)!, checks: { _, _, _ in nil })
    }

    @Test func multipleOfMinusOneOnInt64MinDoesNotTrap() {
        let rule = MultipleOfRule(operand: .field(1))
        let environment = Self.environment([.value(.integer(.min)), .value(.integer(-1))])
        #expect(rule.passes(.integer(.min), in: environment))
        #expect(MultipleOfRule(operand: .literal(.integer(-1))).passes(.integer(.min), in: environment))
        #expect(MultipleOfRule(operand: .literal(.integer(.min))).passes(.integer(.min), in: environment))
        #expect(!MultipleOfRule(operand: .literal(.integer(.min))).passes(.integer(.max), in: environment))
        #expect(!MultipleOfRule(operand: .literal(.integer(0))).passes(.integer(.min), in: environment))
    }

    @Test func multipleOfWithExtremeNumbersIsAnExactAnswerNotATrap() {
        let environment = Self.environment([])
        // 1.7e308 ÷ 5e-324 = 3.4e631, a whole number: decided on the decimals, at once.
        #expect(
            MultipleOfRule(operand: .literal(.number(ExactDecimal("5e-324")!))).passes(
                .number(1.7e308), in: environment))
        #expect(
            !MultipleOfRule(operand: .literal(.number(ExactDecimal("3e-324")!))).passes(
                .number(1.7e308), in: environment))
        #expect(
            MultipleOfRule(operand: .literal(.integer(2))).passes(
                .number(9.223_372_036_854_775_808e18), in: environment))
        #expect(!MultipleOfRule(operand: .literal(.number(0))).passes(.integer(4), in: environment))
    }

    @Test(arguments: [
        (Scalar.integer(.max), Scalar.number(9.223_372_036_854_775_808e18), -1),
        (.integer(.min), .number(ExactDecimal("-9223372036854775808")!), 0),
        (.integer(.min), .number(ExactDecimal("-9223372036854775808.0000000000000000001")!), 1),
        (.integer(.min), .number(-9.3e18), 1),
        (.integer(9_007_199_254_740_993), .number(9_007_199_254_740_992), 1),
        (.integer(5), .number(5.5), -1), (.integer(-5), .number(-5.5), 1), (.integer(3), .number(3), 0),
        (.number(1e300), .integer(.max), 1), (.number(-0.0), .integer(0), 0),
    ])
    func integersAndDoublesAreOrderedExactly(a: Scalar, b: Scalar, order: Int) {
        #expect(a.compare(b) == order)
        #expect(b.compare(a) == -order)
    }

    @Test func integerBeyondInt64IsComparedNotATypeFailure() {
        let big = FieldType.integer.read(.string("9223372036854775808"), trim: false)
        #expect(big == .value(.number(ExactDecimal("9223372036854775808")!)))
        let environment = Self.environment([big])
        let max = RangeRule(comparison: .max, operand: .literal(.integer(.max)))
        let min = RangeRule(comparison: .min, operand: .literal(.integer(0)))
        #expect(!max.passes(big.scalar!, in: environment), "2^63 is above Int64.max")
        #expect(min.passes(big.scalar!, in: environment))
        let json = try? JSONReader.parse("{\"n\": 9223372036854775808, \"m\": -99999999999999999999}")
        let members = json?.members ?? []
        #expect(FieldType.integer.read(members.first?.value, trim: false) == big)
        #expect(
            FieldType.integer.read(members.last?.value, trim: false)
                == .value(.number(ExactDecimal("-99999999999999999999")!)))
    }

    @Test(arguments: [
        "55.0000000000000001", "54.9999999999999999", "-55.0000000000000001", "1e-400", "0.5e0",
        "10000000000000000.5", "9223372036854775807.5", "1.00000000000000000000000000001", "+0.1",
    ])
    func integerFieldsRefuseEveryFraction(text: String) {
        #expect(FieldType.integer.read(.string(text), trim: false) == .invalid(rule: "type"))
    }

    @Test(arguments: [
        ("55", Int64(55)), ("55.0", 55), ("5.5e1", 55), ("550e-1", 55), ("+7", 7), ("-0", 0), ("0.0e999999999", 0),
        ("-9223372036854775808", .min), ("9223372036854775807.000", .max), ("1E18", 1_000_000_000_000_000_000),
    ])
    func integerFieldsAcceptExactlyWholeNumbers(text: String, value: Int64) {
        #expect(FieldType.integer.read(.string(text), trim: false) == .value(.integer(value)))
    }

    @Test func jsonFractionsThatRoundToWholeNumbersStayFractions() throws {
        let value = try JSONReader.parse("[55.0000000000000001, 54.9999999999999999, 1e-400, 55.0, 5.5e1]")
        guard case .array(let items) = value else {
            Issue.record("not an array")
            return
        }
        #expect(FieldType.integer.read(items[0], trim: false) == .invalid(rule: "type"))
        #expect(FieldType.integer.read(items[1], trim: false) == .invalid(rule: "type"))
        #expect(FieldType.integer.read(items[2], trim: false) == .invalid(rule: "type"))
        #expect(items[3] == .integer(55))
        #expect(items[4] == .integer(55))
        // As numbers they stay on the right side of 55 and 0.
        let above = try #require(FieldType.number.read(items[0], trim: false).scalar)
        let below = try #require(FieldType.number.read(items[1], trim: false).scalar)
        #expect(above.compare(.integer(55)) == 1)
        #expect(below.compare(.integer(55)) == -1)
        #expect(FieldType.number.read(items[2], trim: false).scalar?.compare(.integer(0)) == 1)
    }

    @Test func jsonNumbersBeyondDoubleAreATypeFailureOfTheirField() throws {
        let value = try JSONReader.parse("{\"a\": 1e400, \"b\": -1e400, \"c\": 1e1000000000, \"d\": 2}")
        let members = try #require(value.members)
        for member in members.prefix(3) {
            #expect(FieldType.number.read(member.value, trim: false) == .invalid(rule: "type"))
            #expect(FieldType.integer.read(member.value, trim: false) == .invalid(rule: "type"))
            #expect(FieldType.text.read(member.value, trim: false) == .invalid(rule: "type"))
            #expect(
                FieldType.choice.read(member.value, trim: false, options: [ExactText("inf")]) == .invalid(rule: "type"))
        }
        #expect(JSONWriter.write(value) == "{\"a\":1e999,\"b\":-1e999,\"c\":1e999,\"d\":2}")
    }

    /// Past an exponent of a billion no reading is exact: such a number used to be read as if its
    /// exponent were a billion, so `1e-1000000001` equalled `1e-1000000000`. It is now refused: a
    /// JSON number is an input error, text for a number field a `type` failure.
    @Test func exponentsPastABillionAreRefusedNotRounded() throws {
        // The last digit's power of ten decides, not the exponent as written: `0.1e-1000000000` is
        // out (its text, `1e-1000000001`, could not be read back), `100e-1000000002` in.
        for text in [
            "1e-1000000001", "-1e1000000001", "1E+99999999999999999999", "0.5e-00001000000001", "0.1e-1000000000",
        ] {
            #expect(throws: JSONReader.Error.self) { try JSONReader.parse("{\"a\": \(text)}") }
            #expect(FieldType.number.read(.string(text), trim: false) == .invalid(rule: "type"), "\(text)")
        }
        do throws(JSONReader.Error) {
            _ = try JSONReader.parse("{\"a\": [1, 1e-1000000001]}")
            Issue.record("parsed")
        } catch {
            #expect(error.message == "invalid number: exponent too large")
            #expect(error.column == 11)
        }
        // A billion itself, however written, is read exactly, and its text reads back.
        let tiny = try #require(FieldType.number.read(.string("1e-1000000000"), trim: false).scalar)
        #expect(FieldType.number.read(.string("1e-0001000000000"), trim: false).scalar?.compare(tiny) == 0)
        #expect(FieldType.number.read(.string("100e-1000000002"), trim: false).scalar?.compare(tiny) == 0)
        let tenTimes = try #require(FieldType.number.read(.string("10.5e-999999999"), trim: false).scalar)
        #expect(tenTimes.compare(tiny) == 1)
        guard case .number(let exact) = tenTimes else {
            Issue.record("not a number: \(tenTimes)")
            return
        }
        #expect(FieldType.number.read(.string(exact.description), trim: false).scalar?.compare(tenTimes) == 0)
    }

    @Test func lengthAndContainsBoundsAtTheExtremes() {
        #expect(LengthRule(bound: .max, limit: .max, unit: .graphemes).passes("abc"))
        #expect(!LengthRule(bound: .min, limit: .max, unit: .utf16).passes("abc"))
        #expect(LengthRule(bound: .min, limit: .min, unit: .scalars).passes(""))
        #expect(!ContainsRule(classes: [.digit], count: .max).passes("123"))
        #expect(ContainsRule(classes: [.digit], count: .min).passes(""))
    }

    @Test func inputKeysMatchFieldsByExactScalars() throws {
        let kelvin = "\u{212A}ind"
        #expect(kelvin == "Kind", "Swift's String == is canonical equivalence")
        let index = FieldNameIndex(["Kind", "caf\u{E9}"])
        #expect(index["Kind"] == 0)
        #expect(index[kelvin] == nil)
        #expect(index["cafe\u{301}"] == nil)
        // JSON objects may hold both spellings: they are different keys.
        let value = try JSONReader.parse("{\"Kind\": 1, \"\\u212Aind\": 2}")
        #expect(value.members?.count == 2)
        #expect(throws: JSONReader.Error.self) { try JSONReader.parse("{\"Kind\": 1, \"Kind\": 2}") }
    }

    @Test func duplicateKeysNestedInAValueAreNotQuoted() {
        // The nested object may be a secret's value; its keys are part of the secret.
        let nested = #expect(throws: JSONReader.Error.self) {
            try JSONReader.parse(#"{"password": {"hunter2": 1, "hunter2": 2}}"#)
        }
        #expect(nested?.message == "duplicate key in a nested object")
        let top = #expect(throws: JSONReader.Error.self) { try JSONReader.parse(#"{"a": 1, "a": 2}"#) }
        #expect(top?.message == "duplicate key \"a\"")
    }
}
