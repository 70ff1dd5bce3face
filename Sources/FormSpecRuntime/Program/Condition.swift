/// A `when:` condition, with field references resolved to indexes. The evaluator runs its lowered
/// form (`LoweredRules.holds`).
package indirect enum Condition: Sendable, Codable {
    /// A test of another field's value.
    case field(Int, FieldTest)
    /// The caller's mode is this one.
    case mode(Mode)
    case all([Condition])
    case any([Condition])
    case not(Condition)

    /// A test of a field's value in a condition.
    package enum FieldTest: Sendable {
        case equals(Scalar)
        case notEquals(Scalar)
        case oneOf([Scalar])
        case empty(Bool)
    }

    /// Every field index the condition reads.
    package var fieldsRead: [Int] {
        switch self {
        case .field(let index, _): [index]
        case .mode: []
        case .all(let conditions), .any(let conditions): conditions.flatMap(\.fieldsRead)
        case .not(let condition): condition.fieldsRead
        }
    }
}
