import FormSpecDiagnostics
import FormSpecYAML

/// Reads a mapping's keys one by one, then reports every key nobody asked for, with a did-you-mean.
struct MappingReader {
    let node: YAMLNode
    private(set) var pairs: [YAMLPair]
    private var taken: Set<String> = []
    private let index: [String: Int]

    /// Reads `node` as a mapping, or reports that it is not one.
    init?(_ node: YAMLNode, what: String, diagnostics: inout DiagnosticCollector) {
        guard let pairs = node.mapping else {
            diagnostics.error(
                "\(what) must be a mapping, not \(node.kindDescription)", at: node.location,
                notes: Self.colonHint(node).map { [.init($0)] } ?? [])
            return nil
        }
        self.node = node
        self.pairs = pairs
        // The loader already dropped duplicate keys, so each key has one index.
        var index: [String: Int] = [:]
        for (position, pair) in pairs.enumerated() { index[pair.key.scalar?.text ?? ""] = position }
        self.index = index
    }

    /// Why a plain string meant as `key: value` is one string: a full-width colon (`required：
    /// true`, from a Japanese or Chinese input method), or no space after the colon
    /// (`required:true`); `nil` otherwise.
    static func colonHint(_ node: YAMLNode) -> String? {
        guard let scalar = node.scalar, scalar.style == .plain, case .string(let text) = node.resolved else {
            return nil
        }
        if text.contains("\u{FF1A}") {
            return "'：' is a full-width colon; YAML reads 'key: value' with ':' (U+003A) and a space"
        }
        if let colon = text.firstIndex(of: ":"), colon > text.startIndex,
            text[..<colon].allSatisfy({ $0.isLetter || $0 == "_" }), text.index(after: colon) < text.endIndex
        {
            return "YAML reads 'key: value' with a space after the colon; '\(Diagnostics.excerpt(text))' is one string"
        }
        return nil
    }

    /// The hint for a key with no value that is `key:value` run together (`{type:text}` in flow
    /// style, where YAML needs the space after the colon too), else `nil`.
    static func colonNotes(_ pair: YAMLPair) -> [Diagnostic.Note]? {
        guard pair.value.resolved == .null, let hint = colonHint(pair.key) else { return nil }
        return [.init(hint)]
    }

    /// The value of `key`, marking it as known.
    mutating func take(_ key: String) -> YAMLNode? {
        takePair(key)?.value
    }

    /// The pair of `key`, marking it as known.
    mutating func takePair(_ key: String) -> YAMLPair? {
        taken.insert(key)
        return index[key].map { pairs[$0] }
    }

    /// The keys not taken, in source order.
    var remaining: [YAMLPair] { pairs.filter { !taken.contains($0.key.scalar?.text ?? "") } }

    /// Reports each key not taken as unknown, suggesting the closest of `known`.
    ///
    /// A key for which `placement` gives a note (a rule written as a field's key: where it belongs)
    /// gets that note instead of a did-you-mean.
    func reportUnknown(
        in what: String, known: [String], placement: (YAMLPair) -> String? = { _ in nil },
        diagnostics: inout DiagnosticCollector
    ) {
        for pair in remaining {
            let key = pair.key.scalar?.text ?? ""
            diagnostics.error(
                "unknown key '\(key)' in \(what)", at: pair.key.location,
                notes: placement(pair).map { [.init($0)] } ?? Self.colonNotes(pair)
                    ?? Diagnostics.suggestion(for: key, among: known))
        }
    }
}

/// Small helpers to read scalars of an expected kind, reporting anything else.
enum Read {
    static func string(_ node: YAMLNode?, _ what: String, _ diagnostics: inout DiagnosticCollector) -> Located<String>?
    {
        guard let node else { return nil }
        guard let scalar = node.scalar, node.resolved != .null else {
            diagnostics.error("\(what) must be a string, not \(node.kindDescription)", at: node.location)
            return nil
        }
        return Located(value: scalar.text, location: node.location)
    }

    static func bool(_ node: YAMLNode?, _ what: String, _ diagnostics: inout DiagnosticCollector) -> Bool? {
        guard let node else { return nil }
        guard case .bool(let value) = node.resolved, node.scalar != nil else {
            diagnostics.error("\(what) must be true or false, not \(node.kindDescription)", at: node.location)
            return nil
        }
        return value
    }

    static func list(_ node: YAMLNode?, _ what: String, _ diagnostics: inout DiagnosticCollector) -> [YAMLNode]? {
        guard let node else { return nil }
        guard let items = node.sequence else {
            // `-min_length: 3`: without a space the dash is part of the key, not a list item.
            let dashed = node.mapping?.first {
                $0.key.scalar?.style == .plain && $0.key.scalar?.text.hasPrefix("-") == true
            }
            diagnostics.error(
                "\(what) must be a list, not \(node.kindDescription)", at: node.location,
                notes: dashed.map {
                    let key = $0.key.scalar?.text.dropFirst() ?? ""
                    return [.init("a list item starts with '- ' (a dash and a space): write '- \(key): …'")]
                } ?? [])
            return nil
        }
        return items
    }
}

enum Diagnostics {
    /// `text` for quoting in a message, cut to its first 60 characters when longer (as every quote
    /// is once recorded: ``QuotedText``).
    static func excerpt(_ text: String) -> String {
        QuotedText.shortened(text)
    }

    /// A did-you-mean note when `word` is close to one of `candidates`.
    static func suggestion(for word: String, among candidates: [String]) -> [Diagnostic.Note] {
        if let synonym = synonyms[word.lowercased()], candidates.contains(synonym.key) {
            return [.init("did you mean '\(synonym.written)'?")]
        }
        guard let match = closestMatch(to: word, in: candidates) else { return [] }
        return [.init("did you mean '\(match)'?")]
    }

    /// Keys of other schema languages and validators (JSON Schema, Laravel, Zod), by FormSpec's
    /// key for the same thing and how to write it: suggested where that key is one the place
    /// takes, for no spelling is near (`regex` is far from `pattern`).
    static let synonyms: [String: (key: String, written: String)] = [
        "regex": ("pattern", "pattern"), "regexp": ("pattern", "pattern"), "matches": ("pattern", "pattern"),
        "match": ("pattern", "pattern"), "enum": ("one_of", "one_of"), "in": ("one_of", "one_of"),
        "not_in": ("not_one_of", "not_one_of"), "minimum": ("min", "min"), "maximum": ("max", "max"),
        "exclusiveminimum": ("greater_than", "greater_than"), "exclusive_minimum": ("greater_than", "greater_than"),
        "exclusivemaximum": ("less_than", "less_than"), "exclusive_maximum": ("less_than", "less_than"),
        "email": ("format", "format: email"), "url": ("format", "format: url"), "uuid": ("format", "format: uuid"),
        "validations": ("rules", "rules"), "validation": ("rules", "rules"), "validators": ("rules", "rules"),
        "constraints": ("rules", "rules"), "mandatory": ("required", "required"), "properties": ("fields", "fields"),
        "items": ("each", "each"), "confirmed": ("same_as", "same_as"),
    ]
}
