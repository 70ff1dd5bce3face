/// Splits message templates into text and `{placeholder}` pieces. `{{` and `}}` stand for braces.
enum TemplateParser {
    enum Piece: Equatable {
        case text(String)
        case placeholder(String)
    }

    static func pieces(of template: String) -> [Piece] {
        var strayBraces = 0
        var ranges: [Range<String.Index>] = []
        return pieces(of: template, strayBraces: &strayBraces, ranges: &ranges)
    }

    /// The placeholders of `template`, each with where it is written (`{` through `}`), and how
    /// many of its braces are neither doubled nor part of a placeholder (`{label`, `{ label }`,
    /// `{}`): each shows as written, which is rarely what was meant.
    static func placeholdersAndStrayBraces(in template: String) -> (
        placeholders: [(name: String, range: Range<String.Index>)], strayBraces: Int
    ) {
        var strayBraces = 0
        var ranges: [Range<String.Index>] = []
        let pieces = pieces(of: template, strayBraces: &strayBraces, ranges: &ranges)
        let names = pieces.compactMap { if case .placeholder(let name) = $0 { name } else { nil } }
        return (Array(zip(names, ranges).map { (name: $0, range: $1) }), strayBraces)
    }

    /// `ranges` gets each placeholder's span, in the order of the pieces.
    private static func pieces(of template: String, strayBraces: inout Int, ranges: inout [Range<String.Index>])
        -> [Piece]
    {
        var pieces: [Piece] = []
        var text = ""
        var index = template.startIndex
        while index < template.endIndex {
            // The text up to the next brace, taken at once.
            guard let brace = template[index...].firstIndex(where: { $0 == "{" || $0 == "}" }) else {
                text += template[index...]
                break
            }
            text += template[index..<brace]
            index = brace
            let character = template[index]
            let next = template.index(after: index)
            if character == "{", next < template.endIndex, template[next] == "{" {
                text.append("{")
                index = template.index(after: next)
                continue
            }
            if character == "}", next < template.endIndex, template[next] == "}" {
                text.append("}")
                index = template.index(after: next)
                continue
            }
            if character == "{", let close = template[next...].firstIndex(of: "}") {
                let name = String(template[next..<close])
                if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                    if !text.isEmpty { pieces.append(.text(text)) }
                    text = ""
                    pieces.append(.placeholder(name))
                    index = template.index(after: close)
                    ranges.append(brace..<index)
                    continue
                }
            }
            strayBraces += 1
            text.append(character)
            index = next
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        return pieces
    }

    static func placeholders(in template: String) -> [String] {
        placeholdersAndStrayBraces(in: template).placeholders.map(\.name)
    }
}
