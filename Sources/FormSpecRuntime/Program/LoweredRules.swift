import FormSpecPattern

/// The evaluator's form of a program's rules and conditions: flat arrays addressed by index.
///
/// ``RuleProgram`` and ``Condition`` are trees (indirect enums, every node boxed): the right shape
/// for the compiler and for `Program`'s JSON, the wrong one for a loop that runs per keystroke or
/// per record. This is built once when a ``Program`` is made. Instructions hold small integers;
/// each rule's own data lives in a table of its kind, so walking a field's rules retains nothing.
struct LoweredRules: Sendable {
    /// One rule of the evaluator's program.
    struct Instruction: Sendable {
        /// What the instruction tests; the payload is an index into that kind's table.
        enum Op: UInt8, Sendable {
            case required, length, pattern, contains, format, equality, membership, fieldComparison, range
            case multipleOf, check, all, any, not, value
        }

        var op: Op
        /// Whether a failure is a warning (top-level rules only).
        var isWarning: Bool
        /// The index into `op`'s table; for a combinator, its first child's instruction.
        var payload: Int32
        /// For a combinator, how many children follow `payload`.
        var count: Int32
        /// The rule's `when:` (an index into ``LoweredRules/conditions``), or -1.
        var condition: Int32
        /// A top-level rule that asks a `check_when: valid` check (itself or a member): it runs after
        /// the field's other rules, and only when none of them failed as an error.
        var waitsForLocalRules = false

        /// A combinator's children: the instructions `payload ..< payload + count`.
        var members: Range<Int> { Int(payload)..<Int(payload) + Int(count) }
    }

    /// One node of a lowered `when:` condition.
    struct ConditionNode: Sendable {
        enum Op: UInt8, Sendable {
            case equals, notEquals, oneOf, isEmpty, isNotEmpty, mode, all, any, not
            /// An ordered comparison: `payload` indexes ``LoweredRules/conditionComparisons``.
            case compare
            /// A pattern search: `payload` indexes ``LoweredRules/conditionPatterns``.
            case matches
            /// A list item equal to literal `payload`: `count` indexes ``LoweredRules/conditionItems``.
            case contains
        }

        var op: Op
        /// The field tested, or the first child for `all`/`any`/`not`, or the mode's position.
        var operand: Int32
        /// Literal index (`equals`, `notEquals`), first literal (`oneOf`), table index (`compare`,
        /// `matches`), or child count.
        var payload: Int32
        /// How many literals `oneOf` takes; the list's items (`contains`).
        var count: Int32
    }

    var instructions: [Instruction] = []
    /// The top-level rules of field `f` are `instructions[fieldStart[f] ..< fieldStart[f + 1]]`,
    /// in the order of ``FieldProgram/rules``; nested rules come after every top-level one.
    var fieldStart: [Int32] = []
    /// Each field's `when:`, or -1.
    var fieldCondition: [Int32] = []
    /// Each form rule's `when:`, or -1.
    var formRuleCondition: [Int32] = []
    /// Whether field `f` has a `required` rule (the evaluator looks for one only then).
    var hasRequiredRule: [Bool] = []
    /// Whether field `f` runs any external check.
    var hasChecks: [Bool] = []

    var lengths: [LengthRule] = []
    var patterns: [PatternRule] = []
    /// Per pattern rule, its DFA tables (when it runs on a DFA alone) and whether it is negated:
    /// what the evaluator reads instead of a copy of the ``PatternRule``, which retains its arrays.
    var patternTables: [DFATables?] = []
    var patternNegated: [Bool] = []
    var containsRules: [ContainsRule] = []
    var formats: [FormatRule] = []
    var equalities: [EqualityRule] = []
    var memberships: [MembershipRule] = []
    var comparisons: [FieldComparisonRule] = []
    var ranges: [RangeRule] = []
    /// Per range rule, its bound when that is an integer literal (`min: 1`): what the evaluator
    /// compares an integer with in place, without resolving the rule's operand.
    var rangeIntegerBounds: [Int64?] = []
    /// Per range rule, its comparison (read without copying the rule, which retains its operand).
    var rangeComparisons: [RangeRule.Comparison] = []
    var multiples: [MultipleOfRule] = []
    var checks: [String] = []
    var checkRunsWhen: [ExternalCheckRule.RunsWhen] = []
    var valueRules: [any ValueRule] = []

    var conditions: [ConditionNode] = []
    var literals: [Scalar] = []
    /// The comparisons of `compare` condition nodes (a ``RangeRule`` holds a comparison and its
    /// operand; conditions read it with their own semantics, see ``holds(_:_:mode:today:)``).
    var conditionComparisons: [RangeRule] = []
    /// The patterns of `matches` condition nodes.
    var conditionPatterns: [Pattern] = []
    /// The item fields of the lists `contains` condition nodes test, in position order.
    var conditionItems: [[Int]] = []

    init() {}

    init(fields: [FieldProgram], formRules: [FormRuleProgram]) {
        var total = 0
        // By index: iterating `fields` copies each field whole (a retain of every text it holds).
        for index in fields.indices {
            fieldStart.append(Int32(total))
            total += fields[index].rules.count
        }
        fieldStart.append(Int32(total))
        instructions.reserveCapacity(total)
        // Reserve the top-level slots first so rule `r` of field `f` is at `fieldStart[f] + r`.
        instructions = Array(
            repeating: Instruction(op: .required, isWarning: false, payload: 0, count: 0, condition: -1),
            count: total)
        for index in fields.indices {
            let rules = fields[index].rules
            for position in rules.indices {
                instructions[Int(fieldStart[index]) + position] = lower(rules[position])
            }
            fieldCondition.append(fields[index].condition.map { lower($0) } ?? -1)
            hasRequiredRule.append(rules.contains { if case .required = $0.rule { true } else { false } })
            hasChecks.append(
                (Int(fieldStart[index])..<Int(fieldStart[index + 1])).contains { runsCheck(instruction: $0) })
            for position in Int(fieldStart[index])..<Int(fieldStart[index + 1]) {
                instructions[position].waitsForLocalRules = runsCheck(instruction: position, onlyWhenValid: true)
            }
        }
        formRuleCondition = formRules.map { rule in rule.condition.map { lower($0) } ?? -1 }
    }

    /// Whether instruction `index` asks a check (itself or a member); with `onlyWhenValid`, a
    /// check that waits for the field's other rules (`check_when: valid`).
    private func runsCheck(instruction index: Int, onlyWhenValid: Bool = false) -> Bool {
        let instruction = instructions[index]
        switch instruction.op {
        case .check: return !onlyWhenValid || checkRunsWhen[Int(instruction.payload)] == .valid
        case .all, .any, .not:
            return instruction.members.contains { runsCheck(instruction: $0, onlyWhenValid: onlyWhenValid) }
        default: return false
        }
    }

    /// Lowers `rule` (its children appended at the end) and returns its instruction.
    private mutating func lower(_ rule: RuleProgram) -> Instruction {
        let condition = rule.condition.map { lower($0) } ?? -1
        func make(_ op: Instruction.Op, _ payload: Int, count: Int = 0) -> Instruction {
            Instruction(
                op: op, isWarning: rule.severity == .warning, payload: Int32(payload), count: Int32(count),
                condition: condition)
        }
        switch rule.rule {
        case .required: return make(.required, 0)
        case .length(let item):
            lengths.append(item)
            return make(.length, lengths.count - 1)
        case .pattern(let item):
            patterns.append(item)
            patternTables.append(item.pattern.dfaTables)
            patternNegated.append(item.negated)
            return make(.pattern, patterns.count - 1)
        case .contains(let item):
            containsRules.append(item)
            return make(.contains, containsRules.count - 1)
        case .format(let item):
            formats.append(item)
            return make(.format, formats.count - 1)
        case .equality(let item):
            equalities.append(item)
            return make(.equality, equalities.count - 1)
        case .membership(let item):
            memberships.append(item)
            return make(.membership, memberships.count - 1)
        case .fieldComparison(let item):
            comparisons.append(item)
            return make(.fieldComparison, comparisons.count - 1)
        case .range(let item):
            ranges.append(item)
            rangeComparisons.append(item.comparison)
            if case .literal(.integer(let bound)) = item.operand {
                rangeIntegerBounds.append(bound)
            } else {
                rangeIntegerBounds.append(nil)
            }
            return make(.range, ranges.count - 1)
        case .multipleOf(let item):
            multiples.append(item)
            return make(.multipleOf, multiples.count - 1)
        case .check(let item):
            checks.append(item.name)
            checkRunsWhen.append(item.runsWhen)
            return make(.check, checks.count - 1)
        case .value(let item):
            valueRules.append(item.base)
            return make(.value, valueRules.count - 1)
        case .all(let items): return make(.all, lowerChildren(items), count: items.count)
        case .any(let items): return make(.any, lowerChildren(items), count: items.count)
        case .not(let item): return make(.not, lowerChildren([item]), count: 1)
        }
    }

    /// Appends a contiguous block for `items` and fills it; returns the block's first index.
    private mutating func lowerChildren(_ items: [RuleProgram]) -> Int {
        let first = instructions.count
        instructions.append(
            contentsOf: repeatElement(
                Instruction(op: .required, isWarning: false, payload: 0, count: 0, condition: -1), count: items.count))
        for (offset, item) in items.enumerated() {
            let instruction = lower(item)
            instructions[first + offset] = instruction
        }
        return first
    }

    /// Lowers `condition` (its children appended at the end) and returns its node's index.
    private mutating func lower(_ condition: Condition) -> Int32 {
        let index = conditions.count
        conditions.append(ConditionNode(op: .mode, operand: 0, payload: 0, count: 0))
        let lowered = node(for: condition)
        conditions[index] = lowered
        return Int32(index)
    }

    private mutating func node(for condition: Condition) -> ConditionNode {
        switch condition {
        case .mode(let mode):
            let position = Mode.allCases.firstIndex(of: mode) ?? 0
            return ConditionNode(op: .mode, operand: Int32(position), payload: 0, count: 0)
        case .all(let items):
            return ConditionNode(op: .all, operand: lowerChildren(items), payload: Int32(items.count), count: 0)
        case .any(let items):
            return ConditionNode(op: .any, operand: lowerChildren(items), payload: Int32(items.count), count: 0)
        case .not(let item): return ConditionNode(op: .not, operand: lowerChildren([item]), payload: 1, count: 0)
        case .field(let field, let test):
            switch test {
            case .empty(let wanted):
                return ConditionNode(op: wanted ? .isEmpty : .isNotEmpty, operand: Int32(field), payload: 0, count: 0)
            case .equals(let literal):
                literals.append(literal)
                return ConditionNode(op: .equals, operand: Int32(field), payload: Int32(literals.count - 1), count: 0)
            case .notEquals(let literal):
                literals.append(literal)
                return ConditionNode(
                    op: .notEquals, operand: Int32(field), payload: Int32(literals.count - 1), count: 0)
            case .oneOf(let list):
                let first = literals.count
                literals.append(contentsOf: list)
                return ConditionNode(op: .oneOf, operand: Int32(field), payload: Int32(first), count: Int32(list.count))
            case .compare(let comparison, let operand):
                conditionComparisons.append(RangeRule(comparison: comparison, operand: operand))
                return ConditionNode(
                    op: .compare, operand: Int32(field), payload: Int32(conditionComparisons.count - 1), count: 0)
            case .matches(let rule):
                conditionPatterns.append(rule.pattern)
                return ConditionNode(
                    op: .matches, operand: Int32(field), payload: Int32(conditionPatterns.count - 1), count: 0)
            case .contains(let literal, let items):
                literals.append(literal)
                conditionItems.append(items)
                return ConditionNode(
                    op: .contains, operand: Int32(field), payload: Int32(literals.count - 1),
                    count: Int32(conditionItems.count - 1))
            }
        }
    }

    private mutating func lowerChildren(_ items: [Condition]) -> Int32 {
        let first = conditions.count
        conditions.append(
            contentsOf: repeatElement(ConditionNode(op: .mode, operand: 0, payload: 0, count: 0), count: items.count))
        for (offset, item) in items.enumerated() {
            let lowered = node(for: item)
            conditions[first + offset] = lowered
        }
        return Int32(first)
    }
}

extension Program.Storage {
    /// Whether condition `index` holds for these values in this mode; -1 (no condition) holds.
    /// `today` is what `today±N` operands count from.
    ///
    /// A field test on an empty or unreadable field is false (except `empty` and `not_equals`), and
    /// so is a comparison whose operand names an empty or unreadable field; `contains` reads the
    /// list's items, not its value (its count), and skips empty and unreadable ones.
    ///
    /// A method of the program's storage (a class), not of ``LoweredRules``: each call of a
    /// `LoweredRules` method copied the 192-byte struct to the stack (4 % of a nested batch, whose
    /// every item field has a condition).
    func holds(_ index: Int32, _ values: [FieldValue], mode: Mode, today: CivilDate) -> Bool {
        guard index >= 0 else { return true }
        let node = lowered.conditions[Int(index)]
        switch node.op {
        case .mode: return Mode.allCases[Int(node.operand)] == mode
        case .all:
            var child = node.operand
            for _ in 0..<node.payload {
                if !holds(child, values, mode: mode, today: today) { return false }
                child += 1
            }
            return true
        case .any:
            var child = node.operand
            for _ in 0..<node.payload {
                if holds(child, values, mode: mode, today: today) { return true }
                child += 1
            }
            return false
        case .not: return !holds(node.operand, values, mode: mode, today: today)
        case .isEmpty:
            if case .empty = values[Int(node.operand)] { return true }
            return false
        case .isNotEmpty:
            if case .empty = values[Int(node.operand)] { return false }
            return true
        case .equals:
            guard case .value(let scalar) = values[Int(node.operand)] else { return false }
            return scalar.exactlyEquals(lowered.literals[Int(node.payload)])
        case .notEquals:
            guard case .value(let scalar) = values[Int(node.operand)] else { return true }
            return !scalar.exactlyEquals(lowered.literals[Int(node.payload)])
        case .oneOf:
            guard case .value(let scalar) = values[Int(node.operand)] else { return false }
            let first = Int(node.payload)
            for position in first..<first + Int(node.count) where scalar.exactlyEquals(lowered.literals[position]) {
                return true
            }
            return false
        case .compare:
            guard case .value(let scalar) = values[Int(node.operand)] else { return false }
            // Through the array, not a copy of the rule: copying it retains its operand.
            let test = Int(node.payload)
            let bound = lowered.conditionComparisons[test].operand.bound(values: values, today: today)
            guard case .value(let bound) = bound else { return false }
            return lowered.conditionComparisons[test].comparison.holds(scalar.compare(bound))
        case .matches:
            guard case .value(.text(let text)) = values[Int(node.operand)] else { return false }
            return lowered.conditionPatterns[Int(node.payload)].matches(text)
        case .contains:
            guard case .value(.integer(let count)) = values[Int(node.operand)] else { return false }
            let literal = Int(node.payload)
            for item in lowered.conditionItems[Int(node.count)].prefix(Int(clamping: count)) {
                if case .value(let scalar) = values[item], scalar.exactlyEquals(lowered.literals[literal]) {
                    return true
                }
            }
            return false
        }
    }
}
