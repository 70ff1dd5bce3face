import FormSpecDiagnostics

/// A position as LSP counts it: 0-based line, 0-based character in UTF-16 code units.
package struct LSPPosition: Sendable, Hashable, Comparable {
    /// 0-based line.
    package var line: Int
    /// 0-based offset in UTF-16 code units from the start of the line.
    package var character: Int

    /// Creates a position.
    package init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    package static func < (lhs: LSPPosition, rhs: LSPPosition) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }
}

/// A span as LSP counts it, `start` up to (not including) `end`.
package struct LSPRange: Sendable, Hashable {
    /// Where the span starts.
    package var start: LSPPosition
    /// Where the span ends (exclusive).
    package var end: LSPPosition

    /// Creates a range.
    package init(start: LSPPosition, end: LSPPosition) {
        self.start = start
        self.end = end
    }
}

/// Converts between the compiler's positions and LSP positions in one text.
///
/// The compiler counts 1-based lines broken at CR, LF and CRLF (the loader maps libyaml's, which
/// also break at NEL, LS and PS, onto these) and 1-based columns in Unicode scalars. LSP counts
/// 0-based lines and characters in UTF-16 code units, so an emoji (one scalar) is two characters.
/// Both are mapped through absolute offsets.
package struct LineIndex: Sendable {
    /// The UTF-16 offset of each scalar, and one more entry for the end of the text.
    private let utf16OffsetOfScalar: [Int]
    /// The scalar offset at which each YAML line starts.
    private let yamlLineStarts: [Int]
    /// The scalar offset at which each YAML line's content ends (before its line break).
    private let yamlLineEnds: [Int]
    /// The UTF-16 offset at which each LSP line starts.
    private let lspLineStarts: [Int]
    /// The UTF-16 offset at which each LSP line's content ends (before its line break).
    private let lspLineEnds: [Int]

    /// Indexes `text`.
    package init(_ text: String) {
        var utf16Offsets: [Int] = []
        utf16Offsets.reserveCapacity(text.utf8.count + 1)
        // The loader drops a byte order mark before libyaml reads: the compiler's first line
        // starts after it (a client that keeps one in `didOpen` gets the same columns).
        var yamlStarts = [text.unicodeScalars.first == "\u{FEFF}" ? 1 : 0]
        var yamlEnds: [Int] = []
        var lspStarts = [0]
        var lspEnds: [Int] = []
        var utf16 = 0
        var previousWasCR = false
        for (index, scalar) in text.unicodeScalars.enumerated() {
            utf16Offsets.append(utf16)
            let width = scalar.value > 0xFFFF ? 2 : 1
            switch scalar {
            case "\n":
                if previousWasCR {
                    // CRLF is one break: move the starts recorded at the CR past the LF.
                    yamlStarts[yamlStarts.count - 1] = index + 1
                    lspStarts[lspStarts.count - 1] = utf16 + 1
                } else {
                    yamlStarts.append(index + 1)
                    yamlEnds.append(index)
                    lspEnds.append(utf16)
                    lspStarts.append(utf16 + 1)
                }
            case "\r":
                yamlStarts.append(index + 1)
                yamlEnds.append(index)
                lspEnds.append(utf16)
                lspStarts.append(utf16 + 1)
            default:
                break
            }
            previousWasCR = scalar == "\r"
            utf16 += width
        }
        utf16Offsets.append(utf16)
        lspEnds.append(utf16)
        yamlEnds.append(utf16Offsets.count - 1)
        utf16OffsetOfScalar = utf16Offsets
        yamlLineStarts = yamlStarts
        yamlLineEnds = yamlEnds
        lspLineStarts = lspStarts
        lspLineEnds = lspEnds
    }

    /// The number of UTF-16 code units in the text.
    package var utf16Count: Int { utf16OffsetOfScalar[utf16OffsetOfScalar.count - 1] }

    /// The number of LSP lines (an empty text has one).
    package var lineCount: Int { lspLineStarts.count }

    /// The LSP position of the compiler's 1-based `position`, clamped to the text.
    package func lspPosition(of position: SourcePosition) -> LSPPosition {
        lspPosition(ofUTF16: utf16OffsetOfScalar[scalarOffset(of: position)])
    }

    /// The LSP range of the compiler's `location`. An empty span covers one character, as the
    /// compiler's caret does, so editors have something to underline.
    package func lspRange(of location: SourceLocation) -> LSPRange {
        let start = scalarOffset(of: location.start)
        var end = max(start, scalarOffset(of: location.end))
        if end == start, start < utf16OffsetOfScalar.count - 1, !isLineBreak(atScalar: start) { end = start + 1 }
        return LSPRange(
            start: lspPosition(ofUTF16: utf16OffsetOfScalar[start]), end: lspPosition(ofUTF16: utf16OffsetOfScalar[end])
        )
    }

    /// The UTF-16 offset of the LSP `position`: a line past the end clamps to the end of the text,
    /// a character past the end of its line clamps to the line's end (as the LSP spec says), and a
    /// character inside a surrogate pair moves back to the pair's start.
    package func utf16Offset(of position: LSPPosition) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lspLineStarts.count else { return utf16Count }
        let start = lspLineStarts[position.line]
        // Clamped before adding: a client's character may be anything up to `Int.max`.
        let offset = start + min(max(0, position.character), lspLineEnds[position.line] - start)
        let scalar = scalarOffset(ofUTF16: offset)
        return utf16OffsetOfScalar[scalar]
    }

    /// The compiler's 1-based position of the LSP `position`.
    package func sourcePosition(of position: LSPPosition) -> SourcePosition {
        let scalar = scalarOffset(ofUTF16: utf16Offset(of: position))
        let line = lastIndex(in: yamlLineStarts, notAfter: scalar)
        return SourcePosition(line: line + 1, column: scalar - yamlLineStarts[line] + 1)
    }

    /// The LSP position of UTF-16 offset `offset`.
    package func lspPosition(ofUTF16 offset: Int) -> LSPPosition {
        let offset = min(max(0, offset), utf16Count)
        let line = lastIndex(in: lspLineStarts, notAfter: offset)
        return LSPPosition(line: line, character: min(offset, lspLineEnds[line]) - lspLineStarts[line])
    }

    /// The 0-based scalar offset of the compiler's 1-based `position`, clamped to the text.
    package func scalarOffset(of position: SourcePosition) -> Int {
        let line = min(max(position.line, 1), yamlLineStarts.count) - 1
        return yamlLineStarts[line] + min(max(position.column, 1) - 1, yamlLineEnds[line] - yamlLineStarts[line])
    }

    /// The index of the scalar at or just before UTF-16 offset `offset`.
    private func scalarOffset(ofUTF16 offset: Int) -> Int {
        lastIndex(in: utf16OffsetOfScalar, notAfter: offset)
    }

    private func isLineBreak(atScalar scalar: Int) -> Bool {
        let next = scalar + 1
        let nextUTF16 = utf16OffsetOfScalar[scalar] + 1
        return yamlLineStarts[lastIndex(in: yamlLineStarts, notAfter: next)] == next
            || lspLineStarts[lastIndex(in: lspLineStarts, notAfter: nextUTF16)] == nextUTF16
    }

    /// The last index `i` of the sorted `values` with `values[i] <= target` (0 when none is).
    private func lastIndex(in values: [Int], notAfter target: Int) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] <= target { low = middle + 1 } else { high = middle }
        }
        return max(0, low - 1)
    }
}
