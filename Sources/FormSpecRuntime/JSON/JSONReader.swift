import FormSpecDiagnostics

/// A strict JSON reader (RFC 8259) that keeps integers exact, rejects invalid UTF-8 and duplicate
/// keys, and bounds nesting so hostile input cannot exhaust the stack. Numbers beyond `Double`'s
/// range (`1e400`) are read as infinities, which every field reads as a `type` failure.
@_spi(Tooling) public struct JSONReader {
    /// Why a document is not acceptable JSON, and where (1-based, column in characters).
    @_spi(Tooling) public struct Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        @_spi(Tooling) public var message: String
        @_spi(Tooling) public var line: Int
        @_spi(Tooling) public var column: Int

        @_spi(Tooling) public var description: String { "\(line):\(column): \(message)" }
    }

    /// The error of a number out of range (``DecimalNumber/maxExponent``): a caller that guesses
    /// the syntax asks ``isJSON(_:)`` before it tries the text as YAML, which reads such a number
    /// as text.
    @_spi(Tooling) public static let numberOutOfRange = "invalid number: exponent too large"

    /// How deeply arrays and objects may nest.
    @_spi(Tooling) public static let maxDepth = 200

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var depth = 0
    /// Whether a number out of range reads as `null` rather than an error (``isJSON(_:)``).
    private var toleratesNumbersOutOfRange = false

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Whether `bytes` are one JSON document by its grammar, numbers out of range included: what
    /// tells JSON with such a number (an error of its own) from YAML that starts like JSON.
    @_spi(Tooling) public static func isJSON(_ bytes: some Collection<UInt8>) -> Bool {
        guard
            case .success = Array(bytes).withUnsafeBufferPointer({
                parse(buffer: $0, toleratingNumbersOutOfRange: true)
            })
        else { return false }
        return true
    }

    /// How many bytes of a UTF-8 byte order mark `bytes` start with (3 or 0): what a document,
    /// a JSON Lines input's first line and an HTTP body may begin with, and their readers skip.
    @_spi(Tooling) public static func byteOrderMarkLength(_ bytes: some Collection<UInt8>) -> Int {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// Parses one JSON document.
    /// - Throws: ``Error`` with the place of the first problem.
    @_spi(Tooling) public static func parse(_ bytes: some Collection<UInt8>) throws(Error) -> Value {
        // Contiguous input (an array, a buffer slice) is read in place, not copied.
        if let result = bytes.withContiguousStorageIfAvailable({ parse(buffer: $0) }) { return try result.get() }
        return try Array(bytes).withUnsafeBufferPointer { parse(buffer: $0) }.get()
    }

    private static func parse(
        buffer: UnsafeBufferPointer<UInt8>, toleratingNumbersOutOfRange: Bool = false
    ) -> Result<Value, Error> {
        var reader = JSONReader(buffer)
        reader.toleratesNumbersOutOfRange = toleratingNumbersOutOfRange
        do throws(Error) {
            reader.skipWhitespace()
            let value = try reader.parseValue()
            reader.skipWhitespace()
            if reader.position < buffer.count { throw reader.error("unexpected text after the JSON value") }
            return .success(value)
        } catch {
            return .failure(error)
        }
    }

    /// Parses one JSON document from text.
    @_spi(Tooling) public static func parse(_ text: String) throws(Error) -> Value { try parse(Array(text.utf8)) }

    private func error(_ message: String, at offset: Int? = nil) -> Error {
        let place = SourcePosition(ofByte: min(offset ?? position, bytes.count), in: bytes)
        return Error(message: message, line: place.line, column: place.column)
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(Error) -> Value {
        guard position < bytes.count else { throw error("unexpected end of input, expected a value") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected character, expected a value")
        }
    }

    private mutating func expect(_ word: StaticString) throws(Error) {
        // A byte that differs is a misspelt literal even where the input ends before the word
        // would (`{"x":tx}`); only a true start of the word cut off by the end is a short input.
        let count = word.utf8CodeUnitCount
        for index in 0..<min(count, bytes.count - position) where bytes[position + index] != word.utf8Start[index] {
            throw error("invalid literal, expected '\(word)'")
        }
        guard position + count <= bytes.count else { throw error("unexpected end of input") }
        position += count
    }

    private mutating func enter() throws(Error) {
        depth += 1
        if depth > Self.maxDepth { throw error("nesting is deeper than \(Self.maxDepth) levels") }
    }

    private mutating func parseObject() throws(Error) -> Value {
        try enter()
        position += 1
        var members: [Value.Member] = []
        // Most objects are one form input of a handful of fields: size once instead of growing.
        members.reserveCapacity(8)
        // Duplicate keys are found by a scan while objects are small (the usual form input), and
        // by a set once they grow, so neither case allocates more than it needs.
        // Keys are told apart by their exact scalars, like field names (U+212A KELVIN SIGN is not K).
        var keys: Set<ExactText>?
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw error("expected a string key")
            }
            let keyStart = position
            let key = try parseString()
            let duplicate: Bool
            if members.count < 16 {
                duplicate = members.contains { $0.key.utf8.elementsEqual(key.utf8) }
            } else {
                // Inserted in place: a copy taken out and put back was copied whole on every key
                // (quadratic in the keys of a large object).
                if keys == nil { keys = Set(members.map { ExactText($0.key) }) }
                duplicate = !keys!.insert(ExactText(key)).inserted
            }
            guard !duplicate else {
                // A nested object may be a secret's value: quote only the keys that name fields.
                throw error(depth == 1 ? "duplicate key \"\(key)\"" : "duplicate key in a nested object", at: keyStart)
            }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("expected ':'") }
            position += 1
            skipWhitespace()
            members.append(Value.Member(key, try parseValue()))
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of input, expected ',' or '}'") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            guard bytes[position] == UInt8(ascii: "}") else { throw error("expected ',' or '}'") }
            position += 1
            depth -= 1
            return .object(members)
        }
    }

    private mutating func parseArray() throws(Error) -> Value {
        try enter()
        position += 1
        var items: [Value] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try parseValue())
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of input, expected ',' or ']'") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            guard bytes[position] == UInt8(ascii: "]") else { throw error("expected ',' or ']'") }
            position += 1
            depth -= 1
            return .array(items)
        }
    }

    private mutating func parseString() throws(Error) -> String {
        position += 1
        let start = position
        // Fast path: no escapes, so the bytes between the quotes are the string.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<position])
                position += 1
                guard let string = Self.validatedString(slice) else {
                    throw error("invalid UTF-8 in string", at: start)
                }
                return string
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("control character in string") }
            position += 1
        }
        var scalars = Array(bytes[start..<position])
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                guard let string = scalars.withUnsafeBufferPointer(Self.validatedString) else {
                    throw error("invalid UTF-8 in string", at: start)
                }
                return string
            case UInt8(ascii: "\\"):
                position += 1
                guard position < bytes.count else { break }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                            bytes[position + 1] == UInt8(ascii: "u")
                        else { throw error("unpaired surrogate in \\u escape") }
                        position += 2
                        let low = try parseHex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(code) {
                        throw error("unpaired surrogate in \\u escape")
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                    scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: throw error("invalid escape sequence")
                }
            default:
                if byte < 0x20 { throw error("control character in string") }
                scalars.append(byte)
                position += 1
            }
        }
        throw error("unterminated string", at: start - 1)
    }

    /// `bytes` as a string, or `nil` when they are not valid UTF-8. (`String(validating:as:)`
    /// would do, but needs macOS 15; this runs wherever the package does.)
    private static func validatedString(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if !bytes.contains(where: { $0 >= 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        let hadError = transcode(
            bytes.makeIterator(), from: UTF8.self, to: UTF32.self, stoppingOnError: true, into: { _ in })
        return hadError ? nil : String(decoding: bytes, as: UTF8.self)
    }

    private mutating func parseHex4() throws(Error) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("invalid \\u escape") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid \\u escape")
            }
            code = code << 4 | digit
            position += 1
        }
        return code
    }

    private mutating func parseNumber() throws(Error) -> Value {
        let start = position
        var isIntegral = true
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        func digits(_ reader: inout JSONReader) -> Int {
            let first = reader.position
            while reader.position < reader.bytes.count,
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(reader.bytes[reader.position])
            {
                reader.position += 1
            }
            return reader.position - first
        }
        let integerDigits = digits(&self)
        guard integerDigits > 0 else { throw error("invalid number") }
        if integerDigits > 1, bytes[position - integerDigits] == UInt8(ascii: "0") {
            throw error("invalid number: leading zero", at: start)
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isIntegral = false
            position += 1
            guard digits(&self) > 0 else { throw error("invalid number: expected digits after '.'") }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            isIntegral = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard digits(&self) > 0 else { throw error("invalid number: expected exponent digits") }
        }
        guard let number = Self.number(UnsafeBufferPointer(rebasing: bytes[start..<position]), isIntegral: isIntegral)
        else {
            if toleratesNumbersOutOfRange { return .null }
            throw error(Self.numberOutOfRange, at: start)
        }
        return number
    }

    /// The value of number text already checked against JSON's grammar: an exact `.integer` for a
    /// whole number that fits `Int64` (`55`, `55.0`, `5.5e1`), otherwise `.number` with the
    /// nearest `Double` that is not whole unless the number is (``DecimalNumber``), infinite
    /// beyond `Double`'s range so that only the field that receives it fails (`type`), not the
    /// whole document. `nil` for a number out of range (``DecimalNumber/maxExponent``), which no
    /// value holds exactly. Shared by every JSON scanner so that numbers read the same everywhere.
    static func number(_ text: UnsafeBufferPointer<UInt8>, isIntegral: Bool) -> Value? {
        // Most numbers in form input are small integers: skip the exact decimal reading for them.
        if isIntegral, text.count <= 18 {
            var value: Int64 = 0
            var index = 0
            let negative = text.first == UInt8(ascii: "-")
            if negative { index = 1 }
            while index < text.count {
                value = value * 10 + Int64(text[index] &- UInt8(ascii: "0"))
                index += 1
            }
            return .integer(negative ? -value : value)
        }
        // DecimalNumber reads a superset of JSON's number grammar: `nil` only for the exponent.
        guard let number = DecimalNumber(String(decoding: text, as: UTF8.self)) else { return nil }
        if let integer = number.integer { return .integer(integer) }
        return .number(number.exact)
    }
}
