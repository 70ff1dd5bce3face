#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Validates JSON Lines on several threads, reports written in input order, in constant memory.
///
/// The calling thread reads the input straight into chunks (``bytesPerChunk`` bytes, one longer
/// line alone, split into lines as they are read; the line a chunk ends in goes on in the next),
/// or, for a mapped file (``LineReader/mapped``), takes the whole lines of the next
/// ``bytesPerChunk`` bytes of the mapping as a chunk, in place; it writes finished chunks' reports
/// in order. A mapped chunk's lines are split by the thread that validates them, each found by
/// the pass that reads its record (``BatchValidator/validateFirstLine(of:isFirstOfInput:input:line:mapped:)``):
/// its bytes are read once, on that thread (4 % less CPU and wall time on the nested bench than
/// splitting them with `memchr` on the calling thread first, which splitting them on the
/// validating thread alone does not gain). A chunk's first line number is then known only
/// once the chunks before it are validated; a report that shows it (an error) waits for them,
/// and text reports, which all show it, have their chunks split first. Up to
/// `jobs - 1` worker threads validate chunks, each with a ``BatchValidator`` of its own that
/// collects its reports in memory (made on the worker's thread, while the calling thread reads on).
/// The calling thread is the last of the `jobs`: when it has no free chunk to fill, or the input is
/// all read, and a chunk is waiting, it validates that chunk itself rather than wait. So `jobs`
/// threads share the cores, not a reader and `jobs` workers (2 cores: 5 % less wall time on the
/// nested bench). A fixed pool of chunks is recycled, so at most `2 × jobs + 2` chunks exist at
/// once however long the input (each is fresh memory the first time it is filled: twice as many
/// cost 1 % more CPU in page faults, and made the run no faster).
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

    /// Past this many lines a chunk that is read and split takes no more reads (the last read's
    /// lines still go in).
    static let linesPerChunk = 1024
    /// The bytes of input a chunk holds (a longer line grows its chunk).
    static let defaultBytesPerChunk = 256 << 10
    /// The most bytes one `read(2)` asks for: a chunk takes several, each read into a stretch of
    /// memory still in the cache.
    static let bytesPerRead = 64 << 10

    /// A run of consecutive lines and, once validated, their reports.
    final class Chunk: @unchecked Sendable {
        var sequence = 0
        /// The number of its first line, once the lines of the chunks before it are counted (read
        /// and written with the run's `condition` locked).
        var firstNumber: Int?
        /// How many lines it has, for lines left unsplit, once it is validated (split lines are
        /// counted when the chunk is submitted).
        var lineCount = 0
        var lines = Lines()
        var output: [UInt8] = []
        var abort: BatchValidator.Abort?

        var isEmpty: Bool { lines.ends.isEmpty && lines.unsplitStart == nil }

        func reset(sequence: Int) {
            self.sequence = sequence
            firstNumber = nil
            lineCount = 0
            lines.count = 0
            lines.inPlace = nil
            lines.inPlaceEnd = 0
            lines.unsplitStart = nil
            lines.starts.removeAll(keepingCapacity: true)
            lines.ends.removeAll(keepingCapacity: true)
            lines.oversized.removeAll(keepingCapacity: true)
            abort = nil
        }
    }

    /// A chunk's input as read, and its lines.
    struct Lines {
        /// The input read, terminators and all: `bytes[..<count]`; the rest is room to read into.
        var bytes: [UInt8] = []
        var count = 0
        /// The mapped input, when the lines are read there rather than from `bytes`, and where
        /// the chunk's part of it ends.
        var inPlace: UnsafeBufferPointer<UInt8>?
        var inPlaceEnd = 0
        /// When the lines are left for the validating thread to split: where they start in
        /// `inPlace` (they end at `inPlaceEnd`, past a `\n`); `starts` and `ends` are then empty.
        var unsplitStart: Int?
        /// Where each line starts and ends in `bytes`, or in `inPlace` (its `\n`, and a `\r`
        /// before it, left out; both 0 for a line too long to keep).
        var starts: [Int] = []
        var ends: [Int] = []
        /// Whether each line was too long to keep.
        var oversized: [Bool] = []
    }

    private struct Stop: Error {}

    private let validator: BatchValidator
    private let jobs: Int
    private let bytesPerChunk: Int
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
    /// The input's name and the readers' longest line, set before the workers start.
    private var input = ""
    private var maxLineLength = 0

    /// The first chunk whose line count is not known, and its first line's number: every chunk
    /// before it is counted.
    private var countedChunks = 0
    private var nextFirstNumber = 1
    /// The line counts known of chunks past `countedChunks`, by sequence.
    private var lineCounts: [Int: Int] = [:]
    /// The chunks submitted whose first line's number is not known yet, by sequence.
    private var unnumbered: [Int: Chunk] = [:]

    /// Every worker thread's validator, added by the thread as it ends (their counts are added
    /// up at the end).
    private var endedWorkers: [BatchValidator] = []

    // Read and written by the calling thread alone.
    private let startThread: ThreadStarter
    /// How many worker threads were started.
    private var startedWorkers = 0
    /// False once a thread failed to start: no more are tried.
    private var canStartWorkers = true
    /// The calling thread's own validator, made when it first validates a chunk.
    private var callerWorker: BatchValidator?
    /// How many chunks the calling thread validated.
    private(set) var chunksByCallingThread = 0

    /// Starts a detached thread running its closure, with a stack of the given size; whether it
    /// started. Tests pass one that fails.
    typealias ThreadStarter = @Sendable (_ stackSize: Int, _ body: @escaping @Sendable () -> Void) -> Bool

    /// The number of worker threads worth starting for `requested` jobs: at least 1, at most one per
    /// core (more threads than cores only add switching and memory).
    static func usefulJobs(_ requested: Int) -> Int {
        min(max(1, requested), onlineProcessorCount())
    }

    /// Creates a run for `validator`'s settings.
    ///
    /// - Parameters:
    ///   - validator: The validator whose settings the workers copy and whose counts they add to.
    ///   - jobs: How many worker threads validate.
    ///   - startThread: How threads are started (tests inject failures).
    ///   - bytesPerChunk: The input bytes a chunk holds (tests make chunks small).
    init(
        validator: BatchValidator, jobs: Int, startThread: @escaping ThreadStarter = FormSpecCLISupport.startThread,
        bytesPerChunk: Int = ParallelLineValidator.defaultBytesPerChunk
    ) {
        self.validator = validator
        self.jobs = Self.usefulJobs(jobs)
        self.bytesPerChunk = max(1, bytesPerChunk)
        self.startThread = startThread
        free = (0..<(2 * self.jobs + 2)).map { _ in Chunk() }
    }

    /// Validates every line of `reader`, writing the reports to `output` in input order.
    ///
    /// - Throws: ``FileError`` on a read error, ``BatchValidator/WriteFailure`` when `output`
    ///   fails, ``BatchValidator/Abort`` when an external check has no outcome.
    func run(_ reader: LineReader, output: OutputBuffer) throws {
        input = reader.path
        maxLineLength = reader.maxLineLength
        let mapped = reader.mapped
        var nextToWrite = 0
        var submitted = 0
        var failure: (any Error)?

        /// Writes every finished chunk that is next in order, until the run fails. Called with
        /// `condition` locked.
        func writeReady() {
            while failure == nil, let chunk = finished.removeValue(forKey: nextToWrite) {
                if chunk.lines.inPlace != nil, let mapped {
                    // Lines that read zeros where the file was cut have no report.
                    if mapped.shrank {
                        failure = MappedInput.shrankError(path: reader.path)
                        stopping = true
                        free.append(chunk)
                        break
                    }
                }
                condition.unlock()
                // Unlocked, as the write: giving pages back and asking for those ahead are system
                // calls (the requests may wait to queue a read) that the workers need not wait
                // for; only this thread touches the mapping's offsets.
                if chunk.lines.inPlace != nil { mapped?.release(before: chunk.lines.inPlaceEnd) }
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
            unnumbered[chunk.sequence] = chunk
            if chunk.lines.unsplitStart == nil { lineCounts[chunk.sequence] = chunk.lines.ends.count }
            numberChunks()
            let wantsWorker = idleWorkers == 0 && startedWorkers < jobs - 1 && canStartWorkers
            condition.broadcast()
            condition.unlock()
            if wantsWorker { startWorker() }
            if startedWorkers == 0 { validatePendingOnCallingThread() }
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
        chunk.reset(sequence: 0)
        // The chunk's arrays are filled as a local: appending to a class's stored arrays costs an
        // exclusivity check per append, a tenth of the reading thread's time.
        var lines = Lines()
        swap(&lines, &chunk.lines)
        var filler = ChunkFiller(
            reader: reader, bytesPerChunk: bytesPerChunk, leavesLinesUnsplit: !validator.showsEveryLineNumber)
        do {
            while try filler.fill(&lines) {
                swap(&lines, &chunk.lines)
                submit(chunk)
                chunk = try freeChunk()
                chunk.reset(sequence: submitted)
                swap(&lines, &chunk.lines)
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
        let workers = endedWorkers
        condition.unlock()
        for worker in workers { validator.addCounts(of: worker) }
        if let callerWorker { validator.addCounts(of: callerWorker) }
        output.flush()
        if let failure { throw failure }
    }

    /// Starts one more worker thread, which makes its own validator (a copy of the program and
    /// its tables: the calling thread reads on meanwhile); when it cannot be started, no other is
    /// tried.
    private func startWorker() {
        condition.lock()
        runningWorkers += 1
        condition.unlock()
        if startThread(1 << 20, { [self] in work() }) {
            startedWorkers += 1
        } else {
            condition.lock()
            runningWorkers -= 1
            condition.broadcast()
            condition.unlock()
            canStartWorkers = false
        }
    }

    /// The calling thread's own validator, on `validator`'s program (which validates nothing
    /// meanwhile).
    private var callingThreadWorker: BatchValidator {
        if let callerWorker { return callerWorker }
        let worker = validator.worker(isolated: false)
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

    /// Gives each submitted chunk whose lines before it are all counted its first line's number.
    /// Called with `condition` locked.
    private func numberChunks() {
        var numbered = false
        while true {
            if let chunk = unnumbered.removeValue(forKey: countedChunks) {
                chunk.firstNumber = nextFirstNumber
                numbered = true
            }
            guard let count = lineCounts.removeValue(forKey: countedChunks) else { break }
            nextFirstNumber += count
            countedChunks += 1
        }
        if numbered { condition.broadcast() }
    }

    /// The number of `chunk`'s first line, once the chunks before it are validated (each is being
    /// validated: chunks are taken in order); 0 once the run stops (no later report is written).
    private func firstNumber(of chunk: Chunk) -> Int {
        condition.lock()
        defer { condition.unlock() }
        while chunk.firstNumber == nil, !stopping { condition.wait() }
        return chunk.firstNumber ?? 0
    }

    /// Marks `chunk` validated: its reports may be written, and its line count numbers the
    /// chunks after it. Called with `condition` locked.
    private func finish(_ chunk: Chunk) {
        finished[chunk.sequence] = chunk
        if chunk.lines.unsplitStart != nil {
            lineCounts[chunk.sequence] = chunk.lineCount
            numberChunks()
        }
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
        chunksByCallingThread += 1
        condition.unlock()
        validate(chunk, with: callingThreadWorker)
        condition.lock()
        finish(chunk)
        return true
    }

    /// A worker thread's loop: validate pending chunks until the input is closed or the run stops.
    private func work() {
        let worker = validator.worker()
        worker.maxLineLength = maxLineLength
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
            finish(chunk)
            condition.broadcast()
        }
        endedWorkers.append(worker)
        runningWorkers -= 1
        condition.broadcast()
        condition.unlock()
    }

    private func validate(_ chunk: Chunk, with worker: BatchValidator) {
        if let inPlace = chunk.lines.inPlace {
            validate(chunk, in: inPlace, with: worker)
        } else {
            chunk.lines.bytes.withUnsafeBufferPointer { validate(chunk, in: $0, with: worker) }
        }
        worker.takeOutput(&chunk.output)
    }

    /// Validates the lines of `chunk`, which are in `bytes`.
    private func validate(_ chunk: Chunk, in bytes: UnsafeBufferPointer<UInt8>, with worker: BatchValidator) {
        let input = input
        // The lines' numbers, for the reports that show one: known already unless the chunks
        // before are still being validated. (Each line is given as a value: a closure per line
        // would retain this run and the chunk, whose counts both threads would then contend for.)
        condition.lock()
        let knownFirstNumber = chunk.firstNumber
        condition.unlock()
        func line(_ index: Int) -> BatchValidator.LineNumber {
            if let knownFirstNumber { .number(knownFirstNumber + index) } else { .inChunk(index) }
        }
        if knownFirstNumber == nil {
            var learned: Int?
            worker.chunkFirstNumber = { [unowned self] in
                if learned == nil { learned = firstNumber(of: chunk) }
                return learned!
            }
        }
        guard let start = chunk.lines.unsplitStart else {
            for (index, end) in chunk.lines.ends.enumerated() {
                do throws(BatchValidator.Abort) {
                    try worker.validateLine(
                        UnsafeBufferPointer(rebasing: bytes[chunk.lines.starts[index]..<end]),
                        isFirstOfInput: chunk.sequence == 0 && index == 0, isOversized: chunk.lines.oversized[index],
                        input: input, line: line(index))
                } catch {
                    chunk.abort = error
                    break
                }
            }
            return
        }
        // Whole lines, each found by the pass that reads it.
        let end = chunk.lines.inPlaceEnd
        var position = start
        var index = 0
        while position < end {
            do throws(BatchValidator.Abort) {
                // No mapping is passed, so there is always a line's end: a line that read zeros
                // where the file was cut is reported, and the chunk's reports are dropped when it
                // is written.
                let newline = try worker.validateFirstLine(
                    of: UnsafeBufferPointer(rebasing: bytes[position..<end]), isFirstOfInput: position == 0,
                    input: input, line: line(index))
                position += (newline ?? end - position) + 1
            } catch {
                chunk.abort = error
                break
            }
            index += 1
        }
        // (After an abort the count is short, but nothing after the abort is written.)
        chunk.lineCount = index
    }
}

/// Reads the input straight into chunks' memory and splits it into lines, by ``LineReader``'s
/// rules: lines end at `\n`, a `\r` before it is dropped, a last line without one is still a
/// line, and a line longer than the reader's ``LineReader/maxLineLength`` is not kept (it is read
/// past and marked oversized).
struct ChunkFiller {
    private let reader: LineReader
    private let bytesPerChunk: Int
    /// The mapped input, until its lines are all in chunks, and where the next chunk's start.
    private var mapped: MappedInput?
    private var mappedPosition = 0
    /// The start of the line the last chunk ended in, for the next.
    private var carry: [UInt8] = []
    /// Whether the input is inside a line too long to keep, being read past.
    private var skipping = false
    /// Whether a mapped chunk's lines are left for the validating thread to split.
    private let leavesLinesUnsplit: Bool

    init(reader: LineReader, bytesPerChunk: Int, leavesLinesUnsplit: Bool = false) {
        self.reader = reader
        self.bytesPerChunk = bytesPerChunk
        self.leavesLinesUnsplit = leavesLinesUnsplit
        mapped = reader.mapped
    }

    /// Fills `lines` (emptied: no lines, `count` 0) with the line the last chunk ended in and
    /// the input after it, up to its room (``ParallelLineValidator/linesPerChunk`` lines ends the
    /// reading too). Returns whether more input may follow: `false` once the end is read (`lines`
    /// then holds the last lines, maybe none).
    ///
    /// - Throws: ``FileError`` on a read error.
    mutating func fill(_ lines: inout ParallelLineValidator.Lines) throws -> Bool {
        if mapped != nil, try fillInPlace(&lines) { return true }
        // Room for a chunk, and for a long line carried with room to go on; a chunk that grew
        // for one long line does not keep that memory.
        let room = max(bytesPerChunk, 2 * carry.count)
        if lines.bytes.count < room || lines.bytes.count > 16 * room {
            lines.bytes = Array(repeating: 0, count: room)
        }
        lines.bytes.replaceSubrange(0..<carry.count, with: carry)
        lines.count = carry.count
        carry.removeAll(keepingCapacity: true)
        // Where the line being read starts; the carried bytes hold no `\n`.
        var lineStart = 0
        var scanned = lines.count
        while true {
            if lines.count == lines.bytes.count {
                // Full: whole lines make a chunk, the one they end in goes on in the next.
                guard lines.ends.isEmpty else { break }
                if lines.count - lineStart > reader.maxLineLength {
                    // One line too long to keep: read past the rest of it.
                    Self.addOversized(to: &lines)
                    skipping = true
                    (lines.count, lineStart, scanned) = (0, 0, 0)
                } else {
                    // One line longer than a chunk: the chunk grows.
                    lines.bytes.append(contentsOf: repeatElement(0, count: lines.bytes.count))
                }
            }
            let room = min(lines.bytes.count - lines.count, ParallelLineValidator.bytesPerRead)
            let read = try lines.bytes.withUnsafeMutableBytes { bytes in
                try reader.read(into: bytes.baseAddress! + lines.count, count: room)
            }
            guard read > 0 else {
                // The end: a last line without a `\n` is still a line.
                if skipping {
                    skipping = false
                } else if lineStart < lines.count {
                    lines.bytes.withUnsafeBufferPointer { bytes in
                        Self.addLine(lineStart..<lines.count, of: bytes, to: &lines, maxLength: reader.maxLineLength)
                    }
                }
                return false
            }
            lines.count += read
            lines.bytes.withUnsafeBufferPointer { bytes in
                let base = bytes.baseAddress!
                while scanned < lines.count,
                    let found = memchr(base + scanned, Int32(UInt8(ascii: "\n")), lines.count - scanned)
                {
                    let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if skipping {
                        skipping = false
                    } else {
                        Self.addLine(lineStart..<newline, of: bytes, to: &lines, maxLength: reader.maxLineLength)
                    }
                    lineStart = newline + 1
                    scanned = lineStart
                }
            }
            scanned = lines.count
            if skipping {
                // The long line's bytes are not kept.
                (lines.count, lineStart, scanned) = (0, 0, 0)
            } else if lines.ends.count >= ParallelLineValidator.linesPerChunk {
                break
            }
        }
        carry.append(contentsOf: lines.bytes[lineStart..<lines.count])
        lines.count = lineStart
        return true
    }

    /// Fills `lines` (emptied) with the mapped input's next lines, up to the chunk's bytes or
    /// lines, read in place: whole lines through the first `\n` past the chunk's bytes, left
    /// unsplit when `leavesLinesUnsplit` is set, else split. Once the mapped input's lines are all
    /// taken, the bytes after its last `\n` are carried to the reading that goes on (or, past the
    /// longest line, read past). Returns whether any line was added.
    ///
    /// - Throws: ``FileError`` when the file shrank since it was mapped.
    private mutating func fillInPlace(_ lines: inout ParallelLineValidator.Lines) throws(FileError) -> Bool {
        guard let mapped else { return false }
        let bytes = mapped.bytes
        let base = bytes.baseAddress!
        let budget = mappedPosition + bytesPerChunk
        lines.inPlace = bytes
        // Whole lines through the first `\n` from the budget on, unsplit. (The mapping's last
        // lines are split below, which carries the bytes after its last `\n` on.)
        if leavesLinesUnsplit, budget < bytes.count,
            let found = memchr(base + budget - 1, Int32(UInt8(ascii: "\n")), bytes.count - (budget - 1))
        {
            if mapped.shrank { throw MappedInput.shrankError(path: reader.path) }
            lines.unsplitStart = mappedPosition
            mappedPosition = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
            lines.inPlaceEnd = mappedPosition
            return true
        }
        var start = mappedPosition
        var ended = true
        while start < bytes.count, let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start) {
            let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            Self.addLine(start..<newline, of: bytes, to: &lines, maxLength: reader.maxLineLength)
            start = newline + 1
            if start >= budget || lines.ends.count >= ParallelLineValidator.linesPerChunk {
                ended = start == bytes.count
                break
            }
        }
        if mapped.shrank { throw MappedInput.shrankError(path: reader.path) }
        mappedPosition = start
        lines.inPlaceEnd = start
        if ended {
            // No `\n` after `start`: what follows is the start of a line.
            let rest = bytes.count - start
            if rest > reader.maxLineLength {
                Self.addOversized(to: &lines)
                skipping = true
            } else {
                carry.append(contentsOf: bytes[start...])
            }
            self.mapped = nil
        }
        if lines.ends.isEmpty { lines.inPlace = nil }
        return !lines.ends.isEmpty
    }

    private static func addOversized(to lines: inout ParallelLineValidator.Lines) {
        lines.starts.append(0)
        lines.ends.append(0)
        lines.oversized.append(true)
    }

    /// Adds the line of `bytes[range]` (its `\n` left out) to `lines`: without a `\r` at its end,
    /// or marked oversized when it is longer than `maxLength` (`\r` counted, as ``LineReader``
    /// counts it).
    private static func addLine(
        _ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, to lines: inout ParallelLineValidator.Lines,
        maxLength: Int
    ) {
        guard range.count <= maxLength else {
            addOversized(to: &lines)
            return
        }
        var end = range.upperBound
        if end > range.lowerBound, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        lines.starts.append(range.lowerBound)
        lines.ends.append(end)
        lines.oversized.append(false)
    }
}
