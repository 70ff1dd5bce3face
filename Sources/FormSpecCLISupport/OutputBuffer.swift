/// Collects output bytes and writes them to a file descriptor in large chunks.
///
/// Batch validation writes one short report per input line; a `write(2)` per report would cost
/// more than validating it. The buffer is flushed when it passes ``chunkSize``, on ``flush()`` and
/// when it is released.
public final class OutputBuffer {
    /// The descriptor written to (1 for stdout).
    public let descriptor: Int32
    /// How many bytes to collect before writing.
    public let chunkSize: Int
    /// Whether a write failed; later output is dropped.
    public private(set) var failed = false

    // Internal so writers of other documents (`OutputBuffer+Report.swift`) can append in place.
    var bytes: [UInt8] = []

    /// Creates a buffer for `descriptor`.
    ///
    /// - Parameters:
    ///   - descriptor: Where to write (1 for stdout).
    ///   - chunkSize: How many bytes to collect before writing (64 KiB by default).
    public init(descriptor: Int32 = 1, chunkSize: Int = 1 << 16) {
        self.descriptor = descriptor
        self.chunkSize = chunkSize
        bytes.reserveCapacity(chunkSize + 4096)
    }

    deinit { flush() }

    /// Appends `text`'s UTF-8.
    public func write(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        if bytes.count >= chunkSize { flush() }
    }

    /// Appends `text` and a newline.
    public func writeLine(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        bytes.append(UInt8(ascii: "\n"))
        if bytes.count >= chunkSize { flush() }
    }

    /// Writes everything collected so far.
    public func flush() {
        guard !bytes.isEmpty else { return }
        if !failed, !FileIO.writeAll(bytes, to: descriptor) { failed = true }
        // Keep the usual capacity, but give back what one huge report grew it to.
        if bytes.capacity > chunkSize * 4 {
            bytes = []
            bytes.reserveCapacity(chunkSize + 4096)
        } else {
            bytes.removeAll(keepingCapacity: true)
        }
    }
}
