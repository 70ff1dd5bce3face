/// Makes text from inputs and specs safe to print on a terminal.
///
/// A message, a requirement or a field name can hold anything a spec author or an input gives,
/// including escape sequences that make a terminal move the cursor, clear the screen, set the
/// window title or open a hyperlink. Every control character a terminal acts on is shown as a
/// visible escape instead: C0 controls as `\x1B`, DEL as `\x7F`, C1 controls as `\u009B`. So are
/// the bidirectional embeddings, overrides and isolates (`\u202E`), which make a terminal show text
/// in another order than it has ("Trojan Source"): an input could make an error read as something
/// else, and the invisible direction marks (`\u200F`). The line and paragraph separators
/// (`\u2028`, `\u2029`) are escaped too: terminals show them as nothing or as a line break, so a
/// value holding one would read as another value, or as two lines.
package enum TerminalText {
    /// `text` with its control characters made visible.
    ///
    /// - Parameters:
    ///   - text: The text to print.
    ///   - keepingLineBreaks: Whether `\n` and `\t` stay as they are (for whole multi-line
    ///     documents); otherwise they are escaped too (for one value inside a line).
    /// - Returns: The text, unchanged when it holds no control character.
    package static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepingLineBreaks) }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if needsEscape(scalar, keepingLineBreaks) {
                out += visible(scalar)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` with its control characters made visible, except the colour sequences
    /// (`ESC [ digits ; … m`, SGR) that FormSpec's own renderers add on a colour terminal: at most
    /// a colour can be changed, never the cursor, the screen or the title.
    package static func escapedKeepingColors(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, true) }) else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\u{1B}", let end = colorSequenceEnd(scalars, from: index) {
                for kept in scalars[index...end] { out.unicodeScalars.append(kept) }
                index = end + 1
                continue
            }
            if needsEscape(scalar, true) {
                out += visible(scalar)
            } else {
                out.unicodeScalars.append(scalar)
            }
            index += 1
        }
        return out
    }

    /// The index of the `m` ending an SGR sequence starting at `start`, or `nil`.
    private static func colorSequenceEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var index = start + 2
        while index < scalars.count, index - start < 32 {
            let scalar = scalars[index]
            if scalar == "m" { return index }
            guard ("0"..."9").contains(scalar) || scalar == ";" else { return nil }
            index += 1
        }
        return nil
    }

    /// Whether `scalar` is shown escaped: a control character (a line break or tab only when not
    /// `keepingLineBreaks`), or one that makes text read otherwise than it is. Generated source
    /// escapes the same in its string literals.
    package static func needsEscape(_ scalar: Unicode.Scalar, _ keepingLineBreaks: Bool) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: !keepingLineBreaks
        case 0x00..<0x20, 0x7F, 0x80..<0xA0, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E,
            0x2066...0x2069:
            true
        default: false
        }
    }

    /// How many columns a terminal draws `character` in once escaped for text output: two for a
    /// wide one (CJK ideographs, kana, Hangul, full-width forms, emoji shown as emoji), none for a
    /// lone combining mark or format character, an escape's length for a control character
    /// (`\x1B` is four), one otherwise. A tab counts one; callers that align keep it a tab.
    package static func columns(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        let escaped = scalars.reduce(0) { $0 + (needsEscape($1, true) ? visible($1).count : 0) }
        guard let first = scalars.first(where: { !needsEscape($0, true) }) else { return escaped }
        if scalars.contains(where: isWide) || (scalars.contains("\u{FE0F}") && first.properties.isEmoji) {
            return escaped + 2
        }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return escaped
        default: return escaped + 1
        }
    }

    /// Whether a terminal draws `scalar` two columns wide: East Asian Wide and Fullwidth
    /// characters, and emoji with an emoji presentation.
    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1B000...0x1B2FF, 0x20000...0x3FFFD:
            true
        default: scalar.properties.isEmojiPresentation
        }
    }

    private static func visible(_ scalar: Unicode.Scalar) -> String {
        let digits = Array("0123456789ABCDEF")
        let value = Int(scalar.value)
        if value < 0x80 { return "\\x" + String(digits[value >> 4]) + String(digits[value & 0xF]) }
        return "\\u" + [12, 8, 4, 0].map { String(digits[value >> $0 & 0xF]) }.joined()
    }
}
