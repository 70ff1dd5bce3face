/// What became of one rule of one field in one evaluation.
@_spi(Tooling) public enum RuleOutcome: UInt8, Sendable, Hashable {
    /// The rule ran and passed.
    case passed
    /// The rule ran and failed (its message is reported).
    case failed
    /// The rule waits on an external check that has not answered yet (live forms only).
    case pending
    /// The rule was not run: the field is empty or its value could not be read as its type. The
    /// checklist lists it as not met, with no message.
    case notRun
}

/// One entry of a field's outcome list: a checklist line.
@_spi(Tooling) public struct RuleResult: Sendable, Hashable {
    /// The rule's index in ``FieldProgram/rules``; -1 for the field's own `required:`.
    @_spi(Tooling) public var rule: Int32
    /// What became of it.
    @_spi(Tooling) public var outcome: RuleOutcome
    /// When an external check the rule runs threw: an index into
    /// ``EvaluationScratch/failureMessages`` (the message replaces the rule's own); -1 otherwise.
    @_spi(Tooling) public var failure: Int32

    /// Creates a result.
    @_spi(Tooling) public init(rule: Int32, outcome: RuleOutcome, failure: Int32 = -1) {
        self.rule = rule
        self.outcome = outcome
        self.failure = failure
    }
}

/// An external check's answer, supplied to the evaluator before it runs (see
/// ``EvaluationScratch/checkAnswers``).
@_spi(Tooling) public enum CheckAnswer: Sendable, Hashable {
    /// The check passed.
    case passed
    /// The check failed: the rule fails with its own message.
    case failed
    /// The check is still running: the rule is pending (passing provisionally).
    case pending
    /// The check could not answer (it threw): the rule fails with this message.
    case failure(String)
}

/// A check the evaluator met without an answer (when ``EvaluationScratch/collectsUnanswered``).
@_spi(Tooling) public struct UnansweredCheck: Sendable, Hashable {
    /// The check's name.
    @_spi(Tooling) public var check: String
    /// The index of the field whose rule runs it.
    @_spi(Tooling) public var field: Int
    /// The field's value.
    @_spi(Tooling) public var value: Scalar
}

/// Reusable buffers for evaluating records against one ``Program``: the per-record input (each
/// field's value, the unknown keys) and the per-record output (every active field's outcome list).
///
/// This is the evaluator's one entry point; ``Program/validate(_:context:)``, the CLI's batch
/// path, `CompiledForm` and `LiveForm` are all built on it. A batch loop fills the slots and
/// evaluates, reusing the same scratch for every record, so a record allocates nothing:
///
/// ```swift
/// var scratch = EvaluationScratch(program)
/// var context = EvaluationContext(locale: "ja")
/// try context.prepare(for: program)
/// for record in records {
///     scratch.reset(program, today: context.today)  // every field back to its default
///     for (index, raw) in record.members {          // however the input is decoded
///         scratch.values[index] = program.read(raw, forField: index, today: context.today)
///     }
///     try program.evaluate(&scratch, context: context)
///     if scratch.valid { … } else {
///         for field in scratch.activeFields {       // in spec order
///             for result in scratch.results(of: field) where result.outcome == .failed { … }
///         }
///     }
/// }
/// ```
///
/// Texts for the results come from ``ProgramTexts`` (``Program/texts(for:)``), rendered once per
/// locale; ``Program/report(from:context:)`` projects the scratch into a ``Report``.
@_spi(Tooling) public struct EvaluationScratch: Sendable {
    // MARK: Input

    /// Each field's value read as its type, by index: the slots a decoder fills. ``reset(_:)`` puts
    /// every field's default back.
    package var values: [FieldValue]
    /// Input keys that are not fields, in input order (reported in strict mode only).
    @_spi(Tooling) public var unknownKeys: [String] = []
    /// Answers to external checks, by field index and check name, consulted before the context's
    /// resolver. Live and asynchronous validation supply their outcomes here.
    @_spi(Tooling) public var checkAnswers: [(field: Int, check: String, answer: CheckAnswer)] = []
    /// Whether a check with no answer is recorded in ``unanswered`` and left pending, instead of
    /// stopping the evaluation with ``EvaluationError/unresolvedCheck(check:field:)``.
    @_spi(Tooling) public var collectsUnanswered = false
    /// Whether every active field gets its whole outcome list. Off (the batch's short report,
    /// which lists failures only), a field evaluated by its plan without any failure keeps an
    /// empty list, and a valid field with an empty list is left out of ``activeFields``; a field
    /// left out (inactive ones too) may keep the state of an earlier evaluation. Enough for the
    /// short report, which reads the listed fields only; a checklist or full report of the
    /// record would miss fields.
    var keepsPassingOutcomes = true
    /// For an evaluation for the short report (``keepsPassingOutcomes`` off), the only fields
    /// that need evaluating, as bit words (bit `f & 63` of word `f >> 6`); empty (no words) when
    /// every field does. A record reader that decided fields where it read them sets it: every
    /// field left out is one whose value passed every rule (``FieldPlan/isUnread``: its slot was
    /// not written and holds an earlier record's value, which nothing reads), a group without
    /// rules given as an object, a list whose count passes its item-count rules, a field the
    /// record lacks that passes without a value, or a member of a group the record lacks (the
    /// evaluation skips it, inactive). A field left out that the record lacks and that nothing
    /// else reads (``FieldPlan/isReadByOthers``) may keep an earlier record's value in its slot
    /// too.
    /// Anything that loads the slots empties it.
    var fieldsToEvaluate: [UInt64] = []

    // MARK: Output

    /// Whether every active field and every form rule passed (warnings do not count).
    @_spi(Tooling) public internal(set) var valid = true
    /// Every active field's outcome list, one after another in spec order.
    @_spi(Tooling) public internal(set) var results: [RuleResult] = []
    /// How many of ``results`` failed (errors and warnings): none means a report with nothing to
    /// say but `valid`.
    @_spi(Tooling) public internal(set) var failedResults = 0
    /// Per field: where its results are in ``results``, whether it is active and valid. One
    /// array, written once per field: four were four uniqueness checks per field and record.
    var fieldStates: [FieldState]
    /// Counts the evaluations that emptied ``results``: a field state from an earlier one (a field
    /// not evaluated since, or whose evaluation threw) no longer points into ``results``.
    var pass: UInt32 = 0
    /// The indexes of the active fields, in spec order.
    @_spi(Tooling) public internal(set) var activeFields: [Int] = []
    /// The indexes of the form rules that failed, in spec order.
    @_spi(Tooling) public internal(set) var failedFormRules: [Int] = []
    /// Edit mode: the indexes of the fields whose value differs from the original; empty otherwise.
    @_spi(Tooling) public internal(set) var changedFields: [Int] = []
    /// The messages of checks that threw, for ``RuleResult/failure``.
    @_spi(Tooling) public internal(set) var failureMessages: [String] = []
    /// Checks met without an answer (when ``collectsUnanswered``), each once, in evaluation order.
    @_spi(Tooling) public internal(set) var unanswered: [UnansweredCheck] = []

    /// Creates buffers for `program`, every slot holding the field's default.
    ///
    /// - Parameters:
    ///   - program: The program the buffers are for.
    ///   - today: What relative date defaults (`default: today`) count from: the evaluation's
    ///     ``EvaluationContext/today``; `nil` for the current date.
    @_spi(Tooling) public init(_ program: Program, today: CivilDate? = nil) {
        values = program.defaultValues
        let count = program.fields.count
        fieldStates = Array(repeating: FieldState(), count: count)
        results.reserveCapacity(program.lowered.instructions.count + count)
        activeFields.reserveCapacity(count)
        if !program.relativeDefaultFields.isEmpty { fillDefaults(program, except: nil, today: today) }
    }

    /// Puts every field's default value back and forgets the unknown keys and check answers: ready
    /// for the next record. Keeps every buffer's capacity.
    ///
    /// - Parameters:
    ///   - program: The program the buffers are for.
    ///   - today: What relative date defaults (`default: today`) count from: the evaluation's
    ///     ``EvaluationContext/today``; `nil` for the current date.
    @_spi(Tooling) public mutating func reset(_ program: Program, today: CivilDate? = nil) {
        if !fieldsToEvaluate.isEmpty { fieldsToEvaluate.removeAll(keepingCapacity: true) }
        fillDefaults(program, except: nil, today: today)
        clearRecordLists()
    }

    /// Fills the slots from a decoded object's members: ``reset(_:today:)``, then each member
    /// that names a field read as its type; the others listed in ``unknownKeys`` when
    /// `collectUnknownKeys` is set (strict mode).
    ///
    /// - Parameters:
    ///   - members: The object's members.
    ///   - program: The program the buffers are for.
    ///   - today: What relative date defaults count from; `nil` for the current date.
    ///   - collectUnknownKeys: Whether to list the keys that name no field.
    @_spi(Tooling) public mutating func load(
        _ members: [Value.Member], program: Program, today: CivilDate? = nil, collectUnknownKeys: Bool
    ) {
        reset(program, today: today)
        if program.isNested {
            loadNested(members, program: program, today: today, collectUnknownKeys: collectUnknownKeys)
            return
        }
        for member in members {
            if let index = program.fieldIndex[member.key] {
                values[index] = program.read(member.value, forField: index, today: today)
            } else if collectUnknownKeys {
                unknownKeys.append(member.key)
            }
        }
    }

    /// ``load(_:program:today:collectUnknownKeys:)`` for a form with groups or lists: the input's
    /// tree walked by path (out of line, so the flat loop keeps its shape).
    @inline(never)
    private mutating func loadNested(
        _ members: [Value.Member], program: Program, today: CivilDate?, collectUnknownKeys: Bool
    ) {
        var values = self.values
        self.values = []
        var unknownKeys = self.unknownKeys
        program.visitNested(
            members, assign: { values[$0] = program.read($1, forField: $0, today: today) },
            unknown: { if collectUnknownKeys { unknownKeys.append($0) } })
        self.values = values
        self.unknownKeys = unknownKeys
    }

    /// Empties the unknown keys and check answers: the rest of ``reset(_:today:)``.
    mutating func clearRecordLists() {
        if !unknownKeys.isEmpty { unknownKeys.removeAll(keepingCapacity: true) }
        if !checkAnswers.isEmpty { checkAnswers.removeAll(keepingCapacity: true) }
    }

    /// Puts each field's default into its slot, except the fields `seen` marks; relative date
    /// defaults are counted from `today` (the clock is read only when the program has one).
    mutating func fillDefaults(_ program: Program, except seen: [Bool]?, today: CivilDate?) {
        let defaults = program.defaultValues
        // Element by element: assigning the array would share the defaults' storage and copy it
        // on the next write.
        for index in values.indices where !(seen?[index] ?? false) { values[index] = defaults[index] }
        guard !program.relativeDefaultFields.isEmpty else { return }
        let today = today ?? .today()
        for index in program.relativeDefaultFields where !(seen?[index] ?? false) {
            values[index] = program.defaultValue(ofField: index, today: today)
        }
    }

    /// Field `index`'s outcome list: empty when the field is inactive, or was not evaluated by the
    /// last evaluation (another field evaluated alone, or an evaluation that threw before it).
    @_spi(Tooling) public func results(of field: Int) -> ArraySlice<RuleResult> {
        let state = fieldStates[field]
        guard state.pass == pass else { return results[results.endIndex...] }
        return results[Int(state.resultStart)..<Int(state.resultEnd)]
    }

    /// Empties the outcome lists for a new evaluation (``results``, ``failureMessages``,
    /// ``unanswered``): every field's earlier results are gone. Each is usually empty or short, so
    /// an empty one is not touched.
    mutating func startPass() {
        if !results.isEmpty { results.removeAll(keepingCapacity: true) }
        failedResults = 0
        if !failureMessages.isEmpty { failureMessages.removeAll(keepingCapacity: true) }
        if !unanswered.isEmpty { unanswered.removeAll(keepingCapacity: true) }
        pass &+= 1
    }

    /// Whether field `field` is active (its `when:` holds).
    @_spi(Tooling) public func isActive(_ field: Int) -> Bool { fieldStates[field].isActive }

    /// Whether field `field` has no error (an inactive field counts as valid).
    @_spi(Tooling) public func isValid(_ field: Int) -> Bool { fieldStates[field].isValid }

    /// What the evaluator keeps of one field.
    struct FieldState {
        /// Where the field's results start and end in ``EvaluationScratch/results`` (an empty
        /// range when it is inactive).
        var resultStart: Int32 = 0
        var resultEnd: Int32 = 0
        var isActive = false
        /// No error (inactive fields count as valid).
        var isValid = true
        /// The ``EvaluationScratch/pass`` that wrote this state.
        var pass: UInt32 = 0

        /// An inactive field's state in evaluation `pass`: no results, valid.
        static func inactive(at position: Int32, pass: UInt32) -> FieldState {
            FieldState(resultStart: position, resultEnd: position, isActive: false, isValid: true, pass: pass)
        }
    }

    /// The answer supplied for check `name` on field `field`, if any.
    func answer(field: Int, check name: String) -> CheckAnswer? {
        for entry in checkAnswers where entry.field == field && entry.check == name { return entry.answer }
        return nil
    }
}
