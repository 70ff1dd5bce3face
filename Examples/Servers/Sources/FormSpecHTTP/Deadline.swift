import Foundation

/// Runs work in a task of its own and stops waiting for it past a deadline: the task is then
/// cancelled and left to end on its own, so work that ignores cancellation (a check awaiting a
/// reply that never comes) cannot hold the caller.
enum Deadline {
    /// `work`'s result, or `nil` when it did not finish within `timeout` (it is then cancelled).
    /// Cancelling the caller cancels `work`.
    static func run<Outcome: Sendable>(
        within timeout: Duration, _ work: @escaping @Sendable () async -> Outcome
    ) async -> Outcome? {
        let race = FirstAnswer<Outcome?>()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                race.wait(continuation)
                let worker = Task { race.answer(await work()) }
                let timer = Task {
                    try? await Task.sleep(for: timeout)
                    if !Task.isCancelled { race.answer(nil) }
                }
                race.own(worker: worker, timer: timer)
            }
        } onCancel: {
            race.cancelWork()
        }
    }
}

/// The first answer of a worker and its timer: resumes the caller with it, once, and cancels
/// both tasks.
private final class FirstAnswer<Answer: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    /// The caller, until the first answer.
    private var continuation: CheckedContinuation<Answer, Never>?
    private var worker: Task<Void, Never>?
    private var timer: Task<Void, Never>?
    /// Whether the caller was cancelled (perhaps before the worker started).
    private var isWorkCancelled = false

    /// Keeps the caller's continuation; call before starting the tasks.
    func wait(_ continuation: CheckedContinuation<Answer, Never>) {
        lock.lock()
        defer { lock.unlock() }
        self.continuation = continuation
    }

    /// Keeps the tasks, to cancel them; cancels them at once when the answer came first.
    func own(worker: Task<Void, Never>, timer: Task<Void, Never>) {
        lock.lock()
        let isAnswered = continuation == nil
        let isWorkCancelled = self.isWorkCancelled
        self.worker = worker
        self.timer = timer
        lock.unlock()
        if isAnswered || isWorkCancelled { worker.cancel() }
        if isAnswered { timer.cancel() }
    }

    /// Resumes the caller with `answer` unless an answer came first.
    func answer(_ answer: Answer) {
        lock.lock()
        let waiting = continuation
        continuation = nil
        let tasks = [worker, timer]
        lock.unlock()
        guard let waiting else { return }
        waiting.resume(returning: answer)
        for task in tasks { task?.cancel() }
    }

    /// Cancels the worker: the caller was cancelled.
    func cancelWork() {
        lock.lock()
        isWorkCancelled = true
        let worker = self.worker
        lock.unlock()
        worker?.cancel()
    }
}
