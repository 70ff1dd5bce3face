#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A calendar date with no time or zone (proleptic Gregorian), stored as days since 1970-01-01.
public struct CivilDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before).
    public var days: Int

    /// Creates a date from a day count.
    public init(days: Int) { self.days = days }

    /// Creates a date from year, month and day, or returns `nil` when there is no such date.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day),
            (-9999...9999).contains(year)
        else { return nil }
        days = Self.daysFromCivil(year, month, day)
    }

    /// Parses an ISO `YYYY-MM-DD` date; `nil` when malformed or not a real date (`2023-02-29`).
    public init?(iso text: Substring) {
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
    public static func today() -> CivilDate {
        let seconds = Date().timeIntervalSince1970 + Double(TimeZone.current.secondsFromGMT())
        return CivilDate(days: Int((seconds / 86_400).rounded(.down)))
    }

    /// The (year, month, day) of this date.
    public var components: (year: Int, month: Int, day: Int) { Self.civilFromDays(days) }

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
    public func adding(_ offset: DateOffset) -> CivilDate {
        switch offset.unit {
        case .day:
            return CivilDate(days: days + offset.amount)
        case .month, .year:
            let (y, m, d) = components
            let months = offset.unit == .month ? offset.amount : offset.amount * 12
            let total = y * 12 + (m - 1) + months
            let year = Int((Double(total) / 12).rounded(.down))
            let month = total - year * 12 + 1
            let day = min(d, Self.daysIn(month: month, year: year))
            return CivilDate(days: Self.daysFromCivil(year, month, day))
        }
    }

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
public struct DateOffset: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The unit of a step.
    public enum Unit: String, Sendable, Hashable, Codable {
        case day = "d", month = "m", year = "y"
    }

    /// How many units (negative steps back).
    public var amount: Int
    /// The unit.
    public var unit: Unit

    /// Creates an offset.
    public init(amount: Int, unit: Unit) {
        self.amount = amount
        self.unit = unit
    }

    /// Parses `today`, `today+30d`, `today-18y`: the offset after `today` (zero for plain `today`).
    public static func parseToday(_ text: String) -> DateOffset? {
        guard text.hasPrefix("today") else { return nil }
        let rest = text.dropFirst(5)
        if rest.isEmpty { return DateOffset(amount: 0, unit: .day) }
        guard let sign = rest.first, sign == "+" || sign == "-", let unitChar = rest.last,
            let unit = Unit(rawValue: String(unitChar)), let amount = Int(rest.dropFirst().dropLast()),
            rest.dropFirst().dropLast().allSatisfy(\.isASCII), amount <= 100_000
        else { return nil }
        return DateOffset(amount: sign == "-" ? -amount : amount, unit: unit)
    }

    /// `today`, `today+30d`.
    public var description: String {
        amount == 0 && unit == .day ? "today" : "today\(amount < 0 ? "-" : "+")\(abs(amount))\(unit.rawValue)"
    }
}
