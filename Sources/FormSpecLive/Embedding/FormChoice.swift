#if canImport(Foundation)
    internal import Foundation
#endif

/// The options of a `choice` field in a typed input (the enums `formspec compile --emit swift`
/// generates): an option's raw value is its value in the spec, and it decodes from a JSON string,
/// number or boolean, as the field reads it (`1`, `"1"` and `true`, `"true"` name the same option).
public protocol FormChoice: RawRepresentable, CaseIterable, Codable, Sendable where RawValue == String {}

extension FormChoice {
    /// Decodes an option from a JSON string, number or boolean.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text: String
        if let string = try? container.decode(String.self) {
            text = string
        } else if let flag = try? container.decode(Bool.self) {
            text = flag ? "true" : "false"
        } else if let number = try? container.decode(Decimal.self) {
            text = "\(number)"
        } else {
            text = ""
        }
        guard let option = Self(rawValue: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an option of \(Self.self)")
        }
        self = option
    }
}
