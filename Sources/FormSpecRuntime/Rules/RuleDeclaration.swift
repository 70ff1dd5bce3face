/// One built-in message in every bundled locale.
///
/// Each locale is a stored property, so a message without a translation does not compile, and a
/// locale added here is a build error until every message has it.
package struct BuiltInMessage: Sendable {
    /// The message key: a rule's name, or a variant of it (`min.date`, `equals.secret`).
    package var key: String
    package var en: String
    package var zhHans: String
    package var zhHant: String
    package var ja: String
    /// For a variant, when it is used, as the reference and the schema name it (`N = 1`); its key's
    /// last part (`date`, `secret`) when `nil`.
    package var usedWhen: String?

    package init(key: String, en: String, zhHans: String, zhHant: String, ja: String, usedWhen: String? = nil) {
        self.key = key
        self.en = en
        self.zhHans = zhHans
        self.zhHant = zhHant
        self.ja = ja
        self.usedWhen = usedWhen
    }

    /// The bundled locales, in the order messages are listed.
    package static let locales = ["en", "zh-Hans", "zh-Hant", "ja"]

    /// The template in `locale`, or `nil` for a locale that is not bundled.
    package func template(in locale: String) -> String? {
        switch locale {
        case "en": en
        case "zh-Hans": zhHans
        case "zh-Hant": zhHant
        case "ja": ja
        default: nil
        }
    }
}

/// One rule key of the language, declared once: how it is written, the field types it applies to,
/// when it passes, its argument's JSON Schema and its built-in messages.
///
/// The reference's rule tables, the JSON Schema's rule properties, the language server's hover and
/// completion and the built-in message catalogue are all read from declarations; the generated files
/// are checked by a test (`GeneratedDocumentsTests`) and rewritten with `FORMSPEC_RECORD=1`.
package struct RuleDeclaration: Sendable {
    /// The rule key.
    package var name: String
    /// How the rule is written, as the reference shows it (Markdown): "`min_length: N`".
    package var usage: String
    /// The field types the rule applies to; `nil` for every type (and for form rules).
    package var appliesTo: Set<FieldType>?
    /// When the rule passes (Markdown, one sentence or a few): the one wording of the reference,
    /// the schema and the editor.
    package var passes: String
    /// The JSON Schema of the rule's argument, as JSON text.
    package var argumentSchema: String
    /// The built-in messages: the rule's own key first, then its variants.
    package var messages: [BuiltInMessage]
    /// What the reference's message column says for a rule without a message of its own (`use`).
    package var messageNote: String?
    /// Keys of a rule item that only this rule takes beside the common modifiers (`message`,
    /// `requirement`, `when`, `severity`): `unit` for lengths, `count` for `contains`, `flags`
    /// for patterns, `case` for the comparisons, `debounce` and `check_when` for `check`. The
    /// checker refuses them on other rules and completion offers them only on these.
    package var modifiers: [String]
    /// Whether the rule reads a list's items as scalars (`each`): the checker
    /// refuses it on a list of groups, and completion does not offer it there.
    package var needsScalarItems: Bool
    /// An argument (YAML) that compiles on a field of `type`, for the tests that compile every rule on
    /// every type it applies to; `other` is a second field of the same type.
    package var example: @Sendable (_ type: FieldType) -> String

    package init(
        _ name: String, usage: String, appliesTo: Set<FieldType>? = nil, passes: String, argumentSchema: String,
        messages: [BuiltInMessage], messageNote: String? = nil, modifiers: [String] = [],
        needsScalarItems: Bool = false, example: @escaping @Sendable (FieldType) -> String
    ) {
        self.name = name
        self.usage = usage
        self.appliesTo = appliesTo
        self.passes = passes
        self.argumentSchema = argumentSchema
        self.messages = messages
        self.messageNote = messageNote
        self.modifiers = modifiers
        self.needsScalarItems = needsScalarItems
        self.example = example
    }

    package init(
        _ name: String, usage: String, appliesTo: Set<FieldType>? = nil, passes: String, argumentSchema: String,
        messages: [BuiltInMessage], messageNote: String? = nil, modifiers: [String] = [],
        needsScalarItems: Bool = false, example: String
    ) {
        self.init(
            name, usage: usage, appliesTo: appliesTo, passes: passes, argumentSchema: argumentSchema,
            messages: messages, messageNote: messageNote, modifiers: modifiers, needsScalarItems: needsScalarItems,
            example: { _ in example })
    }

    /// Whether the rule applies to fields of `type` (a rule for any type applies to every scalar type,
    /// not to lists and groups).
    package func applies(to type: FieldType) -> Bool { appliesTo?.contains(type) ?? type.isScalar }

    /// `passes` without Markdown links (for the schema and the editor, which have no anchors).
    package var plainPasses: String { Self.unlinked(passes) }

    /// `text` with each `[words](#anchor)` link replaced by its words.
    package static func unlinked(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "["),
            let close = rest[open...].firstIndex(of: "]"),
            rest[close...].dropFirst().hasPrefix("(#"),
            let end = rest[close...].firstIndex(of: ")")
        {
            result += rest[..<open] + rest[rest.index(after: open)..<close]
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }
}

extension FieldType {
    /// A literal of this type, for rule examples (`choice` fields in examples offer `a` and `b`).
    package var exampleLiteral: String {
        switch self {
        case .text, .secret: "abc"
        case .integer: "4"
        case .number: "2.5"
        case .boolean: "true"
        case .date: "2024-01-01"
        case .time: "\"09:30\""
        case .datetime: "2024-01-01T09:30:00Z"
        case .choice: "a"
        case .list, .group: "[]"
        }
    }
}

extension RuleDeclaration {
    /// The rule's documentation as the editor and the schema show it: when it passes, and the field
    /// types it applies to.
    package var summary: String {
        var text = "Passes when \(plainPasses)."
        if let appliesTo { text += " Applies to \(appliesTo.sortedDescription) fields." }
        return text
    }

    /// The built-in English messages as the reference and the schema quote them: the rule's own
    /// first, then each variant as `variant: message` (`date: …`, `N = 1: …`).
    package var quotedMessages: [String] {
        messages.map { message in
            guard message.key != name else { return "`\(message.en)`" }
            return "\(message.usedWhen ?? String(message.key.dropFirst(name.count + 1))): `\(message.en)`"
        }
    }
}

extension Set where Element == FieldType {
    package static let textual: Set<FieldType> = [.text, .secret]
    package static let ordered: Set<FieldType> = [.integer, .number, .date, .time, .datetime]
    package static let numeric: Set<FieldType> = [.integer, .number]
    package static let lists: Set<FieldType> = [.list]

    /// "text and secret", "integer, number and date".
    package var sortedDescription: String {
        let names = FieldType.allCases.filter(contains).map(\.rawValue)
        return names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}
