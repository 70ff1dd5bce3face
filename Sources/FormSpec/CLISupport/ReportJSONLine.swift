public import FormSpecRuntime

extension OutputBuffer {
    /// Appends `report` as one line of compact JSON: byte for byte what ``JSONWriter/write(_:)-(Report)``
    /// produces, plus a newline, but written straight into the output bytes.
    ///
    /// Batch validation spends most of its time serializing; building a `String` per report and
    /// copying it costs about a third of a run, so the hot path skips it.
    public func writeJSONLine(_ report: Report) {
        // One exclusive access to the buffer for the whole report, not one per append.
        ReportJSONLine.append(report, to: &bytes)
        if bytes.count >= chunkSize { flush() }
    }
}

/// The byte-level JSON report writer behind ``OutputBuffer/writeJSONLine(_:)``.
enum ReportJSONLine {
    static func append(_ report: Report, to bytes: inout [UInt8]) {
        append("{\"form\":", to: &bytes)
        appendJSONString(report.form, to: &bytes)
        append(report.valid ? ",\"valid\":true,\"fields\":{" : ",\"valid\":false,\"fields\":{", to: &bytes)
        var first = true
        for name in report.fieldOrder {
            guard let field = report.fields[name] else { continue }
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            appendJSONString(name, to: &bytes)
            append(field.valid ? ":{\"valid\":true,\"errors\":" : ":{\"valid\":false,\"errors\":", to: &bytes)
            appendIssues(field.errors, to: &bytes)
            if !field.warnings.isEmpty {
                append(",\"warnings\":", to: &bytes)
                appendIssues(field.warnings, to: &bytes)
            }
            append(",\"checks\":[", to: &bytes)
            for (index, check) in field.checks.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                append("{\"rule\":", to: &bytes)
                appendJSONString(check.rule, to: &bytes)
                append(check.passed ? ",\"passed\":true,\"requirement\":" : ",\"passed\":false,\"requirement\":", to: &bytes)
                appendJSONString(check.requirement, to: &bytes)
                bytes.append(UInt8(ascii: "}"))
            }
            append("]}", to: &bytes)
        }
        append("},\"form_errors\":", to: &bytes)
        appendIssues(report.formErrors, to: &bytes)
        if let changed = report.changed {
            append(",\"changed\":[", to: &bytes)
            for (index, name) in changed.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                appendJSONString(name, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        }
        append("}\n", to: &bytes)
    }

    private static func appendIssues(_ issues: [Issue], to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "["))
        for (index, issue) in issues.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            append("{\"rule\":", to: &bytes)
            appendJSONString(issue.rule, to: &bytes)
            append(",\"message\":", to: &bytes)
            appendJSONString(issue.message, to: &bytes)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(UInt8(ascii: "]"))
    }

    private static func append(_ literal: StaticString, to bytes: inout [UInt8]) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `string` as a JSON string literal, escaped as ``JSONWriter/appendString(_:to:)`` does.
    static func appendJSONString(_ string: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            if !utf8.contains(where: needsEscape) {
                bytes.append(contentsOf: utf8)
                return
            }
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\""): append("\\\"", to: &bytes)
                case UInt8(ascii: "\\"): append("\\\\", to: &bytes)
                case UInt8(ascii: "\n"): append("\\n", to: &bytes)
                case UInt8(ascii: "\r"): append("\\r", to: &bytes)
                case UInt8(ascii: "\t"): append("\\t", to: &bytes)
                case 0..<0x20:
                    append("\\u00", to: &bytes)
                    bytes.append(hexDigits[Int(byte >> 4)])
                    bytes.append(hexDigits[Int(byte & 0xF)])
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
