import FormSpec
import FuzzSupport

/// libFuzzer entry: the input is a pattern, a NUL byte, then subjects separated by NUL bytes. The
/// pattern is compiled as a spec's `pattern:` rule is and searched in every subject.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPattern(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let parts = FuzzInputParts.split(UnsafeBufferPointer(start: data, count: size), at: [0], limit: 8)
    let source = String(decoding: parts[0], as: UTF8.self)
    guard let rule = try? PatternRule(source: source, negated: false) else { return 0 }
    for subject in parts.dropFirst() {
        _ = rule.passes(String(decoding: subject, as: UTF8.self))
    }
    return 0
}

@_cdecl("FuzzPattern_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzzPattern)
}
