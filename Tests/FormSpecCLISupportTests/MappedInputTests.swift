import FormSpec
@_spi(Tooling) import FormSpecRuntime
import FormSpecTestSupport
import Foundation
import Testing

@testable import FormSpecCLISupport

/// A JSON Lines file mapped into memory: the lines it gains after it was mapped are still read,
/// and one that shrinks stops the run with an error instead of crashing it (`SIGBUS`).
@Suite("Mapped input")
struct MappedInputTests {
    /// A new file holding `text`, removed by `body`'s end.
    func withFile<T>(_ text: String, _ body: (String) throws -> T) throws -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapped-\(UUID().uuidString).jsonl")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url.path)
    }

    func append(_ text: String, to path: String) throws {
        let handle = try #require(FileHandle(forWritingAtPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }

    /// Every line the line reader gives (`nil` for one too long to keep).
    func readerLines(_ reader: LineReader) throws -> [String?] {
        var lines: [String?] = []
        try reader.forEachLine { line in
            lines.append(line.isOversized ? nil : String(decoding: line.bytes, as: UTF8.self))
        }
        return lines
    }

    /// Every line the parallel validator's chunks hold (`nil` for one too long to keep).
    func chunkLines(_ reader: LineReader, bytesPerChunk: Int) throws -> [String?] {
        var filler = ChunkFiller(reader: reader, bytesPerChunk: bytesPerChunk)
        var result: [String?] = []
        var more = true
        while more {
            var lines = ParallelLineValidator.Lines()
            more = try filler.fill(&lines)
            let bytes = lines.inPlace.map(Array.init) ?? lines.bytes
            for index in lines.ends.indices {
                result.append(
                    lines.oversized[index]
                        ? nil : String(decoding: bytes[lines.starts[index]..<lines.ends[index]], as: UTF8.self))
            }
        }
        return result
    }

    @Test("the lines a file gains after it was mapped are read too, the last mapped one going on")
    func grownFile() throws {
        for bytesPerChunk in [1, 5, 1 << 16] {
            for chunks in [false, true] {
                try withFile("one\ntwo\nthr") { path in
                    let reader = try LineReader(path: path, maxLineLength: 20)
                    #expect(reader.mapped?.bytes.count == 11)
                    try append("ee\nfour\n\(String(repeating: "x", count: 30))\nfive", to: path)
                    let lines = try chunks ? chunkLines(reader, bytesPerChunk: bytesPerChunk) : readerLines(reader)
                    #expect(lines == ["one", "two", "three", "four", nil, "five"], "chunks: \(chunks)")
                }
            }
        }
    }

    @Test("a mapped last line past the limit is read past, and so are the bytes it gains")
    func grownLongLastLine() throws {
        for chunks in [false, true] {
            try withFile("one\n\(String(repeating: "y", count: 30))") { path in
                let reader = try LineReader(path: path, maxLineLength: 20)
                try append("yyy\ntwo", to: path)
                let lines = try chunks ? chunkLines(reader, bytesPerChunk: 1 << 16) : readerLines(reader)
                #expect(lines == ["one", nil, "two"], "chunks: \(chunks)")
            }
        }
    }

    @Test("a file that shrinks while it is mapped stops the run with an error, and does not crash")
    func shrunkFile() throws {
        let line = #"{"username":"user_1","password":"Passw0rd!1","confirm_password":"Passw0rd!1"}"#
        let text = String(repeating: line + "\n", count: 40_000)  // about 3 MiB: many pages
        for way in ["lines", "chunks", "validator", "one job"] {
            try withFile(text) { path in
                let reader = try LineReader(path: path)
                #expect(reader.mapped != nil)
                #expect(truncate(path, 100) == 0)
                let error = #expect(throws: FileError.self, "\(way)") {
                    switch way {
                    case "lines": _ = try readerLines(reader)
                    case "chunks": _ = try chunkLines(reader, bytesPerChunk: 256 << 10)
                    default:
                        let program = try #require(
                            Compiler.compile(path: Repository.path("Specs/signup.form.yaml")).spec?.program)
                        let output = OutputBuffer(collecting: 1 << 16)
                        let validator = BatchValidator(
                            program: program, context: EvaluationContext(), format: .json(.errors), output: output)
                        try validator.validateLines(reader, jobs: way == "one job" ? 1 : 2)
                    }
                }
                #expect(error?.description == "cannot read '\(path)': the file shrank while it was being read")
                #expect(reader.mapped?.shrank ?? true)
            }
        }
    }

    #if os(Linux)
        /// Which of the pages of `bytes` are in memory (`mincore(2)`), by page.
        func resident(_ bytes: UnsafeBufferPointer<UInt8>) -> [Bool] {
            let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
            var vector = [UInt8](repeating: 0, count: (bytes.count + pageSize - 1) / pageSize)
            let result = mincore(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count, &vector)
            return result == 0 ? vector.map { $0 & 1 != 0 } : []
        }

        /// Waits up to 10 s for every page of `bytes` to be in memory; whether they all are.
        func becomeResident(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            for _ in 0..<1000 {
                if resident(bytes).allSatisfy({ $0 }) { return true }
                usleep(10_000)
            }
            return false
        }

        /// Whether the system drops a written file's pages from its cache when asked
        /// (`posix_fadvise`): not on a file system kept in memory (`tmpfs`), where there is nothing
        /// to prefetch.
        static func systemDropsPages() -> Bool {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("drop-\(UUID().uuidString)").path
            guard FileManager.default.createFile(atPath: path, contents: Data(count: 1 << 20)) else { return false }
            defer { try? FileManager.default.removeItem(atPath: path) }
            let descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { return false }
            defer { close(descriptor) }
            guard fsync(descriptor) == 0, posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED) == 0,
                let base = mmap(nil, 1 << 20, PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED
            else { return false }
            defer { munmap(base, 1 << 20) }
            var vector = [UInt8](repeating: 1, count: (1 << 20) / Int(sysconf(Int32(_SC_PAGESIZE))))
            return mincore(base, 1 << 20, &vector) == 0 && vector.allSatisfy { $0 & 1 == 0 }
        }

        @Test(
            "the pages ahead of the readers are asked for: a file out of the cache is read in before it is reached",
            .enabled(if: systemDropsPages(), "the system keeps the files' pages in memory"))
        func prefetch() throws {
            // 12 MiB of lines: more than the distance asked for at once.
            let distance = MappedInput.prefetchDistance
            let line = String(repeating: "x", count: 1023) + "\n"
            try withFile(String(repeating: line, count: (distance + (4 << 20)) / 1024)) { path in
                // Out of the system's cache (written to disk first: only clean pages are dropped).
                let descriptor = open(path, O_RDONLY)
                defer { close(descriptor) }
                #expect(fsync(descriptor) == 0)
                #expect(posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED) == 0)

                let reader = try LineReader(path: path)
                let mapped = try #require(reader.mapped)
                // Mapping it asked for the first `distance` bytes, and for no more: nothing read the rest.
                let ahead = UnsafeBufferPointer(rebasing: mapped.bytes[..<distance])
                let past = UnsafeBufferPointer(rebasing: mapped.bytes[(distance + (1 << 20))...])
                #expect(becomeResident(ahead))
                #expect(!resident(past).isEmpty && resident(past).allSatisfy { !$0 })
                // Giving back the first 2 MiB asks for `distance` bytes past them: the 2 MiB past
                // those asked for already come in. (Not the 2 MiB given back, which the system may
                // drop again at once: a CI run under memory pressure did.)
                mapped.release(before: 2 << 20)
                #expect(becomeResident(UnsafeBufferPointer(rebasing: mapped.bytes[distance..<(distance + (2 << 20))])))
            }
        }
    #endif

    @Test("stdin, an empty file and a file opened not to be mapped are read with read(2)")
    func notMapped() throws {
        try withFile("") { path in
            let reader = try LineReader(path: path)
            #expect(reader.mapped == nil)
        }
        try withFile("one\n") { path in
            let read = try LineReader(path: path, maps: false)
            let mapped = try LineReader(path: path)
            #expect(read.mapped == nil)
            #expect(mapped.mapped != nil)
        }
        #expect(LineReader(descriptor: 0, path: "<stdin>").mapped == nil)
    }
}
