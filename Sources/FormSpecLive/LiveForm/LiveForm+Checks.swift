@_spi(Program) @_spi(Tooling) import FormSpecRuntime
internal import Foundation

/// One field's state for one asynchronous check.
struct CheckSlot {
    /// Bumped whenever a run is started or abandoned: a result carrying an older generation is stale.
    var generation = 0
    /// The value being checked (debouncing or running), if any.
    var inFlight: Scalar?
    /// The task checking ``inFlight``.
    var taskID: UInt64?
    /// The last finished result and the value it is for.
    var completed: (value: Scalar, outcome: CheckOutcome)?
}

/// The background tasks of a live form; cancels them all when the form goes away.
final class TaskBag {
    private struct Entry {
        var task: Task<Void, Never>
        /// When the debounce ends (``DebounceTimer`` time; `nil`: no debounce).
        var due: Duration?
        /// Whether the run was abandoned (its result will be dropped).
        var superseded = false
    }

    private var entries: [UInt64: Entry] = [:]
    /// The tasks past their debounce: running their check or applying its result.
    private var running: Set<UInt64> = []
    private var lastID: UInt64 = 0
    /// The current time, as debounce deadlines are kept.
    private let now: () -> Duration

    init(now: @escaping () -> Duration) { self.now = now }

    func makeID() -> UInt64 {
        lastID += 1
        return lastID
    }

    func insert(_ task: Task<Void, Never>, id: UInt64, due: Duration?) {
        entries[id] = Entry(task: task, due: due)
        if due == nil { running.insert(id) }
    }

    /// Moves task `id`'s debounce deadline (a keystroke restarting a pause).
    func setDue(_ id: UInt64, _ due: Duration) {
        entries[id]?.due = due
    }

    func markRunning(_ id: UInt64) {
        if entries[id] != nil { running.insert(id) }
    }

    func isRunning(_ id: UInt64?) -> Bool { id.map(running.contains) ?? false }

    func cancel(_ id: UInt64?) {
        guard let id else { return }
        entries[id]?.superseded = true
        entries[id]?.task.cancel()
    }

    func remove(_ id: UInt64) {
        entries[id] = nil
        running.remove(id)
    }

    /// A task that is running, or whose debounce is over (it is about to run), if any; superseded
    /// runs only when asked for.
    func firstSettling(includingSuperseded: Bool) -> Task<Void, Never>? {
        for (id, entry) in entries where includingSuperseded || !entry.superseded {
            if running.contains(id) || entry.due.map({ now() >= $0 }) ?? true { return entry.task }
        }
        return nil
    }

    deinit {
        for entry in entries.values { entry.task.cancel() }
    }
}

extension LiveForm {
    /// Waits until no external check for a current value is running, and their results are applied.
    ///
    /// Checks whose debounce is over are waited for; checks still waiting out their debounce are
    /// not (with a manual test clock, advance it first; ``validateNow()`` starts them at once).
    ///
    /// When the calling task is cancelled, stops waiting at once and returns. The checks are not
    /// cancelled: they belong to the form, go on in the background, and their results still apply
    /// (cancelling them would leave their fields pending until the value changes).
    ///
    /// - Parameter includingSuperseded: Also wait for abandoned runs (for a value no longer
    ///   current) still executing: their results are dropped, so they cannot change the form, but
    ///   tests may want to see that happen. A check that ignores cancellation delays this.
    public func settle(includingSuperseded: Bool = false) async {
        while !Task.isCancelled, let task = tasks.firstSettling(includingSuperseded: includingSuperseded) {
            await Self.wait(for: task)
        }
    }

    /// Waits until `task` finishes or the calling task is cancelled, whichever comes first.
    /// (`await task.value` alone would outlast a cancellation: it waits for the other task.)
    private static func wait(for task: Task<Void, Never>) async {
        let waiter = Waiter()
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiter.install(continuation)
                Task {
                    await task.value
                    waiter.resume()
                }
            }
        } onCancel: {
            waiter.resume()
        }
    }

    /// Runs every pending check now, skipping what is left of its debounce, waits for them, marks
    /// every field touched and returns the report: what a submit button does.
    ///
    /// When the calling task is cancelled, returns at once with the report as it is then, checks
    /// still running shown pending (see ``settle(includingSuperseded:)``).
    public func validateNow() async -> Report {
        touchAll()
        for index in messageDebounce.indices where messageDebounce[index] != nil {
            endMessageDebounce(of: index)
            publish(index, active: fields[index].storedIsActive)
        }
        for index in slots.indices {
            for (name, slot) in slots[index] {
                guard let value = slot.inFlight, !tasks.isRunning(slot.taskID),
                    case .async(let check) = form.checks[name]
                else { continue }
                schedule(field: index, check: name, value: value, run: check, delayMilliseconds: 0)
            }
        }
        await settle()
        return report
    }

    /// Answers the checks the evaluation of field `index` just asked about (``EvaluationScratch/unanswered``)
    /// into `scratch.checkAnswers`: synchronous ones at once, asynchronous ones from a finished
    /// result for this value, or scheduled (and pending). Abandons runs no longer needed.
    ///
    /// - Returns: Whether a check is pending.
    func resolveChecks(of index: Int) -> Bool {
        guard case .value(let value) = scratch.values[index] else {
            cancelChecks(of: index)
            return false
        }
        let needed = scratch.unanswered
        for (name, slot) in slots[index] where slot.inFlight != nil && !needed.contains(where: { $0.check == name }) {
            cancel(field: index, check: name)
        }
        let field = program.fields[index]
        var pending = false
        for call in needed {
            let name = call.check
            let answer: CheckAnswer
            switch form.checks[name] {
            case nil:
                answer = .failure(CheckMessages.unregistered(check: name))
            case .sync(let check):
                do {
                    answer = try check(CheckInput(check: name, field: field.name, value: value)) ? .passed : .failed
                } catch {
                    answer = .failure(
                        message(
                            for: .threw(reason: CheckMessages.reason(of: error), custom: error is CheckFailure),
                            field: index))
                }
            case .async(let check):
                let slot = slots[index][name] ?? CheckSlot()
                if let done = slot.completed, done.value.exactlyEquals(value) {
                    if slot.inFlight != nil { cancel(field: index, check: name) }
                    switch done.outcome {
                    case .passed(let passed): answer = passed ? .passed : .failed
                    case .threw: answer = .failure(message(for: done.outcome, field: index))
                    }
                } else {
                    answer = .pending
                    pending = true
                    if slot.inFlight?.exactlyEquals(value) != true {
                        schedule(
                            field: index, check: name, value: value, run: check,
                            delayMilliseconds: debounces.delay(field: index, check: name))
                    }
                }
            }
            scratch.checkAnswers.append((index, name, answer))
        }
        return pending
    }

    /// The message of a check that threw, in the current locale, the form's secrets masked.
    private func message(for outcome: CheckOutcome, field index: Int) -> String {
        guard case .threw(let reason, let custom) = outcome else { return "" }
        let masked = program.maskingSecrets(in: reason, values: scratch.values)
        return custom
            ? masked : CheckMessages.failure(reason: masked, label: program.fields[index].label(chain), chain: chain)
    }

    /// Abandons every run of field `index`'s checks.
    func cancelChecks(of index: Int) {
        for (name, slot) in slots[index] where slot.inFlight != nil { cancel(field: index, check: name) }
    }

    private func cancel(field index: Int, check name: String) {
        guard var slot = slots[index][name] else { return }
        slot.generation += 1
        tasks.cancel(slot.taskID)
        slot.inFlight = nil
        slot.taskID = nil
        slots[index][name] = slot
    }

    /// Starts checking `value` after the debounce, replacing (cancelling) any run for another value.
    private func schedule(
        field index: Int, check name: String, value: Scalar, run check: @escaping CheckRegistry.AsyncCheck,
        delayMilliseconds: Int
    ) {
        var slot = slots[index][name] ?? CheckSlot()
        tasks.cancel(slot.taskID)
        slot.generation += 1
        let generation = slot.generation
        let id = tasks.makeID()
        // The deadline is fixed now, not when the task starts.
        let due = delayMilliseconds > 0 ? timer.now() + .milliseconds(delayMilliseconds) : nil
        let timer = self.timer
        var sleep: (@Sendable () async throws -> Void)?
        if let due { sleep = { try await timer.sleep(due) } }
        let input = CheckInput(check: name, field: program.fields[index].name, value: value)
        let task = Task { @MainActor [weak self] in
            let outcome = await Self.perform(check, input: input, after: sleep) { [weak self] in
                self?.tasks.markRunning(id)
            }
            self?.finish(id: id, field: index, check: name, generation: generation, value: value, outcome: outcome)
        }
        tasks.insert(task, id: id, due: due)
        slot.inFlight = value
        slot.taskID = id
        slots[index][name] = slot
    }

    /// Waits out the debounce and runs the check; `nil` when cancelled.
    private static func perform(
        _ check: CheckRegistry.AsyncCheck, input: CheckInput, after sleep: (@Sendable () async throws -> Void)?,
        started: () -> Void
    ) async -> CheckOutcome? {
        if let sleep {
            do { try await sleep() } catch { return nil }
        }
        if Task.isCancelled { return nil }
        started()
        do {
            return .passed(try await check(input))
        } catch {
            if Task.isCancelled { return nil }
            return .threw(reason: CheckMessages.reason(of: error), custom: error is CheckFailure)
        }
    }

    /// Applies a run's result, unless it is stale (the value changed, or the run was abandoned).
    private func finish(
        id: UInt64, field index: Int, check name: String, generation: Int, value: Scalar, outcome: CheckOutcome?
    ) {
        tasks.remove(id)
        guard let outcome, var slot = slots[index][name], slot.generation == generation else { return }
        slot.inFlight = nil
        slot.taskID = nil
        slot.completed = (value, outcome)
        slots[index][name] = slot
        evaluate(index)
    }
}

/// A continuation resumed once, by whichever comes first: the awaited task finishing or the
/// waiter's cancellation (either may happen before the continuation is installed).
private final class Waiter: @unchecked Sendable {
    // `@unchecked`: every access to the state below holds the lock.
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Void, Never>?
    private var resumed = false

    func install(_ continuation: CheckedContinuation<Void, Never>) {
        lock.lock()
        if resumed {
            lock.unlock()
            continuation.resume()
            return
        }
        self.continuation = continuation
        lock.unlock()
    }

    func resume() {
        lock.lock()
        let continuation = self.continuation
        self.continuation = nil
        resumed = true
        lock.unlock()
        continuation?.resume()
    }
}
