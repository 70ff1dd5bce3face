import FormSpec
@_spi(Tooling) import FormSpecRuntime
import Testing

/// A secret's value, and anything that holds it, appears in no output of the compiler: not in
/// messages, not in default messages, not in the source lines quoted under diagnostics.
struct SecretOutputTests {
    private func errors(_ compilation: Compilation) -> [String] {
        compilation.diagnostics.filter { $0.severity == .error }.map(\.message)
    }

    @Test(arguments: ["different_from: password", "same_as: password", "not_equals: {field: password}"])
    func valueOfAFieldComparedWithASecretIsRefused(rule: String) {
        let compilation = compile(
            """
            formspec: 1
            form: f
            fields:
              password: {type: secret}
              hint:
                rules:
                  - \(rule)
                    message: "{value} is not allowed"
            """)
        #expect(errors(compilation) == ["'{value}' would show a secret in a message"])
    }

    @Test func valueThroughAUseOrACombinatorIsRefusedToo() {
        let compilation = compile(
            """
            formspec: 1
            form: f
            define:
              not_the_password: {different_from: password}
            fields:
              password: {type: secret}
              hint:
                rules:
                  - use: not_the_password
                    message: "{value} is the password"
                  - any: [{different_from: password}, {min_length: 30}]
                    message: "{value} is too close"
            """)
        #expect(errors(compilation).count == 2)
        #expect(Set(errors(compilation)) == ["'{value}' would show a secret in a message"])
    }

    @Test func valueOfAFieldComparedWithAnOrdinaryFieldIsFine() {
        let compilation = compile(
            "formspec: 1\nform: f\nfields:\n  a: {}\n  b: {rules: [{different_from: a, message: '{value} is a', requirement: Not a}]}"
        )
        #expect(compilation.diagnostics.isEmpty)
    }

    @Test func defaultMessagesOfComparisonsOnASecretLeaveTheLiteralOut() throws {
        let program = try program(
            """
            formspec: 1
            form: f
            fields:
              password:
                type: secret
                rules:
                  - not_equals: Pa55word
                  - not_one_of: [hunter2, letmein]
              pin:
                type: secret
                rules:
                  - equals: "0000"
            """)
        for locale in ["en", "ja", "zh-Hans", "zh-Hant"] {
            let report = try program.validate(
                ["password": "Pa55word", "pin": "1234"], context: EvaluationContext(locale: locale))
            let shown = report.fields.values.flatMap(\.errors).map(\.message).joined(separator: "\n")
            #expect(report.fields["password"]?.errors.count == 1)
            #expect(!shown.contains("Pa55word") && !shown.contains("0000"), "\(locale): \(shown)")
            let listed = try program.validate(
                ["password": "hunter2", "pin": "0000"], context: EvaluationContext(locale: locale))
            let listedText = listed.fields.values.flatMap(\.errors).map(\.message).joined()
            #expect(!listedText.contains("hunter2") && !listedText.contains("letmein"), "\(locale): \(listedText)")
        }
        let report = try program.validate(["password": "Pa55word", "pin": "0000"])
        #expect(report.fields["password"]?.errors.map(\.message) == ["Password must not be this value"])
    }

    @Test("a {value} that holds a secret is masked: a number, a date, a text in another case (was: printed)")
    func valuesHoldingASecretAreMasked() throws {
        let program = try program(
            """
            formspec: 1
            form: f
            fields:
              pin: {type: secret}
              amount: {type: integer, rules: [{max: 3, message: "Amount {value}"}]}
              day: {type: date, rules: [{max: 2000-01-01, message: "Day {value}"}]}
              hint: {rules: [{max_length: 3, message: "Hint {value}"}]}
            """)
        let masked = try program.validate(["pin": "2024", "amount": 2024, "day": "2024-05-01", "hint": "my 2024 pin"])
        #expect(masked.messages == ["amount": ["Amount ••••"], "day": ["Day ••••"], "hint": ["Hint ••••"]])
        let word = try program.validate(["pin": "Tulip", "hint": "a TULIP!"])
        #expect(word.messages == ["hint": ["Hint ••••"]])
        let shown = try program.validate(["pin": "9999", "amount": 2024, "hint": "my pin"])
        #expect(shown.messages == ["amount": ["Amount 2024"], "hint": ["Hint my pin"]])
    }

    @Test func literalPlaceholdersOnASecretAreRefused() {
        let compilation = compile(
            """
            formspec: 1
            form: f
            fields:
              password:
                type: secret
                rules:
                  - not_equals: Pa55word
                    message: "must not be {not_equals}"
                  - not_one_of: [a, b]
                    message: "none of {not_one_of}"
            """)
        #expect(
            errors(compilation) == [
                "'{not_equals}' would show a secret in a message", "'{not_one_of}' would show a secret in a message",
            ])
    }

    @Test func secretTestInputsAreMaskedInExcerpts() {
        let compilation = compile(
            """
            formspec: 1
            form: f
            fields:
              password: {type: secret, rules: [{not_equals: Pa55word}]}
              confirm: {type: secret, rules: [{same_as: password}]}
            tests:
              - name: t
                input: {password: hunter2-secret, confirm: hunter2-secret, bogus: 1}
                original:
                  password: |
                    line one of a secret
                    line two of a secret
                expect: valid
            """)
        let rendered = compilation.renderedDiagnostics()
        #expect(rendered.contains("names unknown field 'bogus'"), "\(rendered)")
        #expect(!rendered.contains("hunter2"))
        #expect(!compilation.sources.values.joined().contains("hunter2"))
        #expect(!compilation.sources.values.joined().contains("Pa55word"))
        #expect(!compilation.sources.values.joined().contains("of a secret"))
        #expect(rendered.contains("{password: ••••••••••••••, confirm: ••••••••••••••, bogus: 1}"), "\(rendered)")
    }

    /// Masks are placed by the positions' own lines and columns: after a YAML 1.1 line break in a
    /// comment, and after combining accents (a column each), the secret is still covered.
    @Test(arguments: ["# note\u{2028}", "# note\u{85}", "# note"])
    func secretTestInputsAreMaskedAfterOddCharacters(comment: String) {
        let compilation = compile(
            "formspec: 1\nform: f\n\(comment)\nfields:\n  note: {}\n  password: {type: secret}\n"
                + "tests:\n  - name: t\n    input: {note: e\u{301}e\u{301}e\u{301}, password: hunter2, nope: 1}\n"
                + "    expect: valid\n")
        let rendered = compilation.renderedDiagnostics()
        #expect(rendered.contains("names unknown field 'nope'"), "\(rendered)")
        #expect(!rendered.contains("hunter2"), "\(rendered)")
        #expect(!compilation.sources.values.joined().contains("hunter2"))
    }
}
