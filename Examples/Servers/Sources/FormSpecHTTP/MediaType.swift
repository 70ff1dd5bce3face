/// A `Content-Type` value read by RFC 9110's grammar (§8.3.1): `type/subtype`, then `; name=value`
/// parameters whose value is a token or a quoted string. The type, subtype and parameter names are
/// lowercased (they are case-insensitive); values are kept as written, unquoted.
struct MediaType: Equatable {
    var type: String
    var subtype: String
    var parameters: [Parameter]

    struct Parameter: Equatable {
        var name: String
        var value: String
    }

    /// Reads `text`; `nil` when it is not one media type: a bare word, a parameter without a
    /// value, or several header lines joined with commas (`application/json, text/plain`).
    init?(_ text: String) {
        var reader = Reader(bytes: Array(text.utf8))
        reader.skipSpaces()
        guard let type = reader.token(), reader.take("/"), let subtype = reader.token() else { return nil }
        var parameters: [Parameter] = []
        while true {
            reader.skipSpaces()
            if reader.isAtEnd { break }
            guard reader.take(";") else { return nil }
            reader.skipSpaces()
            // `*( OWS ";" OWS [ parameter ] )`: a parameter may be missing between semicolons.
            if reader.isAtEnd || reader.peek(";") { continue }
            guard let name = reader.token(), reader.take("="), let value = reader.token() ?? reader.quotedString()
            else { return nil }
            parameters.append(Parameter(name: name.lowercased(), value: value))
        }
        self.type = type.lowercased()
        self.subtype = subtype.lowercased()
        self.parameters = parameters
    }

    /// The values of the parameters named `name` (lowercase).
    func values(of name: String) -> [String] {
        parameters.filter { $0.name == name }.map(\.value)
    }
}

/// Reads a header value's bytes from the front.
private struct Reader {
    let bytes: [UInt8]
    var position = 0

    var isAtEnd: Bool { position == bytes.count }

    func peek(_ character: Unicode.Scalar) -> Bool {
        !isAtEnd && bytes[position] == UInt8(ascii: character)
    }

    /// Skips `character` if it is next.
    mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard peek(character) else { return false }
        position += 1
        return true
    }

    /// Skips spaces and tabs (RFC 9110's `OWS`).
    mutating func skipSpaces() {
        while peek(" ") || peek("\t") { position += 1 }
    }

    /// A `token`: one or more of RFC 9110's `tchar`.
    mutating func token() -> String? {
        let start = position
        while !isAtEnd, Self.isTokenCharacter(bytes[position]) { position += 1 }
        return position > start ? String(decoding: bytes[start..<position], as: UTF8.self) : nil
    }

    /// A `quoted-string`, its quoted pairs undone.
    mutating func quotedString() -> String? {
        guard peek("\"") else { return nil }
        var index = position + 1
        var text: [UInt8] = []
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\"") {
                position = index + 1
                return String(decoding: text, as: UTF8.self)
            }
            if bytes[index] == UInt8(ascii: "\\") {
                index += 1  // a quoted pair: the byte after the backslash, as it is
                guard index < bytes.count else { return nil }
            }
            guard Self.isQuotable(bytes[index]) else { return nil }
            text.append(bytes[index])
            index += 1
        }
        return nil
    }

    /// `tchar`: a letter, a digit, or one of ``symbols``.
    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: symbols.contains(byte)
        }
    }

    /// The symbols of `tchar`.
    static let symbols = Set("!#$%&'*+-.^_`|~".utf8)

    /// What a quoted string holds: a tab, a space, visible ASCII, or any byte above ASCII
    /// (`obs-text`); the quote and backslash only escaped.
    static func isQuotable(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\t") || byte >= 0x20 && byte != 0x7F
    }
}
