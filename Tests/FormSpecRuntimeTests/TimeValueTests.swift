import Foundation
import Testing

@_spi(Program) @_spi(Tooling) @testable import FormSpecRuntime

/// `CivilTime` (`HH:MM[:SS[.F]]`) and `OffsetDateTime` (RFC 3339 with an offset): strict parsing,
/// exact ordering by instant, steps, and their JSON form.
struct TimeValueTests {
    static func time(_ text: String) -> CivilTime { CivilTime(parsing: text)! }
    static func instant(_ text: String) -> OffsetDateTime { OffsetDateTime(parsing: text)! }

    // MARK: - Times

    @Test(
        "a time of day is HH:MM, HH:MM:SS or HH:MM:SS with 1 to 9 fraction digits",
        arguments: [
            ("00:00", 0), ("09:30", 34_200), ("23:59", 86_340), ("23:59:59", 86_399), ("12:00:00", 43_200),
            ("00:00:01", 1),
        ])
    func validTimes(text: String, seconds: Int64) {
        let time = CivilTime(parsing: text)
        #expect(time?.nanoseconds == seconds * 1_000_000_000)
        #expect(time?.description == text, "a time keeps its spelling")
    }

    @Test(
        "fraction digits are exact nanoseconds",
        arguments: [("10:00:00.5", 500_000_000), ("10:00:00.000000001", 1), ("10:00:00.123456789", 123_456_789)])
    func fractions(text: String, nanoseconds: Int64) {
        #expect(CivilTime(parsing: text)?.nanoseconds == 36_000 * 1_000_000_000 + nanoseconds)
    }

    @Test(
        "anything else is not a time",
        arguments: [
            "", "9:00", "09:0", "0900", "24:00", "23:60", "99:99", "23:59:60", "12:00:5", "12:00:00.",
            "12:00:00.1234567890", " 12:00", "12:00 ", "12:00Z", "12:00:00+01:00", "12-00", "１２:００", "12:00:00,5",
            "-01:00", "+01:00", "12:00:00.-1", "T12:00", "12:00:00:00", String(repeating: "9", count: 10_000),
            "12:\u{0}0", "12:00\u{0}",
        ])
    func invalidTimes(text: String) {
        #expect(CivilTime(parsing: text) == nil)
    }

    @Test("two spellings of a time are equal and hash alike; times order by the clock")
    func timeOrdering() {
        #expect(Self.time("09:00") == Self.time("09:00:00.000"))
        #expect(Set([Self.time("09:00"), Self.time("09:00:00")]).count == 1)
        #expect(Self.time("09:00") < Self.time("09:00:00.000000001"))
        #expect(Self.time("08:59:59.999999999") < Self.time("09:00"))
        #expect(Scalar.time(Self.time("17:30")).compare(.time(Self.time("17:30:00"))) == 0)
        #expect(Scalar.time(Self.time("17:30")).compare(.text("17:30")) == nil)
    }

    @Test("a step moves a time without wrapping at midnight")
    func timeSteps() throws {
        let step = try TimeStep.parse("90m", allowsDays: false).get()
        #expect(Self.time("09:00").adding(step) == Self.time("10:30"))
        #expect(Self.time("09:00").adding(step).description == "10:30:00", "a computed time is spelled canonically")
        let late = Self.time("23:45").adding(try TimeStep.parse("+30m", allowsDays: false).get())
        #expect(late > Self.time("23:59:59.999999999"), "23:45 + 30m is beyond every time of the day")
        #expect(late.description == "24:15:00")
        let early = Self.time("00:15").adding(try TimeStep.parse("-30m", allowsDays: false).get())
        #expect(early < Self.time("00:00"))
        #expect(early.description == "-00:15:00")
    }

    // MARK: - Date-times

    @Test(
        "an RFC 3339 date-time needs seconds and an offset",
        arguments: [
            "2024-05-01T09:30:00Z", "2024-05-01t09:30:00z", "2024-05-01T09:30:00+02:00", "2024-05-01T09:30:00-00:00",
            "2024-05-01T09:30:00.5+14:00", "2024-05-01T09:30:00.123456789-12:00", "0000-01-01T00:00:00Z",
            "9999-12-31T23:59:59.999999999Z", "2024-02-29T12:00:00Z", "2024-05-01T09:30:00+23:59",
        ])
    func validDateTimes(text: String) {
        #expect(OffsetDateTime(parsing: text)?.description == text)
    }

    @Test(
        "anything else is not a date-time",
        arguments: [
            "", "2024-05-01", "2024-05-01T09:30Z", "2024-05-01T09:30:00", "2024-05-01 09:30:00Z",
            "2024-05-01T09:30:00+0200", "2024-05-01T09:30:00+2:00", "2024-05-01T09:30:00+24:00",
            "2024-05-01T09:30:00+02:60", "2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z", "2024-00-01T00:00:00Z",
            "2024-04-31T00:00:00Z", "2024-05-01T24:00:00Z", "2024-05-01T23:59:61Z", "2024-05-01T99:99:99Z",
            "+12024-05-01T00:00:00Z", "-2024-05-01T00:00:00Z", "20240-05-01T00:00:00Z", "99999999999-01-01T00:00:00Z",
            "2024-05-01T09:30:00.Z", "2024-05-01T09:30:00.1234567890Z", "2024-05-01T09:30:00ZZ",
            "2024-05-01T09:30:00Z ", " 2024-05-01T09:30:00Z", "2024-05-01T09:30:00+02:00:00", "2024-05-01X09:30:00Z",
            "２０２４-05-01T09:30:00Z", "2024-05-01T09:30:00UTC", "2024-05-01T09:30:00+02", "2024-05-01T09:30:00−02:00",
            String(repeating: "2024-05-01T09:30:00Z", count: 1_000),
        ])
    func invalidDateTimes(text: String) {
        #expect(OffsetDateTime(parsing: text) == nil)
    }

    @Test(
        "a leap second is read only at 23:59:60 UTC, and sorts inside its minute",
        arguments: [
            ("1998-12-31T23:59:60Z", true), ("1998-12-31T15:59:60-08:00", true), ("1999-01-01T00:59:60+01:00", true),
            ("1998-12-31T23:58:60Z", false), ("1998-12-31T22:59:60Z", false), ("1998-12-31T23:59:60+01:00", false),
        ])
    func leapSeconds(text: String, valid: Bool) {
        #expect((OffsetDateTime(parsing: text) != nil) == valid)
    }

    @Test("a leap second lies after 23:59:59.999999999 and before midnight")
    func leapSecondOrder() {
        let leap = Self.instant("1998-12-31T23:59:60.5Z")
        #expect(Self.instant("1998-12-31T23:59:59.999999999Z") < leap)
        #expect(leap < Self.instant("1999-01-01T00:00:00Z"))
        #expect(leap == Self.instant("1998-12-31T15:59:60.5-08:00"))
    }

    @Test(
        "two spellings of one instant are equal; date-times order by the instant, whatever the offset",
        arguments: [
            ("2024-05-01T10:00:00Z", "2024-05-01T12:00:00+02:00", 0),
            ("2024-05-01T10:00:00Z", "2024-05-01T10:00:00-00:00", 0),
            ("2024-05-01T10:00:00z", "2024-05-01t10:00:00.000Z", 0),
            ("2024-05-01T23:30:00-12:00", "2024-05-02T11:30:00Z", 0),
            ("2024-05-02T01:00:00+14:00", "2024-05-01T11:00:00Z", 0),
            ("2024-05-02T01:00:00+14:00", "2024-05-01T12:00:00-12:00", -1),
            ("2024-05-01T09:00:00+01:00", "2024-05-01T09:00:00Z", -1),
            ("2024-05-01T09:00:00.000000001Z", "2024-05-01T09:00:00Z", 1),
            ("0000-01-01T00:00:00+23:59", "9999-12-31T23:59:59-23:59", -1),
        ])
    func instantOrder(a: String, b: String, order: Int) {
        #expect(Scalar.datetime(Self.instant(a)).compare(.datetime(Self.instant(b))) == order)
        #expect(Scalar.datetime(Self.instant(b)).compare(.datetime(Self.instant(a))) == -order)
        #expect(Scalar.datetime(Self.instant(a)).exactlyEquals(.datetime(Self.instant(b))) == (order == 0))
        if order == 0 { #expect(Self.instant(a).hashValue == Self.instant(b).hashValue) }
    }

    @Test("a step moves the instant and is spelled in the value's own offset")
    func dateTimeSteps() throws {
        let start = Self.instant("2024-05-01T23:30:00+02:00")
        let day = start.adding(try TimeStep.parse("1d", allowsDays: true).get())
        #expect(day == Self.instant("2024-05-02T21:30:00Z"))
        #expect(day.description == "2024-05-02T23:30:00+02:00")
        let back = start.adding(try TimeStep.parse("-90m", allowsDays: true).get())
        #expect(back.description == "2024-05-01T22:00:00+02:00")
        let leap = Self.instant("1998-12-31T23:59:60Z").adding(try TimeStep.parse("1s", allowsDays: true).get())
        #expect(leap == Self.instant("1999-01-01T00:00:01Z"), "a leap second carries into the next second")
    }

    // MARK: - Steps

    @Test(
        "steps take a sign, digits and one unit; days only on date-times; bounded so nothing overflows",
        arguments: [
            ("90m", false, 5_400 as Int64?), ("+2h", false, 7_200), ("-30s", false, -30), ("24h", false, 86_400),
            ("1440m", false, 86_400), ("25h", false, nil), ("1d", false, nil), ("1d", true, 86_400),
            ("100000d", true, 8_640_000_000), ("100001d", true, nil), ("8640000000s", true, 8_640_000_000),
            ("99999999999999999999999999h", true, nil), ("--1h", true, nil), ("1y", true, nil), ("1M", true, nil),
            ("h", true, nil), ("1 h", true, nil), ("", true, nil), ("1.5h", true, nil), ("１h", true, nil),
        ])
    func steps(text: String, allowsDays: Bool, seconds: Int64?) {
        #expect((try? TimeStep.parse(text, allowsDays: allowsDays).get())?.seconds == seconds)
    }

    // MARK: - Reading and JSON

    @Test("fields read times and date-times from strings only")
    func reading() {
        #expect(FieldType.time.read(.string("09:30"), trim: false) == .value(.time(Self.time("09:30"))))
        #expect(FieldType.time.read(.string(" 09:30 "), trim: true) == .value(.time(Self.time("09:30"))))
        #expect(FieldType.time.read(.string(" 09:30 "), trim: false) == .invalid(rule: "type"))
        #expect(FieldType.time.read(.integer(930), trim: false) == .invalid(rule: "type"))
        #expect(FieldType.datetime.read(.string("2024-05-01"), trim: false) == .invalid(rule: "type"))
        #expect(FieldType.datetime.read(.bool(true), trim: false) == .invalid(rule: "type"))
        #expect(FieldType.datetime.read(.string(""), trim: false) == .empty)
    }

    @Test(
        "scalars and offsets round-trip through JSON with their spelling",
        arguments: ["09:30", "09:30:00.250", "2024-05-01T09:30:00+02:00", "2024-05-01t09:30:00z"])
    func codec(text: String) throws {
        let scalar: Scalar =
            text.count > 12 ? .datetime(Self.instant(text)) : .time(Self.time(text))
        let data = try JSONEncoder().encode(scalar)
        let decoded = try JSONDecoder().decode(Scalar.self, from: data)
        #expect(decoded == scalar)
        #expect(decoded.description == text)
        let offset = OperandOffset.time(try TimeStep.parse("-90m", allowsDays: true).get())
        #expect(try JSONDecoder().decode(OperandOffset.self, from: JSONEncoder().encode(offset)) == offset)
        #expect(String(decoding: try JSONEncoder().encode(offset), as: UTF8.self) == #"{"time":"-90m"}"#)
    }

    @Test("malformed times in program JSON are decoding errors")
    func malformedJSON() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Scalar.self, from: Data(#"{"time": "25:00"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Scalar.self, from: Data(#"{"datetime": "2024-05-01T09:30:00"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(OperandOffset.self, from: Data(#"{"time": "1y"}"#.utf8))
        }
    }
}
