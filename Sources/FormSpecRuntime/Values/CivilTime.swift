/// A time of day with no date or zone: `HH:MM`, `HH:MM:SS` or `HH:MM:SS.fraction` (RFC 3339
/// `partial-time`, seconds optional), stored exactly as nanoseconds since midnight.
///
/// Hours are 00–23, minutes and seconds 00–59: a civil time has no date or offset, so a leap second
/// (`23:59:60`) cannot be placed and is not a time. A fraction has 1 to 9 digits (nanoseconds);
/// more digits are not a time, so every accepted time compares exactly. Two spellings of one time
/// (`09:00`, `09:00:00`, `09:00:00.000`) are equal; ``description`` gives back the spelling that
/// was read, for messages. The spelling is kept as a digit count, not as text, so reading a time
/// allocates nothing.
public struct CivilTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Nanoseconds since midnight: 0 up to one day for a time that was read; a bound shifted by an
    /// offset (`{field: start, offset: 90m}`) may lie before or beyond the day, and stays ordered.
    package var nanoseconds: Int64
    /// How the time was written: ``Self/withoutSeconds`` (`HH:MM`), 0 (`HH:MM:SS`), 1–9 (that
    /// many fraction digits), or ``Self/computed`` (spelled canonically).
    package var fractionDigits: Int8

    /// ``fractionDigits`` of a time written `HH:MM`.
    package static let withoutSeconds: Int8 = -2
    /// ``fractionDigits`` of a computed time: `HH:MM:SS` and the fraction's significant digits.
    package static let computed: Int8 = -1

    /// Nanoseconds in one second.
    package static let nanosecondsPerSecond: Int64 = 1_000_000_000
    /// Nanoseconds in one day.
    package static let nanosecondsPerDay: Int64 = 86_400 * nanosecondsPerSecond

    /// Creates a time from nanoseconds since midnight, spelled canonically.
    package init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
        self.fractionDigits = Self.computed
    }

    /// Creates a time of day, or returns `nil` when a component is out of range.
    public init?(hour: Int, minute: Int, second: Int = 0, nanosecond: Int = 0) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second),
            (0..<1_000_000_000).contains(nanosecond)
        else { return nil }
        self.init(
            nanoseconds: Int64((hour * 60 + minute) * 60 + second) * Self.nanosecondsPerSecond + Int64(nanosecond))
    }

    /// Parses `HH:MM`, `HH:MM:SS` or `HH:MM:SS.F` (1–9 fraction digits); `nil` for anything else,
    /// including `24:00`, `23:59:60`, `9:00`, spaces and non-ASCII digits.
    public init?(parsing text: String) {
        var text = text
        guard let time = text.withUTF8({ CivilTime(utf8: $0) }) else { return nil }
        self = time
    }

    /// Parses a time from UTF-8 bytes in place, as ``init(parsing:)`` does.
    package init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count >= 5, bytes.count <= 18,
            let time = TimeSyntax.partialTime(bytes, from: 0, secondsRequired: false),
            time.end == bytes.count, time.second < 60
        else { return nil }
        nanoseconds = time.nanoseconds
        fractionDigits = time.fractionDigits
    }

    public static func == (lhs: CivilTime, rhs: CivilTime) -> Bool { lhs.nanoseconds == rhs.nanoseconds }
    public static func < (lhs: CivilTime, rhs: CivilTime) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
    public func hash(into hasher: inout Hasher) { hasher.combine(nanoseconds) }

    /// The time as it was written, or `HH:MM:SS[.F]` for a computed one.
    public var description: String {
        guard fractionDigits != Self.computed, (0..<Self.nanosecondsPerDay).contains(nanoseconds) else {
            return Self.canonicalText(nanoseconds)
        }
        let seconds = Int(nanoseconds / Self.nanosecondsPerSecond)
        let clock = TimeSyntax.pad(seconds / 3600, 2) + ":" + TimeSyntax.pad(seconds / 60 % 60, 2)
        if fractionDigits == Self.withoutSeconds { return clock }
        return clock + ":" + TimeSyntax.pad(seconds % 60, 2)
            + TimeSyntax.fraction(Int(nanoseconds % Self.nanosecondsPerSecond), digits: Int(fractionDigits))
    }

    /// This time moved by `step`, exactly, without wrapping at midnight: `23:45` plus `30m` lies
    /// beyond every time of the day, so no time of the same day is after it.
    package func adding(_ step: TimeStep) -> CivilTime {
        CivilTime(nanoseconds: nanoseconds + step.seconds * Self.nanosecondsPerSecond)
    }

    /// `HH:MM:SS`, with the fraction's significant digits when there is one; a time beyond the day
    /// counts its hours on (`25:00:00`), one before it is signed (`-00:30:00`).
    static func canonicalText(_ nanoseconds: Int64) -> String {
        let sign = nanoseconds < 0 ? "-" : ""
        let magnitude = nanoseconds.magnitude
        let seconds = magnitude / UInt64(nanosecondsPerSecond)
        let fraction = magnitude % UInt64(nanosecondsPerSecond)
        return sign + TimeSyntax.clock(Int(seconds / 3600), Int(seconds / 60 % 60), Int(seconds % 60))
            + TimeSyntax.fraction(Int(fraction), digits: nil)
    }
}

/// A signed step of days, hours, minutes or seconds: the `90m` of `{field: start, offset: 90m}` on
/// a time or date-time field.
@_spi(Program) public struct TimeStep: Sendable, Hashable, CustomStringConvertible {
    /// The unit of a step. `m` is minutes here (on date fields it is months).
    @_spi(Program) public enum Unit: String, Sendable, Hashable, CaseIterable {
        case day = "d", hour = "h", minute = "m", second = "s"

        /// Seconds in one unit.
        package var seconds: Int64 {
            switch self {
            case .day: 86_400
            case .hour: 3_600
            case .minute: 60
            case .second: 1
            }
        }
    }

    /// How many units (negative steps back).
    package var amount: Int64
    /// The unit.
    package var unit: Unit

    /// Creates a step.
    @_spi(Program) public init(amount: Int64, unit: Unit) {
        self.amount = amount
        self.unit = unit
    }

    /// The step in seconds.
    package var seconds: Int64 { amount * unit.seconds }

    /// The longest step a time field takes (one day either way): a longer one would move a bound
    /// beyond every time of the day.
    package static let maxTimeSeconds: Int64 = 86_400
    /// The longest step a date-time field takes: 100 000 days either way, as far as a date's
    /// `today±N` reaches.
    package static let maxDateTimeSeconds: Int64 = 100_000 * 86_400

    /// Why an offset text is not a time step.
    package enum ParseError: Error, Equatable, Sendable {
        /// Not an optional sign, ASCII digits and one unit (`d` only where days are allowed).
        case malformed
        /// Well formed, but longer than the field type allows.
        case outOfRange
    }

    /// Parses a step as an `offset:` writes it: `90m`, `+2h`, `-30s`, and with `allowsDays` `1d`.
    /// - Parameters:
    ///   - text: The step.
    ///   - allowsDays: Whether `d` is a unit (date-time fields), and so the longer bound applies.
    /// - Returns: The step, or why the text is not one.
    package static func parse(_ text: String, allowsDays: Bool) -> Result<TimeStep, ParseError> {
        var bytes = text.utf8[...]
        var negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            negative = sign == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        guard let unitByte = bytes.last, let unit = Unit(rawValue: String(UnicodeScalar(unitByte))),
            allowsDays || unit != .day
        else { return .failure(.malformed) }
        let digits = bytes.dropLast()
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return .failure(.malformed)
        }
        let limit = (allowsDays ? maxDateTimeSeconds : maxTimeSeconds) / unit.seconds
        // Stop as soon as the bound is passed, so no count of digits can overflow.
        var amount: Int64 = 0
        for digit in digits {
            amount = amount * 10 + Int64(digit - UInt8(ascii: "0"))
            if amount > limit { return .failure(.outOfRange) }
        }
        return .success(TimeStep(amount: negative ? -amount : amount, unit: unit))
    }

    /// The step as the spec writes it, signed: `+90m`, `-1d`.
    public var description: String { "\(amount < 0 ? "-" : "+")\(amount.magnitude)\(unit.rawValue)" }
}

/// The grammar RFC 3339 shares between times and date-times, read from UTF-8 bytes in place.
enum TimeSyntax {
    /// A time read from bytes: its fields, its nanoseconds since midnight (second 60 counted as
    /// written; the caller refuses or places it), how it was spelled (``CivilTime/fractionDigits``)
    /// and the index after it.
    struct PartialTime {
        var hour: Int
        var minute: Int
        var second: Int
        var nanoseconds: Int64
        var fractionDigits: Int8
        var end: Int
    }

    /// The value of two ASCII digits at `index`, or `nil`.
    @inline(__always)
    static func twoDigits(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int? {
        guard index >= 0, index + 1 < bytes.count else { return nil }
        let high = bytes[index] &- UInt8(ascii: "0")
        let low = bytes[index + 1] &- UInt8(ascii: "0")
        guard high < 10, low < 10 else { return nil }
        return Int(high) * 10 + Int(low)
    }

    /// Reads `HH:MM[:SS[.F]]` at `start` (seconds mandatory with `secondsRequired`); second 60 is
    /// read, and left to the caller to refuse or place.
    static func partialTime(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, secondsRequired: Bool
    ) -> PartialTime? {
        guard let hour = twoDigits(bytes, start), hour <= 23, start + 2 < bytes.count,
            bytes[start + 2] == UInt8(ascii: ":"), let minute = twoDigits(bytes, start + 3), minute <= 59
        else { return nil }
        var index = start + 5
        var second = 0
        var fraction: Int64 = 0
        var spelling = CivilTime.withoutSeconds
        if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            spelling = 0
            guard let value = twoDigits(bytes, index + 1), value <= 60 else { return nil }
            second = value
            index += 3
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                var digits = 0
                while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
                    digits += 1
                    guard digits <= 9 else { return nil }
                    fraction = fraction * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
                    index += 1
                }
                guard digits > 0 else { return nil }
                for _ in digits..<9 { fraction *= 10 }
                spelling = Int8(digits)
            }
        } else if secondsRequired {
            return nil
        }
        let seconds = Int64((hour * 60 + minute) * 60 + second)
        return PartialTime(
            hour: hour, minute: minute, second: second,
            nanoseconds: seconds * CivilTime.nanosecondsPerSecond + fraction, fractionDigits: spelling, end: index)
    }

    /// `HH:MM:SS`, each at least two digits.
    static func clock(_ hour: Int, _ minute: Int, _ second: Int) -> String {
        pad(hour, 2) + ":" + pad(minute, 2) + ":" + pad(second, 2)
    }

    /// `.F` for `nanoseconds` (0–999 999 999): its first `digits` digits as written (nothing for
    /// 0), or with `nil` its significant digits (nothing for zero nanoseconds).
    static func fraction(_ nanoseconds: Int, digits: Int?) -> String {
        var text = pad(nanoseconds, 9)
        if let digits {
            guard digits > 0 else { return "" }
            text.removeLast(9 - min(digits, 9))
        } else {
            guard nanoseconds > 0 else { return "" }
            while text.last == "0" { text.removeLast() }
        }
        return "." + text
    }

    /// `value` (not negative) with leading zeros to `width` digits.
    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
