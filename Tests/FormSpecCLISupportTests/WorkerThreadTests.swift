import FormSpec
@_spi(Tooling) import FormSpecRuntime
import FormSpecTestSupport
import Foundation
import Testing

@testable import FormSpecCLISupport

/// The parallel validator when threads cannot be started, and the bound on `--jobs`.
@Suite("Worker threads")
struct WorkerThreadTests {
    /// A thread starter that starts the first `allowed` threads and refuses the rest, counting calls.
    final class LimitedStarter: @unchecked Sendable {
        // @unchecked: `calls` is only touched by the reading thread, which alone starts workers.
        let allowed: Int
        private(set) var calls = 0

        init(allowed: Int) { self.allowed = allowed }

        func start(stackSize: Int, body: @escaping @Sendable () -> Void) -> Bool {
            calls += 1
            guard calls <= allowed else { return false }
            return FormSpecCLISupport.startThread(stackSize: stackSize, body)
        }
    }

    /// `lines` JSON Lines records of the sign-up spec, valid and invalid mixed, enough for several chunks.
    static func records(_ lines: Int) -> String {
        (0..<lines).map { index in
            index % 3 == 0
                ? #"{"username":"u\#(index)","password":"short"}"#
                : #"{"username":"user_\#(index)","password":"Passw0rd!\#(index)","confirm_password":"Passw0rd!\#(index)","email":"a\#(index)@example.com","age":30}"#
        }.joined(separator: "\n") + "\n"
    }

    /// The sign-up spec, compiled once.
    static let signup = Compiler.compile(path: Repository.path("Specs/signup.form.yaml")).spec?.program

    /// The batch output of `text` with `jobs` workers started by `starter` (or sequentially when `nil`).
    func validate(
        _ text: String, jobs: Int, starter: LimitedStarter?, bytesPerChunk: Int = 256 << 10,
        maxLineLength: Int = LineReader.defaultMaxLineLength, maps: Bool = true,
        format: BatchValidator.Format = .json(.errors), ran: (ParallelLineValidator) -> Void = { _ in }
    ) throws -> String {
        let program = try #require(Self.signup)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("jobs-\(UUID().uuidString).jsonl")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let output = OutputBuffer(collecting: 1 << 16)
        let validator = BatchValidator(
            program: program, context: EvaluationContext(today: CivilDate(year: 2024, month: 2, day: 29)!),
            format: format, output: output)
        let reader = try LineReader(path: url.path, maxLineLength: maxLineLength, maps: maps)
        #expect((reader.mapped != nil) == (maps && !text.isEmpty))
        if let starter {
            validator.maxLineLength = reader.maxLineLength
            let parallel = ParallelLineValidator(
                validator: validator, jobs: jobs, startThread: starter.start, bytesPerChunk: bytesPerChunk)
            try parallel.run(reader, output: output)
            ran(parallel)
        } else {
            try validator.validateLines(reader, jobs: 1)
        }
        var bytes: [UInt8] = []
        output.swapBytes(&bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("no thread can be started: the calling thread validates every chunk, same output as --jobs 1")
    func noThreadStarts() throws {
        let input = Self.records(5000)
        let expected = try validate(input, jobs: 1, starter: nil)
        let starter = LimitedStarter(allowed: 0)
        #expect(try validate(input, jobs: 2, starter: starter) == expected)
        // One refusal is enough: no thread is asked for again. (With one core, the calling thread
        // is the one job, and no thread is asked for at all.)
        #expect(starter.calls == min(1, ParallelLineValidator.usefulJobs(2) - 1))
        #expect(expected.split(separator: "\n").count == 5000)
    }

    @Test(
        "chunks, read or mapped, split lines as the line reader does, at every chunk size",
        arguments: [1, 2, 3, 7, 64, 1000, 4096])
    func chunksSplitLinesAsTheLineReader(bytesPerChunk: Int) throws {
        // CRLF and LF lines, blank lines, a line longer than any chunk, lines at and past the limit
        // (kept at 600 bytes), a `\r` alone, and a last line without a newline. A mapped chunk's
        // lines are split by the thread that validates it, which learns their numbers (for the
        // errors) only once the chunks before it are validated; text reports, which all show a
        // number, are split first.
        let valid =
            #"{"username":"user_1","password":"Passw0rd!1","confirm_password":"Passw0rd!1","email":"a@b.co","age":30}"#
        var lines: [String] = []
        for index in 0..<300 {
            switch index % 13 {
            case 0: lines.append(valid + "\r")
            case 1: lines.append("")
            case 2: lines.append(#"{"username":"u\#(index)","password":"short"}"#)
            case 3: lines.append(#"{"username":"\#(String(repeating: "x", count: 590))"}"#)  // 605 bytes: oversized
            case 4: lines.append(#"{"username":"\#(String(repeating: "y", count: 560))"}"#)  // 575 bytes: kept
            case 5: lines.append("\r")
            case 6: lines.append("not json")
            // At the limit and one past it, a `\r` before the `\n` counted: a whole record the scan
            // could read is still refused when its line is longer than the limit.
            case 7: lines.append(#"{"username":"\#(String(repeating: "a", count: 585))"}"#)  // 600 bytes: kept
            case 8: lines.append(#"{"username":"\#(String(repeating: "b", count: 586))"}"#)  // 601 bytes: oversized
            case 9: lines.append(#"{"username":"\#(String(repeating: "c", count: 584))"}"# + "\r")  // 600: kept
            case 10: lines.append(#"{"username":"\#(String(repeating: "d", count: 585))"}"# + "  \r")  // 603: oversized
            default: lines.append(valid)
            }
        }
        // The last line, without a `\n`, may also be too long (the mapped input's last bytes).
        let long = #"{"username":"\#(String(repeating: "z", count: 700))"}"#
        // A UTF-8 BOM before the first line is not part of its record.
        let variants: [(start: String, ending: String, format: BatchValidator.Format)] =
            ["", "\n", "\r\n", "\n" + long].map { ("", $0, .json(.errors)) } + [
                ("\u{FEFF}", "\n", .json(.errors)), ("\u{FEFF}", "", .json(.full)),
                ("", "\n", .text(colored: false)),
            ]
        for (start, ending, format) in variants {
            let input = start + lines.joined(separator: "\n") + ending
            let variant =
                "input starting with \(start.debugDescription), ending in \(ending.debugDescription), \(format)"
            // The line reader reading with `read(2)` is the reference.
            let expected = try validate(input, jobs: 1, starter: nil, maxLineLength: 600, maps: false, format: format)
            if !start.isEmpty {
                #expect(expected.prefix { $0 != "\n" }.contains(#""valid":true"#), "\(variant)")
            }
            let mapped = try validate(input, jobs: 1, starter: nil, maxLineLength: 600, format: format)
            #expect(mapped == expected, "mapped, \(variant)")
            for maps in [false, true] {
                let starter = LimitedStarter(allowed: .max)
                let parallel = try validate(
                    input, jobs: 2, starter: starter, bytesPerChunk: bytesPerChunk, maxLineLength: 600, maps: maps,
                    format: format)
                #expect(
                    parallel == expected, "chunks of \(bytesPerChunk) bytes, \(maps ? "mapped" : "read"), \(variant)")
            }
        }
        #expect(
            try validate(lines.joined(separator: "\n"), jobs: 1, starter: nil, maxLineLength: 600).contains(
                "longer than 600 bytes"))
    }

    @Test("some threads start, later ones are refused: the run goes on with those it has")
    func someThreadsStart() throws {
        let input = Self.records(5000)
        let expected = try validate(input, jobs: 1, starter: nil)
        let starter = LimitedStarter(allowed: 1)
        #expect(try validate(input, jobs: 8, starter: starter) == expected)
    }

    @Test("a one-chunk input starts one worker however many jobs are asked for")
    func oneChunkOneWorker() throws {
        let input = Self.records(1)
        let starter = LimitedStarter(allowed: .max)
        let output = try validate(input, jobs: 100_000, starter: starter)
        #expect(output == (try validate(input, jobs: 1, starter: nil)))
        #expect(starter.calls == min(1, ParallelLineValidator.usefulJobs(100_000) - 1))
    }

    @Test(
        "the calling thread is one of the jobs: jobs - 1 worker threads at most, the output in order",
        arguments: [2, 3, 8])
    func callingThreadIsAJob(jobs: Int) throws {
        // Enough chunks to fill the pool many times over, so the calling thread validates some.
        let input = Self.records(40_000)
        let starter = LimitedStarter(allowed: .max)
        var byCallingThread = 0
        let output = try validate(input, jobs: jobs, starter: starter) { byCallingThread = $0.chunksByCallingThread }
        #expect(output == (try validate(input, jobs: 1, starter: nil)))
        #expect(starter.calls <= ParallelLineValidator.usefulJobs(jobs) - 1)
        #expect(byCallingThread > 0)
    }

    @Test("--jobs is clamped to the processors online", arguments: [1, 2, 64, 100_000, Int.max])
    func jobsAreClamped(requested: Int) {
        let useful = ParallelLineValidator.usefulJobs(requested)
        #expect(useful >= 1)
        #expect(useful <= onlineProcessorCount())
        #expect(useful == min(requested, onlineProcessorCount()))
    }
}
