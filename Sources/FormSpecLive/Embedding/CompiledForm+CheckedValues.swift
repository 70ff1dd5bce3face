@_spi(Program) @_spi(Tooling) import FormSpecRuntime

// MARK: - The input as its rules checked it

/// A validated input: the report, and the input as the rules checked it (see
/// ``CompiledForm/checkedValues(_:options:)``).
public struct CheckedInput: Sendable {
    /// The report.
    public var report: Report
    /// The input as the rules checked it: what a typed input should be decoded from.
    public var values: Value
}

extension CompiledForm {
    /// The input as this form's rules check it: an object of the fields that have a value, each
    /// as the validation reads it.
    ///
    /// - Text as checked: trimmed when the field trims (`trim: true`).
    /// - Integers, numbers and booleans as their type, also when given as text (`"20"` is `20`).
    /// - Dates, times and date-times as their canonical text (`2024-05-01`, `09:30:00`,
    ///   `2024-05-01T09:30:00+02:00`, the offset kept); a choice as its option's value.
    /// - A field the input lacks as its `default:` (a relative date counted from
    ///   ``ValidationOptions/today``).
    /// - A group as an object of its fields, also those the input gives by path
    ///   (`"address.city"`); a list as an array of its items (`null` for an empty item).
    ///
    /// Left out: keys that name no field, empty values (`null`, `""`, `[]`, as if absent), and
    /// values that cannot be read as their field's type (a valid report has none in an active
    /// field). Decode a typed input from the result's `jsonBytes()`, so that it holds what was
    /// validated rather than the raw body.
    ///
    /// - Parameters:
    ///   - input: The input object (as parsed from JSON or YAML).
    ///   - options: Only ``ValidationOptions/today`` is read.
    /// - Throws: ``FormValidationError/notAnObject(_:)`` when the input is not an object.
    public func checkedValues(_ input: Value, options: ValidationOptions = ValidationOptions())
        throws(FormValidationError) -> Value
    {
        guard case .object(let members) = input else { throw .notAnObject(input.kindDescription) }
        let today = options.today ?? .today()
        var scratch = EvaluationScratch(program, today: today)
        scratch.load(members, program: program, today: today, collectUnknownKeys: false)
        return .object(program.nestedMembers(CheckedLeaves(values: scratch.values)))
    }

    /// Validates a JSON body as ``validate(json:options:)`` does, and returns the report with the
    /// input as its rules checked it (``checkedValues(_:options:)``): one read of the body for
    /// both, what a request handler decodes its typed input from.
    ///
    /// - Throws: The errors of ``validate(json:options:)``.
    public func checkedInput(json bytes: some Collection<UInt8>, options: ValidationOptions = ValidationOptions())
        async throws(FormValidationError) -> CheckedInput
    {
        var prepared = try prepare(try Self.parse(json: bytes), options: options)
        let values = Value.object(program.nestedMembers(CheckedLeaves(values: prepared.scratch.values)))
        try await runAsyncChecks(&prepared)
        return CheckedInput(report: try finish(prepared), values: values)
    }
}

extension Value {
    /// The value as compact JSON text in UTF-8, numbers with every digit they hold: what
    /// `JSONDecoder` reads a typed input from.
    public func jsonBytes() -> [UInt8] {
        var bytes: [UInt8] = []
        JSONWriter.append(self, to: &bytes)
        return bytes
    }
}

/// The input as checked, as a tree built from the program's fields (``Program/nestedMembers(_:)``):
/// each field's value as read, in the shape a typed input decodes.
private struct CheckedLeaves: NestedValueSource {
    /// Each field's value as read.
    let values: [FieldValue]

    func read(_ index: Int) -> FieldValue { values[index] }

    /// A scalar as its type reads it; `nil` when it is empty or could not be read, as is a group or
    /// list that is no object or has no count (left out). A counted list's own value is its count,
    /// no array: the list ends at its item fields.
    func own(_ index: Int) -> Value? { values[index].scalar.map(Self.value(of:)) }

    /// A group the input lacks may still have fields (given by path, or defaults), which a typed
    /// input reads from its object; an item that is not an object is `null` in its list.
    func showsFields(ofGroupThatIsNoObject index: Int) -> Bool { true }

    /// A scalar as an input gives it: dates and times as their canonical text.
    private static func value(of scalar: Scalar) -> Value {
        switch scalar {
        case .text(let text): .string(text)
        case .integer(let value): .integer(value)
        case .number(let value): value.int64.map(Value.integer) ?? .number(value)
        case .boolean(let value): .bool(value)
        case .date(let date): .string(date.description)
        case .time(let time): .string(CivilTime(nanoseconds: time.nanoseconds).description)
        case .datetime(let dateTime):
            .string(
                OffsetDateTime(
                    seconds: dateTime.seconds, nanoseconds: dateTime.nanoseconds, offsetMinutes: dateTime.offsetMinutes
                ).description)
        }
    }
}
