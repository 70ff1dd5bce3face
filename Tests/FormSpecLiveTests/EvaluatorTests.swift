import FormSpec
@_spi(Program) @_spi(Tooling) import FormSpecRuntime
import Testing

private let combinatorSpec = """
    formspec: 1
    form: combinators
    fields:
      kind:
        type: choice
        options: [a, b]
      code:
        label: Code
        rules:
          - not:
              pattern: "^x"
              when: {field: kind, equals: a}
            message: Must not start with x
          - any:
              - min_length: 10
                when: {field: kind, equals: a}
              - max_length: 2
            message: Ten or more, or two or fewer
          - all:
              - min_length: 3
                when: {field: kind, equals: a}
              - max_length: 1
                when: {field: kind, equals: a}
            message: Never both
    """

@Suite("The evaluator: one outcome list per field")
struct EvaluatorTests {
    @Test func anInactiveRuleInsideNotIsLeftOutNotPassed() throws {
        let form = try CompiledForm(source: combinatorSpec)
        // kind is b: the pattern inside `not:` is off, so `not:` is left out instead of failing.
        let report = try form.validateSynchronously(["kind": "b", "code": "xy"])
        #expect(report.fields["code"]?.errors == [])
        #expect(report.fields["code"]?.checks.map(\.rule) == ["any"])
        // kind is a: the pattern runs, matches, and `not:` fails.
        let active = try form.validateSynchronously(["kind": "a", "code": "xy"])
        #expect(active.fields["code"]?.errors.map(\.message).contains("Must not start with x") == true)
    }

    @Test func anInactiveRuleInsideAnyDoesNotCountAsPassed() throws {
        let form = try CompiledForm(source: combinatorSpec)
        // kind is b: only `max_length: 2` is in the group, and "abcdef" fails it.
        let report = try form.validateSynchronously(["kind": "b", "code": "abcdef"])
        #expect(report.fields["code"]?.errors.map(\.message) == ["Ten or more, or two or fewer"])
        let short = try form.validateSynchronously(["kind": "b", "code": "ab"])
        #expect(short.fields["code"]?.valid == true)
    }

    @Test func aGroupWhoseMembersAreAllInactiveIsLeftOut() throws {
        let form = try CompiledForm(source: combinatorSpec)
        let report = try form.validateSynchronously(["kind": "b", "code": "abc"])
        #expect(report.fields["code"]?.checks.map(\.rule).contains("all") == false)
        let active = try form.validateSynchronously(["kind": "a", "code": "abc"])
        #expect(active.fields["code"]?.checks.map(\.rule).contains("all") == true)
        #expect(active.fields["code"]?.errors.map(\.message).contains("Never both") == true)
    }

    @Test func theScratchIsReusedAcrossRecords() throws {
        let program = try loadSpec("signup").program
        var scratch = EvaluationScratch(program)
        var context = EvaluationContext()
        try context.prepare(for: program)
        let records: [[String: String]] = [
            ["username": "alice_01", "password": "Passw0rd!", "confirm_password": "Passw0rd!"],
            ["username": "al", "password": "abc"],
            ["username": "alice_01", "password": "Passw0rd!", "confirm_password": "Passw0rd!"],
        ]
        var verdicts: [Bool] = []
        for record in records {
            scratch.reset(program)
            for (name, text) in record {
                let index = try #require(program.fieldIndex[name])
                scratch.values[index] = program.read(.string(text), forField: index)
            }
            try program.evaluate(&scratch, context: context)
            verdicts.append(scratch.valid)
            // The projection equals the one-shot report.
            let expected = try program.validate(Value(fields: record.mapValues { .string($0) }), context: context)
            #expect(program.report(from: scratch, context: context) == expected)
        }
        #expect(verdicts == [true, false, true])
    }

    @Test func outcomesNameEachRuleAndItsFate() throws {
        let program = try loadSpec("signup").program
        var scratch = EvaluationScratch(program)
        let password = try #require(program.fieldIndex["password"])
        scratch.values[password] = program.read("password", forField: password)
        try program.evaluate(&scratch, context: EvaluationContext())
        // required, min_length, strong_password, same_as (confirmation is empty: no match).
        #expect(scratch.results(of: password).map(\.outcome) == [.passed, .passed, .failed, .failed])
        #expect(scratch.results(of: password).map(\.rule) == [-1, 0, 1, 2])
        let confirm = try #require(program.fieldIndex["confirm_password"])
        #expect(scratch.results(of: confirm).map(\.outcome) == [.failed])
        #expect(scratch.activeFields == [0, 1, 2])
        #expect(!scratch.valid)
    }

    @Test func unansweredChecksAreCollectedOrAnError() throws {
        let source = """
            formspec: 1
            form: f
            fields:
              name:
                rules:
                  - all:
                      - check: first
                      - check: second
                    message: Not allowed
            """
        let program = try CompiledForm(source: source).program
        var scratch = EvaluationScratch(program)
        scratch.values[0] = program.read("x", forField: 0)
        #expect(throws: EvaluationError.unresolvedCheck(check: "first", field: "name")) {
            try program.evaluate(&scratch, context: EvaluationContext())
        }
        scratch.collectsUnanswered = true
        try program.evaluate(&scratch, context: EvaluationContext())
        #expect(scratch.unanswered.map(\.check) == ["first", "second"])
        #expect(scratch.results(of: 0).map(\.outcome) == [.pending])

        scratch.collectsUnanswered = false
        scratch.checkAnswers = [(0, "first", .passed), (0, "second", .failure("Server down"))]
        try program.evaluate(&scratch, context: EvaluationContext())
        let report = program.report(from: scratch, context: EvaluationContext())
        #expect(report.fields["name"]?.errors == [Issue(rule: "check", message: "Server down")])
    }

    @Test func debounceOnACheckNestedInAGroupIsKept() throws {
        let source = """
            formspec: 1
            form: f
            fields:
              name:
                rules:
                  - all:
                      - check: available
                        debounce: 250ms
                    message: Taken
            """
        let program = try CompiledForm(source: source).program
        guard case .all(let items) = program.fields[0].rules[0].rule else {
            Issue.record("expected an all: group")
            return
        }
        #expect(items.first?.debounceMilliseconds == 250)
    }

    @Test func textsAreRenderedOncePerLocaleUnlessTheyHoldTheValue() throws {
        let source = """
            formspec: 1
            form: f
            fields:
              name:
                label: Name
                rules:
                  - max_length: 3
                    message: "'{value}' is too long"
                  - min_length: 2
            """
        let program = try CompiledForm(source: source).program
        let texts = program.texts(for: LocaleChain(requested: "ja", specLocale: "en"))
        #expect(texts.messages[program.ruleIndex(field: 0, rule: 0)].text == nil)
        #expect(texts.messages[program.ruleIndex(field: 0, rule: 1)].text != nil)
        #expect(texts.messages[program.ruleIndex(field: 0, rule: 1)].text == "Nameは2文字以上で入力してください")
        var name: [UInt8] = []
        ReportEncoding(program: program, texts: texts).appendFieldName(0, to: &name)
        #expect(name == Array("\"name\"".utf8))
        let report = try program.validate(["name": "abcd"])
        #expect(report.fields["name"]?.errors.map(\.message) == ["'abcd' is too long"])
    }
}
