/// `multiple_of: X`: the number divided by X is a whole number.
@_spi(Program) public struct MultipleOfRule: Sendable, Codable, Hashable {
    package var operand: Operand

    @_spi(Program) public init(operand: Operand) { self.operand = operand }

    /// Whether `value` passes, decided exactly on the decimals (`multiple_of: 0.01` at any magnitude).
    package func passes(_ value: Scalar, in environment: RuleEnvironment) -> Bool {
        guard let divisor = operand.resolve(in: environment) else { return true }
        if case .integer(let a) = value, case .integer(let b) = divisor {
            // `Int64.min % -1` overflows (and traps with `%`); its remainder is 0.
            return b != 0 && a.remainderReportingOverflow(dividingBy: b).partialValue == 0
        }
        guard let a = value.decimal, let b = divisor.decimal else { return false }
        return a.isMultiple(of: b)
    }
}
