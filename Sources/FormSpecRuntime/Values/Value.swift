/// A value as it arrives from outside: a JSON (or YAML) document's node.
///
/// Field values are read from these and coerced to the field's type (``Scalar``) before rules run.
public enum Value: Sendable, Hashable {
    case null
    case bool(Bool)
    /// An integral number that fits `Int64`.
    case integer(Int64)
    /// Any other number, exactly as its decimal text wrote it (``ExactDecimal``). A number beyond
    /// `Double`'s range (JSON `1e400`) is kept too; every field reads it as a `type` failure.
    indirect case number(ExactDecimal)
    case string(String)
    case array([Value])
    /// An object, keys in input order.
    case object([Member])

    /// One `key: value` member of an object.
    public struct Member: Sendable, Hashable {
        /// The member's key.
        public var key: String
        /// The member's value.
        public var value: Value

        /// Creates a member.
        public init(_ key: String, _ value: Value) {
            self.key = key
            self.value = value
        }
    }

    /// The members when this is an object.
    public var members: [Member]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// A word for the value's kind, for messages.
    package var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension Value: ExpressibleByStringLiteral, ExpressibleByStringInterpolation, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByNilLiteral, ExpressibleByDictionaryLiteral,
    ExpressibleByArrayLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    /// A string with interpolations (`["email": "u\(index)@example.com"]`) is a string too.
    public init(stringInterpolation: DefaultStringInterpolation) {
        self = .string(String(stringInterpolation: stringInterpolation))
    }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .number(ExactDecimal(floatLiteral: value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(nilLiteral: ()) { self = .null }
    public init(dictionaryLiteral elements: (String, Value)...) {
        self = .object(elements.map { Member($0.0, $0.1) })
    }
    public init(arrayLiteral elements: Value...) { self = .array(elements) }
}

extension Value: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self), let exact = ExactDecimal(value) {
            self = .number(exact)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([Value].self) {
            self = .array(value)
        } else {
            let object = try container.decode([String: Value].self)
            self = .object(object.sorted { $0.key < $1.key }.map { Member($0.key, $0.value) })
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value):
            // A double when it holds the number exactly; else the decimal text, which a number
            // field reads back exactly (a program's `default: 0.30000000000000000001` stays so).
            if let shortest = ExactDecimal(value.double), shortest == value {
                try container.encode(value.double)
            } else {
                try container.encode(value.description)
            }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let members):
            try container.encode(Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 }))
        }
    }
}
