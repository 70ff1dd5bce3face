/// Prints diagnostics as compilers do: `PATH:LINE:COL: error: message`, the source line, a caret
/// under the problem, then the notes.
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
        diagnostics.map(render).joined()
    }

    /// Renders one diagnostic with its source excerpt and notes, ending in a newline.
    public func render(_ diagnostic: Diagnostic) -> String {
        var out = header(diagnostic.severity, diagnostic.message, diagnostic.location)
        out += excerpt(diagnostic.location)
        for note in diagnostic.notes {
            out += header(.note, note.message, note.location ?? diagnostic.location)
            if note.location != nil { out += excerpt(note.location) }
        }
        return out
    }

    private func header(_ severity: Diagnostic.Severity, _ message: String, _ location: SourceLocation?) -> String {
        let place = location.map { "\($0.description): " } ?? "formspec: "
        let label: String
        switch (severity, colored) {
        case (.error, true): label = "\u{1B}[1;31merror:\u{1B}[0m"
        case (.warning, true): label = "\u{1B}[1;35mwarning:\u{1B}[0m"
        case (.note, true): label = "\u{1B}[1;36mnote:\u{1B}[0m"
        default: label = "\(severity.rawValue):"
        }
        return "\(place)\(label) \(message)\n"
    }

    private func excerpt(_ location: SourceLocation?) -> String {
        guard let location, let text = sources[location.path],
            let line = Self.line(location.start.line, of: text)
        else { return "" }
        var characters = Array(line)
        var startColumn = max(1, location.start.column)
        var endColumn = location.end.column
        // Show a window of a very long line (a minified or generated spec) around the caret.
        let window = 120
        var prefix = ""
        var suffix = ""
        if characters.count > window + 40 {
            let first = max(0, min(startColumn - 1 - 40, characters.count - window))
            let last = min(characters.count, first + window)
            if first > 0 { prefix = "…" }
            if last < characters.count { suffix = "…" }
            characters = Array(characters[first..<last])
            startColumn = startColumn - first + prefix.count
            endColumn = endColumn - first + prefix.count
            characters = Array(prefix) + characters
        }
        // Keep tabs in the caret line, so the caret lands under the right character in any terminal.
        var caret = ""
        for index in 0..<min(startColumn - 1, characters.count) {
            caret.append(characters[index] == "\t" ? "\t" : " ")
        }
        var width = 1
        if location.end.line == location.start.line, endColumn > startColumn {
            width = endColumn - startColumn
        }
        width = max(1, min(width, max(1, characters.count - (startColumn - 1))))
        caret += "^" + String(repeating: "~", count: width - 1)
        if colored { caret = "\u{1B}[1;32m\(caret)\u{1B}[0m" }
        return "\(String(characters))\(suffix)\n\(caret)\n"
    }

    /// The text of 1-based line `number` of `text`, without its line break.
    static func line(_ number: Int, of text: String) -> Substring? {
        guard number >= 1 else { return nil }
        var current = 1
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "\n" || character == "\r\n" || character == "\r" {
                if current == number { return text[start..<index] }
                current += 1
                start = text.index(after: index)
            }
            index = text.index(after: index)
        }
        return current == number ? text[start..<text.endIndex] : nil
    }
}
