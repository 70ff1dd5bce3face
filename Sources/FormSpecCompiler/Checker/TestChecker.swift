import FormSpecDiagnostics
@_spi(Tooling) import FormSpecRuntime
import FormSpecYAML

extension Checker {
    /// Checks a spec test: known fields in its input, expectation and original; known stubs.
    mutating func checkTest(_ syntax: TestSyntax) -> SpecTest? {
        let name = syntax.name.value
        let input = syntax.input.map { checkTestValues($0, what: "input", test: name) } ?? .object([])
        let original = syntax.original.map { checkTestValues($0, what: "original", test: name) }
        // As the CLI (`--original`) and the libraries: original values mean edit mode unless the
        // test says otherwise.
        var mode = original == nil ? Mode.new : .edit
        if let written = syntax.mode {
            if let parsed = known(written, as: Mode.self, what: "mode", plural: "modes") { mode = parsed }
            if mode != .edit, let node = syntax.original {
                diagnostics.warning(
                    "'original' is read in edit mode only: this test's mode \(mode.rawValue) ignores it",
                    at: node.location, notes: [.init("leave 'original' out, or write 'mode: edit'")])
            }
        }
        if let locale = syntax.locale {
            if !Self.isLocale(locale.value) {
                diagnostics.error(
                    "invalid locale '\(Diagnostics.excerpt(locale.value))'", at: locale.location,
                    notes: [.init(Self.localeHint(locale.value))])
            } else {
                // `locale: jp` fell back to the spec's own messages without a word, where
                // `validate --locale jp` warns.
                warnIfUnknown(locale: locale.value, at: locale.location)
            }
        }
        var stubs: [String: Bool] = [:]
        if let node = syntax.stubs, let reader = MappingReader(node, what: "'stubs'", diagnostics: &diagnostics) {
            for pair in reader.pairs {
                let check = pair.key.scalar?.text ?? ""
                if !checkNames.contains(check) {
                    diagnostics.error(
                        "test '\(name)' stubs '\(check)', which no rule checks", at: pair.key.location,
                        notes: Diagnostics.suggestion(for: check, among: checkNames.sorted()))
                }
                if let value = Read.bool(pair.value, "a stub", &diagnostics) { stubs[check] = value }
            }
        }
        var today: CivilDate?
        if let written = syntax.today {
            today = CivilDate(iso: written.value)
            if today == nil { diagnostics.error(SyntaxParser.badToday(written.value), at: written.location) }
        }
        guard let expectation = syntax.expect.flatMap({ checkExpectation($0, test: name) }) else { return nil }
        return SpecTest(
            name: name, location: syntax.location, input: input, expectation: expectation, locale: syntax.locale?.value,
            mode: mode, original: original, stubs: stubs, today: today)
    }

    private mutating func checkTestValues(_ node: YAMLNode, what: String, test: String) -> Value {
        guard let pairs = node.mapping else {
            diagnostics.error("test '\(test)': '\(what)' must be a mapping of field values", at: node.location)
            return .object([])
        }
        checkTestMembers(pairs, prefix: "", what: what, test: test)
        return Value(yaml: node)
    }

    /// Reports the members of a test's input that name no field, inside groups and list items too
    /// (`contacts.0.nmae`), each with a did-you-mean among the fields it could have meant.
    private mutating func checkTestMembers(_ pairs: [YAMLPair], prefix: String, what: String, test: String) {
        for pair in pairs {
            let key = pair.key.scalar?.text ?? ""
            guard let info = fieldInfo[prefix + key] else {
                if isLeftOut((prefix + key).split(separator: ".")) { continue }
                // A key that is a path (`contacts.0.phone`) may mean any field's path.
                let notes =
                    key.contains(".")
                    ? pathSuggestion(for: prefix + key)
                    : Diagnostics.suggestion(for: key, among: siblings(in: prefix))
                diagnostics.error(
                    "test '\(test)' names unknown field '\(prefix + key)' in its \(what)", at: pair.key.location,
                    notes: notes)
                continue
            }
            if info.type == .group, let members = pair.value.mapping {
                checkTestMembers(members, prefix: info.name + ".", what: what, test: test)
            } else if info.type == .list, let items = pair.value.sequence {
                for (position, item) in items.enumerated() {
                    let itemName = info.name + "." + String(position)
                    guard fieldInfo[itemName]?.type == .group else { break }
                    if let members = item.mapping {
                        checkTestMembers(members, prefix: itemName + ".", what: what, test: test)
                    }
                }
            }
        }
    }

    /// The keys `expect:` takes, listed in the diagnostic for any other key.
    static let expectationKeys = ["valid", "errors", "form_errors", "warnings", "checks"]

    private mutating func checkExpectation(_ node: YAMLNode, test: String) -> SpecTest.Expectation? {
        let allowed = Self.expectationKeys.joined(separator: ", ")
        if let scalar = node.scalar {
            if scalar.text == "valid" { return .valid }
            if scalar.text == "invalid" { return .invalid }
            diagnostics.error(
                "'expect' takes valid, invalid, or a mapping with \(allowed)", at: node.location,
                notes: Diagnostics.suggestion(for: scalar.text, among: ["valid", "invalid"]))
            return nil
        }
        guard var reader = MappingReader(node, what: "'expect'", diagnostics: &diagnostics) else { return nil }
        let unknown = reader.remaining.filter { !Self.expectationKeys.contains($0.key.scalar?.text ?? "") }
        for pair in unknown {
            let key = pair.key.scalar?.text ?? ""
            diagnostics.error(
                "unknown key '\(key)' in 'expect'", at: pair.key.location,
                notes: Diagnostics.suggestion(for: key, among: Self.expectationKeys)
                    + [.init("'expect' takes: \(allowed)")])
        }
        var expectation = SpecTest.Expectation()
        expectation.valid = Read.bool(reader.take("valid"), "'valid'", &diagnostics)
        expectation.errors = reader.take("errors").map { fieldMessages($0, what: "errors", test: test) }
        if let node = reader.take("form_errors") {
            // Form errors have no field: a list of messages, not a mapping like `errors:`.
            if node.mapping != nil {
                diagnostics.error(
                    "'form_errors' must be a list of messages, not a mapping", at: node.location,
                    notes: [.init("form rules' messages belong to no field: form_errors: [message, …]")])
            } else {
                expectation.formErrors = messages(node)
            }
        }
        expectation.warnings = reader.take("warnings").map { fieldMessages($0, what: "warnings", test: test) }
        let checksNode = reader.take("checks")
        if let checksNode { expectation.checks = checks(checksNode, test: test) }
        let listsErrors =
            !(expectation.errors ?? []).allSatisfy(\.messages.isEmpty) || !(expectation.formErrors ?? []).isEmpty
        if expectation.valid == true, listsErrors {
            diagnostics.error("'expect' says valid: true but lists errors", at: node.location)
            return nil
        }
        if expectation.valid == nil, expectation.errors == nil, expectation.formErrors == nil,
            expectation.warnings == nil, checksNode == nil
        {
            // An unknown key already said what `expect` takes, and a known one that could not be
            // read (`valid: "true"`) has its own error.
            let wroteKnown = reader.pairs.contains { Self.expectationKeys.contains($0.key.scalar?.text ?? "") }
            guard unknown.isEmpty, !wroteKnown else { return nil }
            diagnostics.error("'expect' needs one of \(allowed)", at: node.location)
            return nil
        }
        return expectation
    }

    /// `{FIELD: [messages]}` for `errors:` and `warnings:`.
    private mutating func fieldMessages(_ node: YAMLNode, what: String, test: String) -> [SpecTest.FieldMessages] {
        guard let reader = MappingReader(node, what: "'\(what)'", diagnostics: &diagnostics) else { return [] }
        var fields: [SpecTest.FieldMessages] = []
        for pair in reader.pairs {
            let field = pair.key.scalar?.text ?? ""
            checkExpectedField(field, at: pair.key.location, what: what, test: test)
            fields.append(.init(field: field, messages: messages(pair.value)))
        }
        return fields
    }

    private mutating func checkExpectedField(_ field: String, at location: SourceLocation, what: String, test: String) {
        guard fieldInfo[field] == nil, !isLeftOut(field.split(separator: ".")) else { return }
        diagnostics.error(
            "test '\(test)' expects \(what) on unknown field '\(field)'", at: location,
            notes: pathSuggestion(for: field))
    }

    /// `{FIELD: [{rule, passed, requirement?}…]}` or `{FIELD: {passed: [RULE…], failed: [RULE…]}}`.
    private mutating func checks(_ node: YAMLNode, test: String) -> [(field: String, checks: SpecTest.FieldChecks)] {
        guard let reader = MappingReader(node, what: "'checks'", diagnostics: &diagnostics) else { return [] }
        var result: [(field: String, checks: SpecTest.FieldChecks)] = []
        for pair in reader.pairs {
            let field = pair.key.scalar?.text ?? ""
            checkExpectedField(field, at: pair.key.location, what: "checks", test: test)
            if let items = pair.value.sequence {
                result.append((field, .exact(items.compactMap { expectedCheck($0, of: field) })))
            } else if pair.value.mapping == nil {
                diagnostics.error(
                    "the checks of '\(field)' must be a list of {rule, passed}, or a mapping {passed, failed}, "
                        + "not \(pair.value.kindDescription)", at: pair.value.location)
            } else if var outcome = MappingReader(
                pair.value, what: "the checks of '\(field)'", diagnostics: &diagnostics)
            {
                let passed = outcome.take("passed").map { ruleNames($0, of: field) }
                let failed = outcome.take("failed").map { ruleNames($0, of: field) }
                let unknown = outcome.remaining
                outcome.reportUnknown(
                    in: "the checks of '\(field)'", known: ["passed", "failed"], diagnostics: &diagnostics)
                if passed == nil, failed == nil, unknown.isEmpty {
                    diagnostics.error(
                        "the checks of '\(field)' need 'passed', 'failed' or both", at: pair.value.location)
                }
                result.append((field, .byOutcome(passed: passed, failed: failed)))
            }
        }
        return result
    }

    private mutating func expectedCheck(_ node: YAMLNode, of field: String) -> SpecTest.ExpectedCheck? {
        guard var reader = MappingReader(node, what: "an expected check", diagnostics: &diagnostics) else { return nil }
        let rule = Read.string(reader.take("rule"), "a check's 'rule'", &diagnostics)
        if let rule { checkExpectedRule(rule, of: field) }
        let passed = Read.bool(reader.take("passed"), "a check's 'passed'", &diagnostics)
        let requirement = Read.string(reader.take("requirement"), "a check's 'requirement'", &diagnostics)
        reader.reportUnknown(
            in: "an expected check", known: ["rule", "passed", "requirement"], diagnostics: &diagnostics)
        guard let rule, let passed else {
            diagnostics.error("an expected check needs 'rule' and 'passed'", at: node.location)
            return nil
        }
        return .init(rule: rule.value, passed: passed, requirement: requirement?.value)
    }

    private mutating func ruleNames(_ node: YAMLNode, of field: String) -> [String] {
        if node.scalar != nil, node.resolved == .null { return [] }
        let items = node.sequence ?? [node]
        return items.compactMap {
            guard let name = Read.string($0, "a rule name", &diagnostics) else { return nil }
            checkExpectedRule(name, of: field)
            return name.value
        }
    }

    /// Reports a rule name a test expects in `field`'s checklist that none of its rules has (a
    /// misspelling would only show when the test runs, without a place).
    private mutating func checkExpectedRule(_ rule: Located<String>, of field: String) {
        guard let names = checklistRules[field], !names.contains(rule.value) else { return }
        let own = names.dropFirst(2)
        diagnostics.error(
            "field '\(field)' has no rule '\(rule.value)' in its checks", at: rule.location,
            notes: Diagnostics.suggestion(for: rule.value, among: Array(names))
                + [.init(own.isEmpty ? "its checks: required" : "its rules: \(own.joined(separator: ", "))")])
    }

    private mutating func messages(_ node: YAMLNode) -> [String] {
        if node.scalar != nil, node.resolved == .null { return [] }
        let items = node.sequence ?? [node]
        return items.compactMap { Read.string($0, "an expected message", &diagnostics)?.value }
    }
}
