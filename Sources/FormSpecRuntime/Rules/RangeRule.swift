/// `min`, `max`, `at_least`, `at_most`, `greater_than`, `less_than`: ordered comparison of numbers
/// or dates.
@_spi(Program) public struct RangeRule: Sendable, Codable, Hashable {
    /// The comparison.
    @_spi(Program) public enum Comparison: String, Sendable, Codable, Hashable, CaseIterable {
        case min, max
        case greaterThan = "greater_than"
        case lessThan = "less_than"
        /// Inclusive like `min`, with its own messages (and the name conditions use).
        case atLeast = "at_least"
        /// Inclusive like `max`, with its own messages (and the name conditions use).
        case atMost = "at_most"

        /// Whether a value ordered `order` against the bound (-1, 0, 1) passes; an order that
        /// does not exist (`nil`) never does.
        @inline(__always)
        package func holds(_ order: Int?) -> Bool {
            guard let order else { return false }
            switch self {
            case .min, .atLeast: return order >= 0
            case .max, .atMost: return order <= 0
            case .greaterThan: return order > 0
            case .lessThan: return order < 0
            }
        }

        /// Whether the bound is a lower one (`min`, `at_least`, `greater_than`).
        package var isLower: Bool { self == .min || self == .atLeast || self == .greaterThan }

        /// Whether a value equal to the bound passes.
        package var isInclusive: Bool { self != .greaterThan && self != .lessThan }
    }

    package var comparison: Comparison
    package var operand: Operand

    @_spi(Program) public init(comparison: Comparison, operand: Operand) {
        self.comparison = comparison
        self.operand = operand
    }

    /// Whether `value` passes. A bound that names an empty field is not enforced; a bound an offset
    /// could not be added to (see ``OperandOffset/apply(to:)``) fails.
    ///
    /// Inlined into the evaluator, which then reads the rule in its table: called, it was copied
    /// out first (its operand retained and released), for every number a range checks.
    @inline(__always)
    package func passes(_ value: Scalar, in environment: RuleEnvironment) -> Bool {
        switch operand.bound(values: environment.values, today: environment.today) {
        case .absent: return true
        case .unordered: return false
        case .value(let bound): return comparison.holds(value.compare(bound))
        }
    }
}
