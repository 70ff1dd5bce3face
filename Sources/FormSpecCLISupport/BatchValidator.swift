@_spi(Tooling) import FormSpecRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Validates inputs one after another and writes one report per input: the engine of
/// `formspec validate`.
///
/// JSON output is one compact report a line (``JSONWriter``); an input that produced no report
/// gives `{"line": N, "error": "…"}` (or `{"input": "a.json", "error": "…"}` for a whole file).
/// Text output is ``TextReportFormatter``'s checklist.
package final class BatchValidator {
    /// How reports are written.
    package enum Format: Sendable, Hashable {
        case text(colored: Bool)
        /// One line of JSON per report: the full report, or its short form (`--report errors`).
        case json(ReportStyle)

        /// The full JSON report.
        package static let json = Format.json(.full)
    }

    /// Which JSON report is written (`--report`).
    package enum ReportStyle: String, Sendable, Hashable, CaseIterable {
        /// Every active field with its errors, warnings and checklist (``JSONWriter/append(_:to:)``).
        case full
        /// Only what fails: `{"valid":true}` or the failing fields (``JSONWriter/appendErrors(_:to:)``).
        case errors
    }

    /// The output could not be written (``OutputBuffer/failed``): the run stopped there.
    package struct WriteFailure: Error, Sendable {
        /// Creates the error.
        package init() {}
    }

    /// An input stopped the run: an external check had no outcome.
    package struct Abort: Error, Sendable, CustomStringConvertible {
        /// Why.
        package var error: EvaluationError
        package var description: String { error.description }
    }

    /// The compiled form.
    package let program: Program
    /// Locale, mode, original values, strictness and check outcomes.
    package let context: EvaluationContext

    // `@exclusivity(unchecked)` on what is read or counted per record: a validator belongs to one
    // thread (each parallel worker has its own), and the dynamic checks were 1.5 % of a batch.

    /// How reports are written (may change between inputs).
    @exclusivity(unchecked) package var format: Format
    /// Whether to name the input in every report and error (several inputs were given).
    package var namesInputs: Bool

    /// How many reports were valid.
    @exclusivity(unchecked) package private(set) var validCount = 0
    /// How many reports were invalid.
    @exclusivity(unchecked) package private(set) var invalidCount = 0
    /// How many inputs gave an error instead of a report.
    @exclusivity(unchecked) package private(set) var errorCount = 0

    private let output: OutputBuffer
    private let formatter: TextReportFormatter
    /// The runtime's record pipeline (scanner, field slots, outcome lists), reused from input to input.
    ///
    /// `@exclusivity(unchecked)`: a validator belongs to one thread (each parallel worker has its
    /// own) and no access to the record validator overlaps another; the dynamic checks of its three
    /// mutating calls per record were 2 % of a batch.
    @exclusivity(unchecked) private var records: RecordValidator

    /// Creates a validator writing to `output`.
    package convenience init(
        program: Program, context: EvaluationContext, format: Format, output: OutputBuffer, namesInputs: Bool = false
    ) {
        self.init(
            program: program, context: context, format: format, output: output, namesInputs: namesInputs,
            records: RecordValidator(program: program, context: context))
    }

    private init(
        program: Program, context: EvaluationContext, format: Format, output: OutputBuffer, namesInputs: Bool,
        records: RecordValidator
    ) {
        self.records = records
        self.program = program
        self.context = context
        self.format = format
        self.output = output
        self.namesInputs = namesInputs
        if case .text(let colored) = format {
            formatter = TextReportFormatter(colored: colored)
        } else {
            formatter = TextReportFormatter()
        }
    }

    /// A validator with the same settings that collects its output in memory, for a worker of
    /// ``validateLines(_:jobs:)``.
    ///
    /// An isolated worker shares no reference-counted state it touches per record with this
    /// validator or another worker: its own copy of the program and texts, and its own check
    /// resolver closure (wrapping this one), so threads never contend on one reference count. One
    /// worker may take over this validator's program and record validator instead (no new one
    /// to make): this validator validates nothing while its workers run.
    func worker(isolated: Bool = true) -> BatchValidator {
        guard isolated else {
            return BatchValidator(
                program: program, context: context, format: format, output: OutputBuffer(collecting: 1 << 16),
                namesInputs: namesInputs, records: records)
        }
        var context = context
        let checks = context.checks
        context.checks = { check, field, value in checks(check, field, value) }
        let program = program.isolatedCopy()
        // Prepared again for the copy (a prepared context belongs to one program); it cannot throw
        // here, since the same context was prepared for the original.
        try? context.prepare(for: program)
        return BatchValidator(
            program: program, context: context, format: format, output: OutputBuffer(collecting: 1 << 16),
            namesInputs: namesInputs)
    }

    /// Whether every input so far gave a valid report.
    package var allValid: Bool { invalidCount == 0 && errorCount == 0 }

    /// Validates one whole document (a `.json`/`.yaml` file or stdin).
    ///
    /// - Parameters:
    ///   - bytes: The document.
    ///   - name: The input's name (a path, or `<stdin>`).
    ///   - syntax: JSON, YAML, or `nil` to guess from the text.
    /// - Throws: ``Abort`` when an external check has no outcome.
    package func validateDocument(_ bytes: [UInt8], name: String, syntax: InputDecoder.Syntax?) throws(Abort) {
        let value: Value
        do throws(InputError) {
            value = try InputDecoder.decode(bytes, path: name, syntax: syntax)
        } catch {
            writeError(error.message, input: name, line: nil)
            return
        }
        try validate(value, input: name)
    }

    /// Validates each line of `reader` as one JSON object, writing one report a line in order.
    /// Every line gets exactly one output line, so inputs and reports can be paired by position: a
    /// malformed line (a blank one included: JSON Lines has no empty records) gives an error for that
    /// line and the run goes on. A final newline does not start another line.
    ///
    /// - Parameters:
    ///   - reader: The lines.
    ///   - jobs: How many threads validate; with more than one, lines are validated in chunks in
    ///     parallel and the reports are still written in input order (``ParallelLineValidator``).
    /// - Throws: ``FileError`` on a read error, ``WriteFailure`` when the output cannot be written,
    ///   ``Abort`` when an external check has no outcome.
    package func validateLines(_ reader: LineReader, jobs: Int = 1) throws {
        maxLineLength = reader.maxLineLength
        if jobs > 1 {
            try ParallelLineValidator(validator: self, jobs: jobs).run(reader, output: output)
            return
        }
        let input = reader.path
        let mapped = reader.mapped
        try reader.forEachLine { lines, number in
            // A mapped line is found by the pass that reads it.
            guard
                let newline = try validateFirstLine(
                    of: lines, isFirstOfInput: number == 1, input: input, line: .number(number), mapped: mapped)
            else { throw MappedInput.shrankError(path: input) }
            if output.failed { throw WriteFailure() }
            return newline
        } _: { line in
            try validateLine(line.bytes, number: line.number, isOversized: line.isOversized, input: input)
            if output.failed { throw WriteFailure() }
        }
    }

    /// Where a JSON Lines line is, for the reports that show its number (an error, a text report).
    enum LineNumber {
        /// Its 1-based number.
        case number(Int)
        /// Its index in the chunk a parallel run is validating, whose first line's number
        /// ``chunkFirstNumber`` learns.
        case inChunk(Int)
    }

    /// The number of the first line of the chunk being validated, for a line given by its index
    /// in it (``LineNumber/inChunk(_:)``): set by a parallel run, asked for only by a report that
    /// shows a number.
    var chunkFirstNumber: () -> Int = { 1 }

    /// Validates the first of `lines` (whole JSON Lines lines) and writes its report, or its
    /// error; returns the index of the `\n` that ends it, or `lines.count` when none does, and
    /// `nil`, writing nothing, when `mapped` (the file the lines are in) shrank: the line may have
    /// read zeros where the file was cut.
    ///
    /// The line's end is found by the pass that reads its record
    /// (``RecordValidator/readLeadingLine(of:errorsOnly:)``) when the scanner reads it, else by a
    /// search for the `\n`.
    ///
    /// - Parameters:
    ///   - lines: The line and any after it.
    ///   - isFirstOfInput: Whether it is the input's first line (which may start with a UTF-8 BOM).
    ///   - input: How the source is named.
    ///   - line: Where the line is.
    ///   - mapped: The mapped file the lines are in, when a line that read zeros must not be
    ///     reported (a parallel run drops a whole chunk's reports instead).
    /// - Throws: ``Abort`` when an external check has no outcome.
    func validateFirstLine(
        of lines: UnsafeBufferPointer<UInt8>, isFirstOfInput: Bool, input: String, line: LineNumber,
        mapped: MappedInput? = nil
    ) throws(Abort) -> Int? {
        let bom = isFirstOfInput ? JSONReader.byteOrderMarkLength(lines) : 0
        // The scan reads no further than the longest line kept, and one byte more to tell that
        // line from a longer one (whose length, like LineReader's, counts the BOM and a `\r`
        // before the `\n`): a longer line is an error without being read.
        let limit = max(bom, min(lines.count, maxLineLength &+ 1))
        if let end = records.readLeadingLine(
            of: UnsafeBufferPointer(rebasing: lines[bom..<limit]), errorsOnly: reportsErrorsOnly)
        {
            if let mapped, mapped.shrank { return nil }
            if bom + end <= maxLineLength {
                try evaluateAndWrite(input: input, line: line)
                return bom + end
            }
        }
        var newline = lines.count
        if let base = lines.baseAddress, let found = memchr(base, Int32(UInt8(ascii: "\n")), lines.count) {
            newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        if let mapped, mapped.shrank { return nil }
        var end = newline
        if end > 0, lines[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        try validateLine(
            UnsafeBufferPointer(rebasing: lines[..<end]), isFirstOfInput: isFirstOfInput,
            isOversized: newline > maxLineLength, input: input, line: line)
        return newline
    }

    /// Validates one JSON Lines record and writes its report (or its error).
    ///
    /// - Parameters:
    ///   - bytes: The line without its terminator.
    ///   - number: Its 1-based line number.
    ///   - isOversized: Whether the line was too long to keep (its bytes are then empty).
    ///   - input: How the source is named.
    /// - Throws: ``Abort`` when an external check has no outcome.
    func validateLine(_ bytes: UnsafeBufferPointer<UInt8>, number: Int, isOversized: Bool, input: String)
        throws(Abort)
    {
        try validateLine(
            bytes, isFirstOfInput: number == 1, isOversized: isOversized, input: input, line: .number(number))
    }

    /// ``validateLine(_:number:isOversized:input:)`` for a line given by ``LineNumber``.
    func validateLine(
        _ bytes: UnsafeBufferPointer<UInt8>, isFirstOfInput: Bool, isOversized: Bool, input: String,
        line: LineNumber
    ) throws(Abort) {
        if isOversized {
            writeOversized(input: input, line: line)
            return
        }
        let bom = isFirstOfInput ? JSONReader.byteOrderMarkLength(bytes) : 0
        switch records.read(line: UnsafeBufferPointer(rebasing: bytes[bom...]), errorsOnly: reportsErrorsOnly) {
        case .read: try evaluateAndWrite(input: input, line: line)
        case .unreadable(let message): writeError(message, input: input, line: line)
        }
    }

    private func writeOversized(input: String, line: LineNumber) {
        writeError("the line is longer than \(maxLineLength) bytes (--max-input-bytes)", input: input, line: line)
    }

    /// Whether every report shows its line's number (a text report does; a JSON one only for an
    /// error): a parallel run then numbers each chunk's lines before they are validated.
    var showsEveryLineNumber: Bool { if case .text = format { true } else { false } }

    /// Whether the report is the short one, which lists failures only: passed outcomes need not
    /// be kept, and a field nothing else reads can be decided where it is read.
    private var reportsErrorsOnly: Bool { if case .json(.errors) = format { true } else { false } }

    /// The longest JSON Lines record read (the readers' limit), for the error of an oversized line.
    package var maxLineLength = LineReader.defaultMaxLineLength

    private func validate(_ value: Value, input: String) throws(Abort) {
        switch records.read(value) {
        case .read: try evaluateAndWrite(input: input, line: nil)
        case .unreadable(let message): writeError(message, input: input, line: nil)
        }
    }

    /// Evaluates the record just read and writes its report.
    private func evaluateAndWrite(input: String, line: LineNumber?) throws(Abort) {
        let valid: Bool
        do throws(EvaluationError) {
            valid = try records.evaluate(errorsOnly: reportsErrorsOnly)
        } catch {
            try handle(error, input: input, line: line)
            return
        }
        if valid { validCount += 1 } else { invalidCount += 1 }
        switch format {
        case .json(.errors):
            output.append {
                records.appendErrors(to: &$0)
                $0.append(UInt8(ascii: "\n"))
            }
        case .json(.full):
            output.writeJSONLine(records.report())
        case .text:
            output.write(formatter.format(records.report(), source: source(input: input, line: number(of: line))))
        }
    }

    private func handle(_ error: EvaluationError, input: String, line: LineNumber?) throws(Abort) {
        switch error {
        case .notAnObject:
            writeError(error.description, input: input, line: line)
        case .unresolvedCheck:
            throw Abort(error: error)
        }
    }

    /// Adds a worker's counts to this validator's (``ParallelLineValidator``).
    func addCounts(of other: BatchValidator) {
        validCount += other.validCount
        invalidCount += other.invalidCount
        errorCount += other.errorCount
    }

    /// Hands the output a worker collected to `bytes`.
    func takeOutput(_ bytes: inout [UInt8]) {
        output.swapBytes(&bytes)
    }

    /// Writes the error report of a whole document that could not be read (it is larger than
    /// the limit): `{"input": NAME, "error": …}`, counted as unreadable.
    package func reportUnreadable(_ message: String, input: String) {
        writeError(message, input: input, line: nil)
    }

    private func number(of line: LineNumber?) -> Int? {
        switch line {
        case nil: nil
        case .number(let number)?: number
        case .inChunk(let index)?: chunkFirstNumber() + index
        }
    }

    private func writeError(_ message: String, input: String, line: LineNumber?) {
        errorCount += 1
        let line = number(of: line)
        switch format {
        case .json:
            var out = "{"
            if line == nil || namesInputs {
                out += "\"input\":"
                JSONWriter.appendString(input, to: &out)
                out += ","
            }
            if let line { out += "\"line\":\(line)," }
            out += "\"error\":"
            JSONWriter.appendString(message, to: &out)
            out += "}"
            output.writeLine(out)
        case .text:
            output.write(formatter.formatError(message, source: source(input: input, line: line) ?? input))
        }
    }

    private func source(input: String, line: Int?) -> String? {
        switch (line, namesInputs) {
        case (let line?, true): "\(input):\(line)"
        case (let line?, false): "line \(line)"
        case (nil, true): input
        case (nil, false): nil
        }
    }
}
