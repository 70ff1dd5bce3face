import FormSpecCompiler
import FormSpecDiagnostics
@_spi(Program) @_spi(Tooling) import FormSpecRuntime
import FormSpecYAML

extension LanguageServer {
    /// `textDocument/hover`: a rule's documentation and default message on rule keys, a field's
    /// summary on field names (where declared and where referred to), a define's on `use:`.
    func hover(document: Document, analysis: DocumentAnalysis, at position: LSPPosition) -> Value {
        guard let request = analysis.requestOutline(for: document),
            let token = request.token(at: position, in: document)
        else {
            return .null
        }
        let outline = request.outline
        var markdown: String?
        if token.isKey {
            switch token.slot {
            case .ruleItem where SpecVocabulary.documentation(ofRule: token.text) != nil:
                markdown = Self.ruleDocumentation(token.text)
            case .fields:
                markdown = outline.field(named: token.text, at: token.path).map(Self.fieldDocumentation)
            case .fieldValues:
                // A test's input or expectation names a field as reports do (`contacts.1.phone`),
                // or an item of a list (`contacts.1`).
                markdown = outline.field(atReportPath: token.text).map { entry in
                    guard let last = token.text.split(separator: ".").last, let index = Int(last) else {
                        return Self.fieldDocumentation(entry)
                    }
                    return Self.itemDocumentation(index, of: entry)
                }
            case .nestedValues:
                // Inside an input's group or list, keys are the input's; inside `checks:`, the
                // expectation's own.
                markdown =
                    SpecVocabulary.expectedCheckKeys.contains(token.text)
                    ? SpecVocabulary.documentation(ofKey: token.text).map { "**\(token.text)** — \($0)" } : nil
            case .defines:
                markdown = outline.define(named: token.text).map {
                    Self.defineDocumentation($0, in: outline, from: document.path)
                }
            case .messages:
                markdown = nil
            case .condition where SpecVocabulary.documentation(ofConditionKey: token.text) != nil:
                markdown = SpecVocabulary.documentation(ofConditionKey: token.text).map { "**\(token.text)** — \($0)" }
            default:
                markdown = SpecVocabulary.documentation(ofKey: token.text).map { "**\(token.text)** — \($0)" }
            }
        } else {
            switch token.slot {
            case .fieldName:
                markdown = outline.field(named: token.text, at: token.path).map(Self.fieldDocumentation)
            case .itemFieldName:
                // `unique_items: phone`: the items' field it compares, as go-to-definition finds it.
                markdown = outline.field(owning: token.path).flatMap { list in
                    SpecOutline.nestedFields(of: list).first { $0.name == token.text }
                }.map(Self.fieldDocumentation)
            case .defineName:
                if let define = analysis.visibleDefines.first(where: { $0.entry.name == token.text }) {
                    markdown = Self.defineDocumentation(define.entry, in: define.outline, from: document.path)
                }
            case .importPath:
                markdown = "Imports `\(Compiler.resolveImport(token.text, from: document.path))`"
            case .fieldType, .itemType, .severity, .unit, .reportMode, .mode, .format, .characterClass:
                markdown = Self.valueDocumentation(token)
            default:
                markdown = nil
            }
        }
        // From an older outline, a field's summary only when the whole of its declaration, key and
        // body, is unchanged too (a label edited into broken YAML must not show as it was).
        if request.unchangedScalars != nil {
            var described: OutlineEntry?
            switch (token.isKey, token.slot) {
            case (true, .fields), (false, .fieldName): described = outline.field(named: token.text, at: token.path)
            case (false, .itemFieldName):
                described = outline.field(owning: token.path).flatMap { list in
                    SpecOutline.nestedFields(of: list).first { $0.name == token.text }
                }
            case (true, .fieldValues): described = outline.field(atReportPath: token.text)
            default: break
            }
            if let described, !request.isCurrent(described.node.location) { return .null }
        }
        guard let markdown else { return .null }
        return [
            "contents": ["kind": "markdown", "value": .string(markdown)],
            "range": Value(document.lines.lspRange(of: token.location)),
        ]
    }

    /// A rule's one-line documentation and its built-in English message(s), from the compiler.
    static func ruleDocumentation(_ name: String) -> String {
        var text = "**\(name)** — \(SpecVocabulary.documentation(ofRule: name) ?? "")"
        let messages = SpecVocabulary.defaultMessages(ofRule: name)
        if messages.count == 1 {
            text += "\n\nDefault message (en): `\(messages[0].template)`"
        } else if !messages.isEmpty {
            text += "\n\nDefault messages (en):"
            for message in messages { text += "\n- `\(message.key)`: `\(message.template)`" }
        }
        return text
    }

    /// A value of a closed set (`format: email`, `type: date`): what its key means, and the built-in
    /// English message that value selects, when it has one.
    static func valueDocumentation(_ token: OutlineToken) -> String? {
        guard case .key(let key) = token.path.last(where: { $0 != .item }) else { return nil }
        var text = "**\(key): \(token.text)**"
        if let about = SpecVocabulary.documentation(ofRule: key) ?? SpecVocabulary.documentation(ofKey: key) {
            text += " — \(about)"
        }
        // A class of `contains` is a word of the rule's message, not a message of its own.
        if key == "contains" {
            guard let characterClass = ContainsRule.CharacterClass(rawValue: token.text) else { return text }
            text += "\n\nCounts \(characterClass.meaning)."
            let words = SpecVocabulary.defaultMessages(ofRule: "class").filter {
                $0.key == "class.\(token.text)" || $0.key == "class.\(token.text).other"
            }
            if words.count == 2 {
                text +=
                    "\n\nIn messages (en), through `{classes}`: `\(words[0].template)` (a count of 1), "
                    + "`\(words[1].template)` (more)"
            }
            return text
        }
        // Messages that depend on the value are catalogued as `format.email` and `type.date`.
        if let message = SpecVocabulary.defaultMessages(ofRule: key).first(where: { $0.key == "\(key).\(token.text)" })
        {
            text += "\n\nDefault message (en): `\(message.template)`"
        }
        return text
    }

    /// `secret, required, 3 rules` — one line about a field.
    static func fieldSummaryLine(_ field: OutlineEntry) -> String {
        let summary = FieldSummary(field.node)
        var parts = [summary.type]
        if summary.required { parts.append("required") }
        if !summary.rules.isEmpty { parts.append(summary.rules.count == 1 ? "1 rule" : "\(summary.rules.count) rules") }
        return parts.joined(separator: ", ")
    }

    /// A field's type, label, whether it is required, and its rules.
    static func fieldDocumentation(_ field: OutlineEntry) -> String {
        let summary = FieldSummary(field.node)
        var text = "**field `\(field.name)`** — \(summary.type)\(summary.required ? ", required" : "")"
        if let label = summary.label { text += "\n\nLabel: \(label)" }
        if summary.conditional { text += "\n\nActive only `when:` its condition holds" }
        if !summary.rules.isEmpty {
            text += "\n\nRules: " + summary.rules.map { "`\($0)`" }.joined(separator: ", ")
        }
        return text
    }

    /// Item `index` of list `list`: its type, its fields or the rules its `each:` gives it, and the
    /// list's own summary.
    static func itemDocumentation(_ index: Int, of list: OutlineEntry) -> String {
        let summary = FieldSummary(list.node)
        var text = "**item \(index) of `\(list.name)`** — \(SpecOutline.itemType(of: list)?.rawValue ?? "text")"
        let fields = SpecOutline.nestedFields(of: list)
        if !fields.isEmpty { text += "\n\nFields: " + fields.map { "`\($0.name)`" }.joined(separator: ", ") }
        if !summary.itemRules.isEmpty {
            text += "\n\nRules (`each:`): " + summary.itemRules.map { "`\($0)`" }.joined(separator: ", ")
        }
        return text + "\n\nList `\(list.name)`: " + fieldSummaryLine(list)
    }

    /// A define's rule and message, and the file it is in when not the document.
    static func defineDocumentation(_ define: OutlineEntry, in outline: SpecOutline, from path: String) -> String {
        var text = "**define `\(define.name)`**"
        if outline.path != path { text += " (in \(fileName(outline.path)))" }
        let pairs = define.node.mapping ?? []
        if let rule = pairs.first(where: { SpecVocabulary.ruleNames.contains($0.key.scalar?.text ?? "") }) {
            text += "\n\nRule: `\(FieldSummary.describe(rule))`"
        }
        for key in ["message", "requirement"] {
            if let value = pairs.first(where: { $0.key.scalar?.text == key })?.value {
                let shown = value.scalar?.text ?? (value.mapping ?? []).compactMap { $0.value.scalar?.text }.first ?? ""
                text += "\n\n\(key == "message" ? "Message" : "Requirement"): \(shown)"
            }
        }
        return text
    }

    /// The last component of `path`.
    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}

/// What a field's YAML says about it, read leniently for display.
struct FieldSummary {
    var type = "text"
    var label: String?
    var required = false
    var conditional = false
    var rules: [String] = []
    /// A list's item rules, from its `each:`.
    var itemRules: [String] = []

    init(_ node: YAMLNode) {
        for pair in node.mapping ?? [] {
            switch pair.key.scalar?.text {
            case "type": type = pair.value.scalar?.text ?? type
            case "label":
                label = pair.value.scalar?.text ?? pair.value.mapping?.first?.value.scalar?.text
            case "required":
                if case .bool(let value) = pair.value.resolved { required = value } else { required = true }
            case "when": conditional = true
            case "rules":
                rules = Self.ruleDescriptions(pair.value)
                if let each = (pair.value.sequence ?? []).lazy.compactMap({ $0.value(forKey: "each") }).first {
                    itemRules = Self.ruleDescriptions(each)
                }
            default: break
            }
        }
    }

    /// Each rule item of the list `rules` (`rules:`, an `each:`), described.
    private static func ruleDescriptions(_ rules: YAMLNode) -> [String] {
        (rules.sequence ?? []).compactMap { item in
            (item.mapping ?? []).first { SpecVocabulary.ruleNames.contains($0.key.scalar?.text ?? "") }
                .map(Self.describe)
        }
    }

    /// `min_length: 8`, `use strong_password`, `all: […]`.
    static func describe(_ rule: YAMLPair) -> String {
        let name = rule.key.scalar?.text ?? ""
        switch rule.value.content {
        case .scalar(let scalar) where scalar.text.count <= 40: return "\(name): \(scalar.text)"
        case .scalar: return "\(name): …"
        case .sequence(let items): return "\(name): [\(items.count) item\(items.count == 1 ? "" : "s")]"
        case .mapping: return "\(name): {…}"
        }
    }
}
