@_spi(Tooling) import FormSpecRuntime
internal import Foundation

/// A clock that only moves when told to: for testing debounced checks without real waiting.
/// Package access: it serves this package's tests, and is not part of the public API.
///
/// ```swift
/// let clock = TestClock()
/// let form = LiveForm(signup, clock: clock)
/// form.set("alice", forField: "username")   // the check waits out its 500 ms debounce
/// clock.advance(by: .milliseconds(499))     // not yet
/// clock.advance(by: .milliseconds(1))       // now the check starts
/// await form.settle()                       // and its result is applied
/// ```
///
/// A sleep whose deadline has passed returns at once; a cancelled sleep throws `CancellationError`.
package final class TestClock: Clock, @unchecked Sendable {
    /// A point in the clock's time: the duration since the clock's start.
    package struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
        /// The time since the clock's start.
        package var offset: Duration

        /// Creates an instant at `offset` from the clock's start.
        package init(offset: Duration = .zero) { self.offset = offset }

        /// The instant `duration` later.
        package func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

        /// The duration from this instant to `other`.
        package func duration(to other: Instant) -> Duration { other.offset - offset }

        /// Whether `lhs` is earlier than `rhs`.
        package static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }

        /// The offset, as `Duration` prints it.
        package var description: String { "\(offset)" }
    }

    private enum Sleeper {
        case waiting(deadline: Instant, continuation: CheckedContinuation<Void, any Error>)
        case cancelled
    }

    private let lock = NSLock()
    private var current: Instant
    private var sleepers: [UInt64: Sleeper] = [:]
    private var nextID: UInt64 = 0

    /// Creates a clock standing at `now`.
    package init(now: Instant = Instant()) { current = now }

    /// The current instant: moves only with ``advance(by:)`` and ``advance(to:)``.
    package var now: Instant { locked { current } }

    /// Zero: the clock has no resolution limit.
    package var minimumResolution: Duration { .zero }

    /// How many sleeps are waiting for the clock to reach their deadline.
    package var sleeperCount: Int {
        locked {
            sleepers.values.reduce(0) { count, sleeper in
                if case .waiting = sleeper { count + 1 } else { count }
            }
        }
    }

    /// Suspends until the clock reaches `deadline` (at once when it already has).
    /// - Throws: `CancellationError` when the task is cancelled before.
    package func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = locked {
            nextID += 1
            return nextID
        }
        defer { locked { sleepers[id] = nil } }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let immediate: Result<Void, any Error>? = locked {
                    if case .cancelled = sleepers[id] { return .failure(CancellationError()) }
                    if deadline <= current { return .success(()) }
                    sleepers[id] = .waiting(deadline: deadline, continuation: continuation)
                    return nil
                }
                if let immediate { continuation.resume(with: immediate) }
            }
        } onCancel: {
            let continuation: CheckedContinuation<Void, any Error>? = locked {
                if case .waiting(_, let continuation) = sleepers[id] {
                    sleepers[id] = .cancelled
                    return continuation
                }
                sleepers[id] = .cancelled
                return nil
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward by `duration`, waking every sleep whose deadline is reached (earliest
    /// first). Woken tasks run when their executor next gets to them.
    package func advance(by duration: Duration) {
        advance(to: now.advanced(by: duration))
    }

    /// Moves the clock forward to `instant` (never backward), waking every sleep whose deadline is
    /// reached, earliest first.
    package func advance(to instant: Instant) {
        let due: [CheckedContinuation<Void, any Error>] = locked {
            if instant > current { current = instant }
            var due: [(Instant, UInt64, CheckedContinuation<Void, any Error>)] = []
            for (id, sleeper) in sleepers {
                if case .waiting(let deadline, let continuation) = sleeper, deadline <= current {
                    due.append((deadline, id, continuation))
                }
            }
            for entry in due { sleepers[entry.1] = nil }
            return due.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
        }
        for continuation in due { continuation.resume() }
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
