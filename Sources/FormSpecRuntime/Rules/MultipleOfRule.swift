/// `multiple_of: X`: the number divided by X is a whole number.
public struct MultipleOfRule: Sendable, Codable, Hashable {
    public var operand: Operand

    public init(operand: Operand) { self.operand = operand }

    /// Whether `value` passes. Decimal steps (`0.01`) are compared with a tolerance for binary rounding.
    public func passes(_ value: Scalar, in environment: RuleEnvironment) -> Bool {
        guard let divisor = operand.resolve(in: environment) else { return true }
        if case .integer(let a) = value, case .integer(let b) = divisor {
            // `Int64.min % -1` overflows (and traps with `%`); its remainder is 0.
            return b != 0 && a.remainderReportingOverflow(dividingBy: b).partialValue == 0
        }
        guard let a = value.numeric, let b = divisor.numeric, b != 0 else { return false }
        let quotient = a / b
        guard quotient.isFinite else { return false }
        return abs(quotient - quotient.rounded()) <= 1e-9 * max(1, abs(quotient))
    }
}
