import FormSpecDiagnostics
@_spi(Program) @_spi(Tooling) import FormSpecRuntime

/// A spec whose meaning has been checked: names resolved to indexes, types known, literals typed,
/// `use:` expanded. Messages are still sources, rendered per locale by lowering.
struct CheckedSpec {
    var form: String
    var title: String?
    var locale: String
    var fields: [CheckedField]
    var formRules: [CheckedFormRule]
    var tests: [SpecTest]
}

/// A field's label: the text in the spec's locale, and its translations (`label: {en: …, ja: …}`).
struct FieldLabel: Hashable {
    /// The label in the spec's locale (what reports carry as `label`).
    var text: String
    /// Translations by canonical locale tag.
    var translations: [String: String] = [:]

    /// The label to show in messages of `locale`: its translation, or one for a parent tag, else ``text``.
    func text(in locale: String) -> String {
        guard !translations.isEmpty else { return text }
        for tag in LocaleTag(locale)?.fallbacks ?? [locale] {
            if let text = translations[tag] { return text }
        }
        return text
    }
}

struct CheckedField {
    var name: String
    var label: FieldLabel
    var type: FieldType
    var required: Bool
    var requiredMessage: MessageSource
    var defaultValue: Value?
    /// `default: today±N` of a date field (then ``defaultValue`` is `nil`).
    var defaultOffset: DateOffset?
    var trim: Bool
    var debounceMilliseconds: Int?
    var condition: Condition?
    var reportsFirstOnly: Bool
    var rules: [CheckedRule]
    var options: [ChoiceOption]
}

struct CheckedRule {
    var name: String
    var rule: Rule
    var message: MessageSource
    var requirement: MessageSource?
    var condition: Condition?
    var severity: Severity
    var debounceMilliseconds: Int?
    var location: SourceLocation
    /// Rule nodes after `use:` expansion (1 for a leaf rule).
    var size = 1
    /// Nesting depth after `use:` expansion (1 for a leaf rule).
    var height = 1
    /// Whether the rule (or one nested in it) compares the field with a secret field.
    var comparesWithSecret = false
}

struct CheckedFormRule {
    var name: String
    var kind: FormRuleProgram.Kind
    var message: MessageSource
    var condition: Condition?
}

/// Where a message's text comes from: the spec (a string, or a map by locale) or the built-in
/// catalogue, plus the values its placeholders take.
struct MessageSource: Hashable {
    /// Templates written in the spec, by locale.
    var custom: [String: String]?
    /// The catalogue key of the default message.
    var defaultKey: String
    /// Values of the placeholders, some of which depend on the locale.
    var placeholders: [String: PlaceholderValue]
}

/// A placeholder's value; lists, character classes and `today` read differently in each locale.
enum PlaceholderValue: Hashable {
    case text(String)
    /// Items joined with the locale's separator, the last with "and" or "or".
    case list([String], or: Bool)
    /// Translated texts (option labels) joined like ``list(_:or:)``, each in the message's locale.
    case translated([FieldLabel], or: Bool)
    /// Character classes as words, joined like an `and` list, in the plural after a `count` other
    /// than 1 ("uppercase letter and digit", "uppercase letters and digits").
    case classes([ContainsRule.CharacterClass], count: Int)
    /// The label of the field at this index, in the message's locale.
    case label(Int)
    /// The labels of these fields, joined like ``list(_:or:)``.
    case labels([Int], or: Bool)
    case date(Operand)
    /// `{value}`: filled when the message is shown.
    case value

    /// A number that tells most values apart without a seeded hasher (see
    /// `Lowering.RenderedMessages.Key`): the fields named, the lengths of texts and lists.
    var fingerprint: Int {
        switch self {
        case .text(let text): text.utf8.count
        case .list(let items, let or): items.count &* 2 &+ (or ? 1 : 0)
        case .translated(let labels, let or): labels.count &* 2 &+ (or ? 1 : 0)
        case .classes(let classes, let count): classes.count &* 64 &+ count
        case .label(let field): field &* 7_919 &+ 1
        case .labels(let fields, let or): fields.reduce(or ? 1 : 0) { $0 &* 31 &+ $1 }
        case .date(let operand): operand.hashValue
        case .value: -1
        }
    }
}
