@_spi(Tooling) import FormSpecRuntime

#if canImport(Foundation)
    internal import Foundation
#endif

/// The options of a `choice` field in a typed input (the enums `formspec compile --emit swift`
/// generates): an option's raw value is its value in the spec, and it decodes from a JSON string,
/// number or boolean, as the field reads it (`1`, `"1"` and `true`, `"true"` name the same option).
public protocol FormChoice: RawRepresentable, CaseIterable, Codable, Sendable where RawValue == String {}

extension FormChoice {
    /// Decodes an option from a JSON string, number or boolean.
    ///
    /// A number names the option the runtime matches it with: `0.0000001`, `1e-7` and `1.0e-7` all
    /// name the option `0.0000001` (raw value `1e-07`). The number arrives as a `Decimal`, which
    /// keeps 38 significant digits and drops the rest, or as the nearest `Double` when its exponent
    /// is beyond a `Decimal`'s (`1e300`): a number with more digits is matched without the digits it
    /// lost.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text: String
        if let string = try? container.decode(String.self) {
            text = string
        } else if let flag = try? container.decode(Bool.self) {
            text = flag ? "true" : "false"
        } else if let number = try? container.decode(Decimal.self) {
            text = Self.optionText(ofNumber: number.description)
        } else if let number = try? container.decode(Double.self) {
            text = Self.optionText(ofNumber: number.description)
        } else {
            text = ""
        }
        guard let option = Self(rawValue: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an option of \(Self.self)")
        }
        self = option
    }

    /// The text a choice field matches a number by (`1e-07`, `1e+21`, `2`): the number's text read
    /// as JSON reads a number, then written as a choice field writes an input number; empty for
    /// text that is no finite number (`NaN`).
    private static func optionText(ofNumber number: String) -> String {
        guard let value = try? JSONReader.parse(number) else { return "" }
        return FieldType.canonicalText(value) ?? ""
    }
}
