import FormSpec
@_spi(Program) @_spi(Tooling) import FormSpecRuntime
import Foundation
import Testing

/// `default: today` and `default: today±N` for date fields: counted from the evaluation's today.
struct RelativeDefaultTests {
    private func spec(_ field: String) -> String {
        "formspec: 1\nform: f\nfields:\n  start:\n    type: date\n" + field
    }

    private func day(_ text: String) -> CivilDate { CivilDate(iso: text)! }

    @Test func aMissingFieldTakesTheEvaluationsToday() throws {
        let program = try program(spec("    default: today\n    rules:\n      - min: 2024-03-01\n"))
        #expect(try program.validate([:], context: EvaluationContext(today: day("2024-03-01"))).valid)
        let before = try program.validate([:], context: EvaluationContext(today: day("2024-02-29")))
        #expect(before.fields["start"]?.errors.map(\.rule) == ["min"])
    }

    @Test func anEmptyValueIsNotReplacedByTheDefault() throws {
        let program = try program(spec("    required: true\n    default: today\n"))
        let context = EvaluationContext(today: day("2024-02-29"))
        #expect(try program.validate([:], context: context).valid)
        #expect(
            try program.validate(["start": ""], context: context).fields["start"]?.errors.map(\.rule) == ["required"])
    }

    @Test func offsetsCountFromToday() throws {
        let program = try program(spec("    default: today-18y\n"))
        #expect(program.fields[0].defaultValue == nil)
        #expect(program.fields[0].defaultOffset == DateOffset(amount: -18, unit: .year))
        // Months and years clamp the day: 18 years before a leap day is Feb 28.
        #expect(program.defaultValue(ofField: 0, today: day("2024-02-29")) == .value(.date(day("2006-02-28"))))
        #expect(program.defaultInput(ofField: 0, today: day("2024-02-29")) == .string("2006-02-28"))
        var scratch = EvaluationScratch(program, today: day("2030-01-15"))
        #expect(scratch.values[0] == .value(.date(day("2012-01-15"))))
        scratch.reset(program, today: day("2031-01-15"))
        #expect(scratch.values[0] == .value(.date(day("2013-01-15"))))
    }

    @Test func theRecordPathAppliesItToo() throws {
        let program = try program(spec("    default: today+30d\n    rules:\n      - max: 2024-03-30\n"))
        let record = try program.record(from: [:])
        #expect(try program.validate(record, context: EvaluationContext(today: day("2024-02-29"))).valid)
        #expect(try !program.validate(record, context: EvaluationContext(today: day("2024-03-01"))).valid)
    }

    @Test func editModeCountsAMissingOriginalFromTheSameToday() throws {
        let program = try program(
            spec("    default: today\nform_rules:\n  - require_changes: true\n    message: Nothing to save\n"))
        let context = EvaluationContext(mode: .edit, original: [:], today: day("2001-01-01"))
        #expect(try program.validate([:], context: context).formErrors.map(\.message) == ["Nothing to save"])
        // Typing the default's own date is no change either; another date is.
        #expect(try !program.validate(["start": "2001-01-01"], context: context).valid)
        #expect(try program.validate(["start": "2001-01-02"], context: context).valid)
    }

    @Test func theDateSaturatesAtTheEndsOfTheCalendar() throws {
        let program = try program(spec("    default: today+250y\n"))
        #expect(program.defaultValue(ofField: 0, today: .latest) == .value(.date(.latest)))
        #expect(program.defaultValue(ofField: 0, today: CivilDate(days: .max)) == .value(.date(.latest)))
    }

    @Test func theCompiledJSONCarriesTheOffset() throws {
        let program = try program(spec("    default: today-1m\n"))
        let json = String(decoding: try JSONEncoder().encode(program), as: UTF8.self)
        #expect(json.contains("\"defaultOffset\""))
        let decoded = try JSONDecoder().decode(Program.self, from: Data(json.utf8))
        #expect(decoded.defaultValue(ofField: 0, today: day("2024-03-31")) == .value(.date(day("2024-02-29"))))
    }

    @Test(arguments: [
        ("today+1w", "invalid relative date 'today+1w'"),
        ("today+251y", "relative date 'today+251y' is out of range"),
        (
            "tomorrow",
            "default for date field 'start' must be a date (YYYY-MM-DD) or today±N, and 'tomorrow' is not one"
        ),
    ])
    func badRelativeDefaultsAreDiagnosed(text: String, message: String) {
        let compilation = compile(spec("    default: \(text)\n"))
        #expect(compilation.diagnostics.map(\.message) == [message])
    }

    @Test func onATextFieldTodayIsJustText() throws {
        let program = try program("formspec: 1\nform: f\nfields:\n  note:\n    default: today\n")
        #expect(program.fields[0].defaultValue == .string("today"))
        #expect(program.fields[0].defaultOffset == nil)
    }
}
