import FormSpec
import FuzzSupport

/// libFuzzer entry: the first byte picks one of the repository's compiled specs, the rest is JSON
/// Lines input validated as `formspec validate` does: new, strict and edit mode (each record
/// against the previous one as the original), in a locale from the first byte, reports written as
/// JSON.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let selector = bytes.first else { return 0 }
    let programs = FuzzRepository.programs
    let program = programs[Int(selector) % programs.count]
    let locales: [String?] = [nil, "en", "ja-JP", "zh-TW", "xx"]
    let locale = locales[Int(selector) / programs.count % locales.count]
    var previous: Value?
    for line in bytes.dropFirst().split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
        guard let input = try? JSONReader.parse(line) else { continue }
        let contexts = [
            EvaluationContext(locale: locale, today: FuzzRepository.today, checks: FuzzRepository.checks),
            EvaluationContext(locale: locale, strict: true, today: FuzzRepository.today, checks: FuzzRepository.checks),
            EvaluationContext(
                locale: locale, mode: .edit, original: previous ?? input, today: FuzzRepository.today,
                checks: FuzzRepository.checks),
        ]
        for context in contexts {
            guard let report = try? program.validate(input, context: context) else { continue }
            _ = JSONWriter.write(report)
        }
        _ = JSONWriter.write(input)
        previous = input
    }
    return 0
}

@_cdecl("FuzzInput_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzzInput)
}
