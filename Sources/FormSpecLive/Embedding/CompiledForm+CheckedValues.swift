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
        return CheckedTree(program).object(of: scratch.values)
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
        let values = CheckedTree(program).object(of: prepared.scratch.values)
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

/// Builds the input as checked from each field's value as read: groups and lists put back
/// together from their fields, which the program lays out flat by path.
private struct CheckedTree {
    let program: Program
    /// The top-level fields, in spec order.
    let roots: [Int]
    /// Each group's fields, in spec order (empty for other fields; a list's items are
    /// `Program.itemFields(ofList:)`).
    let members: [[Int]]
    /// Whether each field is an item of a list.
    let isItem: [Bool]

    init(_ program: Program) {
        self.program = program
        var roots: [Int] = []
        var members = Array(repeating: [Int](), count: program.fields.count)
        var isItem = Array(repeating: false, count: program.fields.count)
        for (index, field) in program.fields.enumerated() {
            guard let dot = field.name.lastIndex(of: "."), let parent = program.fieldIndex[String(field.name[..<dot])]
            else {
                roots.append(index)
                continue
            }
            if program.fields[parent].type == .group { members[parent].append(index) } else { isItem[index] = true }
        }
        self.roots = roots
        self.members = members
        self.isItem = isItem
    }

    /// The object of the top-level fields that have a value.
    func object(of values: [FieldValue]) -> Value {
        .object(roots.compactMap { member($0, values) })
    }

    /// Field `index` as a member of its object, keyed by the last part of its path; `nil` when
    /// it has no value.
    private func member(_ index: Int, _ values: [FieldValue]) -> Value.Member? {
        guard let value = value(of: index, values) else { return nil }
        let name = program.fields[index].name
        return Value.Member(name.lastIndex(of: ".").map { String(name[name.index(after: $0)...]) } ?? name, value)
    }

    /// Field `index`'s value: a scalar as its type reads it, a group or list built from the fields
    /// inside it; `nil` when it is empty or could not be read.
    private func value(of index: Int, _ values: [FieldValue]) -> Value? {
        switch program.fields[index].type {
        case .list:
            guard case .value(.integer(let count)) = values[index] else { return nil }
            let items = program.itemFields(ofList: index).prefix(Int(clamping: count))
            return .array(items.map { value(of: $0, values) ?? .null })
        case .group:
            let fields = members[index].compactMap { member($0, values) }
            if case .value = values[index] { return .object(fields) }
            // A group the input lacks may still have fields (given by path, or defaults); an item
            // that is not an object is `null` in its list.
            return fields.isEmpty || isItem[index] ? nil : .object(fields)
        default:
            return values[index].scalar.map(Self.value(of:))
        }
    }

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
