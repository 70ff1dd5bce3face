import FormSpec
import FormSpecDiagnostics
@_spi(Tooling) import FormSpecRuntime
import Testing

/// Section 11: every problem with PATH:LINE:COL, the source line and a caret; all problems at once.
struct DiagnosticsTests {
    @Test("a line feed in a file's path or a message stays inside its diagnostic's header line")
    func headerIsOneLine() {
        let location = FormSpecDiagnostics.SourceLocation(
            path: "a\nb.form.yaml", start: SourcePosition(line: 2, column: 3))
        let diagnostic = Diagnostic(.error, "bad\nerror: forged", at: location)
        let rendered = DiagnosticRenderer(sources: [:], colored: false).render(diagnostic)
        #expect(rendered == #"a\x0Ab.form.yaml:2:3: error: bad\x0Aerror: forged"# + "\n")
    }

    @Test func rendersLocationSourceLineCaretAndSuggestion() {
        let compilation = compile(
            """
            formspec: 1
            form: signup
            fields:
              username:
                rules:
                  - min_lenght: 8
            """)
        #expect(
            compilation.renderedDiagnostics() == """
                test.form.yaml:6:9: error: unknown rule 'min_lenght'
                      - min_lenght: 8
                        ^~~~~~~~~~
                test.form.yaml:6:9: note: did you mean 'min_length'?

                """)
    }

    /// Columns count Unicode scalars (libyaml's marks); the caret is indented by the columns a
    /// terminal draws (was: one space a character, so it drifted left after CJK and emoji and
    /// right after combining marks).
    @Test(arguments: [
        // Wide characters: two columns each.
        ("  name: {label: 名前 👋, requird: true}", String(repeating: " ", count: 25) + "^~~~~~~"),
        // A combining accent (e + U+0301) is one character of two scalars and one column.
        (
            "  name: {label: \"Cafe\u{301} Ame\u{301}lie\u{301}\", requird: true}",
            String(repeating: " ", count: 31) + "^~~~~~~"
        ),
        // A flag and a family of four are one character each, drawn two columns wide.
        ("  name: {label: 🇯🇵 👨‍👩‍👧‍👦 家, requird: true}", "                          ^~~~~~~"),
        // A tab stays a tab.
        ("  name: {label: \"a\tb\", requird: true}", "                  \t    ^~~~~~~"),
    ])
    func caretsLineUpUnderWideAndCombiningCharacters(line: String, caret: String) throws {
        let compilation = compile("formspec: 1\nform: t\nfields:\n" + line + "\n")
        let rendered = compilation.renderedDiagnostics().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rendered.count > 2, "\(compilation.renderedDiagnostics())")
        #expect(rendered[0].hasSuffix("error: unknown key 'requird' in field 'name'"))
        #expect(rendered[2] == caret, "\(compilation.renderedDiagnostics())")
        // The underline covers the whole key: a duplicate CJK option is six columns.
        let options = compile("formspec: 1\nform: t\nfields:\n  s:\n    type: choice\n    options: [小さい, 中くらい, 小さい]\n")
        #expect(options.renderedDiagnostics().contains("\n                                ^~~~~~\n"))
    }

    /// A long line shows a window around the caret, chosen by characters (was: by scalar columns,
    /// so after many multi-scalar characters the window missed the problem).
    @Test func aLongLineShowsTheProblemAfterManyMultiScalarCharacters() {
        let label = String(repeating: "👨‍👩‍👧", count: 60)
        let compilation = compile(
            "formspec: 1\nform: t\nfields:\n  name: {label: \"\(label)\", requird: true, hint: \"\(String(repeating: "x", count: 150))\"}\n"
        )
        let rendered = compilation.renderedDiagnostics().split(separator: "\n")
        #expect(rendered[1].hasPrefix("…") && rendered[1].contains("requird") && rendered[1].hasSuffix("…"))
        // "…" and 37 families of two columns, then `", `.
        let excerpt = rendered[1].dropFirst()
        let before = excerpt.prefix { $0 != "\"" }.count
        #expect(rendered[2] == String(repeating: " ", count: 1 + 2 * before + 3) + "^~~~~~~")
    }

    /// Define names are identifiers, as the reference says (were: any text, shown as a rule's name
    /// in reports and generated code); a condition that misspells `field` reports that key, not
    /// every test beside it (was: "unknown key 'equals'", did you mean 'equals'?).
    @Test func defineNamesAndAConditionWithoutItsField() {
        let compilation = compile(
            """
            formspec: 1
            form: t
            define:
              strong-password: {min_length: 8}
            fields:
              p:
                rules:
                  - use: strong-password
              other:
                when: {feild: p, equals: a, matches: x, flags: i}
            """)
        let errors = compilation.diagnostics.filter { $0.severity == .error }
        #expect(
            errors.map(\.message) == [
                "invalid define name 'strong-password'",
                "a condition needs 'field', 'mode', 'all', 'any' or 'not'",
                "unknown key 'feild' in a condition",
            ], "\(compilation.renderedDiagnostics())")
        #expect(errors.last?.notes.first?.message == "did you mean 'field'?")
    }

    /// `--filter` and JUnit tell tests apart by name (was: two tests of one name passed silently).
    @Test func twoTestsOfOneNameWarn() {
        let compilation = compile(
            """
            formspec: 1
            form: t
            fields:
              a: {required: true}
            tests:
              - {name: ok, input: {a: x}, expect: valid}
              - {name: ok, input: {}, expect: {errors: {a: [A is required]}}}
            """)
        let warnings = compilation.diagnostics.filter { $0.severity == .warning }
        #expect(warnings.map(\.message) == ["two tests are named 'ok'"], "\(compilation.renderedDiagnostics())")
        #expect(warnings.first?.location?.start.line == 7)
        #expect(warnings.first?.notes.first?.location?.start.line == 6)
        #expect(compilation.spec != nil)
    }

    /// From the diagnostics tester: one error per mistake, and warnings for rules that say
    /// nothing (were: cascades, and silence).
    @Test func oneDiagnosticPerMistake() {
        let compilation = compile(
            """
            formspec: 1
            form: t
            fields:
              a:
                required: true
                rules:
                  - required: true
                  - min_length: 0
                  - max_length: 1e3
                  - {max_length: 0, when: {mode: edit}}
              b:
                type: enum
                options: [x]
              c:
                type: choice
                options: [{valeu: s, label: Small}]
              d:
                rules: [{max_length: 99999999999999999999999}]
            """)
        #expect(
            compilation.diagnostics.map { "\($0.severity.rawValue): \($0.message)" } == [
                "warning: field 'a' is required already",
                "warning: 'min_length: 0' makes this rule always pass",
                "error: 'max_length' needs a whole number written in digits (1000), not 1e3",
                "error: unknown type 'enum'",
                "error: unknown key 'valeu' in an option",
                "error: 'max_length' needs a whole number from 0 to 1000000000, not 99999999999999999999999",
            ], "\(compilation.renderedDiagnostics())")
        let list = compile("formspec: 1\nform: t\nfields: [a, b]\n")
        #expect(list.diagnostics.map(\.message) == ["'fields' must be a mapping, not a list"])
    }

    /// An import that names no file suggests a spec or library of its folder one or two edits
    /// away (was: "no such file" alone).
    @Test func anImportTypoSuggestsTheFileBesideIt() {
        let files = [
            "/s/a.form.yaml":
                "formspec: 1\nform: a\nimport: [lib/comon.rules.yaml, lib/common.rules.yml, lib/zzz.rules.yaml]\nfields: {a: {}}\n",
            "/s/lib/common.rules.yaml": "formspec: 1\ndefine: {x: {min_length: 1}}\n",
        ]
        let compilation = Compiler.compile(path: "/s/a.form.yaml", provider: InMemorySources(files))
        let errors = compilation.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 3, "\(compilation.renderedDiagnostics())")
        #expect(
            errors.map { $0.notes.first?.message } == [
                "did you mean 'lib/common.rules.yaml'?", "did you mean 'lib/common.rules.yaml'?", nil,
            ])
        // A spec named without a folder, and never the importing spec itself (a cycle).
        let relative = [
            "signup.form.yaml":
                "formspec: 1\nform: signup\nimport: [comon.rules.yaml, sigup.form.yaml]\nfields: {a: {}}\n",
            "common.rules.yaml": "formspec: 1\ndefine: {x: {min_length: 1}}\n",
        ]
        let notes = Compiler.compile(path: "signup.form.yaml", provider: InMemorySources(relative)).diagnostics.map {
            $0.notes.first?.message
        }
        #expect(notes == ["did you mean 'common.rules.yaml'?", nil])
    }

    /// A key written with a full-width colon or without the space after the colon is one string:
    /// the error says why (was: only "must be a mapping, not a string").
    @Test(arguments: [
        (
            "    required\u{FF1A} true",
            "'：' is a full-width colon; YAML reads 'key: value' with ':' (U+003A) and a space"
        ),
        ("    required:true", "YAML reads 'key: value' with a space after the colon; 'required:true' is one string"),
    ])
    func aColonWithoutItsSpaceIsExplained(line: String, note: String) {
        let compilation = compile("formspec: 1\nform: t\nfields:\n  a:\n\(line)\n  b: {}\n")
        #expect(compilation.diagnostics.map(\.message) == ["field 'a' must be a mapping, not a string"])
        #expect(compilation.diagnostics.first?.notes.map(\.message) == [note])
    }

    /// A field indented one level too deep, and a test written without its `- `, say what the
    /// indentation means (were: bare "unknown key" errors, one per key of the test).
    @Test func indentationMistakesAreExplained() {
        let compilation = compile(
            """
            formspec: 1
            form: t
            fields:
              name:
                required: true
                email:
                  type: text
                  required: true
            tests:
              name: t
              input: {name: x}
              expect: valid
            """)
        #expect(
            compilation.diagnostics.map(\.message) == [
                "unknown key 'email' in field 'name'",
                "'tests' holds a test's keys (name, input, expect), not a list of tests",
            ], "\(compilation.renderedDiagnostics())")
        #expect(
            compilation.diagnostics.map { $0.notes.first?.message } == [
                "'email' looks like a field indented under 'name': indent it as far as 'name'",
                "a test is an item of the list under 'tests:': write '- name: …'",
            ])
    }

    /// Placeholders of other template languages show as written: a warning says how FormSpec
    /// writes them (was: silence, and "$Name is short" in the report).
    @Test func otherTemplateLanguagesPlaceholdersWarn() {
        let compilation = compile(
            """
            formspec: 1
            form: t
            fields:
              a:
                rules:
                  - {min_length: 2, message: "${label} is short"}
                  - {max_length: 5, message: "%s is too long"}
                  - {max_length: 9, message: "100% sure, {label}"}
                  - {max_length: 10, message: "20%discount at %d0%9f, up to ${max}"}
            """)
        // A price (`${max}`), a word after '%' and percent-encoding are text: no warning.
        #expect(
            compilation.diagnostics.map(\.message) == [
                "'${label}' shows a '$' before the label", "'%s' in a message shows as written",
            ], "\(compilation.renderedDiagnostics())")
    }

    /// A value that cannot be read is one error, not two (were: "'expect' needs one of…" beside
    /// "'valid' must be true or false", "unknown rule name in 'use'" beside the broken define).
    @Test func aKnownKeyWithABadValueIsOneError() {
        let compilation = compile(
            """
            formspec: 1
            form: t
            define:
              pw_rule: [min_length: 8]
            fields:
              a: {rules: [{use: pw_rule}]}
            tests:
              - {name: a, input: {a: x}, expect: {valid: "true"}}
              - {name: b, input: {a: x}, expect: {form_errors: {}}}
            """)
        #expect(
            compilation.diagnostics.map(\.message) == [
                "a rule must be a mapping, not a list", "'valid' must be true or false, not a string",
                "'form_errors' must be a list of messages, not a mapping",
            ], "\(compilation.renderedDiagnostics())")
    }

    /// A path that names no field suggests the field of that name (were: no note for `/country`
    /// inside `address`, nor for `contacts.phone`).
    @Test func pathsSuggestTheFieldOfThatName() {
        let compilation = compile(
            """
            formspec: 1
            form: t
            fields:
              address:
                fields:
                  country: {}
                  city:
                    when: {field: /country, equals: NL}
              contacts:
                type: list
                of: group
                fields:
                  phone: {}
              other:
                rules: [{different_from: contacts.phone}]
            """)
        #expect(
            compilation.diagnostics.map { $0.notes.first?.message } == [
                "did you mean '/address/country'?",
                "a name here is a field of the same group, or a path from the root: did you mean '/contacts/0/phone'?",
            ], "\(compilation.renderedDiagnostics())")
    }

    /// A rule's name written without its colon (`- required`, `- min_length 3`) says how to write it.
    @Test func aRuleNameWithoutItsColonIsExplained() {
        let rules = compile("formspec: 1\nform: t\nfields:\n  a:\n    rules:\n      - required\n      - min_length 3\n")
        #expect(
            rules.diagnostics.map { $0.notes.first?.message } == [
                "write 'required: true', with a colon after the rule's name",
                "write 'min_length: 3', with a colon after the rule's name",
            ])
    }

    /// libyaml counts NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR as line breaks; editors do not:
    /// positions are the editor's line and column, and the excerpt shows that line (was: line 7
    /// of a 6-line file, from a tester).
    @Test(arguments: ["\u{85}", "\u{2028}", "\u{2029}"])
    func positionsAfterAYAML11LineBreakAreTheEditors(lineBreak: String) {
        let compilation = compile(
            "formspec: 1\nform: t\nfields:\n  a:\n    label: \"x\(lineBreak)y\"\n    requird: true\n")
        let rendered = compilation.renderedDiagnostics().split(separator: "\n")
        #expect(rendered.first?.hasPrefix("test.form.yaml:6:5: error: unknown key 'requird'") == true, "\(rendered)")
        #expect(rendered.dropFirst().first == "    requird: true")
        // On the line holding one, columns go on past it.
        let sameLine = compile("formspec: 1\nform: t\nfields:\n  a: {label: \"x\(lineBreak)y\", requird: true}\n")
        #expect(sameLine.diagnostics.first?.location?.start == SourcePosition(line: 4, column: 21))
    }

    /// A byte order mark starts the file, not its first line: the excerpt leaves it out, so the
    /// caret stands under the column the position names (was: one to the left, from a tester).
    @Test func aByteOrderMarkIsNoColumnOfTheExcerpt() {
        let compilation = compile("\u{FEFF}formspec: 2\nform: t\nfields: {a: {}}\n")
        let rendered = compilation.renderedDiagnostics().split(separator: "\n")
        #expect(rendered.first?.hasPrefix("test.form.yaml:1:11: error:") == true, "\(rendered)")
        #expect(rendered.dropFirst().first == "formspec: 2")
        #expect(rendered.dropFirst(2).first == "          ^")
    }

    /// Where libyaml's line break makes YAML that is valid in an editor's eyes malformed, a note
    /// points at the character.
    @Test func malformedYAMLAtAYAML11LineBreakSaysSo() {
        let compilation = compile("formspec: 1\nform: t\n# note\u{2028}more\nfields:\n  a: {}\n")
        let note = compilation.diagnostics.first?.notes.last
        #expect(
            note?.message.hasPrefix("FormSpec's YAML reader (YAML 1.1) breaks the line at this NEL, U+2028 or U+2029")
                == true)
        #expect(note?.location?.start == SourcePosition(line: 3, column: 7))
    }

    @Test func reportsEveryProblemOfAFileInOneRun() {
        let compilation = compile(
            """
            formspec: 1
            form: signup
            feilds: {}
            fields:
              password:
                type: secret
                rules:
                  - min_length: ten
                  - pattern: "(unclosed"
                  - same_as: pasword
              age:
                type: integer
                rules:
                  - min_length: 3
            """)
        let messages = compilation.diagnostics.filter { $0.severity == .error }.map(\.message)
        #expect(
            messages == [
                "unknown key 'feilds' in the spec",
                "'min_length' needs a whole number, not a string",
                "invalid pattern: unterminated group: this '(' has no ')'",
                "unknown field 'pasword'",
                "rule 'min_length' does not apply to integer field 'age'",
            ])
        #expect(compilation.spec == nil)
    }

    @Test(arguments: [
        ("fields: {a: {type: txt}}", "unknown type 'txt'", "did you mean 'text'?"),
        ("fields: {a: {type: string}}", "unknown type 'string'", "did you mean 'text'?"),
        (
            "fields: {a: {rules: [{use: strnog}]}}\ndefine: {strong: {min_length: 8}}",
            "unknown rule name 'strnog' in 'use'", "did you mean 'strong'?"
        ),
        ("fields: {a: {report: frist}}", "'report' takes all or first, not 'frist'", "did you mean 'first'?"),
        (
            "fields: {a: {rules: [{contains: uppercse}]}}", "unknown character class 'uppercse'",
            "did you mean 'uppercase'?"
        ),
        ("fields: {a: {rules: [{format: emial}]}}", "unknown format 'emial'", "did you mean 'email'?"),
        ("fields: {a: {when: {mode: edti}}}", "unknown mode 'edti'", "did you mean 'edit'?"),
        // Other schema languages' words, far from FormSpec's in spelling (were: no suggestion).
        ("fields: {a: {rules: [{regex: x}]}}", "unknown rule 'regex'", "did you mean 'pattern'?"),
        ("fields: {a: {rules: [{enum: [x]}]}}", "unknown rule 'enum'", "did you mean 'one_of'?"),
        ("fields: {a: {rules: [{email: true}]}}", "unknown rule 'email'", "did you mean 'format: email'?"),
        ("fields: {a: {type: integer, rules: [{minimum: 1}]}}", "unknown rule 'minimum'", "did you mean 'min'?"),
        ("fields: {a: {mandatory: true}}", "unknown key 'mandatory' in field 'a'", "did you mean 'required'?"),
        ("fields: {a: {validations: []}}", "unknown key 'validations' in field 'a'", "did you mean 'rules'?"),
        ("fields: {a: {type: array}}", "unknown type 'array'", "did you mean 'list'?"),
        ("fields: {a: {type: object}}", "unknown type 'object'", "did you mean 'group'?"),
        (
            "fields: {a: {type: email}}", "unknown type 'email'",
            "a text field with the rule 'format: email' (rules: [{format: email}])"
        ),
    ])
    func suggestsTheClosestName(body: String, message: String, note: String) {
        let compilation = compile("formspec: 1\nform: f\n" + body)
        let diagnostic = compilation.diagnostics.first { $0.message == message }
        #expect(diagnostic != nil, "\(compilation.renderedDiagnostics())")
        #expect(diagnostic?.notes.first?.message == note)
    }

    @Test func contradictoryBoundsPointAtBothRules() throws {
        let compilation = compile(
            """
            formspec: 1
            form: f
            fields:
              a:
                rules:
                  - min_length: 10
                  - max_length: 5
            """)
        let diagnostic = try #require(compilation.diagnostics.first)
        #expect(diagnostic.message == "contradictory bounds on field 'a': min_length 10 is greater than max_length 5")
        #expect(diagnostic.location?.start.line == 7)
        #expect(diagnostic.notes.first?.location?.start.line == 6)
    }

    @Test func strictBoundsThatMeetAreContradictory() {
        let compilation = compile(
            "formspec: 1\nform: f\nfields: {n: {type: integer, rules: [{greater_than: 5}, {less_than: 5}]}}")
        #expect(
            compilation.diagnostics.map(\.message) == [
                "contradictory bounds on field 'n': no value is greater_than 5 and less_than 5"
            ])
    }

    @Test func cyclicUseAndImports() {
        let cyclic = compile(
            "formspec: 1\nform: f\ndefine: {a: {use: b}, b: {use: a}}\nfields: {x: {rules: [{use: a}]}}")
        #expect(cyclic.diagnostics.map(\.message) == ["cyclic 'use': a -> b -> a"])
        let imports = compile(
            "formspec: 1\nform: f\nimport: [a.rules.yaml]\nfields: {x: {rules: [{use: strong}]}}",
            files: [
                "a.rules.yaml": "formspec: 1\nimport: [b.rules.yaml]\ndefine: {strong: {min_length: 8}}",
                "b.rules.yaml": "formspec: 1\nimport: [a.rules.yaml]\ndefine: {weak: {min_length: 1}}",
            ])
        #expect(
            imports.diagnostics.map(\.message) == [
                "cyclic import: test.form.yaml -> a.rules.yaml -> b.rules.yaml -> a.rules.yaml"
            ])
        #expect(imports.diagnostics.first?.location?.path == "b.rules.yaml")
    }

    @Test func importedDefinesWork() throws {
        let compilation = compile(
            "formspec: 1\nform: f\nimport: [lib/common.rules.yaml]\nfields: {x: {rules: [{use: strong}]}}",
            files: ["lib/common.rules.yaml": "formspec: 1\ndefine: {strong: {min_length: 8, message: Too short}}"])
        let program = try #require(compilation.spec?.program, "\(compilation.renderedDiagnostics())")
        let report = try program.validate(["x": "short"])
        #expect(report.fields["x"]?.errors == [Issue(rule: "strong", message: "Too short")])
    }

    @Test func aRuleLibraryChecksOnItsOwn() {
        let library = Compiler.compile(
            source: "formspec: 1\ndefine: {strong: {min_lenght: 8}}", path: "x.rules.yaml",
            provider: InMemorySources([:]))
        #expect(library.isLibrary)
        #expect(library.diagnostics.map(\.message) == ["unknown rule 'min_lenght'"])
    }

    /// A default its own rules refuse is a warning at the default (the form would open invalid);
    /// rules that may hold another day, or that ask for a choice, are left alone.
    @Test func aDefaultItsOwnRulesRefuseIsAWarning() {
        let compilation = compile(
            """
            formspec: 1
            form: f
            fields:
              guests: {type: integer, default: 5, rules: [{min: 1}, {max: 3, message: At most 3 guests}]}
              code: {default: ab, rules: [{min_length: 3}]}
              pin: {type: secret, default: "12", rules: [{pattern: '^[0-9]{4}$'}]}
              nights: {type: integer, default: 2, rules: [{max: 3}]}
              rooms: {type: integer, default: 9, rules: [{max: {field: guests}}]}
              step: {type: integer, default: 2}
              amount: {type: integer, default: 5, rules: [{multiple_of: {field: step}}]}
              twice: {default: abc, rules: [{pattern: '^[a-z]+$'}, {pattern: '^.{5,}$'}]}
              colour: {type: choice, options: [none, red], default: none, rules: [{not_one_of: [none]}]}
              later: {default: x, rules: [{min_length: 3, when: {field: nights, equals: 1}}]}
              soft: {default: x, rules: [{min_length: 3, severity: warning}]}
            """)
        #expect(compilation.diagnostics.allSatisfy { $0.severity == .warning })
        #expect(
            compilation.diagnostics.map(\.message) == [
                "the default '5' of field 'guests' fails its own rule 'max': At most 3 guests",
                "the default 'ab' of field 'code' fails its own rule 'min_length': Code must be at least 3 characters",
                "the default of field 'pin' fails its own rule 'pattern': Pin has an invalid format",
            ])
        #expect(compilation.diagnostics.first?.location?.start == SourcePosition(line: 4, column: 36))
        #expect(compilation.diagnostics.first?.notes.first?.location?.start == SourcePosition(line: 4, column: 58))
    }

    @Test func wrongLiteralTypesAndUnknownOptions() {
        let compilation = compile(
            """
            formspec: 1
            form: f
            fields:
              n: {type: integer, default: abc, rules: [{min: "5"}, {multiple_of: 0}]}
              d: {type: date, rules: [{max: today+3w}, {min: 2023-02-29}]}
              c: {type: choice, options: [a, b], rules: [{equals: z}]}
            """)
        #expect(
            compilation.diagnostics.map(\.message) == [
                "default for integer field 'n' must be a whole number, and 'abc' is not one",
                "'min' needs a whole number, not a string",
                "'multiple_of' needs a number greater than 0",
                "invalid relative date 'today+3w'",
                "'min' needs a date (YYYY-MM-DD) or today±N for date field 'd', not a string '2023-02-29'",
                "'z' is not an option of field 'c'",
            ])
    }

    @Test func secretValuesCannotAppearInMessages() {
        let compilation = compile(
            "formspec: 1\nform: f\nfields: {p: {type: secret, rules: [{min_length: 8, message: '{value} is short'}]}}")
        #expect(compilation.diagnostics.map(\.message) == ["'{value}' would show a secret in a message"])
    }

    @Test func malformedAndEmptyFiles() {
        #expect(compile("").diagnostics.map(\.message) == ["the file is empty; a spec starts with 'formspec: 1'"])
        #expect(compile("formspec: 1\nform: [").diagnostics.first?.message.hasPrefix("malformed YAML") == true)
        #expect(compile("- a\n- b").diagnostics.map(\.message) == ["a spec file must be a mapping, not a list"])
        #expect(
            compile("form: f\nfields: {a: {}}").diagnostics.map(\.message) == [
                "missing 'formspec: 1' (the language version)"
            ])
    }

    @Test func aTestNamingAnUnknownField() {
        let compilation = compile(
            "formspec: 1\nform: f\nfields: {username: {}}\ntests: [{name: t, input: {usrname: x}, expect: valid}]")
        #expect(compilation.diagnostics.map(\.message) == ["test 't' names unknown field 'usrname' in its input"])
        #expect(compilation.diagnostics.first?.notes.first?.message == "did you mean 'username'?")
    }

    @Test func aSpecWithTenThousandFieldsCompilesAndValidates() throws {
        var text = "formspec: 1\nform: huge\nfields:\n"
        for index in 0..<10_000 { text += "  f\(index): {type: integer, rules: [{min: 0}, {max: 100}]}\n" }
        let program = try program(text)
        #expect(program.fields.count == 10_000)
        let report = try program.validate(
            .object((0..<10_000).map { Value.Member("f\($0)", .integer(Int64($0 % 200))) }))
        #expect(report.fields.values.filter { !$0.valid }.count == 4_950)
    }
}

/// Warnings: they do not stop compilation.
struct WarningTests {
    @Test func unusedDefinesOfTheFormsOwnFileAreWarnings() throws {
        let compilation = compile(
            "formspec: 1\nform: f\ndefine: {a: {min_length: 1}, b: {max_length: 9}}\nfields: {x: {rules: [{use: a}]}}")
        #expect(compilation.diagnostics.map(\.message) == ["'b' is defined but never used"])
        #expect(compilation.diagnostics.first?.severity == .warning)
        #expect(compilation.spec != nil, "a warning does not stop compilation")
    }

    @Test func unusedImportedDefinesAreNotTheFormsConcern() {
        let compilation = compile(
            "formspec: 1\nform: f\nimport: [lib.rules.yaml]\nfields: {x: {}}",
            files: ["lib.rules.yaml": "formspec: 1\ndefine: {strong: {min_length: 8}}"])
        #expect(compilation.diagnostics.isEmpty)
    }

    @Test func fileNamesThatContradictTheKind() {
        let library = Compiler.compile(
            source: "formspec: 1\ndefine: {a: {min_length: 1}}", path: "lib.form.yaml", provider: InMemorySources([:]))
        #expect(
            library.diagnostics.map(\.message) == [
                "this file is a rule library (no 'form:' or 'fields:'), but its name ends in .form.yaml"
            ])
        let form = Compiler.compile(
            source: "formspec: 1\nform: f\nfields: {a: {}}", path: "f.rules.yaml", provider: InMemorySources([:]))
        #expect(form.diagnostics.map(\.message) == ["this file is a form, but its name ends in .rules.yaml"])
        #expect(form.spec != nil)
    }
}
