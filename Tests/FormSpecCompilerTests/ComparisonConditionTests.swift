import FormSpec
import Foundation
import Testing

@_spi(Program) @_spi(Tooling) @testable import FormSpecRuntime

/// Conditions that compare (`less_than`, `greater_than`, `at_least`, `at_most`) and match
/// (`matches`), and comparison rules with an offset, compiled from specs.
@Suite("comparison conditions and offsets")
struct ComparisonConditionTests {
    static let source = """
        formspec: 1
        form: conditions
        fields:
          age:
            type: integer
          limit:
            type: integer
          start:
            type: date
          price:
            type: number
          card: {}
          kind:
            type: choice
            options: [basic, premium]
          note:
            rules:
              - required: true
                when: {field: age, less_than: 18}
                message: under 18
              - required: true
                when: {field: age, at_most: {field: limit, offset: -1}}
                message: below the limit
              - required: true
                when: {field: start, greater_than: today+30d}
                message: far ahead
              - required: true
                when: {field: price, at_least: 99.99}
                message: expensive
              - required: true
                when: {field: card, matches: "3[47]"}
                message: contains 34 or 37
              - required: true
                when: {field: kind, matches: "^prem"}
                message: premium
        """

    static func messages(_ input: [String: Value], today: String = "2026-01-01") throws -> [String] {
        let form = try CompiledForm(source: source)
        let report = try form.validateSynchronously(input, options: ValidationOptions(today: CivilDate(iso: today)))
        return report.fields["note"]?.errors.map(\.message) ?? []
    }

    @Test(
        "a number comparison holds on the value, not on an empty or malformed field",
        arguments: [
            (Value.integer(17), ["under 18"]), (.integer(18), []), (.string("17"), ["under 18"]), (.null, []),
            (.string(""), []), (.string("young"), []),
        ])
    func numberComparison(age: Value, expected: [String]) throws {
        #expect(try Self.messages(["age": age]) == expected)
    }

    @Test("an offset operand compares with the other field's value moved by the offset")
    func offsetOperand() throws {
        #expect(try Self.messages(["age": .integer(40), "limit": .integer(41)]) == ["below the limit"])
        #expect(try Self.messages(["age": .integer(40), "limit": .integer(40)]) == [])
    }

    @Test("a comparison whose operand field is empty is false")
    func emptyOperandField() throws {
        #expect(try Self.messages(["age": .integer(40)]) == [])
        #expect(try Self.messages(["age": .integer(40), "limit": .string("x")]) == [])
    }

    @Test("today±N counts from the validation's today")
    func relativeDates() throws {
        #expect(try Self.messages(["start": .string("2026-02-01")], today: "2026-01-01") == ["far ahead"])
        #expect(try Self.messages(["start": .string("2026-01-31")], today: "2026-01-01") == [])
    }

    @Test("number comparisons are exact decimals")
    func exactNumbers() throws {
        #expect(try Self.messages(["price": .string("99.99")]) == ["expensive"])
        #expect(try Self.messages(["price": .string("99.98999999999999999999")]) == [])
    }

    @Test("matches is an unanchored search, on text and choice fields")
    func matches() throws {
        #expect(try Self.messages(["card": .string("4111 3400")]) == ["contains 34 or 37"])
        #expect(try Self.messages(["card": .string("4111")]) == [])
        #expect(try Self.messages(["kind": .string("premium")]) == ["premium"])
        #expect(try Self.messages(["kind": .string("basic")]) == [])
    }

    @Test("the program's JSON keeps the new conditions and operands")
    func roundTrip() throws {
        let compiled = try program(Self.source)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(compiled)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""less_than":{"literal":{"integer":18}}"#))
        #expect(text.contains(#""at_most":{"field_offset":{"field":1,"offset":{"integer":-1}}}"#))
        #expect(text.contains(#""greater_than":{"today":"today+30d"}"#))
        let decoded = try JSONDecoder().decode(Program.self, from: data)
        #expect(try encoder.encode(decoded) == data)
    }

    @Test("a condition's operand field is read by the field it guards (re-checked when it changes)")
    func dependencies() throws {
        let compiled = try program(Self.source)
        let note = try #require(compiled.fields.firstIndex { $0.name == "note" })
        #expect(compiled.fields[note].reads.sorted() == [0, 1, 2, 3, 4, 5])
        #expect(compiled.dependents[1] == [note])
    }

    @Test("offset bounds show in messages as the other field and the step, in each locale")
    func offsetMessages() throws {
        let source = """
            formspec: 1
            form: stay
            fields:
              check_in:
                type: date
                label: {en: Check-in, ja: チェックイン}
              check_out:
                type: date
                label: {en: Check-out, ja: チェックアウト}
                rules:
                  - at_most: {field: check_in, offset: 1m}
              budget:
                type: integer
                label: Budget
              spend:
                type: integer
                label: Spend
                rules:
                  - max: {field: budget, offset: -10}
            """
        let form = try CompiledForm(source: source)
        let input: [String: Value] = [
            "check_in": .string("2024-01-31"), "check_out": .string("2024-03-01"), "budget": .integer(100),
            "spend": .integer(95),
        ]
        let report = try form.validateSynchronously(input)
        #expect(
            report.fields["check_out"]?.errors.map(\.message) == ["Check-out must be no later than Check-in + 1 month"])
        #expect(report.fields["spend"]?.errors.map(\.message) == ["Spend must be at most Budget - 10"])
        let japanese = try form.validateSynchronously(input, options: ValidationOptions(locale: "ja"))
        #expect(japanese.fields["check_out"]?.errors.map(\.message) == ["チェックアウトはチェックイン + 1か月以前にしてください"])
        var valid = input
        valid["check_out"] = .string("2024-02-29")
        valid["spend"] = .integer(90)
        #expect(try form.validateSynchronously(valid).valid, "Jan 31 + 1 month is Feb 29 in a leap year")
    }
}
