public import FormSpecRuntime

/// Validates inputs one after another and writes one report per input: the engine of
/// `formspec validate`.
///
/// JSON output is one compact report a line (``JSONWriter``); an input that produced no report
/// gives `{"line": N, "error": "…"}` (or `{"input": "a.json", "error": "…"}` for a whole file).
/// Text output is ``TextReportFormatter``'s checklist.
public final class BatchValidator {
    /// How reports are written.
    public enum Format: Sendable, Hashable {
        case text(colored: Bool)
        case json
    }

    /// An input stopped the run: an external check had no outcome.
    public struct Abort: Error, Sendable, CustomStringConvertible {
        /// Why.
        public var error: EvaluationError
        public var description: String { error.description }
    }

    /// The compiled form.
    public let program: Program
    /// Locale, mode, original values, strictness and check outcomes.
    public let context: EvaluationContext
    /// How reports are written.
    public let format: Format
    /// Whether to name the input in every report and error (several inputs were given).
    public var namesInputs: Bool

    /// How many reports were valid.
    public private(set) var validCount = 0
    /// How many reports were invalid.
    public private(set) var invalidCount = 0
    /// How many inputs gave an error instead of a report.
    public private(set) var errorCount = 0

    private let output: OutputBuffer
    private let formatter: TextReportFormatter

    /// Creates a validator writing to `output`.
    public init(
        program: Program, context: EvaluationContext, format: Format, output: OutputBuffer, namesInputs: Bool = false
    ) {
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

    /// Whether every input so far gave a valid report.
    public var allValid: Bool { invalidCount == 0 && errorCount == 0 }

    /// Validates one whole document (a `.json`/`.yaml` file or stdin).
    ///
    /// - Parameters:
    ///   - bytes: The document.
    ///   - name: The input's name (a path, or `<stdin>`).
    ///   - syntax: JSON, YAML, or `nil` to guess from the text.
    /// - Throws: ``Abort`` when an external check has no outcome.
    public func validateDocument(_ bytes: [UInt8], name: String, syntax: InputDecoder.Syntax?) throws(Abort) {
        let value: Value
        do throws(InputError) {
            value = try InputDecoder.decode(bytes, path: name, syntax: syntax)
        } catch {
            writeError(error.message, input: name, line: nil)
            return
        }
        try validate(value, input: name, line: nil)
    }

    /// Validates each line of `reader` as one JSON object, writing one report a line in order.
    /// Every line gets exactly one output line, so inputs and reports can be paired by position: a
    /// malformed line (a blank one included: JSON Lines has no empty records) gives an error for that
    /// line and the run goes on. A final newline does not start another line.
    ///
    /// - Throws: ``FileError`` on a read error, ``Abort`` when an external check has no outcome.
    public func validateLines(_ reader: LineReader) throws {
        let input = reader.path
        try reader.forEachLine { line in
            if line.isOversized {
                writeError("the line is longer than \(reader.maxLineLength) bytes", input: input, line: line.number)
                return
            }
            if line.isBlank {
                writeError("empty line: expected a JSON object", input: input, line: line.number)
                return
            }
            var bytes = line.bytes
            if line.number == 1, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
                bytes = UnsafeBufferPointer(rebasing: bytes[3...])
            }
            let value: Value
            do throws(JSONReader.Error) {
                value = try JSONReader.parse(bytes)
            } catch {
                writeError(
                    "invalid JSON at column \(error.column): \(InputDecoder.sanitized(error.message))", input: input,
                    line: line.number)
                return
            }
            try validate(value, input: input, line: line.number)
        }
    }

    private func validate(_ value: Value, input: String, line: Int?) throws(Abort) {
        let report: Report
        do throws(EvaluationError) {
            report = try program.validate(value, context: context)
        } catch {
            switch error {
            case .notAnObject:
                writeError(error.description, input: input, line: line)
                return
            case .unresolvedCheck:
                throw Abort(error: error)
            }
        }
        if report.valid { validCount += 1 } else { invalidCount += 1 }
        switch format {
        case .json:
            output.writeJSONLine(report)
        case .text:
            output.write(formatter.format(report, source: source(input: input, line: line)))
        }
    }

    private func writeError(_ message: String, input: String, line: Int?) {
        errorCount += 1
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
