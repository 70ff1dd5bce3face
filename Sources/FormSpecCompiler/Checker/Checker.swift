import FormSpecDiagnostics
import FormSpecPattern
@_spi(Program) @_spi(Tooling) import FormSpecRuntime
import FormSpecYAML

/// What the checker knows of a field while checking rules that mention it.
struct FieldInfo {
    var name: String
    var index: Int
    var type: FieldType
    /// The label in the spec's locale.
    var label: String
    var options: [ChoiceOption]
    /// The label with its translations.
    var labels = FieldLabel(text: "")
    /// For a list, its item fields' indexes (every item it can hold).
    var itemIndices: [Int] = []
    /// For a list, its items' type (also when it holds none, `max_items: 0`).
    var itemType: FieldType?
    /// For an item of a list of scalars, the list's name: diagnostics about the rules of `each:`
    /// speak of the list's items, not of item 0.
    var itemOf: String?

    /// How diagnostics name what the field's rules read: `field 'email'`, or `the items of 'scores'`.
    var named: String { itemOf.map { "the items of '\($0)'" } ?? "field '\(name)'" }

    /// How diagnostics name the field: `text field 'email'`, or `the integer items of 'scores'`.
    var described: String {
        if let itemOf { return "the \(type.rawValue) items of '\(itemOf)'" }
        return "\(type.rawValue) field '\(name)'"
    }
}

/// Checks a spec's meaning: every problem is reported (not only the first), with did-you-mean
/// suggestions, and what is sound is resolved into a ``CheckedSpec``.
struct Checker {
    var diagnostics = DiagnosticCollector()
    var fieldInfo: [String: FieldInfo] = [:]
    var fieldOrder: [String] = []
    /// Named rules from `define:` of this file and its imports.
    var defines: [String: (item: RuleSyntax, path: String)] = [:]
    /// Whether an import could not be read: a `use:` of a name nothing defines is then not
    /// reported, since the missing file may define it (its import's error says what to fix).
    var importFailed = false
    /// Defines (of this file or an imported one) whose rule could not be read: their error is
    /// reported, and a `use:` of one is no second.
    var brokenDefines: Set<String> = []
    /// Names being expanded by `use:`, to find cycles.
    var useStack: [String] = []
    /// Every external check the spec uses.
    var checkNames: Set<String> = []
    var specLocale = "en"
    /// Defines on a `use:` cycle (already reported once).
    var cyclicDefines: Set<String> = []
    /// Names some `use:` asked for, to warn about defines of this file that nothing uses.
    var usedDefines: Set<String> = []
    /// The rule names each checked field's checklist may hold, for the names a test expects.
    var checklistRules: [String: [String]] = [:]
    /// Each define checked once per field it is used on (`nil`: it failed, already reported), so
    /// defines that `use:` each other many times cost linear, not exponential, time.
    var checkedUses: [UseKey: CheckedRule?] = [:]
    /// Patterns compiled so far, by source and flags: a list's items repeat their patterns.
    var compiledPatterns: [PatternKey: Pattern] = [:]

    struct PatternKey: Hashable {
        var source: String
        var flags: PatternFlags
    }
    /// The define names, sorted once for did-you-mean suggestions.
    lazy var sortedDefineNames: [String] = defines.keys.sorted()
    /// How deeply rule checking is nested right now (through `use:` and all/any/not).
    var ruleDepth = 0
    /// Rule nodes of the whole spec after `use:` expansion.
    var expandedRules = 0
    /// Where the spec writes a secret: test inputs of secret fields, their defaults and the literals
    /// they are compared with. Excerpts under diagnostics show these spans masked.
    var secretSpans: [SourceLocation] = []
    /// Name comparisons left for did-you-mean over the spec's own names (fields, defines, options):
    /// thousands of misspellings over thousands of names stay fast, later ones just get no hint.
    var suggestionBudget = 200_000
    /// What a bare field name is prefixed with in the field being checked: `""` at the top level,
    /// `address.` in a group, `contacts.1.` in an item of a repeatable group.
    var scope = ""
    /// The field being checked (its dotted name), while its rules are.
    var currentFieldName: String?
    /// ``closestPath(to:)``'s answers, by the path asked for.
    var closestPaths: [String: String?] = [:]
    /// Whether the layout passed ``maxLaidOutFields`` (reported once).
    var layoutOverflowed = false
    /// ``siblings(in:)`` by scope.
    var siblingsByScope: [String: [String]] = [:]
    /// Whether diagnostics are being discarded (``quietly(_:_:)``: the items of a list after the
    /// first, checked like the first). Did-you-mean is then skipped: its notes would be discarded,
    /// and each item's search would spend the shared ``suggestionBudget`` (and build its candidate
    /// list) again, leaving later misspellings without a hint.
    var isQuiet = false

    /// Rules may nest (through `use:` and all/any/not) this deep; deeper chains are an error, not a
    /// stack overflow in the compiler or the evaluator.
    static let maxRuleDepth = 64
    /// One rule may expand (through `use:`) to at most this many rule nodes.
    static let maxRuleSize = 10_000
    /// The whole spec may expand to at most this many rule nodes.
    static let maxSpecRules = 1_000_000

    /// A define checked on a field.
    struct UseKey: Hashable {
        var name: String
        var field: Int
    }

    // MARK: - The spec

    mutating func check(_ spec: SpecSyntax) -> CheckedSpec? {
        Self.checkVersion(spec, diagnostics: &diagnostics)
        if let locale = spec.locale {
            if Self.isLocale(locale.value) {
                specLocale = LocaleTag(locale.value)?.canonical ?? locale.value
                warnIfUnknown(locale: locale.value, at: locale.location)
            } else {
                diagnostics.error(
                    "invalid locale '\(Diagnostics.excerpt(locale.value))'", at: locale.location,
                    notes: [.init(Self.localeHint(locale.value))])
            }
        }
        guard let fields = spec.fields else {
            if spec.form != nil {
                diagnostics.error("a form needs 'fields'", at: spec.form?.location ?? spec.location)
            }
            return nil
        }
        var formName = "form"
        if let form = spec.form {
            if Self.isIdentifier(form.value, allowUppercase: false) {
                formName = form.value
            } else {
                diagnostics.error(
                    "invalid form name '\(form.value)'", at: form.location,
                    notes: [.init("form names are lowercase identifiers: a letter, then letters, digits or _")])
            }
        } else {
            diagnostics.error("missing 'form:' (the form's identifier)", at: spec.location)
        }
        if fields.isEmpty, !spec.fieldsAreMalformed {
            diagnostics.error("a form needs at least one field", at: spec.fieldsLocation ?? spec.location)
        }

        // First pass: names, types, labels and options, so rules may refer to any field.
        checkNames(of: fields, depth: 0)
        let layout = layOut(fields)

        collectSecretSpans(spec)
        checkDefineCycles()
        var checkedFields: [CheckedField] = []
        var ownConditions: [Int: Condition] = [:]
        for (index, field) in layout.enumerated() where !field.name.isEmpty {
            let checked = quietly(field.quiet) { $0.checkField(field, index: index, ownConditions: &ownConditions) }
            if let checked {
                checkedFields.append(checked)
                // Only a spec test reads them: `validate`'s start-up does not gather them.
                if !spec.tests.isEmpty {
                    checklistRules[checked.name] = ["required", "type"] + checked.rules.map { $0.name }
                }
            }
        }
        warnAboutUnusedDefines(spec)
        var formRules: [CheckedFormRule] = []
        for rule in spec.formRules { if let checked = checkFormRule(rule) { formRules.append(checked) } }
        var tests: [SpecTest] = []
        var testNames: [String: SourceLocation] = [:]
        for test in spec.tests {
            // `--filter` and JUnit tell tests apart by name.
            if !test.name.value.isEmpty, let first = testNames[test.name.value] {
                diagnostics.warning(
                    "two tests are named '\(Diagnostics.excerpt(test.name.value))'", at: test.name.location,
                    notes: [
                        .init("the first is here", at: first),
                        .init("--filter and JUnit reports tell tests apart by name; rename one"),
                    ])
            } else {
                testNames[test.name.value] = test.name.location
            }
            if let checked = checkTest(test) { tests.append(checked) }
        }
        guard !diagnostics.hasErrors else { return nil }
        return CheckedSpec(
            form: formName, title: spec.title, locale: specLocale, fields: checkedFields, formRules: formRules,
            tests: tests)
    }

    /// Reports a `formspec:` key that is missing or not the number 1: one check for forms, rule
    /// libraries and the libraries a spec imports.
    static func checkVersion(_ spec: SpecSyntax, diagnostics: inout DiagnosticCollector) {
        guard let version = spec.version else {
            diagnostics.error("missing 'formspec: 1' (the language version)", at: spec.location)
            return
        }
        if case .integer(1) = version.resolved { return }
        if case .string("1") = version.resolved {
            diagnostics.error(
                "'formspec' is the number 1, not the string \"1\"", at: version.location,
                notes: [.init("write formspec: 1, without quotes")])
            return
        }
        diagnostics.error(
            "unsupported language version '\(version.scalar?.text ?? version.kindDescription)'", at: version.location,
            notes: [.init("this compiler reads 'formspec: 1'")])
    }

    /// `label: Text` or `label: {en: Email, ja: メールアドレス}` (of a field or an option);
    /// `otherwise` when absent.
    mutating func checkLabel(_ node: YAMLNode?, otherwise: String) -> FieldLabel {
        var label = FieldLabel(text: otherwise)
        guard let node else { return label }
        guard let pairs = node.mapping else {
            if let text = Read.string(node, "'label'", &diagnostics), isNotBlank(text, "a label") {
                label.text = text.value
            }
            return label
        }
        if pairs.isEmpty { diagnostics.error("'label' needs at least one locale", at: node.location) }
        var firstLocale: String?
        var written: [String: YAMLNode] = [:]
        for pair in pairs {
            let locale = pair.key.scalar?.text ?? ""
            guard Self.isLocale(locale), let tag = LocaleTag(locale) else {
                diagnostics.error(
                    "invalid locale '\(Diagnostics.excerpt(locale))' in a label", at: pair.key.location,
                    notes: [.init(Self.localeHint(locale))])
                continue
            }
            guard isFirstSpelling(of: tag, key: pair.key, in: &written) else { continue }
            warnIfUnknown(locale: locale, at: pair.key.location)
            guard let text = Read.string(pair.value, "a label", &diagnostics), isNotBlank(text, "a label") else {
                continue
            }
            label.translations[tag.canonical] = text.value
            if firstLocale == nil { firstLocale = tag.canonical }
        }
        warnIfNoFallback(written.keys, shown: firstLocale, what: "a label", at: node.location)
        // Reports carry one label: the spec's locale, else English, else the first written.
        let inSpecLocale = LocaleTag(specLocale)?.fallbacks.lazy.compactMap { label.translations[$0] }.first
        if let text = inSpecLocale ?? label.translations["en"] ?? firstLocale.flatMap({ label.translations[$0] }) {
            label.text = text
        }
        return label
    }

    /// The options of choice field `field`, or of its items when `itemsOf` (a list of `type`).
    mutating func checkOptions(_ field: FieldSyntax, type: FieldType, itemsOf: Bool = false) -> [ChoiceOption] {
        let described = itemsOf ? "the items of list '\(field.name.value)'" : "field '\(field.name.value)'"
        guard let node = field.options else {
            if type == .choice {
                diagnostics.error(
                    itemsOf
                        ? "list of choices '\(field.name.value)' needs 'options'"
                        : "choice field '\(field.name.value)' needs 'options'",
                    at: (itemsOf ? field.of?.location : nil) ?? field.type?.location ?? field.name.location)
            }
            return []
        }
        // An unknown type (`type: enum`) is its own error, with a did-you-mean: no second one here.
        let written = itemsOf ? field.of : field.type
        if type != .choice, written.map({ FieldType(rawValue: $0.value) != nil }) ?? true {
            diagnostics.error(
                "'options' only applies to choice fields; \(described) \(itemsOf ? "are" : "is") \(itemsOf && type == .group ? "groups" : type.rawValue)",
                at: node.location)
            return []
        }
        if type != .choice { return [] }
        guard let items = Read.list(node, "'options'", &diagnostics) else { return [] }
        if items.isEmpty { diagnostics.error("'options' needs at least one option", at: node.location) }
        var options: [ChoiceOption] = []
        var seen: [ExactText: SourceLocation] = [:]
        for item in items {
            var valueNode = item
            var labelNode: YAMLNode?
            if item.mapping != nil {
                guard var reader = MappingReader(item, what: "an option", diagnostics: &diagnostics) else { continue }
                guard let value = reader.take("value") else {
                    // A misspelt `value:` (`valeu:`) is the error to show, with its did-you-mean.
                    _ = reader.take("label")
                    if reader.remaining.isEmpty {
                        diagnostics.error("an option mapping needs 'value'", at: item.location)
                    } else {
                        reader.reportUnknown(in: "an option", known: ["value", "label"], diagnostics: &diagnostics)
                    }
                    continue
                }
                valueNode = value
                labelNode = reader.take("label")
                reader.reportUnknown(in: "an option", known: ["value", "label"], diagnostics: &diagnostics)
            }
            guard valueNode.scalar != nil, let text = FieldType.canonicalText(Value(yaml: valueNode)) else {
                diagnostics.error("an option value must be a string, number or boolean", at: valueNode.location)
                continue
            }
            if let first = seen[ExactText(text)] {
                diagnostics.error(
                    "duplicate option '\(text)'", at: valueNode.location, notes: [.init("first listed here", at: first)]
                )
                continue
            }
            if text.isEmpty {
                diagnostics.warning(
                    "an empty option can never be chosen: an empty value is no value", at: valueNode.location,
                    notes: [
                        .init(
                            "leave the field empty for \"none\" (it is then optional unless required), or give the option a value"
                        )
                    ])
            }
            seen[ExactText(text)] = valueNode.location
            let label = checkLabel(labelNode, otherwise: text)
            options.append(
                ChoiceOption(
                    value: text, label: label.text,
                    translations: label.translations.isEmpty ? nil : label.translations))
        }
        return options
    }

    private mutating func checkField(_ laidOut: LaidOutField, index: Int, ownConditions: inout [Int: Condition])
        -> CheckedField?
    {
        guard let info = fieldInfo[laidOut.name], info.index == index else { return nil }
        let field = laidOut.syntax
        scope = laidOut.scope
        currentFieldName = laidOut.name
        defer { (scope, currentFieldName) = ("", nil) }
        var required = false
        var requiredMessage = MessageSource(custom: nil, defaultKey: "required", placeholders: [:])
        if let node = field.required {
            switch node.resolved {
            case .bool(let value) where node.scalar != nil: required = value
            case .string(let text) where node.scalar != nil:
                if Self.yamlOneOneBooleans.contains(text.lowercased()) {
                    // YAML 1.2 reads `no` as a string: a message, which would make the field required.
                    diagnostics.error(
                        "'required: \(text)' reads as the message '\(text)', which makes the field required",
                        at: node.location,
                        notes: [.init("YAML 1.2 has no yes/no or on/off booleans: write true or false")])
                    break
                }
                if ["true", "false"].contains(text.lowercased()) {
                    // Quoted, `"false"` is text: a message, which would make the field required.
                    diagnostics.error(
                        "'required' is the text '\(text)' in quotes: it reads as a message, which makes the field required",
                        at: node.location, notes: [.init("write \(text.lowercased()) without quotes")])
                    break
                }
                guard isNotBlank(Located(value: text, location: node.location), "a message") else { break }
                required = true
                requiredMessage.custom = [specLocale: text]
                validateTemplate(text, at: node.location, placeholders: [:], field: info, scalar: node.scalar)
            default:
                if node.mapping != nil {
                    required = true
                    requiredMessage = messageSource(node, key: "required", placeholders: [:], field: info)
                } else {
                    diagnostics.error(
                        "'required' takes true, false or a message, not \(node.kindDescription)", at: node.location)
                }
            }
        }
        var defaultValue: Value?
        var defaultOffset: DateOffset?
        if let node = field.defaultValue, info.type == .date, node.scalar != nil,
            case .string(let text) = node.resolved, text.hasPrefix("today")
        {
            // Relative to the evaluation's today, so it is resolved per validation, not here.
            defaultOffset = relativeDate(text, at: node.location)
        } else if let node = field.defaultValue, info.type.isScalar {
            // On a group or list, `checkShapeKeys` reported it.
            let value = Value(yaml: node)
            // Only on a text field (a secret's default is never quoted), and only a relative date
            // as a date field writes it (`today's soup` is text).
            if info.type == .text, node.scalar?.style == .plain, case .string(let text) = node.resolved,
                DateOffset.parseToday(text) != nil
            {
                diagnostics.warning(
                    "'default: \(Diagnostics.excerpt(text))' on a text field is the text '\(Diagnostics.excerpt(text))'",
                    at: node.location, notes: [.init("today and today±N are defaults of date fields")])
            }
            switch info.type.read(value, trim: false, options: Set(info.options.map { ExactText($0.value) })) {
            case .value, .empty: defaultValue = value
            case .invalid(let invalid):
                let reason = invalid.rule
                let expected = info.type == .date ? "a date (YYYY-MM-DD) or today±N" : info.type.literalDescription
                var written = "not \(Self.described(node))"
                // A string the type reads (a date, a time) that is not one: say which, not "a string".
                if node.scalar != nil, case .string(let text) = node.resolved {
                    written = "and '\(Diagnostics.excerpt(text))' is not one"
                }
                diagnostics.error(
                    reason == "choice"
                        ? "default '\(node.scalar?.text ?? "")' is not an option of field '\(info.name)'"
                        : "default for \(info.type.rawValue) field '\(info.name)' must be \(expected), \(written)",
                    at: node.location,
                    notes: reason == "choice"
                        ? suggestion(for: node.scalar?.text ?? "", among: info.options.map(\.value)) : [])
            }
        }
        var reportsFirstOnly = false
        if let report = field.report {
            switch report.value {
            case "all": break
            case "first": reportsFirstOnly = true
            default:
                diagnostics.error(
                    "'report' takes all or first, not '\(report.value)'", at: report.location,
                    notes: Diagnostics.suggestion(for: report.value, among: ["all", "first"]))
            }
        }
        let own = field.condition.flatMap { checkCondition($0) }
        if let own { ownConditions[index] = own }
        var condition = laidOut.parentCondition
        for ancestor in laidOut.ancestors { condition = Self.all(condition, ownConditions[ancestor]) }
        condition = Self.all(condition, own)
        var rules: [CheckedRule] = []
        for syntax in field.rules {
            // A rule that says again what the field's `required:` says: two checks, two messages.
            if required, syntax.key.value == "required", syntax.condition == nil, let node = field.required,
                case .bool(true) = syntax.argument.resolved
            {
                diagnostics.warning(
                    "field '\(laidOut.name)' is required already", at: syntax.key.location,
                    notes: [
                        .init("'required:' is here", at: node.location),
                        .init("keep one; a required rule with 'when:' makes it required only then"),
                    ])
            }
            guard let rule = checkRule(syntax, field: info) else { continue }
            let before = expandedRules
            expandedRules += rule.size
            if before <= Self.maxSpecRules, expandedRules > Self.maxSpecRules {
                diagnostics.error(
                    "the spec's rules expand to more than \(Self.maxSpecRules) rules in all (through 'use:')",
                    at: rule.location, notes: [.init("every record would be checked against all of them")])
            }
            rules.append(rule)
        }
        checkBounds(rules, field: info)
        if info.type == .list, !rules.contains(where: { $0.name == "max_items" }) {
            // A list holds its capacity's items: a longer one fails as if it said so.
            rules.append(
                CheckedRule(
                    name: "max_items",
                    rule: .value(AnyValueRule(MaxItemsRule(argument: .count(Self.defaultListCapacity)))),
                    message: MessageSource(
                        custom: nil, defaultKey: "max_items",
                        placeholders: ["max_items": .text(String(Self.defaultListCapacity))]),
                    requirement: nil, condition: nil, severity: .error, location: field.name.location))
        }
        return CheckedField(
            name: info.name, label: info.labels, type: info.type, required: required, requiredMessage: requiredMessage,
            defaultValue: defaultValue, defaultOffset: defaultOffset, trim: field.trim,
            debounceMilliseconds: duration(field.debounce),
            condition: condition, reportsFirstOnly: reportsFirstOnly, rules: rules, options: info.options)
    }

    // MARK: - Rules

    /// Parses a nested rule item (inside `all`, `any`, `not`).
    mutating func parseRuleItem(_ node: YAMLNode) -> RuleSyntax? {
        // Lend the collector to the parser instead of copying it: a copy per nested rule made
        // specs with many diagnostics quadratic.
        var parser = SyntaxParser(diagnostics: DiagnosticCollector())
        swap(&parser.diagnostics, &diagnostics)
        let item = parser.parseRule(node, keys: RuleCatalog.names)
        swap(&parser.diagnostics, &diagnostics)
        return item
    }

    /// Checks one rule item on `field`.
    mutating func checkRule(_ syntax: RuleSyntax, field: FieldInfo) -> CheckedRule? {
        guard let definition = RuleCatalog.definition(for: syntax.key.value),
            let declaration = RuleCatalog.declaration(for: syntax.key.value)
        else { return nil }
        ruleDepth += 1
        defer { ruleDepth -= 1 }
        if ruleDepth > Self.maxRuleDepth {
            reportTooDeep(at: syntax.key.location)
            return nil
        }
        if !declaration.applies(to: field.type) {
            // Written, though misplaced: the define it names is not also "never used".
            if syntax.key.value == "use", let name = syntax.argument.scalar?.text { usedDefines.insert(name) }
            diagnostics.error(
                "rule '\(syntax.key.value)' does not apply to \(field.described)",
                at: syntax.key.location,
                notes: [
                    .init(
                        "'\(syntax.key.value)' applies to \(declaration.appliesTo?.sortedDescription ?? "single-value") fields"
                    )
                ])
            return nil
        }
        // The modifiers only some rules take, as their declarations say.
        let written: [(location: SourceLocation?, key: String)] = [
            (syntax.unit?.location, "unit"), (syntax.count?.location, "count"), (syntax.debounce?.location, "debounce"),
            (syntax.checkWhen?.location, "check_when"), (syntax.flags?.location, "flags"),
            (syntax.textCase?.location, "case"),
        ]
        for (location, key) in written where location != nil && !declaration.modifiers.contains(key) {
            let rules = RuleCatalog.declarations.filter { $0.modifiers.contains(key) }.map(\.name)
            let list =
                rules.count == 1 ? rules[0] : "\(rules.dropLast().joined(separator: ", ")) and \(rules.last ?? "")"
            diagnostics.error(
                "'\(key)'\(key == "debounce" ? " on a rule" : "") only applies to \(list)", at: location,
                notes: key == "check_when"
                    ? [.init("a check: rule can say when it is asked; other rules always run")] : [])
        }
        var severity = Severity.error
        if let written = syntax.severity {
            if let parsed = Severity(rawValue: written.value) {
                severity = parsed
            } else {
                // `warn`, `err`: the start of a severity's name.
                let start = ["error", "warning"].first {
                    $0.hasPrefix(written.value.lowercased()) && written.value.count > 1
                }
                diagnostics.error(
                    "'severity' takes error or warning, not '\(written.value)'", at: written.location,
                    notes: start.map { [.init("did you mean '\($0)'?")] }
                        ?? Diagnostics.suggestion(for: written.value, among: ["error", "warning"]))
            }
        }
        let condition = syntax.condition.flatMap { checkCondition($0) }
        guard let body = definition.check(syntax, field: field, checker: &self) else { return nil }
        var message =
            syntax.message.map {
                messageSource(
                    $0, key: body.messageKey, placeholders: body.placeholders, field: field,
                    comparesWithSecret: body.comparesWithSecret)
            }
            ?? body.inheritedMessage
            ?? MessageSource(custom: nil, defaultKey: body.messageKey, placeholders: body.placeholders)
        message.placeholders.merge(body.placeholders) { current, _ in current }
        let requirement =
            syntax.requirement.map {
                messageSource(
                    $0, key: body.messageKey, placeholders: body.placeholders, field: field,
                    comparesWithSecret: body.comparesWithSecret)
            } ?? body.inheritedRequirement
        // Where the rule is used, not in a define its use may give a requirement (`useStack`). (On a
        // secret, `{value}` is an error already.)
        if requirement == nil, useStack.isEmpty, field.type != .secret, !body.comparesWithSecret,
            message.custom?.values.contains(where: {
                // A brace first: the standard library's `contains` on strings is costly at start-up.
                $0.utf8.contains(UInt8(ascii: "{")) && TemplateParser.placeholders(in: $0).contains("value")
            }) == true
        {
            diagnostics.warning(
                "this message shows '{value}', and the rule's checklist line, with no 'requirement:', shows the message",
                at: syntax.message?.location ?? syntax.key.location,
                notes: [
                    .init(
                        "a checklist line describes the rule before anything is typed and after it passes; give a 'requirement:' that reads without the value"
                    )
                ])
        }
        // A define checked earlier (and cached) may make the tree too deep or too large here.
        if body.height > Self.maxRuleDepth {
            reportTooDeep(at: syntax.key.location)
            return nil
        }
        if body.size > Self.maxRuleSize {
            diagnostics.error(
                "this rule expands to more than \(Self.maxRuleSize) rules (through 'use:')", at: syntax.key.location,
                notes: [.init("a define that uses another several times multiplies its size")])
            return nil
        }
        return CheckedRule(
            name: body.reportedName ?? syntax.key.value, rule: body.rule, message: message, requirement: requirement,
            condition: condition, severity: severity, debounceMilliseconds: duration(syntax.debounce),
            location: syntax.key.location, size: body.size, height: body.height,
            comparesWithSecret: body.comparesWithSecret)
    }

    private mutating func reportTooDeep(at location: SourceLocation) {
        diagnostics.error(
            "rules nest more than \(Self.maxRuleDepth) levels deep (through 'use:' and all/any/not)", at: location,
            notes: [.init("a chain of defines (or of all, any and not) this deep is likely a mistake")])
    }

    /// A `message:` or `requirement:` node: a string in the spec's locale, or a map by locale.
    /// `comparesWithSecret`: the rule compares the field with a secret one, so `{value}` may be
    /// (or be close to) the secret.
    mutating func messageSource(
        _ node: YAMLNode, key: String, placeholders: [String: PlaceholderValue], field: FieldInfo?,
        comparesWithSecret: Bool = false
    ) -> MessageSource {
        var custom: [String: String] = [:]
        if let pairs = node.mapping {
            if pairs.isEmpty { diagnostics.error("a message needs at least one locale", at: node.location) }
            var written: [String: YAMLNode] = [:]
            for pair in pairs {
                let locale = pair.key.scalar?.text ?? ""
                if Self.isLocale(locale), let tag = LocaleTag(locale),
                    !isFirstSpelling(of: tag, key: pair.key, in: &written)
                {
                    continue
                }
                if !Self.isLocale(locale) {
                    // `required: {when: …}` reads as a message in a locale named `when`.
                    let note =
                        locale == "when"
                        ? "a message's keys are locales; to require a field only when a condition holds, write `required: true` with `when:` as an item of its `rules:`"
                        : Self.localeHint(locale)
                    diagnostics.error(
                        "invalid locale '\(Diagnostics.excerpt(locale))' in a message", at: pair.key.location,
                        notes: [.init(note)])
                } else {
                    warnIfUnknown(locale: locale, at: pair.key.location)
                }
                guard let text = Read.string(pair.value, "a message", &diagnostics), isNotBlank(text, "a message")
                else { continue }
                validateTemplate(
                    text.value, at: text.location, placeholders: placeholders, field: field,
                    comparesWithSecret: comparesWithSecret, scalar: pair.value.scalar)
                custom[LocaleTag(locale)?.canonical ?? locale] = text.value
            }
            // The locales written (a key that is no locale is an error already).
            warnIfNoFallback(written.keys, shown: custom.keys.min(), what: "a message", at: node.location)
        } else if let text = Read.string(node, "a message", &diagnostics), isNotBlank(text, "a message") {
            validateTemplate(
                text.value, at: text.location, placeholders: placeholders, field: field,
                comparesWithSecret: comparesWithSecret, scalar: node.scalar)
            custom[specLocale] = text.value
        }
        return MessageSource(custom: custom, defaultKey: key, placeholders: placeholders)
    }

    /// Whether `key` is the first spelling of locale `tag` in a message or label map; reports a
    /// second one (`en` and `EN`: tags match case-insensitively, and which text wins must not
    /// depend on the map's order). The loader reports keys repeated exactly.
    private mutating func isFirstSpelling(of tag: LocaleTag, key: YAMLNode, in written: inout [String: YAMLNode])
        -> Bool
    {
        if let first = written[tag.canonical] {
            diagnostics.error(
                "locale '\(key.scalar?.text ?? "")' is written twice: '\(first.scalar?.text ?? "")' is the same tag",
                at: key.location, notes: [.init("first written here", at: first.location)])
            return false
        }
        written[tag.canonical] = key
        return true
    }

    /// Whether a message's or label's text shows something; reports one that is empty or only
    /// whitespace, which would show as nothing.
    private mutating func isNotBlank(_ text: Located<String>, _ what: String) -> Bool {
        guard text.value.allSatisfy(\.isWhitespace) else { return true }
        diagnostics.error(
            "\(what) must not be empty", at: text.location,
            notes: [.init("leave the key out for the default text")])
        return false
    }

    /// Reports placeholders a template cannot fill, and any that would show a secret: `{value}` on
    /// a secret field or on a field compared with one, and the literal of `equals`/`one_of`… on a
    /// secret field (the literal is what the secret is, or must not be).
    mutating func validateTemplate(
        _ text: String, at location: SourceLocation, placeholders: [String: PlaceholderValue], field: FieldInfo?,
        comparesWithSecret: Bool = false, scalar: YAMLScalar? = nil
    ) {
        var available = Set(placeholders.keys).union(["label", "value"])
        if field == nil { available.subtract(["label", "value"]) }
        let (parsed, strayBraces) = TemplateParser.placeholdersAndStrayBraces(in: text)
        let names = parsed.map(\.name)
        // Other template languages' placeholders show as written: `${label}` keeps its `$` (only
        // for the label: `${min}` is a price), `%s` stays `%s` (a conversion followed by a space,
        // punctuation or the end: `20%discount` and `%d0%9f` in a URL are text).
        if names.contains("label"), text.utf8Offset(after: "${label}") != nil {
            diagnostics.warning(
                "'${label}' shows a '$' before the label", at: location,
                notes: [.init("FormSpec's placeholders are written {label}, without '$'")])
        }
        if let printf = Self.printfConversion(in: text) {
            diagnostics.warning(
                "'\(printf)' in a message shows as written", at: location,
                notes: [
                    .init(
                        field == nil
                            ? "FormSpec's placeholders are written {name}: a form rule's are its own ({fields})"
                            : "FormSpec's placeholders are {label}, {value} and the rule's own ({min}, {max}…)")
                ])
        }
        if strayBraces > 0 {
            diagnostics.warning(
                "a brace in this message starts no placeholder and shows as written", at: location,
                notes: [.init("a placeholder is {name} (letters, digits and _); write {{ and }} for braces")])
        }
        for name in names {
            // The placeholder itself (its first time), where the message is written as it reads.
            let written = parsed.first { $0.name == name }.map { placeholder in
                let scalars = text.unicodeScalars
                let start = scalars.distance(from: scalars.startIndex, to: placeholder.range.lowerBound)
                return start..<start
                    + scalars.distance(from: placeholder.range.lowerBound, to: placeholder.range.upperBound)
            }
            let location = written.map { Self.location(of: $0, in: text, at: location, scalar: scalar) } ?? location
            if name == "value", field?.type == .secret {
                diagnostics.error(
                    "'{value}' would show a secret in a message", at: location,
                    notes: [.init("secret values never appear in output; describe the problem instead")])
            } else if name == "value", comparesWithSecret {
                diagnostics.error(
                    "'{value}' would show a secret in a message", at: location,
                    notes: [
                        .init("this rule compares the field with a secret one, so its value may be the secret"),
                        .init("secret values never appear in output; describe the problem instead"),
                    ])
            } else if field?.type == .secret, let value = placeholders[name], Self.quotesLiteral(value) {
                diagnostics.error(
                    "'{\(name)}' would show a secret in a message", at: location,
                    notes: [.init("on a secret field, the value compared with is itself a secret")])
            } else if !available.contains(name) {
                diagnostics.error(
                    "unknown placeholder '{\(name)}' in a message", at: location,
                    notes: Diagnostics.suggestion(for: name, among: available.sorted())
                        + [
                            .init(
                                available.isEmpty
                                    ? "no placeholder is available here"
                                    : "available here: \(available.sorted().map { "{\($0)}" }.joined(separator: ", "))")
                        ])
            }
        }
    }

    /// Where scalars `range` of `text`, a scalar written at `location`, are in the file. Columns
    /// count scalars, so the range maps exactly when `text` is on one line as it reads, plain or
    /// in quotes without escapes (its span is as wide as its scalars, or two more); otherwise the
    /// whole scalar is the honest answer. Past the last scalar (an unterminated group), one column
    /// after the text.
    static func location(
        of range: Range<Int>, in text: String, at location: SourceLocation, scalar: YAMLScalar? = nil
    ) -> SourceLocation {
        let count = text.unicodeScalars.count
        // Escapes, doubled quotes, folded lines and blocks: where each scalar was written.
        if let positions = scalar?.scalarPositions(startingAt: location.start), positions.count == count + 1 {
            let lower = min(range.lowerBound, count)
            let start = positions[lower]
            var end = positions[min(max(range.upperBound, lower + 1), count)]
            if lower == count || end <= start { end = SourcePosition(line: start.line, column: start.column + 1) }
            return SourceLocation(path: location.path, start: start, end: end)
        }
        let width = location.end.column - location.start.column
        guard location.start.line == location.end.line, width == count || width == count + 2 else { return location }
        let lower = min(range.lowerBound, count)
        let start = location.start.column + (width - count) / 2 + lower
        let end = start + max(1, min(count, range.upperBound) - lower)
        return SourceLocation(
            path: location.path, start: SourcePosition(line: location.start.line, column: start),
            end: SourcePosition(line: location.start.line, column: end))
    }

    /// The first printf conversion in `text` (`%s`, `%d`, `%@`, `%1$s`) followed by a space,
    /// punctuation or the end, as a message that means it writes it.
    static func printfConversion(in text: String) -> String? {
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "%") else { continue }
            var end = index + 1
            if end + 1 < bytes.count, bytes[end] == UInt8(ascii: "1"), bytes[end + 1] == UInt8(ascii: "$") { end += 2 }
            guard end < bytes.count, [UInt8(ascii: "s"), UInt8(ascii: "d"), UInt8(ascii: "@")].contains(bytes[end])
            else { continue }
            let next = end + 1 < bytes.count ? bytes[end + 1] : UInt8(ascii: " ")
            let isWordByte =
                next >= 0x80 || (next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9"))
                || (next | 0x20 >= UInt8(ascii: "a") && next | 0x20 <= UInt8(ascii: "z"))
            guard !isWordByte else { continue }
            return String(decoding: bytes[index...end], as: UTF8.self)
        }
        return nil
    }

    /// Whether a placeholder shows a literal written in the spec (not a field's label).
    static func quotesLiteral(_ value: PlaceholderValue) -> Bool {
        switch value {
        case .date(.literal), .list: true
        default: false
        }
    }

    /// Reports bounds that no value can satisfy (`min_length: 10` with `max_length: 5`).
    private mutating func checkBounds(_ rules: [CheckedRule], field: FieldInfo) {
        // The tightest bound on each side: a looser one written later must not hide a contradiction.
        var minLength: [LengthRule.Unit: (Int, CheckedRule)] = [:]
        var maxLength: [LengthRule.Unit: (Int, CheckedRule)] = [:]
        var lower: (Scalar, Bool, CheckedRule)?
        var upper: (Scalar, Bool, CheckedRule)?
        // A bound with a `when:` may not apply, and a warning's leaves values valid.
        for rule in rules where rule.condition == nil && rule.severity == .error {
            switch rule.rule {
            case .length(let length) where length.bound == .min:
                if length.limit > minLength[length.unit]?.0 ?? -1 { minLength[length.unit] = (length.limit, rule) }
            case .length(let length):
                if length.limit < maxLength[length.unit]?.0 ?? .max { maxLength[length.unit] = (length.limit, rule) }
            case .range(let range):
                guard case .literal(let value) = range.operand else { continue }
                let bound = (value, !range.comparison.isInclusive, rule)
                if range.comparison.isLower {
                    if Self.isTighter(bound, than: lower, lower: true) { lower = bound }
                } else if Self.isTighter(bound, than: upper, lower: false) {
                    upper = bound
                }
            default: continue
            }
        }
        for (unit, (low, lowRule)) in minLength.sorted(by: { $0.value.1.location.start < $1.value.1.location.start }) {
            guard let (high, highRule) = maxLength[unit], low > high else { continue }
            let later = lowRule.location.start > highRule.location.start ? lowRule : highRule
            let earlier = later.location == lowRule.location ? highRule : lowRule
            diagnostics.error(
                "contradictory bounds on field '\(field.name)': min_length \(low) is greater than max_length \(high)",
                at: later.location, notes: [.init("the other bound is here", at: earlier.location)])
        }
        if let (low, lowStrict, lowRule) = lower, let (high, highStrict, highRule) = upper,
            let order = low.compare(high), order > 0 || (order == 0 && (lowStrict || highStrict))
        {
            let later = lowRule.location.start > highRule.location.start ? lowRule : highRule
            let earlier = later.location == lowRule.location ? highRule : lowRule
            diagnostics.error(
                "contradictory bounds on field '\(field.name)': no value is \(lowRule.name) \(low) and \(highRule.name) \(high)",
                at: later.location, notes: [.init("the other bound is here", at: earlier.location)])
        }
        checkItemBounds(rules, field: field)
    }

    /// Whether `bound` (a value, whether it is strict, its rule) narrows values more than `current`:
    /// a larger lower or smaller upper bound, or the same value strictly. Bounds that do not compare
    /// (a date against a number, refused elsewhere) keep the first.
    private static func isTighter(
        _ bound: (Scalar, Bool, CheckedRule), than current: (Scalar, Bool, CheckedRule)?, lower: Bool
    ) -> Bool {
        guard let current else { return true }
        guard let order = bound.0.compare(current.0) else { return false }
        if order == 0 { return bound.1 && !current.1 }
        return lower ? order > 0 : order < 0
    }

    /// `min_items` greater than `max_items` on one list.
    private mutating func checkItemBounds(_ rules: [CheckedRule], field: FieldInfo) {
        var fewest: (Int, CheckedRule)?
        var most: (Int, CheckedRule)?
        for rule in rules where rule.condition == nil {
            guard case .value(let value) = rule.rule else { continue }
            if let minimum = value.base as? MinItemsRule { fewest = (minimum.minimum, rule) }
            if let maximum = value.base as? MaxItemsRule { most = (maximum.maximum, rule) }
        }
        guard let (low, lowRule) = fewest, let (high, highRule) = most, low > high else { return }
        let later = lowRule.location.start > highRule.location.start ? lowRule : highRule
        let earlier = later.location == lowRule.location ? highRule : lowRule
        diagnostics.error(
            "contradictory bounds on field '\(field.name)': min_items \(low) is greater than max_items \(high)",
            at: later.location, notes: [.init("the other bound is here", at: earlier.location)])
    }

    // MARK: - Form rules

    private mutating func checkFormRule(_ syntax: RuleSyntax) -> CheckedFormRule? {
        let condition = syntax.condition.flatMap { checkCondition($0) }
        for (node, name) in [
            (syntax.unit?.location, "unit"), (syntax.count?.location, "count"), (syntax.debounce?.location, "debounce"),
            (syntax.flags?.location, "flags"), (syntax.textCase?.location, "case"),
            (syntax.requirement?.location, "requirement"), (syntax.severity?.location, "severity"),
            (syntax.checkWhen?.location, "check_when"),
        ] {
            if let node { diagnostics.error("'\(name)' does not apply to form rules", at: node) }
        }
        switch syntax.key.value {
        case "require_changes":
            guard case .bool(let value) = syntax.argument.resolved, syntax.argument.scalar != nil else {
                diagnostics.error("'require_changes' takes true or false", at: syntax.argument.location)
                return nil
            }
            guard value else {
                // A form rule that checks nothing: said, not silently dropped.
                diagnostics.warning(
                    "'require_changes: false' checks nothing", at: syntax.argument.location,
                    notes: [.init("to let a form be saved unchanged, leave the form rule out")])
                return nil
            }
            return CheckedFormRule(
                name: "require_changes", kind: .requireChanges,
                message: syntax.message.map { messageSource($0, key: "require_changes", placeholders: [:], field: nil) }
                    ?? MessageSource(custom: nil, defaultKey: "require_changes", placeholders: [:]),
                condition: condition)
        default:
            let nodes = syntax.argument.sequence ?? []
            if syntax.argument.sequence == nil || nodes.count < 2 {
                diagnostics.error("'at_least_one_of' takes a list of two or more fields", at: syntax.argument.location)
                return nil
            }
            var indexes: [Int] = []
            var listed = true
            for node in nodes {
                guard let name = Read.string(node, "a field name", &diagnostics), let info = resolveField(name) else {
                    listed = false
                    continue
                }
                if indexes.contains(info.index) {
                    diagnostics.error("'at_least_one_of' lists '\(name.value)' twice", at: name.location)
                    listed = false
                }
                if info.type == .boolean {
                    // `false` is a value: an unticked box counts as given.
                    diagnostics.warning(
                        "'\(name.value)' is a boolean, given whenever it is true or false: 'at_least_one_of' counts an unticked box",
                        at: name.location,
                        notes: [
                            .init(
                                "to ask for at least one ticked box, leave booleans out of it and give each a rule, or use a list of choices with min_items: 1"
                            )
                        ])
                }
                indexes.append(info.index)
            }
            guard listed else { return nil }
            let placeholders: [String: PlaceholderValue] = ["fields": .labels(indexes, or: true)]
            return CheckedFormRule(
                name: "at_least_one_of", kind: .atLeastOneOf(indexes),
                message: syntax.message.map {
                    messageSource($0, key: "at_least_one_of", placeholders: placeholders, field: nil)
                }
                    ?? MessageSource(custom: nil, defaultKey: "at_least_one_of", placeholders: placeholders),
                condition: condition)
        }
    }

    // MARK: - Secrets

    /// Finds every value the spec writes for a secret field (see ``secretSpans``).
    private mutating func collectSecretSpans(_ spec: SpecSyntax) {
        for test in spec.tests {
            for values in [test.input, test.original] {
                collectSecretSpans(inValues: values?.mapping ?? [], prefix: "")
            }
            // Expected messages are the spec's own words; inputs and originals are the values.
        }
        collectSecretSpans(inFields: spec.fields ?? [], depth: 0)
    }

    /// The secret values of a test's input or original, inside groups and list items too.
    private mutating func collectSecretSpans(inValues pairs: [YAMLPair], prefix: String) {
        for pair in pairs {
            guard let info = fieldInfo[prefix + (pair.key.scalar?.text ?? "")] else { continue }
            switch info.type {
            case .secret: secretSpans.append(pair.value.location)
            case .group: collectSecretSpans(inValues: pair.value.mapping ?? [], prefix: info.name + ".")
            case .list:
                for (position, item) in (pair.value.sequence ?? []).enumerated() {
                    guard let itemInfo = fieldInfo[info.name + "." + String(position)] else { break }
                    if itemInfo.type == .secret { secretSpans.append(item.location) }
                    if itemInfo.type == .group {
                        collectSecretSpans(inValues: item.mapping ?? [], prefix: itemInfo.name + ".")
                    }
                }
            default: continue
            }
        }
    }

    /// The defaults of secret fields and the literals they are compared with, nested ones too.
    private mutating func collectSecretSpans(inFields fields: [FieldSyntax], depth: Int) {
        guard depth <= SyntaxParser.maxFieldDepth else { return }
        for field in fields {
            if field.type?.value == "secret" || (field.type?.value == "list" && field.of?.value == "secret") {
                if let value = field.defaultValue { secretSpans.append(value.location) }
                for rule in field.rules {
                    secretSpans += Self.comparedLiterals(key: rule.key.value, argument: rule.argument)
                }
            }
            collectSecretSpans(inFields: field.fields ?? [], depth: depth + 1)
        }
    }

    /// The arguments of `equals`/`not_equals`/`one_of`/`not_one_of` in a rule, nested ones included.
    private static func comparedLiterals(key: String, argument: YAMLNode) -> [SourceLocation] {
        if ["equals", "not_equals", "one_of", "not_one_of"].contains(key), argument.mapping == nil {
            return [argument.location]
        }
        var found: [SourceLocation] = []
        for item in argument.sequence ?? (argument.mapping != nil ? [argument] : []) {
            for pair in item.mapping ?? [] {
                found += comparedLiterals(key: pair.key.scalar?.text ?? "", argument: pair.value)
            }
        }
        return found
    }

    // MARK: - Defines

    /// Warns about defines of this form's own file that no rule uses (imported libraries are
    /// shared, so their unused names are not this form's concern).
    private mutating func warnAboutUnusedDefines(_ spec: SpecSyntax) {
        // A define reached through a used one is used, even when checking stopped before it (a
        // chain cut short by the depth limit).
        var reached = usedDefines
        var pending = Array(usedDefines)
        while let name = pending.popLast() {
            guard let define = defines[name] else { continue }
            var uses = Self.uses(in: define.item.argument).map(\.value)
            if define.item.key.value == "use", let used = define.item.argument.scalar?.text { uses.append(used) }
            for used in uses where reached.insert(used).inserted { pending.append(used) }
        }
        for (name, _) in spec.defines where !reached.contains(name.value) && !cyclicDefines.contains(name.value) {
            diagnostics.warning(
                "'\(name.value)' is defined but never used", at: name.location,
                notes: [.init("use it with '- use: \(name.value)', or remove it")])
        }
    }

    /// Reports every `use:` cycle among the defines, used or not, once. Depth-first with an
    /// explicit stack: a chain of thousands of defines must not overflow the call stack. A form's
    /// check runs it; the driver runs it for a rule library checked on its own.
    mutating func checkDefineCycles() {
        var state: [String: Bool] = [:]  // false: on the current path, true: finished
        var path: [String] = []
        var frames: [(name: String, uses: [Located<String>], next: Int)] = []
        func enter(_ name: String, _ checker: Checker) -> Bool {
            guard let define = checker.defines[name] else { return false }
            state[name] = false
            path.append(name)
            var uses = Self.uses(in: define.item.argument)
            if define.item.key.value == "use" {
                uses.append(
                    Located(value: define.item.argument.scalar?.text ?? "", location: define.item.argument.location))
            }
            frames.append((name, uses, 0))
            return true
        }
        for name in defines.keys.sorted() where state[name] == nil {
            _ = enter(name, self)
            while let top = frames.last {
                guard top.next < top.uses.count else {
                    frames.removeLast()
                    path.removeLast()
                    state[top.name] = true
                    continue
                }
                frames[frames.count - 1].next += 1
                let used = top.uses[top.next]
                switch state[used.value] {
                case false?:
                    let start = path.firstIndex(of: used.value) ?? 0
                    let cycle = (path[start...] + [used.value]).joined(separator: " -> ")
                    diagnostics.error("cyclic 'use': \(cycle)", at: used.location)
                    cyclicDefines.formUnion(path[start...])
                case nil: _ = enter(used.value, self)
                case true?: break
                }
            }
        }
    }

    /// Every `use: NAME` nested anywhere in a rule argument (inside `all`, `any`, `not`).
    private static func uses(in node: YAMLNode) -> [Located<String>] {
        switch node.content {
        case .scalar: return []
        case .sequence(let items): return items.flatMap(uses)
        case .mapping(let pairs):
            var found: [Located<String>] = []
            for pair in pairs {
                if pair.key.scalar?.text == "use", let name = pair.value.scalar?.text {
                    found.append(Located(value: name, location: pair.value.location))
                } else {
                    found += uses(in: pair.value)
                }
            }
            return found
        }
    }

    // MARK: - Names

    /// A did-you-mean note for `word` among the spec's own names, within ``suggestionBudget``;
    /// none while ``isQuiet``.
    mutating func suggestion(for word: String, among candidates: [String]) -> [Diagnostic.Note] {
        guard !isQuiet else { return [] }
        guard let match = closestMatch(to: word, in: candidates, comparisons: &suggestionBudget) else { return [] }
        return [.init("did you mean '\(match)'?")]
    }

    /// Type names from other schema languages, mapped to FormSpec's.
    static let typeAliases = [
        "string": "text", "str": "text", "password": "secret", "int": "integer", "float": "number",
        "double": "number", "decimal": "number", "bool": "boolean", "enum": "choice", "select": "choice",
        "timestamp": "datetime", "date_time": "datetime", "time_of_day": "time", "array": "list", "object": "group",
        "map": "group", "dict": "group", "struct": "group",
    ]

    /// Type names that are formats of a text field in FormSpec.
    static let formatTypes = ["email": "email", "url": "url", "uuid": "uuid", "phone": "e164", "tel": "e164"]

    /// Refuses a field name that is no identifier, at every depth (a group's `a.b` would make its
    /// paths ambiguous), and warns of one every JavaScript object has (`constructor`): reports and
    /// values are objects keyed by name there, and TypeScript cannot type such a member.
    private mutating func checkNames(of fields: [FieldSyntax], depth: Int) {
        // Deeper than the layout allows is its error; the names there are not looked at.
        guard depth <= 64 else { return }
        for field in fields {
            let name = field.name.value
            if !Self.isIdentifier(name, allowUppercase: true) {
                diagnostics.error(
                    "invalid field name '\(Diagnostics.excerpt(name))'", at: field.name.location,
                    notes: [
                        .init(
                            "field names are identifiers: an ASCII letter (a–z, A–Z) or _, then ASCII letters, digits or _"
                        )
                    ])
            } else if Self.objectMembers.contains(name) {
                diagnostics.warning(
                    "field name '\(name)' is a member every JavaScript object has", at: field.name.location,
                    notes: [
                        .init(
                            "the TypeScript declarations cannot type it, and code reading a report's fields as a plain object finds the inherited member; rename it"
                        )
                    ])
            }
            if let children = field.fields { checkNames(of: children, depth: depth + 1) }
        }
    }

    /// The members of `Object.prototype` an identifier can name.
    static let objectMembers: Set<String> = [
        "constructor", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString", "toString",
        "valueOf", "__defineGetter__", "__defineSetter__", "__lookupGetter__", "__lookupSetter__",
        // An object literal's `__proto__: …` sets its prototype: no property of that name.
        "__proto__",
    ]

    static func isIdentifier(_ text: String, allowUppercase: Bool) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        func isLetter(_ s: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(s) || (allowUppercase && ("A"..."Z").contains(s))
        }
        guard isLetter(first) || (allowUppercase && first == "_") else { return false }
        return text.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// YAML 1.1's other spellings of true and false, which YAML 1.2 reads as strings.
    static let yamlOneOneBooleans: Set<String> = ["y", "n", "yes", "no", "on", "off"]

    /// How to write `text`, which is no locale: `ja-JP` for `ja_JP` (the CLI and the runtimes read
    /// `_` as `-`, a spec does not, so that it is written one way), else an example.
    static func localeHint(_ text: String) -> String {
        let dashed = String(text.map { $0 == "_" ? "-" : $0 })
        guard dashed != text, isLocale(dashed), let tag = LocaleTag(dashed) else {
            return "write a language tag such as en, ja or zh-Hant"
        }
        return "write '\(tag.canonical)': a language tag's parts are joined with '-'"
    }

    static func isLocale(_ text: String) -> Bool {
        // Real tags are short; a bound keeps the runtime's fallback chain (one entry per subtag) small.
        guard text.utf8.count <= 64 else { return false }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count <= 8 else { return false }
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter })
        else {
            return false
        }
        return parts.dropFirst().allSatisfy {
            (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    /// Warns about a message or label map (`what`) whose locales (`written`, canonical) miss both the
    /// spec's locale (or a parent of it) and English: a reader in either, and in every language the
    /// map lacks, would get one of the languages written.
    /// `shown` is the locale whose text such a reader gets (a message's first in alphabetical
    /// order, a label's first written).
    mutating func warnIfNoFallback(
        _ written: some Collection<String>, shown: String?, what: String, at location: SourceLocation
    ) {
        guard let shown, !written.isEmpty else { return }
        let fallbacks = (LocaleTag(specLocale)?.fallbacks ?? [specLocale]) + ["en"]
        guard !fallbacks.contains(where: written.contains) else { return }
        let missing = specLocale == "en" ? "'en', the spec's locale" : "the spec's locale '\(specLocale)' or in 'en'"
        diagnostics.warning(
            "\(what) has no text in \(missing)", at: location,
            notes: [
                .init(
                    "a reader in '\(specLocale)', and in every locale the map lacks, gets its '\(shown)' text; add '\(specLocale)', or set the spec's 'locale:'"
                )
            ])
    }

    /// Warns about a well-formed tag whose language no one speaks (`jp`), with a did-you-mean.
    mutating func warnIfUnknown(locale: String, at location: SourceLocation) {
        guard let tag = LocaleTag(locale), !tag.hasKnownLanguage else { return }
        let language = locale.prefix { $0 != "-" }
        diagnostics.warning(
            "unknown locale '\(locale)'", at: location,
            notes: LocaleTag.suggestion(for: tag).map { [.init("did you mean '\($0)'?")] }
                ?? [.init("the tag is well formed, but '\(language)' is no language's code (en, ja, zh, …)")])
    }

    /// `confirm_password` -> `Confirm password`.
    static func humanize(_ name: String) -> String {
        let words = name.split(separator: "_").map { $0.lowercased() }
        guard let first = words.first else { return name }
        return ([first.prefix(1).uppercased() + first.dropFirst()] + words.dropFirst()).joined(separator: " ")
    }
}
