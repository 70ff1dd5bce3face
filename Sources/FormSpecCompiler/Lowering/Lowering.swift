@_spi(Program) @_spi(Tooling) import FormSpecRuntime

/// Lowers a checked spec into the runtime ``Program``: fields by index, messages rendered for
/// every locale, field dependencies computed.
struct Lowering {
    let spec: CheckedSpec
    /// Messages already rendered, by source and field label: the fields of a list's items (and
    /// many others) render the same default messages with the same labels.
    private let rendered = RenderedMessages()

    final class RenderedMessages {
        struct Key: Hashable {
            var source: MessageSource
            var label: FieldLabel?

            /// The catalogue key, the label, how many templates there are, and a cheap
            /// fingerprint of the placeholders: hashing the dictionaries themselves (a seeded
            /// hasher per entry) was a tenth of lowering a form with thousands of item fields.
            /// The fingerprint must tell apart the fields a placeholder names: without it, each
            /// item's `{other}` of a sibling landed in one bucket, and lowering took quadratic
            /// time (12 s for a list of 1,000 rows that compare their fields).
            func hash(into hasher: inout Hasher) {
                hasher.combine(source.defaultKey)
                var placeholders = source.placeholders.count
                for (name, value) in source.placeholders {
                    // A sum, as the dictionary's order is not fixed.
                    placeholders = placeholders &+ (name.utf8.count &* 1_000_003 ^ value.fingerprint)
                }
                hasher.combine(placeholders)
                hasher.combine(source.custom?.count ?? -1)
                hasher.combine(label?.text)
            }
        }
        var texts: [Key: LocalizedText] = [:]
        /// Templates split into pieces, by text: the catalogue's are shared by many messages.
        var pieces: [String: [TemplateParser.Piece]] = [:]

        func pieces(of text: String) -> [TemplateParser.Piece] {
            if let known = pieces[text] { return known }
            let split = TemplateParser.pieces(of: text)
            pieces[text] = split
            return split
        }
    }

    init(spec: CheckedSpec) {
        self.spec = spec
    }

    func lower() -> Program {
        let labels = spec.fields.map(\.label)
        let fields = spec.fields.map { field -> FieldProgram in
            let rules = field.rules.map { lower($0, field: field, labels: labels) }
            let optionList = PlaceholderValue.translated(
                field.options.map { FieldLabel(text: $0.label, translations: $0.translations ?? [:]) }, or: true)
            var program = FieldProgram(
                name: field.name, label: field.label.text,
                labelTranslations: field.label.translations.isEmpty ? nil : field.label.translations,
                type: field.type, required: field.required,
                requiredMessage: render(field.requiredMessage, label: field.label, labels: labels),
                typeMessage: render(
                    MessageSource(
                        custom: nil, defaultKey: DefaultMessages.typeMessageKey(field.type),
                        placeholders: field.type == .choice ? ["options": optionList] : [:]),
                    label: field.label, labels: labels),
                defaultValue: field.defaultValue, defaultOffset: field.defaultOffset, trim: field.trim,
                debounceMilliseconds: field.debounceMilliseconds,
                condition: field.condition, reportsFirstOnly: field.reportsFirstOnly, rules: rules,
                options: field.options,
                choiceMessage: field.type == .choice
                    ? render(
                        MessageSource(custom: nil, defaultKey: "choice", placeholders: ["options": optionList]),
                        label: field.label, labels: labels)
                    : LocalizedText([:]),
                reads: [])
            program.reads = program.fieldsRead.sorted()
            return program
        }
        let formRules = spec.formRules.map {
            FormRuleProgram(
                name: $0.name, kind: $0.kind, message: render($0.message, label: nil, labels: labels),
                condition: $0.condition)
        }
        var unknown = MessageSource(custom: nil, defaultKey: "unknown_field", placeholders: ["field": .value])
        unknown.placeholders["field"] = .value
        return Program(
            form: spec.form, title: spec.title, locale: spec.locale, fields: fields, formRules: formRules,
            unknownFieldMessage: render(unknown, label: nil, labels: labels))
    }

    private func lower(_ rule: CheckedRule, field: CheckedField, labels: [FieldLabel]) -> RuleProgram {
        let message = render(rule.message, label: field.label, labels: labels)
        return RuleProgram(
            name: rule.name, rule: rule.rule, message: message,
            requirement: rule.requirement.map { render($0, label: field.label, labels: labels) } ?? message,
            condition: rule.condition, severity: rule.severity, debounceMilliseconds: rule.debounceMilliseconds)
    }

    /// Renders `source` in every locale it has (custom) or the catalogue has (default); `label` is
    /// the field's own (`nil` for form rules), `labels` every field's by index.
    func render(_ source: MessageSource, label: FieldLabel?, labels: [FieldLabel]) -> LocalizedText {
        let key = RenderedMessages.Key(source: source, label: label)
        if let text = rendered.texts[key] { return text }
        let text = renderEveryLocale(source, label: label, labels: labels)
        rendered.texts[key] = text
        return text
    }

    private func renderEveryLocale(_ source: MessageSource, label: FieldLabel?, labels: [FieldLabel]) -> LocalizedText {
        var templates: [String: Template] = [:]
        if let custom = source.custom {
            for (locale, text) in custom {
                templates[locale] = template(text, locale: locale, source: source, label: label, labels: labels)
            }
        } else {
            for locale in DefaultMessages.locales {
                guard let text = DefaultMessages.catalog[locale]?[source.defaultKey] else { continue }
                templates[locale] = template(text, locale: locale, source: source, label: label, labels: labels)
            }
        }
        return LocalizedText(templates)
    }

    private func template(
        _ text: String, locale: String, source: MessageSource, label: FieldLabel?, labels: [FieldLabel]
    )
        -> Template
    {
        var segments: [Template.Segment] = []
        func append(_ string: String) {
            if case .text(let previous)? = segments.last {
                segments[segments.count - 1] = .text(previous + string)
            } else {
                segments.append(.text(string))
            }
        }
        for piece in rendered.pieces(of: text) {
            switch piece {
            case .text(let string): append(string)
            case .placeholder("label"): append(label?.text(in: locale) ?? "")
            case .placeholder("value"): segments.append(.value)
            case .placeholder(let name):
                guard let value = source.placeholders[name] else {
                    append("{\(name)}")
                    continue
                }
                switch value {
                case .value: segments.append(.value)
                default: append(Self.text(of: value, locale: locale, labels: labels))
                }
            }
        }
        return Template(segments.isEmpty ? [.text("")] : segments)
    }

    static func text(of value: PlaceholderValue, locale: String, labels: [FieldLabel]) -> String {
        let catalog = DefaultMessages.catalog[locale] ?? DefaultMessages.catalog["en"]!
        let english = DefaultMessages.catalog["en"]!
        func word(_ key: String) -> String { catalog[key] ?? english[key] ?? key }
        func list(_ items: [String], or: Bool) -> String {
            guard items.count > 1 else { return items.first ?? "" }
            let last = word(or ? "list.or" : "list.and")
            return items.dropLast().joined(separator: word("list.separator")) + last + (items.last ?? "")
        }
        /// A date step in the message's words: `1 day`, `18 years`.
        func dateStep(_ date: DateOffset) -> String {
            let count = date.amount.magnitude
            let key = "offset.\(date.unit.rawValue)"
            return count == 1 ? word(key + ".one") : word(key).replacing("{count}", with: String(count))
        }
        switch value {
        case .text(let text): return text
        case .value: return ""
        case .label(let index): return labels.indices.contains(index) ? labels[index].text(in: locale) : ""
        case .labels(let indexes, let or):
            return list(indexes.filter(labels.indices.contains).map { labels[$0].text(in: locale) }, or: or)
        case .list(let items, let or): return list(items, or: or)
        case .translated(let items, let or): return list(items.map { $0.text(in: locale) }, or: or)
        case .classes(let classes, let count):
            return list(classes.map { word("class.\($0.rawValue)" + (count == 1 ? "" : ".other")) }, or: false)
        case .date(let operand):
            switch operand {
            case .literal(let scalar): return scalar.description
            case .field(let index): return labels.indices.contains(index) ? labels[index].text(in: locale) : ""
            case .today(let offset):
                // As a field offset reads: "today - 18 years".
                guard offset.amount != 0 else { return word("date.today") }
                return word("date.today") + (offset.amount < 0 ? " - " : " + ") + dateStep(offset)
            case .fieldOffset(let index, let offset):
                // The bound as an expression: the other field's label and the step, in the
                // message's words ("Check-in + 30 days", "Budget - 10").
                let other = labels.indices.contains(index) ? labels[index].text(in: locale) : ""
                let step: String
                switch offset {
                case .date(let date): step = dateStep(date)
                case .time(let time):
                    let count = time.amount.magnitude
                    // `m` is minutes on a time; the words of months have `offset.m`.
                    let key = "offset.\(time.unit == .minute ? "min" : time.unit.rawValue)"
                    step = count == 1 ? word(key + ".one") : word(key).replacing("{count}", with: String(count))
                case .integer(let amount): step = String(amount.magnitude)
                case .number(let amount):
                    step = amount.isNegative ? String(amount.messageText.dropFirst()) : amount.messageText
                }
                return other + (offset.isNegative ? " - " : " + ") + step
            }
        }
    }
}
