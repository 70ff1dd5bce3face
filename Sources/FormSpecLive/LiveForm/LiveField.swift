import FormSpecDiagnostics
@_spi(Program) @_spi(Tooling) import FormSpecRuntime
public import Observation

/// One line of a field's requirement checklist ("A minimum of 8 characters ✓").
public struct Requirement: Sendable, Hashable, Identifiable {
    /// Whether a requirement is met.
    public enum Status: String, Sendable, Hashable, Codable {
        /// The requirement is met.
        case passed
        /// The requirement is not met.
        case failed
        /// An external check it depends on is still running.
        case pending
    }

    /// The position in the checklist (rule names can repeat, positions cannot).
    public var id: Int
    /// The rule's name (`min_length`, `required`, `check`, or a `define:` name).
    public var rule: String
    /// The requirement text, in the form's current locale.
    public var text: String
    /// Met, not met, or waiting for an external check.
    public var status: Status

    /// Creates a requirement.
    public init(id: Int, rule: String, text: String, status: Status) {
        self.id = id
        self.rule = rule
        self.text = text
        self.status = status
    }

    /// Whether the requirement is met.
    public var passed: Bool { status == .passed }
}

/// The live state of one field of a ``LiveForm``: its value, messages, checklist and interaction state.
///
/// Each field is observed on its own, so a view showing one field is only redrawn when that field
/// changes. Change the value through ``LiveForm/set(_:forField:touch:)``, or ``text`` (which a
/// SwiftUI `TextField` can bind to with `@Bindable`).
@MainActor
@Observable
public final class LiveField: Identifiable {
    /// The field's name (its key in values and reports).
    public nonisolated let name: String
    /// The human label (`label:` in the spec), in the form's locale: it follows
    /// ``LiveForm/locale`` as the messages do.
    public internal(set) var label: String
    /// The field's type.
    public let type: FieldType
    /// For `choice` fields, and lists of them (a multi-select: every item's options), the options,
    /// in spec order, their labels in the form's locale.
    public internal(set) var options: [ChoiceOption]
    /// The field's position in the spec.
    public let index: Int

    /// The field's identity: its name.
    public nonisolated var id: String { name }

    /// The current raw value, as typed or set (defaults applied); `nil` when absent.
    public internal(set) var value: Value?
    /// Whether the field's `when:` holds. Inactive fields are neither checked nor reported.
    public internal(set) var isActive: Bool = true
    /// The failing error-severity rules' messages, in priority order (only the first with `report: first`).
    public internal(set) var errors: [Issue] = []
    /// The failing warning-severity rules' messages.
    public internal(set) var warnings: [Issue] = []
    /// Every applicable rule's requirement and whether it is met, in rule order.
    public internal(set) var checklist: [Requirement] = []
    /// Whether the user has set or left the field (see ``LiveForm/touch(_:)``).
    public internal(set) var isTouched: Bool = false
    /// Whether the value differs from the original (edit mode) or the initial value: editing it
    /// back makes the field clean again.
    public internal(set) var isDirty: Bool = false
    /// Whether an external check of the field is waiting out its debounce or running.
    public internal(set) var isPending: Bool = false
    /// Whether new messages are held back while the user types (the field's `debounce:`).
    public internal(set) var isDebouncing: Bool = false
    /// Whether the field has no error now, shown or held back by a debounce.
    var hasNoError: Bool = true
    /// The form the field belongs to.
    @ObservationIgnored weak var form: LiveForm?

    /// `optionsOf`: the field whose options it shows (``Program/optionsField(of:)``).
    init(_ field: FieldProgram, optionsOf choices: FieldProgram, index: Int, value: Value?, chain: LocaleChain) {
        self.name = field.name
        self.label = field.label(chain)
        self.type = field.type
        self.options = choices.options.map { $0.localized(chain) }
        self.index = index
        self.value = value
    }

    /// The one message to show: the first error (the highest priority), or `nil` when valid.
    public var message: String? { errors.first?.message }

    /// Whether the field has no error (warnings allowed; inactive fields are valid). Counts errors
    /// whose message a debounce still holds back.
    public var isValid: Bool { hasNoError }

    /// The value as text (`""` when absent), and setting it sets the value to that string: a binding
    /// for text inputs.
    public var text: String {
        get {
            switch value {
            case nil, .null?: ""
            case .string(let text)?: text
            case let other?: FieldType.canonicalText(other) ?? ""
            }
        }
        // Straight to the field's slot: a text box binding should not look its field up by name.
        // Through `set` rather than `apply`: text set on a list or group spreads as it does there,
        // and a field of an item the list no longer has takes none.
        set { form?.set(.string(newValue), at: index, touch: true) }
    }
}

// Updates from the form: each compares with the stored value first (read without registering an
// observation access, which costs a key-path lookup per read) and sets only what changed, so
// observers are notified only of real changes. The flags the form's summary (`canSubmit`, …) is
// made of also tell the form, which keeps counts instead of scanning every field.
extension LiveField {
    func update(value new: Value?) {
        // Through `withMutation` rather than the setter, which would compare the values again.
        if !Self.sameExactly(_value, new) { withMutation(keyPath: \.value) { _value = new } }
    }
    func update(isTouched new: Bool) { if _isTouched != new { isTouched = new } }
    /// The label and options in the locale of `chain`.
    func relabel(_ field: FieldProgram, optionsOf choices: FieldProgram, _ chain: LocaleChain) {
        let label = field.label(chain)
        if _label != label { self.label = label }
        guard !choices.options.isEmpty else { return }
        let options = choices.options.map { $0.localized(chain) }
        if _options != options { self.options = options }
    }
    func update(errors new: [Issue]) { if _errors != new { errors = new } }
    func update(warnings new: [Issue]) { if _warnings != new { warnings = new } }
    func update(checklist new: [Requirement]) { if _checklist != new { checklist = new } }

    func update(isActive new: Bool) {
        guard _isActive != new else { return }
        let failing = isFailing
        isActive = new
        if failing != isFailing { form?.summary.failing += failing ? -1 : 1 }
    }

    func update(hasNoError new: Bool) {
        guard _hasNoError != new else { return }
        let failing = isFailing
        hasNoError = new
        if failing != isFailing { form?.summary.failing += failing ? -1 : 1 }
    }

    func update(isDirty new: Bool) {
        guard _isDirty != new else { return }
        isDirty = new
        form?.summary.dirty += new ? 1 : -1
    }

    func update(isPending new: Bool) {
        guard _isPending != new else { return }
        isPending = new
        form?.summary.pending += new ? 1 : -1
    }

    func update(isDebouncing new: Bool) {
        guard _isDebouncing != new else { return }
        isDebouncing = new
        form?.summary.debouncing += new ? 1 : -1
    }

    /// Whether the field counts against the form's validity: active with an error.
    private var isFailing: Bool { _isActive && !_hasNoError }

    /// The stored values, read without registering an observation access.
    var storedIsActive: Bool { _isActive }
    var storedIsTouched: Bool { _isTouched }
    var storedIsDirty: Bool { _isDirty }
    var storedIsDebouncing: Bool { _isDebouncing }
    var storedErrors: [Issue] { _errors }
    var storedWarnings: [Issue] { _warnings }
    var storedChecklist: [Requirement] { _checklist }

    /// Sets the statuses of an unchanged checklist (same lines, same texts) from an outcome list,
    /// in place and only when one differs: typing mostly flips a line between met and not met.
    func updateStatuses(_ results: ArraySlice<RuleResult>) {
        var differs = false
        var position = results.startIndex
        for line in _checklist {
            if line.status != Requirement.Status(results[position].outcome) {
                differs = true
                break
            }
            position += 1
        }
        guard differs else { return }
        withMutation(keyPath: \.checklist) {
            position = results.startIndex
            for line in _checklist.indices {
                _checklist[line].status = Requirement.Status(results[position].outcome)
                position += 1
            }
        }
    }

    /// Whether two raw values are the same, text compared by its scalars (a precomposed and a
    /// decomposed "é" differ, as everywhere else in FormSpec).
    static func sameExactly(_ a: Value?, _ b: Value?) -> Bool {
        if case .string(let a)? = a, case .string(let b)? = b { return ExactText.same(a, b) }
        return a == b
    }
}

extension Requirement.Status {
    /// How a rule's outcome shows in a checklist: not run counts as not met.
    init(_ outcome: RuleOutcome) {
        switch outcome {
        case .passed: self = .passed
        case .failed, .notRun: self = .failed
        case .pending: self = .pending
        }
    }
}
