import FormSpec
@_spi(Tooling) import FormSpecRuntime
import FuzzSupport

/// libFuzzer entry: the first byte picks one of the repository's compiled specs, the rest is JSON
/// Lines input validated as `formspec validate` does: new, strict and edit mode (each record
/// against the previous one as the original), in a locale from the first byte, reports written as
/// JSON. Each line also goes through the batch path (the record scanner into reused slots, the
/// evaluator, the short report written from the outcome lists), which must write exactly the
/// short report of the generic path: a difference is a crash.
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
    var scanner = JSONRecordScanner(fieldNames: program.fieldNames)
    var scratch = EvaluationScratch(program, today: FuzzRepository.today)
    for line in bytes.dropFirst().split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
        guard let input = try? JSONReader.parse(line) else {
            // The scanner must refuse what the reader refuses.
            let scanned = scanner.scan(
                UnsafeBufferPointer(rebasing: line), into: &scratch, program: program, collectUnknownKeys: false)
            if scanned { fatalError("the scanner read a line the JSON reader refuses: \(Array(line))") }
            continue
        }
        let contexts = [
            EvaluationContext(locale: locale, today: FuzzRepository.today, checks: FuzzRepository.checks),
            EvaluationContext(locale: locale, strict: true, today: FuzzRepository.today, checks: FuzzRepository.checks),
            EvaluationContext(
                locale: locale, mode: .edit, original: previous ?? input, today: FuzzRepository.today,
                checks: FuzzRepository.checks),
        ]
        for context in contexts {
            let report = try? program.validate(input, context: context)
            if let report { _ = JSONWriter.write(report) }
            checkBatchPath(
                line, input: input, report: report, program: program, context: context, scanner: &scanner,
                scratch: &scratch)
        }
        _ = JSONWriter.write(input)
        previous = input
    }
    return 0
}

/// Runs `line` as `formspec validate --jsonl --report errors` does and compares its short report
/// with the one of the generic path's `report` (`nil` when that threw, which the batch path must
/// do too).
func checkBatchPath(
    _ line: Slice<UnsafeBufferPointer<UInt8>>, input: Value, report: Report?, program: Program,
    context: EvaluationContext, scanner: inout JSONRecordScanner, scratch: inout EvaluationScratch
) {
    guard let members = input.members else { return }
    let scanned = scanner.scan(
        UnsafeBufferPointer(rebasing: line), into: &scratch, program: program, collectUnknownKeys: context.strict,
        today: context.today)
    if !scanned { scratch.load(members, program: program, today: context.today, collectUnknownKeys: context.strict) }
    do {
        try program.evaluate(&scratch, context: context)
    } catch {
        if report != nil { fatalError("the batch path threw \(error) where the generic path did not: \(Array(line))") }
        return
    }
    guard let report else { fatalError("the generic path threw where the batch path did not: \(Array(line))") }
    var fast: [UInt8] = []
    JSONWriter.appendErrors(
        of: scratch, program: program, texts: context.texts(for: program), mode: context.mode, strict: context.strict,
        to: &fast)
    var generic: [UInt8] = []
    JSONWriter.appendErrors(report, to: &generic)
    if fast != generic {
        fatalError(
            "short reports differ (scanned: \(scanned)) on \(Array(line)):\n\(String(decoding: fast, as: UTF8.self))\n\(String(decoding: generic, as: UTF8.self))"
        )
    }
}

@_cdecl("FuzzInput_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzzInput)
}
