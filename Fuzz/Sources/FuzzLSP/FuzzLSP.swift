import FormSpec
import FormSpecLanguageServer
import FuzzSupport

/// libFuzzer entry: the input is the byte stream a client writes to `formspec lsp`'s stdin —
/// `Content-Length` frames, garbage and all. It is cut into frames as the server cuts them, each
/// message is handled, and diagnostics are flushed every few messages as the stdio loop does when
/// the client pauses. Files the documents import are served from memory (one rule library beside
/// the documents), so nothing is read from the disk.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLanguageServer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let server = LanguageServer(provider: InMemorySources(FuzzLanguageServerFiles.files))
    var handled = 0
    LanguageServerFrames.forEachMessage(in: bytes) { body in
        _ = server.handle(body: body)
        handled += 1
        if handled % 4 == 0 { _ = server.flushDiagnostics() }
        return server.exitCode == nil
    }
    _ = server.flushDiagnostics()
    return 0
}

/// The files a fuzzed document may import.
enum FuzzLanguageServerFiles {
    static let files = [
        "/specs/common.rules.yaml": """
        formspec: 1
        define:
          handle:
            pattern: "^[a-z0-9_]+$"
            message: Use only lowercase letters, digits and underscores
        """
    ]
}

@_cdecl("FuzzLSP_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzzLanguageServer)
}
