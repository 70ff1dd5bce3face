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
        // How long the last compilation took: a spec that takes seconds to compile waits as long
        // for a pause in the typing (up to 2 s), so it is not compiled again after every keystroke.
        var lastFlush = Duration.zero
        func milliseconds(_ duration: Duration) -> Int64 {
            let parts = duration.components
            return parts.seconds * 1000 + parts.attoseconds / 1_000_000_000_000_000
        }
        var next: Frame?
        while true {
            // Diagnostics wait until no edit has come for a moment, so a burst of edits compiles
            // once; requests in the meantime answer from the last state. Other messages (hovers,
            // cancellations) do not hold them back.
            if next == nil, server.hasPendingDiagnostics {
                let wait = max(Int64(debounceMilliseconds), min(2000, milliseconds(lastFlush)))
                let left = Int32(clamping: wait - milliseconds(ContinuousClock.now - server.lastChange))
                if left <= 0 || !reader.isReadable(within: left) {
                    let started = ContinuousClock.now
                    send(server.flushDiagnostics())
                    lastFlush = ContinuousClock.now - started
                }
            }
            let frame = next ?? reader.next()
            next = nil
            switch frame {
            case .message(let body):
                // The messages already here are handled together, so that a cancellation behind
                // its request is seen before the request's work is done.
                var bodies = [body]
                while bodies.count < 64, reader.isReadable(within: 0) {
                    let more = reader.next()
                    guard case .message(let body) = more else {
                        next = more
                        break
                    }
                    bodies.append(body)
                }
                send(server.handle(bodies: bodies))
                if let code = server.exitCode { return code }
            case .malformed(let reason):
                log("formspec lsp: skipped a malformed message: \(reason)\n")
            case .end:
                return server.exitCode ?? (server.hasShutDown ? 0 : 1)
            }
        }
    }
}
