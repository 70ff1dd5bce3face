import FormSpec
@_spi(Tooling) import FormSpecRuntime
import FuzzSupport

/// libFuzzer entry: the first byte picks one of the repository's compiled specs, the rest is JSON
/// Lines input validated as `formspec validate` does: new, strict and edit mode (each record
/// against the previous one as the original), in a locale from the first byte, reports written as
/// JSON. Each line also goes through the batch path (`RecordValidator`: the record scanner into
/// reused slots, or the reader and a load; the evaluator; the short report written from the outcome
/// lists), and through it as `--report errors` runs it (fields decided where the scanner reads
/// them, only the failures kept; the line's end found by the same scan, from the line's start
/// through the input's end, as a parallel run reads a mapped file), each of which must write
/// exactly the short report of the generic path: a difference is a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let selector = bytes.first else { return 0 }
    let programs = FuzzRepository.programs
    let program = programs[Int(selector) % programs.count]
    let locales: [String?] = [nil, "en", "ja-JP", "zh-TW", "xx"]
    let locale = locales[Int(selector) / programs.count % locales.count]
    var previous: Value?
    // Reused from line to line, as a batch reuses them.
    let contexts = [
        EvaluationContext(locale: locale, today: FuzzRepository.today, checks: FuzzRepository.checks),
        EvaluationContext(locale: locale, strict: true, today: FuzzRepository.today, checks: FuzzRepository.checks),
    ]
    var lineValidators = contexts.map { RecordValidator(program: program, context: $0) }
    var valueValidators = contexts.map { RecordValidator(program: program, context: $0) }
    var shortValidators = contexts.map { RecordValidator(program: program, context: $0) }
    for line in bytes.dropFirst().split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
        let lineBytes = UnsafeBufferPointer(rebasing: line)
        guard let input = try? JSONReader.parse(line) else {
            // The batch path must refuse what the reader refuses.
            if case .read = lineValidators[0].read(line: lineBytes) {
                fatalError("the batch path read a line the JSON reader refuses: \(Array(line))")
            }
            continue
        }
        for index in contexts.indices {
            let report = try? program.validate(input, context: contexts[index])
            if let report { _ = report.json() }
            checkBatchPath(
                line, of: bytes, input: input, report: report, lines: &lineValidators[index],
                values: &valueValidators[index], short: &shortValidators[index])
        }
        // Edit mode against the previous record: validators made for this original.
        let edit = EvaluationContext(
            locale: locale, mode: .edit, original: previous ?? input, today: FuzzRepository.today,
            checks: FuzzRepository.checks)
        let report = try? program.validate(input, context: edit)
        if let report { _ = report.json() }
        var editLines = RecordValidator(program: program, context: edit)
        var editValues = RecordValidator(program: program, context: edit)
        var editShort = RecordValidator(program: program, context: edit)
        checkBatchPath(
            line, of: bytes, input: input, report: report, lines: &editLines, values: &editValues, short: &editShort)
        _ = JSONWriter.write(input)
        previous = input
    }
    return 0
}

/// The batch path (a line read by the scanner, or parsed and loaded, or read for the short report
/// alone) and the generic path (a `Report` projected from the same input) must agree on the short
/// report, byte for byte. The short report's line is read from its start through the end of
/// `whole` (the lines after it included), as `formspec validate` reads a mapped file's lines: the
/// scan must end at the line's own end, or leave the line to `read(line:)`.
func checkBatchPath(
    _ line: Slice<UnsafeBufferPointer<UInt8>>, of whole: UnsafeBufferPointer<UInt8>, input: Value, report: Report?,
    lines: inout RecordValidator, values: inout RecordValidator, short: inout RecordValidator
) {
    guard case .read = lines.read(line: UnsafeBufferPointer(rebasing: line)) else {
        if case .object = input { fatalError("the batch path refused an object: \(Array(line))") }
        return
    }
    guard case .read = values.read(input) else { fatalError("a parsed object was refused: \(Array(line))") }
    if let end = short.readLeadingLine(of: UnsafeBufferPointer(rebasing: whole[line.startIndex...]), errorsOnly: true) {
        if end != line.count { fatalError("the scan ended the line at \(end), not \(line.count): \(Array(line))") }
    } else if case .unreadable = short.read(line: UnsafeBufferPointer(rebasing: line), errorsOnly: true) {
        fatalError("the short report's read refused an object: \(Array(line))")
    }
    var fromLine: [UInt8] = []
    var fromValue: [UInt8] = []
    var fromShort: [UInt8] = []
    do {
        _ = try lines.evaluate()
        _ = try values.evaluate()
        _ = try short.evaluate(errorsOnly: true)
    } catch {
        if report != nil { fatalError("the batch path threw \(error) where the generic path did not: \(Array(line))") }
        return
    }
    guard let report else { fatalError("the generic path threw where the batch path did not: \(Array(line))") }
    lines.appendErrors(to: &fromLine)
    values.appendErrors(to: &fromValue)
    short.appendErrors(to: &fromShort)
    var generic: [UInt8] = []
    JSONWriter.appendErrors(report, to: &generic)
    if fromLine != generic || fromValue != generic || fromShort != generic {
        let texts = [fromLine, fromValue, fromShort, generic].map { String(decoding: $0, as: UTF8.self) }
        fatalError("short reports differ on \(Array(line)):\n" + texts.joined(separator: "\n"))
    }
}

@_cdecl("FuzzInput_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzzInput)
}
