#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a file or stream one line at a time in bounded memory: a fixed read buffer plus, for a
/// line longer than the buffer, that one line. A regular file opened by path is mapped into
/// memory instead (``MappedInput``) and its lines are read where they are, without a copy.
///
/// Lines end at `\n`; a trailing `\r` is dropped; a last line without a newline is still a line.
/// A line longer than ``maxLineLength`` is not kept: it is reported as oversized and skipped.
package final class LineReader {
    /// One line of input, valid only during the callback that receives it.
    package struct Line {
        /// 1-based line number.
        package var number: Int
        /// The line's bytes without its terminator (empty when oversized).
        package var bytes: UnsafeBufferPointer<UInt8>
        /// Whether the line was longer than the reader's limit and was skipped.
        package var isOversized: Bool

        /// Whether the line holds only spaces and tabs (or nothing).
        package var isBlank: Bool {
            !isOversized && bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 }
        }
    }

    /// The default longest line: 64 MiB, far beyond any form input, small enough that a hostile
    /// stream cannot exhaust memory (`--max-input-bytes`).
    package static let defaultMaxLineLength = 64 << 20

    /// The longest line kept, in bytes.
    package let maxLineLength: Int
    /// How the source is named in errors.
    package let path: String

    /// The file's bytes mapped into memory, when the reader opened a regular file: its lines are
    /// read there first, and ``read(into:count:)`` goes on after them with what the file gained.
    package private(set) var mapped: MappedInput?

    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private let bufferSize: Int

    /// Creates a reader over an open descriptor.
    ///
    /// - Parameters:
    ///   - descriptor: Where to read (0 for stdin).
    ///   - path: How to name the source in errors.
    ///   - ownsDescriptor: Whether to close the descriptor when the reader is released.
    ///   - bufferSize: Bytes per `read(2)`.
    ///   - maxLineLength: The longest line kept (``defaultMaxLineLength`` by default).
    package init(
        descriptor: Int32, path: String, ownsDescriptor: Bool = false, bufferSize: Int = 1 << 16,
        maxLineLength: Int = LineReader.defaultMaxLineLength
    ) {
        self.descriptor = descriptor
        self.path = path
        self.ownsDescriptor = ownsDescriptor
        self.bufferSize = max(1, bufferSize)
        self.maxLineLength = maxLineLength
    }

    /// Opens the file at `path` for reading.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - maxLineLength: The longest line kept (``defaultMaxLineLength`` by default).
    ///   - maps: Whether a regular file is mapped into memory rather than read with `read(2)`
    ///     (tests compare both).
    /// - Throws: ``FileError`` when it cannot be opened.
    package convenience init(
        path: String, maxLineLength: Int = LineReader.defaultMaxLineLength, maps: Bool = true
    ) throws(FileError) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .current(path: path, operation: .read) }
        self.init(descriptor: descriptor, path: path, ownsDescriptor: true, maxLineLength: maxLineLength)
        if maps { mapped = MappedInput(descriptor: descriptor) }
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// Reads up to `count` bytes of the input into `buffer` (a `read(2)`, again when interrupted);
    /// how many it read, 0 at the end.
    ///
    /// - Throws: ``FileError`` on a read error.
    package func read(into buffer: UnsafeMutableRawPointer, count: Int) throws(FileError) -> Int {
        while true {
            let read = readDescriptor(descriptor, buffer, count)
            if read >= 0 { return read }
            if errno != EINTR { throw FileError.current(path: path, operation: .read) }
        }
    }

    /// Calls `body` with each line, in order.
    ///
    /// - Parameter body: Receives each line; its bytes are only valid during the call.
    /// - Throws: ``FileError`` on a read error, or whatever `body` throws.
    package func forEachLine(_ body: (Line) throws -> Void) throws {
        try readLines(readingMappedLines: nil, body)
    }

    /// Calls `readFirstLine` with each line of a mapped input that ends in a `\n`, and `body`
    /// with every other line, in order.
    ///
    /// `readFirstLine` is given the bytes from the line's start through the mapped input's last
    /// `\n`, and the line's number; it reads the line (a JSON Lines record scan finds where the
    /// line ends as it reads it, one pass over its bytes) and returns the index of its `\n`. A
    /// line longer than ``maxLineLength`` is its to refuse. The lines after those (a last one
    /// without a `\n`, what the file gained since it was mapped), and every line of an input that
    /// is not mapped, go to `body` as ``forEachLine(_:)`` gives them.
    ///
    /// - Throws: ``FileError`` on a read error or when the mapped file shrank, or whatever the
    ///   closures throw.
    package func forEachLine(
        readingMappedLines readFirstLine: (_ lines: UnsafeBufferPointer<UInt8>, _ number: Int) throws -> Int,
        _ body: (Line) throws -> Void
    ) throws {
        try withoutActuallyEscaping(readFirstLine) { try readLines(readingMappedLines: $0, body) }
    }

    private func readLines(
        readingMappedLines readFirstLine: ((_ lines: UnsafeBufferPointer<UInt8>, _ number: Int) throws -> Int)?,
        _ body: (Line) throws -> Void
    ) throws {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bufferSize, alignment: 1)
        defer { buffer.deallocate() }
        let base = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
        // The start of a line that did not fit in one read; empty when lines are read in place.
        var pending: [UInt8] = []
        var oversized = false
        var number = 0

        func emit(_ bytes: UnsafeBufferPointer<UInt8>) throws {
            number += 1
            var count = bytes.count
            if count > 0, bytes[count - 1] == UInt8(ascii: "\r") { count -= 1 }
            try body(Line(number: number, bytes: UnsafeBufferPointer(rebasing: bytes[0..<count]), isOversized: false))
        }
        func emitPending() throws {
            if oversized {
                number += 1
                try body(Line(number: number, bytes: UnsafeBufferPointer(start: nil, count: 0), isOversized: true))
            } else {
                try pending.withUnsafeBufferPointer { try emit($0) }
            }
            oversized = false
            // Do not hold on to the memory of one huge line.
            if pending.capacity > bufferSize * 16 { pending = [] } else { pending.removeAll(keepingCapacity: true) }
        }
        func keep(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard !oversized else { return }
            if pending.count + bytes.count > maxLineLength {
                oversized = true
                pending = []
            } else {
                pending.append(contentsOf: bytes)
            }
        }

        if let mapped {
            // The mapped lines in place; the last, without a `\n`, may go on in what is read next.
            let start: Int
            if let readFirstLine {
                start = try forEachMappedLine(mapped, reading: readFirstLine, number: &number)
            } else {
                start = try forEachMappedLine(mapped) {
                    try emit($0)
                } oversized: {
                    number += 1
                    try body(Line(number: number, bytes: UnsafeBufferPointer(start: nil, count: 0), isOversized: true))
                }
            }
            keep(UnsafeBufferPointer(rebasing: mapped.bytes[start...]))
            self.mapped = nil
        }
        while true {
            let count = try read(into: buffer.baseAddress!, count: bufferSize)
            if count == 0 {
                if !pending.isEmpty || oversized { try emitPending() }
                return
            }
            var start = 0
            while start < count {
                guard let found = memchr(base + start, Int32(UInt8(ascii: "\n")), count - start) else {
                    keep(UnsafeBufferPointer(start: base + start, count: count - start))
                    break
                }
                let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                let piece = UnsafeBufferPointer(start: base + start, count: end - start)
                if pending.isEmpty, !oversized, piece.count <= maxLineLength {
                    try emit(piece)
                } else if pending.isEmpty, !oversized {
                    // A line that fits in one read but not under the limit.
                    oversized = true
                    try emitPending()
                } else {
                    keep(piece)
                    try emitPending()
                }
                start = end + 1
            }
        }
    }
}

extension LineReader {
    /// Calls `line` with each line of `mapped` that ends in a `\n` (without it), or `oversized`
    /// for one longer than ``maxLineLength``, giving back the memory of the lines passed; returns
    /// where the bytes after the last `\n` start.
    private func forEachMappedLine(
        _ mapped: MappedInput, _ line: (UnsafeBufferPointer<UInt8>) throws -> Void, oversized: () throws -> Void
    ) throws -> Int {
        let base = mapped.bytes.baseAddress!
        let count = mapped.bytes.count
        var start = 0
        while start < count, let found = memchr(base + start, Int32(UInt8(ascii: "\n")), count - start) {
            let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            // The line's pages were all read by `memchr`: a file that shrank is caught here.
            if mapped.shrank { throw MappedInput.shrankError(path: path) }
            if end - start <= maxLineLength {
                try line(UnsafeBufferPointer(start: base + start, count: end - start))
            } else {
                try oversized()
            }
            start = end + 1
            mapped.release(before: start)
        }
        if mapped.shrank { throw MappedInput.shrankError(path: path) }
        return start
    }
}

extension LineReader {
    /// Calls `readFirstLine` with the bytes from each line of `mapped` that ends in a `\n`
    /// through the last such line, and the line's number (counted on from `number`); it returns
    /// where the line's `\n` is. Gives back the memory of the lines passed; returns where the bytes
    /// after the last `\n` start.
    private func forEachMappedLine(
        _ mapped: MappedInput, reading readFirstLine: (UnsafeBufferPointer<UInt8>, Int) throws -> Int,
        number: inout Int
    ) throws -> Int {
        let base = mapped.bytes.baseAddress!
        var end = mapped.bytes.count
        while end > 0, base[end - 1] != UInt8(ascii: "\n") { end -= 1 }
        var start = 0
        while start < end {
            number += 1
            start += try readFirstLine(UnsafeBufferPointer(start: base + start, count: end - start), number) + 1
            mapped.release(before: start)
        }
        if mapped.shrank { throw MappedInput.shrankError(path: path) }
        return start
    }
}

/// `read(2)`, by a name the reader's own `read(into:count:)` does not hide.
private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
