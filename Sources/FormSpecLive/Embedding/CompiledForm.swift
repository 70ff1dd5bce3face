@_spi(Program) @_spi(Tooling) import FormSpecRuntime

#if canImport(Foundation)
    public import Foundation
#endif

/// A form compiled from a spec, ready to validate values: the embedding entry point.
///
/// This type lives in `FormSpecLive`, which links neither the compiler nor libyaml: an app can ship
/// a program compiled ahead of time (`formspec compile --emit json|swift`) and wrap it with
/// ``init(program:path:checks:)``. `import FormSpec` adds the initializers that compile YAML specs.
///
/// ```swift
/// var signup = try CompiledForm.load(contentsOf: "Specs/signup.form.yaml")
/// signup.checks.registerAsync("username_available") { try await api.isFree($0.text) }
/// let report = try await signup.validate(["username": "alice_01", "password": "Passw0rd!"],
///                                        options: ValidationOptions(locale: "ja"))
/// if !report.valid { … }
/// ```
///
/// Compiling reports every problem of the spec at once, as a `SpecError` carrying the
/// diagnostics. A compiled form is a value: copy it, share it between threads, keep it for the life
/// of the app; compile once and validate many times.
public struct CompiledForm: Sendable {
    /// The lowered program the runtime evaluates.
    public let program: Program
    /// Where the spec came from (a path, or the name given to spec text).
    public let path: String
    /// Warnings the compiler reported for a spec that compiled.
    public let warnings: [Diagnostic]
    /// The external checks answering the spec's `check:` rules. Register them before validating.
    public var checks: CheckRegistry
    /// Each check rule's debounce, prepared once per program.
    let debounces: CheckDebounces

    /// Wraps an already lowered program (for instance one decoded from `formspec compile --emit json`).
    public init(program: Program, path: String = "<program>", checks: CheckRegistry = CheckRegistry()) {
        self.init(program: program, path: path, warnings: [], checks: checks)
    }

    /// Creates a form from a compiled program and the warnings its compilation gave.
    package init(program: Program, path: String, warnings: [Diagnostic], checks: CheckRegistry) {
        self.program = program
        self.path = path
        self.warnings = warnings
        self.checks = checks
        self.debounces = CheckDebounces(program)
    }

    /// The form's identifier (`form:` in the spec).
    public var name: String { program.form }
    /// The form's human title.
    public var title: String? { program.title }
    /// The field names, in spec order.
    public var fieldNames: [String] { program.fields.map(\.name) }
}

// MARK: - Synchronous validation

extension CompiledForm {
    /// Validates field values by name, without suspending.
    ///
    /// Synchronous checks run inside the call; a spec using an asynchronous check needs
    /// `await validate(…)`, the form's entry point for servers and tasks. The two have distinct names
    /// so that `try await form.validate(…)` always means the asynchronous one, also in top-level code.
    ///
    /// - Parameters:
    ///   - values: The field values by name; a missing field takes its `default:`.
    ///   - options: Locale, mode, original values (edit mode), strictness, today.
    /// - Returns: The report (docs/reference.md).
    /// - Throws: ``FormValidationError`` when a check is not registered or is asynchronous.
    public func validateSynchronously(
        _ values: [String: Value], options: ValidationOptions = ValidationOptions()
    ) throws(FormValidationError) -> Report {
        try validateSynchronously(Value(fields: values), options: options)
    }

    /// Validates an input object (as parsed from JSON or YAML), without suspending.
    /// - Throws: ``FormValidationError`` when the input is not an object, or a check is not
    ///   registered or is asynchronous.
    public func validateSynchronously(_ input: Value, options: ValidationOptions = ValidationOptions())
        throws(FormValidationError) -> Report
    {
        let prepared = try prepare(input, options: options)
        if let call = prepared.calls.first {
            throw .asyncCheckNeedsAwait(check: call.check, field: program.fields[call.field].name)
        }
        return try finish(prepared)
    }

    #if canImport(Foundation)
        /// Validates any `Encodable` value without suspending: it is encoded as JSON and its members
        /// are the field values.
        ///
        /// - Parameters:
        ///   - value: A struct (or dictionary) whose coding keys are field names.
        ///   - encoder: The encoder to use; the default writes `Date`s as the `YYYY-MM-DD` of their
        ///     local day. Set `keyEncodingStrategy = .convertToSnakeCase` to map `confirmPassword` to
        ///     `confirm_password`.
        ///   - options: Locale, mode, original values (edit mode), strictness, today.
        /// - Throws: ``FormValidationError``, also when the value does not encode as a JSON object.
        public func validateSynchronously(
            encoding value: some Encodable, encoder: JSONEncoder? = nil,
            options: ValidationOptions = ValidationOptions()
        ) throws(FormValidationError) -> Report {
            try validateSynchronously(Self.encode(value, encoder: encoder), options: options)
        }

        /// The JSON of `value` as a ``Value``.
        static func encode(_ value: some Encodable, encoder: JSONEncoder?) throws(FormValidationError) -> Value {
            // Straight into a Value unless the caller chose an encoder or the value holds what only
            // JSONEncoder's strategies decide (doubles, dates, data, URLs): the same Value, without
            // writing and parsing JSON (a generated Input validates 3x faster).
            if encoder == nil, let direct = ValueEncoder.encode(value) { return direct }
            let data: Data
            do {
                data = try (encoder ?? defaultEncoder()).encode(value)
            } catch {
                throw .unencodable(String(describing: error))
            }
            do {
                return try JSONReader.parse([UInt8](data))
            } catch {
                throw .unencodable(error.description)
            }
        }

        /// An encoder writing dates as ISO `YYYY-MM-DD` (the local day), as `date` fields read them.
        public static func defaultEncoder() -> JSONEncoder {
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .custom { date, encoder in
                let parts = Calendar.current.dateComponents([.year, .month, .day], from: date)
                let text =
                    CivilDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)?.description
                    ?? "1970-01-01"
                var container = encoder.singleValueContainer()
                try container.encode(text)
            }
            return encoder
        }
    #endif
}

// MARK: - Shared steps

/// An input read into an evaluation scratch, with the checks its evaluation asks about: the
/// synchronous ones answered already, the asynchronous ones still to run.
struct PreparedValidation: Sendable {
    var scratch: EvaluationScratch
    var context: EvaluationContext
    /// The asynchronous checks still to run.
    var calls: [UnansweredCheck]
}

extension CompiledForm {
    /// Reads the input into a scratch, finds the checks the evaluation asks about (by evaluating
    /// once with every check unanswered) and runs the synchronous ones.
    func prepare(_ input: Value, options: ValidationOptions) throws(FormValidationError) -> PreparedValidation {
        guard case .object(let members) = input else { throw .notAnObject(input.kindDescription) }
        let today = options.today ?? .today()
        var scratch = EvaluationScratch(program, today: today)
        scratch.load(members, program: program, today: today, collectUnknownKeys: options.strict)
        var context = EvaluationContext(
            locale: options.locale, mode: options.mode, original: options.original.map(Value.init(fields:)),
            strict: options.strict, today: today)
        do { try context.prepare(for: program) } catch { throw FormValidationError(error) }
        var prepared = PreparedValidation(scratch: scratch, context: context, calls: [])
        guard options.mode != .show, !program.checkNames.isEmpty else { return prepared }
        prepared.scratch.collectsUnanswered = true
        do { try program.evaluate(&prepared.scratch, context: context) } catch { throw FormValidationError(error) }
        prepared.scratch.collectsUnanswered = false
        for call in prepared.scratch.unanswered {
            let fieldName = program.fields[call.field].name
            switch checks[call.check] {
            case nil: throw .unregisteredCheck(check: call.check, field: fieldName)
            case .sync(let check):
                let outcome: CheckOutcome
                do {
                    outcome = .passed(try check(CheckInput(check: call.check, field: fieldName, value: call.value)))
                } catch {
                    outcome = .threw(reason: CheckMessages.reason(of: error), custom: error is CheckFailure)
                }
                let checkAnswer = answer(outcome, field: call.field, prepared)
                prepared.scratch.checkAnswers.append((call.field, call.check, checkAnswer))
            case .async: prepared.calls.append(call)
            }
        }
        return prepared
    }

    /// A check's outcome as the evaluator takes it: a check that threw fails its rule with a
    /// message, its reason with the record's secrets masked.
    func answer(_ outcome: CheckOutcome, field index: Int, _ prepared: PreparedValidation) -> CheckAnswer {
        switch outcome {
        case .passed(let passed): return passed ? .passed : .failed
        case .threw(let reason, let custom):
            let reason = program.maskingSecrets(in: reason, values: prepared.scratch.values)
            if custom { return .failure(reason) }
            let chain = LocaleChain(requested: prepared.context.locale, specLocale: program.locale)
            return .failure(
                CheckMessages.failure(reason: reason, label: program.fields[index].label(chain), chain: chain))
        }
    }

    /// Evaluates with every check answered, and projects the report.
    func finish(_ prepared: PreparedValidation) throws(FormValidationError) -> Report {
        var scratch = prepared.scratch
        do { try program.evaluate(&scratch, context: prepared.context) } catch { throw FormValidationError(error) }
        return program.report(from: scratch, context: prepared.context)
    }
}
