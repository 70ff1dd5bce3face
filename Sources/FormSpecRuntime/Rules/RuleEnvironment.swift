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

/// The right-hand side of a comparison: a literal, another field, or a date relative to today.
package enum Operand: Sendable, Codable, Hashable {
    case literal(Scalar)
    case field(Int)
    case today(DateOffset)

    /// The operand's value, or `nil` when it names a field that is empty or unreadable.
    package func resolve(in environment: RuleEnvironment) -> Scalar? {
        switch self {
        case .literal(let scalar): scalar
        case .field(let index): environment.values[index].scalar
        case .today(let offset): .date(environment.today.adding(offset))
        }
    }

    /// The field index this operand reads, if any.
    package var fieldRead: Int? {
        if case .field(let index) = self { return index }
        return nil
    }
}

/// Why a record could not be evaluated at all.
@_spi(Tooling) public enum EvaluationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The input is not an object.
    case notAnObject(String)
    /// A `check:` rule ran with no registered check or stub for it.
    case unresolvedCheck(check: String, field: String)

    public var description: String {
        switch self {
        case .notAnObject(let kind): "input must be an object, not \(kind)"
        case .unresolvedCheck(let check, let field):
            "external check '\(check)' (field '\(field)') has no outcome: register it, or stub it with --stub \(check)=true|false"
        }
    }
}
