#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bounds on how much of a spec's own text a diagnostic repeats.
///
/// A message quotes what the author wrote (`duplicate option 'red'`), but an anchored scalar of a
/// megabyte that a thousand aliases reuse would make a thousand megabyte-long messages. Every
/// diagnostic the compiler records therefore passes through ``shorteningQuotes(in:)``: quoted text
/// longer than ``limit`` characters is cut, and a message still longer than ``messageLimit`` (text
/// whose quotes could not be told apart) keeps only its two ends.
package enum QuotedText {
    /// The most characters of quoted text a message keeps.
    package static let limit = 60
    /// The most characters a whole message keeps.
    package static let messageLimit = 2_000
    /// The characters kept from the end of a message cut to ``messageLimit``.
    private static let messageTail = 500

    /// `text` cut to its first `limit` characters (whole grapheme clusters), then `…`; `text`
    /// itself when it is no longer.
    package static func shortened(_ text: some StringProtocol, to limit: Int = limit) -> String {
        guard let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex),
            end < text.endIndex
        else { return String(text) }
        return text[..<end] + "…"
    }

    /// `message` with the text of every quote (`'…'` or `"…"`) longer than ``limit`` characters
    /// cut to it, then the whole cut to ``messageLimit``.
    ///
    /// A quote opens at a quotation mark that does not follow a letter or digit, and closes at the
    /// next same mark that no letter or digit follows: the apostrophes of `can't` and `fields'` are
    /// not quotes. Quotation marks are found with `memchr`, so a megabyte-long message costs
    /// microseconds, and once a mark has no closing quote, later ones of that mark are not looked for.
    package static func shorteningQuotes(in message: String) -> String {
        guard message.utf8.count > limit else { return message }
        var text = message
        let quotes = text.withUTF8 { longQuotes(in: $0) }
        guard !quotes.isEmpty else { return boundingLength(text) }
        var result = ""
        var copied = text.startIndex
        for quote in quotes {
            let start = text.utf8.index(text.startIndex, offsetBy: quote.lowerBound)
            let end = text.utf8.index(text.startIndex, offsetBy: quote.upperBound)
            result += text[copied..<start]
            result += shortened(text[start..<end])
            copied = end
        }
        result += text[copied...]
        return boundingLength(result)
    }

    /// The byte ranges of the text of every quote in `bytes` longer than ``limit`` bytes (those
    /// that may be longer than ``limit`` characters).
    private static func longQuotes(in bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var quotes: [Range<Int>] = []
        // The next offset of each quotation mark still looked for.
        var next: [UInt8: Int] = [:]
        for mark in [UInt8(ascii: "'"), UInt8(ascii: "\"")] { next[mark] = find(mark, in: bytes, from: 0) }
        var position = 0
        while let (mark, open) = next.min(by: { $0.value < $1.value }) {
            position = open + 1
            if open == 0 || !isWordByte(bytes[open - 1]) {
                if let close = closingQuote(mark, in: bytes, from: open + 1) {
                    if close - (open + 1) > limit { quotes.append(open + 1..<close) }
                    position = close + 1
                } else {
                    // No later mark of this kind can close a quote either.
                    next[mark] = nil
                }
            }
            for (other, offset) in next where offset < position {
                next[other] = find(other, in: bytes, from: position)
            }
        }
        return quotes
    }

    /// Where the quote opened with `mark` just before `start` closes: the next `mark` that no
    /// letter or digit follows; `nil` when none does.
    private static func closingQuote(_ mark: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var position = start
        while let found = find(mark, in: bytes, from: position) {
            if found + 1 == bytes.count || !isWordByte(bytes[found + 1]) { return found }
            position = found + 1
        }
        return nil
    }

    /// The offset of the first `byte` at or after `start` in `bytes`.
    private static func find(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress,
            let found = memchr(base + start, Int32(byte), bytes.count - start)
        else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// `message` when it has at most ``messageLimit`` characters; else its first characters and its
    /// last ``messageTail``, joined by `…` (``messageLimit`` characters kept).
    private static func boundingLength(_ message: String) -> String {
        guard message.utf8.count > messageLimit,
            let cut = message.index(message.startIndex, offsetBy: messageLimit, limitedBy: message.endIndex),
            cut < message.endIndex
        else { return message }
        let head = message.index(message.startIndex, offsetBy: messageLimit - messageTail)
        let tail = message.index(message.endIndex, offsetBy: -messageTail)
        return message[..<head] + "…" + message[max(head, tail)...]
    }

    /// An ASCII letter or digit, or any byte of a character beyond ASCII (a letter of another script).
    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), 0x80...:
            return true
        default:
            return false
        }
    }
}

extension Diagnostic {
    /// This diagnostic with the quotes of its message and notes shortened
    /// (``QuotedText/shorteningQuotes(in:)``).
    package var shorteningQuotes: Diagnostic {
        var copy = self
        copy.message = QuotedText.shorteningQuotes(in: message)
        for index in copy.notes.indices {
            copy.notes[index].message = QuotedText.shorteningQuotes(in: copy.notes[index].message)
        }
        return copy
    }
}
