/// Where the cursor is in a spec, read from the text alone — the text being typed is rarely valid
/// YAML, so completion cannot wait for a parse.
///
/// The path is found as a YAML reader would nest the lines: walking up from the cursor, each line
/// whose key or `- ` marker sits left of the current indentation is a parent. Flow collections on
/// the cursor's line (`when: {field: pa`, `contains: [up`) are followed bracket by bracket.
struct CursorContext: Equatable {
    /// What is being typed.
    enum Role: Equatable {
        /// A key of the mapping at ``path``.
        case key
        /// The value at ``path``.
        case value
        /// A list item (``path`` ends in `.item`): a scalar, or the first key of a mapping item.
        case item
    }

    /// The path to the mapping (for ``Role/key``) or the value (otherwise).
    var path: [PathStep]
    var role: Role
    /// The word typed so far, which a completion replaces.
    var partial: String
    /// The UTF-16 character offset on the cursor's line where ``partial`` starts.
    var partialStart: Int
    /// Whether the word at the cursor is followed by `:` (a key is being renamed: `min_le‸ngth:`).
    var colonFollows: Bool
    /// The 0-based line of the cursor, clamped to the text (a line past its end is its last).
    let line: Int
    /// The UTF-16 offset of the cursor on its line, clamped to the line.
    var cursorCharacter: Int
    /// The UTF-16 offset where the word at the cursor ends (`min_le‸ngth` ends after `ngth`): a
    /// completion replaces the whole word, not only its part before the cursor.
    var wordEndCharacter: Int
    /// Whether the cursor sits right after `key:` with no space, so a value needs one.
    var needsSpace: Bool
    /// When the cursor is at an item of a list, the list's other items that are plain scalars, as
    /// written (`top` in `at_least_one_of: [top, ‸]`, or on `- top` lines beside a `- ‸` line):
    /// completion leaves out what a list may not hold twice.
    var listed: [String] = []
    /// Where each key of ``path`` is written (`nil` for its items), so the keys written beside it
    /// can be read when completion needs them: see ``mappingValues(ofKeyAt:)``.
    private var keyPlaces: [KeyPlace?]
    /// Where the key being typed goes (for ``Role/key``, or the first key of a ``Role/item``), so
    /// the keys already written beside it can be read: see ``keysBeside()``.
    private var ownPlace: KeyPlace?
    /// The key at the cursor as written, through any letters after the cursor (`min_le‸ngth`).
    private var wordAtCursor: String
    /// The document's text, for ``mappingValues(ofKeyAt:)``.
    private let text: String

    /// Where a key is written.
    private enum KeyPlace: Equatable {
        /// A key of a block mapping, at 0-based `line` and `column` (in scalars).
        case block(line: Int, column: Int)
        /// A key of the flow mapping whose `{` is at `column` (in scalars) of the cursor's line.
        case flow(column: Int)
    }

    /// The context at 0-based `line` and UTF-16 `character` of `text`; `nil` where nothing can be
    /// completed (a comment, a block scalar, a closed flow collection).
    init?(text: String, line requestedLine: Int, character requestedCharacter: Int) {
        // Split as LSP does (CR, LF and CRLF break lines), on UTF-8 bytes: only lines up to the
        // cursor's are needed, and most of those are only looked at for their indentation.
        let bytes = Array(text.utf8)
        let lines = Self.lines(of: bytes, through: max(0, requestedLine))
        // Positions are clamped to the text: past its last line is the end of that line.
        let line = min(max(0, requestedLine), lines.count - 1)
        let character = line < requestedLine ? Int.max : max(0, requestedCharacter)
        self.text = text
        self.line = line
        func scalars(_ number: Int) -> [Unicode.Scalar] { Self.scalars(of: lines[number], in: bytes) }

        // The cursor line up to the cursor, in scalars.
        var prefix: [Unicode.Scalar] = []
        var units = 0
        let cursorLine = scalars(line)
        for scalar in cursorLine {
            let width = scalar.value > 0xFFFF ? 2 : 1
            if units + width > character { break }
            prefix.append(scalar)
            units += width
        }
        let afterCursor = cursorLine.dropFirst(prefix.count)
        let wordEnd = afterCursor.prefix { !":,}{[] #\"'".unicodeScalars.contains($0) }
        colonFollows = afterCursor.dropFirst(wordEnd.count).first == ":"
        cursorCharacter = units
        wordEndCharacter = units + wordEnd.reduce(0) { $0 + ($1.value > 0xFFFF ? 2 : 1) }

        let shape = LineShape(prefix[...], isPrefix: true)
        if shape.isComment { return nil }
        var steps = shape.segments.map(\.step)
        var places = shape.segments.map { $0.step == .item ? nil : KeyPlace.block(line: line, column: $0.column) }
        let rest = Array(prefix[shape.restColumn...])
        var role: Role
        var partialColumn = shape.restColumn
        needsSpace = false
        if rest.first == "{" || rest.first == "[" {
            guard let flow = FlowContext(rest) else { return nil }
            steps += flow.steps
            places += flow.mappingColumns.map { $0.map { .flow(column: shape.restColumn + $0) } }
            role = flow.role
            partialColumn += flow.partialOffset
            // `{same_as:‸}`: a value written there would join the key (`same_as:a`).
            needsSpace = role == .value && prefix.last == ":"
        } else if shape.endsWithKey {
            role = .value
            needsSpace = shape.restColumn == prefix.count && prefix.last == ":"
        } else if shape.segments.last?.step == .item {
            role = .item
        } else {
            role = .key
        }
        var partialScalars = prefix[partialColumn...]
        while partialScalars.first == " " { partialScalars = partialScalars.dropFirst() }
        // Where the key being typed starts, its opening quote included.
        let keyColumn = partialScalars.startIndex
        if partialScalars.first == "\"" || partialScalars.first == "'" { partialScalars = partialScalars.dropFirst() }
        partial = String(String.UnicodeScalarView(partialScalars))
        wordAtCursor = partial + String(String.UnicodeScalarView(wordEnd))
        switch role {
        case .key where rest.first == "{" || rest.first == "[":
            ownPlace = FlowContext(rest)?.keyMappingOpen.map { .flow(column: shape.restColumn + $0) }
        case .key, .item:
            ownPlace = .block(line: line, column: keyColumn)
        case .value:
            ownPlace = nil
        }
        partialStart = prefix[..<partialScalars.startIndex].reduce(0) { $0 + ($1.value > 0xFFFF ? 2 : 1) }

        // Walk up to find the parents of the first thing on the cursor's line.
        var limit = shape.segments.first?.column ?? shape.restColumn
        var limitIsItem = shape.segments.first?.step == .item
        var parents: [PathStep] = []
        var parentPlaces: [KeyPlace?] = []
        var number = line - 1
        var isFirstParent = true
        while number >= 0, limit > 0 || limitIsItem {
            // Every segment of a line sits at or right of its indentation: a line indented past the
            // limit has no parent on it, and is skipped without reading it further.
            var indent = lines[number].lowerBound
            while indent < lines[number].upperBound, bytes[indent] == UInt8(ascii: " ") { indent += 1 }
            let column = indent - lines[number].lowerBound
            let isEmpty = indent == lines[number].upperBound
            if isEmpty || column > limit || (column == limit && !limitIsItem) {
                number -= 1
                continue
            }
            let other = LineShape(scalars(number)[...], isPrefix: false)
            let otherLine = number
            number -= 1
            if other.isBlank || other.isComment { continue }
            for segment in other.segments.reversed() {
                let isParent =
                    segment.column < limit || (limitIsItem && segment.column == limit && segment.step != .item)
                guard isParent else { continue }
                // Lines under `key: |` or `key: >` are the text of a block scalar.
                if isFirstParent, other.endsWithKey, segment.column == other.segments.last?.column,
                    let indicator = other.rest.first, indicator == "|" || indicator == ">"
                {
                    return nil
                }
                isFirstParent = false
                parents.insert(segment.step, at: 0)
                parentPlaces.insert(
                    segment.step == .item ? nil : .block(line: otherLine, column: segment.column), at: 0)
                limit = segment.column
                limitIsItem = segment.step == .item
            }
            // A line left of the limit that is neither a key nor an item (a plain scalar) ends the search.
            if other.segments.isEmpty, other.indent < limit { break }
        }
        path = parents + steps
        keyPlaces = parentPlaces + places
        self.role = role
        if path.last == .item {
            if rest.first == "{" || rest.first == "[" {
                listed = Self.flowItems(cursorLine[shape.restColumn...], cursor: prefix.count)
            } else if role == .item, let marker = shape.segments.last?.column {
                // The list goes on past the cursor's line: every line of the text, split as above.
                listed = Self.blockItems(
                    bytes, lines: Self.lines(of: bytes, through: nil), cursorLine: line, column: marker)
            }
        }
    }

    /// The plain scalar values of the mapping holding the key at `index` of ``path``, by key, as
    /// written: `["field": "country"]` for `equals` in `when: {field: country, equals: ‸}`, or in
    /// a block mapping with `field: country` on a line of its own. This is what a mapping says
    /// beside the cursor (the field a condition tests), read from the text as the path is, and
    /// only when asked, since it reads past the cursor's line. Empty when that step is an item.
    func mappingValues(ofKeyAt index: Int) -> [String: String] {
        guard keyPlaces.indices.contains(index), let place = keyPlaces[index] else { return [:] }
        let bytes = Array(text.utf8)
        let lines = Self.lines(of: bytes, through: nil)
        let pairs =
            switch place {
            case .flow(let column):
                Self.flowPairs(Self.scalars(of: lines[line], in: bytes), mappingAt: column)
            case .block(let keyLine, let column):
                Self.blockPairs(bytes, lines: lines, keyLine: keyLine, column: column)
            }
        return pairs.compactMapValues { $0 }
    }

    /// The keys written in the mapping whose key is being typed, but the one at the cursor:
    /// `min_length` on the line above `‸` in a rule item, `field` in `{field: age, ‸}`. Completion
    /// leaves them out, as a mapping holds a key once. Empty for a value.
    func keysBeside() -> Set<String> {
        guard let ownPlace else { return [] }
        let bytes = Array(text.utf8)
        let lines = Self.lines(of: bytes, through: nil)
        switch ownPlace {
        case .flow(let column):
            var keys = Set(Self.flowPairs(Self.scalars(of: lines[line], in: bytes), mappingAt: column).keys)
            keys.remove(wordAtCursor)
            return keys
        case .block(let keyLine, let column):
            // The cursor's line holds no key yet (`mi‸`) and is left out; a mapping that starts on
            // it (`- ‸`) has no keys above it.
            let startsHere = LineShape(Self.scalars(of: lines[keyLine], in: bytes)[...], isPrefix: false)
                .segments.contains { $0.step == .item && $0.column < column }
            return Set(
                Self.blockPairs(
                    bytes, lines: lines, keyLine: keyLine, column: column, skippingKeyLine: true,
                    readingAbove: !startsHere
                ).keys)
        }
    }

    /// The lines of `bytes` as LSP splits them (CR, LF and CRLF break lines), up to line `last`
    /// (0-based) or all of them.
    private static func lines(of bytes: [UInt8], through last: Int?) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var lineStart = 0
        var offset = 0
        while offset < bytes.count, last.map({ lines.count <= $0 }) ?? true {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                lines.append(lineStart..<offset)
                if byte == UInt8(ascii: "\r"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "\n") {
                    offset += 1
                }
                lineStart = offset + 1
            }
            offset += 1
        }
        if last.map({ lines.count <= $0 }) ?? true { lines.append(lineStart..<bytes.count) }
        return lines
    }

    private static func scalars(of line: Range<Int>, in bytes: [UInt8]) -> [Unicode.Scalar] {
        Array(String(decoding: bytes[line], as: UTF8.self).unicodeScalars)
    }

    /// The `key: value` pairs of the flow mapping opened by the `{` at `open` in `line`, up to its
    /// `}` or the end of the line: each key with its value when that is a plain scalar, else `nil`.
    private static func flowPairs(_ line: [Unicode.Scalar], mappingAt open: Int) -> [String: String?] {
        var pairs: [String: String?] = [:]
        var depth = 0
        var itemStart = open + 1
        /// Whether the current pair holds no nested collection.
        var isPlain = true
        func endPair(at end: Int) {
            let pair = Array(line[itemStart..<end])
            var start = 0
            while start < pair.count, pair[start] == " " { start += 1 }
            if let (key, afterColon) = LineShape.key(in: pair, from: start) {
                // `updateValue`: assigning `nil` would remove the key.
                pairs.updateValue(isPlain ? plainScalar(pair[afterColon...]) : nil, forKey: key)
            }
            itemStart = end + 1
            isPlain = true
        }
        var i = open + 1
        while i < line.count {
            switch line[i] {
            case "\"", "'":
                i = quotedEnd(line[...], from: i)
            case "{", "[":
                depth += 1
                isPlain = false
            case "}", "]":
                if depth == 0 {
                    endPair(at: i)
                    return pairs
                }
                depth -= 1
            case "," where depth == 0:
                endPair(at: i)
            default:
                break
            }
            i += 1
        }
        endPair(at: min(i, line.count))
        return pairs
    }

    /// The `key: value` pairs of the block mapping whose key at `column` is on `keyLine`: the keys
    /// at that column above and below it, up to where the mapping ends (a line indented less, or
    /// a line at the column that is neither a key nor an item of an indentless list), each with its
    /// value when that is a plain scalar, else `nil`. `keyLine` itself is read unless skipped, and
    /// the lines above it only when `readingAbove`.
    private static func blockPairs(
        _ bytes: [UInt8], lines: [Range<Int>], keyLine: Int, column: Int, skippingKeyLine: Bool = false,
        readingAbove: Bool = true
    ) -> [String: String?] {
        var pairs: [String: String?] = [:]
        /// Reads one line, going `upward` or down from the key's; `false` where the mapping has
        /// ended: above its first key (which may follow `- `), or below its last.
        func read(_ number: Int, upward: Bool) -> Bool {
            var indent = lines[number].lowerBound
            while indent < lines[number].upperBound, bytes[indent] == UInt8(ascii: " ") { indent += 1 }
            let lineIndent = indent - lines[number].lowerBound
            // Blank lines and the keys' nested values (read without splitting them).
            if indent == lines[number].upperBound || lineIndent > column { return true }
            let shape = LineShape(scalars(of: lines[number], in: bytes)[...], isPrefix: false)
            if shape.isComment { return true }
            if lineIndent < column, !upward { return false }
            guard let key = shape.segments.firstIndex(where: { $0.column == column }),
                case .key(let name) = shape.segments[key].step
            else {
                // An indentless list (`one_of:` then `- NL` at the key's column) is a key's value.
                return lineIndent == column && shape.segments.first?.step == .item
            }
            let isCollection = shape.rest.first.map { "[{|>".unicodeScalars.contains($0) } ?? false
            let isPlain = key == shape.segments.count - 1 && shape.endsWithKey && !isCollection
            pairs.updateValue(isPlain ? plainScalar(shape.rest[...]) : nil, forKey: name)
            // A key after `- ` is the mapping's first.
            return lineIndent == column
        }
        var above = skippingKeyLine ? keyLine - 1 : keyLine
        while readingAbove, above >= 0, read(above, upward: true) { above -= 1 }
        var below = keyLine + 1
        while below < lines.count, read(below, upward: false) { below += 1 }
        return pairs
    }

    /// Where the quoted scalar opened at `open` (a `"` or `'`) in `text` closes: the index of its
    /// closing quote, or `text.endIndex` on a line that ends inside it. A `\` escapes the next
    /// character in double quotes only.
    private static func quotedEnd(_ text: ArraySlice<Unicode.Scalar>, from open: Int) -> Int {
        let quote = text[open]
        var i = open + 1
        while i < text.endIndex, text[i] != quote { i += text[i] == "\\" && quote == "\"" ? 2 : 1 }
        return i
    }

    /// The plain items of the flow sequence the cursor is in, before and after it on its line,
    /// without the one at the cursor. `text` starts at the flow collection's opening bracket.
    private static func flowItems(_ text: ArraySlice<Unicode.Scalar>, cursor: Int) -> [String] {
        struct Frame {
            var isSequence: Bool
            var items: [String] = []
            var itemStart: Int
            /// Whether the current item holds no nested collection.
            var isPlain = true
            var hasCursor = false
        }
        var frames: [Frame] = []
        var cursorDepth: Int?
        func endItem(at end: Int) {
            guard var frame = frames.popLast() else { return }
            if frame.isPlain, !frame.hasCursor, let item = plainScalar(text[frame.itemStart..<end]) {
                frame.items.append(item)
            }
            frame.itemStart = end + 1
            frame.isPlain = true
            frame.hasCursor = false
            frames.append(frame)
        }
        var i = text.startIndex
        while i < text.endIndex {
            if i >= cursor, cursorDepth == nil, !frames.isEmpty {
                cursorDepth = frames.count - 1
                frames[frames.count - 1].hasCursor = true
            }
            switch text[i] {
            case "\"", "'":
                i = quotedEnd(text, from: i)
            case "{", "[":
                if !frames.isEmpty { frames[frames.count - 1].isPlain = false }
                frames.append(Frame(isSequence: text[i] == "[", itemStart: i + 1))
            case ",":
                endItem(at: i)
            case "}", "]":
                endItem(at: i)
                guard let frame = frames.popLast() else { return [] }
                if frames.count == cursorDepth { return frame.isSequence ? frame.items : [] }
            default:
                break
            }
            i += 1
        }
        // The line ends inside the cursor's collection (the editor has not closed it yet).
        if cursorDepth == nil, !frames.isEmpty {
            cursorDepth = frames.count - 1
            frames[frames.count - 1].hasCursor = true
        }
        guard let depth = cursorDepth, depth < frames.count else { return [] }
        frames.removeLast(frames.count - depth - 1)
        endItem(at: text.endIndex)
        return frames[depth].isSequence ? frames[depth].items : []
    }

    /// The plain items on the `- item` lines at `column` above and below the cursor's line, up to
    /// where the list ends: a line indented less, or as much but not an item. `lines` are all the
    /// text's lines.
    private static func blockItems(_ bytes: [UInt8], lines: [Range<Int>], cursorLine: Int, column: Int) -> [String] {
        var items: [String] = []
        /// Reads one line of the list; `false` where the list has ended.
        func read(_ range: Range<Int>) -> Bool {
            let shape = LineShape(scalars(of: range, in: bytes)[...], isPrefix: false)
            if shape.isBlank || shape.isComment || shape.indent > column { return true }
            guard shape.indent == column, shape.segments.first?.step == .item else { return false }
            if shape.segments.count == 1, let item = plainScalar(shape.rest[...]) { items.append(item) }
            return true
        }
        var above = cursorLine - 1
        while above >= 0, read(lines[above]) { above -= 1 }
        var below = cursorLine + 1
        while below < lines.count, read(lines[below]) { below += 1 }
        return items
    }

    /// A scalar as written, without a comment after it, the spaces around it or its quotes; `nil`
    /// when nothing is left.
    private static func plainScalar(_ text: ArraySlice<Unicode.Scalar>) -> String? {
        var end = text.startIndex
        while end < text.endIndex, !(text[end] == "#" && end > text.startIndex && text[end - 1] == " ") { end += 1 }
        let item = String(String.UnicodeScalarView(text[..<end])).trimmingCharacters(in: " \"'")
        return item.isEmpty ? nil : item
    }
}

/// The structure of one line: its `- ` markers and `key:` in order, with their columns.
struct LineShape {
    var segments: [(column: Int, step: PathStep)] = []
    /// The column where the text after the last marker or key starts.
    var restColumn = 0
    /// Whether the last segment is a key (so the rest is its value).
    var endsWithKey = false
    var indent = 0
    var isBlank = false
    var isComment = false
    /// The text after the last segment.
    var rest: [Unicode.Scalar] = []

    init(_ line: ArraySlice<Unicode.Scalar>, isPrefix: Bool) {
        let line = Array(line)
        var i = 0
        while i < line.count, line[i] == " " { i += 1 }
        indent = i
        if i == line.count {
            isBlank = true
            restColumn = i
            return
        }
        if line[i] == "#" {
            isComment = true
            return
        }
        while i < line.count, line[i] == "-", i + 1 == line.count || line[i + 1] == " " {
            // `---` and `- ` are told apart by the space; a `-` alone at the end of the cursor's
            // prefix is still being typed, so it only counts on complete lines.
            if isPrefix, i + 1 == line.count { break }
            segments.append((i, .item))
            i += 1
            while i < line.count, line[i] == " " { i += 1 }
        }
        restColumn = i
        if let (key, afterColon) = Self.key(in: line, from: i) {
            segments.append((i, .key(key)))
            i = afterColon
            while i < line.count, line[i] == " " { i += 1 }
            restColumn = i
            endsWithKey = true
        }
        rest = Array(line[restColumn...])
    }

    /// The key starting at `start` and the offset after its colon, when the line has `key:` there.
    static func key(in line: [Unicode.Scalar], from start: Int) -> (String, Int)? {
        guard start < line.count else { return nil }
        var i = start
        var keyEnd: Int
        if line[i] == "\"" || line[i] == "'" {
            let quote = line[i]
            i += 1
            while i < line.count, line[i] != quote { i += line[i] == "\\" && quote == "\"" ? 2 : 1 }
            guard i < line.count else { return nil }
            i += 1
            keyEnd = i
            guard i < line.count, line[i] == ":" else { return nil }
            let text = String(String.UnicodeScalarView(line[(start + 1)..<(keyEnd - 1)]))
            return (text, i + 1)
        }
        if "{[&*!|>%@`#".unicodeScalars.contains(line[i]) { return nil }
        while i < line.count {
            if line[i] == ":", i + 1 == line.count || line[i + 1] == " " {
                keyEnd = i
                while keyEnd > start, line[keyEnd - 1] == " " { keyEnd -= 1 }
                return (String(String.UnicodeScalarView(line[start..<keyEnd])), i + 1)
            }
            if line[i] == "#", i > start, line[i - 1] == " " { return nil }
            i += 1
        }
        return nil
    }
}

/// The cursor's place inside flow collections (`{…}`, `[…]`) opened on its line.
struct FlowContext {
    var steps: [PathStep] = []
    /// For each of ``steps``, where the `{` of the mapping it is a key of is in the flow text
    /// (`nil` for an item).
    var mappingColumns: [Int?] = []
    var role: CursorContext.Role = .value
    /// Where the word being typed starts, from the start of the flow text.
    var partialOffset = 0
    /// For ``CursorContext/Role/key``, where the `{` of the mapping the key is typed in is.
    var keyMappingOpen: Int?

    private struct Frame {
        var isMapping: Bool
        /// Where the frame's bracket is in the flow text.
        var open: Int
        var key: String?
        /// The step from the enclosing frame to this one.
        var step: PathStep?
    }

    init?(_ text: [Unicode.Scalar]) {
        var frames: [Frame] = []
        var tokenStart = 0
        var i = 0
        while i < text.count {
            let scalar = text[i]
            switch scalar {
            case "\"", "'":
                i += 1
                while i < text.count, text[i] != scalar { i += text[i] == "\\" && scalar == "\"" ? 2 : 1 }
            case "{", "[":
                var step: PathStep?
                if let top = frames.last { step = top.isMapping ? .key(top.key ?? "") : .item }
                frames.append(Frame(isMapping: scalar == "{", open: i, key: nil, step: step))
                tokenStart = i + 1
            case "}", "]":
                guard !frames.isEmpty else { return nil }
                frames.removeLast()
                // The cursor is past a closed collection of the line's value: nothing to complete.
                if frames.isEmpty { return nil }
            case ",":
                if !frames.isEmpty { frames[frames.count - 1].key = nil }
                tokenStart = i + 1
            case ":":
                if let top = frames.last, top.isMapping, top.key == nil,
                    i + 1 == text.count || text[i + 1] == " " || text[i + 1] == "," || text[i + 1] == "}"
                {
                    let word = String(String.UnicodeScalarView(text[tokenStart..<i]))
                    frames[frames.count - 1].key = word.trimmingCharacters(in: " \"'")
                    tokenStart = i + 1
                }
            default:
                break
            }
            i += 1
        }
        guard let last = frames.last else { return nil }
        steps = frames.compactMap(\.step)
        // Each of these steps leads from a frame into the next: a key of a mapping, or an item.
        mappingColumns = frames.dropLast().map { $0.isMapping ? $0.open : nil }
        if last.isMapping {
            if let key = last.key {
                steps.append(.key(key))
                mappingColumns.append(last.open)
                role = .value
            } else {
                role = .key
                keyMappingOpen = last.open
            }
        } else {
            steps.append(.item)
            mappingColumns.append(nil)
            role = .value
        }
        partialOffset = min(tokenStart, text.count)
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        let drop = Set(set.unicodeScalars)
        var scalars = Substring(self).unicodeScalars
        while let first = scalars.first, drop.contains(first) { scalars.removeFirst() }
        while let last = scalars.last, drop.contains(last) { scalars.removeLast() }
        return String(Substring(scalars))
    }
}
