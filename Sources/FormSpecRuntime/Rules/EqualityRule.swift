/// `equals: X` / `not_equals: X`: exact equality (text by Unicode scalars).
public struct EqualityRule: Sendable, Codable, Hashable {
    public var operand: Operand
    /// `true` for `not_equals`.
    public var negated: Bool

    public init(operand: Operand, negated: Bool) {
        self.operand = operand
        self.negated = negated
    }

    /// Whether `value` passes. A comparison with an empty field counts as "not equal".
    public func passes(_ value: Scalar, in environment: RuleEnvironment) -> Bool {
        // No partial application (`map(value.exactlyEquals)`): its closure is a heap allocation.
        guard let other = operand.resolve(in: environment) else { return negated }
        return value.exactlyEquals(other) != negated
    }
}
