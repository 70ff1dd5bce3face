/// One field's evaluation plan: what the evaluator reads of a field, in one entry.
///
/// The evaluator's loop read a field's rule range, condition, place in the tree, `required:`,
/// type and skip range from seven tables and the field itself. A plan holds them together, and
/// says whether the field is *simple*: its top-level rules (at most 64) have no `when:`, no
/// `required` rule and no check waiting for the others. A simple field's outcome list is then
/// decided without the general rule machinery: for an empty or unreadable value from masks made
/// here, for text whose rules are all DFA patterns and lengths from the bytes, for an integer
/// whose rules are all ranges with an integer literal bound by comparing. Anything else (or a
/// length that needs the text itself) takes ``Program/evaluateField(_:scratch:environment:mode:)``.
struct FieldPlan: Sendable {
    /// What a simple field's rules can be decided from in place.
    enum Rules: UInt8, Sendable {
        /// Not in place (or not a simple field).
        case other
        /// Every rule is a DFA pattern or a length: decided on a text's bytes.
        case text
        /// Every rule is a range with an integer literal bound: decided on an integer.
        case integer
    }

    /// The field's top-level rules: `instructions[first ..< end]`.
    var first: Int32
    var end: Int32
    /// The field's `when:` (an index into the lowered conditions), or -1.
    var condition: Int32
    /// When the condition only places the field in the tree (``NestedLayout/Place``): the group
    /// it is a member of, or the list it is an item of; -1 otherwise.
    var parent: Int32
    /// Where the run of fields ends that are active only while this field is an object
    /// (``NestedLayout/requiringObjectEnd``; the field's own index + 1 when there is none).
    var skipEnd: Int32
    /// For an item (`parent` a list), its position; -1 for a member of a group; -2 for a member
    /// of a group that may be absent (`group` empty or `group == true`, as a required group's
    /// members are laid out); -3 for a member of a list's item (``itemList``).
    var position: Int64
    /// For a member of a list's item (`position` -3): the list, and the item's position in it.
    var itemList: Int32
    var itemPosition: Int64
    /// Per rule (bit `r` for rule `first + r`) of a simple field: whether it passes on an absent
    /// value (a text rule that holds for `""`, as a maximum length does).
    var emptyPasses: UInt64
    /// Per rule of a simple field: whether it is a warning.
    var warnings: UInt64
    /// Whether the field is `required: true` on its own.
    var required: Bool
    /// Whether the field is simple (see above).
    var isSimple: Bool
    var rules: Rules
    /// Whether a simple text, choice or integer field's value is read by nothing but its own rules: no
    /// other field's rule or condition, no form rule, no field in the tree below it, and no
    /// report (a secret's value is, to mask it). A record reader may then decide such a field
    /// where it reads its value (``JSONRecordScanner``) and leave its slot unwritten when every
    /// rule passes (see ``EvaluationScratch/fieldsToEvaluate``).
    var isUnread: Bool
    /// Whether anything but the field's own rules reads its value: another field's rule or
    /// condition, a form rule, a report (a secret's, to mask it). Not the fields below a group or
    /// list, which ``isUnread`` also counts.
    var isReadByOthers: Bool
    /// Whether the field has fields below it (a group) and only they read its value (an item's
    /// members read whether it is an object).
    var isReadByMembersOnly: Bool
}

extension Program.Storage {
    /// Each field's plan, from the lowered rules and the tree's layout.
    static func plans(
        fields: [FieldProgram], formRules: [FormRuleProgram], lowered: LoweredRules, layout: NestedLayout?
    ) -> [FieldPlan] {
        // What reads each field's value besides its own rules: the other fields whose rules or
        // conditions read it, and whether a form rule or a report does. Computed from the rules
        // and conditions themselves (`fieldsRead`), not taken from the stored `reads`, which a
        // decoded program could hold unchecked.
        var readers = Array(repeating: [Int](), count: fields.count)
        var isReadElsewhere = Array(repeating: false, count: fields.count)
        // By index: iterating `fields` copies each field whole (a retain of every text it holds).
        for index in fields.indices {
            for read in fields[index].fieldsRead where read != index && fields.indices.contains(read) {
                readers[read].append(index)
            }
        }
        func markRead(_ read: some Sequence<Int>) {
            for field in read where fields.indices.contains(field) { isReadElsewhere[field] = true }
        }
        for rule in formRules {
            markRead(rule.condition?.fieldsRead ?? [])
            if case .atLeastOneOf(let read) = rule.kind { markRead(read) }
        }
        // A report masks every secret's value wherever another field's message shows it.
        markRead(fields.indices.filter { fields[$0].type == .secret })
        let isRead = fields.indices.map { !readers[$0].isEmpty || isReadElsewhere[$0] }
        return fields.indices.map { index in
            let first = Int(lowered.fieldStart[index])
            let end = Int(lowered.fieldStart[index + 1])
            var parent: Int32 = -1
            var position: Int64 = -1
            var itemList: Int32 = -1
            var itemPosition: Int64 = -1
            switch layout?.places[index] {
            case .member(let group): parent = Int32(group)
            case .itemMember(let item, let list, let at):
                parent = Int32(item)
                position = -3
                itemList = Int32(list)
                itemPosition = at
            case .item(let list, let at):
                parent = Int32(list)
                position = at
            case .other, nil:
                if let group = optionalGroup(of: fields[index].condition, fields) {
                    parent = Int32(group)
                    position = -2
                }
            }
            let instructions = lowered.instructions[first..<end]
            let isSimple =
                end - first <= 64 && !lowered.hasRequiredRule[index]
                && (first..<end).allSatisfy { position in
                    let instruction = lowered.instructions[position]
                    return !instruction.waitsForLocalRules && instruction.op != .required
                        && !Self.hasCondition(position, lowered)
                }
            var rules = FieldPlan.Rules.other
            if isSimple {
                if instructions.allSatisfy({
                    ($0.op == .pattern && lowered.patternTables[Int($0.payload)] != nil) || $0.op == .length
                }) {
                    rules = .text
                } else if instructions.allSatisfy({
                    $0.op == .range && lowered.rangeIntegerBounds[Int($0.payload)] != nil
                }) {
                    rules = .integer
                }
            }
            var emptyPasses: UInt64 = 0
            var warnings: UInt64 = 0
            if isSimple {
                let type = fields[index].type
                for (offset, instruction) in instructions.enumerated() {
                    if lowered.passesOnEmpty(instruction, type: type) { emptyPasses |= 1 << UInt64(offset) }
                    if instruction.isWarning { warnings |= 1 << UInt64(offset) }
                }
            }
            let skipEnd = layout?.requiringObjectEnd[index] ?? index + 1
            let type = fields[index].type
            let decidable =
                (rules == .text && (type.isTextual || type == .choice)) || (rules == .integer && type == .integer)
            return FieldPlan(
                first: Int32(first), end: Int32(end), condition: lowered.fieldCondition[index], parent: parent,
                skipEnd: Int32(skipEnd), position: position, itemList: itemList, itemPosition: itemPosition,
                emptyPasses: emptyPasses, warnings: warnings,
                required: fields[index].required, isSimple: isSimple, rules: rules,
                isUnread: isSimple && decidable && !isRead[index] && skipEnd == index + 1,
                isReadByOthers: isRead[index],
                isReadByMembersOnly: skipEnd > index + 1 && !isReadElsewhere[index]
                    && readers[index].allSatisfy { $0 > index && $0 < skipEnd })
        }
    }

    /// ``validFromValue``: the fields without fields below them and without `required: true` that
    /// a report of failures finds valid from their value alone (their other rules do not run on
    /// an empty value): those without a rule (valid unless their value could not be read as
    /// their type), and those with no `when:` of their own made required only by `required`
    /// rules that each have a `when:` (valid when empty, unless one of those conditions holds).
    static func validFromValue(fields: [FieldProgram], plans: [FieldPlan], lowered: LoweredRules) -> [UInt64] {
        var words = Array(repeating: UInt64(0), count: (fields.count + 63) / 64)
        for (index, plan) in plans.enumerated() where !plan.required && plan.skipEnd == index + 1 {
            let instructions = lowered.instructions[Int(plan.first)..<Int(plan.end)]
            let hasNoRule = plan.isSimple && instructions.isEmpty
            let isRequiredOnlyWhen =
                plan.condition < 0 && lowered.hasRequiredRule[index]
                && instructions.allSatisfy { $0.op != .required || $0.condition >= 0 }
            if hasNoRule || isRequiredOnlyWhen { words[index >> 6] |= 1 << UInt64(index & 63) }
        }
        return words
    }

    /// Whether instruction `position`, or a member of it (inside `all`/`any`/`not`), has a `when:`:
    /// whether it is left out then depends on other fields, which a plan does not read (a plan
    /// lists every rule of an empty field as not run).
    private static func hasCondition(_ position: Int, _ lowered: LoweredRules) -> Bool {
        let instruction = lowered.instructions[position]
        if instruction.condition >= 0 { return true }
        switch instruction.op {
        case .all, .any, .not:
            return instruction.members.contains { hasCondition($0, lowered) }
        default:
            return false
        }
    }

    /// The group `condition` places a field in when it is `group` empty or `group == true` (in
    /// either order): a member of a group that may be absent; `nil` for any other condition.
    private static func optionalGroup(of condition: Condition?, _ fields: [FieldProgram]) -> Int? {
        guard case .any(let tests)? = condition, tests.count == 2 else { return nil }
        var empty: Int?
        var object: Int?
        for test in tests {
            switch test {
            case .field(let group, .empty(true)): empty = group
            case .field(let group, .equals(.boolean(true))): object = group
            default: return nil
            }
        }
        guard let empty, empty == object, fields.indices.contains(empty), fields[empty].type == .group else {
            return nil
        }
        return empty
    }

    /// Whether simple field `plan`'s field is active for these values: its place in the tree
    /// tested in place, any other condition as ``holds(_:_:mode:today:)`` tests it.
    @inline(__always)
    func isActive(_ plan: FieldPlan, _ values: [FieldValue], mode: Mode, today: CivilDate) -> Bool {
        guard plan.condition >= 0 else { return true }
        if plan.parent >= 0 {
            if plan.position == -1 { return NestedLayout.isObject(values[Int(plan.parent)]) }
            if plan.position == -2 {
                if case .empty = values[Int(plan.parent)] { return true }
                return NestedLayout.isObject(values[Int(plan.parent)])
            }
            if plan.position == -3 {
                guard NestedLayout.isObject(values[Int(plan.parent)]) else { return false }
                if let has = NestedLayout.hasItem(values[Int(plan.itemList)], plan.itemPosition) { return has }
            } else if let has = NestedLayout.hasItem(values[Int(plan.parent)], plan.position) {
                return has
            }
        }
        return holds(plan.condition, values, mode: mode, today: today)
    }

    /// The outcomes of a text-rule plan's rules on text `utf8` (bit `r` set when rule `r` passes);
    /// `nil` when a length needs the text itself.
    @inline(__always)
    func textOutcomes(_ plan: FieldPlan, _ utf8: UnsafeBufferPointer<UInt8>) -> UInt64? {
        var passed: UInt64 = 0
        var bit: UInt64 = 1
        for position in Int(plan.first)..<Int(plan.end) {
            let instruction = lowered.instructions[position]
            let table = Int(instruction.payload)
            if instruction.op == .pattern {
                if lowered.patternTables[table].unsafelyUnwrapped.matches(utf8) != lowered.patternNegated[table] {
                    passed |= bit
                }
            } else {
                guard let known = lowered.lengths[table].passes(utf8: utf8) else { return nil }
                if known { passed |= bit }
            }
            bit &<<= 1
        }
        return passed
    }

    /// The outcomes of an integer-rule plan's rules on `number` (bit `r` set when rule `r`
    /// passes), as `RangeRule.passes` orders two integers.
    @inline(__always)
    func integerOutcomes(_ plan: FieldPlan, _ number: Int64) -> UInt64 {
        var passed: UInt64 = 0
        var bit: UInt64 = 1
        for position in Int(plan.first)..<Int(plan.end) {
            let table = Int(lowered.instructions[position].payload)
            let bound = lowered.rangeIntegerBounds[table].unsafelyUnwrapped
            if lowered.rangeComparisons[table].holds(number < bound ? -1 : (number == bound ? 0 : 1)) {
                passed |= bit
            }
            bit &<<= 1
        }
        return passed
    }
}

extension LoweredRules {
    /// For an empty field of type `type`: whether rule `instruction` holds for its empty value, so
    /// that a checklist shows it met although the rules do not run: `""` for text (a maximum length
    /// does), no items for a list (a maximum count does: ``ValueRule/passesWithNoItems``).
    func passesOnEmpty(_ instruction: Instruction, type: FieldType) -> Bool {
        if type.isTextual { return passesOnEmptyText(instruction) }
        guard type == .list, instruction.op == .value else { return false }
        return valueRules[Int(instruction.payload)].passesWithNoItems ?? false
    }

    /// For an empty text field: whether a text rule holds for `""` (a maximum length does).
    func passesOnEmptyText(_ instruction: Instruction) -> Bool {
        let table = Int(instruction.payload)
        switch instruction.op {
        case .length: return lengths[table].passes("")
        case .pattern: return patterns[table].passes("")
        case .contains: return containsRules[table].passes("")
        case .format: return formats[table].passes("")
        default: return false
        }
    }
}

extension Program {
    /// Evaluates simple field `index` (``FieldPlan/isSimple``) by its plan, as
    /// ``evaluateField(_:scratch:environment:mode:)`` would; `nil`, with nothing written, when
    /// its value is one the plan does not decide (the caller then takes the general path).
    ///
    /// - Returns: Whether the field is valid, and whether it belongs in
    ///   ``EvaluationScratch/activeFields``: it is active and, unless the scratch keeps passing
    ///   outcomes, has a failure. When the scratch keeps only failures, a field left out of the
    ///   list keeps the state of an earlier evaluation (what only the short report reads).
    @inline(__always)
    func evaluatePlanned(
        _ index: Int, _ plan: FieldPlan, values: [FieldValue], scratch: inout EvaluationScratch,
        mode: Mode, today: CivilDate
    ) -> (valid: Bool, listed: Bool)? {
        // Valid whether active or not, and not listed in a report of failures.
        if !scratch.keepsPassingOutcomes, Self.passesWithoutRules(plan, values[index]) { return (true, false) }
        let start = Int32(scratch.results.count)
        guard storage.isActive(plan, values, mode: mode, today: today) else {
            if scratch.keepsPassingOutcomes { scratch.fieldStates[index] = .inactive(at: start, pass: scratch.pass) }
            return (true, false)
        }
        let count = Int(plan.end - plan.first)
        var valid = true
        switch values[index] {
        case .value(let scalar):
            // Which rules pass; a field without rules takes any value.
            var passed: UInt64 = 0
            if count > 0 {
                switch (plan.rules, scalar) {
                case (.text, .text(let text)):
                    let outcomes = text.utf8.withContiguousStorageIfAvailable { storage.textOutcomes(plan, $0) }
                    guard let outcomes, let outcomes else { return nil }
                    passed = outcomes
                case (.integer, .integer(let number)):
                    passed = storage.integerOutcomes(plan, number)
                default:
                    return nil
                }
            }
            // Nothing failed and only failures are wanted: not listed.
            let rules: UInt64 = count == 64 ? ~0 : (1 << UInt64(count)) &- 1
            if passed & rules == rules, !scratch.keepsPassingOutcomes { return (true, false) }
            if plan.required { scratch.results.append(RuleResult(rule: -1, outcome: .passed)) }
            var bit: UInt64 = 1
            for rule in 0..<count {
                if passed & bit != 0 {
                    scratch.results.append(RuleResult(rule: Int32(rule), outcome: .passed))
                } else {
                    scratch.failedResults += 1
                    if plan.warnings & bit == 0 { valid = false }
                    scratch.results.append(RuleResult(rule: Int32(rule), outcome: .failed))
                }
                bit &<<= 1
            }
        case .empty:
            if plan.required {
                scratch.results.append(RuleResult(rule: -1, outcome: .failed))
                scratch.failedResults += 1
                valid = false
            } else if !scratch.keepsPassingOutcomes {
                return (true, false)
            }
            var bit: UInt64 = 1
            for rule in 0..<count {
                let outcome: RuleOutcome = plan.emptyPasses & bit != 0 ? .passed : .notRun
                scratch.results.append(RuleResult(rule: Int32(rule), outcome: outcome))
                bit &<<= 1
            }
        case .invalid:
            valid = false
            if plan.required { scratch.results.append(RuleResult(rule: -1, outcome: .passed)) }
            for rule in 0..<count { scratch.results.append(RuleResult(rule: Int32(rule), outcome: .notRun)) }
        }
        scratch.fieldStates[index] = EvaluationScratch.FieldState(
            resultStart: start, resultEnd: Int32(scratch.results.count), isActive: true, isValid: valid,
            pass: scratch.pass)
        return (valid, true)
    }
}
