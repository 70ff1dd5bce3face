@_spi(Tooling) import FormSpecRuntime

extension OutputBuffer {
    /// Appends `report` as one line of compact JSON, written straight into the output bytes.
    package func writeJSONLine(_ report: Report) {
        // One exclusive access to the buffer for the whole report, not one per append.
        JSONWriter.append(report, to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        if bytes.count >= chunkSize { flush() }
    }
}
