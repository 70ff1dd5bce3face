/// A decimal number held exactly, as it was written: a sign, its significant digits and a power
/// of ten.
///
/// FormSpec compares numbers as decimals, never through the nearest binary `Double`:
/// `0.30000000000000000001` is more than `0.3`, `0.10000000000000000001` is not `0.1`, and
/// `multiple_of: 0.01` accepts `12345678.91` and refuses `12345678.915` at any magnitude. Every
/// digit written is kept (the size of an input is bounded by `--max-input-bytes`); a number whose
/// magnitude is beyond `Double`'s range (about 1.8 × 10³⁰⁸) is refused where it is read, so every
/// value also has a finite nearest ``double`` for display and for hosts that want one.
///
/// Values are normalised (no leading or trailing zeros, zero is unsigned), so `==` and hashing are
/// by value: `1.0 == 1.00 == 1`.
public struct ExactDecimal: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Whether the value is below zero (never true for zero).
    package let isNegative: Bool
    /// The significant digits (0-9), most significant first, without leading or trailing zeros;
    /// empty for zero.
    let digits: [UInt8]
    /// The power of ten of the last digit: the value is `digits × 10^exponent`.
    let exponent: Int
    /// The `Double` nearest to the value (infinite beyond `Double`'s range).
    public let double: Double

    init(isNegative: Bool, digits: [UInt8], exponent: Int, double: Double) {
        var digits = digits[...]
        while digits.first == 0 { digits.removeFirst() }
        var exponent = exponent
        while digits.last == 0 {
            digits.removeLast()
            exponent += 1
        }
        self.isNegative = digits.isEmpty ? false : isNegative
        self.digits = Array(digits)
        self.exponent = digits.isEmpty ? 0 : exponent
        self.double = digits.isEmpty ? 0 : double
    }

    /// Reads `text` in JSON's number grammar, also accepting a leading `+`, a missing integer part
    /// (`.5`) or fraction digits (`5.`); `nil` for anything else (hex, `inf`, `nan`, spaces).
    public init?(_ text: some StringProtocol) {
        guard let number = DecimalNumber(text) else { return nil }
        self = number.exact
    }

    /// The integer `value`.
    public init(_ value: Int64) {
        var digits: [UInt8] = []
        var magnitude = value.magnitude
        repeat {
            digits.append(UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        self.init(isNegative: value < 0, digits: digits.reversed(), exponent: 0, double: Double(value))
    }

    /// The decimal a finite `Double` stands for: the shortest decimal that reads back as it
    /// (`0.1` for the `Double` nearest to 0.1), as Swift prints it; `nil` for an infinity or NaN.
    public init?(_ value: Double) {
        guard value.isFinite, let parsed = DecimalNumber(value.description) else { return nil }
        self = parsed.exact
    }

    /// Whether the value has no fractional part.
    package var isWhole: Bool { exponent >= 0 }

    /// Whether the value is zero.
    package var isZero: Bool { digits.isEmpty }

    /// The value when it is whole and fits `Int64`.
    package var int64: Int64? {
        guard isWhole, digits.count + exponent <= 19 else { return nil }
        var value: Int64 = 0
        for digit in digits + repeatElement(0, count: exponent) {
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = times.subtractingReportingOverflow(Int64(digit))
            if overflow1 || overflow2 { return nil }
            value = next
        }
        if isNegative { return value }
        return value == .min ? nil : -value
    }

    /// -1, 0 or 1 as `self` is less than, equal to or greater than `other`, exactly.
    public func compare(_ other: ExactDecimal) -> Int {
        if isNegative != other.isNegative { return isNegative ? -1 : 1 }
        let magnitude = Self.compareMagnitudes(self, other)
        return isNegative ? -magnitude : magnitude
    }

    public static func < (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool { lhs.compare(rhs) < 0 }

    private static func compareMagnitudes(_ a: ExactDecimal, _ b: ExactDecimal) -> Int {
        if a.isZero || b.isZero { return a.isZero ? (b.isZero ? 0 : -1) : 1 }
        // The power of ten of the leading digit decides, then the digits from the left.
        let leadA = a.digits.count + a.exponent
        let leadB = b.digits.count + b.exponent
        if leadA != leadB { return leadA < leadB ? -1 : 1 }
        for (x, y) in zip(a.digits, b.digits) where x != y { return x < y ? -1 : 1 }
        return a.digits.count == b.digits.count ? 0 : (a.digits.count < b.digits.count ? -1 : 1)
    }

    /// Whether `self ÷ divisor` is a whole number, decided exactly; `false` for a zero divisor.
    ///
    /// With `self = A × 10^a` and `divisor = B × 10^b` (A and B without trailing zeros): when
    /// `a < b` the quotient has A's last, non-zero digit behind the point, so only zero passes;
    /// otherwise the question is whether B divides `A × 10^(a-b)`. Powers of ten beyond B's bit
    /// length change nothing (B's factors 2 and 5 are covered by then, and 10 is coprime with the
    /// rest), so the work is linear in the digits, whatever the exponents.
    package func isMultiple(of divisor: ExactDecimal) -> Bool {
        guard !divisor.isZero else { return false }
        if isZero { return true }
        guard exponent >= divisor.exponent else { return false }
        let shift = min(exponent - divisor.exponent, divisor.digits.count * 4 + 4)
        let modulus = Limbs(digits: divisor.digits)
        var remainder = Limbs()
        for digit in digits { remainder.appendDigit(digit, modulo: modulus) }
        for _ in 0..<shift { remainder.appendDigit(0, modulo: modulus) }
        return remainder.isZero
    }

    /// The most digits an exact sum may take (from its leading digit to its last): a sum wider than
    /// this is not formed. Values are bounded by `Double`'s range (about 10³⁰⁸) but their last digit
    /// is not (`1e-1000000000` reads exactly), so without a bound one sum could fill memory.
    package static let maxSumDigits = 4096

    /// `self + other`, exactly; `nil` when the sum spans more than ``maxSumDigits`` digits.
    package func adding(_ other: ExactDecimal) -> ExactDecimal? {
        if other.isZero { return self }
        if isZero { return other }
        let low = Swift.min(exponent, other.exponent)
        let high = Swift.max(digits.count + exponent, other.digits.count + other.exponent)
        // One more place for a carry.
        let width = high - low + 1
        guard width <= Self.maxSumDigits else { return nil }
        // Least significant first, aligned at `low`.
        func aligned(_ value: ExactDecimal) -> [Int] {
            var places = [Int](repeating: 0, count: width)
            for (offset, digit) in value.digits.reversed().enumerated() {
                places[offset + value.exponent - low] = Int(digit)
            }
            return places
        }
        var result: [Int]
        let negative: Bool
        if isNegative == other.isNegative {
            let (a, b) = (aligned(self), aligned(other))
            result = a
            var carry = 0
            for place in 0..<width {
                let sum = a[place] + b[place] + carry
                result[place] = sum % 10
                carry = sum / 10
            }
            negative = isNegative
        } else {
            let order = Self.compareMagnitudes(self, other)
            if order == 0 { return ExactDecimal(0) }
            let (larger, smaller) = order > 0 ? (self, other) : (other, self)
            let (a, b) = (aligned(larger), aligned(smaller))
            result = a
            var borrow = 0
            for place in 0..<width {
                var difference = a[place] - b[place] - borrow
                borrow = difference < 0 ? 1 : 0
                if difference < 0 { difference += 10 }
                result[place] = difference
            }
            negative = larger.isNegative
        }
        // Read back as text so the nearest `Double` is chosen exactly as for any number read.
        var text = negative ? "-" : ""
        text.unicodeScalars.append(contentsOf: result.reversed().map { Unicode.Scalar(UInt8(48 + $0)) })
        text += "e\(low)"
        return DecimalNumber(text)?.exact
    }

    /// The value as JSON writes it: plain digits, or scientific notation for very large or very
    /// small magnitudes; the same text as the nearest `Double` prints when that `Double` stands for
    /// exactly this value (`0.3`, `2.5`, `1e-05`); `1e999` / `-1e999` beyond `Double`'s range.
    public var description: String {
        // Beyond Double's range the value is refused wherever it is read; keep JSON short and valid.
        if !double.isFinite { return double < 0 ? "-1e999" : "1e999" }
        if let shortest = ExactDecimal(double), shortest == self { return Scalar.format(double) }
        if isZero { return "0" }
        let sign = isNegative ? "-" : ""
        let text = String(decoding: digits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
        let lead = digits.count + exponent
        if exponent >= 0, lead <= 21 { return sign + text + String(repeating: "0", count: exponent) }
        if exponent < 0, lead > 0 {
            let point = text.index(text.startIndex, offsetBy: lead)
            return sign + text[..<point] + "." + text[point...]
        }
        if exponent < 0, lead > -7 { return sign + "0." + String(repeating: "0", count: -lead) + text }
        let mantissa = digits.count == 1 ? text : String(text.prefix(1)) + "." + text.dropFirst()
        return sign + mantissa + "e" + (lead - 1 >= 0 ? "+" : "") + String(lead - 1)
    }
}

extension ExactDecimal {
    /// How the value reads in a message: every digit in plain notation (`1000000000000000000000`,
    /// `0.0000001`, `2.5`), unlike JSON's ``description`` (`1e+21`, `1e-07`); in scientific
    /// notation (`1e+300`, `2.5e-40`) only when plain notation would take more than
    /// ``messageZeros`` zeros besides the digits.
    package var messageText: String {
        if isZero { return "0" }
        let sign = isNegative ? "-" : ""
        let text = String(decoding: digits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
        let lead = digits.count + exponent
        if exponent >= 0, exponent <= Self.messageZeros {
            return sign + text + String(repeating: "0", count: exponent)
        }
        if exponent < 0, lead > 0 {
            let point = text.index(text.startIndex, offsetBy: lead)
            return sign + text[..<point] + "." + text[point...]
        }
        if lead <= 0, -lead <= Self.messageZeros {
            return sign + "0." + String(repeating: "0", count: -lead) + text
        }
        let mantissa = digits.count == 1 ? text : String(text.prefix(1)) + "." + text.dropFirst()
        return sign + mantissa + "e" + (lead - 1 >= 0 ? "+" : "") + String(lead - 1)
    }

    /// The most zeros besides its digits that a number takes in a message in plain notation.
    package static let messageZeros = 30
}

extension ExactDecimal: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    public init(integerLiteral value: Int64) { self.init(value) }

    /// The decimal the literal's `Double` stands for (`0.1` is one tenth).
    public init(floatLiteral value: Double) {
        self = ExactDecimal(value) ?? ExactDecimal(isNegative: false, digits: [], exponent: 0, double: value)
    }
}

extension ExactDecimal: Codable {
    /// Reads a JSON number, or a string holding one (what ``encode(to:)`` writes for a value that
    /// no `Double` stands for).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            guard let value = ExactDecimal(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a decimal number: \(text)")
            }
            self = value
        } else if let integer = try? container.decode(Int64.self) {
            self.init(integer)
        } else {
            let double = try container.decode(Double.self)
            guard let value = ExactDecimal(double) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a finite number")
            }
            self = value
        }
    }

    /// A number when a `Double` stands for exactly this value, else its decimal text as a string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let shortest = ExactDecimal(double), shortest == self {
            try container.encode(double)
        } else {
            try container.encode(description)
        }
    }
}

/// A non-negative whole number in base 10⁹ limbs (least significant first): just enough
/// arithmetic for ``ExactDecimal/isMultiple(of:)``'s remainder.
private struct Limbs {
    static let base: UInt64 = 1_000_000_000
    var limbs: [UInt64] = []

    init() {}

    /// The number whose decimal digits are `digits`.
    init(digits: [UInt8]) {
        var value = Limbs()
        for digit in digits { value.multiplyAdd(10, UInt64(digit)) }
        self = value
    }

    var isZero: Bool { limbs.allSatisfy { $0 == 0 } }

    /// `self = self × factor + addend` (factor ≤ 10).
    mutating func multiplyAdd(_ factor: UInt64, _ addend: UInt64) {
        var carry = addend
        for index in limbs.indices {
            let product = limbs[index] * factor + carry
            limbs[index] = product % Self.base
            carry = product / Self.base
        }
        if carry > 0 { limbs.append(carry) }
    }

    /// `self = (self × 10 + digit) mod modulus`, for `self < modulus`.
    mutating func appendDigit(_ digit: UInt8, modulo modulus: Limbs) {
        multiplyAdd(10, UInt64(digit))
        // self < 10 × modulus: at most nine subtractions.
        while compare(modulus) >= 0 { subtract(modulus) }
    }

    private func compare(_ other: Limbs) -> Int {
        let count = max(limbs.count, other.limbs.count)
        for index in stride(from: count - 1, through: 0, by: -1) {
            let a = index < limbs.count ? limbs[index] : 0
            let b = index < other.limbs.count ? other.limbs[index] : 0
            if a != b { return a < b ? -1 : 1 }
        }
        return 0
    }

    /// `self -= other`, for `self >= other`.
    private mutating func subtract(_ other: Limbs) {
        var borrow: UInt64 = 0
        for index in limbs.indices {
            let b = (index < other.limbs.count ? other.limbs[index] : 0) + borrow
            if limbs[index] >= b {
                limbs[index] -= b
                borrow = 0
            } else {
                limbs[index] = limbs[index] + Self.base - b
                borrow = 1
            }
        }
        while limbs.last == 0 { limbs.removeLast() }
    }
}
