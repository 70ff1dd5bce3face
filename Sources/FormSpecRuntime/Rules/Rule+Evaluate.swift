// Rules run in the evaluator (Evaluation/Evaluator.swift) over the program's lowered form
// (Program/LoweredRules.swift); each rule's own test lives in its file under Rules/.

extension Rule {
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
        case .value(let rule):
            result += rule.base.fieldsRead
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
    package var fieldsRead: [Int] { rule.fieldsRead + (condition?.fieldsRead ?? []) }
}

extension Scalar {
    /// The text of a text value; other scalars as messages show them (text rules only run on text).
    var textValue: String {
        if case .text(let text) = self { return text }
        return description
    }
}
