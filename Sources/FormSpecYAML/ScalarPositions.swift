import FormSpecDiagnostics

extension YAMLScalar {
    /// Where each of ``text``'s Unicode scalars is written in the file, plus where the scalar ends,
    /// for a scalar written at `start` whose ``source`` is kept: escapes (`"\\d"`, `"\u00e9"`),
    /// doubled quotes (`'it''s'`), folded lines and block scalars, whose text is not their source.
    ///
    /// The source is decoded again, each scalar with the position it came from, and the result is
    /// used only when it is exactly ``text``: a spelling this reading does not know (a folded
    /// block's more-indented lines, YAML 1.1 line breaks) gives `nil`, and the caller points at
    /// the whole scalar rather than at a wrong column.
    package func scalarPositions(startingAt start: SourcePosition) -> [SourcePosition]? {
        guard let source else { return nil }
        var reader = SourceReader(source, at: start)
        var decoded = Decoded()
        let read: Bool
        switch style {
        case .doubleQuoted: read = reader.readFlow(into: &decoded, quote: "\"")
        case .singleQuoted: read = reader.readFlow(into: &decoded, quote: "'")
        case .plain: read = reader.readFlow(into: &decoded, quote: nil)
        case .literal, .folded: read = reader.readBlock(into: &decoded, folded: style == .folded)
        }
        guard read else { return nil }
        let expected = Array(text.unicodeScalars)
        // A block's chomping (`|`, `|-`, `|+`) decides how many final line breaks stay: the text
        // is the decoded content up to them.
        guard decoded.scalars.count >= expected.count, decoded.scalars.starts(with: expected),
            decoded.scalars.dropFirst(expected.count).allSatisfy({ $0 == "\n" })
        else { return nil }
        let end =
            expected.count < decoded.positions.count
            ? decoded.positions[expected.count] : reader.contentEnd ?? reader.position
        return Array(decoded.positions.prefix(expected.count)) + [end]
    }
}

/// Scalars decoded from a source, each with where it was written.
private struct Decoded {
    var scalars: [Unicode.Scalar] = []
    var positions: [SourcePosition] = []
    /// Spaces and tabs read but not yet kept: a flow scalar drops them before a line break.
    var pendingBlanks: [(Unicode.Scalar, SourcePosition)] = []

    mutating func append(_ scalar: Unicode.Scalar, at position: SourcePosition) {
        keepBlanks()
        scalars.append(scalar)
        positions.append(position)
    }

    mutating func keepBlanks() {
        for (scalar, position) in pendingBlanks {
            scalars.append(scalar)
            positions.append(position)
        }
        pendingBlanks.removeAll()
    }
}

/// Reads a scalar's source one Unicode scalar at a time, keeping the line and column (columns
/// count scalars, as libyaml's marks do).
private struct SourceReader {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private(set) var position: SourcePosition
    /// Where a quoted scalar's closing quote is: the end of its content.
    private(set) var contentEnd: SourcePosition?

    init(_ source: String, at start: SourcePosition) {
        scalars = Array(source.unicodeScalars)
        position = start
    }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private func peek(_ offset: Int) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    private static func isBlank(_ scalar: Unicode.Scalar?) -> Bool { scalar == " " || scalar == "\t" }

    private static func isBreak(_ scalar: Unicode.Scalar?) -> Bool { scalar == "\n" || scalar == "\r" }

    /// A break of a line YAML 1.1 (libyaml) counts and this reader does not.
    private static func isOtherBreak(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{85}" || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    private mutating func advance() {
        guard let scalar = current else { return }
        index += 1
        if scalar == "\r", current == "\n" { index += 1 }
        if Self.isBreak(scalar) {
            position = SourcePosition(line: position.line + 1, column: 1)
        } else {
            position.column += 1
        }
    }

    /// Skips the blanks at the start of a line.
    private mutating func skipBlanks() {
        while Self.isBlank(current) { advance() }
    }

    /// A flow scalar: in `quote`s (`"` with escapes, `'` with `''`), or plain (`quote` `nil`).
    /// Line breaks fold: one becomes a space, each empty line after it a line feed, and the blanks
    /// around them go.
    mutating func readFlow(into decoded: inout Decoded, quote: Unicode.Scalar?) -> Bool {
        if let quote {
            guard current == quote else { return false }
            advance()
        }
        while let scalar = current {
            if Self.isOtherBreak(scalar) { return false }
            if let quote, scalar == quote {
                if quote == "'", peek(1) == "'" {
                    decoded.append("'", at: position)
                    advance()
                    advance()
                    continue
                }
                decoded.keepBlanks()
                contentEnd = position
                advance()
                return current == nil
            }
            if Self.isBreak(scalar) {
                let at = position
                decoded.pendingBlanks.removeAll()
                advance()
                var emptyLines: [SourcePosition] = []
                skipBlanks()
                while Self.isBreak(current) {
                    emptyLines.append(position)
                    advance()
                    skipBlanks()
                }
                if emptyLines.isEmpty {
                    decoded.append(" ", at: at)
                } else {
                    for line in emptyLines { decoded.append("\n", at: line) }
                }
                continue
            }
            if quote == "\"", scalar == "\\" {
                guard readEscape(into: &decoded) else { return false }
                continue
            }
            if Self.isBlank(scalar) {
                decoded.pendingBlanks.append((scalar, position))
                advance()
                continue
            }
            decoded.append(scalar, at: position)
            advance()
        }
        decoded.keepBlanks()
        return quote == nil
    }

    /// An escape in double quotes, at its backslash: one scalar where it starts, or nothing for an
    /// escaped line break (the next line's leading blanks go too).
    private mutating func readEscape(into decoded: inout Decoded) -> Bool {
        let at = position
        advance()
        guard let letter = current else { return false }
        if Self.isBreak(letter) {
            decoded.keepBlanks()
            advance()
            skipBlanks()
            return true
        }
        let simple: [Unicode.Scalar: Unicode.Scalar] = [
            "0": "\0", "a": "\u{07}", "b": "\u{08}", "t": "\t", "\t": "\t", "n": "\n", "v": "\u{0B}",
            "f": "\u{0C}", "r": "\r", "e": "\u{1B}", " ": " ", "\"": "\"", "/": "/", "\\": "\\",
            "N": "\u{85}", "_": "\u{A0}", "L": "\u{2028}", "P": "\u{2029}",
        ]
        if let scalar = simple[letter] {
            advance()
            decoded.append(scalar, at: at)
            return true
        }
        let digits = letter == "x" ? 2 : letter == "u" ? 4 : letter == "U" ? 8 : 0
        guard digits > 0 else { return false }
        advance()
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let digit = current, digit.isASCII, let nibble = UInt32(String(digit), radix: 16) else {
                return false
            }
            value = value << 4 | nibble
            advance()
        }
        guard let scalar = Unicode.Scalar(value) else { return false }
        decoded.append(scalar, at: at)
        return true
    }

    /// A block scalar from its indicator line: each content line without its indentation, and the
    /// breaks between them (chomping is left to the caller). Folded, a break between two lines
    /// with content becomes a space, and one before empty lines goes; a block with an explicit
    /// indentation or more-indented lines is not read (`false`).
    mutating func readBlock(into decoded: inout Decoded, folded: Bool) -> Bool {
        advance()  // `|` or `>`
        while let scalar = current, !Self.isBreak(scalar) {
            if ("1"..."9").contains(scalar) { return false }
            if scalar == "#" {
                while let next = current, !Self.isBreak(next) { advance() }
                break
            }
            advance()
        }
        guard Self.isBreak(current) else { return true }
        advance()
        var lines: [(content: [(Unicode.Scalar, SourcePosition)], end: SourcePosition, isEmpty: Bool)] = []
        var blockIndent: Int?
        while current != nil {
            var spaces = 0
            while current == " ", blockIndent.map({ spaces < $0 }) ?? true {
                spaces += 1
                advance()
            }
            var content: [(Unicode.Scalar, SourcePosition)] = []
            while let scalar = current, !Self.isBreak(scalar) {
                if Self.isOtherBreak(scalar) { return false }
                content.append((scalar, position))
                advance()
            }
            let isEmpty = content.allSatisfy { Self.isBlank($0.0) }
            if blockIndent == nil, !isEmpty { blockIndent = spaces }
            if folded, !isEmpty, let first = content.first, Self.isBlank(first.0) { return false }
            lines.append((content, position, isEmpty))
            guard current != nil else { break }
            advance()
        }
        for (number, line) in lines.enumerated() {
            for (scalar, at) in line.content { decoded.append(scalar, at: at) }
            let next = number + 1 < lines.count ? lines[number + 1] : nil
            if folded, !line.isEmpty, let next {
                if !next.isEmpty { decoded.append(" ", at: line.end) }
                continue
            }
            decoded.append("\n", at: line.end)
        }
        return true
    }
}
