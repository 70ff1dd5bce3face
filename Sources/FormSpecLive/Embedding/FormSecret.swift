/// A `secret` field's value in a typed input (the `Input` structs `formspec compile --emit swift`
/// generates): its text never shows in a description, a debug description, `dump` or a
/// decoding error. Read it with ``revealed`` where it is really needed.
public struct FormSecret: Sendable, Hashable, Codable, ExpressibleByStringLiteral, CustomStringConvertible,
    CustomDebugStringConvertible, CustomReflectable
{
    /// The secret text.
    public var revealed: String

    /// Wraps a secret text.
    public init(_ text: String) { revealed = text }

    public init(stringLiteral text: String) { revealed = text }

    /// Decodes from a JSON string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let text = try? container.decode(String.self) else {
            throw DecodingError.typeMismatch(
                String.self,
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "a secret is a string"))
        }
        revealed = text
    }

    /// Encodes as a JSON string (the input a form reads).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(revealed)
    }

    /// `••••`, whatever the secret.
    public var description: String { "••••" }
    public var debugDescription: String { "FormSecret(••••)" }
    /// No children: `dump` and reflection show nothing of the text.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
