/// A message or requirement text in one or more locales, prepared at compile time.
public struct LocalizedText: Sendable, Hashable, Codable {
    /// The template for each locale that has one.
    public var templates: [String: Template]

    /// Creates a text from templates by locale.
    public init(_ templates: [String: Template]) { self.templates = templates }

    /// Encoded as a plain `{locale: template}` object.
    public init(from decoder: any Decoder) throws {
        templates = try decoder.singleValueContainer().decode([String: Template].self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(templates)
    }

    /// The template for the first locale of `chain` that has one.
    public func template(for chain: LocaleChain) -> Template? {
        for locale in chain.locales {
            if let template = templates[locale] { return template }
        }
        return templates["en"] ?? templates.values.first
    }

    /// The rendered text for the first locale of `chain` that has one.
    public func render(_ chain: LocaleChain, value: Scalar? = nil) -> String {
        template(for: chain)?.render(value: value) ?? ""
    }
}

/// A message whose static placeholders (`{label}`, `{min}`, …) were filled at compile time; only
/// `{value}` remains to be filled when the message is shown.
public struct Template: Sendable, Hashable, Codable {
    /// A piece of a template.
    public enum Segment: Sendable, Hashable {
        case text(String)
        case value
    }

    /// The pieces, in order.
    public var segments: [Segment]

    /// Creates a template from pieces.
    public init(_ segments: [Segment]) { self.segments = segments }

    /// A template with no placeholder.
    public init(text: String) { self.segments = [.text(text)] }

    /// The template as one string: `{value}` for the value, `{{` and `}}` for literal braces.
    public var source: String {
        var result = ""
        for segment in segments {
            switch segment {
            case .text(let text):
                for character in text {
                    switch character {
                    case "{": result += "{{"
                    case "}": result += "}}"
                    default: result.append(character)
                    }
                }
            case .value: result += "{value}"
            }
        }
        return result
    }

    /// Parses ``source``'s spelling back into segments.
    public init(source: String) {
        var segments: [Segment] = []
        var text = ""
        var rest = Substring(source)
        while let character = rest.first {
            if rest.hasPrefix("{value}") {
                if !text.isEmpty { segments.append(.text(text)) }
                text = ""
                segments.append(.value)
                rest = rest.dropFirst(7)
            } else if rest.hasPrefix("{{") || rest.hasPrefix("}}") {
                text.append(character)
                rest = rest.dropFirst(2)
            } else {
                text.append(character)
                rest = rest.dropFirst()
            }
        }
        if !text.isEmpty || segments.isEmpty { segments.append(.text(text)) }
        self.segments = segments
    }

    public init(from decoder: any Decoder) throws {
        self.init(source: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(source)
    }

    /// The text with `{value}` filled in.
    public func render(value: Scalar?) -> String {
        if segments.count == 1, case .text(let text) = segments[0] { return text }
        var result = ""
        for segment in segments {
            switch segment {
            case .text(let text): result += text
            case .value: result += value?.description ?? ""
            }
        }
        return result
    }
}

/// The locales to try for a message, most wanted first: the caller's locale and its parents
/// (`zh-Hant-TW`, `zh-Hant`, `zh`), then the spec's locale, then `en`.
public struct LocaleChain: Sendable, Hashable {
    /// The locales in order.
    public var locales: [String]

    /// The chain for a caller asking for `requested` in a spec written in `specLocale`.
    public init(requested: String?, specLocale: String) {
        var locales: [String] = []
        if var current = requested.map({ $0.replacingUnderscores() }) {
            while true {
                locales.append(current)
                guard let dash = current.lastIndex(of: "-") else { break }
                current = String(current[..<dash])
            }
        }
        for locale in [specLocale, "en"] where !locales.contains(locale) { locales.append(locale) }
        self.locales = locales
    }
}

extension String {
    fileprivate func replacingUnderscores() -> String {
        String(map { $0 == "_" ? "-" : $0 })
    }
}
