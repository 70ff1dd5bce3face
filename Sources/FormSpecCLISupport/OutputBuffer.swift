/// Collects output bytes and writes them to a file descriptor in large chunks.
///
/// Batch validation writes one short report per input line; a `write(2)` per report would cost
/// more than validating it. The buffer is flushed when it passes ``chunkSize``, on ``flush()`` and
/// when it is released. A buffer made by ``init(collecting:)`` writes nowhere: it only collects,
/// for a worker whose output is written later, in order, by someone else.
///
/// The first failed write (a full disk, a closed pipe with `SIGPIPE` ignored) sets ``failed``;
/// later output is dropped and callers are expected to stop.
package final class OutputBuffer {
    /// The descriptor written to (1 for stdout); `nil` for a collecting buffer.
    package let descriptor: Int32?
    /// How many bytes to collect before writing.
    package let chunkSize: Int
    /// Whether a write failed; later output is dropped. Read after every record, so unchecked as
    /// ``bytes`` is.
    @exclusivity(unchecked) package private(set) var failed = false

    // Internal so writers of other documents (`OutputBuffer+Report.swift`) can append in place.
    // `@exclusivity(unchecked)`: a buffer belongs to one thread and is appended to once per record;
    // the dynamic check (a thread-local lookup each time) was 2 % of a batch.
    @exclusivity(unchecked) var bytes: [UInt8] = []

    /// Creates a buffer for `descriptor`.
    ///
    /// - Parameters:
    ///   - descriptor: Where to write (1 for stdout).
    ///   - chunkSize: How many bytes to collect before writing (64 KiB by default).
    package init(descriptor: Int32 = 1, chunkSize: Int = 1 << 16) {
        self.descriptor = descriptor
        self.chunkSize = chunkSize
        bytes.reserveCapacity(chunkSize + 4096)
    }

    /// Creates a buffer that only collects, never writes, until ``swapBytes(_:)`` hands its bytes on.
    ///
    /// - Parameter capacity: The bytes to reserve.
    package init(collecting capacity: Int) {
        descriptor = nil
        chunkSize = Int.max
        bytes.reserveCapacity(capacity)
    }

    /// Exchanges the collected bytes with `other` (emptied first), so both arrays keep their
    /// capacity for the next round: no copy and no allocation.
    package func swapBytes(_ other: inout [UInt8]) {
        other.removeAll(keepingCapacity: true)
        swap(&bytes, &other)
    }

    /// Appends raw bytes.
    package func write(bytes other: [UInt8]) {
        bytes.append(contentsOf: other)
        if bytes.count >= chunkSize { flush() }
    }

    deinit { flush() }

    /// Lets `body` append to the collected bytes in place, then writes them out if they passed
    /// ``chunkSize``.
    func append(_ body: (inout [UInt8]) -> Void) {
        body(&bytes)
        if bytes.count >= chunkSize { flush() }
    }

    /// Appends `text`'s UTF-8.
    package func write(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        if bytes.count >= chunkSize { flush() }
    }

    /// Appends `text` and a newline.
    package func writeLine(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        bytes.append(UInt8(ascii: "\n"))
        if bytes.count >= chunkSize { flush() }
    }

    /// Writes everything collected so far.
    package func flush() {
        guard !bytes.isEmpty, let descriptor else { return }
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
