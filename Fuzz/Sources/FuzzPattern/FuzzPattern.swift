import FuzzSupport

@testable import FuzzedPattern

/// libFuzzer entry: the input is a pattern, a NUL byte, then subjects separated by NUL bytes. The
/// pattern is compiled by FormSpec's own engine and searched in every subject, once as `matches`
/// runs it (DFA tables, byte search) and once on the PikeVM alone: a disagreement is a crash.
/// (`PatternRule`, what a spec's `pattern:` runs, is reached through the spec and input targets.)
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPattern(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let parts = FuzzInputParts.split(UnsafeBufferPointer(start: data, count: size), at: [0], limit: 8)
    let source = String(decoding: parts[0], as: UTF8.self)
    let subjects = parts.dropFirst().map { String(decoding: $0, as: UTF8.self) }
    guard let pattern = try? FuzzedPattern.Pattern(source) else { return 0 }
    for subject in subjects {
        var steps = 0
        let expected = pattern.run(subject, engine: .pikeVM, steps: &steps)
        if pattern.matches(subject) != expected {
            fatalError("engines disagree: /\(source)/ on \(subject.debugDescription) (PikeVM: \(expected))")
        }
    }
    return 0
}

@_cdecl("FuzzPattern_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzzPattern)
}
