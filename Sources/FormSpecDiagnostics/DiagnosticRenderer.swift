/// Prints diagnostics as compilers do: `PATH:LINE:COL: error: message`, the source line, a caret
/// under the problem, then the notes.
///
/// Rendering is linear in the number of diagnostics and the size of the sources: each file's lines
/// are indexed once, and only a window of a very long line is ever copied.
public struct DiagnosticRenderer: Sendable {
    /// The text of each file a diagnostic may point into, by path.
    public var sources: [String: String]
    /// Whether to colour the output with ANSI escapes (only on a terminal).
    public var colored: Bool

    /// Creates a renderer that can quote lines of `sources`.
    public init(sources: [String: String] = [:], colored: Bool = false) {
        self.sources = sources
        self.colored = colored
    }

    /// Renders every diagnostic, each followed by its excerpt and notes.
    public func render(_ diagnostics: [Diagnostic]) -> String {
        let lines = LineCache(sources: sources)
        var out = ""
        for diagnostic in diagnostics { out += render(diagnostic, lines: lines) }
        return out
    }

    /// Renders one diagnostic with its source excerpt and notes, ending in a newline.
    public func render(_ diagnostic: Diagnostic) -> String {
        render(diagnostic, lines: LineCache(sources: sources))
    }

    private func render(_ diagnostic: Diagnostic, lines: LineCache) -> String {
        var out = header(diagnostic.severity, diagnostic.message, diagnostic.location)
        out += excerpt(diagnostic.location, lines: lines)
        for note in diagnostic.notes {
            out += header(.note, note.message, note.location ?? diagnostic.location)
            if note.location != nil { out += excerpt(note.location, lines: lines) }
        }
        return out
    }

    private func header(_ severity: Diagnostic.Severity, _ message: String, _ location: SourceLocation?) -> String {
        // One line, whatever a path or a message holds: a line feed in a folder's name must not
        // start a line that reads as another diagnostic.
        let place = location.map { "\(TerminalText.escaped($0.description)): " } ?? "formspec: "
        let label: String
        switch (severity, colored) {
        case (.error, true): label = "\u{1B}[1;31merror:\u{1B}[0m"
        case (.warning, true): label = "\u{1B}[1;35mwarning:\u{1B}[0m"
        case (.note, true): label = "\u{1B}[1;36mnote:\u{1B}[0m"
        default: label = "\(severity.rawValue):"
        }
        return "\(place)\(label) \(TerminalText.escaped(message))\n"
    }

    /// The source line of `location` and a caret under it. Columns count Unicode scalars, as
    /// libyaml's marks do; the line is shown by characters, and the caret is indented by the
    /// columns a terminal draws each one in (``TerminalText/columns(of:)``: two for CJK and emoji,
    /// none for a lone combining mark, an escape's width for a control character).
    private func excerpt(_ location: SourceLocation?, lines: LineCache) -> String {
        guard let location, let source = lines.line(location.start.line, in: location.path) else {
            return ""
        }
        let line = source.characters
        let scalarStarts = source.scalarStarts
        // The index of the character that holds 1-based scalar column `column` (the line's end
        // past its last).
        func characterIndex(ofColumn column: Int) -> Int {
            let scalar = column - 1
            guard scalar < source.scalarCount else { return line.count }
            var low = 0
            var high = line.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if scalarStarts[middle] <= scalar { low = middle } else { high = middle - 1 }
            }
            return low
        }
        let start = characterIndex(ofColumn: max(1, location.start.column))
        var end = start + 1
        if location.end.line == location.start.line, location.end.column > location.start.column {
            end = max(end, characterIndex(ofColumn: location.end.column - 1) + 1)
        }
        // Show a window of a very long line (a minified or generated spec) around the caret.
        let window = 120
        var (first, last) = (0, line.count)
        if line.count > window + 40 {
            first = max(0, min(start - 40, line.count - window))
            last = min(line.count, first + window)
        }
        let prefix = first > 0 ? "…" : ""
        let suffix = last < line.count ? "…" : ""
        // Keep tabs in the caret line, so the caret lands under the right character in any terminal.
        var caret = prefix.isEmpty ? "" : " "
        for character in line[first..<min(start, last)] {
            caret += character == "\t" ? "\t" : String(repeating: " ", count: TerminalText.columns(of: character))
        }
        let underlined = line[min(start, last)..<min(max(end, start), last)]
        let width = max(1, underlined.reduce(0) { $0 + TerminalText.columns(of: $1) })
        caret += "^" + String(repeating: "~", count: width - 1)
        if colored { caret = "\u{1B}[1;32m\(caret)\u{1B}[0m" }
        return "\(prefix)\(String(line[first..<last]))\(suffix)\n\(caret)\n"
    }

    /// The text of 1-based line `number` of `text`, without its line break.
    static func line(_ number: Int, of text: String) -> Substring? {
        let starts = LineCache.lineStarts(of: text)
        guard number >= 1, number <= starts.count else { return nil }
        return LineCache.line(number, of: text, starts: starts)
    }
}

/// Lines of the sources, indexed on first use and kept as characters.
private final class LineCache {
    let sources: [String: String]
    private var starts: [String: [String.Index]] = [:]
    private var lines: [String: [Int: Line]] = [:]

    /// A line's characters, and the scalar column each starts at (0-based): indexed once, for
    /// the many diagnostics a long line may have.
    struct Line {
        var characters: [Character]
        var scalarStarts: [Int]
        var scalarCount: Int

        init(_ text: Substring) {
            characters = Array(text)
            scalarStarts = []
            scalarStarts.reserveCapacity(characters.count)
            scalarCount = 0
            for character in characters {
                scalarStarts.append(scalarCount)
                scalarCount += character.unicodeScalars.count
            }
        }
    }

    init(sources: [String: String]) {
        self.sources = sources
    }

    /// Line `number` of `path`.
    func line(_ number: Int, in path: String) -> Line? {
        if let line = lines[path]?[number] { return line }
        guard let text = sources[path] else { return nil }
        let lineStarts = starts[path] ?? Self.lineStarts(of: text)
        starts[path] = lineStarts
        guard number >= 1, number <= lineStarts.count else { return nil }
        let line = Line(Self.line(number, of: text, starts: lineStarts))
        lines[path, default: [:]][number] = line
        return line
    }

    /// Where each line starts; a line ends at `\n`, `\r\n` and `\r`, as editors count lines (the
    /// loader turns libyaml's positions into these lines: NEL, U+2028 and U+2029 break none).
    static func lineStarts(of text: String) -> [String.Index] {
        var starts = [text.startIndex]
        let utf8 = text.utf8
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            var next = utf8.index(after: index)
            if byte == UInt8(ascii: "\r"), next < utf8.endIndex, utf8[next] == UInt8(ascii: "\n") {
                next = utf8.index(after: next)
            }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { starts.append(next) }
            index = next
        }
        return starts
    }

    /// Line `number` (1-based, within `starts`) without its line break.
    static func line(_ number: Int, of text: String, starts: [String.Index]) -> Substring {
        let start = starts[number - 1]
        var end = number < starts.count ? starts[number] : text.endIndex
        let utf8 = text.utf8
        if end > start, number < starts.count {
            // The break: `\n` or `\r`, and a CR before an LF.
            end = utf8.index(before: end)
            if end > start, utf8[end] == UInt8(ascii: "\n"), utf8[utf8.index(before: end)] == UInt8(ascii: "\r") {
                end = utf8.index(before: end)
            }
        }
        // A byte order mark starts the file, not its first line: libyaml's columns do not count it.
        if number == 1, text[start..<end].hasPrefix("\u{FEFF}") { return text[start..<end].dropFirst() }
        return text[start..<end]
    }
}
