import FormSpecDiagnostics
@_spi(Tooling) import FormSpecRuntime
import FormSpecYAML

/// Turns a loaded YAML document into a ``SpecSyntax``, reporting unknown keys and wrong shapes.
struct SyntaxParser {
    static let topLevelKeys = [
        "formspec", "form", "title", "locale", "import", "define", "fields", "form_rules", "tests",
    ]
    static let fieldKeys = [
        "type", "label", "required", "default", "trim", "debounce", "when", "report", "rules", "options", "of",
        "fields",
    ]
    /// Groups and lists nest at most this deep (`fields:` inside `fields:`): a deeper spec is an
    /// error, not a stack overflow in the compiler or a runaway input walk.
    static let maxFieldDepth = 8
    static let modifierKeys = [
        "message", "requirement", "when", "severity", "unit", "count", "debounce", "check_when", "flags", "case",
    ]
    /// The field keys a rule item never takes (`when` and `debounce` are modifiers too; `required`
    /// is a rule).
    static let fieldOnlyKeys: Set<String> = Set(fieldKeys).subtracting(["when", "debounce", "required", "rules"])
    static let formRuleKeys = ["require_changes", "at_least_one_of"]
    /// The modifiers a form rule takes (the checker refuses the others there).
    static let formRuleModifierKeys = ["message", "when"]
    static let testKeys = ["name", "input", "expect", "locale", "mode", "original", "stubs", "today"]
    /// Keys of `tests:` written as a mapping (to pin `today` for the whole file).
    static let testSectionKeys = ["today", "cases"]

    var diagnostics: DiagnosticCollector

    /// Parses the document `root` of the file at `path`.
    mutating func parse(_ root: YAMLNode, path: String) -> SpecSyntax? {
        guard var top = MappingReader(root, what: "a spec file", diagnostics: &diagnostics) else { return nil }
        var spec = SpecSyntax(path: path, location: root.location)
        spec.version = top.take("formspec")
        spec.form = Read.string(top.take("form"), "'form'", &diagnostics)
        spec.title = Read.string(top.take("title"), "'title'", &diagnostics)?.value
        spec.locale = Read.string(top.take("locale"), "'locale'", &diagnostics)
        if let node = top.take("import") {
            let items = node.sequence ?? [node]
            spec.imports = items.compactMap { Read.string($0, "an import", &diagnostics) }
        }
        spec.hasDefineSection = top.pairs.contains { $0.key.scalar?.text == "define" }
        if let node = top.take("define"), let defines = MappingReader(node, what: "'define'", diagnostics: &diagnostics)
        {
            for pair in defines.pairs {
                let name = Located(value: pair.key.scalar?.text ?? "", location: pair.key.location)
                // Reports and generated code show it as the rule's name. Still defined, so that
                // its uses find it and this is the one error.
                if !Checker.isIdentifier(name.value, allowUppercase: true) {
                    diagnostics.error(
                        "invalid define name '\(Diagnostics.excerpt(name.value))'", at: name.location,
                        notes: [
                            .init(
                                "define names are identifiers: an ASCII letter (a–z, A–Z) or _, then ASCII letters, digits or _ (strong_password)"
                            )
                        ])
                }
                if let item = parseRule(pair.value, keys: RuleCatalog.names) {
                    spec.defines.append((name, item))
                } else {
                    spec.brokenDefines.insert(name.value)
                }
            }
        }
        if let node = top.take("fields") {
            spec.fields = []
            spec.fieldsLocation = node.location
            if let fields = node.mapping {
                for pair in fields {
                    if let field = parseField(pair, depth: 0) { spec.fields?.append(field) }
                }
            } else {
                diagnostics.error("'fields' must be a mapping, not \(node.kindDescription)", at: node.location)
                spec.fieldsAreMalformed = true
            }
        }
        if let items = Read.list(top.take("form_rules"), "'form_rules'", &diagnostics) {
            spec.formRules = items.compactMap { parseRule($0, keys: Self.formRuleKeys) }
        }
        if let node = top.take("tests") { parseTests(node, into: &spec) }
        top.reportUnknown(in: "the spec", known: Self.topLevelKeys, diagnostics: &diagnostics)
        return spec
    }

    private mutating func parseField(_ pair: YAMLPair, depth: Int) -> FieldSyntax? {
        let name = Located(value: pair.key.scalar?.text ?? "", location: pair.key.location)
        var field = FieldSyntax(name: name, location: pair.value.location)
        // `username:` with nothing under it is a text field with no rules.
        if pair.value.scalar != nil, pair.value.resolved == .null { return field }
        guard var reader = MappingReader(pair.value, what: "field '\(name.value)'", diagnostics: &diagnostics) else {
            return nil
        }
        field.type = Read.string(reader.take("type"), "'type'", &diagnostics)
        field.label = reader.take("label")
        field.required = reader.take("required")
        field.defaultValue = reader.take("default")
        let trim = reader.take("trim")
        field.trim = Read.bool(trim, "'trim'", &diagnostics) ?? false
        field.trimLocation = trim?.location
        field.debounce = reader.take("debounce")
        field.condition = reader.take("when")
        field.report = Read.string(reader.take("report"), "'report'", &diagnostics)
        field.options = reader.take("options")
        if let items = Read.list(reader.take("rules"), "'rules'", &diagnostics) {
            field.rules = items.compactMap { parseRule($0, keys: RuleCatalog.names) }
        }
        let of = reader.take("of")
        field.hasOf = of != nil
        field.of = Read.string(of, "'of'", &diagnostics)
        let fields = reader.take("fields")
        // A group or a list at `depth` is level `depth + 1`; past the limit, what is inside is not
        // read (so a hostile spec nested thousands deep costs nothing).
        let nests = fields != nil || field.type?.value == "group" || field.type?.value == "list"
        if nests, depth >= Self.maxFieldDepth {
            diagnostics.error(
                "groups and lists nest more than \(Self.maxFieldDepth) levels deep",
                at: field.type?.location ?? fields?.location ?? name.location,
                notes: [.init("a form this deep is likely a mistake; flatten some of its groups")])
        }
        if let node = fields {
            field.fieldsLocation = node.location
            if depth >= Self.maxFieldDepth {
                field.fields = []
            } else if let pairs = node.mapping {
                field.fields = pairs.compactMap { parseField($0, depth: depth + 1) }
            } else {
                diagnostics.error("'fields' must be a mapping, not \(node.kindDescription)", at: node.location)
            }
        }
        reader.reportUnknown(
            in: "field '\(name.value)'", known: Self.fieldKeys,
            placement: { pair in
                let key = pair.key.scalar?.text ?? ""
                if Self.modifierKeys.contains(key) {
                    return "'\(key)' modifies a rule: write it in the rule's mapping under 'rules:'"
                }
                if RuleCatalog.names.contains(key) {
                    return "'\(key)' is a rule: write it under 'rules:' (rules: [{\(key): …}])"
                }
                // A mapping of field keys (`email: {type: text, required: true}`) is a field
                // indented one level too deep.
                if let keys = pair.value.mapping?.compactMap({ $0.key.scalar?.text }), !keys.isEmpty,
                    keys.allSatisfy(Self.fieldKeys.contains), closestMatch(to: key, in: Self.fieldKeys) == nil
                {
                    // A group's members go under its `fields:`; anything else's beside it.
                    let nests = fields != nil || ["group", "list"].contains(field.type?.value ?? "")
                    return nests
                        ? "'\(key)' looks like a field: a member of '\(name.value)' goes under its 'fields:'"
                        : "'\(key)' looks like a field indented under '\(name.value)': indent it as far as '\(name.value)'"
                }
                // Another schema language's word for a rule (`regex`, `minimum`) on the field itself.
                if let synonym = Diagnostics.synonyms[key.lowercased()], RuleCatalog.names.contains(synonym.key),
                    !Self.fieldKeys.contains(synonym.key)
                {
                    let written = synonym.written.contains(":") ? "{\(synonym.written)}" : "{\(synonym.written): …}"
                    return "FormSpec writes '\(key)' as the rule '\(synonym.key)', under 'rules:' (rules: [\(written)])"
                }
                return nil
            }, diagnostics: &diagnostics)
        return field
    }

    /// Parses a rule item: a mapping with exactly one of `keys` plus modifiers.
    mutating func parseRule(_ node: YAMLNode, keys: [String]) -> RuleSyntax? {
        // `- required` or `- min_length 3`: a rule's name written without its colon.
        if let scalar = node.scalar, scalar.style == .plain, case .string(let text) = node.resolved,
            let word = text.split(separator: " ").first.map(String.init), keys.contains(word)
        {
            let rest = text.dropFirst(word.count).drop { $0 == " " }
            // A rule that takes only `true` is written so, whatever followed its name.
            let argument = ["required", "require_changes"].contains(word) ? "true" : rest.isEmpty ? "…" : String(rest)
            diagnostics.error(
                "a rule must be a mapping, not a string", at: node.location,
                notes: [.init("write '\(word): \(argument)', with a colon after the rule's name")])
            return nil
        }
        guard var reader = MappingReader(node, what: "a rule", diagnostics: &diagnostics) else { return nil }
        var rulePairs: [YAMLPair] = []
        for key in keys { if let pair = reader.takePair(key) { rulePairs.append(pair) } }
        var modifiers: [String: YAMLNode] = [:]
        for key in Self.modifierKeys { if let value = reader.take(key) { modifiers[key] = value } }
        // A misspelt key is most likely a misspelt rule when no rule key was found.
        for pair in reader.remaining {
            let key = pair.key.scalar?.text ?? ""
            let isRuleTypo = rulePairs.isEmpty && closestMatch(to: key, in: Self.modifierKeys) == nil
            // `- label: …` in `rules:`: a field's key written as a rule item.
            let fieldKey =
                Self.fieldOnlyKeys.contains(key)
                ? [Diagnostic.Note("'\(key)' is a key of the field: write it beside 'rules:', not as a rule item")]
                : nil
            diagnostics.error(
                isRuleTypo ? "unknown rule '\(key)'" : "unknown key '\(key)' in a rule", at: pair.key.location,
                notes: fieldKey ?? MappingReader.colonNotes(pair)
                    ?? Diagnostics.suggestion(for: key, among: isRuleTypo ? keys : keys + Self.modifierKeys))
        }
        guard let rulePair = rulePairs.first else {
            if reader.remaining.isEmpty {
                diagnostics.error(
                    "a rule needs one of: \(keys.joined(separator: ", "))", at: node.location)
            }
            return nil
        }
        if rulePairs.count > 1 {
            let names = rulePairs.map { "'\($0.key.scalar?.text ?? "")'" }.joined(separator: " and ")
            diagnostics.error(
                "a rule item holds exactly one rule, found \(names)", at: rulePairs[1].key.location,
                notes: [.init("write each rule as its own list item")])
        }
        return RuleSyntax(
            key: Located(value: rulePair.key.scalar?.text ?? "", location: rulePair.key.location),
            argument: rulePair.value, location: node.location,
            message: modifiers["message"], requirement: modifiers["requirement"], condition: modifiers["when"],
            severity: Read.string(modifiers["severity"], "'severity'", &diagnostics),
            unit: Read.string(modifiers["unit"], "'unit'", &diagnostics),
            count: modifiers["count"], debounce: modifiers["debounce"],
            checkWhen: Read.string(modifiers["check_when"], "'check_when'", &diagnostics),
            flags: Read.string(modifiers["flags"], "'flags'", &diagnostics),
            textCase: Read.string(modifiers["case"], "'case'", &diagnostics))
    }

    /// `tests:` is a list of tests, or `{today: DATE, cases: [tests]}` to pin `today` for every test.
    private mutating func parseTests(_ node: YAMLNode, into spec: inout SpecSyntax) {
        var fileToday: Located<String>?
        var items: [YAMLNode]?
        if node.mapping != nil, var reader = MappingReader(node, what: "'tests'", diagnostics: &diagnostics) {
            fileToday = Read.string(reader.take("today"), "'today'", &diagnostics)
            // Checked here, once, rather than in each test that inherits it.
            if let today = fileToday, CivilDate(iso: today.value) == nil {
                diagnostics.error(Self.badToday(today.value), at: today.location)
                fileToday = nil
            }
            items = Read.list(reader.take("cases"), "'cases'", &diagnostics)
            // `tests:` then `name:` without `- `: one test written as the section itself.
            let testKeys = reader.remaining.compactMap { $0.key.scalar?.text }.filter(Self.testKeys.contains)
            if !testKeys.isEmpty {
                for key in testKeys { _ = reader.take(key) }
                diagnostics.error(
                    "'tests' holds a test's keys (\(testKeys.joined(separator: ", "))), not a list of tests",
                    at: node.location,
                    notes: [.init("a test is an item of the list under 'tests:': write '- \(testKeys[0]): …'")])
            }
            reader.reportUnknown(in: "'tests'", known: Self.testSectionKeys, diagnostics: &diagnostics)
        } else {
            guard node.sequence != nil else {
                diagnostics.error(
                    "'tests' must be a list of tests, or a mapping with 'today' and 'cases', "
                        + "not \(node.kindDescription)", at: node.location)
                return
            }
            items = node.sequence
        }
        for item in items ?? [] {
            guard var test = parseTest(item) else { continue }
            if test.today == nil { test.today = fileToday }
            spec.tests.append(test)
        }
    }

    /// The diagnostic for a `today:` that is not an ISO date.
    static func badToday(_ text: String) -> String {
        "'today' must be a date written YYYY-MM-DD, not '\(text)'"
    }

    private mutating func parseTest(_ node: YAMLNode) -> TestSyntax? {
        guard var reader = MappingReader(node, what: "a test", diagnostics: &diagnostics) else { return nil }
        let name = Read.string(reader.take("name"), "a test's 'name'", &diagnostics)
        if name == nil, reader.take("name") == nil {
            diagnostics.error("a test needs a 'name'", at: node.location)
        }
        var test = TestSyntax(
            name: name ?? Located(value: "(unnamed)", location: node.location), location: node.location)
        test.input = reader.take("input")
        test.expect = reader.take("expect")
        test.locale = Read.string(reader.take("locale"), "a test's 'locale'", &diagnostics)
        test.mode = Read.string(reader.take("mode"), "a test's 'mode'", &diagnostics)
        test.original = reader.take("original")
        test.stubs = reader.take("stubs")
        test.today = Read.string(reader.take("today"), "a test's 'today'", &diagnostics)
        if test.expect == nil { diagnostics.error("test '\(test.name.value)' needs an 'expect'", at: node.location) }
        reader.reportUnknown(in: "test '\(test.name.value)'", known: Self.testKeys, diagnostics: &diagnostics)
        return test
    }
}
