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
        // Written as statements: Swift 6.3's optimizer crashes (CopyPropagation) on the
        // equivalent switch expression with a multi-pattern case in release builds.
        var result: [Int] = []
        collectFieldsRead(into: &result)
        return result
    }

    private func collectFieldsRead(into result: inout [Int]) {
        switch self {
        case .equality(let rule):
            if let index = rule.operand.fieldRead { result.append(index) }
        case .range(let rule):
            if let index = rule.operand.fieldRead { result.append(index) }
        case .multipleOf(let rule):
            if let index = rule.operand.fieldRead { result.append(index) }
        case .fieldComparison(let rule):
            result.append(rule.other)
        case .all(let items):
            for item in items {
                item.rule.collectFieldsRead(into: &result); item.condition.map { result += $0.fieldsRead }
            }
        case .any(let items):
            for item in items {
                item.rule.collectFieldsRead(into: &result); item.condition.map { result += $0.fieldsRead }
            }
        case .not(let item):
            item.rule.collectFieldsRead(into: &result)
            item.condition.map { result += $0.fieldsRead }
        default:
            break
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
