/// `same_as: FIELD` / `different_from: FIELD`: compares with another field's value. Reported on
/// the field that owns the rule, and re-checked whenever the other field changes.
package struct FieldComparisonRule: Sendable, Codable, Hashable {
    /// The other field's index.
    package var other: Int
    /// `true` for `different_from`.
    package var negated: Bool

    package init(other: Int, negated: Bool) {
        self.other = other
        self.negated = negated
    }

    /// Whether `value` passes. An empty other field never equals a value.
    package func passes(_ value: Scalar, in environment: RuleEnvironment) -> Bool {
        // No partial application (`map(value.exactlyEquals)`): its closure is a heap allocation.
        guard case .value(let scalar) = environment.values[other] else { return negated }
        return value.exactlyEquals(scalar) != negated
    }
}
