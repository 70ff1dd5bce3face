/// What a rule may read besides its own field's value: the other fields, today's date and the
/// outcomes of external checks.
package struct RuleEnvironment: Sendable {
    /// Every field's value, by index.
    package var values: [FieldValue]
    /// The date `today` means.
    package var today: CivilDate
    /// Answers external checks.
    package var checks: CheckResolver
}

/// Answers `check: NAME` rules: `true` passed, `false` failed, `nil` when there is no outcome
/// (which is an error, never a silent pass).
@_spi(Tooling) public typealias CheckResolver = @Sendable (_ check: String, _ field: String, _ value: Scalar) -> Bool?

/// The right-hand side of a comparison: a literal, another field (possibly with an offset), or a
/// date relative to today.
@_spi(Program) public enum Operand: Sendable, Codable, Hashable {
    case literal(Scalar)
    case field(Int)
    case today(DateOffset)
    /// Another field's value with an offset added: `{field: start, offset: 30d}`.
    case fieldOffset(Int, OperandOffset)

    /// What an operand stands for in one evaluation.
    package enum Bound: Sendable {
        /// The operand names a field that is empty or unreadable.
        case absent
        /// The operand's value.
        case value(Scalar)
        /// The offset could not be added (a decimal sum wider than ``ExactDecimal/maxSumDigits``):
        /// no value is ordered against it.
        case unordered
    }

    /// The operand's value, or `nil` when it names a field that is empty or unreadable (or when an
    /// offset could not be added).
    package func resolve(in environment: RuleEnvironment) -> Scalar? {
        if case .value(let scalar) = bound(values: environment.values, today: environment.today) { return scalar }
        return nil
    }

    /// The operand's value for these field values and this `today`.
    package func bound(values: [FieldValue], today: CivilDate) -> Bound {
        switch self {
        case .literal(let scalar): return .value(scalar)
        case .field(let index):
            guard case .value(let scalar) = values[index] else { return .absent }
            return .value(scalar)
        case .today(let offset): return .value(.date(today.adding(offset)))
        case .fieldOffset(let index, let offset):
            guard case .value(let scalar) = values[index] else { return .absent }
            guard let shifted = offset.apply(to: scalar) else { return .unordered }
            return .value(shifted)
        }
    }

    /// The field index this operand reads, if any.
    package var fieldRead: Int? {
        switch self {
        case .field(let index), .fieldOffset(let index, _): index
        case .literal, .today: nil
        }
    }
}

/// What `offset:` adds to another field's value: a step in days, months or years for dates, in
/// hours, minutes or seconds (and days) for times and date-times, a whole number for integers, a
/// decimal for numbers.
@_spi(Program) public enum OperandOffset: Sendable, Hashable, CustomStringConvertible {
    case date(DateOffset)
    /// A step for time and date-time fields: `90m`, `-2h`, `1d`.
    case time(TimeStep)
    case integer(Int64)
    case number(ExactDecimal)

    /// `value` with the offset added, exactly: a date steps as `today±N` does (a month or year step
    /// that lands past the end of a month takes its last day; the result saturates at the supported
    /// range); integers and numbers add exactly, and an integer sum beyond `Int64` is kept as the
    /// exact decimal (still ordered exactly against every integer). `nil` when the value is not of
    /// the offset's kind, or when a decimal sum would span more than ``ExactDecimal/maxSumDigits``.
    package func apply(to value: Scalar) -> Scalar? {
        switch (self, value) {
        case (.date(let offset), .date(let date)): return .date(date.adding(offset))
        case (.time(let step), .time(let time)): return .time(time.adding(step))
        case (.time(let step), .datetime(let dateTime)): return .datetime(dateTime.adding(step))
        case (.integer(let step), .integer(let integer)):
            let (sum, overflow) = integer.addingReportingOverflow(step)
            if !overflow { return .integer(sum) }
            return ExactDecimal(integer).adding(ExactDecimal(step)).map(Scalar.number)
        case (.integer(let step), .number(let number)):
            return number.adding(ExactDecimal(step)).map(Scalar.number)
        case (.number(let step), .number(let number)): return number.adding(step).map(Scalar.number)
        case (.number(let step), .integer(let integer)): return ExactDecimal(integer).adding(step).map(Scalar.number)
        default: return nil
        }
    }

    /// The offset as the spec writes it: `+30d`, `-1m`, `-10`, `0.5`.
    public var description: String {
        switch self {
        case .date(let offset): "\(offset.amount < 0 ? "-" : "+")\(offset.amount.magnitude)\(offset.unit.rawValue)"
        case .time(let step): step.description
        case .integer(let step): String(step)
        case .number(let step): step.description
        }
    }

    /// Whether the offset steps back (or, for numbers, is negative).
    package var isNegative: Bool {
        switch self {
        case .date(let offset): offset.amount < 0
        case .time(let step): step.amount < 0
        case .integer(let step): step < 0
        case .number(let step): step.isNegative
        }
    }
}

/// Why a record could not be evaluated at all.
@_spi(Tooling) public enum EvaluationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The input is not an object.
    case notAnObject(String)
    /// A `check:` rule ran with no registered check or stub for it.
    case unresolvedCheck(check: String, field: String)

    /// What went wrong. How to give a check's outcome depends on the caller (the CLI's `--stub`,
    /// a spec test's `stubs:`, a registry), so each caller adds its own advice.
    public var description: String {
        switch self {
        case .notAnObject(let kind): "input must be an object, not \(kind)"
        case .unresolvedCheck(let check, let field): "external check '\(check)' (field '\(field)') has no outcome"
        }
    }
}
