@_spi(Tooling) public import FormSpecRuntime

extension OutputBuffer {
    /// Appends `report` as one line of compact JSON, written straight into the output bytes.
    package func writeJSONLine(_ report: Report) {
        // One exclusive access to the buffer for the whole report, not one per append.
        JSONWriter.append(report, to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        if bytes.count >= chunkSize { flush() }
    }

    /// Appends `report` in its short form (``JSONWriter/appendErrors(_:to:)``) and a newline.
    package func writeErrorsLine(_ report: Report) {
        JSONWriter.appendErrors(report, to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        if bytes.count >= chunkSize { flush() }
    }

    /// Appends the short report of the evaluation in `scratch`
    /// (``JSONWriter/appendErrors(of:program:texts:mode:strict:to:)``) and a newline.
    package func writeErrorsLine(
        of scratch: EvaluationScratch, program: Program, texts: ProgramTexts, mode: Mode, strict: Bool
    ) {
        JSONWriter.appendErrors(of: scratch, program: program, texts: texts, mode: mode, strict: strict, to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        if bytes.count >= chunkSize { flush() }
    }
}
