import FormSpec
@_spi(Tooling) import FormSpecRuntime
import Foundation
import Testing

/// Report semantics (docs/reference.md) through compiled specs.
struct EvaluationTests {
    static let today = CivilDate(iso: "2024-02-29")!

    @Test func requiredEmptyFieldFailsWithOnlyRequired() throws {
        let program = try program("formspec: 1\nform: f\nfields: {name: {required: true, rules: [{min_length: 3}]}}")
        for input: Value in [[:], ["name": nil], ["name": ""]] {
            let report = try program.validate(input)
            #expect(report.fields["name"]?.errors == [Issue(rule: "required", message: "Name is required")])
        }
    }

    @Test func optionalEmptyFieldPassesWithoutRunningRules() throws {
        let program = try program("formspec: 1\nform: f\nfields: {nick: {rules: [{min_length: 3}, {check: taken}]}}")
        let report = try program.validate([:])
        #expect(report.valid)
        #expect(
            report.fields["nick"]?.checks.map(\.passed) == [false, false],
            "the checklist still lists unmet requirements")
    }

    @Test func reportFirstListsOnlyTheFirstFailureButEveryCheck() throws {
        let program = try program(
            """
            formspec: 1
            form: f
            fields:
              password:
                type: secret
                report: first
                rules:
                  - min_length: 8
                    message: Too short
                  - contains: [uppercase, digit]
                    message: Too weak
            """)
        let report = try program.validate(["password": "abc"])
        #expect(report.messages == ["password": ["Too short"]])
        #expect(report.fields["password"]?.checks.map(\.passed) == [false, false])
        #expect(try program.validate(["password": "abcdefgh"]).messages == ["password": ["Too weak"]])
    }

    @Test func warningsDoNotMakeTheFormInvalid() throws {
        let program = try program(
            "formspec: 1\nform: f\nfields: {bio: {rules: [{max_length: 5, severity: warning, message: Long}]}}")
        let report = try program.validate(["bio": "toolong"])
        #expect(report.valid)
        #expect(report.fields["bio"]?.warnings == [Issue(rule: "max_length", message: "Long")])
        #expect(report.json().contains(#""warnings":[{"rule":"max_length","message":"Long"}]"#))
    }

    @Test func inactiveFieldsAreAbsentAndRuleConditionsSkip() throws {
        let program = try program(
            """
            formspec: 1
            form: f
            fields:
              contact: {type: choice, options: [email, phone], required: true}
              email: {required: true, when: {field: contact, equals: email}, rules: [{format: email}]}
              phone:
                rules:
                  - required: true
                    when: {field: contact, equals: phone}
                  - pattern: "^[0-9]+$"
            """)
        let phone = try program.validate(["contact": "phone", "phone": ""])
        #expect(phone.fields["email"] == nil)
        #expect(phone.fields["phone"]?.errors.map(\.rule) == ["required"])
        let email = try program.validate(["contact": "email", "email": "x"])
        #expect(email.messages == ["email": ["Email must be a valid email address"]])
        #expect(email.fields["phone"]?.valid == true)
    }

    @Test func showModeChecksNothingAndEditModeTracksChanges() throws {
        let program = try program(
            """
            formspec: 1
            form: f
            fields:
              name: {required: true, trim: true}
              age: {type: integer}
            form_rules:
              - require_changes: true
                message: Nothing to save
            """)
        let show = try program.validate(["name": ""], context: EvaluationContext(mode: .show))
        #expect(show.valid && show.fields.isEmpty)
        let original: Value = ["name": "Ann", "age": 30]
        let unchanged = try program.validate(
            ["name": " Ann ", "age": "30"], context: EvaluationContext(mode: .edit, original: original))
        #expect(unchanged.changed == [])
        #expect(unchanged.formErrors == [Issue(rule: "require_changes", message: "Nothing to save")])
        let changed = try program.validate(
            ["name": "Ann", "age": 31], context: EvaluationContext(mode: .edit, original: original))
        #expect(changed.changed == ["age"])
        #expect(changed.valid)
        #expect(try program.validate(["name": "Ann"]).changed == nil, "changed is reported in edit mode only")
    }

    @Test func strictModeReportsUnknownFields() throws {
        let program = try program("formspec: 1\nform: f\nfields: {a: {}}")
        let report = try program.validate(["a": "x", "zzz": 1], context: EvaluationContext(strict: true))
        #expect(report.formErrors == [Issue(rule: "unknown_field", message: "Unknown field “zzz”")])
        #expect(try program.validate(["a": "x", "zzz": 1]).valid)
    }

    @Test func crossFieldRulesReportOnTheOwner() throws {
        let program = try program(
            "formspec: 1\nform: f\nfields: {password: {type: secret}, confirm: {type: secret, rules: [{same_as: password}]}}"
        )
        let report = try program.validate(["password": "a", "confirm": "b"])
        #expect(report.messages == ["confirm": ["Confirm must match Password"]])
        #expect(program.dependents[0] == [1], "changing password re-checks confirm")
    }

    @Test(arguments: [
        ("en", "Username must be at least 6 characters"), ("zh-Hans", nil), ("zh-Hant", nil), ("ja", nil),
        ("ja-JP", nil), ("fr", "Username must be at least 6 characters"),
    ])
    func defaultMessagesShipInEveryLocale(locale: String, english: String?) throws {
        let program = try program("formspec: 1\nform: f\nfields: {username: {rules: [{min_length: 6}]}}")
        let message = try program.validate(["username": "abc"], context: EvaluationContext(locale: locale)).messages[
            "username"]?.first
        let unwrapped = try #require(message)
        if let english {
            #expect(unwrapped == english)
        } else {
            #expect(unwrapped != "Username must be at least 6 characters" && unwrapped.contains("6"))
        }
    }

    @Test func localeFallsBackToTheSpecLocaleThenEnglish() throws {
        let program = try program(
            """
            formspec: 1
            form: f
            locale: ja
            fields:
              name:
                label: 名前
                rules:
                  - min_length: 2
                    message: {ja: "{label}は{min}文字以上", zh-Hant: "{label}至少{min}個字"}
            """)
        #expect(
            try program.validate(["name": "a"], context: EvaluationContext(locale: "zh-Hant")).messages["name"] == [
                "名前至少2個字"
            ])
        #expect(
            try program.validate(["name": "a"], context: EvaluationContext(locale: "fr")).messages["name"] == [
                "名前は2文字以上"
            ])
        #expect(try program.validate(["name": "a"]).messages["name"] == ["名前は2文字以上"])
    }

    @Test func templatesFillEveryPlaceholder() throws {
        let program = try program(
            """
            formspec: 1
            form: f
            fields:
              code: {rules: [{one_of: [a, b, c], message: "{value} is not {one_of}"}]}
              pw: {type: secret, rules: [{contains: [digit, symbol], count: 2, requirement: "{count} of each: {classes}"}]}
              start: {type: date}
              end: {type: date, rules: [{greater_than: {field: start}}, {max: today+1y}]}
            """)
        let report = try program.validate(
            ["code": "z", "pw": "x", "start": "2024-03-01", "end": "2024-02-01"],
            context: EvaluationContext(today: Self.today))
        #expect(report.messages["code"] == ["z is not a, b or c"])
        #expect(report.fields["pw"]?.checks.first?.requirement == "2 of each: digits and symbols")
        #expect(report.messages["end"] == ["End must be after Start"])
        #expect(
            try program.validate(["end": "2025-03-01"], context: EvaluationContext(today: Self.today)).messages["end"]
                == ["End must be on or before today + 1 year"])
    }

    /// A count of 1 reads in the singular, and `contains` names its classes with "and", in the
    /// plural after any other count (the reference's `{classes}`, once "uppercase letter, digit").
    @Test(arguments: [
        ("min_length: 1", "en", "Code must be at least 1 character"),
        ("max_length: 1", "en", "Code must be at most 1 character"),
        ("max_length: 2", "en", "Code must be at most 2 characters"),
        ("contains: digit", "en", "Code must contain at least 1 digit"),
        ("{contains: digit, count: 2}", "en", "Code must contain at least 2 digits"),
        (
            "{contains: [uppercase, digit, symbol]}", "en",
            "Code must contain at least 1 uppercase letter, digit and symbol"
        ),
        (
            "{contains: [uppercase, digit], count: 2}", "en",
            "Code must contain at least 2 each of uppercase letters and digits"
        ),
        (
            "{contains: [letter, whitespace], count: 3}", "en",
            "Code must contain at least 3 each of letters and whitespace characters"
        ),
        // "Each": two of each class, not two characters in all.
        ("{contains: [uppercase, digit], count: 2}", "zh-Hans", "Code必须包含大写字母和数字各至少2个"),
        ("{contains: [uppercase, digit], count: 2}", "zh-Hant", "Code必須包含大寫字母和數字各至少2個"),
        ("{contains: [uppercase, digit], count: 2}", "ja", "Codeには大文字と数字をそれぞれ2文字以上含めてください"),
        ("{contains: digit, count: 2}", "zh-Hans", "Code必须至少包含2个数字"),
        ("max_length: 1", "ja", "Codeは1文字以内で入力してください"),
    ])
    func countsReadInTheSingularAndPlural(rule: String, locale: String, message: String) throws {
        let program = try program(
            """
            formspec: 1
            form: f
            fields:
              code: {rules: [\(rule)]}
            """)
        let report = try program.validate(["code": "xyz"], context: EvaluationContext(locale: locale))
        #expect(report.fields["code"]?.checks.map(\.requirement) == [message])
    }

    @Test(arguments: [
        ("min_items: 1", ["a"], "Tags: at least 1 item"),
        ("max_items: 1", ["a", "b"], "Tags: at most 1 item"),
        ("max_items: 2", ["a", "b", "c"], "Tags: at most 2 items"),
    ])
    func itemCountsReadInTheSingularAndPlural(rule: String, tags: [String], message: String) throws {
        let program = try program(
            """
            formspec: 1
            form: f
            fields:
              tags: {type: list, of: text, rules: [\(rule)]}
            """)
        let report = try program.validate(["tags": .array(tags.map { .string($0) })])
        #expect(report.fields["tags"]?.checks.first?.requirement == message)
    }

    @Test func typeAndChoiceFailures() throws {
        let program = try program(
            "formspec: 1\nform: f\nfields: {n: {type: integer}, c: {type: choice, options: [{value: a, label: Apple}, {value: b, label: Banana}]}}"
        )
        let report = try program.validate(["n": 12.5, "c": "z"])
        #expect(report.fields["n"]?.errors == [Issue(rule: "type", message: "N must be a whole number")])
        #expect(report.fields["c"]?.errors == [Issue(rule: "choice", message: "C must be one of Apple or Banana")])
    }

    /// An option written as a YAML float that is a whole number (`1e15`, `2.0`) is the integer a
    /// JSON input of it reads as. `1e15` was the text `1000000000000000.0`, which no input matched.
    @Test func wholeNumberOptionsWrittenAsFloatsMatchTheirInputs() throws {
        let program = try program("formspec: 1\nform: f\nfields: {n: {type: choice, options: [1e15, 2.0, 1.5e1, 0.5]}}")
        for input: Value in [.integer(1_000_000_000_000_000), .integer(2), .integer(15), 0.5, "2"] {
            #expect(try program.validate(["n": input]).valid, "\(input)")
        }
        #expect(
            try program.validate(["n": "2.0"]).fields["n"]?.errors
                == [Issue(rule: "choice", message: "N must be one of 1000000000000000, 2, 15 or 0.5")])
    }

    @Test func defaultsApplyOnlyWhenTheFieldIsMissing() throws {
        let program = try program(
            "formspec: 1\nform: f\nfields: {level: {type: integer, default: 5, required: true, rules: [{max: 5}]}}")
        #expect(try program.validate([:]).valid)
        #expect(try program.validate(["level": nil]).fields["level"]?.errors.map(\.rule) == ["required"])
    }

    @Test func secretsNeverAppearInReports() throws {
        let program = try program(
            "formspec: 1\nform: f\nfields: {pw: {type: secret, rules: [{min_length: 50}, {equals: hunter2}, {not_pattern: 'x'}]}}"
        )
        let report = try program.validate(["pw": "sup3rs3cretx"])
        #expect(!report.json().contains("sup3rs3cret"))
    }

    @Test func unstubbedChecksAreErrorsNotPasses() throws {
        let program = try program("formspec: 1\nform: f\nfields: {u: {rules: [{check: available}]}}")
        #expect(throws: EvaluationError.unresolvedCheck(check: "available", field: "u")) {
            try program.validate(["u": "x"])
        }
        let failed = try program.validate(
            ["u": "x"], context: EvaluationContext(checks: EvaluationContext.stubs(["available": false])))
        #expect(failed.fields["u"]?.errors.map(\.rule) == ["check"])
        #expect(program.checkNames == ["available"])
    }

    @Test func combinatorsCarryOneMessage() throws {
        let program = try program(
            """
            formspec: 1
            form: f
            fields:
              ref:
                rules:
                  - any: [{pattern: "^T-[0-9]{6}$"}, {format: uuid}]
                    message: A ticket number or ID
                  - not: {one_of: [T-000000]}
                    message: Not the example
                  - all: [{contains: digit}, {min_length: 3, when: {mode: edit}}]
            """)
        #expect(try program.validate(["ref": "T-123456"]).valid)
        #expect(try program.validate(["ref": "nope"]).messages["ref"] == ["A ticket number or ID", "Ref is invalid"])
        #expect(try program.validate(["ref": "T-000000"]).messages["ref"] == ["Not the example"])
    }

    @Test("on an empty field a group whose members are all left out is not listed (was: any ✗)")
    func emptyFieldListsNoGroupOfLeftOutMembers() throws {
        let program = try program(
            """
            formspec: 1
            form: f
            fields:
              kind: {}
              q:
                rules:
                  - any: [{min_length: 5, when: {field: kind, equals: a}}]
                  - all: [{max_length: 9, when: {field: kind, equals: a}}, {not: {pattern: x, when: {mode: edit}}}]
                  - max_length: 3
            """)
        func checks(_ kind: String) throws -> [String] {
            try program.validate(["kind": .string(kind)]).fields["q"]?.checks.map(\.rule) ?? []
        }
        #expect(try checks("b") == ["max_length"])
        #expect(try checks("a") == ["any", "all", "max_length"])
    }

    @Test func nonObjectInputIsAnError() throws {
        let program = try program("formspec: 1\nform: f\nfields: {a: {}}")
        #expect(throws: EvaluationError.notAnObject("an array")) { try program.validate([1, 2]) }
    }

    @Test func reportEncodesToTheDocumentedJSON() throws {
        let program = try program(
            "formspec: 1\nform: signup\nfields: {username: {rules: [{min_length: 6, requirement: A minimum of 6 characters}]}}"
        )
        let report = try program.validate(["username": "abc"])
        #expect(
            report.json()
                == #"{"form":"signup","valid":false,"fields":{"username":{"valid":false,"errors":[{"rule":"min_length","message":"Username must be at least 6 characters"}],"checks":[{"rule":"min_length","passed":false,"requirement":"A minimum of 6 characters"}]}},"form_errors":[]}"#
        )
        let decoded = try JSONDecoder().decode(Report.self, from: Data(report.json().utf8))
        #expect(decoded == report)
    }

    @Test func loweredProgramRoundTripsThroughJSON() throws {
        let program = try program(
            "formspec: 1\nform: f\nfields: {a: {rules: [{pattern: '^[a-z]+$'}, {use: x}]}}\ndefine: {x: {max_length: 3}}"
        )
        let data = try JSONEncoder().encode(program)
        let decoded = try JSONDecoder().decode(Program.self, from: data)
        #expect(try decoded.validate(["a": "abcd"]) == program.validate(["a": "abcd"]))
    }
}

/// `EvaluationContext.prepare(for:)` only caches: reports are the same, and changing the
/// context afterwards is never served from a stale cache.
struct PreparedContextTests {
    static let source = """
        formspec: 1
        form: f
        fields:
          name: {rules: [{min_length: 3}]}
        form_rules:
          - require_changes: true
        """

    @Test func preparedContextGivesTheSameReports() throws {
        let program = try program(Self.source)
        var context = EvaluationContext(locale: "ja", mode: .edit, original: ["name": "Ann"])
        let plain = try program.validate(["name": "Al"], context: context)
        try context.prepare(for: program)
        #expect(try program.validate(["name": "Al"], context: context) == plain)
        #expect(try program.validate(["name": "Ann"], context: context).formErrors.map(\.rule) == ["require_changes"])
    }

    @Test func changingTheContextDropsWhatWasPrepared() throws {
        let program = try program(Self.source)
        var context = EvaluationContext(locale: "ja")
        try context.prepare(for: program)
        context.locale = "en"
        #expect(
            try program.validate(["name": "Al"], context: context).messages["name"] == [
                "Name must be at least 3 characters"
            ])
        context.mode = .edit
        context.original = ["name": "Al"]
        #expect(try program.validate(["name": "Al"], context: context).changed == [])
    }

    @Test("a context prepared for one program is not used for another of the same shape")
    func preparedForAnotherProgramIsNotReused() throws {
        // Same form name, locale and field count; different rules and messages.
        let first = try program(Self.source)
        let second = try program(
            """
            formspec: 1
            form: f
            fields:
              name:
                rules:
                  - max_length: 1
                    message: One letter at most
                  - pattern: "^[a-z]$"
                    message: A lowercase letter
            """)
        var context = EvaluationContext(mode: .edit, original: ["name": "Ann"])
        try context.prepare(for: first)
        let report = try second.validate(["name": "Al"], context: context)
        let unprepared = EvaluationContext(mode: .edit, original: ["name": "Ann"])
        #expect(report == (try second.validate(["name": "Al"], context: unprepared)))
        #expect(report.messages["name"] == ["One letter at most", "A lowercase letter"])
    }

    @Test func preparingWithANonObjectOriginalThrows() throws {
        let program = try program(Self.source)
        var context = EvaluationContext(mode: .edit, original: [1])
        #expect(throws: EvaluationError.notAnObject("an array")) { try context.prepare(for: program) }
    }
}

@Suite("outcome lists after a partial evaluation")
struct StaleResultsTests {
    static let source = """
        formspec: 1
        form: f
        fields:
          a: {rules: [{min_length: 2}, {max_length: 9}]}
          b: {rules: [{check: taken}]}
          c: {rules: [{min_length: 2}, {max_length: 9}, {pattern: "^[a-z]+$"}]}
        """

    @Test("a field the last evaluation did not reach has no results, not an earlier record's")
    func evaluationThatThrowsLeavesNoStaleRanges() throws {
        let program = try program(Self.source)
        let record: Value = ["a": "abc", "b": "x", "c": "abc"]
        var scratch = EvaluationScratch(program)
        scratch.load(record.members ?? [], program: program, collectUnknownKeys: false)
        try program.evaluate(&scratch, context: EvaluationContext(checks: { _, _, _ in true }))
        #expect(scratch.results(of: 2).count == 3)

        // `b`'s check has no outcome now: the evaluation stops there, after `a`'s two results.
        scratch.load(record.members ?? [], program: program, collectUnknownKeys: false)
        #expect(throws: EvaluationError.unresolvedCheck(check: "taken", field: "b")) {
            try program.evaluate(&scratch, context: EvaluationContext())
        }
        #expect(scratch.results(of: 0).count == 2)
        #expect(scratch.results(of: 1).isEmpty)
        #expect(scratch.results(of: 2).isEmpty)  // its range from the first record is past the end

        // One field evaluated alone: the others have no results in this pass.
        try program.evaluateField(0, in: &scratch, context: EvaluationContext())
        #expect(scratch.results(of: 0).count == 2)
        #expect(scratch.results(of: 2).isEmpty)
    }
}
