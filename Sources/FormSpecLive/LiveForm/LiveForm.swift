import FormSpecDiagnostics
@_spi(Program) @_spi(Tooling) import FormSpecRuntime
public import Observation

/// A form being filled in, re-validated as the user types: the model behind a live UI.
///
/// Setting a field re-runs only what can change: the field itself and the fields whose rules or
/// `when:` read it (the program's dependency table), then the form rules. A mismatch on
/// `confirm_password: same_as: password` is re-checked when `password` changes, so it never lingers.
///
/// ```swift
/// let form = LiveForm(try CompiledForm.load(contentsOf: "Specs/signup.form.yaml"))
/// form.set("alice_01", forField: "username")
/// form["password"]?.checklist   // [✓ A minimum of 8 characters, ✗ …]
/// form["password"]?.message     // "Password is too weak"
/// form.canSubmit                // false
/// form.locale = "ja"            // messages re-rendered, nothing recompiled
/// ```
///
/// The form is `@Observable`: SwiftUI views (or `withObservationTracking`) update when what they
/// read changes. Each ``LiveField`` is observed on its own.
///
/// External checks (`check: NAME`) registered as async run in the background after the field's
/// debounce (`debounce:` on the check rule, else on the field); a new value cancels the run for the
/// old one, and a result that arrives for a value no longer current is dropped. While a check is
/// waiting or running, its field ``LiveField/isPending`` and the requirement shows as pending.
///
/// A field's own `debounce:` also delays its *messages* while the user types in it: rules run and
/// the checklist updates at every keystroke, but a new message appears only once the field has
/// been left alone for the debounce (a message that no longer applies goes at once). Meanwhile
/// ``LiveField/isDebouncing`` is true and ``canSubmit`` is false.
@MainActor
@Observable
public final class LiveForm {
    /// The compiled form, with the external checks it runs.
    @ObservationIgnored public let form: CompiledForm
    /// The fields, in spec order.
    @ObservationIgnored public let fields: [LiveField]

    /// The locale messages, labels and option labels are shown in (`"ja"`, `"zh-Hant"`); `nil` for
    /// the spec's own. Changing it re-renders every message and label; nothing is recompiled.
    public var locale: String? {
        didSet {
            guard locale != oldValue else { return }
            chain = LocaleChain(requested: locale, specLocale: program.locale)
            texts = program.texts(for: chain)
            textsUseValue = Self.textsUseValue(program, texts)
            context.locale = locale
            for field in fields {
                field.relabel(
                    program.fields[field.index], optionsOf: program.fields[program.optionsField(of: field.index)], chain
                )
            }
            evaluateAll()
        }
    }

    /// `new`, `edit` or `show`. In `show` mode nothing is checked and the form is valid. Changing it
    /// re-evaluates every field.
    public var mode: Mode {
        didSet {
            guard mode != oldValue else { return }
            context.mode = mode
            evaluateAll()
        }
    }

    /// Form-level failures (`form_rules:`), in the current locale.
    public private(set) var formErrors: [Issue] = []

    /// Whether every active field is valid and no form rule fails (always in `show` mode). Pending
    /// checks count as passing until they answer; messages held back by a debounce count; see
    /// ``canSubmit``.
    public private(set) var isValid = true

    /// Whether any external check is waiting out its debounce or running.
    public private(set) var isPending = false

    /// Whether any field differs from its original value: ask "discard changes?" on cancel.
    public private(set) var hasUnsavedChanges = false

    /// Whether any field's messages are held back while the user types in it (its `debounce:`).
    public private(set) var isDebouncing = false

    /// Whether the form can be submitted: valid, no check pending, no message held back by a
    /// debounce, and in `edit` mode something changed. Never in `show` mode.
    public private(set) var canSubmit = false

    // MARK: State (not observed: mirrored into the observed fields)
    //
    // `@exclusivity(unchecked)`: a keystroke reads and writes these a few dozen times, and each
    // runtime exclusivity check costs a thread-local lookup (10–20 % of a keystroke, measured with
    // formspec-bench). The form is main-actor isolated, and no access to them is held across a call that
    // could reach the form again: the evaluator takes `scratch` inout but never calls back, and
    // observers are notified (`LiveField.update`) only between accesses.

    @ObservationIgnored let program: Program
    @ObservationIgnored let debounces: CheckDebounces
    @ObservationIgnored let dependents: [[Int]]
    /// The clock debounces wait on, as durations since the form was made.
    @ObservationIgnored let timer: DebounceTimer
    /// The field names, for finding a field by name without hashing it.
    @ObservationIgnored let names: [String]
    /// Each field's raw value.
    @ObservationIgnored @exclusivity(unchecked) var raw: [Value?]
    /// The evaluator's buffers; `scratch.values` holds each field's value read as its type.
    @ObservationIgnored @exclusivity(unchecked) var scratch: EvaluationScratch
    /// Each field's value before editing (edit mode) or when the form opened.
    @ObservationIgnored var originalRaw: [Value?]
    @ObservationIgnored @exclusivity(unchecked) var originalRead: [FieldValue]
    @ObservationIgnored var chain: LocaleChain
    /// Every message and requirement rendered in ``chain``.
    @ObservationIgnored @exclusivity(unchecked) var texts: ProgramTexts
    @ObservationIgnored @exclusivity(unchecked) var context: EvaluationContext
    /// Each field's last outcome list and the messages of its checks that threw.
    @ObservationIgnored @exclusivity(unchecked) var outcomes: [FieldOutcome]
    /// Each field's message debounce: the task publishing its messages when typing pauses.
    @ObservationIgnored @exclusivity(unchecked) var messageDebounce: [UInt64?]
    /// When each field's message debounce ends (``DebounceTimer`` time): a keystroke moves it on.
    @ObservationIgnored @exclusivity(unchecked) var messageDeadline: [Duration]
    /// Each field's `debounce:` in milliseconds (0: none).
    @ObservationIgnored let fieldDebounce: [Int]
    /// Whether rendering field `f`'s texts needs its value (`{value}`), so they change with it.
    @ObservationIgnored @exclusivity(unchecked) var textsUseValue: [Bool] {
        didSet { secretReaders = Self.secretReaders(program, textsUseValue) }
    }
    /// The fields whose messages a secret's value masks (``textsUseValue``, or an external check's
    /// reason): evaluated again when a secret changes, so a message does not keep showing a
    /// password typed after it (nor `••••` for one changed since). A tester found both.
    @ObservationIgnored @exclusivity(unchecked) var secretReaders: [Int] = []
    @ObservationIgnored @exclusivity(unchecked) var counts: [Int]
    /// Each field's asynchronous checks, by check name.
    @ObservationIgnored var slots: [[String: CheckSlot]]
    @ObservationIgnored let tasks: TaskBag
    /// How many fields are failing, dirty, pending and debouncing: what the form-wide flags
    /// (``canSubmit``, …) are computed from. The fields keep it up to date as their flags change.
    @ObservationIgnored var summary = Summary() {
        didSet { refreshSummary() }
    }

    /// Creates a live form and evaluates every field.
    ///
    /// - Parameters:
    ///   - form: The compiled form, with its external checks registered.
    ///   - mode: `new` (default), `edit` or `show`.
    ///   - values: Initial values by name (over the original values, over the spec's defaults).
    ///   - original: The values before editing: what ``LiveField/isDirty`` compares with. Without
    ///     it, the initial values are the original.
    ///   - locale: The locale to show messages in; `nil` for the spec's own.
    ///   - today: The date `today` means in date rules and relative date defaults (default: the
    ///     current local date).
    ///   - clock: The clock debounces wait on (a manual clock in tests).
    public init(
        _ form: CompiledForm, mode: Mode = .new, values: [String: Value] = [:], original: [String: Value]? = nil,
        locale: String? = nil, today: CivilDate? = nil, clock: any Clock<Duration> = ContinuousClock()
    ) {
        let program = form.program
        self.form = form
        self.program = program
        self.debounces = form.debounces
        self.dependents = program.dependents
        let timer = DebounceTimer(clock)
        self.timer = timer
        self.tasks = TaskBag(now: timer.now)
        self.names = program.fields.map(\.name)
        self.locale = locale
        self.mode = mode
        let today = today ?? .today()
        // A top-level field (with what is inside it) is taken from `values` when they give it at
        // all, else from `original`: a list given with fewer items, or an item with fewer
        // members, does not take the missing ones from the original (a tester's "ghost" items).
        let given = Set(values.keys.map { $0.prefix { $0 != "." } })
        let values = Self.flattened(values, program: program)
        let original = original.map { Self.flattened($0, program: program) }
        // A relative date default starts the field at its date, as text the user can edit.
        let defaults = program.fields.indices.map { program.defaultInput(ofField: $0, today: today) }
        let initial = Self.clearingItemsPastCount(
            program.fields.indices.map {
                let name = program.fields[$0].name
                return given.contains(name.prefix { $0 != "." })
                    ? values[name] ?? defaults[$0] : original?[name] ?? defaults[$0]
            }, defaults: defaults, program: program, today: today)
        let baseline =
            original.map { original in
                Self.clearingItemsPastCount(
                    program.fields.indices.map { original[program.fields[$0].name] ?? defaults[$0] },
                    defaults: defaults, program: program, today: today)
            } ?? initial
        self.raw = initial
        var scratch = EvaluationScratch(program, today: today)
        for index in initial.indices {
            scratch.values[index] = program.read(initial[index], forField: index, today: today)
        }
        scratch.collectsUnanswered = true
        self.scratch = scratch
        self.originalRaw = baseline
        self.originalRead = baseline.indices.map { program.read(baseline[$0], forField: $0, today: today) }
        let chain = LocaleChain(requested: locale, specLocale: program.locale)
        self.chain = chain
        let texts = program.texts(for: chain)
        self.texts = texts
        self.textsUseValue = Self.textsUseValue(program, texts)
        self.secretReaders = Self.secretReaders(program, textsUseValue)
        self.context = EvaluationContext(locale: locale, mode: mode, today: today)
        self.outcomes = Array(repeating: FieldOutcome(), count: program.fields.count)
        self.messageDebounce = Array(repeating: nil, count: program.fields.count)
        self.messageDeadline = Array(repeating: .zero, count: program.fields.count)
        self.fieldDebounce = program.fields.map { max(0, $0.debounceMilliseconds ?? 0) }
        self.counts = Array(repeating: 0, count: program.fields.count)
        self.slots = Array(repeating: [:], count: program.fields.count)
        self.fields = program.fields.enumerated().map {
            LiveField(
                $1, optionsOf: program.fields[program.optionsField(of: $0)], index: $0, value: initial[$0], chain: chain
            )
        }
        for field in fields { field.form = self }
        evaluateAll()
    }

    // MARK: Reading

    /// The field named `name`, or `nil` when the form has no such field.
    public subscript(name: String) -> LiveField? {
        index(of: name).map { fields[$0] }
    }

    /// The field of an item at `path` (`"contacts.1.phone"`), for generated `LiveFields`: a
    /// precondition failure that names the path when the form has no such field, which is an
    /// item past its list's capacity (`max_items`): `LiveList`'s positions never are.
    public func itemField(_ path: String) -> LiveField {
        guard let field = self[path] else {
            preconditionFailure(
                "form '\(program.form)' has no field '\(path)': the item is past its list's capacity (max_items)")
        }
        return field
    }

    /// The index of the field spelt exactly `name`, if any. A form of a few fields compares the
    /// names (lengths first) instead of hashing: cheaper at every keystroke.
    func index(of name: String) -> Int? {
        guard names.count <= 16 else { return program.fieldIndex[name] }
        // From the end: a repeated name means its last field, as in the program's index.
        for index in names.indices.reversed() where ExactText.same(names[index], name) { return index }
        return nil
    }

    /// The current raw values by name (absent fields left out). Observed: a view reading it updates
    /// when any field's value changes.
    public var values: [String: Value] {
        observeValues()
        // Groups and lists as the objects and arrays their fields hold now, under their names.
        if program.isNested { return nestedValues(raw: raw, read: scratch.values) }
        var result: [String: Value] = [:]
        for (index, field) in program.fields.enumerated() { if let value = raw[index] { result[field.name] = value } }
        return result
    }

    /// The original values by name (absent fields left out): what dirtiness is measured against.
    ///
    /// Groups and lists are built from the original values of the fields inside them, as
    /// ``values`` builds the current ones: after ``markSaved()`` an edited item shows its saved value.
    public var originalValues: [String: Value] {
        if program.isNested { return nestedValues(raw: originalRaw, read: originalRead) }
        var result: [String: Value] = [:]
        for (index, field) in program.fields.enumerated() {
            if let value = originalRaw[index] { result[field.name] = value }
        }
        return result
    }

    /// The names of the fields whose value differs from the original, in spec order.
    public var changedFields: [String] { fields.filter(\.isDirty).map(\.name) }

    /// The current state as a report (docs/reference.md): what `validate` would give for the
    /// current values, with pending checks shown as not passed. Observed as the fields it reports.
    public var report: Report {
        // Built from the form's unobserved state: read what it mirrors, to be observed with it.
        for field in fields {
            _ = field.isActive
            _ = field.checklist
            _ = field.errors
            _ = field.warnings
            _ = field.isValid
        }
        var reports: [String: FieldReport] = [:]
        var order: [String] = []
        if mode != .show {
            for field in fields where field.isActive {
                reports[field.name] = fieldReport(field.index)
                order.append(field.name)
            }
        }
        return Report(
            form: program.form, valid: isValid, fields: reports, fieldOrder: order,
            formErrors: mode == .show ? [] : formErrors, changed: mode == .edit ? changedFields : nil)
    }

    /// Registers an observation of every field's value: what ``values`` and
    /// ``collectionValue(_:)`` are built from (the form's own state is not observed; the fields
    /// mirror it).
    func observeValues() {
        for field in fields { _ = field.value }
    }

    /// How many times each field's rules have run, by name: evaluations are incremental, so a field
    /// nothing reads is not re-run when another field changes. Not observed.
    public var evaluationCounts: [String: Int] {
        Dictionary(uniqueKeysWithValues: program.fields.indices.map { (program.fields[$0].name, counts[$0]) })
    }

    /// The total number of field evaluations so far. Not observed.
    public var evaluationCount: Int { counts.reduce(0, +) }

    /// Sets every evaluation count back to zero.
    public func resetEvaluationCounts() {
        counts = Array(repeating: 0, count: counts.count)
    }

    // MARK: Changing

    /// Sets a field's value and re-validates what depends on it.
    ///
    /// - Parameters:
    ///   - value: The raw value, as a user typed it (`"42"` for an integer field is fine); `nil`
    ///     for absent (the field's default then applies).
    ///   - name: The field's name.
    ///   - touch: Whether to mark the field touched (default `true`).
    /// - Returns: `false` when the form has no field of that name, or the field is in a list item
    ///   that does not exist (append the item first): nothing changes.
    @discardableResult
    public func set(_ value: Value?, forField name: String, touch: Bool = true) -> Bool {
        guard let index = index(of: name) else { return false }
        return set(value, at: index, touch: touch)
    }

    /// Sets field `index`'s value: what ``set(_:forField:touch:)`` and ``LiveField/text`` do, so a
    /// text box bound to a list or group spreads its value as `set` does. `false` for a field of a
    /// list item that does not exist (a view may still hold a removed item's fields): it takes no
    /// value.
    @discardableResult
    func set(_ value: Value?, at index: Int, touch: Bool) -> Bool {
        guard isInExistingItems(index), !program.isInsideNoObject(index, raw: raw) else { return false }
        if program.isNested,
            !program.fields[index].type.isScalar
                || program.enclosingGroups(of: index).contains(where: { Self.isAbsent(raw[$0]) })
        {
            // A group's object or a list's array spreads over the fields inside it (which are then
            // cleared when it is no object or array, so they are not checked, as in `validate`); a
            // field typed inside a group never given makes the group an object (``setSlots``).
            let updates =
                program.fields[index].type.isScalar
                ? [program.fields[index].name: value] : spreadUpdates(value, at: index)
            setSlots(updates, touch: touch)
            return true
        }
        apply(value, at: index, touch: touch)
        return true
    }

    /// Sets several fields at once, then re-validates each affected field once.
    /// - Returns: The names that are not fields, or are fields of list items that do not exist
    ///   (counting the lists these values set): ignored.
    @discardableResult
    public func set(_ values: [String: Value?], touch: Bool = true) -> [String] {
        guard program.isNested else { return setSlots(values, touch: touch) }
        // The lists set here count as they are set.
        var counts: [Int: Int] = [:]
        for (name, value) in values {
            guard let index = index(of: name), program.fields[index].type == .list else { continue }
            counts[index] = if case .array(let items)? = value { items.count } else { 0 }
        }
        // A group or list set here may make an object of what holds a field set beside it.
        let setsCollections = values.keys.contains { index(of: $0).map { !program.fields[$0].type.isScalar } ?? false }
        var kept: [String: Value?] = [:]
        var outside: [String] = []
        for (name, value) in values {
            if let index = index(of: name),
                !isInExistingItems(index, counts: counts)
                    || (!setsCollections && program.isInsideNoObject(index, raw: raw))
            {
                outside.append(name)
            } else {
                kept[name] = value
            }
        }
        return (setSlots(kept, touch: touch) + outside).sorted()
    }

    /// ``set(_:touch:)`` without the check that the fields' items exist: every field's slot, as
    /// spreading a group or list sets them (clearing the items past its count).
    @discardableResult
    func setSlots(_ values: [String: Value?], touch: Bool) -> [String] {
        var affected = Set<Int>()
        var typed = Set<Int>()
        var unknown: [String] = []
        var values = values
        if program.isNested {
            // A group's object or a list's array spreads over the fields inside it.
            for (name, value) in values {
                guard let index = index(of: name), !program.fields[index].type.isScalar else { continue }
                // What the group or list holds wins over a path given beside it, as `validate`
                // reads them; its fields it does not hold keep a value the path gives.
                values.merge(spreadUpdates(value, at: index)) { given, spread in spread ?? given }
            }
            values.merge(Self.objectsForTypedMembers(values, raw: raw, program: program)) { given, _ in given }
        }
        for (name, value) in values {
            guard let index = index(of: name) else {
                unknown.append(name)
                continue
            }
            if store(value, at: index, touch: touch) {
                affected.insert(index)
                typed.insert(index)
                affected.formUnion(fieldsAffected(byChangeOf: index))
            }
        }
        // A list's count decides whether its items' fields count as changed (they read it).
        if program.isNested {
            for index in affected { fields[index].update(isDirty: isChanged(index)) }
        }
        for index in affected.sorted() { evaluate(index, typed: typed.contains(index)) }
        if !affected.isEmpty { updateFormErrors() }
        return unknown.sorted()
    }

    /// Whether a raw value is absent: never given, or `null` (a group so given is no object, and
    /// typing a field inside it makes it one).
    static func isAbsent(_ value: Value?) -> Bool {
        switch value {
        case nil, .null?: true
        default: false
        }
    }

    /// An empty object for each group that `values` types a field into while it is absent in
    /// `raw` and `values` does not set it: a person filling in `address.city` before `address` was
    /// ever given makes it an address, as ``values`` shows it and `validate` of those values reads
    /// it (a tester found the required group still "required" with its fields filled in).
    static func objectsForTypedMembers(_ values: [String: Value?], raw: [Value?], program: Program)
        -> [String: Value?]
    {
        var objects: [String: Value?] = [:]
        for (name, value) in values {
            guard !isAbsent(value), let index = program.fieldIndex[name] else { continue }
            for group in program.enclosingGroups(of: index) {
                let groupName = program.fields[group].name
                if values[groupName] == nil, isAbsent(raw[group]) { objects[groupName] = .some(.object([])) }
            }
        }
        return objects
    }

    /// Marks a field touched (the user left it), without changing its value.
    public func touch(_ name: String) {
        self[name]?.update(isTouched: true)
    }

    /// Marks every field touched: on a submit attempt, to show every message.
    public func touchAll() {
        for field in fields { field.update(isTouched: true) }
    }

    /// Puts every field back to its original value, untouched: "discard changes".
    public func discardChanges() {
        reset(values: originalRaw)
    }

    /// Makes the current values the original ones (after a save): every field clean and untouched.
    public func markSaved() {
        originalRaw = raw
        originalRead = scratch.values
        for field in fields {
            field.update(isDirty: false)
            field.update(isTouched: false)
        }
        updateFormErrors()
    }

    /// Replaces every value and the original values with `values` (defaults for missing fields):
    /// the form as just opened on these values.
    public func reset(to values: [String: Value]) {
        let values = Self.flattened(values, program: program)
        let defaults = program.fields.indices.map { program.defaultInput(ofField: $0, today: context.today) }
        let raw = Self.clearingItemsPastCount(
            program.fields.indices.map { values[program.fields[$0].name] ?? defaults[$0] }, defaults: defaults,
            program: program, today: context.today)
        originalRaw = raw
        originalRead = raw.indices.map { program.read(raw[$0], forField: $0, today: context.today) }
        reset(values: raw)
    }

    /// Re-evaluates every field (forgetting finished async check results, so they run again).
    public func revalidate() {
        for index in slots.indices {
            for name in slots[index].keys { slots[index][name]?.completed = nil }
        }
        evaluateAll()
    }

    private func reset(values: [Value?]) {
        for index in values.indices {
            _ = store(values[index], at: index, touch: false)
            fields[index].update(isTouched: false)
        }
        evaluateAll()
    }

    // MARK: Evaluation

    /// Sets field `index`'s value and re-validates it, its dependents and the form rules: a keystroke.
    func apply(_ value: Value?, at index: Int, touch: Bool) {
        guard store(value, at: index, touch: touch) else { return }
        evaluate(index, typed: true)
        for dependent in fieldsAffected(byChangeOf: index) { evaluate(dependent) }
        updateFormErrors()
    }

    /// Stores a raw value; returns whether its read value changed (so rules must re-run).
    ///
    /// An absent value stores the field's default as an input would give it, as the form does for
    /// a field with no initial value: ``LiveField/value`` then shows what is checked (a cleared
    /// field, or the fields of a new list item, start at their defaults again).
    private func store(_ value: Value?, at index: Int, touch: Bool) -> Bool {
        let value = value ?? program.defaultInput(ofField: index, today: context.today)
        let field = fields[index]
        raw[index] = value
        field.update(value: value)
        if touch { field.update(isTouched: true) }
        let newValue = program.read(value, forField: index, today: context.today)
        // Re-spelt to the same time (`09:00` for `09:00:00`), its messages' `{value}` changes.
        if newValue.isIdentical(to: scratch.values[index]) { return false }
        scratch.values[index] = newValue
        field.update(isDirty: isChanged(index))
        return true
    }

    /// Whether field `index` differs from its original value, as a report's `changed` counts it:
    /// not a field of a list item that does not exist.
    func isChanged(_ index: Int) -> Bool {
        !scratch.values[index].isSame(as: originalRead[index]) && isInExistingItems(index)
    }

    func evaluateAll() {
        for index in outcomes.indices { outcomes[index].isShown = false }
        for index in fields.indices {
            fields[index].update(isDirty: isChanged(index))
            endMessageDebounce(of: index)
            evaluate(index)
        }
        updateFormErrors()
        refreshSummary()
    }

    /// Runs field `index`'s rules against the current values and publishes the outcome.
    ///
    /// - Parameter typed: Whether the user just changed this field: its `debounce:` then holds
    ///   new messages back until typing pauses.
    func evaluate(_ index: Int, typed: Bool = false) {
        counts[index] += 1
        if !scratch.checkAnswers.isEmpty { scratch.checkAnswers.removeAll(keepingCapacity: true) }
        let mode = context.mode
        let today = context.today
        var active = program.evaluateLiveField(index, in: &scratch, mode: mode, today: today)
        var pending = false
        // The evaluator lists the checks it needs: answer them and evaluate again.
        if active, program.runsChecks(field: index) {
            pending = resolveChecks(of: index)
            if !scratch.checkAnswers.isEmpty {
                active = program.evaluateLiveField(index, in: &scratch, mode: mode, today: today)
            }
        }
        guard active else {
            cancelChecks(of: index)
            outcomes[index] = FieldOutcome()
            endMessageDebounce(of: index)
            publish(index, active: false)
            return
        }
        let match = outcomes[index].record(
            scratch.results(of: index), failures: scratch.failureMessages, pending: pending,
            valid: scratch.isValid(index), kind: FieldOutcome.kind(of: scratch.values[index]))
        if typed, fieldDebounce[index] > 0 { startMessageDebounce(of: index) }
        publish(index, active: true, match: textsUseValue[index] ? .different : match)
    }

    /// Field `index`'s report, projected from its last outcome list (without its checklist when
    /// `withChecks` is false).
    func fieldReport(_ index: Int, withChecks: Bool = true) -> FieldReport {
        program.fieldReport(
            index, results: outcomes[index].results, failures: outcomes[index].failures, values: scratch.values,
            texts: texts, withChecks: withChecks)
    }

    /// Copies field `index`'s last outcome into the observed field, touching only what changed.
    ///
    /// Typing mostly flips a requirement between met and not met: when the same rules are listed
    /// with texts that do not depend on the value, only statuses are compared and set, and the
    /// messages are rebuilt only when the set of failing rules changed. (While a debounce holds
    /// messages back, rebuilding them from the same failures would keep the same ones, so that
    /// shortcut holds then too.)
    ///
    /// - Parameters:
    ///   - index: The field.
    ///   - active: Whether the field is active.
    ///   - match: How the outcome compares with the one the field shows (from
    ///     ``FieldOutcome/record(_:failures:pending:valid:kind:)``); `.different` publishes everything.
    func publish(_ index: Int, active: Bool, match: FieldOutcome.ShownMatch = .different) {
        let field = fields[index]
        field.update(isActive: active)
        guard active else {
            field.update(hasNoError: true)
            field.update(errors: [])
            field.update(warnings: [])
            field.update(checklist: [])
            field.update(isPending: false)
            outcomes[index].isShown = false
            return
        }
        field.update(hasNoError: outcomes[index].fieldValid)
        field.update(isPending: outcomes[index].pending)
        outcomes[index].isShown = true
        let sameLines = match != .different
        if sameLines {
            field.updateStatuses(outcomes[index].results[...])
            if match == .same { return }
        }
        let report = fieldReport(index, withChecks: !sameLines)
        if messageDebounce[index] != nil {
            // Typing: messages that no longer apply go at once, new ones wait for the pause.
            field.update(errors: field.storedErrors.filter(report.errors.contains))
            field.update(warnings: field.storedWarnings.filter(report.warnings.contains))
        } else {
            field.update(errors: report.errors)
            field.update(warnings: report.warnings)
        }
        // The same lines with the same texts: their statuses are set already.
        if sameLines { return }
        let results = outcomes[index].results
        let checklist = report.checks.enumerated().map { position, check in
            Requirement(
                id: position, rule: check.rule, text: check.requirement,
                status: Requirement.Status(results[position].outcome))
        }
        field.update(checklist: checklist)
    }

    private func updateFormErrors() {
        guard !program.formRules.isEmpty else { return }
        let errors: [Issue]
        if mode == .show {
            errors = []
        } else {
            let changed = mode == .edit ? fields.indices.filter { fields[$0].isDirty } : []
            program.evaluateFormRules(in: &scratch, mode: mode, changed: changed, today: context.today)
            var projected: [Issue] = []
            program.forEachFormError(
                failedFormRules: scratch.failedFormRules, unknownKeys: [], strict: false, values: scratch.values
            ) {
                projected.append(program.formError($0, texts: texts))
            }
            errors = projected
        }
        if errors != _formErrors { formErrors = errors }
        refreshSummary()
    }

    /// Sets the form-wide flags from ``summary``, each only when it changes.
    func refreshSummary() {
        let show = _mode == .show
        let valid = show || (_formErrors.isEmpty && summary.failing == 0)
        let pending = summary.pending > 0
        let changed = summary.dirty > 0
        let debouncing = summary.debouncing > 0
        let submittable = !show && valid && !pending && !debouncing && (_mode != .edit || changed)
        if _isValid != valid { isValid = valid }
        if _isPending != pending { isPending = pending }
        if _hasUnsavedChanges != changed { hasUnsavedChanges = changed }
        if _isDebouncing != debouncing { isDebouncing = debouncing }
        if _canSubmit != submittable { canSubmit = submittable }
    }

    /// ``secretReaders``: none in a form without a secret.
    private static func secretReaders(_ program: Program, _ textsUseValue: [Bool]) -> [Int] {
        guard program.fields.contains(where: { $0.type == .secret }) else { return [] }
        return program.fields.indices.filter { textsUseValue[$0] || program.runsChecks(field: $0) }
    }

    /// The fields to evaluate again when field `index` changes: its dependents, and when it is a
    /// secret, the fields whose messages its value masks.
    func fieldsAffected(byChangeOf index: Int) -> [Int] {
        guard program.fields[index].type == .secret, !secretReaders.isEmpty else { return dependents[index] }
        var affected = dependents[index]
        for reader in secretReaders where reader != index && !affected.contains(reader) { affected.append(reader) }
        return affected
    }

    /// Which texts of each field change with its value (`{value}` in a message or requirement).
    private static func textsUseValue(_ program: Program, _ texts: ProgramTexts) -> [Bool] {
        program.fields.indices.map { index in
            let first = program.ruleIndex(field: index, rule: 0)
            let rules = first..<first + program.fields[index].rules.count
            return rules.contains { texts.messages[$0].text == nil || texts.requirements[$0].text == nil }
        }
    }

    // MARK: Message debounce

    /// Holds field `index`'s new messages back until its debounce has passed with no new keystroke.
    ///
    /// One task waits out a pause: a keystroke while it waits only moves the deadline on, and the
    /// task sleeps again when it wakes before it (no task per keystroke).
    private func startMessageDebounce(of index: Int) {
        let deadline = timer.now() + .milliseconds(fieldDebounce[index])
        messageDeadline[index] = deadline
        if let id = messageDebounce[index] {
            tasks.setDue(id, deadline)
            return
        }
        let id = tasks.makeID()
        let timer = self.timer
        let task = Task { @MainActor [weak self] in
            var deadline = deadline
            while true {
                do { try await timer.sleep(deadline) } catch { return }
                guard let form = self, form.messageDebounce[index] == id else { return }
                if form.messageDeadline[index] != deadline {
                    deadline = form.messageDeadline[index]
                    continue
                }
                form.tasks.remove(id)
                form.endMessageDebounce(of: index)
                form.publish(index, active: form.fields[index].storedIsActive)
                return
            }
        }
        tasks.insert(task, id: id, due: deadline)
        messageDebounce[index] = id
        fields[index].update(isDebouncing: true)
    }

    /// Stops holding field `index`'s messages back (the caller publishes them).
    func endMessageDebounce(of index: Int) {
        guard let id = messageDebounce[index] else { return }
        tasks.cancel(id)
        tasks.remove(id)
        messageDebounce[index] = nil
        outcomes[index].isShown = false
        fields[index].update(isDebouncing: false)
    }
}

/// A live field's last evaluation, and what its observed state was last published from.
///
/// Both outcome lists keep their own buffers, refilled in place, so a keystroke copies a few
/// results and allocates nothing.
struct FieldOutcome {
    var isActive = false
    var results: [RuleResult] = []
    var failures: [String] = []
    var pending = false
    var fieldValid = true
    /// 0 empty, 1 value, 2 not of the type, 3 not an option (which message shows depends on it).
    var valueKind: UInt8 = 0

    /// Whether the observed field shows this outcome (published after each evaluation); `false`
    /// forces the next publish to be a full one.
    var isShown = false

    static func kind(of value: FieldValue) -> UInt8 {
        switch value {
        case .empty: 0
        case .value: 1
        case .invalid(let invalid): invalid.rule == "choice" ? 3 : 2
        }
    }

    /// How the last outcome compares with the one the observed field shows.
    enum ShownMatch {
        /// Other rules, or another kind of value: everything is published again.
        case different
        /// The same rules (so the same checklist lines), but other failures: other messages.
        case sameLines
        /// The same rules failing the same way: at most statuses differ.
        case same
    }

    /// Keeps an active field's evaluation, and tells how it compares with the one kept before,
    /// which is what the observed field shows (when ``isShown``). Compared before being
    /// overwritten, so one list serves as both.
    mutating func record(
        _ results: ArraySlice<RuleResult>, failures: [String], pending: Bool, valid: Bool, kind: UInt8
    ) -> ShownMatch {
        var match = ShownMatch.different
        if isShown, valueKind == kind, self.results.count == results.count {
            match = self.failures == failures ? .same : .sameLines
            var position = results.startIndex
            for kept in self.results {
                let result = results[position]
                if kept.rule != result.rule {
                    match = .different
                    break
                }
                if (kept.outcome == .failed) != (result.outcome == .failed) || kept.failure != result.failure {
                    match = .sameLines
                }
                position += 1
            }
        }
        isActive = true
        Self.copy(results, into: &self.results)
        // Usually both empty: skip sharing (then copying) the evaluator's buffer.
        if !(failures.isEmpty && self.failures.isEmpty) { self.failures = failures }
        self.pending = pending
        fieldValid = valid
        valueKind = kind
        return match
    }

    /// Overwrites `target` with `source`, in place when the counts match (a keystroke mostly
    /// changes statuses, not the number of rules).
    private static func copy(_ source: ArraySlice<RuleResult>, into target: inout [RuleResult]) {
        guard target.count == source.count else {
            target.removeAll(keepingCapacity: true)
            target.append(contentsOf: source)
            return
        }
        source.withUnsafeBufferPointer { source in
            target.withUnsafeMutableBufferPointer { target in _ = target.update(fromContentsOf: source) }
        }
    }
}

/// Counts of the fields in each state the form-wide flags depend on.
struct Summary {
    /// Active fields with an error.
    var failing = 0
    var dirty = 0
    var pending = 0
    var debouncing = 0
}

/// A clock read as durations since a live form was made: what debounce deadlines are kept in, so
/// they need no knowledge of the clock's instant type.
struct DebounceTimer: Sendable {
    /// The time since the form was made.
    let now: @Sendable () -> Duration
    /// Sleeps until `now()` reaches the given time; throws `CancellationError` when cancelled.
    let sleep: @Sendable (Duration) async throws -> Void

    init<C: Clock>(_ clock: C) where C.Duration == Duration {
        // The usual clock gets closures specialized for it: a keystroke in a debounced field reads it.
        if let continuous = clock as? ContinuousClock {
            self.init(clock: continuous)
        } else {
            self.init(clock: clock)
        }
    }

    private init<C: Clock>(clock: C) where C.Duration == Duration {
        let origin = clock.now
        now = { origin.duration(to: clock.now) }
        sleep = { try await clock.sleep(until: origin.advanced(by: $0), tolerance: nil) }
    }
}
