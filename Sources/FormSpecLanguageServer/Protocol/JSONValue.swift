@_spi(Tooling) import FormSpecRuntime

/// Reading LSP messages: JSON values are FormSpec's own ``Value`` (objects keep their key order,
/// so replies are byte-stable for golden files).
extension Value {
    /// The member `key` of an object.
    subscript(key: String) -> Value? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The string, when this is one.
    var string: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The integer, when this is an integral number that fits `Int`.
    var int: Int? {
        switch self {
        case .integer(let value): return Int(exactly: value)
        case .number(let value): return value.int64.flatMap { Int(exactly: $0) }
        default: return nil
        }
    }

    /// The items, when this is an array.
    var array: [Value]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// An object from `members` in order, leaving out `nil` values.
    static func record(_ members: KeyValuePairs<String, Value?>) -> Value {
        .object(members.compactMap { key, value in value.map { Member(key, $0) } })
    }

    /// `{"line": …, "character": …}`.
    init(_ position: LSPPosition) {
        self = ["line": .integer(Int64(position.line)), "character": .integer(Int64(position.character))]
    }

    /// `{"start": …, "end": …}`.
    init(_ range: LSPRange) {
        self = ["start": Value(range.start), "end": Value(range.end)]
    }

    /// Reads `{"line": …, "character": …}`.
    var position: LSPPosition? {
        guard let line = self["line"]?.int, let character = self["character"]?.int else { return nil }
        return LSPPosition(line: line, character: character)
    }

    /// Reads `{"line": …, "character": …}` of a request, where any number is taken: a fractional one
    /// rounded down, one beyond `Int` at its end. The text clamps the result, and answering a little
    /// beside a position a client cannot write is harmless; an edit's range is read strictly
    /// (``range``), since text put in the wrong place would corrupt the document.
    var clampedPosition: LSPPosition? {
        guard let line = self["line"]?.clampedInt, let character = self["character"]?.clampedInt else { return nil }
        return LSPPosition(line: line, character: character)
    }

    /// The number rounded down and clamped to `Int`, when this is a number.
    private var clampedInt: Int? {
        switch self {
        case .integer(let value): return Int(clamping: value)
        case .number(let value):
            let floor = value.double.rounded(.down)
            // `Double(Int.max)` is 2⁶³, one past `Int.max`.
            if floor >= Double(Int.max) { return .max }
            if floor <= Double(Int.min) { return .min }
            return Int(floor)
        default: return nil
        }
    }

    /// Reads `{"start": …, "end": …}`.
    var range: LSPRange? {
        guard let start = self["start"]?.position, let end = self["end"]?.position else { return nil }
        return LSPRange(start: start, end: end)
    }
}

/// JSON-RPC and LSP error codes.
enum ErrorCode: Int64 {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case internalError = -32603
    case serverNotInitialized = -32002
    case requestCancelled = -32800
}
