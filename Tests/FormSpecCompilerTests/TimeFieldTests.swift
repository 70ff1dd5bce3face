import FormSpec
import Foundation
import Testing

@_spi(Tooling) @testable import FormSpecRuntime

/// `type: time` and `type: datetime` compiled from specs: range rules with literals and fields,
/// offsets, equality and membership by instant, conditions, defaults and messages.
@Suite("time and datetime fields")
struct TimeFieldTests {
    static let source = """
        formspec: 1
        form: slots
        fields:
          start:
            type: time
            default: "09:00"
            rules:
              - min: "09:00:00"
              - less_than: "17:30"
                message: "{value} is too late"
          end:
            type: time
            rules:
              - greater_than: {field: start, offset: 29m}
              - at_most: {field: start, offset: +2h}
          sent:
            type: datetime
          due:
            type: datetime
            rules:
              - at_least: {field: sent, offset: 1h}
              - less_than: {field: sent, offset: 1d}
              - not_equals: "2024-05-01T12:00:00Z"
                message: "{value} is a holiday"
          alarm:
            type: time
            rules:
              - one_of: ["07:00", "07:30:00"]
              - same_as: start
          note:
            when: {any: [{field: start, at_least: "16:00"}, {field: due, equals: "2024-05-02T00:00:00+02:00"}]}
            required: late or special
        """

    static func report(
        _ input: [String: Value], locale: String? = nil
    ) throws -> Report {
        try CompiledForm(source: source).validateSynchronously(input, options: ValidationOptions(locale: locale))
    }

    static func errors(_ input: [String: Value], locale: String? = nil) throws -> [String: [String]] {
        try report(input, locale: locale).messages
    }

    @Test("a bound holds whatever spelling either side uses", arguments: ["09:00", "09:00:00", "09:00:00.0"])
    func boundSpellings(start: String) throws {
        #expect(try Self.errors(["start": .string(start)]) == [:])
    }

    @Test("range rules with literals: inclusive and strict, with the built-in and custom messages")
    func literalBounds() throws {
        #expect(try Self.errors(["start": "08:59:59.999"]) == ["start": ["Start must be at or after 09:00:00"]])
        #expect(try Self.errors(["start": "17:30:00"])["start"] == ["17:30:00 is too late"])
        #expect(try Self.errors(["start": "17:29:59"])["start"] == nil)
    }

    @Test("a missing time takes its default, which is checked like an input")
    func defaults() throws {
        let report = try Self.report(["end": "09:30"])
        #expect(report.valid)
        #expect(try Self.errors(["end": "09:29"]) == ["end": ["End must be after Start + 29 minutes"]])
    }

    @Test(
        "time offsets move the other field's value; the bound does not wrap at midnight",
        arguments: [
            ("10:00", "10:29", false), ("10:00", "10:29:00.001", true), ("10:00", "12:00", true),
            ("10:00", "12:00:01", false), ("17:00", "19:00", true),
        ])
    func timeOffsets(start: String, end: String, valid: Bool) throws {
        let errors = try Self.errors(
            ["start": .string("09:00"), "end": .string(end)].merging(
                ["start": .string(start)], uniquingKeysWith: { $1 }))
        #expect((errors["end"] == nil) == valid, "\(errors)")
    }

    @Test("the messages of offset bounds name the step in every unit")
    func offsetMessages() throws {
        #expect(
            try Self.errors(["start": "10:00", "end": "12:30"]) == [
                "end": ["End must be no later than Start + 2 hours"]
            ])
        #expect(
            try Self.errors(["start": "10:00", "end": "12:30"], locale: "ja") == ["end": ["EndはStart + 2時間以前にしてください"]]
        )
    }

    @Test(
        "date-time offsets compare instants across offsets",
        arguments: [
            ("2024-05-01T10:00:00Z", "2024-05-01T13:00:00+02:00", true),
            ("2024-05-01T10:00:00Z", "2024-05-01T12:59:59+02:00", false),
            ("2024-05-01T10:00:00+02:00", "2024-05-02T07:59:59.999999999Z", true),
            ("2024-05-01T10:00:00+02:00", "2024-05-02T10:00:00+02:00", false),
            ("2024-05-01T23:00:00-10:00", "2024-05-02T09:00:00Z", false),
            ("2024-05-01T23:00:00-10:00", "2024-05-02T10:00:00Z", true),
        ])
    func dateTimeOffsets(sent: String, due: String, valid: Bool) throws {
        let errors = try Self.errors(["sent": .string(sent), "due": .string(due)])
        #expect((errors["due"] == nil) == valid, "\(errors)")
    }

    @Test("equality with a literal is by instant, and {value} quotes the input as written")
    func equalityByInstant() throws {
        let errors = try Self.errors(["sent": "2024-05-01T11:00:00Z", "due": "2024-05-01T14:00:00+02:00"])
        #expect(errors == ["due": ["2024-05-01T14:00:00+02:00 is a holiday"]])
    }

    @Test("one_of and same_as compare times, not their text")
    func membership() throws {
        #expect(try Self.errors(["start": "07:30", "alarm": "07:30"])["alarm"] == nil)
        #expect(try Self.errors(["start": "09:00", "alarm": "07:00"]) == ["alarm": ["Alarm must match Start"]])
        #expect(
            try Self.errors(["start": "09:00", "alarm": "09:00:00"])
                == ["alarm": ["Alarm must be one of 07:00 or 07:30:00"]])
    }

    @Test(
        "conditions compare times and date-times",
        arguments: [
            (["start": Value.string("16:00")], true), (["start": "15:59:59"], false),
            (["start": "10:00", "sent": "2024-05-01T21:00:00Z", "due": "2024-05-01T22:00:00Z"], true),
            (["start": "10:00", "sent": "2024-05-01T21:00:00Z", "due": "2024-05-02T00:00:00Z"], false),
        ])
    func conditions(input: [String: Value], holds: Bool) throws {
        let errors = try Self.errors(input)
        #expect((errors["note"] == ["late or special"]) == holds, "\(errors)")
    }

    @Test(
        "type failures have a message in every bundled locale",
        arguments: [
            ("en", "Start must be a time (HH:MM or HH:MM:SS)"), ("zh-Hans", "Start必须是时间（HH:MM 或 HH:MM:SS）"),
            ("zh-Hant", "Start必須是時間（HH:MM 或 HH:MM:SS）"), ("ja", "Startは時刻（HH:MM または HH:MM:SS）で入力してください"),
        ])
    func typeMessages(locale: String, message: String) throws {
        #expect(try Self.errors(["start": "9am"], locale: locale) == ["start": [message]])
        #expect(try Self.errors(["sent": "2024-05-01T10:00:00"], locale: locale)["sent"]?.count == 1)
    }

    @Test(
        "a JSON Lines record reads times from its bytes exactly as a parsed value does",
        arguments: [
            #"{"start": "09:30", "end": "10:00:00.250", "sent": "2024-05-01t10:00:00z", "due": "2024-05-01T14:00:00+02:00"}"#,
            #"{"start": " 09:30 ", "end": "25:00", "sent": "2024-05-01T10:00:00-00:00", "due": "2024-05-01T11:00:00.5-00:00"}"#,
            #"{"start": "", "end": "9:00", "sent": "2024-05-01T10:00:00", "due": "１２:００"}"#,
            #"{"start": "16:00", "end": "\u0031\u0037:00", "sent": "1998-12-31T23:59:60Z", "due": 1}"#,
        ])
    func recordBytesAgree(line: String) throws {
        let program = try #require(compile(Self.source).spec?.program)
        var context = EvaluationContext(locale: "en", today: CivilDate(iso: "2024-05-01")!)
        try context.prepare(for: program)
        var records = RecordValidator(program: program, context: context)
        let reading = Array(line.utf8).withUnsafeBufferPointer { records.read(line: $0) }
        #expect(reading == .read)
        _ = try records.evaluate()
        let value = try JSONReader.parse(line)
        #expect(records.report() == (try program.validate(value, context: context)))
        #expect(records.report().json() == (try program.validate(value, context: context)).json())
    }

    @Test("the compiled program round-trips through JSON with its time literals and offsets")
    func programCoding() throws {
        let compilation = compile(Self.source)
        let program = try #require(compilation.spec?.program)
        let data = try JSONEncoder().encode(program)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""time":"+29m""#) && text.contains(#""time":"17:30""#))
        let decoded = try JSONDecoder().decode(Program.self, from: data)
        let input: Value = [
            "start": "10:00", "end": "12:30", "sent": "2024-05-01T10:00:00Z", "due": "2024-05-01T10:30:00+00:00",
        ]
        let context = EvaluationContext(locale: "en", today: CivilDate(iso: "2024-05-01")!)
        #expect(try decoded.validate(input, context: context) == program.validate(input, context: context))
    }
}
