extension RuleProgram {
    /// Whether the rule passes for a non-empty `value`. Rules whose condition is false pass.
    func passes(_ value: Scalar, field: FieldProgram, in environment: RuleEnvironment, mode: Mode)
        throws(EvaluationError) -> Bool
    {
        if let condition, !condition.holds(environment.values, mode: mode) { return true }
        return try rule.passes(value, field: field, in: environment, mode: mode)
    }
}

extension Rule {
    /// Dispatches to the rule's own type.
    func passes(_ value: Scalar, field: FieldProgram, in environment: RuleEnvironment, mode: Mode)
        throws(EvaluationError) -> Bool
    {
        switch self {
        case .required: return true
        case .length(let rule): return rule.passes(value.textValue)
        case .pattern(let rule): return rule.passes(value.textValue)
        case .contains(let rule): return rule.passes(value.textValue)
        case .format(let rule): return rule.passes(value.textValue)
        case .equality(let rule): return rule.passes(value, in: environment)
        case .membership(let rule): return rule.passes(value)
        case .fieldComparison(let rule): return rule.passes(value, in: environment)
        case .range(let rule): return rule.passes(value, in: environment)
        case .multipleOf(let rule): return rule.passes(value, in: environment)
        case .check(let rule): return try rule.passes(value, fieldName: field.name, in: environment)
        case .all(let items):
            for item in items where !(try item.passes(value, field: field, in: environment, mode: mode)) {
                return false
            }
            return true
        case .any(let items):
            for item in items where try item.passes(value, field: field, in: environment, mode: mode) { return true }
            return items.isEmpty
        case .not(let item):
            return !(try item.passes(value, field: field, in: environment, mode: mode))
        }
    }

    /// Every field index the rule reads besides its own.
    var fieldsRead: [Int] {
        switch self {
        case .equality(let rule): rule.operand.fieldRead.map { [$0] } ?? []
        case .range(let rule): rule.operand.fieldRead.map { [$0] } ?? []
        case .multipleOf(let rule): rule.operand.fieldRead.map { [$0] } ?? []
        case .fieldComparison(let rule): [rule.other]
        case .all(let items), .any(let items): items.flatMap(\.fieldsRead)
        case .not(let item): item.fieldsRead
        default: []
        }
    }
}

extension RuleProgram {
    /// Every field index the rule and its condition read.
    public var fieldsRead: [Int] { rule.fieldsRead + (condition?.fieldsRead ?? []) }
}

extension Scalar {
    /// The text of a text value; other scalars as messages show them (text rules only run on text).
    var textValue: String {
        if case .text(let text) = self { return text }
        return description
    }
}
