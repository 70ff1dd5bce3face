/// Per-call settings of a validation: locale, mode, original values, strictness, today's date and
/// external check outcomes.
@_spi(Tooling) public struct EvaluationContext: Sendable {
    /// The locale to show messages in; `nil` for the spec's own.
    @_spi(Tooling) public var locale: String? { didSet { prepared = nil } }
    /// `new` (default), `edit` or `show`.
    @_spi(Tooling) public var mode: Mode { didSet { prepared = nil } }
    /// In edit mode, the values before editing (an object).
    @_spi(Tooling) public var original: Value? { didSet { prepared = nil } }
    /// Whether input keys that are not fields are form errors (`unknown_field`).
    @_spi(Tooling) public var strict: Bool
    /// The date `today` means in date rules and relative date defaults.
    @_spi(Tooling) public var today: CivilDate { didSet { prepared = nil } }
    /// Answers `check:` rules.
    @_spi(Tooling) public var checks: CheckResolver

    /// Creates a context.
    @_spi(Tooling) public init(
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

    /// What depends only on this context and one program, worked out once by ``prepare(for:)``.
    private var prepared: Prepared?

    private struct Prepared: Sendable {
        /// The program it was worked out for, kept alive so that identity tells it apart: another
        /// program with the same form name and fields must not get these texts.
        var program: Program
        var chain: LocaleChain
        var texts: ProgramTexts
        var originalValues: [FieldValue]

        func matches(_ other: Program) -> Bool { program.storage === other.storage }
    }

    /// Works out, once, what every validation with this context against `program` needs: the
    /// message locales, every message rendered in them, and (edit mode) the original values read as
    /// their types. Call it before validating a batch; changing `locale`, `mode`, `original` or
    /// `today` afterwards undoes it.
    /// - Throws: ``EvaluationError/notAnObject(_:)`` when `original` is not an object.
    @_spi(Tooling) public mutating func prepare(for program: Program) throws(EvaluationError) {
        let originalValues = mode == .edit ? try program.readOriginal(original, today: today) : []
        let chain = LocaleChain(requested: locale, specLocale: program.locale)
        prepared = Prepared(
            program: program, chain: chain, texts: program.texts(for: chain), originalValues: originalValues)
    }

    /// `program`'s texts in this context's locale: prepared ones, else rendered now.
    package func texts(for program: Program) -> ProgramTexts {
        if let prepared, prepared.matches(program) { return prepared.texts }
        return program.texts(for: localeChain(for: program))
    }

    /// The message locales for `program`.
    func localeChain(for program: Program) -> LocaleChain {
        if let prepared, prepared.matches(program) { return prepared.chain }
        return locale == nil ? program.defaultChain : LocaleChain(requested: locale, specLocale: program.locale)
    }

    /// The original values of edit mode, read as `program`'s field types.
    func originalValues(for program: Program) throws(EvaluationError) -> [FieldValue] {
        if let prepared, prepared.matches(program) { return prepared.originalValues }
        return try program.readOriginal(original, today: today)
    }

    /// A resolver that answers from fixed outcomes by check name (CLI `--stub`, test `stubs:`).
    @_spi(Tooling) public static func stubs(_ outcomes: [String: Bool]) -> CheckResolver {
        { name, _, _ in outcomes[name] }
    }
}

/// An input split into per-field slots, plus the keys that name no field.
package struct Record: Sendable, Hashable {
    /// Each field's raw value by index; `nil` when the input lacks the field.
    package var values: [Value?]
    /// Input keys that are not fields, in input order.
    package var unknownKeys: [String]

    /// Creates a record.
    package init(values: [Value?], unknownKeys: [String] = []) {
        self.values = values
        self.unknownKeys = unknownKeys
    }
}
