import FormSpecCLISupport

#if canImport(Glibc)
    import Glibc
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    import Darwin
    private let systemRead = Darwin.read
#endif

/// One frame read from the client: a message body, a frame that could not be read, or the end.
enum Frame: Equatable {
    /// The body of one message (the bytes after the header).
    case message([UInt8])
    /// A header block that was not a valid LSP header; it has been skipped.
    case malformed(String)
    /// The input is closed.
    case end
}

/// Reads LSP base-protocol frames (`Content-Length: N` headers, a blank line, N bytes of JSON)
/// from a file descriptor.
///
/// Garbage between frames is skipped up to the next header, so one bad frame cannot wedge the
/// server; sizes are bounded so a hostile header cannot make it allocate without limit.
struct MessageReader {
    /// The largest body accepted; a bigger one is read and dropped.
    static let maxBodySize = 64 << 20
    /// The largest header block accepted before the reader gives up on finding its end.
    static let maxHeaderSize = 16 << 10

    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var closed = false

    /// Reads frames from `descriptor`.
    init(descriptor: Int32) { self.descriptor = descriptor }

    /// Reads frames from the bytes given, then reports the end (for tests).
    init(bytes: [UInt8]) {
        self.descriptor = -1
        self.buffer = bytes
        self.closed = true
    }

    /// Whether a whole frame is already buffered, so reading it will not block.
    var hasBufferedFrame: Bool {
        guard let (headerEnd, length) = parseHeaderLength() else { return false }
        return buffer.count - headerEnd >= (length ?? 0)
    }

    /// Whether reading could return without waiting, or will within `milliseconds`: a frame is
    /// buffered, or the descriptor has input.
    func isReadable(within milliseconds: Int32 = 0) -> Bool {
        if hasBufferedFrame || closed { return true }
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&poller, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            return ready > 0
        }
    }

    /// The next frame, blocking until it has arrived.
    mutating func next() -> Frame {
        while true {
            compact()
            if let (headerEnd, length) = parseHeaderLength() {
                guard let length else {
                    let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
                    start = headerEnd
                    return .malformed("no valid Content-Length in header: \(header.debugDescription)")
                }
                if length > Self.maxBodySize {
                    start = headerEnd
                    discard(length)
                    return .malformed("message of \(length) bytes exceeds the limit of \(Self.maxBodySize)")
                }
                while buffer.count - headerEnd < length {
                    if !fill() {
                        start = buffer.count
                        return .end
                    }
                }
                let body = Array(buffer[headerEnd..<(headerEnd + length)])
                start = headerEnd + length
                return .message(body)
            }
            if buffer.count - start > Self.maxHeaderSize {
                start = buffer.count
                return .malformed("header longer than \(Self.maxHeaderSize) bytes without a blank line")
            }
            if !fill() {
                if start < buffer.count {
                    start = buffer.count
                    return .malformed("input ended inside a header")
                }
                return .end
            }
        }
    }

    /// Finds the header block at `start`: the offset just past its blank line, and the
    /// Content-Length it declares (`nil` when missing or invalid). `nil` when the block is incomplete.
    private func parseHeaderLength() -> (Int, Int?)? {
        // Clients send CRLF; a bare LF is tolerated.
        var index = start
        var lineStart = start
        var length: Int?
        while index < buffer.count {
            guard buffer[index] == UInt8(ascii: "\n") else {
                index += 1
                continue
            }
            var lineEnd = index
            if lineEnd > lineStart, buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
            // The blank line ends the header block.
            if lineEnd == lineStart { return (index + 1, length) }
            let line = String(decoding: buffer[lineStart..<lineEnd], as: UTF8.self)
            if let colon = line.firstIndex(of: ":") {
                let name = line[..<colon].trimmingSpaces.lowercased()
                let value = line[line.index(after: colon)...].trimmingSpaces
                if name == "content-length" {
                    if let parsed = Int(value), parsed >= 0 { length = parsed } else { length = nil }
                }
            }
            index += 1
            lineStart = index
        }
        return nil
    }

    /// Reads more bytes; `false` at the end of input.
    private mutating func fill() -> Bool {
        if closed { return false }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                closed = true
                return false
            }
            buffer.append(contentsOf: chunk[0..<count])
            return true
        }
    }

    /// Drops `count` bytes of input after `start`, reading them if they have not arrived.
    private mutating func discard(_ count: Int) {
        var remaining = count
        while remaining > 0 {
            let available = buffer.count - start
            if available >= remaining {
                start += remaining
                return
            }
            remaining -= available
            start = buffer.count
            compact()
            if !fill() { return }
        }
    }

    /// Drops consumed bytes once they are most of the buffer, so memory stays bounded.
    private mutating func compact() {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
    }
}

/// Writes LSP frames to a file descriptor.
struct MessageWriter {
    let descriptor: Int32

    /// Writes `body` with its header; `false` when the descriptor failed (the client went away).
    @discardableResult
    func write(_ body: [UInt8]) -> Bool {
        var frame = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        frame.append(contentsOf: body)
        return FileIO.writeAll(frame, to: descriptor)
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
