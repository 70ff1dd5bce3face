import FormSpecCompiler
@_spi(Tooling) import FormSpecRuntime

/// LSP `CompletionItemKind` values used here.
private enum CompletionKind: Int64 {
    case function = 3, field = 5, property = 10, value = 12, file = 17, reference = 18, enumMember = 20
}

/// One completion candidate before it becomes an LSP item.
private struct Candidate {
    var label: String
    var kind: CompletionKind
    var detail: String?
    var documentation: String?
    /// Keys get `: ` appended when inserted.
    var isKey: Bool
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
        case .key: candidates = keys(of: slot, analysis)
        case .value: candidates = values(of: slot.scalarSlot, at: context, document, analysis)
        case .item: candidates = keys(of: slot, analysis) + values(of: slot.scalarSlot, at: context, document, analysis)
        }
        let range = LSPRange(
            start: LSPPosition(line: position.line, character: context.partialStart),
            end: LSPPosition(line: position.line, character: max(context.partialStart, position.character)))
        var seen: Set<String> = []
        var items: [Value] = []
        for candidate in candidates where seen.insert(candidate.label).inserted {
            var text = candidate.label
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
        return .array(items)
    }

    /// The keys a mapping in `slot` takes.
    private func keys(of slot: SpecSlot, _ analysis: DocumentAnalysis) -> [Candidate] {
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
        case .ruleItem(let form):
            return rules(form ? SpecVocabulary.formRuleKeys : SpecVocabulary.ruleNames)
                + plain(form ? SpecVocabulary.formRuleModifierKeys : SpecVocabulary.ruleModifierKeys)
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
            // Fields as reports name them: `address.city`, `contacts.0.phone`.
            guard let outline = analysis.lastGoodOutline, outline.reportPaths.count > outline.fields.count else {
                return fieldNames(analysis).map {
                    var key = $0; key.isKey = true; return key
                }
            }
            return outline.reportPaths.map { path in
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
        case .fieldName:
            let names = fieldNames(analysis, at: context.path)
            guard let outline = analysis.lastGoodOutline else { return names }
            return names.filter { Self.canCompile($0.label, at: context, in: outline) }
        case .defineName:
            return analysis.visibleDefines.map { define in
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
        guard let outline = analysis.lastGoodOutline else { return [] }
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
    /// `{field: …}` operand) names another field, of a type it can be compared with, and
    /// `at_least_one_of` lists a field once, however it is spelt (`top`, `/top`).
    ///
    /// Conditions (`when:`) may name any field, and the rules of `each:` compare the items, so
    /// names there are all kept, as are names in a define, which any field may use.
    private static func canCompile(_ name: String, at context: CursorContext, in outline: SpecOutline) -> Bool {
        guard let named = outline.field(named: name, at: context.path), let rule = referringRule(context.path)
        else { return true }
        if rule == "at_least_one_of" {
            return !context.listed.contains { outline.field(named: $0, at: context.path)?.location == named.location }
        }
        guard let owner = outline.field(owning: context.path) else { return true }
        if named.location == owner.location { return false }
        guard let ownType = SpecOutline.type(of: owner), let otherType = SpecOutline.type(of: named) else {
            return true
        }
        return rule == "not_contains_field" ? otherType.isTextual : ownType.isComparable(with: otherType)
    }

    /// The rule whose argument a field reference at `path` is (`same_as`, `equals` for
    /// `equals: {field: …}`, `at_least_one_of`), or `nil` inside a condition or `each:`.
    private static func referringRule(_ path: [PathStep]) -> String? {
        var slot = SpecSlot.topLevel
        var rule: String?
        for step in path {
            if case .ruleItem = slot, case .key(let key) = step { rule = key }
            slot = slot.child(step)
            if slot == .condition || rule == "each" { return nil }
        }
        return rule
    }

    private func fieldNames(_ analysis: DocumentAnalysis) -> [Candidate] {
        (analysis.lastGoodOutline?.fields ?? []).map {
            // The one-line summary only: a spec may have thousands of fields, and hover shows the rest.
            Candidate(label: $0.name, kind: .field, detail: Self.fieldSummaryLine($0), isKey: false)
        }
    }

    private func locales(_ analysis: DocumentAnalysis) -> [Candidate] {
        var names = SpecVocabulary.builtInLocales
        // The spec's own `locale:` too, when the compiler takes it as written without a warning:
        // not the empty value of a `locale:` still being typed, nor a misspelt tag.
        if let own = analysis.lastGoodOutline?.locale, let tag = LocaleTag(own), tag.canonical == own,
            tag.hasKnownLanguage, !names.contains(own)
        {
            names.insert(own, at: 0)
        }
        return names.map { Candidate(label: $0, kind: .value, detail: "locale", isKey: false) }
    }

    /// Rule libraries and forms beside the document, as relative paths.
    private func importCandidates(_ document: Document) -> [Candidate] {
        guard let slash = document.path.lastIndex(of: "/") else { return [] }
        let folder = String(document.path[..<slash])
        let names = FileListing.files(in: folder).filter {
            $0.hasSuffix(".rules.yaml") && folder + "/" + $0 != document.path
        }
        return names.map { Candidate(label: $0, kind: .file, detail: "rule library", isKey: false) }
    }
}
