import Foundation
import Testing

@_spi(Tooling) @testable import FormSpecRuntime

/// The strict JSON reader, including hostile input.
struct JSONReaderTests {
    @Test func readsObjectsInOrderWithExactIntegers() throws {
        let value = try JSONReader.parse(#"{"b": 1, "a": [true, null, 2.5, "x\u00e9\n"], "big": 9007199254740993}"#)
        #expect(
            value
                == .object([
                    .init("b", .integer(1)), .init("a", .array([.bool(true), .null, .number(2.5), .string("xé\n")])),
                    .init("big", .integer(9_007_199_254_740_993)),
                ]))
    }

    @Test func surrogatePairs() throws {
        #expect(try JSONReader.parse(#""\ud83d\ude00""#) == .string("😀"))
        #expect(throws: JSONReader.Error.self) { try JSONReader.parse(#""\ud83d""#) }
    }

    @Test(arguments: [
        #"{"a": 1,}"#, #"{"a" 1}"#, #"[1 2]"#, "01", "1.", "-", #"{"a": 1} x"#, #""abc"#, "tru", "",
        #"{"a": 1, "a": 2}"#, "\"\u{01}\"",
    ])
    func rejectsMalformed(text: String) {
        #expect(throws: JSONReader.Error.self) { try JSONReader.parse(text) }
    }

    @Test func hugeIntegersAndOutOfRangeNumbersAreKeptExactly() throws {
        #expect(try JSONReader.parse("99999999999999999999") == .number(ExactDecimal("99999999999999999999")!))
        // Beyond Double's range the document still reads; the field that gets it fails `type`.
        #expect(try JSONReader.parse(#"{"n": 1e999}"#) == ["n": .number(ExactDecimal("1e999")!)])
        #expect(try JSONReader.parse("-1e400") == .number(ExactDecimal("-1e400")!))
    }

    @Test(
        arguments: [
            [0xFF, 0xFE], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80], [0x80],
        ] as [[UInt8]])
    func invalidUTF8IsAnError(bad: [UInt8]) {
        // Inside a string, both on the fast path and after an escape.
        #expect(throws: JSONReader.Error.self) { try JSONReader.parse([0x22] + bad + [0x22]) }
        #expect(throws: JSONReader.Error.self) { try JSONReader.parse([0x22, 0x5C, 0x6E] + bad + [0x22]) }
    }

    @Test func validMultiByteUTF8Reads() throws {
        #expect(try JSONReader.parse(Array("\"é€😀\\n\"".utf8)) == .string("é€😀\n"))
    }

    @Test func deepNestingIsBounded() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let error = #expect(throws: JSONReader.Error.self) { try JSONReader.parse(deep) }
        #expect(error?.message.contains("deeper than") == true)
    }

    @Test func errorsNameLineAndColumn() {
        let error = #expect(throws: JSONReader.Error.self) { try JSONReader.parse("{\n  \"é\": x}") }
        #expect(error?.line == 2)
        #expect(error?.column == 8)
    }

    @Test func aTenMegabyteStringReads() throws {
        let big = String(repeating: "a", count: 10_000_000)
        let value = try JSONReader.parse("{\"bio\": \"\(big)\"}")
        #expect(value.members?.first?.value == .string(big))
    }

    @Test func writerEscapesAndRoundTrips() throws {
        let value: Value = ["s": "quote\" back\\ nl\n tab\t bell\u{07} é 😀", "n": 2.5, "i": -3, "b": false, "z": nil]
        let text = JSONWriter.write(value)
        #expect(text.contains(#"\u0007"#))
        #expect(try JSONReader.parse(text) == value)
    }
}

/// Reports written by `JSONWriter` decode back (via `Codable`) to the same report, escapes included.
struct ReportJSONTests {
    static let reports: [Report] = [
        Report(form: "signup", valid: true, fields: [:], fieldOrder: [], formErrors: [], changed: nil),
        Report(
            form: "signup", valid: false,
            fields: [
                "username": FieldReport(
                    valid: false,
                    errors: [Issue(rule: "min_length", message: "At least \"3\"\ncharacters\\ \u{1}\t\r")],
                    warnings: [Issue(rule: "pattern", message: "Prefer lowercase")],
                    checks: [
                        Check(rule: "required", passed: true, requirement: "Required"),
                        Check(rule: "min_length", passed: false, requirement: "至少三个字符 e\u{301} 👨‍👩‍👧"),
                    ]),
                "bio": FieldReport(valid: true, errors: []),
            ],
            fieldOrder: ["username", "bio"],
            formErrors: [Issue(rule: "unknown_field", message: "Unknown field “x”")], changed: ["username", "bio"]),
        Report(form: "edit", valid: true, fields: [:], fieldOrder: [], formErrors: [], changed: []),
    ]

    @Test(arguments: reports.indices)
    func roundTripsThroughCodable(index: Int) throws {
        let report = Self.reports[index]
        let text = report.json()
        #expect(!text.contains("\n"), "one report, one line")
        #expect(try JSONDecoder().decode(Report.self, from: Data(text.utf8)) == report)
    }

    @Test func controlCharactersAreEscapedAsUnicode() {
        var bytes: [UInt8] = []
        JSONWriter.appendString("a\u{1}b", to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == #""a\u0001b""#)
    }
}

@Test("an interpolated string is a Value as a plain literal is (was: cannot convert)")
func interpolatedStringsAreValues() {
    let index = 3
    let values: [String: Value] = ["email": "u\(index)@example.com", "name": "Mei"]
    #expect(values["email"] == .string("u3@example.com") && values["name"] == .string("Mei"))
}
