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
