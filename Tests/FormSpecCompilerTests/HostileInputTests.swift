import FormSpec
@_spi(Tooling) import FormSpecRuntime
import Testing

/// Whole specs fed hostile inputs (issue 8): answers, never traps.
struct HostileInputTests {
    @Test func multipleOfAFieldStepAtInt64MinDoesNotTrap() throws {
        let program = try program(
            """
            formspec: 1
            form: f
            fields:
              amount: {type: integer, rules: [{multiple_of: {field: step}}]}
              step: {type: integer}
            """)
        let input = try JSONReader.parse("{\"amount\": -9223372036854775808, \"step\": -1}")
        #expect(try program.validate(input).valid)
        let odd = try JSONReader.parse("{\"amount\": -9223372036854775807, \"step\": -2}")
        #expect(try program.validate(odd).fields["amount"]?.errors.map(\.rule) == ["multiple_of"])
    }

    @Test func hugeAndInexactNumbersAreComparedOrRefusedPerField() throws {
        let program = try program(
            """
            formspec: 1
            form: f
            fields:
              count: {type: integer, rules: [{max: 100}]}
              ratio: {type: number}
            """)
        let big = try program.validate(try JSONReader.parse("{\"count\": 9223372036854775808}"))
        #expect(big.fields["count"]?.errors.map(\.rule) == ["max"])
        let fraction = try program.validate(["count": "55.0000000000000001"])
        #expect(fraction.fields["count"]?.errors.map(\.rule) == ["type"])
        let overflow = try program.validate(try JSONReader.parse("{\"count\": 5, \"ratio\": 1e400}"))
        #expect(overflow.fields["ratio"]?.errors.map(\.rule) == ["type"])
        #expect(overflow.fields["count"]?.errors == [])
    }

    /// A spec number out of range is a diagnostic: `0.1e-1000000000` passed the compiler, and its
    /// text (`1e-1000000001`) could not be read back, so the JavaScript module threw, the generated
    /// Swift trapped and the JSON program did not decode.
    @Test func aSpecNumberOutOfRangeIsADiagnostic() {
        for literal in ["0.1e-1000000000", "1e-1000000001", "-5e1000000001"] {
            let compilation = compile(
                "formspec: 1\nform: f\nfields:\n  n: {type: number, rules: [{max: \(literal)}], default: 1}")
            #expect(
                compilation.diagnostics.map(\.message).contains {
                    $0.hasPrefix("'max' needs a number") && $0.contains("a number out of range")
                }, "\(literal): \(compilation.diagnostics.map(\.message))")
        }
        let inRange = compile("formspec: 1\nform: f\nfields:\n  n: {type: number, rules: [{max: 100e-1000000002}]}")
        #expect(!inRange.hasErrors)
    }

    @Test(.timeLimit(.minutes(1)))
    func anObjectWithAHundredThousandKeysIsReadInLinearTime() throws {
        // The set of keys seen was copied on every key past 16: 10^10 element copies here.
        let members = (0..<100_000).map { "\"k\($0)\":1" }.joined(separator: ",")
        guard case .object(let read) = try JSONReader.parse("{" + members + "}") else {
            Issue.record("not an object")
            return
        }
        #expect(read.count == 100_000)
        #expect(throws: JSONReader.Error.self) { try JSONReader.parse("{" + members + ",\"k99999\":2}") }
    }

    @Test func aKelvinSignKeyIsAnotherKey() throws {
        let program = try program("formspec: 1\nform: f\nfields: {Kind: {required: true}}")
        let kelvin = "\u{212A}ind"
        let loose = try program.validate(.object([Value.Member(kelvin, "x")]))
        #expect(loose.fields["Kind"]?.errors.map(\.rule) == ["required"])
        let strict = try program.validate(
            .object([Value.Member("Kind", "x"), Value.Member(kelvin, "y")]), context: EvaluationContext(strict: true))
        #expect(strict.formErrors.map(\.rule) == ["unknown_field"])
        #expect(strict.fields["Kind"]?.errors == [])
    }
}
