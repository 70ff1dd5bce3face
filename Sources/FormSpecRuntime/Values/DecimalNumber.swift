/// The exact reading of a decimal number's text, shared by the JSON reader and the string coercions.
///
/// FormSpec's numbers are decimal text, read exactly: whether a number is whole is decided on its
/// digits, never on the `Double` nearest to it, so `55.0000000000000001` is not the integer 55 and
/// `1e-400` is not 0. Whole numbers that fit `Int64` are kept as `Int64`; every other number as
/// its ``ExactDecimal``.
struct DecimalNumber {
    /// Whether the text denotes a whole number (exactly, from its digits).
    var isWhole: Bool
    /// The value when it is whole and fits `Int64`.
    var integer: Int64?
    /// The nearest `Double`; infinite when the value is beyond `Double`'s range. When the value is
    /// not whole but its nearest `Double` is, this is the adjacent `Double` on the value's side, so
    /// no reader can take a fraction for a whole number.
    var double: Double
    /// The exact value.
    var exact: ExactDecimal
}

extension DecimalNumber {
    /// The largest power of ten of a number's last significant digit, either way (`1e-1000000000`,
    /// `0.1e-999999999`); past it a number is out of range: no exact reading of it is kept, and its
    /// text could not be read back.
    static let maxExponent = 1_000_000_000

    /// Reads `text` in JSON's number grammar, also accepting a leading `+`, a missing integer part
    /// (`.5`) or fraction digits (`5.`); `nil` for anything else (hex, `inf`, `nan`, spaces) and
    /// for a number out of range (``maxExponent``).
    init?(_ text: some StringProtocol) {
        guard let parsed = Self.parse(Array(text.utf8)) else { return nil }
        self = parsed
    }

    private static func parse(_ bytes: [UInt8]) -> DecimalNumber? {
        var index = 0
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        // The significant digits (without leading zeros) and the power of ten of the last one.
        var digits: [UInt8] = []
        var exponent = 0
        var sawDigit = false
        while index < bytes.count, let digit = Self.digit(bytes[index]) {
            sawDigit = true
            if digit != 0 || !digits.isEmpty { digits.append(digit) }
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, let digit = Self.digit(bytes[index]) {
                sawDigit = true
                if digit != 0 || !digits.isEmpty { digits.append(digit) }
                exponent -= 1
                index += 1
            }
        }
        guard sawDigit else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            var written = 0
            var sawExponentDigit = false
            while index < bytes.count, let digit = Self.digit(bytes[index]) {
                sawExponentDigit = true
                // Saturated past any exponent a number in range can be written with (its digits
                // are fewer than an input's bytes), and refused below.
                written = min(written * 10 + Int(digit), 4 * Self.maxExponent)
                index += 1
            }
            guard sawExponentDigit else { return nil }
            exponent += exponentNegative ? -written : written
        }
        guard index == bytes.count else { return nil }
        while digits.last == 0 {
            digits.removeLast()
            exponent += 1
        }
        // Out of range: refused rather than rounded.
        guard digits.isEmpty || abs(exponent) <= Self.maxExponent else { return nil }
        // Swift's parser is correctly rounded and gives ±infinity beyond the range.
        guard let nearest = Double(String(decoding: bytes, as: UTF8.self)) else { return nil }
        let exact = ExactDecimal(isNegative: negative, digits: digits, exponent: exponent, double: nearest)
        if digits.isEmpty { return DecimalNumber(isWhole: true, integer: 0, double: 0, exact: exact) }
        // Digits to the left of the point: exactly the integral part's length.
        let integralDigits = digits.count + exponent
        if exponent >= 0 {
            return DecimalNumber(
                isWhole: true, integer: integralDigits <= 19 ? Self.int64(digits, zeros: exponent, negative) : nil,
                double: nearest, exact: exact)
        }
        var double = nearest
        if double.isFinite, double == double.rounded(), abs(double) < 9_007_199_254_740_992 {
            // The nearest Double is whole but the value is not: step off it towards the value.
            let floor = integralDigits <= 0 ? 0 : Self.int64(Array(digits.prefix(integralDigits)), zeros: 0, false) ?? 0
            let valueIsAbove = abs(double) <= Double(floor)
            let away = valueIsAbove ? abs(double).nextUp : abs(double).nextDown
            double = negative ? -away : away
        }
        return DecimalNumber(
            isWhole: false, integer: nil, double: double,
            exact: ExactDecimal(isNegative: negative, digits: digits, exponent: exponent, double: double))
    }

    private static func digit(_ byte: UInt8) -> UInt8? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : nil
    }

    /// `digits` followed by `zeros` zeros as an `Int64`, or `nil` when it does not fit.
    private static func int64(_ digits: [UInt8], zeros: Int, _ negative: Bool) -> Int64? {
        // Accumulate negatively so that Int64.min fits.
        var value: Int64 = 0
        for digit in digits + repeatElement(0, count: zeros) {
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = times.subtractingReportingOverflow(Int64(digit))
            if overflow1 || overflow2 { return nil }
            value = next
        }
        if negative { return value }
        return value == .min ? nil : -value
    }
}
