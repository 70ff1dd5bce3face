@_spi(Tooling) import FormSpecRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a ``LanguageServer`` over stdin and stdout, the way editors start language servers.
public enum LanguageServerMain {
    /// How long the client must be quiet after a change before the document is compiled.
    static let debounceMilliseconds: Int32 = 100

    /// Serves until the client sends `exit` or closes stdin; returns the process exit code
    /// (0 after `shutdown` then `exit`, 1 otherwise, as LSP asks).
    ///
    /// - Parameters:
    ///   - input: The descriptor to read messages from.
    ///   - output: The descriptor to write messages to; nothing else may be written there.
    ///   - log: Where problems with the input are reported (the client shows stderr in its log).
    public static func run(input: Int32 = 0, output: Int32 = 1, log: @escaping (String) -> Void = { _ in }) -> Int32 {
        // A client that goes away must not kill the server with SIGPIPE before it can exit cleanly.
        signal(SIGPIPE, SIG_IGN)
        let server = LanguageServer()
        server.log = log
        var reader = MessageReader(descriptor: input)
        let writer = MessageWriter(descriptor: output)
        func send(_ messages: [Value]) {
            for message in messages {
                var bytes: [UInt8] = []
                JSONWriter.append(message, to: &bytes)
                writer.write(bytes)
            }
        }
        while true {
            // Diagnostics wait until no edit has come for a moment, so a burst of edits compiles
            // once; requests in the meantime answer from the last state. Other messages (hovers,
            // cancellations) do not hold them back.
            if server.hasPendingDiagnostics {
                let quiet = (ContinuousClock.now - server.lastChange).components
                let quietMilliseconds = quiet.seconds * 1000 + quiet.attoseconds / 1_000_000_000_000_000
                let left = Int32(clamping: Int64(debounceMilliseconds) - quietMilliseconds)
                if left <= 0 || !reader.isReadable(within: left) {
                    send(server.flushDiagnostics())
                }
            }
            switch reader.next() {
            case .message(let body):
                send(server.handle(body: body))
                if let code = server.exitCode { return code }
            case .malformed(let reason):
                log("formspec lsp: skipped a malformed message: \(reason)\n")
            case .end:
                return server.exitCode ?? (server.hasShutDown ? 0 : 1)
            }
        }
    }
}
