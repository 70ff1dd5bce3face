import FormSpec
@_spi(Tooling) import FormSpecRuntime
import Foundation
import FuzzSupport

/// libFuzzer entry: the input is a spec (`main.form.yaml`), optionally followed by libraries it may
/// import (`lib.rules.yaml`, `sub/other.rules.yaml`), cut at `#--8<--` lines. It is compiled as
/// `formspec check` does, its diagnostics rendered, its program encoded and decoded again (what
/// `compile` writes and an embedder loads; it must read back and write the same JSON again), and
/// its spec tests run (`formspec test`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpec(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let parts = FuzzInputParts.split(
        UnsafeBufferPointer(start: data, count: size), at: FuzzInputParts.fileSeparator, limit: 3)
    let paths = ["spec/main.form.yaml", "spec/lib.rules.yaml", "spec/sub/other.rules.yaml"]
    var files: [String: [UInt8]] = [:]
    for (path, part) in zip(paths, parts) { files[path] = Array(part) }
    let compilation = Compiler.compile(path: paths[0], provider: FuzzFiles(files))
    _ = compilation.renderedDiagnostics()
    _ = compilation.renderedDiagnostics(colored: true)
    guard let spec = compilation.spec else { return 0 }
    // What `compile` writes reads back as the same program (a list's items made from the first
    // where it writes them once), which writes the same JSON again (keys sorted, as `compile`
    // writes them: a dictionary's order is not its contents').
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    if let json = try? encoder.encode(spec.program) {
        guard let decoded = try? JSONDecoder().decode(Program.self, from: json) else {
            fatalError("the program's own JSON does not decode")
        }
        precondition(try! encoder.encode(decoded) == json, "the decoded program writes other JSON")
    }
    let runner = SpecTestRunner(record: false, today: FuzzRepository.today)
    for test in spec.tests {
        _ = runner.run(test, of: spec.program, specPath: spec.path)
    }
    _ = try? spec.program.validate(
        .object([]), context: EvaluationContext(today: FuzzRepository.today, checks: FuzzRepository.checks))
    return 0
}

@_cdecl("FuzzSpec_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzzSpec)
}
