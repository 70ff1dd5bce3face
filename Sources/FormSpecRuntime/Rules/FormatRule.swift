/// `format: email | url | uuid | luhn | e164`.
@_spi(Program) public struct FormatRule: Sendable, Codable, Hashable {
    /// A well-known text format.
    @_spi(Program) public enum Format: String, Sendable, Codable, Hashable, CaseIterable {
        case email, url, uuid, luhn, e164
    }

    package var format: Format

    @_spi(Program) public init(format: Format) { self.format = format }

    /// Whether `text` has the format.
    package func passes(_ text: String) -> Bool {
        switch format {
        case .email: Self.isEmail(text)
        case .url: Self.isURL(text)
        case .uuid: Self.isUUID(text)
        case .luhn: Self.isLuhn(text)
        case .e164: Self.isE164(text)
        }
    }

    /// `local@domain`: a local part of printable characters without spaces, dots not leading,
    /// trailing or doubled; a domain of at least two dot-separated labels of letters, digits and
    /// inner hyphens, the last at least two letters.
    static func isEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, let local = parts.first, let domain = parts.last,
            !local.isEmpty, local.count <= 64, !local.hasPrefix("."), !local.hasSuffix("."),
            !local.contains(".."),
            // Printable: no whitespace, no control character (C0, DEL, C1), no quote.
            local.unicodeScalars.allSatisfy({
                !$0.properties.isWhitespace && $0.value >= 0x21 && !(0x7F...0x9F).contains($0.value) && $0 != "\""
            })
        else { return false }
        return isHostName(domain, requireDot: true)
    }

    static func isHostName(_ host: Substring, requireDot: Bool) -> Bool {
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard !requireDot || labels.count >= 2, host.count <= 253 else { return false }
        for label in labels {
            guard !label.isEmpty, label.count <= 63, !label.hasPrefix("-"), !label.hasSuffix("-"),
                label.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" })
            else { return false }
        }
        if requireDot, let last = labels.last { return last.count >= 2 && last.allSatisfy(\.isLetter) }
        return true
    }

    /// `scheme://host[:port][/path][?query][#fragment]` with a letter-led scheme, a host name,
    /// `localhost` or an IPv4/bracketed IPv6 address, and no whitespace anywhere.
    static func isURL(_ text: String) -> Bool {
        guard !text.contains(where: { $0.isWhitespace }), let colon = text.firstIndex(of: ":"),
            text[colon...].hasPrefix("://")
        else { return false }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return false }
        let rest = text[text.index(colon, offsetBy: 3)...]
        let authorityEnd = rest.firstIndex(where: { "/?#".contains($0) }) ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if authority.hasPrefix("[") {
            // `[IPv6]`, then nothing or `:port`.
            guard let close = authority.firstIndex(of: "]"),
                isIPv6(authority[authority.index(after: authority.startIndex)..<close])
            else { return false }
            let after = authority[authority.index(after: close)...]
            return after.isEmpty || (after.first == ":" && isPort(after.dropFirst()))
        }
        var host = authority
        if let colon = authority.lastIndex(of: ":") {
            guard isPort(authority[authority.index(after: colon)...]) else { return false }
            host = authority[..<colon]
        }
        guard !host.isEmpty else { return false }
        return isHostName(host, requireDot: false)
    }

    /// 0 through 65535 in one to five ASCII digits.
    static func isPort(_ port: Substring) -> Bool {
        guard !port.isEmpty, port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(port)
        else { return false }
        return number <= 65_535
    }

    /// An IPv6 address as RFC 4291 writes it: eight groups of one to four hexadecimal digits, a
    /// `::` standing for one or more groups of zeros at most once, and the last two groups
    /// optionally an IPv4 address (`::ffff:192.0.2.1`).
    static func isIPv6(_ address: Substring) -> Bool {
        var head = Array(address.utf8)
        var groups = 0
        if let lastColon = head.lastIndex(of: UInt8(ascii: ":")), head[lastColon...].contains(UInt8(ascii: ".")) {
            // An IPv4 address for the last two groups: `::1.2.3.4` keeps its `::`, `a:…:1.2.3.4`
            // drops the colon before the address.
            guard isIPv4(head[(lastColon + 1)...]) else { return false }
            groups = 2
            let keepsDoubleColon = lastColon > 0 && head[lastColon - 1] == UInt8(ascii: ":")
            head = Array(head[..<(keepsDoubleColon ? lastColon + 1 : lastColon)])
        }
        // The halves around the one `::`, if any.
        var halves: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index + 1 < head.count {
            if head[index] == UInt8(ascii: ":"), head[index + 1] == UInt8(ascii: ":") {
                halves.append(head[start..<index])
                index += 2
                start = index
            } else {
                index += 1
            }
        }
        halves.append(head[start...])
        guard halves.count <= 2 else { return false }
        for half in halves where !half.isEmpty {
            for group in half.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false) {
                guard (1...4).contains(group.count), group.allSatisfy({ Self.isHexDigit($0) }) else { return false }
                groups += 1
            }
        }
        return halves.count == 2 ? groups <= 7 : groups == 8
    }

    /// Four decimal numbers 0 through 255, of one to three digits, separated by dots.
    static func isIPv4(_ bytes: ArraySlice<UInt8>) -> Bool {
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                (1...3).contains(part.count) && part.allSatisfy { (48...57).contains($0) }
                    && part.reduce(0) { $0 * 10 + Int($1 - 48) } <= 255
            }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte)
    }

    /// 8-4-4-4-12 hexadecimal digits, either case.
    static func isUUID(_ text: String) -> Bool {
        let utf8 = Array(text.utf8)
        guard utf8.count == 36 else { return false }
        for (index, byte) in utf8.enumerated() {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard isHexDigit(byte) else { return false }
            }
        }
        return true
    }

    /// Two or more ASCII digits, spaces and dashes ignored, whose Luhn (mod 10) check digit is right:
    /// card numbers and other identifiers with a check digit.
    static func isLuhn(_ text: String) -> Bool {
        var sum = 0
        var digits = 0
        for byte in text.utf8.reversed() {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-") { continue }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return false }
            var digit = Int(byte - UInt8(ascii: "0"))
            if digits % 2 == 1 {
                digit *= 2
                if digit > 9 { digit -= 9 }
            }
            sum += digit
            digits += 1
        }
        return digits >= 2 && sum % 10 == 0
    }

    /// A phone number in E.164 form: `+` then 8 to 15 ASCII digits, once spaces, dashes, dots and
    /// parentheses are removed (`+44 20 7946 0958`, `+1 (555) 010-9999`).
    static func isE164(_ text: String) -> Bool {
        var sawPlus = false
        var digits = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "("), UInt8(ascii: ")"):
                continue
            case UInt8(ascii: "+"):
                guard !sawPlus, digits == 0 else { return false }
                sawPlus = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard sawPlus else { return false }
                digits += 1
            default:
                return false
            }
        }
        return sawPlus && (8...15).contains(digits)
    }
}
