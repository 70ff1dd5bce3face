import FormSpecDiagnostics

/// The type of a field, which decides how its input is read and which rules apply.
public enum FieldType: String, Sendable, Hashable, Codable, CaseIterable {
    case text, secret, integer, number, boolean, date, time, datetime, choice
    /// A list (`of:` names its items' type). Its value is its item count; each item is a field of
    /// its own (`toppings.0`), and a repeatable group's items are groups (`contacts.0`).
    case list
    /// A group of nested fields (`fields:`). Its value says only that the input is an object; each
    /// nested field is a field of its own (`address.postcode`).
    case group

    /// The types of single values: every type but `list` and `group`.
    package static let scalarTypes: [FieldType] = [
        .text, .secret, .integer, .number, .boolean, .date, .time, .datetime, .choice,
    ]

    /// Whether the type holds one value (not a list or group).
    package var isScalar: Bool { self != .list && self != .group }

    /// Whether values of this type are strings (length, pattern and `contains` rules apply).
    package var isTextual: Bool { self == .text || self == .secret }
    /// Whether values are ordered numbers, dates or times (`min`, `max`, … apply).
    package var isOrdered: Bool {
        switch self {
        case .integer, .number, .date, .time, .datetime: true
        case .text, .secret, .boolean, .choice, .list, .group: false
        }
    }
}

/// A field's value after it was read as the field's type.
public enum Scalar: Sendable, Hashable, Codable, CustomStringConvertible {
    case text(String)
    case integer(Int64)
    /// A number that is not an `Int64`, exactly (``ExactDecimal``).
    indirect case number(ExactDecimal)
    case boolean(Bool)
    case date(CivilDate)
    /// A time of day, `09:30` (``CivilTime``).
    case time(CivilTime)
    /// An instant with the offset it was written in, `2024-05-01T09:30:00+02:00` (``OffsetDateTime``).
    case datetime(OffsetDateTime)

    /// Exact equality: text by Unicode scalars (precomposed and decomposed differ), numbers by value.
    package func exactlyEquals(_ other: Scalar) -> Bool {
        switch (self, other) {
        case let (.text(a), .text(b)): return ExactText.same(a, b)
        case let (.boolean(a), .boolean(b)): return a == b
        case let (.date(a), .date(b)): return a == b
        default:
            if let order = compare(other) { return order == 0 }
            return false
        }
    }

    /// -1, 0 or 1 for numbers, dates, times or date-times that can be ordered against each other;
    /// `nil` otherwise.
    ///
    /// Numbers are ordered exactly as decimals (``ExactDecimal``), never through a `Double`; times
    /// and date-times by the instant, whatever their spelling (`09:00` = `09:00:00`,
    /// `10:00Z` = `12:00+02:00`).
    package func compare(_ other: Scalar) -> Int? {
        switch (self, other) {
        case let (.integer(a), .integer(b)): return a < b ? -1 : (a == b ? 0 : 1)
        case let (.date(a), .date(b)): return a < b ? -1 : (a == b ? 0 : 1)
        case let (.time(a), .time(b)): return a < b ? -1 : (a == b ? 0 : 1)
        case let (.datetime(a), .datetime(b)): return a < b ? -1 : (a == b ? 0 : 1)
        case let (.integer(a), .number(b)): return ExactDecimal(a).compare(b)
        case let (.number(a), .integer(b)): return a.compare(ExactDecimal(b))
        case let (.number(a), .number(b)): return a.compare(b)
        default: return nil
        }
    }

    /// The value as an exact decimal, for numbers.
    package var decimal: ExactDecimal? {
        switch self {
        case .integer(let value): ExactDecimal(value)
        case .number(let value): value
        default: nil
        }
    }

    /// How the value reads in a message (`8`, `2.5`, `2024-02-29`, `true`); times and date-times as
    /// they were written.
    public var description: String {
        switch self {
        case .text(let text): text
        case .integer(let value): String(value)
        case .number(let value): value.messageText
        case .boolean(let value): String(value)
        case .date(let date): date.description
        case .time(let time): time.description
        case .datetime(let dateTime): dateTime.description
        }
    }

    static func format(_ value: Double) -> String {
        // Only an input number beyond Double's range is infinite; keep the output valid JSON.
        if value.isInfinite { return value < 0 ? "-1e999" : "1e999" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}

/// What reading an input value as a field's type gave.
package enum FieldValue: Sendable, Hashable {
    /// Absent, `null`, or `""` (after trimming when the field trims).
    case empty
    /// A value of the field's type.
    case value(Scalar)
    /// A value that cannot be read as the field's type (rule `type`, or `choice` for options), and
    /// the input it was.
    case invalid(InvalidInput)

    /// The scalar, when there is one.
    package var scalar: Scalar? {
        if case .value(let scalar) = self { return scalar }
        return nil
    }

    /// An input `input` (trimmed, when the field trims) that fails rule `rule` on being read.
    package static func invalid(rule: String, input: Value) -> FieldValue {
        .invalid(InvalidInput(rule: rule, input: input))
    }
}

/// An input a field cannot read as its type, and the rule it fails (`type`, or `choice` for a
/// value that is none of the options).
///
/// The input is kept so that edit-mode change tracking tells two such inputs apart: an integer
/// field changed from `abc` to `xyz` has changed. A class, so that a field value stays as small as
/// a scalar; inputs that cannot be read are few.
package final class InvalidInput: Sendable, Hashable {
    /// The rule the input fails: `type` or `choice`.
    package let rule: String
    /// The input as the field read it.
    package let input: Value

    init(rule: String, input: Value) {
        self.rule = rule
        self.input = input
    }

    /// Whether both fail the same rule: all a report shows of them. ``isSame(as:)`` compares the
    /// inputs too.
    package static func == (a: InvalidInput, b: InvalidInput) -> Bool {
        a.rule == b.rule
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(rule)
    }

    /// The same rule and the same input: strings compared scalar by scalar (as `equals` compares
    /// text; `é` and `e` + U+0301 differ), numbers by value, members in order.
    package func isSame(as other: InvalidInput) -> Bool {
        rule == other.rule && Self.same(input, other.input)
    }

    private static func same(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case let (.string(x), .string(y)): ExactText.same(x, y)
        case let (.array(x), .array(y)): x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case let (.object(x), .object(y)):
            x.count == y.count
                && zip(x, y).allSatisfy { ExactText.same($0.key, $1.key) && same($0.value, $1.value) }
        default: a == b
        }
    }
}

extension FieldType {
    /// Reads `input` as this type. Strings are parsed for integer, number, boolean, date, time and
    /// date-time fields; times and date-times are read only from strings.
    ///
    /// - Parameters:
    ///   - input: The raw input value, `nil` when absent.
    ///   - trim: Whether to strip leading and trailing whitespace from strings first.
    ///   - options: For `choice` fields, the allowed values (canonical text).
    package func read(_ input: Value?, trim: Bool, options: Set<ExactText> = []) -> FieldValue {
        guard var input else { return .empty }
        if case .string(let string) = input {
            let text = trim ? Self.trimmed(string) : string
            if text.isEmpty { return .empty }
            input = .string(text)
        }
        switch (self, input) {
        case (_, .null): return .empty
        case (.text, .string(let text)), (.secret, .string(let text)): return .value(.text(text))
        case (.text, _), (.secret, _): return .invalid(rule: "type", input: input)
        case (.integer, .integer(let value)): return .value(.integer(value))
        case (.integer, .number(let value)): return Self.integerValue(value, input: input)
        case (.integer, .string(let text)):
            guard let number = DecimalNumber(text) else { return .invalid(rule: "type", input: input) }
            if let value = number.integer { return .value(.integer(value)) }
            return Self.integerValue(number.exact, input: input)
        case (.number, .integer(let value)): return .value(.number(ExactDecimal(value)))
        case (.number, .number(let value)):
            return value.double.isFinite ? .value(.number(value)) : .invalid(rule: "type", input: input)
        case (.number, .string(let text)):
            return Self.parseNumber(text).map { .value(.number($0)) } ?? .invalid(rule: "type", input: input)
        case (.boolean, .bool(let value)): return .value(.boolean(value))
        case (.boolean, .string(let text)):
            switch text {
            case "true": return .value(.boolean(true))
            case "false": return .value(.boolean(false))
            default: return .invalid(rule: "type", input: input)
            }
        case (.date, .string(let text)):
            return CivilDate(iso: text).map { .value(.date($0)) } ?? .invalid(rule: "type", input: input)
        case (.time, .string(let text)):
            return CivilTime(parsing: text).map { .value(.time($0)) } ?? .invalid(rule: "type", input: input)
        case (.datetime, .string(let text)):
            return OffsetDateTime(parsing: text).map { .value(.datetime($0)) } ?? .invalid(rule: "type", input: input)
        case (.choice, _):
            guard let text = Self.canonicalText(input) else { return .invalid(rule: "type", input: input) }
            return options.contains(ExactText(text)) ? .value(.text(text)) : .invalid(rule: "choice", input: input)
        case (.list, .array(let items)): return Self.listValue(count: items.count)
        case (.group, .object): return .value(.boolean(true))
        default:
            return .invalid(rule: "type", input: input)
        }
    }

    /// A list field's value for an input array of `count` items.
    ///
    /// The count is the value (what min_items and max_items compare), however long the array: a
    /// list longer than its `max_items` (at most 1,000) fails `max_items`, and its items past that
    /// are skipped unread. The items are read by their own fields.
    static func listValue(count: Int) -> FieldValue {
        count == 0 ? .empty : .value(.integer(Int64(count)))
    }

    /// The text a choice option or choice input is matched by: strings as they are, numbers and
    /// booleans as JSON writes them (`1`, `2.5`, `true`).
    package static func canonicalText(_ value: Value) -> String? {
        switch value {
        case .string(let text): text
        case .integer(let value): String(value)
        case .number(let value): value.double.isFinite ? value.description : nil
        case .bool(let value): String(value)
        default: nil
        }
    }

    /// Parses a decimal number the way JSON writes one (also a leading `+`); `nil` for anything
    /// else, including `inf`, `nan`, hex and numbers beyond `Double`'s range.
    static func parseNumber(_ text: String) -> ExactDecimal? {
        guard let number = DecimalNumber(text), number.double.isFinite else { return nil }
        return number.exact
    }

    /// An integer field's value for a whole number: an `Int64` when it fits, the exact decimal
    /// beyond it (still ordered exactly against every `Int64`); a fraction, or a magnitude beyond
    /// `Double`'s range, is a `type` failure.
    static func integerValue(_ value: ExactDecimal, input: Value) -> FieldValue {
        guard value.isWhole, value.double.isFinite else { return .invalid(rule: "type", input: input) }
        if let integer = value.int64 { return .value(.integer(integer)) }
        return .value(.number(value))
    }

    /// `value` as an `Int64` when it has no fractional part and fits.
    static func exactInteger(_ value: Double) -> Int64? {
        guard value.isFinite, value == value.rounded(), value >= -9.223_372_036_854_775_808e18,
            value < 9.223_372_036_854_775_808e18
        else { return nil }
        return Int64(value)
    }

    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        if first == scalars.startIndex, last == scalars.index(before: scalars.endIndex) { return text }
        return String(scalars[first...last])
    }
}
