/// Validates JSON Lines on several threads, reports written in input order, in constant memory.
///
/// The calling thread reads lines into chunks (up to ``linesPerChunk`` lines or ``bytesPerChunk``
/// bytes, one longer line alone) and writes finished chunks' reports in order; up to `jobs - 1`
/// worker threads validate chunks, each with a ``BatchValidator`` of its own that collects its
/// reports in memory. The calling thread is the last of the `jobs`: when it has no free chunk to
/// fill, or the input is all read, and a chunk is waiting, it validates that chunk itself rather
/// than wait. So `jobs` threads share the cores, not a reader and `jobs` workers (2 cores: 5 %
/// less wall time on the nested bench). A fixed pool of chunks is recycled, so at most
/// `4 × jobs + 4` chunks exist at once however long the input.
///
/// `jobs` is clamped to the machine's cores (``usefulJobs(_:)``), and a worker starts only when a
/// chunk is waiting and no started worker is idle, so a one-chunk input runs one worker however
/// many were asked for. A worker thread that cannot be started (a pids or address-space limit) is
/// not counted: the run goes on with the workers it has, and when it has none the calling thread
/// validates each chunk itself.
///
/// The run stops early, without reading the rest of the input, when a write fails (the reports
/// already validated after it are dropped) or an external check has no outcome (the reports of
/// the lines before it are written first).
final class ParallelLineValidator: @unchecked Sendable {
    // @unchecked: every mutable property below is read and written only while `condition` is
    // locked, except a chunk's contents, which belong to exactly one thread at a time (the reader
    // while filling it, one worker while validating it, the reader again while writing it).

    /// The most lines in one chunk.
    static let linesPerChunk = 1024
    /// The most bytes in one chunk (a longer line is a chunk of its own).
    static let bytesPerChunk = 256 << 10

    /// A run of consecutive lines and, once validated, their reports.
    final class Chunk: @unchecked Sendable {
        var sequence = 0
        var firstNumber = 1
        var lines = Lines()
        var output: [UInt8] = []
        var abort: BatchValidator.Abort?

        var isEmpty: Bool { lines.ends.isEmpty }

        func reset(sequence: Int, firstNumber: Int) {
            self.sequence = sequence
            self.firstNumber = firstNumber
            lines.bytes.removeAll(keepingCapacity: true)
            lines.ends.removeAll(keepingCapacity: true)
            lines.oversized.removeAll(keepingCapacity: true)
            abort = nil
        }
    }

    /// A chunk's lines, end to end.
    struct Lines {
        var bytes: [UInt8] = []
        /// Where each line ends in `bytes` (it starts where the previous one ends).
        var ends: [Int] = []
        /// Whether each line was too long to keep.
        var oversized: [Bool] = []
    }

    private struct Stop: Error {}

    private let validator: BatchValidator
    private let jobs: Int
    private let condition = ThreadCondition()
    private var free: [Chunk] = []
    private var pending: [Chunk] = []
    private var pendingStart = 0
    private var finished: [Int: Chunk] = [:]
    private var closed = false
    private var stopping = false
    /// Workers started and not yet ended.
    private var runningWorkers = 0
    /// Workers waiting for a chunk.
    private var idleWorkers = 0
    /// The input's name, set before the workers start.
    private var input = ""

    // Read and written by the calling thread alone.
    private let startThread: ThreadStarter
    /// Every worker's validator, in the order started (their counts are added up at the end).
    private var workers: [BatchValidator] = []
    /// False once a thread failed to start: no more are tried.
    private var canStartWorkers = true
    /// The calling thread's own validator, made when it first validates a chunk.
    private var callerWorker: BatchValidator?
    /// How many chunks the calling thread validated.
    private(set) var chunksByCallingThread = 0
    private var maxLineLength = 0

    /// Starts a detached thread running its closure, with a stack of the given size; whether it
    /// started. Tests pass one that fails.
    typealias ThreadStarter = @Sendable (_ stackSize: Int, _ body: @escaping @Sendable () -> Void) -> Bool

    /// The number of worker threads worth starting for `requested` jobs: at least 1, at most one per
    /// core (more threads than cores only add switching and memory).
    static func usefulJobs(_ requested: Int) -> Int {
        min(max(1, requested), onlineProcessorCount())
    }

    /// Hands a worker's validator to its thread, which alone uses it until the thread ends.
    private struct Owned: @unchecked Sendable {
        let worker: BatchValidator
    }

    /// Creates a run for `validator`'s settings.
    ///
    /// - Parameters:
    ///   - validator: The validator whose settings the workers copy and whose counts they add to.
    ///   - jobs: How many worker threads validate.
    ///   - startThread: How threads are started (tests inject failures).
    init(validator: BatchValidator, jobs: Int, startThread: @escaping ThreadStarter = FormSpecCLISupport.startThread) {
        self.validator = validator
        self.jobs = Self.usefulJobs(jobs)
        self.startThread = startThread
        free = (0..<(4 * self.jobs + 4)).map { _ in Chunk() }
    }

    /// Validates every line of `reader`, writing the reports to `output` in input order.
    ///
    /// - Throws: ``FileError`` on a read error, ``BatchValidator/WriteFailure`` when `output`
    ///   fails, ``BatchValidator/Abort`` when an external check has no outcome.
    func run(_ reader: LineReader, output: OutputBuffer) throws {
        input = reader.path
        maxLineLength = reader.maxLineLength
        var nextToWrite = 0
        var submitted = 0
        var failure: (any Error)?

        /// Writes every finished chunk that is next in order, until the run fails. Called with
        /// `condition` locked.
        func writeReady() {
            while failure == nil, let chunk = finished.removeValue(forKey: nextToWrite) {
                condition.unlock()
                output.write(bytes: chunk.output)
                condition.lock()
                nextToWrite += 1
                if let abort = chunk.abort, failure == nil { failure = abort }
                if output.failed, failure == nil { failure = BatchValidator.WriteFailure() }
                if failure != nil { stopping = true }
                free.append(chunk)
                condition.broadcast()
            }
        }

        func submit(_ chunk: Chunk) {
            condition.lock()
            pending.append(chunk)
            submitted += 1
            let wantsWorker = idleWorkers == 0 && workers.count < jobs - 1 && canStartWorkers
            condition.broadcast()
            condition.unlock()
            if wantsWorker { startWorker() }
            if workers.isEmpty { validatePendingOnCallingThread() }
        }

        func freeChunk() throws -> Chunk {
            condition.lock()
            defer { condition.unlock() }
            while true {
                writeReady()
                if stopping { throw Stop() }
                if let chunk = free.popLast() { return chunk }
                if !validateWaitingChunk() { condition.wait() }
            }
        }

        var chunk = try freeChunk()
        chunk.reset(sequence: 0, firstNumber: 1)
        // The chunk's arrays are filled as a local: appending to a class's stored arrays costs an
        // exclusivity check per append, a tenth of the reading thread's time.
        var lines = Lines()
        swap(&lines, &chunk.lines)
        do {
            try reader.forEachLine { line in
                if !lines.ends.isEmpty,
                    lines.ends.count >= Self.linesPerChunk || lines.bytes.count + line.bytes.count > Self.bytesPerChunk
                {
                    let next = chunk.firstNumber + lines.ends.count
                    swap(&lines, &chunk.lines)
                    submit(chunk)
                    chunk = try freeChunk()
                    chunk.reset(sequence: submitted, firstNumber: next)
                    swap(&lines, &chunk.lines)
                }
                lines.bytes.append(contentsOf: line.bytes)
                lines.ends.append(lines.bytes.count)
                lines.oversized.append(line.isOversized)
            }
            swap(&lines, &chunk.lines)
            if !chunk.isEmpty { submit(chunk) }
        } catch is Stop {
            // A write failed or a check had no outcome: `failure` says which.
        } catch {
            condition.lock()
            stopping = true
            if failure == nil { failure = error }
            condition.unlock()
        }

        condition.lock()
        closed = true
        condition.broadcast()
        while true {
            writeReady()
            if runningWorkers == 0, stopping || nextToWrite == submitted { break }
            if stopping || !validateWaitingChunk() { condition.wait() }
        }
        condition.unlock()
        for worker in workers { validator.addCounts(of: worker) }
        if let callerWorker { validator.addCounts(of: callerWorker) }
        output.flush()
        if let failure { throw failure }
    }

    /// Starts one more worker thread; when it cannot be started, no other is tried.
    private func startWorker() {
        let worker = validator.worker()
        worker.maxLineLength = maxLineLength
        condition.lock()
        runningWorkers += 1
        condition.unlock()
        let owned = Owned(worker: worker)
        if startThread(1 << 20, { [self] in work(with: owned.worker) }) {
            workers.append(worker)
        } else {
            condition.lock()
            runningWorkers -= 1
            condition.broadcast()
            condition.unlock()
            canStartWorkers = false
        }
    }

    /// The calling thread's own validator.
    private var callingThreadWorker: BatchValidator {
        if let callerWorker { return callerWorker }
        let worker = validator.worker()
        worker.maxLineLength = maxLineLength
        callerWorker = worker
        return worker
    }

    /// Validates every pending chunk on the calling thread: the run's only way on when no worker
    /// thread could be started.
    private func validatePendingOnCallingThread() {
        condition.lock()
        while validateWaitingChunk() {}
        condition.broadcast()
        condition.unlock()
    }

    /// Takes the oldest chunk waiting to be validated, if any. Called with `condition` locked.
    private func takeWaitingChunk() -> Chunk? {
        guard pendingStart < pending.count else { return nil }
        let chunk = pending[pendingStart]
        pendingStart += 1
        if pendingStart == pending.count {
            pending.removeAll(keepingCapacity: true)
            pendingStart = 0
        }
        return chunk
    }

    /// Validates the oldest waiting chunk on the calling thread; whether there was one. Called,
    /// and returns, with `condition` locked (it is unlocked meanwhile).
    private func validateWaitingChunk() -> Bool {
        guard let chunk = takeWaitingChunk() else { return false }
        let worker = callingThreadWorker
        chunksByCallingThread += 1
        condition.unlock()
        validate(chunk, with: worker)
        condition.lock()
        finished[chunk.sequence] = chunk
        return true
    }

    /// A worker thread's loop: validate pending chunks until the input is closed or the run stops.
    private func work(with worker: BatchValidator) {
        condition.lock()
        while true {
            while pendingStart == pending.count, !closed, !stopping {
                idleWorkers += 1
                condition.wait()
                idleWorkers -= 1
            }
            if stopping { break }
            guard let chunk = takeWaitingChunk() else { break }
            condition.unlock()
            validate(chunk, with: worker)
            condition.lock()
            finished[chunk.sequence] = chunk
            condition.broadcast()
        }
        runningWorkers -= 1
        condition.broadcast()
        condition.unlock()
    }

    private func validate(_ chunk: Chunk, with worker: BatchValidator) {
        let input = input
        chunk.lines.bytes.withUnsafeBufferPointer { bytes in
            var start = 0
            for (index, end) in chunk.lines.ends.enumerated() {
                do throws(BatchValidator.Abort) {
                    try worker.validateLine(
                        UnsafeBufferPointer(rebasing: bytes[start..<end]), number: chunk.firstNumber + index,
                        isOversized: chunk.lines.oversized[index], input: input)
                } catch {
                    chunk.abort = error
                    break
                }
                start = end
            }
        }
        worker.takeOutput(&chunk.output)
    }
}
