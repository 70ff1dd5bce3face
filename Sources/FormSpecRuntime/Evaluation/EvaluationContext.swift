/// Per-call settings of a validation: locale, mode, original values, strictness, today's date and
/// external check outcomes.
public struct EvaluationContext: Sendable {
    /// The locale to show messages in; `nil` for the spec's own.
    public var locale: String?
    /// `new` (default), `edit` or `show`.
    public var mode: Mode
    /// In edit mode, the values before editing (an object).
    public var original: Value?
    /// Whether input keys that are not fields are form errors (`unknown_field`).
    public var strict: Bool
    /// The date `today` means in date rules.
    public var today: CivilDate
    /// Answers `check:` rules.
    public var checks: CheckResolver

    /// Creates a context.
    public init(
        locale: String? = nil, mode: Mode = .new, original: Value? = nil, strict: Bool = false,
        today: CivilDate = .today(), checks: @escaping CheckResolver = { _, _, _ in nil }
    ) {
        self.locale = locale
        self.mode = mode
        self.original = original
        self.strict = strict
        self.today = today
        self.checks = checks
    }

    /// A resolver that answers from fixed outcomes by check name (CLI `--stub`, test `stubs:`).
    public static func stubs(_ outcomes: [String: Bool]) -> CheckResolver {
        { name, _, _ in outcomes[name] }
    }
}

/// An input split into per-field slots, plus the keys that name no field.
public struct Record: Sendable, Hashable {
    /// Each field's raw value by index; `nil` when the input lacks the field.
    public var values: [Value?]
    /// Input keys that are not fields, in input order.
    public var unknownKeys: [String]

    /// Creates a record.
    public init(values: [Value?], unknownKeys: [String] = []) {
        self.values = values
        self.unknownKeys = unknownKeys
    }
}
