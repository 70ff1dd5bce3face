@_spi(Tooling) import FormSpecRuntime

/// Per-call settings of ``CompiledForm``'s `validate(_:options:)`: locale, mode, original values,
/// strictness and the date `today` means.
public struct ValidationOptions: Sendable {
    /// The locale to show messages in (`"ja"`, `"zh-Hant"`); `nil` for the spec's own.
    public var locale: String?
    /// `new` (default), `edit` or `show`.
    public var mode: Mode
    /// In edit mode, the values before editing; the report's `changed` lists the fields that differ.
    /// `nil` in edit mode compares with the fields' defaults.
    public var original: [String: Value]?
    /// Whether input keys that are not fields are form errors (`unknown_field`).
    public var strict: Bool
    /// The date `today` means in date rules; `nil` for the current local date.
    public var today: CivilDate?

    /// Creates options.
    public init(
        locale: String? = nil, mode: Mode = .new, original: [String: Value]? = nil, strict: Bool = false,
        today: CivilDate? = nil
    ) {
        self.locale = locale
        self.mode = mode
        self.original = original
        self.strict = strict
        self.today = today
    }

    /// The options of an edit form: `mode: edit` with the values before editing.
    public static func edit(original: [String: Value], locale: String? = nil) -> ValidationOptions {
        ValidationOptions(locale: locale, mode: .edit, original: original)
    }
}

extension Value {
    /// An object of `values`, keys sorted (so unknown keys are reported in a stable order).
    public init(fields values: [String: Value]) {
        self = .object(values.keys.sorted().map { Value.Member($0, values[$0]!) })
    }
}
