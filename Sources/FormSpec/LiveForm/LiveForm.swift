public import Observation

/// A form being filled in, re-validated as the user types: the model behind a live UI.
///
/// Setting a field re-runs only what can change: the field itself and the fields whose rules or
/// `when:` read it (``Program/dependents``), then the form rules. A mismatch on
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
@MainActor
@Observable
public final class LiveForm {
    /// The compiled form, with the external checks it runs.
    @ObservationIgnored public let form: CompiledForm
    /// The fields, in spec order.
    @ObservationIgnored public let fields: [LiveField]

    /// The locale messages are shown in (`"ja"`, `"zh-Hant"`); `nil` for the spec's own. Changing it
    /// re-renders every message; nothing is recompiled.
    public var locale: String? {
        didSet {
            guard locale != oldValue else { return }
            chain = LocaleChain(requested: locale, specLocale: program.locale)
            context.locale = locale
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

    // MARK: State (not observed: mirrored into the observed fields)

    @ObservationIgnored let program: Program
    @ObservationIgnored let plan: CheckPlan
    @ObservationIgnored let dependents: [[Int]]
    @ObservationIgnored let clock: any Clock<Duration>
    /// Each field's raw value.
    @ObservationIgnored var raw: [Value?]
    /// Each field's value read as its type.
    @ObservationIgnored var read: [FieldValue]
    /// Each field's value before editing (edit mode) or when the form opened.
    @ObservationIgnored var originalRaw: [Value?]
    @ObservationIgnored var originalRead: [FieldValue]
    @ObservationIgnored var chain: LocaleChain
    @ObservationIgnored var context: EvaluationContext
    @ObservationIgnored var counts: [Int]
    /// Each field's asynchronous checks, by check name.
    @ObservationIgnored var slots: [[String: CheckSlot]]
    @ObservationIgnored let tasks = TaskBag()

    /// Creates a live form and evaluates every field.
    ///
    /// - Parameters:
    ///   - form: The compiled form, with its external checks registered.
    ///   - mode: `new` (default), `edit` or `show`.
    ///   - values: Initial values by name (over the original values, over the spec's defaults).
    ///   - original: The values before editing: what ``LiveField/isDirty`` compares with. Without
    ///     it, the initial values are the original.
    ///   - locale: The locale to show messages in; `nil` for the spec's own.
    ///   - today: The date `today` means in date rules (default: the current local date).
    ///   - clock: The clock debounces wait on (a ``TestClock`` in tests).
    public init(
        _ form: CompiledForm, mode: Mode = .new, values: [String: Value] = [:], original: [String: Value]? = nil,
        locale: String? = nil, today: CivilDate? = nil, clock: any Clock<Duration> = ContinuousClock()
    ) {
        let program = form.program
        self.form = form
        self.program = program
        self.plan = form.plan
        self.dependents = program.dependents
        self.clock = clock
        self.locale = locale
        self.mode = mode
        let initial = program.fields.map { values[$0.name] ?? original?[$0.name] ?? $0.defaultValue }
        let baseline =
            original.map { original in program.fields.map { original[$0.name] ?? $0.defaultValue } } ?? initial
        self.raw = initial
        self.read = initial.indices.map { program.read(initial[$0], forField: $0) }
        self.originalRaw = baseline
        self.originalRead = baseline.indices.map { program.read(baseline[$0], forField: $0) }
        self.chain = LocaleChain(requested: locale, specLocale: program.locale)
        var context = EvaluationContext(locale: locale, mode: mode, today: today ?? .today())
        context.checks = LiveForm.noChecks
        self.context = context
        self.counts = Array(repeating: 0, count: program.fields.count)
        self.slots = Array(repeating: [:], count: program.fields.count)
        self.fields = program.fields.enumerated().map { LiveField($1, index: $0, value: initial[$0]) }
        for field in fields { field.form = self }
        evaluateAll()
    }

    private static let noChecks: CheckResolver = { _, _, _ in nil }

    // MARK: Reading

    /// The field named `name`, or `nil` when the form has no such field.
    public subscript(name: String) -> LiveField? {
        program.fieldIndex[name].map { fields[$0] }
    }

    /// The current raw values by name (absent fields left out).
    public var values: [String: Value] {
        var result: [String: Value] = [:]
        for (index, field) in program.fields.enumerated() { if let value = raw[index] { result[field.name] = value } }
        return result
    }

    /// The original values by name (absent fields left out): what dirtiness is measured against.
    public var originalValues: [String: Value] {
        var result: [String: Value] = [:]
        for (index, field) in program.fields.enumerated() {
            if let value = originalRaw[index] { result[field.name] = value }
        }
        return result
    }

    /// Whether every active field is valid and no form rule fails (always in `show` mode). Pending
    /// checks count as passing until they answer; see ``canSubmit``.
    public var isValid: Bool {
        mode == .show || (formErrors.isEmpty && fields.allSatisfy { !$0.isActive || $0.isValid })
    }

    /// Whether any external check is waiting out its debounce or running.
    public var isPending: Bool { fields.contains { $0.isPending } }

    /// Whether any field differs from its original value: ask "discard changes?" on cancel.
    public var hasUnsavedChanges: Bool { fields.contains { $0.isDirty } }

    /// Whether the form can be submitted: valid, no check pending, and in `edit` mode something
    /// changed. Never in `show` mode.
    public var canSubmit: Bool {
        mode != .show && isValid && !isPending && (mode != .edit || hasUnsavedChanges)
    }

    /// The names of the fields whose value differs from the original, in spec order.
    public var changedFields: [String] { fields.filter(\.isDirty).map(\.name) }

    /// The current state as a report (docs/reference.md): what `validate` would give for the
    /// current values, with pending checks shown as not passed.
    public var report: Report {
        var reports: [String: FieldReport] = [:]
        var order: [String] = []
        if mode != .show {
            for field in fields {
                guard field.isActive, let report = field.fieldReport else { continue }
                reports[field.name] = report
                order.append(field.name)
            }
        }
        return Report(
            form: program.form, valid: isValid, fields: reports, fieldOrder: order,
            formErrors: mode == .show ? [] : formErrors, changed: mode == .edit ? changedFields : nil)
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
    /// - Returns: `false` when the form has no field of that name (nothing changes).
    @discardableResult
    public func set(_ value: Value?, forField name: String, touch: Bool = true) -> Bool {
        guard let index = program.fieldIndex[name] else { return false }
        apply(value, at: index, touch: touch)
        return true
    }

    /// Sets several fields at once, then re-validates each affected field once.
    /// - Returns: The names that are not fields (ignored).
    @discardableResult
    public func set(_ values: [String: Value?], touch: Bool = true) -> [String] {
        var affected = Set<Int>()
        var unknown: [String] = []
        for (name, value) in values {
            guard let index = program.fieldIndex[name] else {
                unknown.append(name)
                continue
            }
            if store(value, at: index, touch: touch) {
                affected.insert(index)
                affected.formUnion(dependents[index])
            }
        }
        for index in affected.sorted() { evaluate(index) }
        if !affected.isEmpty { updateFormErrors() }
        return unknown.sorted()
    }

    /// Marks a field touched (the user left it), without changing its value.
    public func touch(_ name: String) {
        guard let field = self[name], !field.isTouched else { return }
        field.isTouched = true
    }

    /// Marks every field touched: on a submit attempt, to show every message.
    public func touchAll() {
        for field in fields where !field.isTouched { field.isTouched = true }
    }

    /// Puts every field back to its original value, untouched: "discard changes".
    public func discardChanges() {
        reset(values: originalRaw)
    }

    /// Makes the current values the original ones (after a save): every field clean and untouched.
    public func markSaved() {
        originalRaw = raw
        originalRead = read
        for field in fields {
            if field.isDirty { field.isDirty = false }
            if field.isTouched { field.isTouched = false }
        }
        updateFormErrors()
    }

    /// Replaces every value and the original values with `values` (defaults for missing fields):
    /// the form as just opened on these values.
    public func reset(to values: [String: Value]) {
        let raw = program.fields.map { values[$0.name] ?? $0.defaultValue }
        originalRaw = raw
        originalRead = raw.indices.map { program.read(raw[$0], forField: $0) }
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
            if fields[index].isTouched { fields[index].isTouched = false }
        }
        evaluateAll()
    }

    // MARK: Evaluation

    private func apply(_ value: Value?, at index: Int, touch: Bool) {
        guard store(value, at: index, touch: touch) else { return }
        evaluate(index)
        for dependent in dependents[index] { evaluate(dependent) }
        updateFormErrors()
    }

    /// Stores a raw value; returns whether its read value changed (so rules must re-run).
    private func store(_ value: Value?, at index: Int, touch: Bool) -> Bool {
        let field = fields[index]
        raw[index] = value
        if field.value != value { field.value = value }
        if touch, !field.isTouched { field.isTouched = true }
        let newValue = program.read(value, forField: index)
        if newValue.isSame(as: read[index]) { return false }
        read[index] = newValue
        let dirty = !newValue.isSame(as: originalRead[index])
        if field.isDirty != dirty { field.isDirty = dirty }
        return true
    }

    func evaluateAll() {
        for index in fields.indices {
            let dirty = !read[index].isSame(as: originalRead[index])
            if fields[index].isDirty != dirty { fields[index].isDirty = dirty }
            evaluate(index)
        }
        updateFormErrors()
    }

    /// Runs field `index`'s rules against the current values and publishes the outcome.
    func evaluate(_ index: Int) {
        counts[index] += 1
        let field = fields[index]
        let active = program.isActive(index, values: read, mode: mode)
        guard mode != .show, active else {
            cancelChecks(of: index)
            publish(field, active: active, report: nil, statuses: [], pending: false)
            return
        }
        var failures: [String: String] = [:]
        var pending: Set<String> = []
        // Only fields with external checks need a context that answers them.
        var context = self.context
        if plan.hasChecks[index] {
            if case .value(let scalar) = read[index] {
                let answers = resolveChecks(of: index, value: scalar, failures: &failures, pending: &pending)
                context.checks = { name, _, _ in answers[name] }
            } else {
                cancelChecks(of: index)
            }
        }
        var report: FieldReport
        do {
            report =
                try plan.untruncated.evaluateField(index, values: read, context: context, chain: chain)
                ?? FieldReport(valid: true, errors: [])
        } catch {
            report = FieldReport(valid: false, errors: [Issue(rule: "check", message: error.description)])
        }
        let (folded, statuses) = plan.fold(
            report, field: index, in: program, values: read, mode: mode, failures: failures, pending: pending)
        publish(field, active: true, report: folded, statuses: statuses, pending: !pending.isEmpty)
    }

    /// Copies an evaluation's outcome into the observed field, touching only what changed.
    private func publish(
        _ field: LiveField, active: Bool, report: FieldReport?, statuses: [CheckPlan.Status], pending: Bool
    ) {
        field.fieldReport = report
        if field.isActive != active { field.isActive = active }
        let errors = report?.errors ?? []
        let warnings = report?.warnings ?? []
        if field.errors != errors { field.errors = errors }
        if field.warnings != warnings { field.warnings = warnings }
        let checks = report?.checks ?? []
        var changed = field.checklist.count != checks.count
        if !changed {
            for (position, check) in checks.enumerated() {
                let old = field.checklist[position]
                let status = Self.status(statuses[position])
                if old.rule != check.rule || old.text != check.requirement || old.status != status {
                    changed = true
                    break
                }
            }
        }
        if changed {
            field.checklist = checks.enumerated().map { position, check in
                Requirement(
                    id: position, rule: check.rule, text: check.requirement, status: Self.status(statuses[position]))
            }
        }
        if field.isPending != pending { field.isPending = pending }
    }

    private static func status(_ status: CheckPlan.Status) -> Requirement.Status {
        switch status {
        case .passed: .passed
        case .failed: .failed
        case .pending: .pending
        }
    }

    private func updateFormErrors() {
        guard !program.formRules.isEmpty else { return }
        let errors =
            mode == .show
            ? [] : program.formErrors(read, changed: mode == .edit ? changedFields : [], mode: mode, chain: chain)
        if errors != formErrors { formErrors = errors }
    }
}
