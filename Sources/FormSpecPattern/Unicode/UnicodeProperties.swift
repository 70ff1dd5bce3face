/// The code point sets the pattern language names: `\p{…}` properties and the fixed sets behind
/// `\d`, `\w`, `\s` and `.`.
enum UnicodeProperties {
    /// `\d`: ASCII digits only (ECMAScript, no `i` flag).
    static let digit = ScalarSet([0x30...0x39])

    /// `\w`: `[A-Za-z0-9_]` (ECMAScript's WordCharacters without case folding).
    static let word = ScalarSet([0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])

    /// `\W` without the `i` flag: everything but `[A-Za-z0-9_]`.
    static let nonWord = word.inverted

    /// `\w` under `i` (ECMAScript's WordCharacters with `u` and `i`): `[A-Za-z0-9_]` plus U+017F
    /// (LATIN SMALL LETTER LONG S) and U+212A (KELVIN SIGN), which fold into it.
    static let foldedWord = word.union(ScalarSet([0x017F...0x017F, 0x212A...0x212A]))

    /// ECMAScript LineTerminator: LF, CR, U+2028, U+2029.
    static let lineTerminators = ScalarSet([0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029])

    /// `\s`: ECMAScript WhiteSpace (TAB, VT, FF, ZWNBSP, and every `Zs`) plus LineTerminator.
    /// U+0085 (NEL) is deliberately absent: it is neither.
    static let whitespace = ScalarSet([
        0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A, 0x2028...0x2029,
        0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF,
    ])

    /// `.`: every code point except a LineTerminator (there is no `s` flag).
    static let dot = lineTerminators.inverted

    /// The set named by the contents of `\p{…}`: `name=value` or a lone name, or `nil` when
    /// ECMAScript does not know the name. Names are case-sensitive and exact.
    static func set(name: String, value: String?) -> ScalarSet? {
        guard let value else {
            return UnicodeTables.lone[name].map(UnicodeTables.set)
        }
        let table: [String: Int]
        switch name {
        case "General_Category", "gc": table = UnicodeTables.generalCategory
        case "Script", "sc": table = UnicodeTables.script
        case "Script_Extensions", "scx": table = UnicodeTables.scriptExtensions
        default: return nil
        }
        return table[value].map(UnicodeTables.set)
    }

    /// Whether the name before `=` in `\p{name=value}` is one ECMAScript knows.
    static func isPropertyName(_ name: String) -> Bool {
        ["General_Category", "gc", "Script", "sc", "Script_Extensions", "scx"].contains(name)
    }

    /// Characters that may start a group name: ID_Start, `$`, `_`.
    static func isIdentifierStart(_ value: UInt32) -> Bool {
        value == 0x24 || value == 0x5F || idStart.contains(value)
    }

    /// Characters that may continue a group name: ID_Continue, `$`, ZWNJ, ZWJ.
    static func isIdentifierPart(_ value: UInt32) -> Bool {
        value == 0x24 || value == 0x200C || value == 0x200D || idContinue.contains(value)
    }

    private static let idStart = set(name: "ID_Start", value: nil) ?? ScalarSet()
    private static let idContinue = set(name: "ID_Continue", value: nil) ?? ScalarSet()
}

extension UnicodeTables {
    /// Parses the generator's `name=index` words (separated by spaces and newlines).
    static func names(_ text: String) -> [String: Int] {
        var table: [String: Int] = [:]
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let parts = word.split(separator: "=")
            if parts.count == 2, let index = Int(parts[1]) { table[String(parts[0])] = index }
        }
        return table
    }
}

extension ScalarSet {
    /// Decodes the compact form the table generator writes: a sequence of numbers, alternately
    /// the gap since the previous range's end and a range's length minus one. Each number is
    /// base-32 digits, most significant first; the last digit is from `0-9A-V`, earlier ones from
    /// `a-z!#$%&*`. Malformed text ends the decoding early (the tables are generated, so it is not).
    /// Never inlined: the tables call it from hundreds of lazy initializers, and inlining the
    /// decoder into each of them made optimized builds of the tables several times slower.
    @inline(never)
    init(encodedRanges text: StaticString) {
        var ranges: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        var number: UInt32 = 0
        var low: UInt32? = nil
        text.withUTF8Buffer { bytes in
            for byte in bytes {
                guard let (digit, isLast) = Self.decodeDigit(byte) else { return }
                number = number &* 32 &+ digit
                guard isLast else { continue }
                if let start = low {
                    let end = start &+ number
                    guard end <= 0x10FFFF, start <= end else { return }
                    ranges.append(start...end)
                    next = end &+ 1
                    low = nil
                } else {
                    low = next &+ number
                }
                number = 0
            }
        }
        self.init(ranges)
    }

    static func decodeDigit(_ byte: UInt8) -> (UInt32, Bool)? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return (UInt32(byte - UInt8(ascii: "0")), true)
        case UInt8(ascii: "A")...UInt8(ascii: "V"): return (UInt32(byte - UInt8(ascii: "A")) + 10, true)
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return (UInt32(byte - UInt8(ascii: "a")), false)
        case UInt8(ascii: "!"): return (26, false)
        case UInt8(ascii: "#"): return (27, false)
        case UInt8(ascii: "$"): return (28, false)
        case UInt8(ascii: "%"): return (29, false)
        case UInt8(ascii: "&"): return (30, false)
        case UInt8(ascii: "*"): return (31, false)
        default: return nil
        }
    }
}
