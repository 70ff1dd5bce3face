#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A calendar date with no time or zone (proleptic Gregorian), stored as days since 1970-01-01.
///
/// Dates are years -9999 through 9999. Arithmetic never traps: `adding(_:)` saturates at
/// `earliest` and `latest`, and a day count outside that range (a hand-made or decoded value)
/// reads as the nearest end of it.
public struct CivilDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before).
    package var days: Int

    /// Creates a date from a day count.
    package init(days: Int) { self.days = days }

    /// The first date there is: -9999-01-01.
    package static let earliest = CivilDate(days: daysFromCivil(-9999, 1, 1))
    /// The last date there is: 9999-12-31.
    package static let latest = CivilDate(days: daysFromCivil(9999, 12, 31))

    /// ``days`` brought into the supported range, so the calendar formulas cannot overflow.
    private var clampedDays: Int { min(max(days, Self.earliest.days), Self.latest.days) }

    /// Creates a date from year, month and day, or returns `nil` when there is no such date.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day),
            (-9999...9999).contains(year)
        else { return nil }
        days = Self.daysFromCivil(year, month, day)
    }

    /// Parses an ISO `YYYY-MM-DD` date; `nil` when malformed or not a real date (`2023-02-29`).
    package init?(iso text: Substring) {
        let utf8 = Array(text.utf8)
        guard utf8.count == 10, utf8[4] == UInt8(ascii: "-"), utf8[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var result = 0
            for byte in utf8[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                result = result * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return result
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Parses an ISO `YYYY-MM-DD` date.
    public init?(iso text: String) { self.init(iso: Substring(text)) }

    /// Today's date in the current time zone.
    ///
    /// The C library's local time (`TZ`, else the system's zone): without full Foundation loaded,
    /// `TimeZone.current` would be GMT.
    public static func today() -> CivilDate {
        var now = time(nil)
        var local = tm()
        guard localtime_r(&now, &local) != nil,
            let date = CivilDate(year: Int(local.tm_year) + 1900, month: Int(local.tm_mon) + 1, day: Int(local.tm_mday))
        else { return CivilDate(days: Int(now) / 86_400) }
        return date
    }

    /// The (year, month, day) of this date.
    public var components: (year: Int, month: Int, day: Int) { Self.civilFromDays(clampedDays) }

    /// `YYYY-MM-DD`.
    public var description: String {
        let (y, m, d) = components
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(abs(value))
            return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))"
    }

    /// This date moved by `offset`; month and year steps clamp the day (Jan 31 + 1m = Feb 28/29).
    /// A result beyond the supported years is ``earliest`` or ``latest``, whatever the offset.
    package func adding(_ offset: DateOffset) -> CivilDate {
        // No offset the supported range allows is larger than this many days (or months); beyond
        // it the result saturates anyway, and clamping first keeps every product below in range.
        let span = Self.latest.days - Self.earliest.days
        let amount = min(max(offset.amount, -span), span)
        switch offset.unit {
        case .day:
            return CivilDate(days: Self.clamp(clampedDays + amount))
        case .month, .year:
            let (y, m, d) = components
            let months = offset.unit == .month ? amount : amount * 12
            let total = y * 12 + (m - 1) + months
            let year = total >= 0 ? total / 12 : -((-total + 11) / 12)
            guard year >= -9999 else { return Self.earliest }
            guard year <= 9999 else { return Self.latest }
            let month = total - year * 12 + 1
            let day = min(d, Self.daysIn(month: month, year: year))
            return CivilDate(days: Self.daysFromCivil(year, month, day))
        }
    }

    private static func clamp(_ days: Int) -> Int { min(max(days, earliest.days), latest.days) }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool { lhs.days < rhs.days }

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    // Howard Hinnant's days_from_civil / civil_from_days.
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

/// A signed step in days, months or years: the `+30d` of `today+30d`.
@_spi(Program) public struct DateOffset: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The unit of a step.
    @_spi(Program) public enum Unit: String, Sendable, Hashable, Codable {
        case day = "d", month = "m", year = "y"
    }

    /// How many units (negative steps back).
    package var amount: Int
    /// The unit.
    package var unit: Unit

    /// Creates an offset.
    @_spi(Program) public init(amount: Int, unit: Unit) {
        self.amount = amount
        self.unit = unit
    }

    /// The largest step `today±N` may take in each unit: about 270 years either way, far beyond
    /// any form's needs and far inside the dates ``CivilDate`` supports.
    package static func maxAmount(_ unit: Unit) -> Int {
        switch unit {
        case .day: 100_000
        case .month: 3_000
        case .year: 250
        }
    }

    /// Why a `today…` text is not a relative date.
    package enum ParseError: Error, Equatable, Sendable {
        /// Not `today`, `today+N<unit>` or `today-N<unit>` with one sign and ASCII digits.
        case malformed
        /// Well formed, but N is larger than ``DateOffset/maxAmount(_:)`` for its unit.
        case outOfRange(unit: Unit)
    }

    /// Parses `today`, `today+30d`, `today-18y`: the offset after `today` (zero for plain `today`).
    /// `nil` for anything else, including doubled signs (`today--5d`) and steps beyond
    /// ``maxAmount(_:)``.
    package static func parseToday(_ text: String) -> DateOffset? {
        try? parse(today: text).get()
    }

    /// Parses a relative date like ``parseToday(_:)``, saying why it failed.
    package static func parse(today text: String) -> Result<DateOffset, ParseError> {
        let utf8 = text.utf8
        guard text.hasPrefix("today") else { return .failure(.malformed) }
        let rest = utf8.dropFirst(5)
        if rest.isEmpty { return .success(DateOffset(amount: 0, unit: .day)) }
        guard let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), let unitByte = rest.last,
            let unit = Unit(rawValue: String(UnicodeScalar(unitByte)))
        else { return .failure(.malformed) }
        let digits = rest.dropFirst().dropLast()
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return .failure(.malformed)
        }
        // Read at most one digit more than the bound has, so no count of digits can overflow.
        var amount = 0
        for digit in digits {
            amount = amount * 10 + Int(digit - UInt8(ascii: "0"))
            if amount > maxAmount(unit) { return .failure(.outOfRange(unit: unit)) }
        }
        return .success(DateOffset(amount: sign == UInt8(ascii: "-") ? -amount : amount, unit: unit))
    }

    /// Parses a step as an `offset:` writes it: `30d`, `+30d`, `-1m`, `2y` (at most
    /// ``maxAmount(_:)`` units); `nil` for anything else.
    package static func parse(step text: String) -> Result<DateOffset, ParseError> {
        parse(today: "today" + (text.hasPrefix("+") || text.hasPrefix("-") ? text : "+" + text))
    }

    /// ``parse(step:)``, without the reason.
    package static func parseStep(_ text: String) -> DateOffset? { try? parse(step: text).get() }

    /// `today`, `today+30d`.
    public var description: String {
        amount == 0 && unit == .day ? "today" : "today\(amount < 0 ? "-" : "+")\(amount.magnitude)\(unit.rawValue)"
    }
}
