import FormSpec
@_spi(Tooling) import FormSpecRuntime
import Foundation
import Testing

/// The repository's root folder (tests read the shared `Specs/`).
let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// Loads `Specs/<name>.form.yaml`.
func loadSpec(_ name: String) throws -> CompiledForm {
    try CompiledForm.load(contentsOf: "\(repositoryRoot)/Specs/\(name).form.yaml")
}

/// A lock-protected value, for recording what checks were asked from any thread.
final class Locked<State: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    init(_ state: State) { self.state = state }

    var value: State {
        lock.lock()
        defer { lock.unlock() }
        return state
    }

    func update(_ body: (inout State) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        body(&state)
    }
}

/// An async check whose calls the test answers by hand, one by one.
final class CheckGate: Sendable {
    struct Call: Sendable {
        let input: CheckInput
        let continuation: CheckedContinuation<Bool, any Error>

        func pass() { continuation.resume(returning: true) }
        func fail() { continuation.resume(returning: false) }
        func fail(throwing error: any Error) { continuation.resume(throwing: error) }
    }

    let calls: AsyncStream<Call>
    private let sink: AsyncStream<Call>.Continuation
    /// Every value the check was asked about, in order.
    let asked = Locked<[String]>([])
    /// How many runs were cancelled while the check was running.
    let cancellations = Locked(0)

    init() {
        (calls, sink) = AsyncStream.makeStream(of: Call.self)
    }

    var check: CheckRegistry.AsyncCheck {
        { [sink, asked, cancellations] input in
            asked.update { $0.append(input.text) }
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    sink.yield(Call(input: input, continuation: continuation))
                }
            } onCancel: {
                cancellations.update { $0 += 1 }
            }
        }
    }
}

struct NetworkDown: Error, CustomStringConvertible {
    var description: String { "the network is down" }
}
