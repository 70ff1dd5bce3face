extension Program {
    /// Validates one input object.
    ///
    /// - Parameters:
    ///   - input: An object of field values.
    ///   - context: Locale, mode, original values, strictness, today and external check outcomes.
    /// - Returns: The report.
    /// - Throws: ``EvaluationError`` when the input is not an object or a check has no outcome.
    @_spi(Tooling) public func validate(_ input: Value, context: EvaluationContext = EvaluationContext())
        throws(EvaluationError)
        -> Report
    {
        guard case .object(let members) = input else { throw .notAnObject(input.kindDescription) }
        var scratch = EvaluationScratch(self, today: context.today)
        scratch.load(members, program: self, today: context.today, collectUnknownKeys: context.strict)
        try evaluate(&scratch, context: context)
        return report(from: scratch, context: context)
    }

    /// Splits an input object into per-field slots.
    /// - Throws: ``EvaluationError/notAnObject(_:)`` for anything but an object.
    package func record(from input: Value) throws(EvaluationError) -> Record {
        guard case .object(let members) = input else { throw .notAnObject(input.kindDescription) }
        var record = Record(values: Array(repeating: nil, count: fields.count))
        if isNested {
            visitNested(
                members, assign: { record.values[$0] = $1 }, unknown: { record.unknownKeys.append($0) })
            return record
        }
        for member in members {
            if let index = fieldIndex[member.key] {
                record.values[index] = member.value
            } else {
                record.unknownKeys.append(member.key)
            }
        }
        return record
    }

    /// The original values of edit mode read as the fields' types (defaults for missing ones).
    func readOriginal(_ original: Value?, today: CivilDate) throws(EvaluationError) -> [FieldValue] {
        guard let original else {
            return relativeDefaultFields.isEmpty
                ? defaultValues : fields.indices.map { defaultValue(ofField: $0, today: today) }
        }
        return read(try record(from: original), today: today)
    }

    /// Each field's value read as its type, defaults applied.
    ///
    /// - Parameters:
    ///   - record: The raw values.
    ///   - today: What relative date defaults (`default: today`) count from; `nil` for the current date.
    package func read(_ record: Record, today: CivilDate? = nil) -> [FieldValue] {
        var values: [FieldValue] = []
        values.reserveCapacity(fields.count)
        for index in fields.indices { values.append(read(record.values[index], forField: index, today: today)) }
        return values
    }

    /// Validates a record already split into field slots.
    package func validate(_ record: Record, context: EvaluationContext = EvaluationContext()) throws(EvaluationError)
        -> Report
    {
        var scratch = EvaluationScratch(self)
        scratch.values = read(record, today: context.today)
        if context.strict { scratch.unknownKeys = record.unknownKeys }
        try evaluate(&scratch, context: context)
        return report(from: scratch, context: context)
    }

    /// Reads one raw input as field `index`'s type (its default when `raw` is `nil`).
    ///
    /// - Parameters:
    ///   - raw: The input's value; `nil` when the input lacks the field.
    ///   - index: The field.
    ///   - today: What a relative date default (`default: today`) counts from; `nil` for the
    ///     current date. Pass the evaluation's ``EvaluationContext/today``.
    package func read(_ raw: Value?, forField index: Int, today: CivilDate? = nil) -> FieldValue {
        guard let raw else { return defaultValue(ofField: index, today: today) }
        // Through the array, not a copy of the field: copying a `FieldProgram` retains each of its members.
        let value = fields[index].type.read(raw, trim: fields[index].trim, options: optionSets[index])
        // An item of a list of groups is in the array, so it is not absent: `null` or `""` there is
        // an item that is no object, a `type` failure like `5` (an absent group reads as empty).
        if case .empty = value, storage.isGroupItem[index] { return .invalid(rule: "type", input: raw) }
        return value
    }

    /// Field `index`'s value when an input lacks it: its default read as its type, a relative date
    /// (`default: today-18y`) counted from `today` (the current date when `nil`); empty when none.
    package func defaultValue(ofField index: Int, today: CivilDate? = nil) -> FieldValue {
        guard let offset = defaultOffsets[index] else { return defaultValues[index] }
        return .value(.date((today ?? .today()).adding(offset)))
    }

    /// Field `index`'s default as an input would give it (a relative date as its `YYYY-MM-DD`
    /// text, counted from `today`, the current date when `nil`); `nil` when the field has none.
    /// What a live form starts an untouched field at.
    package func defaultInput(ofField index: Int, today: CivilDate? = nil) -> Value? {
        guard let offset = defaultOffsets[index] else { return fields[index].defaultValue }
        return .string((today ?? .today()).adding(offset).description)
    }

    // MARK: The evaluator

    /// Evaluates the record in `scratch.values`: every active field's outcome list, the failing
    /// form rules, edit mode's changed fields, and whether the record is valid. The one place rule
    /// outcomes are decided; reports, checklists and batch output are projections of `scratch`.
    ///
    /// Allocates nothing once `scratch`'s buffers have grown to the program's size (unless a check
    /// throws or is unanswered, or the context is in edit mode and not prepared).
    ///
    /// - Throws: ``EvaluationError/unresolvedCheck(check:field:)`` when a check has no answer in
    ///   `scratch.checkAnswers` nor from `context.checks`, unless `scratch.collectsUnanswered`.
    ///
    /// - Parameter usesPlans: Whether simple fields are evaluated by their ``FieldPlan``; off, every
    ///   field takes the general path (what tests compare the plans with).
    package func evaluate(_ scratch: inout EvaluationScratch, context: EvaluationContext, usesPlans: Bool = true)
        throws(EvaluationError)
    {
        scratch.startPass()
        if !scratch.activeFields.isEmpty { scratch.activeFields.removeAll(keepingCapacity: true) }
        // Usually empty already: skip the calls.
        if !scratch.failedFormRules.isEmpty { scratch.failedFormRules.removeAll(keepingCapacity: true) }
        if !scratch.changedFields.isEmpty { scratch.changedFields.removeAll(keepingCapacity: true) }
        let mode = context.mode
        if mode == .edit {
            let original = try context.originalValues(for: self)
            // A field of a list item that does not exist (given by path past the list's count) is
            // no change: a live form's values do not have it.
            for index in fields.indices
            where !scratch.values[index].isSame(as: original[index])
                && isInExistingItems(index, values: scratch.values)
            {
                scratch.changedFields.append(index)
            }
        }
        guard mode != .show else {
            for index in fields.indices { scratch.fieldStates[index] = .inactive(at: 0, pass: scratch.pass) }
            scratch.valid = true
            return
        }
        // A report of failures for which a record reader listed the fields to evaluate (see
        // `fieldsToEvaluate`): when each of them passes as it is, so does the record.
        if !scratch.keepsPassingOutcomes, formRules.isEmpty, !scratch.fieldsToEvaluate.isEmpty,
            listsOnlyValidFields(scratch.fieldsToEvaluate, scratch.values, mode: mode, today: context.today)
        {
            scratch.valid = !(context.strict && !scratch.unknownKeys.isEmpty)
            return
        }
        var valid = true
        // One environment for the record: a `var` changed per field was copied (and its references
        // retained) at each call.
        let environment = RuleEnvironment(values: scratch.values, today: context.today, checks: context.checks)
        let values = environment.values
        let plans = storage.plans
        // For a report of failures, a record reader may have listed the only fields that need
        // evaluating: the others are valid and not listed (see `fieldsToEvaluate`).
        // (Taken out of `scratch` meanwhile, which nothing below reads it from: a copy would
        // retain it.)
        var worklist: [UInt64] = []
        if !scratch.keepsPassingOutcomes { swap(&worklist, &scratch.fieldsToEvaluate) }
        defer { if !scratch.keepsPassingOutcomes { swap(&worklist, &scratch.fieldsToEvaluate) } }
        let fieldCount = fields.count
        var index = 0
        while index < fieldCount {
            if !worklist.isEmpty {
                guard let next = Self.firstField(in: worklist, from: index) else { break }
                index = next
            }
            let field = index
            index += 1
            let plan = plans[field]
            if usesPlans, plan.isSimple,
                let planned = evaluatePlanned(
                    field, plan, values: values, scratch: &scratch, mode: mode, today: context.today)
            {
                valid = valid && planned.valid
                if planned.listed { scratch.activeFields.append(field) }
            } else {
                let fieldValid = try evaluateField(field, scratch: &scratch, environment: environment, mode: mode)
                valid = valid && fieldValid
                let state = scratch.fieldStates[field]
                // Listing only what a report of failures reads, when only that is wanted.
                if state.isActive,
                    scratch.keepsPassingOutcomes || !state.isValid || state.resultEnd > state.resultStart
                {
                    scratch.activeFields.append(field)
                }
            }
            // A nested form: the fields an item that is not an object turns off (see
            // `NestedLayout.requiringObjectEnd`; for other fields `skipEnd` is `index`). The fields
            // of an item past the list's count (or not an object) are all inactive: their states
            // are written without testing their conditions.
            let skipEnd = Int(plan.skipEnd)
            if skipEnd > index, !NestedLayout.isObject(values[field]) {
                // Their states are not read when only failures are kept (they are not listed).
                guard scratch.keepsPassingOutcomes else {
                    index = skipEnd
                    continue
                }
                let state = EvaluationScratch.FieldState.inactive(at: Int32(scratch.results.count), pass: scratch.pass)
                scratch.fieldStates.withUnsafeMutableBufferPointer { states in
                    for skipped in index..<skipEnd { states[skipped] = state }
                }
                index = skipEnd
            }
        }
        for (index, rule) in formRules.enumerated()
        where !formRulePasses(rule, index, scratch, mode: mode, today: context.today) {
            scratch.failedFormRules.append(index)
        }
        scratch.valid =
            valid && scratch.failedFormRules.isEmpty && !(context.strict && !scratch.unknownKeys.isEmpty)
    }

    /// Whether an evaluation for a report of failures would find every field in `worklist`
    /// (``EvaluationScratch/fieldsToEvaluate``) valid and keep no outcome (see
    /// ``Storage/validFromValue``): each is a field without rules whose value was read as its
    /// type, or an empty field required only by `required` rules with a `when:`, none of which
    /// holds now.
    private func listsOnlyValidFields(
        _ worklist: [UInt64], _ values: [FieldValue], mode: Mode, today: CivilDate
    ) -> Bool {
        for word in worklist.indices {
            var fields = worklist[word]
            guard fields & ~storage.validFromValue[word] == 0 else { return false }
            while fields != 0 {
                let field = word &<< 6 | fields.trailingZeroBitCount
                fields &= fields &- 1
                let rules = Int(lowered.fieldStart[field])..<Int(lowered.fieldStart[field &+ 1])
                if rules.isEmpty {
                    if case .invalid = values[field] { return false }
                    continue
                }
                guard case .empty = values[field],
                    requiredRuleHolding(rules, values, mode: mode, today: today) == nil
                else { return false }
            }
        }
        return true
    }

    /// The first `required` rule among `rules` (positions in ``LoweredRules/instructions``) whose
    /// `when:` holds now; `nil` when none does.
    @inline(__always)
    private func requiredRuleHolding(_ rules: Range<Int>, _ values: [FieldValue], mode: Mode, today: CivilDate) -> Int?
    {
        // The first that holds, an error before a warning: a recommendation never lifts a requirement.
        var warning: Int?
        for position in rules where lowered.instructions[position].op == .required {
            if storage.holds(lowered.instructions[position].condition, values, mode: mode, today: today) {
                guard lowered.instructions[position].isWarning else { return position }
                if warning == nil { warning = position }
            }
        }
        return warning
    }

    /// The first field at or after `index` whose bit is set in `words`; `nil` when none is.
    @inline(__always)
    static func firstField(in words: [UInt64], from index: Int) -> Int? {
        var word = index &>> 6
        guard word < words.count else { return nil }
        var bits = words[word] & (~0 &<< UInt64(index & 63))
        while bits == 0 {
            word &+= 1
            guard word < words.count else { return nil }
            bits = words[word]
        }
        return word &<< 6 | bits.trailingZeroBitCount
    }

    /// Whether simple field `plan` passes with `value` without running a rule, active or not: a
    /// value and no rules (its type and options were checked when it was read), or empty and
    /// optional (a simple field's rules do not run on an empty value).
    @inline(__always)
    static func passesWithoutRules(_ plan: FieldPlan, _ value: FieldValue) -> Bool {
        switch value {
        case .empty: !plan.required
        case .value: plan.first == plan.end
        case .invalid: false
        }
    }

    /// Evaluates field `index` alone against `scratch.values` (what a live form re-runs when a
    /// value it reads changes). `scratch.results` then holds this field's outcome list only.
    ///
    /// - Returns: Whether the field is active.
    /// - Throws: ``EvaluationError/unresolvedCheck(check:field:)`` as ``evaluate(_:context:)``.
    @discardableResult
    package func evaluateField(_ index: Int, in scratch: inout EvaluationScratch, context: EvaluationContext)
        throws(EvaluationError) -> Bool
    {
        scratch.startPass()
        guard context.mode != .show else {
            scratch.fieldStates[index] = .inactive(at: 0, pass: scratch.pass)
            return false
        }
        let environment = RuleEnvironment(values: scratch.values, today: context.today, checks: context.checks)
        _ = try evaluateField(index, scratch: &scratch, environment: environment, mode: context.mode)
        return scratch.isActive(index)
    }

    /// Evaluates only the form rules against `scratch.values` into `scratch.failedFormRules` (what a
    /// live form re-runs after a change).
    ///
    /// - Parameters:
    ///   - scratch: The values; its field results are left as they are.
    ///   - mode: The caller's mode.
    ///   - changed: In edit mode, the indexes of the fields that differ from the original.
    ///   - today: What `today±N` in conditions counts from.
    package func evaluateFormRules(
        in scratch: inout EvaluationScratch, mode: Mode, changed: [Int], today: CivilDate
    ) {
        scratch.failedFormRules.removeAll(keepingCapacity: true)
        guard mode != .show else { return }
        scratch.changedFields.removeAll(keepingCapacity: true)
        scratch.changedFields.append(contentsOf: changed)
        for (index, rule) in formRules.enumerated()
        where !formRulePasses(rule, index, scratch, mode: mode, today: today) {
            scratch.failedFormRules.append(index)
        }
    }

    /// Whether form rule `index` holds (or does not apply) for the values in `scratch`.
    func formRulePasses(
        _ rule: FormRuleProgram, _ index: Int, _ scratch: EvaluationScratch, mode: Mode, today: CivilDate
    ) -> Bool {
        guard storage.holds(lowered.formRuleCondition[index], scratch.values, mode: mode, today: today) else {
            return true
        }
        switch rule.kind {
        case .requireChanges:
            // A change only counts on a field the form shows (its `when:` holds).
            return mode != .edit
                || scratch.changedFields.contains { isActive($0, values: scratch.values, mode: mode, today: today) }
        case .atLeastOneOf(let indexes):
            return indexes.contains { if case .empty = scratch.values[$0] { false } else { true } }
        }
    }

    /// Whether field `index` is active (its `when:` holds) for these values.
    package func isActive(_ index: Int, values: [FieldValue], mode: Mode, today: CivilDate) -> Bool {
        storage.holds(lowered.fieldCondition[index], values, mode: mode, today: today)
    }

    /// Appends field `index`'s outcome list to `scratch.results`; returns whether the field is valid.
    func evaluateField(
        _ index: Int, scratch: inout EvaluationScratch, environment: RuleEnvironment, mode: Mode
    ) throws(EvaluationError) -> Bool {
        let start = Int32(scratch.results.count)
        let values = environment.values
        let condition = lowered.fieldCondition[index]
        guard
            condition < 0
                || storage.nestedLayout?.isPresent(index, in: values)
                    ?? storage.holds(condition, values, mode: mode, today: environment.today)
        else {
            scratch.fieldStates[index] = .inactive(at: start, pass: scratch.pass)
            return true
        }
        let first = Int(lowered.fieldStart[index])
        let end = Int(lowered.fieldStart[index + 1])
        let value = values[index]

        // A `required: true` rule with a `when:` makes the field required only while it holds; the
        // field's own `required:` and a rule that is an error come before a warning's.
        var required: Int32? = fields[index].required ? -1 : nil
        if lowered.hasRequiredRule[index],
            let position = requiredRuleHolding(first..<end, values, mode: mode, today: environment.today),
            required == nil || !lowered.instructions[position].isWarning
        {
            required = Int32(position - first)
        }
        var valid = true
        if let required {
            let passed = if case .empty = value { false } else { true }
            scratch.results.append(RuleResult(rule: required, outcome: passed ? .passed : .failed))
            if !passed {
                scratch.failedResults += 1
                // `required: true` with `severity: warning` recommends a value; it never invalidates.
                valid = required >= 0 && lowered.instructions[first + Int(required)].isWarning
            }
        }
        switch value {
        case .value(let scalar):
            // Text rules read the value's UTF-8 in place: found once here, not once per rule. The
            // closure reaches the scratch through a pointer: capturing the `inout` parameter made
            // the compiler copy the whole scratch in and out per field.
            let rulesValid: Result<Bool, EvaluationError>
            if case .text(let text) = scalar,
                let result = withUnsafeMutablePointer(
                    to: &scratch,
                    { scratchPointer in
                        text.utf8.withContiguousStorageIfAvailable { utf8 in
                            Result { () throws(EvaluationError) in
                                try runRules(
                                    first..<end, of: index, scalar, utf8: utf8, scratch: &scratchPointer.pointee,
                                    environment: environment, mode: mode)
                            }
                        }
                    })
            {
                rulesValid = result
            } else {
                rulesValid = Result { () throws(EvaluationError) in
                    try runRules(
                        first..<end, of: index, scalar, utf8: nil, scratch: &scratch, environment: environment,
                        mode: mode)
                }
            }
            if try !rulesValid.get() { valid = false }
        case .empty, .invalid:
            if case .invalid = value { valid = false }
            // The rules below only pass or are not run: a report of failures reads none of them.
            guard scratch.keepsPassingOutcomes else { break }
            // Nothing to check, but the checklist still lists each requirement. Rules that can be
            // judged on the empty value (a maximum length or a forbidden pattern on "", a maximum
            // count on no items) show their real status.
            let type = fields[index].type
            for position in first..<end {
                let instruction = lowered.instructions[position]
                if instruction.op == .required { continue }
                if storage.isLeftOut(position, values, mode: mode, today: environment.today) { continue }
                var outcome = RuleOutcome.notRun
                if case .empty = value, lowered.passesOnEmpty(instruction, type: type) { outcome = .passed }
                scratch.results.append(RuleResult(rule: Int32(position - first), outcome: outcome))
            }
        }
        scratch.fieldStates[index] = EvaluationScratch.FieldState(
            resultStart: start, resultEnd: Int32(scratch.results.count), isActive: true, isValid: valid,
            pass: scratch.pass)
        return valid
    }

    /// Runs the top-level rules at `positions` of field `field` on a non-empty value, appending their
    /// outcomes to `scratch.results`; returns whether none failed as an error.
    ///
    /// - Parameter utf8: The value's UTF-8 when it is text, for the rules that read bytes.
    private func runRules(
        _ positions: Range<Int>, of field: Int, _ scalar: Scalar, utf8: UnsafeBufferPointer<UInt8>?,
        scratch: inout EvaluationScratch, environment: RuleEnvironment, mode: Mode
    ) throws(EvaluationError) -> Bool {
        var valid = true
        var waiting = false
        let first = positions.lowerBound
        let resultStart = scratch.results.count
        for position in positions {
            let instruction = lowered.instructions[position]
            if instruction.op == .required { continue }
            if instruction.waitsForLocalRules {
                waiting = true
                continue
            }
            let verdict: Verdict
            let failure: Int32
            if let passed = storage.passesInPlace(instruction, scalar, utf8: utf8) {
                // The usual text or number rule, decided here: a call to `run` passes ten arguments.
                verdict = passed ? .passed : .failed
                failure = -1
            } else {
                (verdict, failure) = try storage.run(
                    position, scalar, utf8: utf8, field: field, scratch: &scratch, environment: environment,
                    mode: mode, program: self)
            }
            record(verdict, failure, of: instruction, at: position - first, scratch: &scratch, valid: &valid)
        }
        guard waiting else { return valid }
        // The rules asking a `check_when: valid` check run last, and only when every other rule
        // passed: a value that fails a local rule never reaches the check (its line is not run).
        let locallyValid = valid
        for position in positions where lowered.instructions[position].waitsForLocalRules {
            let instruction = lowered.instructions[position]
            if locallyValid {
                let (verdict, failure) = try storage.run(
                    position, scalar, utf8: utf8, field: field, scratch: &scratch, environment: environment,
                    mode: mode, program: self)
                record(verdict, failure, of: instruction, at: position - first, scratch: &scratch, valid: &valid)
            } else if !storage.isLeftOut(position, environment.values, mode: mode, today: environment.today) {
                scratch.results.append(RuleResult(rule: Int32(position - first), outcome: .notRun))
            }
        }
        // Back in rule order, as reports list them.
        scratch.results[resultStart...].sort { $0.rule < $1.rule }
        return valid
    }

    /// Appends one top-level rule's outcome (nothing for an inactive one) and counts a failure.
    @inline(__always)
    private func record(
        _ verdict: Verdict, _ failure: Int32, of instruction: LoweredRules.Instruction, at rule: Int,
        scratch: inout EvaluationScratch, valid: inout Bool
    ) {
        let outcome: RuleOutcome
        switch verdict {
        case .inactive: return
        case .passed: outcome = .passed
        case .failed: outcome = .failed
        case .pending: outcome = .pending
        }
        if outcome == .failed {
            scratch.failedResults += 1
            if !instruction.isWarning { valid = false }
        }
        scratch.results.append(RuleResult(rule: Int32(rule), outcome: outcome, failure: failure))
    }

    /// A check's verdict: its supplied answer, else the context's resolver, else unanswered.
    fileprivate func check(
        _ name: String, _ value: Scalar, field: Int, scratch: inout EvaluationScratch, environment: RuleEnvironment
    ) throws(EvaluationError) -> (Verdict, Int32) {
        if let answer = scratch.answer(field: field, check: name) {
            switch answer {
            case .passed: return (.passed, -1)
            case .failed: return (.failed, -1)
            case .pending: return (.pending, -1)
            case .failure(let message):
                scratch.failureMessages.append(message)
                return (.failed, Int32(scratch.failureMessages.count - 1))
            }
        }
        if let outcome = environment.checks(name, fields[field].name, value) {
            return (outcome ? .passed : .failed, -1)
        }
        guard scratch.collectsUnanswered else { throw .unresolvedCheck(check: name, field: fields[field].name) }
        let call = UnansweredCheck(check: name, field: field, value: value)
        if !scratch.unanswered.contains(call) { scratch.unanswered.append(call) }
        return (.pending, -1)
    }
}

extension FieldValue {
    /// Whether two values are the same for edit-mode change tracking (text compared exactly, and
    /// two inputs that cannot be read as the inputs they were).
    package func isSame(as other: FieldValue) -> Bool {
        switch (self, other) {
        case (.empty, .empty): true
        case let (.value(a), .value(b)): a.exactlyEquals(b)
        case let (.invalid(a), .invalid(b)): a.isSame(as: b)
        default: false
        }
    }

    /// Whether two values are the same and a message's `{value}` shows them alike: ``isSame(as:)``,
    /// and a time or date-time spelt alike (`09:00` and `09:00:00` are the same time, shown
    /// otherwise). A live form re-checks a field whose value changes in either way.
    package func isIdentical(to other: FieldValue) -> Bool {
        guard isSame(as: other) else { return false }
        switch (self, other) {
        case let (.value(.time(a)), .value(.time(b))): return a.description == b.description
        case let (.value(.datetime(a)), .value(.datetime(b))): return a.description == b.description
        default: return true
        }
    }
}

/// What one rule (a nested one included) gave.
private enum Verdict {
    case passed, failed, pending
    /// Its `when:` is false (or, for a group, every member's is): it is left out.
    case inactive
}

extension Program.Storage {
    /// A rule without a `when:` decided on the value alone: a length or a pattern on a DFA on
    /// text's bytes (`utf8`), a range of an integer against an integer literal; `nil` for any
    /// other rule, or when the value cannot decide it.
    @inline(__always)
    fileprivate func passesInPlace(
        _ instruction: LoweredRules.Instruction, _ value: Scalar, utf8: UnsafeBufferPointer<UInt8>?
    ) -> Bool? {
        guard instruction.condition < 0 else { return nil }
        let table = Int(instruction.payload)
        switch instruction.op {
        case .pattern:
            guard let utf8, let tables = lowered.patternTables[table] else { return nil }
            return tables.matches(utf8) != lowered.patternNegated[table]
        case .length:
            guard let utf8 else { return nil }
            return lowered.lengths[table].passes(utf8: utf8)
        case .range:
            // As `RangeRule.passes` orders two integers, without resolving the operand.
            guard case .integer(let number) = value, let bound = lowered.rangeIntegerBounds[table] else { return nil }
            return lowered.ranges[table].comparison.holds(number < bound ? -1 : (number == bound ? 0 : 1))
        default: return nil
        }
    }

    /// Whether instruction `position` is left out for these values, as ``run(_:_:utf8:field:scratch:environment:mode:program:)``
    /// would find it without a value to run on: its `when:` does not hold, or it is a group
    /// (`all`/`any`/`not`) whose members are all left out. A rule that is not run (the value is
    /// empty or unreadable, or a check waits for the local rules) is listed unless left out.
    fileprivate func isLeftOut(_ position: Int, _ values: [FieldValue], mode: Mode, today: CivilDate) -> Bool {
        let instruction = lowered.instructions[position]
        if instruction.condition >= 0, !holds(instruction.condition, values, mode: mode, today: today) { return true }
        switch instruction.op {
        case .all, .any, .not:
            return instruction.members.allSatisfy { isLeftOut($0, values, mode: mode, today: today) }
        default:
            return false
        }
    }

    /// Runs instruction `position` on a non-empty value.
    ///
    /// Groups run every member (so each check of the group is asked, as a live form shows them),
    /// leave out inactive members, and combine: a check that threw fails the group with its
    /// message; else a pending check makes it pending; else `all`/`any`/`not` decide. A group whose
    /// members are all inactive is inactive itself.
    ///
    /// A method of the program's storage (a class), not of ``Program`` or ``LoweredRules``: a
    /// method of either struct copied the 160-byte `lowered` to the stack at each call (6 % of a
    /// batch run).
    fileprivate func run(
        _ position: Int, _ value: Scalar, utf8: UnsafeBufferPointer<UInt8>?, field: Int,
        scratch: inout EvaluationScratch, environment: RuleEnvironment, mode: Mode, program: Program
    ) throws(EvaluationError) -> (Verdict, Int32) {
        let instruction = lowered.instructions[position]
        if instruction.condition >= 0,
            !holds(instruction.condition, environment.values, mode: mode, today: environment.today)
        {
            return (.inactive, -1)
        }
        let table = Int(instruction.payload)
        let passed: Bool
        switch instruction.op {
        case .required: passed = true
        case .length:
            if let utf8, let known = lowered.lengths[table].passes(utf8: utf8) {
                passed = known
            } else {
                passed = lowered.lengths[table].passes(value.textValue)
            }
        case .pattern:
            if let utf8, let tables = lowered.patternTables[table] {
                passed = tables.matches(utf8) != lowered.patternNegated[table]
            } else if let utf8 {
                passed = lowered.patterns[table].passes(utf8: utf8)
            } else {
                passed = lowered.patterns[table].passes(value.textValue)
            }
        case .contains: passed = lowered.containsRules[table].passes(value.textValue)
        case .format: passed = lowered.formats[table].passes(value.textValue)
        case .equality: passed = lowered.equalities[table].passes(value, in: environment)
        case .membership: passed = lowered.memberships[table].passes(value)
        case .fieldComparison: passed = lowered.comparisons[table].passes(value, in: environment)
        case .range: passed = lowered.ranges[table].passes(value, in: environment)
        case .multipleOf: passed = lowered.multiples[table].passes(value, in: environment)
        case .value: passed = lowered.valueRules[table].passes(value, in: environment)
        case .check:
            return try program.check(
                lowered.checks[table], value, field: field, scratch: &scratch, environment: environment)
        case .all, .any, .not:
            var failure: Int32 = -1
            var pending = false
            var active = 0
            var passing = 0
            for child in instruction.members {
                let (verdict, childFailure) = try run(
                    child, value, utf8: utf8, field: field, scratch: &scratch, environment: environment, mode: mode,
                    program: program)
                if failure < 0, childFailure >= 0 { failure = childFailure }
                switch verdict {
                case .inactive: continue
                case .pending: pending = true
                case .passed: passing += 1
                case .failed: break
                }
                active += 1
            }
            if failure >= 0 { return (.failed, failure) }
            if active == 0 { return (.inactive, -1) }
            if pending { return (.pending, -1) }
            switch instruction.op {
            case .all: passed = passing == active
            case .any: passed = passing > 0
            default: passed = passing == 0
            }
        }
        return (passed ? .passed : .failed, -1)
    }
}
