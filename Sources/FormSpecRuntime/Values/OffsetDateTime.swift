/// An RFC 3339 `date-time` with its mandatory offset, `2024-05-01T09:30:00+02:00`, compared as the
/// instant it names.
///
/// The grammar is RFC 3339 §5.6 exactly: a four-digit year (0000–9999), a real calendar date, `T`
/// or `t`, `HH:MM:SS` (seconds are required), an optional fraction of 1 to 9 digits (nanoseconds;
/// more digits are refused so every value compares exactly), and `Z`, `z` or `±HH:MM` (hours 00–23).
/// `-00:00` (an unknown local offset) names the same instant as `Z`. A leap second (`:60`) is read
/// only where one can fall, at 23:59:60 UTC (`15:59:60-08:00`), and sorts after `23:59:59.999999999`
/// and before midnight. Spaces, a missing offset and ISO 8601's other spellings are not date-times.
///
/// Two spellings of one instant (`10:00:00Z`, `12:00:00+02:00`) are equal and ordered by the
/// instant; ``description`` gives back the spelling that was read, for messages. The spelling is
/// kept as the offset and a few flags, not as text, so reading a date-time allocates nothing.
public struct OffsetDateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00Z of the second the instant falls in (for a leap second,
    /// the 23:59:59 before it).
    package var seconds: Int64
    /// Nanoseconds into that second: below 1 000 000 000, or up to one second more in a leap second.
    package var nanoseconds: Int32
    /// The offset from UTC as written, in minutes: how the value is spelled, not what it is.
    package var offsetMinutes: Int16
    /// How many fraction digits were written (0–9), or ``CivilTime/computed`` for a computed
    /// value, which shows the significant ones.
    package var fractionDigits: Int8
    /// The letters and the zone's form as written.
    package var spelling: Spelling

    /// The letters and zone form of a date-time's text.
    package struct Spelling: OptionSet, Sendable, Hashable {
        package var rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }
        /// `t` rather than `T`.
        package static let lowercaseT = Spelling(rawValue: 1)
        /// `z` rather than `Z`.
        package static let lowercaseZ = Spelling(rawValue: 2)
        /// `±HH:MM` rather than `Z`.
        package static let numericOffset = Spelling(rawValue: 4)
        /// `-00:00` rather than `+00:00`.
        package static let negativeZero = Spelling(rawValue: 8)
    }

    /// Creates a date-time from an instant and the offset to spell it in, canonically.
    package init(seconds: Int64, nanoseconds: Int32, offsetMinutes: Int16) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
        self.offsetMinutes = offsetMinutes
        self.fractionDigits = CivilTime.computed
        self.spelling = offsetMinutes == 0 ? [] : .numericOffset
    }

    /// Parses an RFC 3339 date-time with an offset; `nil` for anything else (see the type's
    /// documentation), including impossible dates (`2023-02-29`) and misplaced leap seconds.
    public init?(parsing text: String) {
        var text = text
        guard let dateTime = text.withUTF8({ OffsetDateTime(utf8: $0) }) else { return nil }
        self = dateTime
    }

    /// Parses a date-time from UTF-8 bytes in place, as ``init(parsing:)`` does.
    package init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        // The shortest is `YYYY-MM-DDTHH:MM:SSZ`; the longest adds nine fraction digits and an offset.
        guard bytes.count >= 20, bytes.count <= 35,
            let year = Self.digits(bytes, 0, 4), bytes[4] == UInt8(ascii: "-"),
            let month = TimeSyntax.twoDigits(bytes, 5), bytes[7] == UInt8(ascii: "-"),
            let day = TimeSyntax.twoDigits(bytes, 8),
            (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: year)).contains(day),
            bytes[10] | 0x20 == UInt8(ascii: "t"),
            let time = TimeSyntax.partialTime(bytes, from: 11, secondsRequired: true),
            time.end < bytes.count
        else { return nil }
        var spelling: Spelling = bytes[10] == UInt8(ascii: "t") ? .lowercaseT : []
        var offset = 0
        if bytes[time.end] | 0x20 == UInt8(ascii: "z") {
            guard time.end + 1 == bytes.count else { return nil }
            if bytes[time.end] == UInt8(ascii: "z") { spelling.insert(.lowercaseZ) }
        } else {
            let sign = bytes[time.end]
            guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), time.end + 6 == bytes.count,
                let hours = TimeSyntax.twoDigits(bytes, time.end + 1), hours <= 23,
                bytes[time.end + 3] == UInt8(ascii: ":"),
                let minutes = TimeSyntax.twoDigits(bytes, time.end + 4), minutes <= 59
            else { return nil }
            offset = (sign == UInt8(ascii: "-") ? -1 : 1) * (hours * 60 + minutes)
            spelling.insert(.numericOffset)
            if sign == UInt8(ascii: "-"), offset == 0 { spelling.insert(.negativeZero) }
        }
        // The local minute minus the offset is the UTC minute, which a leap second must end
        // (23:59 UTC, whatever the day).
        let leap = time.second == 60
        if leap {
            let utcMinute = ((time.hour * 60 + time.minute - offset) % 1440 + 1440) % 1440
            guard utcMinute == 1439 else { return nil }
        }
        // A leap second is the 59th second with one more second of nanoseconds: it sorts after
        // every instant of that second and before the next minute.
        let perSecond = CivilTime.nanosecondsPerSecond
        let local = time.nanoseconds - (leap ? perSecond : 0)
        let days = Int64(CivilDate.daysFromCivil(year, month, day))
        seconds = days * 86_400 + local / perSecond - Int64(offset) * 60
        nanoseconds = Int32(local % perSecond + (leap ? perSecond : 0))
        offsetMinutes = Int16(offset)
        fractionDigits = time.fractionDigits
        self.spelling = spelling
    }

    public static func == (lhs: OffsetDateTime, rhs: OffsetDateTime) -> Bool {
        lhs.seconds == rhs.seconds && lhs.nanoseconds == rhs.nanoseconds
    }

    public static func < (lhs: OffsetDateTime, rhs: OffsetDateTime) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(seconds)
        hasher.combine(nanoseconds)
    }

    /// The date-time as it was written, or spelled in its offset for a computed one.
    public var description: String {
        let leap = nanoseconds >= Self.nanosecondsPerSecond
        let local = seconds + Int64(offsetMinutes) * 60
        let days = local >= 0 ? local / 86_400 : -((-local + 86_399) / 86_400)
        let secondOfDay = Int(local - days * 86_400)
        let (year, month, day) = CivilDate.civilFromDays(Int(days))
        let yearText = year < 0 ? "-" + TimeSyntax.pad(-year, 4) : TimeSyntax.pad(year, 4)
        let date = yearText + "-" + TimeSyntax.pad(month, 2) + "-" + TimeSyntax.pad(day, 2)
        let time = TimeSyntax.clock(secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60 + (leap ? 1 : 0))
        let fraction = TimeSyntax.fraction(
            Int(nanoseconds % Self.nanosecondsPerSecond),
            digits: fractionDigits == CivilTime.computed ? nil : Int(fractionDigits))
        var zone = spelling.contains(.lowercaseZ) ? "z" : "Z"
        if spelling.contains(.numericOffset) {
            let magnitude = offsetMinutes.magnitude
            zone =
                (offsetMinutes < 0 || spelling.contains(.negativeZero) ? "-" : "+")
                + TimeSyntax.pad(Int(magnitude / 60), 2) + ":" + TimeSyntax.pad(Int(magnitude % 60), 2)
        }
        return date + (spelling.contains(.lowercaseT) ? "t" : "T") + time + fraction + zone
    }

    /// This instant moved by `step` (a day is 86 400 seconds: the offset is fixed, so there is no
    /// daylight saving to cross), spelled in this value's offset. A leap second carries into the
    /// next second first.
    package func adding(_ step: TimeStep) -> OffsetDateTime {
        var seconds = self.seconds + step.seconds
        var nanoseconds = self.nanoseconds
        if nanoseconds >= Self.nanosecondsPerSecond, step.amount != 0 {
            seconds += 1
            nanoseconds -= Self.nanosecondsPerSecond
        }
        return OffsetDateTime(seconds: seconds, nanoseconds: nanoseconds, offsetMinutes: offsetMinutes)
    }

    private static let nanosecondsPerSecond: Int32 = 1_000_000_000

    /// The value of `count` ASCII digits at `index`, or `nil`.
    private static func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ count: Int) -> Int? {
        guard index + count <= bytes.count else { return nil }
        var value = 0
        for position in index..<index + count {
            let digit = bytes[position] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }
}
