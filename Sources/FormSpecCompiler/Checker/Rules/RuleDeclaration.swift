import FormSpecRuntime

/// One built-in message in every bundled locale.
///
/// Each locale is a stored property, so a message without a translation does not compile, and a
/// locale added here is a build error until every message has it.
struct BuiltInMessage: Sendable {
    /// The message key: a rule's name, or a variant of it (`min.date`, `equals.secret`).
    var key: String
    var en: String
    var zhHans: String
    var zhHant: String
    var ja: String

    /// The bundled locales, in the order messages are listed.
    static let locales = ["en", "zh-Hans", "zh-Hant", "ja"]

    /// The template in `locale`, or `nil` for a locale that is not bundled.
    func template(in locale: String) -> String? {
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
struct RuleDeclaration: Sendable {
    /// The rule key.
    var name: String
    /// How the rule is written, as the reference shows it (Markdown): "`min_length: N`".
    var usage: String
    /// The field types the rule applies to; `nil` for every type (and for form rules).
    var appliesTo: Set<FieldType>?
    /// When the rule passes (Markdown, one sentence or a few): the one wording of the reference,
    /// the schema and the editor.
    var passes: String
    /// The JSON Schema of the rule's argument, as JSON text.
    var argumentSchema: String
    /// The built-in messages: the rule's own key first, then its variants.
    var messages: [BuiltInMessage]
    /// What the reference's message column says for a rule without a message of its own (`use`).
    var messageNote: String?
    /// An argument (YAML) that compiles on a field of `type`, for the tests that compile every rule on
    /// every type it applies to; `other` is a second field of the same type.
    var example: @Sendable (_ type: FieldType) -> String

    init(
        _ name: String, usage: String, appliesTo: Set<FieldType>? = nil, passes: String, argumentSchema: String,
        messages: [BuiltInMessage], messageNote: String? = nil, example: @escaping @Sendable (FieldType) -> String
    ) {
        self.name = name
        self.usage = usage
        self.appliesTo = appliesTo
        self.passes = passes
        self.argumentSchema = argumentSchema
        self.messages = messages
        self.messageNote = messageNote
        self.example = example
    }

    init(
        _ name: String, usage: String, appliesTo: Set<FieldType>? = nil, passes: String, argumentSchema: String,
        messages: [BuiltInMessage], messageNote: String? = nil, example: String
    ) {
        self.init(
            name, usage: usage, appliesTo: appliesTo, passes: passes, argumentSchema: argumentSchema,
            messages: messages, messageNote: messageNote, example: { _ in example })
    }

    /// Whether the rule applies to fields of `type`.
    func applies(to type: FieldType) -> Bool { appliesTo?.contains(type) ?? true }

    /// `passes` without Markdown links (for the schema and the editor, which have no anchors).
    var plainPasses: String { Self.unlinked(passes) }

    /// `text` with each `[words](#anchor)` link replaced by its words.
    static func unlinked(_ text: String) -> String {
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
    var exampleLiteral: String {
        switch self {
        case .text, .secret: "abc"
        case .integer: "4"
        case .number: "2.5"
        case .boolean: "true"
        case .date: "2024-01-01"
        case .choice: "a"
        }
    }
}

extension RuleDeclaration {
    /// The rule's documentation as the editor and the schema show it: when it passes, and the field
    /// types it applies to.
    var summary: String {
        var text = "Passes when \(plainPasses)."
        if let appliesTo { text += " Applies to \(appliesTo.sortedDescription) fields." }
        return text
    }

    /// The built-in English messages as the reference and the schema quote them: the rule's own
    /// first, then each variant as `variant: message` (`date: …`).
    var quotedMessages: [String] {
        messages.map { message in
            let variant = message.key == name ? "" : message.key.dropFirst(name.count + 1) + ": "
            return "\(variant)`\(message.en)`"
        }
    }
}
