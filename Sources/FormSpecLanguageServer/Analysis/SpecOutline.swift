import FormSpecCompiler
import FormSpecDiagnostics
import FormSpecRuntime
import FormSpecYAML

/// One scalar of a parsed spec — a key or a value — with where it is and the path to it.
struct OutlineToken {
    /// The scalar's text.
    var text: String
    /// Where it is written.
    var location: SourceLocation
    /// The path to the mapping holding this key, or to this value.
    var path: [PathStep]
    /// Whether this scalar is a mapping key.
    var isKey: Bool

    /// What the token is: for a key, the slot of the mapping holding it; for a value, its own slot.
    var slot: SpecSlot { isKey ? SpecSlot.of(path) : SpecSlot.of(path).scalarSlot }
}

/// A named entry of a spec (a field, or a define) and the node it names.
struct OutlineEntry {
    var name: String
    /// Where the name is written (the key).
    var location: SourceLocation
    /// The entry's value.
    var node: YAMLNode
}

/// What the language server knows of one spec file's structure: every scalar with its path, and
/// the fields, defines and imports by name. Built from the YAML alone, so it exists even when the
/// spec has errors the checker rejects.
struct SpecOutline {
    var path: String
    /// The text it was read from (the document's own string, shared, not copied).
    var text: String
    /// Positions of the file's text.
    var lines: LineIndex
    var tokens: [OutlineToken] = []
    var fields: [OutlineEntry] = []
    var defines: [OutlineEntry] = []
    /// `import:` entries as written.
    var imports: [(path: String, location: SourceLocation)] = []
    /// The spec's `locale:`, when it has one.
    var locale: String?

    /// Reads the outline of `text`, or `nil` when it is not loadable YAML.
    init?(text: String, path: String) {
        guard let root = try? YAMLLoader.load(text, path: path).root else { return nil }
        self.init(root: root, text: text, path: path)
    }

    /// The outline of `text`; or, when its YAML does not load, none and the outline of the text
    /// without the broken parts its YAML errors name (``recoveredRoot(of:path:after:)``), whose
    /// tokens there are missing. One load of the text either way.
    static func reading(_ text: String, path: String) -> (outline: SpecOutline?, recovered: SpecOutline?) {
        do {
            guard let root = try YAMLLoader.load(text, path: path).root else { return (nil, nil) }
            return (SpecOutline(root: root, text: text, path: path), nil)
        } catch {
            let root = recoveredRoot(of: text, path: path, after: error)
            return (nil, root.map { SpecOutline(root: $0, text: text, path: path) })
        }
    }

    private init(root: YAMLNode, text: String, path: String) {
        self.path = path
        self.text = text
        self.lines = LineIndex(text)
        collect(root, path: [], depth: 0)
        for pair in root.mapping ?? [] {
            switch pair.key.scalar?.text {
            case "fields": fields = Self.entries(pair.value)
            case "define": defines = Self.entries(pair.value)
            case "import":
                for item in pair.value.sequence ?? [pair.value] {
                    if let text = item.scalar?.text { imports.append((text, item.location)) }
                }
            case "locale": locale = pair.value.scalar?.text
            default: break
            }
        }
        tokens.sort { $0.location.start < $1.location.start }
    }

    /// The root of `text`, whose load failed with `error`, with the broken parts its errors name
    /// blanked, a few rounds (a line being typed: `{same_as:‸}`, an unclosed quote): completion
    /// then offers the names the text has now, not those of an older version.
    private static func recoveredRoot(of text: String, path: String, after error: Diagnostic) -> YAMLNode? {
        var bytes = Array(text.utf8)
        var error = error
        // Lines blanked from a column: when a later error names no place left to blank (the end of
        // the file, past an unclosed `{`), they are blanked whole.
        var partly: Set<Int> = []
        for _ in 0..<5 {
            // From where a broken flow collection or scalar starts (an unclosed `{` or quote) to its
            // line's end, so the key before it stays (`email: {label: …`); else the line where it
            // broke: a block mapping's start is a good line (`formspec: 1`).
            var from: [Int: Int] = [:]
            for note in error.notes where !note.message.contains("block") {
                guard let start = note.location?.start else { continue }
                from[start.line] = min(from[start.line] ?? .max, start.column)
            }
            if from.isEmpty, let line = error.location?.start.line { from[line] = 1 }
            if blank(from, in: &bytes) {
                partly.formUnion(from.filter { $0.value > 1 }.keys)
            } else {
                guard !partly.isEmpty, blank(Dictionary(uniqueKeysWithValues: partly.map { ($0, 1) }), in: &bytes)
                else { return nil }
                partly = []
            }
            do {
                return try YAMLLoader.load(bytes, path: path).root
            } catch let next {
                error = next
            }
        }
        return nil
    }

    /// Replaces every character of each line in `from` (1-based; lines end at LF, CR and CRLF),
    /// from its column (1-based, in scalars) to the line's end, with spaces, so that everything else
    /// keeps its position; whether anything changed.
    private static func blank(_ from: [Int: Int], in bytes: inout [UInt8]) -> Bool {
        var line = 1
        var column = 1
        var changed = false
        for index in bytes.indices {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                if byte == UInt8(ascii: "\n") || index + 1 == bytes.count || bytes[index + 1] != UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                }
                continue
            }
            // A scalar's lead byte starts a column; its continuation bytes share it.
            if byte & 0xC0 != 0x80, index > 0, bytes[index - 1] != UInt8(ascii: "\n"),
                bytes[index - 1] != UInt8(ascii: "\r")
            {
                column += 1
            }
            if let start = from[line], column >= start, byte != UInt8(ascii: " ") {
                bytes[index] = UInt8(ascii: " ")
                changed = true
            }
        }
        return changed
    }

    private static func entries(_ node: YAMLNode) -> [OutlineEntry] {
        (node.mapping ?? []).compactMap { pair in
            pair.key.scalar.map { OutlineEntry(name: $0.text, location: pair.key.location, node: pair.value) }
        }
    }

    /// The loader bounds nesting, but this walk bounds it again so it never depends on that.
    private mutating func collect(_ node: YAMLNode, path: [PathStep], depth: Int) {
        guard depth < 256 else { return }
        switch node.content {
        case .scalar(let scalar):
            tokens.append(OutlineToken(text: scalar.text, location: node.location, path: path, isKey: false))
        case .sequence(let items):
            for item in items { collect(item, path: path + [.item], depth: depth + 1) }
        case .mapping(let pairs):
            for pair in pairs {
                guard let key = pair.key.scalar?.text else { continue }
                tokens.append(OutlineToken(text: key, location: pair.key.location, path: path, isKey: true))
                collect(pair.value, path: path + [.key(key)], depth: depth + 1)
            }
        }
    }

    /// The token under `position` (1-based, as the compiler counts), preferring the innermost.
    func token(at position: SourcePosition) -> OutlineToken? {
        // Tokens are sorted by start; the last one starting at or before the position is the candidate.
        var low = 0
        var high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].location.start <= position { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let token = tokens[low - 1]
        let end = token.location.end
        // An empty scalar (`key:` with nothing after it) covers no text.
        return position < end || (position == end && token.location.start < end) ? token : nil
    }

    /// The field named `name`.
    func field(named name: String) -> OutlineEntry? { fields.first { $0.name == name } }

    /// The field `name` means where `path` leads: a bare name is a field of the group (or list of
    /// groups) the path is inside, `/address/country` a path from the form's root.
    func field(named name: String, at path: [PathStep]) -> OutlineEntry? {
        if name.hasPrefix("/") {
            return field(atSteps: name.dropFirst().split(separator: "/", omittingEmptySubsequences: false))
        }
        return fields(inGroups: Self.groupChain(path)).first { $0.name == name }
    }

    /// The field a report or a spec test names by its dotted path (`address.city`,
    /// `contacts.1.phone`), as the compiler resolves it.
    func field(atReportPath path: String) -> OutlineEntry? {
        field(atSteps: path.split(separator: ".", omittingEmptySubsequences: false))
    }

    /// The field at `steps` from the root, as the compiler reads a path: a list is followed by an
    /// item index (`contacts/0/name`) or ends there, and an index follows only a list. An item
    /// is its list's entry (a list of groups lists its fields under it). An index is written as
    /// the compiler names items (`1`, not `01`) and is below the list's ``capacity(of:)``: the
    /// compiler lays out no field past it, so a path there names an unknown field.
    private func field(atSteps steps: [Substring]) -> OutlineEntry? {
        var entries = fields
        var found: OutlineEntry?
        var capacity: Int?
        for step in steps {
            if let items = capacity {
                guard let index = Int(step), String(index) == step, (0..<items).contains(index) else { return nil }
                capacity = nil
                continue
            }
            guard Int(step) == nil, let entry = entries.first(where: { $0.name == step }) else { return nil }
            found = entry
            entries = Self.nestedFields(of: entry)
            capacity = Self.isList(entry) ? Self.capacity(of: entry) : nil
        }
        return found
    }

    /// How many items list `entry` holds, as the compiler lays it out: the count of its first
    /// `max_items` outside `when:`, from 0 to ``SpecVocabulary/maxListCapacity``, else
    /// ``SpecVocabulary/defaultListCapacity``.
    static func capacity(of entry: OutlineEntry) -> Int {
        let rules = entry.node.value(forKey: "rules")?.sequence ?? []
        let maxItems = rules.lazy.first { $0.value(forKey: "max_items") != nil && $0.value(forKey: "when") == nil }
        guard let count = maxItems?.value(forKey: "max_items"), count.scalar != nil,
            case .integer(let value) = count.resolved
        else { return SpecVocabulary.defaultListCapacity }
        return Int(min(max(0, value), Int64(SpecVocabulary.maxListCapacity)))
    }

    /// The type the compiler gives field `entry`: its `type:`, else a group when it has `fields:`,
    /// else text; `nil` for a type the compiler does not know.
    static func type(of entry: OutlineEntry) -> FieldType? {
        if let written = entry.node.value(forKey: "type") {
            return written.scalar.flatMap { FieldType(rawValue: $0.text) }
        }
        return entry.node.value(forKey: "fields") != nil ? .group : .text
    }

    /// The type of the items of list `entry` (its `of:`); `nil` when that is not a type the
    /// compiler knows.
    static func itemType(of entry: OutlineEntry) -> FieldType? {
        entry.node.value(forKey: "of")?.scalar.flatMap { FieldType(rawValue: $0.text) }
    }

    /// The values of the options of choice field `entry` (or of its items, for a list of
    /// choices), as the compiler matches a literal against them: each option's text, or its
    /// `value:`'s, numbers and booleans as JSON writes them.
    static func options(of entry: OutlineEntry) -> [String] {
        let options = entry.node.value(forKey: "options")?.sequence ?? []
        return options.compactMap { option in
            let value = option.value(forKey: "value") ?? option
            return value.scalar == nil ? nil : FieldType.canonicalText(Value(yaml: value))
        }
    }

    /// The field whose mapping `path` is inside (`confirm` for a path into its `rules:`), or `nil`
    /// outside fields (a `define:`, `form_rules:`).
    func field(owning path: [PathStep]) -> OutlineEntry? {
        guard let index = path.dropLast().lastIndex(of: .key("fields")), case .key(let name) = path[index + 1]
        else { return nil }
        return fields(inGroups: Self.groupChain(Array(path[...index]))).first { $0.name == name }
    }

    /// Whether `entry` is written `type: list`.
    static func isList(_ entry: OutlineEntry) -> Bool {
        entry.node.mapping?.contains { $0.key.scalar?.text == "type" && $0.value.scalar?.text == "list" } == true
    }

    /// Every field's path as reports and spec tests name it (`address.city`, `contacts.1.phone`),
    /// groups and lists walked: a list's items up to its ``capacity(of:)``, at most
    /// ``listedItems`` of them.
    ///
    /// Lists in lists multiply their items, so past ``maxReportPaths`` paths each list names
    /// its first item only: every field keeps a path, and the list stays short enough to send.
    var reportPaths: [String] {
        var result: [String] = []
        func walk(_ entries: [OutlineEntry], prefix: String, depth: Int) {
            guard depth < 16 else { return }
            for entry in entries {
                let path = prefix + entry.name
                result.append(path)
                guard Self.isList(entry) else {
                    walk(Self.nestedFields(of: entry), prefix: path + ".", depth: depth + 1)
                    continue
                }
                // A list that holds no item has no item fields to name.
                for item in 0..<min(Self.capacity(of: entry), Self.listedItems)
                where item == 0 || result.count < Self.maxReportPaths {
                    result.append("\(path).\(item)")
                    walk(Self.nestedFields(of: entry), prefix: "\(path).\(item).", depth: depth + 1)
                }
            }
        }
        walk(fields, prefix: "", depth: 0)
        return result
    }

    /// How many of a list's items ``reportPaths`` names: a list may hold 1,000, and a test names
    /// the first few.
    static let listedItems = 10

    /// How many paths ``reportPaths`` gives before it names only the first item of each list.
    static let maxReportPaths = 1000

    /// The fields of the group reached through the groups `chain` from the root (the form's own
    /// fields for an empty chain).
    func fields(inGroups chain: [String]) -> [OutlineEntry] {
        var entries = fields
        for name in chain {
            guard let entry = entries.first(where: { $0.name == name }) else { return [] }
            entries = Self.nestedFields(of: entry)
        }
        return entries
    }

    /// Every field's path from the root as written in a reference (`/address/postcode`), groups
    /// walked, list items not (a list of groups lists its fields under item 0).
    var rootPaths: [String] {
        var result: [String] = []
        func walk(_ entries: [OutlineEntry], prefix: String, depth: Int) {
            guard depth < 16 else { return }
            for entry in entries {
                let path = prefix + "/" + entry.name
                result.append(path)
                let nested = Self.nestedFields(of: entry)
                let isList = Self.isList(entry)
                guard !nested.isEmpty, !isList || Self.capacity(of: entry) > 0 else { continue }
                walk(nested, prefix: path + (isList ? "/0" : ""), depth: depth + 1)
            }
        }
        walk(fields, prefix: "", depth: 0)
        return result
    }

    /// The names of the groups a path is inside: each `fields:` key followed by a field that has
    /// `fields:` of its own (`fields: contacts: fields: phone: rules: …` is inside `contacts`).
    static func groupChain(_ path: [PathStep]) -> [String] {
        var chain: [String] = []
        var index = 0
        while index + 2 < path.count {
            if path[index] == .key("fields"), case .key(let name) = path[index + 1], path[index + 2] == .key("fields") {
                chain.append(name)
                index += 2
            } else {
                index += 1
            }
        }
        return chain
    }

    /// The fields a group or a list of groups declares under its `fields:`.
    static func nestedFields(of entry: OutlineEntry) -> [OutlineEntry] {
        guard let fields = entry.node.value(forKey: "fields") else { return [] }
        return entries(fields)
    }

    /// The define named `name` in this file.
    func define(named name: String) -> OutlineEntry? { defines.first { $0.name == name } }
}
