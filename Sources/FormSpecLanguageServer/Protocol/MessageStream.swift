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
/// The reader resynchronises on the next `Content-Length:` header wherever it stands in the
/// stream, not only at a line start (bodies do not end in a newline):
/// - bytes before a header that are not a header block (garbage, with or without line breaks)
///   are skipped;
/// - a body that holds a whole header (`Content-Length:`, digits, a line break) was mis-sized: no
///   JSON text can hold one, since a raw line break cannot stand inside a JSON string and the
///   header's name outside one is not JSON. The frame is dropped at that header, which is read
///   next, so one wrong length loses one message, not the rest of the session.
///
/// Sizes are bounded so a hostile header cannot make it allocate without limit, and what it
/// reports of a dropped frame (``Frame/malformed(_:)``) is a length and a reason, never the bytes,
/// which may be a document's text.
struct MessageReader {
    /// The largest body accepted; a bigger one is read and dropped.
    static let maxBodySize = 64 << 20
    /// The largest header block accepted before the reader gives up on finding its end.
    static let maxHeaderSize = 16 << 10
    /// `content-length:`, lowercase: a header name compared without regard to case.
    private static let marker = Array("content-length:".utf8)

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
        guard case .complete(let headerEnd, let length?) = parseHeader() else { return false }
        return buffer.count - headerEnd >= length
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
            switch parseHeader() {
            case .complete(let headerEnd, let length?):
                if length > Self.maxBodySize {
                    start = headerEnd
                    if discardBody(length) {
                        return .malformed(
                            "a message declared \(length) bytes, over the limit of \(Self.maxBodySize), and the next header came before its end"
                        )
                    }
                    return .malformed("a message of \(length) bytes exceeds the limit of \(Self.maxBodySize)")
                }
                // Wait for the body, but stop at a header inside it: the length was wrong.
                var scanned = headerEnd
                while buffer.count - headerEnd < length {
                    if let header = Self.findHeader(in: buffer, from: scanned, upTo: buffer.count) {
                        start = header
                        return .malformed(
                            "a message declared \(length) bytes but the next header came after \(header - headerEnd)")
                    }
                    scanned = max(headerEnd, buffer.count - Self.marker.count - 24)
                    if !fill() {
                        start = buffer.count
                        return .malformed(
                            "input ended \(length - (buffer.count - headerEnd)) bytes before a message's end")
                    }
                }
                let bodyEnd = headerEnd + length
                if let header = Self.findHeader(in: buffer, from: scanned, upTo: bodyEnd) {
                    start = header
                    return .malformed(
                        "a message declared \(length) bytes but the next header came after \(header - headerEnd)")
                }
                let body = Array(buffer[headerEnd..<bodyEnd])
                start = bodyEnd
                return .message(body)
            case .complete(let headerEnd, nil):
                // Not a header block: skip to the next header name after its start, wherever it is.
                let skipped = skipToNextMarker(notBefore: start + 1, limit: headerEnd)
                return .malformed("skipped \(skipped) bytes that were not a header with a valid Content-Length")
            case .incomplete:
                if buffer.count - start > Self.maxHeaderSize {
                    let skipped = skipToNextMarker(notBefore: start + 1, limit: buffer.count)
                    return .malformed("skipped \(skipped) bytes without a complete header")
                }
                if !fill() {
                    if start < buffer.count {
                        let skipped = buffer.count - start
                        start = buffer.count
                        return .malformed("input ended inside a header (\(skipped) bytes)")
                    }
                    return .end
                }
            }
        }
    }

    /// Moves `start` to the next `content-length:` at or after `notBefore`, or, when there is none,
    /// past every byte but a tail that could begin one. Returns how many bytes were skipped.
    private mutating func skipToNextMarker(notBefore: Int, limit: Int) -> Int {
        let from = min(notBefore, buffer.count)
        let target =
            Self.findMarker(in: buffer, from: from, upTo: buffer.count)
            ?? max(from, max(limit, buffer.count - (Self.marker.count - 1)))
        let skipped = target - start
        start = target
        return skipped
    }

    /// A header block's parse: its end and declared length (`nil` when it is not a valid header
    /// block), or not yet complete.
    private enum HeaderParse {
        case complete(end: Int, length: Int?)
        case incomplete
    }

    /// Parses the header block at `start`: `name: value` lines up to a blank line. It is valid
    /// when every line is a header and one is a `Content-Length` with a non-negative whole number.
    private func parseHeader() -> HeaderParse {
        // Clients send CRLF; a bare LF is tolerated.
        var index = start
        var lineStart = start
        var length: Int?
        var valid = true
        while index < buffer.count {
            guard buffer[index] == UInt8(ascii: "\n") else {
                index += 1
                continue
            }
            var lineEnd = index
            if lineEnd > lineStart, buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
            // The blank line ends the header block.
            if lineEnd == lineStart { return .complete(end: index + 1, length: valid ? length : nil) }
            let line = buffer[lineStart..<lineEnd]
            if let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > lineStart,
                line[lineStart..<colon].allSatisfy(Self.isTokenByte)
            {
                if Self.hasMarker(in: buffer, at: lineStart) {
                    let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingSpaces
                    if let parsed = Int(value), parsed >= 0 { length = parsed } else { valid = false }
                }
            } else {
                valid = false
            }
            index += 1
            lineStart = index
        }
        return .incomplete
    }

    /// Whether `byte` may stand in a header name (an HTTP token: letters, digits and `-`).
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    /// Whether `content-length:` (any case) starts at `offset`.
    private static func hasMarker(in bytes: [UInt8], at offset: Int) -> Bool {
        guard offset + marker.count <= bytes.count else { return false }
        for (position, expected) in marker.enumerated() {
            var byte = bytes[offset + position]
            if byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { byte += 0x20 }
            if byte != expected { return false }
        }
        return true
    }

    /// The first offset in `from..<upTo` where `content-length:` starts (it may run past `upTo`).
    private static func findMarker(in bytes: [UInt8], from: Int, upTo: Int) -> Int? {
        var offset = from
        while offset < upTo {
            if bytes[offset] | 0x20 == UInt8(ascii: "c"), hasMarker(in: bytes, at: offset) { return offset }
            offset += 1
        }
        return nil
    }

    /// The first offset in `from..<upTo` where a whole header line starts: `content-length:`,
    /// spaces, digits, a line break. No JSON text holds one.
    private static func findHeader(in bytes: [UInt8], from: Int, upTo: Int) -> Int? {
        var offset = from
        while let found = findMarker(in: bytes, from: offset, upTo: upTo) {
            var index = found + marker.count
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
                index += 1
            }
            let digits = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                index += 1
            }
            if index > digits, index < bytes.count,
                bytes[index] == UInt8(ascii: "\r") || bytes[index] == UInt8(ascii: "\n")
            {
                return found
            }
            offset = found + 1
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

    /// Drops the `count` bytes of a body too large to keep, after `start`, reading them as they
    /// arrive; stops at a header among them, as for any body (the length was wrong: one wrong
    /// length must not swallow the rest of the session). Returns whether it stopped at one.
    private mutating func discardBody(_ count: Int) -> Bool {
        var remaining = count
        while true {
            let available = min(buffer.count - start, remaining)
            if let header = Self.findHeader(in: buffer, from: start, upTo: start + available) {
                start = header
                return true
            }
            if available == remaining {
                start += remaining
                return false
            }
            // Keep the bytes a header cut off by the buffer's end may start in; drop the rest.
            let dropped = max(0, available - Self.marker.count - 24)
            start += dropped
            remaining -= dropped
            compact()
            if !fill() {
                start = buffer.count
                return false
            }
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

extension String {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

/// A client's byte stream cut into messages exactly as the server cuts it (for fuzzing and tools
/// that replay recorded sessions).
public enum LanguageServerFrames {
    /// Calls `body` with each message body in `bytes`, in order, skipping what the server skips,
    /// until `body` returns `false` or the bytes end.
    public static func forEachMessage(in bytes: [UInt8], _ body: ([UInt8]) -> Bool) {
        var reader = MessageReader(bytes: bytes)
        while true {
            switch reader.next() {
            case .message(let message): if !body(message) { return }
            case .malformed: continue
            case .end: return
            }
        }
    }
}
