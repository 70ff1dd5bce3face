/// A `when:` condition, with field references resolved to indexes.
public indirect enum Condition: Sendable, Codable {
    /// A test of another field's value.
    case field(Int, FieldTest)
    /// The caller's mode is this one.
    case mode(Mode)
    case all([Condition])
    case any([Condition])
    case not(Condition)

    /// A test of a field's value in a condition.
    public enum FieldTest: Sendable {
        case equals(Scalar)
        case notEquals(Scalar)
        case oneOf([Scalar])
        case empty(Bool)
    }

    /// Whether the condition holds for these field values in this mode.
    public func holds(_ values: [FieldValue], mode: Mode) -> Bool {
        switch self {
        case .mode(let wanted): return mode == wanted
        case .all(let conditions): return conditions.allSatisfy { $0.holds(values, mode: mode) }
        case .any(let conditions): return conditions.contains { $0.holds(values, mode: mode) }
        case .not(let condition): return !condition.holds(values, mode: mode)
        case .field(let index, let test):
            let value = values[index]
            switch test {
            case .empty(let wanted):
                if case .empty = value { return wanted }
                return !wanted
            case .equals(let literal): return value.scalar?.exactlyEquals(literal) ?? false
            case .notEquals(let literal): return !(value.scalar?.exactlyEquals(literal) ?? false)
            case .oneOf(let literals):
                guard let scalar = value.scalar else { return false }
                return literals.contains { scalar.exactlyEquals($0) }
            }
        }
    }

    /// Every field index the condition reads.
    public var fieldsRead: [Int] {
        switch self {
        case .field(let index, _): [index]
        case .mode: []
        case .all(let conditions), .any(let conditions): conditions.flatMap(\.fieldsRead)
        case .not(let condition): condition.fieldsRead
        }
    }
}
