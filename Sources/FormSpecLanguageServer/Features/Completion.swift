import FormSpecCompiler
@_spi(Tooling) import FormSpecRuntime
import FormSpecYAML

/// LSP `CompletionItemKind` values used here.
private enum CompletionKind: Int64 {
    case function = 3, field = 5, property = 10, value = 12, file = 17, reference = 18, enumMember = 20
}

/// What a rule, a literal or a field reference is checked on.
private struct Subject {
    var field: OutlineEntry
    /// The type values are read as: the field's, or its items' inside `each:`.
    var type: FieldType?
    /// Whether the subject is the field's items (inside `each:`), not the field itself.
    var isItems: Bool
}

/// One completion candidate before it becomes an LSP item.
private struct Candidate {
    var label: String
    var kind: CompletionKind
    var detail: String?
    var documentation: String?
    /// Keys get `: ` appended when inserted.
    var isKey: Bool
    /// What is inserted, when not the label (an option that must be quoted to read as itself).
    var text: String?
}

extension LanguageServer {
    /// `textDocument/completion`: keys valid at the cursor, rule names, enum values, field and
    /// define names, locales and import paths, from the cursor's path in the text.
    func completion(document: Document, analysis: DocumentAnalysis, at position: LSPPosition) -> Value {
        guard let context = CursorContext(text: document.text, line: position.line, character: position.character)
        else { return .array([]) }
        let slot = SpecSlot.of(context.path)
        var candidates: [Candidate] = []
        switch context.role {
        case .key where slot == .topLevel && document.path.hasSuffix(".rules.yaml"):
            // A rule library holds `formspec:`, `import:` and `define:` only.
            candidates = keys(of: slot, at: context, analysis).filter { Self.libraryKeys.contains($0.label) }
        case .key: candidates = keys(of: slot, at: context, analysis)
        case .value: candidates = values(of: slot.scalarSlot, at: context, document, analysis)
        case .item:
            candidates =
                keys(of: slot, at: context, analysis) + values(of: slot.scalarSlot, at: context, document, analysis)
        }
        // The whole word at the cursor is replaced (`min_le‸ngth` becomes `min_length`, not
        // `min_lengthngth`), on the cursor's line as clamped to the text.
        let range = LSPRange(
            start: LSPPosition(line: context.line, character: context.partialStart),
            end: LSPPosition(line: context.line, character: max(context.partialStart, context.wordEndCharacter)))
        // A spec with thousands of fields would send them all at each keystroke (megabytes): past
        // a limit, only names holding what is typed go, and the client asks again as typing goes on.
        // Any answer that leaves names out is incomplete: the editor asks again, not filters this one.
        var isIncomplete = false
        if candidates.count > Self.completionLimit {
            isIncomplete = true
            let typed = context.partial.lowercased()
            if !typed.isEmpty { candidates = candidates.filter { $0.label.lowercased().contains(typed) } }
            candidates = Array(candidates.prefix(Self.completionLimit))
        }
        var seen: Set<String> = []
        var items: [Value] = []
        for candidate in candidates where seen.insert(candidate.label).inserted {
            var text = candidate.text ?? candidate.label
            if candidate.isKey, !context.colonFollows { text += ": " }
            if !candidate.isKey, context.needsSpace { text = " " + text }
            items.append(
                .record([
                    "label": .string(candidate.label),
                    "kind": .integer(candidate.kind.rawValue),
                    "detail": candidate.detail.map(Value.string),
                    "documentation": candidate.documentation.map { ["kind": "markdown", "value": .string($0)] },
                    "sortText": .string(String(items.count + 10000)),
                    "textEdit": ["range": Value(range), "newText": .string(text)],
                ]))
        }
        return isIncomplete ? ["isIncomplete": true, "items": .array(items)] : .array(items)
    }

    /// The top-level keys of a rule library.
    static let libraryKeys: Set<String> = ["formspec", "import", "define"]

    /// The most completion items one answer holds.
    static let completionLimit = 500

    /// The keys a mapping in `slot` takes, but those it has already: a mapping holds a key once,
    /// and a rule item one rule, so once a rule is written only its modifiers are left.
    private func keys(of slot: SpecSlot, at context: CursorContext, _ analysis: DocumentAnalysis) -> [Candidate] {
        let candidates = allKeys(of: slot, at: context, analysis)
        let written = context.keysBeside()
        guard !written.isEmpty else { return candidates }
        var ruleWritten = false
        var writtenRule: String?
        if case .ruleItem(let form) = slot {
            let rules = form ? SpecVocabulary.formRuleKeys : SpecVocabulary.ruleNames
            writtenRule = rules.first { written.contains($0) }
            ruleWritten = writtenRule != nil
        }
        return candidates.filter {
            guard !written.contains($0.label), !(ruleWritten && $0.kind == .function) else { return false }
            // Once the rule is written, only the modifiers it takes (`unit` beside a length).
            guard let writtenRule, $0.kind == .property else { return true }
            if SpecVocabulary.formRuleKeys.contains(writtenRule) { return true }
            guard SpecVocabulary.rule(writtenRule, takesModifier: $0.label) else { return false }
            // `case` folds text: not on a number or a date.
            if $0.label == "case", let outline = analysis.namesOutline,
                let type = Self.subject(at: context, in: outline)?.type
            {
                return SpecVocabulary.caseFoldableTypes.contains(type)
            }
            return true
        }
    }

    /// The keys a mapping in `slot` takes.
    private func allKeys(of slot: SpecSlot, at context: CursorContext, _ analysis: DocumentAnalysis) -> [Candidate] {
        func plain(_ names: [String]) -> [Candidate] {
            names.map {
                Candidate(
                    label: $0, kind: .property, detail: SpecVocabulary.documentation(ofKey: $0), isKey: true)
            }
        }
        func rules(_ names: [String]) -> [Candidate] {
            names.map {
                Candidate(
                    label: $0, kind: .function, detail: SpecVocabulary.documentation(ofRule: $0),
                    documentation: Self.ruleDocumentation($0), isKey: true)
            }
        }
        switch slot {
        case .topLevel: return plain(SpecVocabulary.topLevelKeys)
        case .field: return plain(SpecVocabulary.fieldKeys)
        case .ruleItem(form: true):
            return rules(SpecVocabulary.formRuleKeys) + plain(SpecVocabulary.formRuleModifierKeys)
        case .ruleItem(form: false):
            // The rules that apply to the field (or, in `each:`, to its items): check refuses the others.
            var names = SpecVocabulary.ruleNames
            if let outline = analysis.namesOutline, let subject = Self.subject(at: context, in: outline),
                let type = subject.type
            {
                // A list of groups takes no rule that reads its items as scalars (`each`).
                if type == .list, !subject.isItems, let items = SpecOutline.itemType(of: subject.field) {
                    names = names.filter { SpecVocabulary.rule($0, appliesToListOf: items) }
                } else {
                    names = names.filter { SpecVocabulary.rule($0, appliesTo: type) }
                }
            }
            return rules(names) + plain(SpecVocabulary.ruleModifierKeys)
        case .condition:
            return SpecVocabulary.conditionKeys.map {
                Candidate(
                    label: $0, kind: .property, detail: SpecVocabulary.documentation(ofConditionKey: $0), isKey: true)
            }
        case .comparand: return plain(["field", "offset"])
        case .fieldOperand: return plain(["field"])
        case .test: return plain(SpecVocabulary.testKeys)
        case .testList: return plain(SpecVocabulary.testSectionKeys)
        case .expect: return plain(SpecVocabulary.expectKeys)
        case .option: return plain(SpecVocabulary.optionKeys)
        case .fieldValues:
            // Fields as reports name them: `address.city`, `contacts.1.phone`.
            let paths = analysis.namesOutline?.reportPaths ?? []
            guard let outline = analysis.namesOutline, paths.count > outline.fields.count else {
                return fieldNames(analysis).map {
                    var key = $0; key.isKey = true; return key
                }
            }
            return paths.map { path in
                let entry = outline.field(atReportPath: path)
                return Candidate(
                    label: path, kind: .field, detail: entry.map(Self.fieldSummaryLine) ?? "", isKey: true)
            }
        case .messages:
            return locales(analysis).map {
                var key = $0; key.isKey = true; return key
            }
        default: return []
        }
    }

    /// The values a scalar in `slot` takes.
    private func values(
        of slot: SpecSlot, at context: CursorContext, _ document: Document, _ analysis: DocumentAnalysis
    ) -> [Candidate] {
        func enumeration(_ names: [String]) -> [Candidate] {
            names.map { Candidate(label: $0, kind: .enumMember, isKey: false) }
        }
        switch slot {
        case .fieldType: return enumeration(SpecVocabulary.fieldTypes)
        case .itemType: return enumeration(FieldType.scalarTypes.map(\.rawValue) + [FieldType.group.rawValue])
        case .severity: return enumeration(SpecVocabulary.severities)
        case .checkWhen: return enumeration(SpecVocabulary.checkWhenValues)
        case .unit: return enumeration(SpecVocabulary.lengthUnits)
        case .textCase: return enumeration(SpecVocabulary.textCases)
        case .patternFlags: return enumeration(SpecVocabulary.patternFlags)
        case .reportMode: return enumeration(SpecVocabulary.reportModes)
        case .mode: return enumeration(SpecVocabulary.modes)
        case .format: return enumeration(SpecVocabulary.formats)
        case .characterClass: return enumeration(SpecVocabulary.characterClasses)
        case .locale: return locales(analysis)
        // `expect:` written as one word, not a mapping.
        case .expect: return enumeration(Self.expectWords)
        case .fieldOperand, .literal:
            // A choice field's literal is one of its options: check refuses any other.
            guard let outline = analysis.namesOutline, let subject = Self.subject(at: context, in: outline),
                subject.type == .choice
            else { return [] }
            // An empty option is no value: `equals: ""` is refused.
            return SpecOutline.options(of: subject.field).filter { !$0.isEmpty && !context.listed.contains($0) }.map {
                Candidate(
                    label: $0, kind: .enumMember, detail: "option of \(subject.field.name)", isKey: false,
                    text: Self.yamlScalar($0))
            }
        case .fieldName:
            let names = fieldNames(analysis, at: context.path)
            guard let outline = analysis.namesOutline else { return names }
            let subject = Self.subject(at: context, in: outline)
            return names.filter { Self.canCompile($0.label, at: context, in: outline, comparedWith: subject) }
        case .itemFieldName:
            // `unique_items:` on a list of groups: the items' own fields that hold a value.
            guard let outline = analysis.namesOutline, let list = outline.field(owning: context.path),
                SpecOutline.itemType(of: list) == .group
            else { return [] }
            return SpecOutline.nestedFields(of: list).filter {
                let type = SpecOutline.type(of: $0)
                return type != .group && type != .list
            }.map { Candidate(label: $0.name, kind: .field, detail: Self.fieldSummaryLine($0), isKey: false) }
        case .defineName:
            // Inside `define: NAME`, not NAME itself: a define that uses itself is a cycle.
            let enclosing: String? = {
                guard context.path.count >= 2, context.path[0] == .key("define"),
                    case .key(let name) = context.path[1]
                else { return nil }
                return name
            }()
            return analysis.visibleDefines.filter {
                !($0.outline.path == document.path && $0.entry.name == enclosing)
            }.map { define in
                let file = define.outline.path == document.path ? "" : " (\(Self.fileName(define.outline.path)))"
                return Candidate(
                    label: define.entry.name, kind: .reference, detail: "define\(file)",
                    documentation: Self.defineDocumentation(define.entry, in: define.outline, from: document.path),
                    isKey: false)
            }
        case .importPath: return importCandidates(document)
        default: return []
        }
    }

    /// The names a field reference at `path` may use: the fields of the same group (bare), then
    /// every field's `/path` from the root.
    private func fieldNames(_ analysis: DocumentAnalysis, at path: [PathStep]) -> [Candidate] {
        guard let outline = analysis.namesOutline else { return [] }
        let chain = SpecOutline.groupChain(path)
        let paths = outline.rootPaths
        // A flat spec: its field names, as always.
        guard !chain.isEmpty || paths.count > outline.fields.count else { return fieldNames(analysis) }
        let siblings = outline.fields(inGroups: chain).map {
            Candidate(label: $0.name, kind: .field, detail: Self.fieldSummaryLine($0), isKey: false)
        }
        return siblings
            + paths.map {
                Candidate(label: $0, kind: .field, detail: "a field by its path from the form's root", isKey: false)
            }
    }

    /// Whether the field reference `name` at the cursor can compile, as far as the field names
    /// alone decide: a rule on a field (`same_as`, `different_from`, `not_contains_field`, a
    /// `{field: …}` operand) or a condition's comparison (`less_than: {field: …}`) names another
    /// field than its subject, of a type it can be compared with, and `at_least_one_of` lists a
    /// field once, however it is spelt (`top`, `/top`).
    ///
    /// The field a condition tests (`when: {field: …}`) may be any field, as may names in a
    /// define, which any field may use. `subject` is ``subject(at:in:)``, read once for all names.
    private static func canCompile(
        _ name: String, at context: CursorContext, in outline: SpecOutline, comparedWith subject: Subject?
    ) -> Bool {
        guard let named = outline.field(named: name, at: context.path), let rule = referringRule(context.path)
        else { return true }
        if rule == "at_least_one_of" {
            return !context.listed.contains { outline.field(named: $0, at: context.path)?.location == named.location }
        }
        guard let subject else { return true }
        // A field is not compared with itself (the items of a list are no field a name reaches).
        if !subject.isItems, named.location == subject.field.location { return false }
        guard let ownType = subject.type, let otherType = SpecOutline.type(of: named) else { return true }
        return rule == "not_contains_field" ? otherType.isTextual : ownType.isComparable(with: otherType)
    }

    /// The key whose argument a field reference at `path` is: a rule (`same_as`, `equals` for
    /// `equals: {field: …}`, `at_least_one_of`) or a condition's comparison (`less_than`); `nil`
    /// for the field a condition tests, and outside rules and conditions.
    private static func referringRule(_ path: [PathStep]) -> String? {
        var slot = SpecSlot.topLevel
        var rule: String?
        for step in path {
            if case .key(let key) = step {
                if case .ruleItem = slot { rule = key }
                if slot == .condition { rule = key == "field" ? nil : key }
            }
            slot = slot.child(step)
        }
        return rule
    }

    /// What a rule, a literal or a field reference at the cursor is checked on: the field a
    /// `when:` condition tests (its `field:`, read from the text beside the cursor), else the
    /// field whose rules the cursor is in, or that field's items inside its `each:`. `nil` outside
    /// fields (a define, a form rule) and for a field the outline does not have.
    private static func subject(at context: CursorContext, in outline: SpecOutline) -> Subject? {
        var slot = SpecSlot.topLevel
        var conditionKey: Int?
        var isItems = false
        for (index, step) in context.path.enumerated() {
            if slot == .condition { conditionKey = index }
            if case .ruleItem = slot, step == .key("each") { isItems = true }
            slot = slot.child(step)
        }
        if let conditionKey {
            guard let name = context.mappingValues(ofKeyAt: conditionKey)["field"],
                let field = outline.field(named: name, at: context.path)
            else { return nil }
            // `contains: ‸` takes an item of the list.
            let testsItems = context.path[conditionKey] == .key("contains")
            return Subject(
                field: field, type: testsItems ? SpecOutline.itemType(of: field) : SpecOutline.type(of: field),
                isItems: testsItems)
        }
        guard let owner = outline.field(owning: context.path) else { return nil }
        return Subject(
            field: owner, type: isItems ? SpecOutline.itemType(of: owner) : SpecOutline.type(of: owner),
            isItems: isItems)
    }

    /// The words `expect:` takes in place of a mapping.
    private static let expectWords = ["valid", "invalid"]

    /// `text` as a YAML scalar that reads back as `text` both after `key: ` and in a flow list
    /// (`one_of: [‸]`): as it is (`NL`, `1`) when it does, else double-quoted (`"a, b"`, `"null"`).
    private static func yamlScalar(_ text: String) -> String {
        func readsBack(_ node: YAMLNode?) -> Bool {
            guard let node, node.scalar != nil else { return false }
            return FieldType.canonicalText(Value(yaml: node)) == text
        }
        // In a flow list and after a block key alike: `-` alone is an item in a block.
        if readsBack((try? YAMLLoader.load("[\(text)]", path: ""))?.root?.sequence?.first),
            readsBack((try? YAMLLoader.load("k: \(text)", path: ""))?.root?.mapping?.first?.value)
        {
            return text
        }
        return "\"" + text.flatMap { $0 == "\"" || $0 == "\\" ? ["\\", $0] : [$0] } + "\""
    }

    private func fieldNames(_ analysis: DocumentAnalysis) -> [Candidate] {
        (analysis.namesOutline?.fields ?? []).map {
            // The one-line summary only: a spec may have thousands of fields, and hover shows the rest.
            Candidate(label: $0.name, kind: .field, detail: Self.fieldSummaryLine($0), isKey: false)
        }
    }

    private func locales(_ analysis: DocumentAnalysis) -> [Candidate] {
        var names = SpecVocabulary.builtInLocales
        // The spec's own `locale:` too, when the compiler takes it as written without a warning:
        // not the empty value of a `locale:` still being typed, nor a misspelt tag.
        if let own = analysis.namesOutline?.locale, let tag = LocaleTag(own), tag.canonical == own,
            tag.hasKnownLanguage, !names.contains(own)
        {
            names.insert(own, at: 0)
        }
        return names.map { Candidate(label: $0, kind: .value, detail: "locale", isKey: false) }
    }

    /// Rule libraries beside the document and in its subfolders (where `check` lets it import
    /// them), as relative paths.
    private func importCandidates(_ document: Document) -> [Candidate] {
        guard let slash = document.path.lastIndex(of: "/") else { return [] }
        let folder = String(document.path[..<slash])
        let names = FileListing.files(under: folder, endingIn: ".rules.yaml").filter {
            folder + "/" + $0 != document.path
        }
        return names.map { Candidate(label: $0, kind: .file, detail: "rule library", isKey: false) }
    }
}
