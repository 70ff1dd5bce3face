import FormSpec
@_spi(Tooling) import FormSpecRuntime
import Testing

@testable import FormSpecSpecTesting

/// A date field checked against `today`, with a warning, for the expectations added to spec tests:
/// `warnings:`, `checks:` and a pinned `today:`.
private func bookingSpec(tests: String) -> String {
    """
    formspec: 1
    form: booking
    fields:
      day:
        type: date
        rules:
          - greater_than: today
            message: After today
          - max: today+7d
            severity: warning
            message: Far ahead
    tests:
    \(tests)
    """
}

/// Compiles `source` as `booking.form.yaml`, importing nothing.
private func compile(_ source: String) -> Compilation {
    Compiler.compile(source: source, path: "booking.form.yaml", provider: InMemorySources([:]))
}

/// Runs every test of `source`, returning each test's failure text (`nil` when it passed).
private func failures(
    _ source: String, runner: SpecTestRunner = SpecTestRunner(record: false),
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> [String?] {
    let compilation = compile(source)
    #expect(!compilation.hasErrors, "\(compilation.renderedDiagnostics())", sourceLocation: sourceLocation)
    let spec = try #require(compilation.spec, sourceLocation: sourceLocation)
    return spec.tests.map { runner.run($0, of: spec.program, specPath: "booking.form.yaml").failure }
}

@Suite("Spec test expectations: warnings, checks, today")
struct SpecTestExpectationTests {
    @Test("a missing warning fails with the field's expected and actual warnings")
    func wrongWarnings() throws {
        let source = bookingSpec(
            tests: """
                  today: 2026-03-10
                  cases:
                    - name: far ahead
                      input: {day: "2026-03-30"}
                      expect: {warnings: {}}
                """)
        let failure = try #require(try failures(source).first ?? nil)
        #expect(failure.contains(#"day: expected no warnings, got ["Far ahead"]"#), "\(failure)")
        #expect(failure.contains("today: 2026-03-10"), "\(failure)")
    }

    @Test("warnings are compared exactly: a listed warning that does not happen fails")
    func unexpectedWarningExpectation() throws {
        let source = bookingSpec(
            tests: """
                  - name: tomorrow
                    today: 2026-03-10
                    input: {day: "2026-03-11"}
                    expect: {valid: true, warnings: {day: [Far ahead]}}
                """)
        let failure = try #require(try failures(source).first ?? nil)
        #expect(failure.contains(#"day: expected ["Far ahead"], got no warnings"#), "\(failure)")
    }

    @Test("a message YAML split at its commas is named as such")
    func messageSplitAtCommas() throws {
        let source = """
            formspec: 1
            form: parcel
            fields:
              note:
                required: "Write a note, a name or a code"
            tests:
              - name: unquoted
                input: {}
                expect: {errors: {note: [Write a note, a name or a code]}}
              - name: two messages, not one
                input: {}
                expect: {errors: {note: [Write a note, Something else]}}
              - name: unquoted, without spaces
                input: {}
                expect: {errors: {note: [Write a note,a name or a code]}}
            """
        let results = try failures(source)
        let split = try #require(results.first ?? nil)
        #expect(
            split.contains(
                #"note: expected ["Write a note", "a name or a code"], got ["Write a note, a name or a code"] (YAML split a message at its commas: quote each message in `[…]`)"#
            ), "\(split)")
        let other = try #require(results[1])
        #expect(!other.contains("YAML split"), "\(other)")
        let tight = try #require(results[2])
        #expect(tight.contains("(YAML split a message at its commas"), "\(tight)")
    }

    @Test("messages that read the same when shortened say where they differ")
    func differenceBeyondWhatIsShown() {
        let long = String(repeating: "é", count: 300)
        #expect(ExpectationCheck.list([long + "x"]) == ExpectationCheck.list([long]))
        #expect(
            ExpectationCheck.differenceBeyondShown([long + "x"], [long])
                == " (message 1 differs at character 301, past what is shown)")
        #expect(ExpectationCheck.differenceBeyondShown(["a"], ["b"]) == "")
    }

    @Test("a compact checks expectation names the list that differs")
    func compactChecksMismatch() throws {
        let source = bookingSpec(
            tests: """
                  - name: checks
                    today: 2026-03-10
                    input: {day: "2026-03-30"}
                    expect:
                      checks:
                        day: {passed: [greater_than, max]}
                """)
        let failure = try #require(try failures(source).first ?? nil)
        #expect(failure.contains("day checks: expected passed [greater_than, max], got [greater_than]"), "\(failure)")
    }

    @Test("a full checks expectation passes when rule and outcome match, in order")
    func fullChecksMatch() throws {
        let source = bookingSpec(
            tests: """
                  - name: checks
                    today: 2026-03-10
                    input: {day: "2026-03-30"}
                    expect:
                      checks:
                        day:
                          - {rule: greater_than, passed: true}
                          - {rule: max, passed: false, requirement: Far ahead}
                """)
        #expect(try failures(source) == [nil])
    }

    @Test("a test's own today wins over the runner's; the runner's fills tests that pin none")
    func pinnedTodayWins() throws {
        let source = bookingSpec(
            tests: """
                  - name: pinned
                    today: 2026-03-10
                    input: {day: "2026-03-11"}
                    expect: valid
                  - name: unpinned
                    input: {day: "2026-03-11"}
                    expect: valid
                """)
        let runner = SpecTestRunner(record: false, today: CivilDate(iso: "2026-03-20"))
        let results = try failures(source, runner: runner)
        #expect(results.count == 2)
        #expect(results.first == .some(nil))
        let unpinned = try #require(results.last ?? nil)
        #expect(unpinned.contains(#"day: expected no errors, got ["After today"]"#), "\(unpinned)")
        #expect(unpinned.contains("today: 2026-03-20"), "\(unpinned)")
    }

    @Test("the file's today applies to every case that does not pin its own")
    func fileToday() throws {
        let source = bookingSpec(
            tests: """
                  today: 2026-03-10
                  cases:
                    - name: file today
                      input: {day: "2026-03-11"}
                      expect: valid
                    - name: own today
                      today: 2026-03-12
                      input: {day: "2026-03-11"}
                      expect: {errors: {day: [After today]}}
                """)
        #expect(try failures(source) == [nil, nil])
    }

    @Test("an unknown key in expect lists the keys it takes")
    func unknownExpectationKey() {
        let compilation = compile(
            bookingSpec(
                tests: """
                      - name: typo
                        input: {day: "2026-03-11"}
                        expect: {warning: {day: [Far ahead]}}
                    """))
        let text = compilation.renderedDiagnostics(colored: false)
        #expect(text.contains("unknown key 'warning' in 'expect'"), "\(text)")
        #expect(text.contains("did you mean 'warnings'?"), "\(text)")
        #expect(text.contains("'expect' takes: valid, errors, form_errors, warnings, checks"), "\(text)")
    }

    @Test("tests written as a mapping accept only today and cases")
    func testSectionKeys() {
        let compilation = compile(bookingSpec(tests: "  today: 2026-03-10\n  case: []"))
        let text = compilation.renderedDiagnostics(colored: false)
        #expect(text.contains("unknown key 'case' in 'tests'"), "\(text)")
        #expect(text.contains("did you mean 'cases'?"), "\(text)")
    }
}
