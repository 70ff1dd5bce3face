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
        let equal = operand.resolve(in: environment).map(value.exactlyEquals) ?? false
        return equal != negated
    }
}
