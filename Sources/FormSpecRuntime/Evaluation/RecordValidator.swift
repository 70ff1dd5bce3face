/// The batch pipeline of one program: the bytes of one record in, its outcome and its report out.
///
/// `formspec validate` reads lines, schedules threads and writes buffers around it; everything from a
/// record's bytes to its report bytes happens here. A record is read by the ``JSONRecordScanner``
/// straight into the field slots when it can be, or parsed by ``JSONReader`` and loaded otherwise;
/// the slots, outcome lists and scanner are reused from record to record, so a valid record
/// allocates nothing.
///
/// Every method is `mutating`, even those that only read: a validator kept in a class's stored
/// property is then used in place, where a call on a copy would retain and release each of the
/// scratch's and the program's arrays per record.
///
/// One validator belongs to one thread: a parallel batch gives each worker its own (made from an
/// ``Program/isolatedCopy()`` of the program, so threads share no reference counts).
@_spi(Tooling) public struct RecordValidator {
    /// What reading a record gave.
    public enum Reading: Sendable, Hashable {
        /// The record is in the field slots, ready for ``evaluate()``.
        case read
        /// The record is not a JSON object: why, as the report line's `error` says it.
        case unreadable(String)
    }

    /// The program records are validated against.
    public let program: Program
    /// Locale, mode, original values, strictness and check outcomes.
    public let context: EvaluationContext
    /// The program's texts in the context's locale.
    let texts: ProgramTexts
    /// Names and issues already JSON, for the short report.
    let encoding: ReportEncoding
    private var scanner: JSONRecordScanner
    /// The field slots and outcome lists, reused from record to record.
    private var scratch: EvaluationScratch

    /// A validator for `program` under `context`.
    public init(program: Program, context: EvaluationContext) {
        self.program = program
        self.context = context
        // Rendered from this program (not the context's prepared copy), so that a worker's
        // validator shares no texts with another's.
        let texts = program.texts(for: context.texts(for: program).chain)
        self.texts = texts
        encoding = ReportEncoding(program: program, texts: texts)
        scanner = JSONRecordScanner(program: program)
        scratch = EvaluationScratch(program, today: context.today)
    }

    /// Reads one JSON Lines record (a line's bytes without its terminator) into the field slots.
    ///
    /// - Parameters:
    ///   - line: The record's bytes.
    ///   - errorsOnly: Whether only ``evaluate(errorsOnly:)`` with `errorsOnly` set and
    ///     ``appendErrors(to:)`` follow. A field whose value nothing else reads is then checked
    ///     where it is read, and its slot is left unwritten when every rule passes.
    public mutating func read(line: UnsafeBufferPointer<UInt8>, errorsOnly: Bool = false) -> Reading {
        if scan(line, errorsOnly: errorsOnly) == line.count { return .read }
        if !line.contains(where: { $0 != 0x20 && $0 != 0x09 }) {
            return .unreadable("empty line: expected a JSON object")
        }
        do throws(JSONReader.Error) {
            return read(try JSONReader.parse(line))
        } catch {
            return .unreadable("invalid JSON at column \(error.column): \(error.message)")
        }
    }

    /// Reads the JSON Lines record that `lines` start with, when the fast scanner reads it whole:
    /// returns where its line ends (the index of the `\n` after it, or `lines.count`), found by the
    /// same pass over its bytes. `nil` when the line must be found and passed to
    /// ``read(line:errorsOnly:)`` (it is malformed, or uses what only ``JSONReader`` reads).
    @_spi(Tooling)
    public mutating func readLeadingLine(of lines: UnsafeBufferPointer<UInt8>, errorsOnly: Bool) -> Int? {
        scan(lines, errorsOnly: errorsOnly)
    }

    private mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, errorsOnly: Bool) -> Int? {
        // Edit mode compares every value with the original: each slot must hold the record's.
        scanner.scan(
            bytes, into: &scratch, collectUnknownKeys: context.strict, today: context.today,
            decidingInPlace: errorsOnly && context.mode != .edit)
    }

    /// Reads a decoded record (a whole document, or a line the scanner left to ``JSONReader``).
    public mutating func read(_ value: Value) -> Reading {
        guard case .object(let members) = value else {
            return .unreadable(EvaluationError.notAnObject(value.kindDescription).description)
        }
        scratch.load(members, program: program, today: context.today, collectUnknownKeys: context.strict)
        return .read
    }

    /// Evaluates the record just read; returns whether it is valid.
    ///
    /// - Parameter errorsOnly: Whether only ``appendErrors(to:)`` follows, which lists failures
    ///   alone: the outcome lists of fields without a failure are then not all kept, and
    ///   ``report()`` must not be asked for this record.
    /// - Throws: ``EvaluationError/unresolvedCheck(check:field:)`` when an external check has no
    ///   outcome.
    public mutating func evaluate(errorsOnly: Bool = false) throws(EvaluationError) -> Bool {
        precondition(
            errorsOnly || scratch.fieldsToEvaluate.isEmpty,
            "a record read with `read(line:errorsOnly: true)` can only be evaluated with `errorsOnly` set")
        scratch.keepsPassingOutcomes = !errorsOnly
        try program.evaluate(&scratch, context: context)
        return scratch.valid
    }

    /// Appends the evaluated record's short report (`--report errors`: `{"valid":true}` or what
    /// fails), without a newline.
    public mutating func appendErrors(to bytes: inout [UInt8]) {
        JSONWriter.appendErrors(
            of: scratch, program: program, texts: texts, encoding: encoding, mode: context.mode,
            strict: context.strict, to: &bytes)
    }

    /// The evaluated record's full report.
    public mutating func report() -> Report {
        program.report(from: scratch, texts: texts, mode: context.mode, strict: context.strict)
    }
}
