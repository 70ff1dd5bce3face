internal import CYAML
import FormSpecDiagnostics

/// Loads one YAML document into ``YAMLNode``s with exact source spans.
///
/// Problems that end the load (malformed YAML, invalid UTF-8, an alias bomb, nesting that is too
/// deep) are thrown as a ``Diagnostic``; problems the loader can step over (duplicate keys, a key
/// that is a list or a mapping, a tag it does not read) are collected in
/// ``LoadedYAML/diagnostics``: the first occurrence of a key is kept, and a pair whose key is not a
/// scalar is dropped.
package enum YAMLLoader {
    /// Limits that keep hostile files from running away with time or memory.
    package struct Limits: Sendable {
        /// How many nodes alias expansion may add before the file is rejected (billion laughs).
        package var maxAliasExpansion: Int = 100_000
        /// How deeply collections may nest.
        package var maxDepth: Int = 200
        /// Whether messages may quote the document's text (keys, alias names). Off by default:
        /// an input document may hold a secret field's value anywhere, so its diagnostics point at a
        /// line and column and quote nothing. The spec compiler turns it on for spec files.
        package var quotesText = false

        /// The default limits.
        package init() {}
    }

    /// Loads the single document in `text`.
    ///
    /// - Parameters:
    ///   - bytes: The file's bytes (UTF-8; invalid bytes are reported, not replaced).
    ///   - path: The path to name in locations.
    ///   - limits: Bounds on alias expansion and nesting.
    /// - Returns: The root node (`nil` for an empty file) and any recoverable diagnostics.
    /// - Throws: A ``Diagnostic`` for a problem that makes the file unreadable.
    package static func load(
        _ bytes: [UInt8], path: String, limits: Limits = Limits()
    ) throws(Diagnostic) -> LoadedYAML {
        let parser = EventParser(bytes: bytes, keepsSource: limits.quotesText)
        var builder = Builder(path: path, limits: limits)
        while true {
            let event: Event
            do { event = try parser.next() } catch { throw builder.diagnostic(for: error) }
            if case .streamEnd = event.kind { break }
            try builder.handle(event)
        }
        return LoadedYAML(root: builder.root, diagnostics: builder.diagnostics, path: path)
    }

    /// Loads the single document in `text`.
    package static func load(_ text: String, path: String, limits: Limits = Limits()) throws(Diagnostic) -> LoadedYAML {
        try load(Array(text.utf8), path: path, limits: limits)
    }
}

/// The result of loading a YAML file: the first stage boundary of the compiler.
package struct LoadedYAML: Sendable {
    /// The document's root, or `nil` when the file holds no document.
    package var root: YAMLNode?
    /// Recoverable problems found while loading (duplicate keys, keys that are not scalars, tags).
    package var diagnostics: [Diagnostic]
    /// The path locations name.
    package var path: String
}

// MARK: - Events

/// A parse error from libyaml, with its mark.
struct ParseError: Error {
    var problem: String
    var context: String?
    var line: Int
    var column: Int
    /// Where what `context` names starts (an unclosed quote's opening quote), when libyaml says.
    var contextStart: SourcePosition?
    /// A line break of YAML 1.1's only (NEL, U+2028, U+2029) on a line the error names: libyaml
    /// breaks the line there, where an editor shows none.
    var yaml11Break: SourcePosition?
    /// Whether the character the error points at is a tab (YAML indents with spaces only).
    var isAtTab = false
}

struct Event {
    enum Kind {
        case streamStart, streamEnd, documentEnd
        /// A document, with its `%YAML` directive's version when it has one.
        case documentStart(version: (major: Int, minor: Int)?)
        case alias(anchor: String)
        case scalar(anchor: String?, tag: String?, value: String, style: YAMLScalar.Style, source: String?)
        case sequenceStart(anchor: String?, tag: String?)
        case sequenceEnd
        case mappingStart(anchor: String?, tag: String?)
        case mappingEnd
    }
    var kind: Kind
    var start: SourcePosition
    var end: SourcePosition
}

/// Owns a libyaml parser and the input bytes it reads (which must outlive it).
final class EventParser {
    private var parser = yaml_parser_t()
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    /// How many bytes of `buffer` are the text (an empty text still allocates one).
    private let length: Int
    /// Whether scalar events carry their text as written (``YAMLScalar/source``).
    private let keepsSource: Bool
    /// The last mark turned into a byte offset: libyaml's marks count characters, and scalars come
    /// in file order, so each conversion goes on from the last (linear in the file).
    private var cursor = (character: 0, byte: 0)

    /// libyaml (YAML 1.1) also breaks lines at NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR, which
    /// editors (and LSP) show inside a line: for a text holding one, where each of libyaml's lines
    /// (0-based) is in the editor's: its line, and the column it starts at (0-based).
    private var editorLines: [(line: Int, column: Int)]?

    init(bytes: [UInt8], keepsSource: Bool = false) {
        self.keepsSource = keepsSource
        // A UTF-8 byte order mark (editors on Windows write one) starts the stream, not the
        // document: with the encoding set, libyaml would read it as content.
        let bytes = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        buffer = .allocate(capacity: max(bytes.count, 1))
        _ = buffer.initialize(from: bytes)
        length = bytes.count
        yaml_parser_initialize(&parser)
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(&parser, buffer.baseAddress, bytes.count)
        editorLines = Self.editorLines(of: UnsafeBufferPointer(rebasing: buffer[..<length]))
    }

    /// ``editorLines`` of `bytes`, or `nil` when they hold no line break of YAML 1.1's only.
    private static func editorLines(of bytes: UnsafeBufferPointer<UInt8>) -> [(line: Int, column: Int)]? {
        func isOtherBreak(_ index: Int) -> Bool {
            (bytes[index] == 0xC2 && index + 1 < bytes.count && bytes[index + 1] == 0x85)
                || (bytes[index] == 0xE2 && index + 2 < bytes.count && bytes[index + 1] == 0x80
                    && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9))
        }
        guard bytes.indices.contains(where: isOtherBreak) else { return nil }
        var lines = [(line: 0, column: 0)]
        var line = 0
        var column = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                if byte == UInt8(ascii: "\r"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") {
                    index += 1
                }
                line += 1
                column = 0
                lines.append((line, 0))
            } else if isOtherBreak(index) {
                column += 1
                lines.append((line, column))
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return lines
    }

    /// libyaml's mark as a 1-based position in the editor's lines.
    private func position(_ mark: yaml_mark_t) -> SourcePosition {
        let line = Int(mark.line)
        let column = Int(mark.column)
        guard let editorLines, line < editorLines.count else {
            return SourcePosition(line: line + 1, column: column + 1)
        }
        return SourcePosition(line: editorLines[line].line + 1, column: editorLines[line].column + column + 1)
    }

    deinit {
        yaml_parser_delete(&parser)
        buffer.deallocate()
    }

    func next() throws(ParseError) -> Event {
        var event = yaml_event_t()
        guard yaml_parser_parse(&parser, &event) == 1 else {
            let problem = parser.problem.map { String(cString: $0) } ?? "unknown YAML error"
            // Reader errors (invalid UTF-8, control characters) carry a byte offset, not a mark.
            if parser.error == YAML_READER_ERROR {
                var offset = min(Int(parser.problem_offset), max(0, length - 1))
                var problem = problem
                // Every problem of decoding (not a control character): said as what it is.
                if problem.contains("UTF-8") || problem.contains("Unicode character"), offset < length {
                    // The character that is not UTF-8 starts at its lead byte: libyaml names the
                    // byte that is no continuation, after it.
                    if problem.contains("trailing"), offset > 0 {
                        offset -= 1
                        while offset > 0, buffer[offset] & 0xC0 == 0x80 { offset -= 1 }
                    }
                    let hex = String(buffer[offset], radix: 16, uppercase: true)
                    problem =
                        "the file is not UTF-8 text: byte 0x\(hex.count == 1 ? "0" : "")\(hex) starts no UTF-8 character here"
                    let utf16 = buffer.starts(with: [0xFF, 0xFE]) || buffer.starts(with: [0xFE, 0xFF])
                    if utf16 { problem = "the file is UTF-16 (it starts with a UTF-16 byte order mark), not UTF-8" }
                }
                let place = SourcePosition(ofByte: offset, in: buffer.prefix(length))
                throw ParseError(problem: problem, context: nil, line: place.line, column: place.column)
            }
            let mark = position(parser.problem_mark)
            let contextStart = parser.context == nil ? nil : position(parser.context_mark)
            var error = ParseError(
                problem: problem, context: parser.context.map { String(cString: $0) },
                line: mark.line, column: mark.column, contextStart: contextStart)
            let offset = byteOffset(ofCharacter: Int(parser.problem_mark.index))
            error.isAtTab = offset < length && buffer[offset] == UInt8(ascii: "\t")
            if let editorLines {
                let named = Set([mark.line, contextStart?.line].compactMap { $0 })
                error.yaml11Break = editorLines.first { $0.column > 0 && named.contains($0.line + 1) }.map {
                    SourcePosition(line: $0.line + 1, column: $0.column)
                }
            }
            throw error
        }
        defer { yaml_event_delete(&event) }
        let start = position(event.start_mark)
        let end = position(event.end_mark)
        let kind: Event.Kind
        switch event.type {
        case YAML_STREAM_START_EVENT: kind = .streamStart
        case YAML_STREAM_END_EVENT: kind = .streamEnd
        case YAML_DOCUMENT_START_EVENT:
            kind = .documentStart(
                version: event.data.document_start.version_directive.map {
                    (Int($0.pointee.major), Int($0.pointee.minor))
                })
        case YAML_DOCUMENT_END_EVENT: kind = .documentEnd
        case YAML_ALIAS_EVENT:
            kind = .alias(anchor: Self.string(event.data.alias.anchor) ?? "")
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let value = String(
                decoding: UnsafeBufferPointer(start: scalar.value, count: Int(scalar.length)), as: UTF8.self)
            let style: YAMLScalar.Style
            switch scalar.style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE: style = .literal
            case YAML_FOLDED_SCALAR_STYLE: style = .folded
            default: style = .plain
            }
            // A non-specific `!` tag (plain_implicit == 0 with no tag) still means "string".
            let tag = Self.string(scalar.tag)
            var source: String?
            if keepsSource, style != .plain || event.start_mark.line != event.end_mark.line {
                let start = byteOffset(ofCharacter: Int(event.start_mark.index))
                let end = byteOffset(ofCharacter: Int(event.end_mark.index))
                if start < end {
                    let written = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
                    if written != value { source = written }
                }
            }
            kind = .scalar(anchor: Self.string(scalar.anchor), tag: tag, value: value, style: style, source: source)
        case YAML_SEQUENCE_START_EVENT:
            kind = .sequenceStart(
                anchor: Self.string(event.data.sequence_start.anchor), tag: Self.string(event.data.sequence_start.tag))
        case YAML_SEQUENCE_END_EVENT: kind = .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            kind = .mappingStart(
                anchor: Self.string(event.data.mapping_start.anchor), tag: Self.string(event.data.mapping_start.tag))
        case YAML_MAPPING_END_EVENT: kind = .mappingEnd
        default: kind = .streamEnd
        }
        return Event(kind: kind, start: start, end: end)
    }

    /// The byte offset of character `index` of the buffer (libyaml counts a mark's index in
    /// characters), clamped to its end.
    private func byteOffset(ofCharacter index: Int) -> Int {
        if index < cursor.character { cursor = (0, 0) }
        var (character, byte) = cursor
        while character < index, byte < length {
            byte += 1
            while byte < length, buffer[byte] & 0xC0 == 0x80 { byte += 1 }
            character += 1
        }
        cursor = (character, byte)
        return byte
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    }
}

// MARK: - Building nodes

/// Turns the event stream into a node tree, resolving anchors and merge keys.
struct Builder {
    let path: String
    let limits: YAMLLoader.Limits
    var root: YAMLNode?
    var diagnostics: [Diagnostic] = []
    private var documents = 0
    private var anchors: [String: (node: YAMLNode, size: Int)] = [:]
    private var expanded = 0

    /// Collections being built, innermost last.
    private var stack: [Frame] = []

    private struct Frame {
        var isMapping: Bool
        var anchor: String?
        var tag: String?
        var start: SourcePosition
        var items: [YAMLNode] = []
        var size = 1
        var pendingKey: YAMLNode?
        /// Whether the pending key is a list or a mapping: reported, and its pair dropped.
        var dropsPair = false
        var pairs: [YAMLPair] = []
        /// Index in `pairs` of each key, so duplicate detection stays linear in the mapping's size.
        var keyIndex: [ExactText: Int] = [:]
        var merged: [YAMLPair] = []
        /// Keys in `merged`, so a large merge stays linear.
        var mergedKeys: Set<ExactText> = []
        /// The mapping's merge key, once it has one: a second is a duplicate key.
        var mergeKey: YAMLNode?
    }

    init(path: String, limits: YAMLLoader.Limits) {
        self.path = path
        self.limits = limits
    }

    func location(_ start: SourcePosition, _ end: SourcePosition) -> SourceLocation {
        SourceLocation(path: path, start: start, end: end)
    }

    func diagnostic(for error: ParseError) -> Diagnostic {
        if error.problem.hasPrefix("the file is") {
            return .error(
                error.problem,
                at: SourceLocation(path: path, start: SourcePosition(line: error.line, column: error.column)),
                notes: [.init("save it as UTF-8 (editors offer the encoding in their save dialog)")])
        }
        var message = "malformed YAML: \(error.problem)"
        if let context = error.context { message += " \(context)" }
        let place = SourcePosition(line: error.line, column: error.column)
        var notes: [Diagnostic.Note] = []
        // Where the unclosed quote or the block that went wrong starts, when that is elsewhere:
        // "while scanning a quoted scalar" -> "the quoted scalar starts here".
        if let context = error.context, let start = error.contextStart, start != place {
            var what = Substring(context)
            for lead in ["while scanning ", "while parsing "] where what.hasPrefix(lead) {
                what = what.dropFirst(lead.count)
            }
            for article in ["a ", "an "] where what.hasPrefix(article) { what = "the " + what.dropFirst(article.count) }
            notes.append(.init("\(what) starts here", at: SourceLocation(path: path, start: start)))
        }
        if error.isAtTab {
            notes.append(.init("YAML indents with spaces; replace this tab with spaces"))
        }
        if let place = error.yaml11Break {
            notes.append(
                .init(
                    "FormSpec's YAML reader (YAML 1.1) breaks the line at this NEL, U+2028 or U+2029; remove it, "
                        + "or write it in double quotes as \"\\N\", \"\\L\" or \"\\P\"",
                    at: SourceLocation(path: path, start: place)))
        }
        // The usual cause: a pattern in double quotes, where YAML reads `\d` as an escape.
        if error.problem.hasPrefix("found unknown escape character") {
            notes.append(
                .init(
                    "in double quotes YAML reads a backslash as an escape; write the text in single quotes "
                        + "('^\\d{3}$') or double each backslash (\"^\\\\d{3}$\")"))
        }
        return .error(message, at: SourceLocation(path: path, start: place), notes: notes)
    }

    mutating func handle(_ event: Event) throws(Diagnostic) {
        switch event.kind {
        case .streamStart, .streamEnd, .documentEnd:
            break
        case .documentStart(let version):
            documents += 1
            if let version, version != (1, 2) {
                // libyaml reads the document either way; FormSpec reads scalars as YAML 1.2 does.
                diagnostics.append(
                    .warning(
                        "FormSpec reads YAML 1.2; this file says '%YAML \(version.major).\(version.minor)'",
                        at: location(event.start, event.end),
                        notes: [
                            .init(
                                "scalars are read as YAML 1.2 reads them: 'yes' and 'no' are text, 010 is 10; "
                                    + "remove the directive, or write '%YAML 1.2'")
                        ]))
            }
            if documents > 1 {
                throw .error(
                    "a file holds one YAML document here; remove this second document",
                    at: location(event.start, event.end))
            }
        case .alias(let anchor):
            guard let target = anchors[anchor] else {
                let recursive = stack.contains { $0.anchor == anchor }
                let problem = Diagnostic.error(
                    recursive
                        ? (limits.quotesText
                            ? "alias '*\(anchor)' is inside its own anchor: a node cannot contain itself"
                            : "an alias inside its own anchor: a node cannot contain itself")
                        : (limits.quotesText
                            ? "unknown alias '*\(anchor)'" : "unknown alias (no anchor of that name before it)"),
                    at: location(event.start, event.end),
                    notes: recursive ? [] : [.init("an alias names an anchor (&name) written before it")])
                // A document that is only an alias has nothing else to read.
                guard !stack.isEmpty else { throw problem }
                // Reported, and the pair or item it stands in left out, as a key that is a collection
                // is, so the rest of the file is still checked: an empty value in its place would only
                // bring errors about the empty value.
                diagnostics.append(problem)
                let top = stack.count - 1
                if stack[top].isMapping {
                    if stack[top].pendingKey == nil {
                        stack[top].pendingKey = YAMLNode(.scalar(YAMLScalar("")), at: location(event.start, event.end))
                        stack[top].dropsPair = true
                    } else {
                        stack[top].pendingKey = nil
                        stack[top].dropsPair = false
                    }
                }
                return
            }
            expanded += target.size
            if expanded > limits.maxAliasExpansion {
                throw .error(
                    "alias expansion exceeds \(limits.maxAliasExpansion) nodes (a recursive or exponential alias)",
                    at: location(event.start, event.end),
                    notes: [.init("anchors may be reused, but not to build a structure this large")])
            }
            var node = target.node
            node.location = location(event.start, event.end)
            try add(node, size: target.size)
        case .scalar(let anchor, let tag, let value, let style, let source):
            let node = YAMLNode(
                .scalar(YAMLScalar(value, style: style, source: source)), at: location(event.start, event.end),
                tag: tag)
            checkTag(of: node)
            if let anchor { anchors[anchor] = (node, 1) }
            try add(node, size: 1)
        case .sequenceStart(let anchor, let tag), .mappingStart(let anchor, let tag):
            if stack.count >= limits.maxDepth {
                throw .error(
                    "nesting is deeper than \(limits.maxDepth) levels", at: location(event.start, event.end))
            }
            var isMapping = false
            if case .mappingStart = event.kind { isMapping = true }
            stack.append(Frame(isMapping: isMapping, anchor: anchor, tag: tag, start: event.start))
        case .sequenceEnd, .mappingEnd:
            let frame = stack.removeLast()
            let node: YAMLNode
            if frame.isMapping {
                var pairs = frame.pairs
                // Merge keys (`<<: *base`): explicit keys win over merged ones.
                for pair in frame.merged where frame.keyIndex[ExactText(pair.key.scalar?.text ?? "")] == nil {
                    pairs.append(pair)
                }
                node = YAMLNode(.mapping(pairs), at: location(frame.start, event.end), tag: frame.tag)
            } else {
                node = YAMLNode(.sequence(frame.items), at: location(frame.start, event.end), tag: frame.tag)
            }
            checkTag(of: node)
            if let anchor = frame.anchor { anchors[anchor] = (node, frame.size) }
            try add(node, size: frame.size)
        }
    }

    private mutating func add(_ node: YAMLNode, size: Int) throws(Diagnostic) {
        guard !stack.isEmpty else {
            root = node
            return
        }
        stack[stack.count - 1].size += size
        if !stack[stack.count - 1].isMapping {
            stack[stack.count - 1].items.append(node)
            return
        }
        guard let key = stack[stack.count - 1].pendingKey else {
            if node.scalar == nil {
                // Stepped over like a duplicate key, so the rest of the file is still read and checked.
                diagnostics.append(
                    .error("mapping keys must be plain strings, not \(node.kindDescription)", at: node.location))
                stack[stack.count - 1].dropsPair = true
            }
            stack[stack.count - 1].pendingKey = node
            return
        }
        stack[stack.count - 1].pendingKey = nil
        if stack[stack.count - 1].dropsPair {
            stack[stack.count - 1].dropsPair = false
            return
        }
        let keyText = key.scalar?.text ?? ""
        if key.scalar?.style == .plain, keyText == "<<" {
            // Like any key, once a mapping (the second is dropped); several sources are merged by
            // one key with a list.
            if let first = stack[stack.count - 1].mergeKey {
                duplicate(
                    key, keyText, first: first, notes: [.init("merge several mappings with one key: '<<: [*a, *b]'")])
                return
            }
            stack[stack.count - 1].mergeKey = key
            try merge(node)
            return
        }
        if let firstIndex = stack[stack.count - 1].keyIndex[ExactText(keyText)] {
            duplicate(key, keyText, first: stack[stack.count - 1].pairs[firstIndex].key)
            return
        }
        stack[stack.count - 1].keyIndex[ExactText(keyText)] = stack[stack.count - 1].pairs.count
        stack[stack.count - 1].pairs.append(YAMLPair(key: key, value: node))
    }

    /// Reports a tag outside the core schema, or one its node does not fit (``YAMLTag``): a tag is
    /// never ignored in silence.
    private mutating func checkTag(of node: YAMLNode) {
        if let problem = YAMLTag.problem(of: node, quotingText: limits.quotesText) { diagnostics.append(problem) }
    }

    /// Reports key `key` (its text `keyText`) as one the mapping has already, at `first`.
    private mutating func duplicate(
        _ key: YAMLNode, _ keyText: String, first: YAMLNode, notes: [Diagnostic.Note] = []
    ) {
        let quoted = limits.quotesText ? " '\(keyText)'" : ""
        diagnostics.append(
            .error(
                "duplicate key\(quoted)", at: key.location,
                notes: [
                    .init("\(limits.quotesText ? "'\(keyText)'" : "the key") is first set here", at: first.location)
                ] + notes))
    }

    private mutating func merge(_ node: YAMLNode) throws(Diagnostic) {
        let sources = node.sequence ?? [node]
        for source in sources {
            guard let pairs = source.mapping else {
                // Reported and left out, so the rest of the file is still checked.
                diagnostics.append(
                    .error("a merge key '<<' takes a mapping or a list of mappings", at: source.location))
                continue
            }
            for pair in pairs
            where stack[stack.count - 1].mergedKeys.insert(ExactText(pair.key.scalar?.text ?? "")).inserted {
                stack[stack.count - 1].merged.append(pair)
            }
        }
    }
}
