/// `min`, `max`, `greater_than`, `less_than`: ordered comparison of numbers or dates.
package struct RangeRule: Sendable, Codable, Hashable {
    /// The comparison.
    package enum Comparison: String, Sendable, Codable, Hashable {
        case min, max
        case greaterThan = "greater_than"
        case lessThan = "less_than"
    }

    package var comparison: Comparison
    package var operand: Operand

    package init(comparison: Comparison, operand: Operand) {
        self.comparison = comparison
        self.operand = operand
    }

    /// Whether `value` passes. A bound that names an empty field is not enforced.
    package func passes(_ value: Scalar, in environment: RuleEnvironment) -> Bool {
        guard let bound = operand.resolve(in: environment) else { return true }
        guard let order = value.compare(bound) else { return false }
        switch comparison {
        case .min: return order >= 0
        case .max: return order <= 0
        case .greaterThan: return order > 0
        case .lessThan: return order < 0
        }
    }
}
