/// `equals: X` / `not_equals: X`: exact equality (text by Unicode scalars).
package struct EqualityRule: Sendable, Codable, Hashable {
    package var operand: Operand
    /// `true` for `not_equals`.
    package var negated: Bool

    package init(operand: Operand, negated: Bool) {
        self.operand = operand
        self.negated = negated
    }

    /// Whether `value` passes. A comparison with an empty field counts as "not equal".
    package func passes(_ value: Scalar, in environment: RuleEnvironment) -> Bool {
        // No partial application (`map(value.exactlyEquals)`): its closure is a heap allocation.
        guard let other = operand.resolve(in: environment) else { return negated }
        return value.exactlyEquals(other) != negated
    }
}
