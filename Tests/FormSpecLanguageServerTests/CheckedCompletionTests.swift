import FormSpecCompiler
@_spi(Tooling) import FormSpecRuntime
import Testing

@testable import FormSpecLanguageServer

/// Completion offers what `formspec check` takes where the cursor is, and only that: a choice
/// field's options as its literals, the rules that apply to the field's type, fields it can be
/// compared with, and the paths a test may name.
@Suite("Language server: completion follows the checker")
struct CheckedCompletionTests {
    let path = "/specs/orders.form.yaml"

    /// A form with fields of several types to complete in; `note`'s rules are replaced by each test.
    static let form = """
        formspec: 1
        form: orders
        fields:
          country:
            type: choice
            options: [NL, US, {value: "a, b", label: Both}]
          size: {type: integer}
          ratio: {type: number}
          born: {type: date}
          colours:
            type: list
            of: choice
            options: [red, blue]
          scores: {type: list, of: integer}
          note:
            rules:
              - min_length: 1
        """

    static let fieldNames = ["country", "size", "ratio", "born", "colours", "scores", "note"]

    /// `form` with `note`'s rules (or whatever follows them) replaced by `text`.
    static func note(_ text: String) -> String {
        form.replacingOccurrences(of: "    rules:\n      - min_length: 1", with: text)
    }

    /// The completion items at `‸` in `source`, typed into ``form`` (so the fields are known
    /// while the text does not parse), as label and inserted text.
    private func complete(_ source: String) -> [(label: String, text: String)] {
        let client = InProcessClient()
        client.open(path, Self.form)
        client.change(path, version: 2, [["text": .string(source.unmarked)]])
        return (client.at("textDocument/completion", path, source).array ?? []).compactMap {
            guard let label = $0["label"]?.string, let text = $0["textEdit"]?["newText"]?.string else { return nil }
            return (label, text)
        }
    }

    /// Whether `source` with `text` written at `‸` has no error.
    private func compiles(_ source: String, writing text: String) -> Bool {
        let written = source.replacingOccurrences(of: "‸", with: text)
        return !Compiler.compile(source: written, path: path, provider: InMemorySources([:])).diagnostics.contains {
            $0.severity == .error
        }
    }

    // MARK: - A choice field's options

    /// `note` as a choice field with the options of `country`.
    static let choice = "    type: choice\n    options: [NL, US, {value: \"a, b\", label: Both}]\n"

    @Test(
        "a choice field's literals are its options, quoted where YAML would read another value",
        arguments: [
            Self.choice + "    rules:\n      - equals: ‸",
            Self.choice + "    rules:\n      - not_equals: ‸",
            Self.choice + "    rules:\n      - one_of: [‸]",
            Self.choice + "    rules:\n      - not_one_of:\n          - ‸",
            "    when: {field: country, equals: ‸}",
            "    when: {field: country, one_of: [‸]}",
            "    when:\n      field: country\n      not_equals: ‸",
            "    rules:\n      - min_length: 1\n        when:\n          all:\n            - field: country\n"
                + "              one_of:\n                - ‸",
        ])
    func offersTheOptionsOfAChoiceField(note: String) {
        let source = Self.note(note)
        let items = complete(source)
        #expect(items.map(\.label) == ["NL", "US", "a, b"])
        #expect(items.map(\.text) == ["NL", "US", "\"a, b\""])
        for item in items { #expect(compiles(source, writing: item.text), "\(item.text)") }
    }

    @Test("a list of choices offers its options in each:, and a list leaves out the options it has")
    func offersTheOptionsOfAListOfChoicesInEach() {
        let each = Self.form.replacingOccurrences(
            of: "    options: [red, blue]",
            with: "    options: [red, blue]\n    rules:\n      - each: [{not_equals: ‸}]")
        #expect(complete(each).map(\.label) == ["red", "blue"])
        let listed = Self.note("    when: {field: country, one_of: [US, ‸]}")
        #expect(complete(listed).map(\.label) == ["NL", "a, b"])
    }

    @Test("a condition's contains: offers the options of a list of choices, and each one compiles")
    func offersTheOptionsOfAListOfChoicesInContains() {
        for note in ["    when: {field: colours, contains: ‸}", "    when:\n      field: colours\n      contains: ‸"] {
            let source = Self.note(note)
            let items = complete(source)
            #expect(items.map(\.label) == ["red", "blue"], "\(note)")
            for item in items { #expect(compiles(source, writing: item.text), "\(item.text)") }
        }
        // Not the list's own literals where it is tested as a whole, which check refuses.
        #expect(complete(Self.note("    when: {field: colours, equals: ‸}")).isEmpty)
    }

    @Test("a literal of a field that is not a choice is not completed")
    func offersNoLiteralOutsideChoices() {
        #expect(complete(Self.note("    rules:\n      - equals: ‸")).isEmpty)
        #expect(complete(Self.note("    when: {field: size, equals: ‸}")).isEmpty)
        // On the list itself (outside each:) a literal is refused whatever it is.
        let list = Self.form.replacingOccurrences(
            of: "    options: [red, blue]", with: "    options: [red, blue]\n    rules:\n      - one_of: [‸]")
        #expect(complete(list).isEmpty)
    }

    // MARK: - Keys already written

    @Test("a mapping's keys leave out those it has, and a rule item with its rule offers only modifiers")
    func leavesOutWrittenKeys() {
        let field = complete(Self.note("    label: Note\n    ‸\n    rules:\n      - min_length: 1")).map(\.label)
        #expect(field.contains("type") && field.contains("required"))
        #expect(!field.contains("label") && !field.contains("rules"))

        // The rule is on the line above: no second rule, and no `message` twice.
        let modifiers = complete(Self.note("    rules:\n      - min_length: 1\n        message: M\n        ‸")).map(
            \.label)
        #expect(modifiers.contains("when") && modifiers.contains("requirement"))
        #expect(
            !modifiers.contains("message") && !modifiers.contains("min_length") && !modifiers.contains("max_length"))

        // The item starts at the cursor's `- `; its other keys are below it.
        let rules = complete(Self.note("    rules:\n      - min_length: 1\n      - ‸\n        message: M")).map(\.label)
        #expect(rules.contains("min_length") && rules.contains("max_length"))
        #expect(!rules.contains("message"))

        let condition = complete(Self.note("    when: {field: country, ‸}")).map(\.label)
        #expect(condition.contains("equals") && !condition.contains("field"))
    }

    /// A value each modifier takes.
    static let modifierValues = [
        "message": "M", "requirement": "R", "when": "{mode: new}", "severity": "warning", "unit": "utf8",
        "count": "2", "debounce": "300ms", "check_when": "always", "flags": "i", "case": "insensitive",
    ]

    @Test(
        "a rule item offers the modifiers its rule and field take, and only those (was: every modifier)",
        arguments: [
            ("text", "min_length: 1"), ("text", "contains: digit"), ("text", "pattern: '^a'"), ("text", "check: x"),
            ("text", "equals: a"), ("integer", "min: 1"), ("integer", "equals: 3"), ("choice", "equals: NL"),
            ("date", "same_as: other"),
        ])
    func offersOnlyTheModifiersTheRuleTakes(type: String, rule: String) {
        let options = type == "choice" ? "\n    options: [NL, US]" : ""
        let source = """
            formspec: 1
            form: t
            fields:
              other: {type: \(type)\(type == "choice" ? ", options: [NL]" : "")}
              f:
                type: \(type)\(options)
                rules:
                  - \(rule)
                    ‸
            """
        let offered = Set(complete(source).map(\.label))
        for key in SpecVocabulary.ruleModifierKeys {
            let writes = compiles(source, writing: "\(key): \(Self.modifierValues[key] ?? "")")
            #expect(
                offered.contains(key) == writes,
                "\(type) \(rule): \(key) offered \(offered.contains(key)), compiles \(writes)")
        }
    }

    // MARK: - Tests

    @Test("expect: completes the words it takes besides a mapping, and its mapping's keys")
    func completesExpectWords() {
        let test = Self.form + "\ntests:\n  - name: t\n    input: {note: a}\n    expect: ‸\n"
        let words = complete(test).map(\.label)
        #expect(words == ["valid", "invalid"])
        for word in words { #expect(compiles(test, writing: word), "\(word)") }
        #expect(
            complete(test.replacingOccurrences(of: "expect: ‸", with: "expect:\n      ‸")).map(\.label)
                == SpecVocabulary.expectKeys)
    }

    // MARK: - Rules by type

    /// The rule keys completed at `‸` in `note` written as `text` (see ``note(_:)``), without the
    /// modifiers, which every rule item is offered.
    private func ruleKeys(_ text: String) -> [String] {
        let keys = complete(Self.note(text)).map(\.label)
        #expect(Array(keys.suffix(SpecVocabulary.ruleModifierKeys.count)) == SpecVocabulary.ruleModifierKeys)
        return Array(keys.dropLast(SpecVocabulary.ruleModifierKeys.count))
    }

    @Test(
        "a rule item offers the rules the checker applies to the field's type (its items' in each:)",
        arguments: [
            ("    rules:\n      - ‸", FieldType.text),
            ("    type: integer\n    rules:\n      - ‸", .integer),
            ("    type: list\n    of: text\n    rules:\n      - ‸", .list),
            ("    type: list\n    of: text\n    rules:\n      - each:\n          - ‸", .text),
            // Not each: on a list of groups (a tester saw it offered), but unique_items (naming a
            // field of the items).
            ("    type: list\n    of: group\n    fields:\n      a: {}\n    rules:\n      - ‸", .list),
            ("    type: secret\n    rules:\n      - not:\n          ‸", .secret),
        ])
    func offersTheRulesThatApplyToTheType(note: String, type: FieldType) {
        let keys = ruleKeys(note)
        // Every rule is offered exactly where check takes it.
        for rule in SpecVocabulary.ruleNames {
            // An argument the rule takes, so that only where it stands can refuse it.
            let argument = rule == "unique_items" ? (note.contains("of: group") ? "a" : "true") : "1"
            let source = Self.note(note.replacingOccurrences(of: "‸", with: "\(rule): \(argument)"))
            let refused = Compiler.compile(source: source, path: path, provider: InMemorySources([:])).diagnostics
                .contains {
                    $0.message.hasPrefix("rule '\(rule)' does not apply")
                        || $0.message.hasPrefix("'\(rule)' applies to lists of scalars")
                }
            #expect(keys.contains(rule) == !refused, "\(rule) on \(type)")
        }
        #expect(keys.contains("required") == type.isScalar)
    }

    @Test("a define's rule item offers every rule: any field may use it")
    func aDefineOffersEveryRule() {
        #expect(ruleKeys("    label: Note\ndefine:\n  mine:\n    ‸") == SpecVocabulary.ruleNames)
    }

    // MARK: - Comparisons

    /// The field names completed at `‸` in `source`, and those of them that compile there.
    private func offeredAndCompiling(_ source: String) -> (offered: [String], compiling: [String]) {
        let offered = complete(source).map(\.label)
        return (offered, Self.fieldNames.filter { compiles(source, writing: $0) })
    }

    @Test(
        "a comparison offers only the fields check compares with its subject",
        arguments: [
            // A condition compares the field it tests, not the field it is on.
            ("    when: {field: size, greater_than: {field: ‸}}", ["ratio"]),
            ("    when:\n      field: size\n      at_most: {field: ‸}", ["ratio"]),
            (
                "    rules:\n      - min_length: 1\n        when: {field: ratio, less_than: {field: ‸, offset: 1}}",
                ["size"]
            ),
            // A rule on a field compares the field; in each:, its items.
            ("    type: integer\n    rules:\n      - min: {field: ‸}", ["size", "ratio"]),
            ("    type: list\n    of: integer\n    rules:\n      - each: [{max: {field: ‸}}]", ["size", "ratio"]),
        ])
    func offersOnlyComparableFields(note: String, expected: [String]) {
        let (offered, compiling) = offeredAndCompiling(Self.note(note))
        #expect(offered == expected)
        #expect(offered == compiling)
    }

    @Test("the field a condition tests may be any field")
    func aConditionsFieldIsAnyField() {
        let (offered, compiling) = offeredAndCompiling(Self.note("    when: {field: ‸, empty: true}"))
        #expect(offered == Self.fieldNames)
        #expect(offered == compiling)
    }

    // MARK: - Paths in expectations

    /// A form with a list of groups of three items, and one of 1,000.
    static let contactsForm = """
        formspec: 1
        form: people
        fields:
          contacts:
            type: list
            of: group
            fields:
              phone: {}
            rules:
              - max_items: 3
          log:
            type: list
            of: text
            rules:
              - max_items: 1000
        tests:
          - name: t
            input: {}
            expect:
              errors:
                ‸
        """

    @Test("expected errors name the items a list lays out, the first ten at most")
    func expectationsNameEveryItemUpToTen() {
        let labels = complete(Self.contactsForm).map(\.label)
        #expect(
            Array(labels.prefix(8)) == [
                "contacts", "contacts.0", "contacts.0.phone", "contacts.1", "contacts.1.phone", "contacts.2",
                "contacts.2.phone", "log",
            ])
        #expect(labels.dropFirst(8) == ArraySlice((0..<10).map { "log.\($0)" }))
        // Each path names a field check knows.
        for label in labels {
            let source = Self.contactsForm.replacingOccurrences(of: "‸", with: "\(label): [x]")
            let unknown = Compiler.compile(source: source, path: path, provider: InMemorySources([:])).diagnostics
                .contains { $0.message.contains("unknown field") }
            #expect(!unknown, "\(label)")
        }
    }

    @Test("lists in lists name every field, but not every item of every list")
    func nestedListsStayBounded() throws {
        // Six lists of groups, each in the one before: 10⁶ paths if every item were named.
        var field = "leaf: {}"
        for depth in 0..<6 { field = "l\(depth): {type: list, of: group, fields: {\(field)}}" }
        let outline = try #require(SpecOutline(text: "formspec: 1\nform: a\nfields: {\(field)}\n", path: path))
        let paths = outline.reportPaths
        #expect(paths.count < 2 * SpecOutline.maxReportPaths)
        #expect(paths.contains("l5.0.l4.0.l3.0.l2.0.l1.0.l0.0.leaf"))
    }

    @Test("a value completed right after a colon in a flow mapping starts with a space, and compiles")
    func aValueAfterAColonInAFlowMappingGetsItsSpace() {
        // The condition gets its test after the field, to compile.
        for (note, rest) in [("    when: {field:‸}", ", empty: true}"), ("    rules:\n      - {same_as:‸}", "}")] {
            let source = Self.note(note)
            let items = complete(source)
            #expect(!items.isEmpty, "\(note)")
            for item in items {
                #expect(item.text.hasPrefix(" "), "\(note): \(item.text)")
                #expect(
                    compiles(source.replacingOccurrences(of: "‸}", with: "‸" + rest), writing: item.text),
                    "\(item.text)")
            }
        }
    }

    @Test("an option '-' is quoted after a block key, where it would start a list")
    func aDashOptionIsQuoted() {
        let source = Self.note("    type: choice\n    options: [\"-\", x]\n    rules:\n      - not_equals: ‸")
        let items = complete(source)
        #expect(items.map(\.text) == ["\"-\"", "x"])
        for item in items { #expect(compiles(source, writing: item.text), "\(item.text)") }
    }

    @Test("thousands of field names: only those holding what is typed, at most the limit, marked incomplete")
    func manyFieldNamesAreNarrowedAndCapped() throws {
        let count = LanguageServer.completionLimit * 2
        let fields = (0..<count).map { "  field_\($0):\n    rules:\n      - min_length: 1\n" }.joined()
        let form = "formspec: 1\nform: big\nfields:\n" + fields + "  last:\n    rules:\n      - same_as: ‸\n"
        let client = InProcessClient()
        client.open(path, form.unmarked)
        let all = client.at("textDocument/completion", path, form)
        #expect(all["isIncomplete"] == true)
        #expect(all["items"]?.array?.count == LanguageServer.completionLimit)
        let typed = form.replacingOccurrences(of: "same_as: ‸", with: "same_as: field_99‸")
        client.change(path, version: 2, [["text": .string(typed.unmarked)]])
        let narrowed = client.at("textDocument/completion", path, typed)
        #expect(narrowed["isIncomplete"] == true)
        let labels = (narrowed["items"]?.array ?? []).compactMap { $0["label"]?.string }
        #expect(labels == ["field_99"] + (990..<1000).map { "field_\($0)" })
    }

    @Test("a line being typed that breaks the YAML: names come from the text as it is now, even when opened so")
    func namesFromTheTextAsItIsWhileALineBreaksTheYAML() {
        let v1 = "formspec: 1\nform: r\nfields:\n  old_name: {}\n  b:\n    rules:\n      - same_as: ‸\n"
        let client = InProcessClient()
        client.open(path, v1.unmarked)
        #expect(
            (client.at("textDocument/completion", path, v1).array ?? []).compactMap { $0["label"]?.string } == [
                "old_name"
            ])
        // Renamed, with a value being typed on another line that does not load yet.
        let v2 = v1.replacingOccurrences(of: "old_name: {}", with: "new_name: {}\n  c: {label: {en: x")
        client.change(path, version: 2, [["text": .string(v2.unmarked)]])
        // `c`, whose own line is the one being typed, keeps its name: only its value is left out.
        #expect(
            (client.at("textDocument/completion", path, v2).array ?? []).compactMap { $0["label"]?.string } == [
                "new_name", "c",
            ])
        // A document opened broken still completes its names.
        let fresh = InProcessClient()
        fresh.open(path, v2.unmarked)
        #expect(
            (fresh.at("textDocument/completion", path, v2).array ?? []).compactMap { $0["label"]?.string } == [
                "new_name", "c",
            ])
    }

    @Test("a badly indented last line: names still come from the rest of the text")
    func namesWhenALineIsBadlyIndented() {
        let text =
            "formspec: 1\nform: r\nfields:\n  first: {}\n  third: {}\n  b:\n    rules:\n      - same_as: ‸\n   oops: 1\n"
        let client = InProcessClient()
        client.open(path, text.unmarked)
        #expect(
            (client.at("textDocument/completion", path, text).array ?? []).compactMap { $0["label"]?.string } == [
                "first", "third",
            ])
    }
}
