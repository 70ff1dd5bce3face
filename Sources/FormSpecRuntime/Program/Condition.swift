/// A `when:` condition, with field references resolved to indexes. The evaluator runs its lowered
/// form (`LoweredRules.holds`).
@_spi(Program) public indirect enum Condition: Sendable, Codable, Equatable {
    /// A test of another field's value.
    case field(Int, FieldTest)
    /// The caller's mode is this one.
    case mode(Mode)
    case all([Condition])
    case any([Condition])
    case not(Condition)

    /// A test of a field's value in a condition.
    @_spi(Program) public enum FieldTest: Sendable, Equatable {
        case equals(Scalar)
        case notEquals(Scalar)
        case oneOf([Scalar])
        case empty(Bool)
        /// `less_than`, `greater_than`, `at_least`, `at_most` (never `min`/`max`): false when the
        /// tested field or a field the operand names is empty or unreadable.
        case compare(RangeRule.Comparison, Operand)
        /// `matches: PATTERN`: an unanchored search in a text value (never negated); false when
        /// the field is empty or unreadable.
        case matches(PatternRule)
        /// `contains: X` on a list of scalars: one of the list's items equals X exactly (as
        /// `equals` compares). `items` are the list's item fields in position order, of which the
        /// first `count` are read (the list's value is its item count); false when the list is
        /// empty or unreadable.
        case contains(Scalar, items: [Int])

        /// The fields the test reads besides the tested one: an operand's `{field: …}`, a list's
        /// items.
        package var otherFieldsRead: [Int] {
            switch self {
            case .compare(_, let operand): operand.fieldRead.map { [$0] } ?? []
            case .contains(_, let items): items
            case .equals, .notEquals, .oneOf, .empty, .matches: []
            }
        }
    }

    /// Every field index the condition reads.
    package var fieldsRead: [Int] {
        switch self {
        case .field(let index, let test): [index] + test.otherFieldsRead
        case .mode: []
        case .all(let conditions), .any(let conditions): conditions.flatMap(\.fieldsRead)
        case .not(let condition): condition.fieldsRead
        }
    }
}
