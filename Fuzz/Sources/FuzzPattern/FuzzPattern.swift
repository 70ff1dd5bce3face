import FuzzSupport
import FuzzedPattern

/// libFuzzer entry: the input is a pattern, a NUL byte, then subjects separated by NUL bytes. The
/// pattern is compiled by FormSpec's own engine and searched in every subject. (`PatternRule`, what
/// a spec's `pattern:` runs, is reached through the spec and input targets.)
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPattern(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let parts = FuzzInputParts.split(UnsafeBufferPointer(start: data, count: size), at: [0], limit: 8)
    let source = String(decoding: parts[0], as: UTF8.self)
    let subjects = parts.dropFirst().map { String(decoding: $0, as: UTF8.self) }
    guard let pattern = try? FuzzedPattern.Pattern(source) else { return 0 }
    for subject in subjects { _ = pattern.matches(subject) }
    return 0
}

@_cdecl("FuzzPattern_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzzPattern)
}
