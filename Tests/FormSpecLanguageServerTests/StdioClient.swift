@_spi(Tooling) import FormSpecRuntime
import FormSpecTestSupport
import Foundation
import Testing

@testable import FormSpecLanguageServer

/// Runs the real `formspec lsp` process and speaks JSON-RPC to it over pipes, recording every
/// message both ways.
final class StdioClient {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors: URL
    private var buffer: [UInt8] = []
    private var nextID: Int64 = 1
    /// Every message sent (`-->`) and received (`<--`), in order.
    private(set) var transcript: [(outgoing: Bool, message: Value)] = []

    /// Starts `formspec lsp` in `folder`.
    init(folder: URL) throws {
        let executable = try #require(
            FormSpecExecutable.url, "the formspec executable was not found next to the test bundle")
        process.executableURL = executable
        process.arguments = ["lsp"]
        process.currentDirectoryURL = folder
        process.standardInput = input
        process.standardOutput = output
        errors = folder.appendingPathComponent(".lsp-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
    }

    /// What the server wrote to stderr.
    var stderr: String { (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }

    /// Writes raw bytes to the server's stdin.
    func writeRaw(_ bytes: [UInt8]) {
        input.fileHandleForWriting.write(Data(bytes))
    }

    /// Sends one message with its Content-Length header.
    func send(_ message: Value) {
        transcript.append((true, message))
        var body: [UInt8] = []
        JSONWriter.append(message, to: &body)
        writeRaw(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    /// Sends a request and reads messages until its response arrives; notifications read on the way
    /// are recorded and returned before it.
    @discardableResult
    func request(_ method: String, _ params: Value) throws -> Value {
        let id = nextID
        nextID += 1
        send(["jsonrpc": "2.0", "id": .integer(id), "method": .string(method), "params": params])
        while true {
            let message = try receive()
            if message["id"] == .integer(id) { return message }
        }
    }

    /// Sends a notification.
    func notify(_ method: String, _ params: Value) {
        send(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    /// Reads the next message the server sends, failing after `timeout` seconds.
    func receive(timeout: Int32 = 60) throws -> Value {
        while true {
            if let message = try frame() {
                transcript.append((false, message))
                return message
            }
            let descriptor = output.fileHandleForReading.fileDescriptor
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, timeout * 1000) > 0 else { throw ClientError.timedOut }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { throw ClientError.closed }
            buffer += chunk[0..<count]
        }
    }

    /// Closes stdin and waits for the process; returns its exit status.
    func finish() -> Int32 {
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return process.terminationStatus
    }

    enum ClientError: Error { case timedOut, closed, badFrame }

    private func frame() throws -> Value? {
        let separator = Array("\r\n\r\n".utf8)
        guard let headerEnd = buffer.indices.first(where: { buffer[$0...].starts(with: separator) }) else { return nil }
        let header = String(decoding: buffer[..<headerEnd], as: UTF8.self)
        guard header.hasPrefix("Content-Length: "), let length = Int(header.dropFirst("Content-Length: ".count))
        else { throw ClientError.badFrame }
        let bodyStart = headerEnd + separator.count
        guard buffer.count >= bodyStart + length else { return nil }
        let body = Array(buffer[bodyStart..<(bodyStart + length)])
        buffer.removeFirst(bodyStart + length)
        return try JSONReader.parse(body)
    }
}

/// Indented JSON for transcripts: keys in the order the message has them.
enum PrettyJSON {
    static func render(_ value: Value, indent: String = "") -> String {
        let inner = indent + "  "
        switch value {
        case .array(let items) where !items.isEmpty:
            return "[\n" + items.map { inner + render($0, indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let members) where !members.isEmpty:
            let lines = members.map { member -> String in
                var key = ""
                JSONWriter.appendString(member.key, to: &key)
                return "\(inner)\(key): \(render(member.value, indent: inner))"
            }
            return "{\n" + lines.joined(separator: ",\n") + "\n\(indent)}"
        default:
            return JSONWriter.write(value)
        }
    }
}
