/// Writes reports and values as compact JSON, fields in spec order.
///
/// Hand-written rather than `JSONEncoder` because batch validation writes one report per input
/// line: reports are written straight into a byte buffer (building a `String` per report cost a
/// third of a batch run). The output is the document the `Codable` conformance describes.
public enum JSONWriter {
    /// `report` as one line of JSON (no trailing newline).
    public static func write(_ report: Report) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(512)
        append(report, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `value` as compact JSON (object members in their order).
    public static func write(_ value: Value) -> String {
        var bytes: [UInt8] = []
        append(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `report` as compact JSON (no trailing newline) to `bytes`.
    public static func append(_ report: Report, to bytes: inout [UInt8]) {
        appendLiteral("{\"form\":", to: &bytes)
        appendString(report.form, to: &bytes)
        appendLiteral(report.valid ? ",\"valid\":true,\"fields\":{" : ",\"valid\":false,\"fields\":{", to: &bytes)
        var first = true
        for name in report.fieldOrder {
            guard let field = report.fields[name] else { continue }
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            appendString(name, to: &bytes)
            appendLiteral(field.valid ? ":{\"valid\":true,\"errors\":" : ":{\"valid\":false,\"errors\":", to: &bytes)
            appendIssues(field.errors, to: &bytes)
            if !field.warnings.isEmpty {
                appendLiteral(",\"warnings\":", to: &bytes)
                appendIssues(field.warnings, to: &bytes)
            }
            appendLiteral(",\"checks\":[", to: &bytes)
            for (index, check) in field.checks.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                appendLiteral("{\"rule\":", to: &bytes)
                appendString(check.rule, to: &bytes)
                appendLiteral(
                    check.passed ? ",\"passed\":true,\"requirement\":" : ",\"passed\":false,\"requirement\":",
                    to: &bytes)
                appendString(check.requirement, to: &bytes)
                bytes.append(UInt8(ascii: "}"))
            }
            appendLiteral("]}", to: &bytes)
        }
        appendLiteral("},\"form_errors\":", to: &bytes)
        appendIssues(report.formErrors, to: &bytes)
        if let changed = report.changed {
            appendLiteral(",\"changed\":[", to: &bytes)
            for (index, name) in changed.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                appendString(name, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// Appends `report` in its short form (`--report errors`), compact, no trailing newline:
    /// `{"valid":true}` when there is nothing to say, else
    /// `{"valid":false,"errors":{FIELD:[{"rule":…,"message":…}]},"warnings":{…},"form_errors":[…]}`.
    ///
    /// Only fields with an error appear under `errors`, only fields with a warning under
    /// `warnings`; `errors`, `warnings` and `form_errors` are left out when they would be empty.
    /// The form name, the checklists and `changed` are not part of the short form.
    public static func appendErrors(_ report: Report, to bytes: inout [UInt8]) {
        appendLiteral(report.valid ? "{\"valid\":true" : "{\"valid\":false", to: &bytes)
        appendIssueMap(report, key: ",\"errors\":{", issues: \.errors, to: &bytes)
        appendIssueMap(report, key: ",\"warnings\":{", issues: \.warnings, to: &bytes)
        if !report.formErrors.isEmpty {
            appendLiteral(",\"form_errors\":", to: &bytes)
            appendIssues(report.formErrors, to: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// `report` in its short form (see ``appendErrors(_:to:)``).
    public static func writeErrors(_ report: Report) -> String {
        var bytes: [UInt8] = []
        appendErrors(report, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func appendIssueMap(
        _ report: Report, key: StaticString, issues: KeyPath<FieldReport, [Issue]>, to bytes: inout [UInt8]
    ) {
        var first = true
        for name in report.fieldOrder {
            guard let field = report.fields[name], !field[keyPath: issues].isEmpty else { continue }
            if first {
                appendLiteral(key, to: &bytes)
                first = false
            } else {
                bytes.append(UInt8(ascii: ","))
            }
            appendString(name, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            appendIssues(field[keyPath: issues], to: &bytes)
        }
        if !first { bytes.append(UInt8(ascii: "}")) }
    }

    /// Appends `value` as compact JSON to `bytes`.
    public static func append(_ value: Value, to bytes: inout [UInt8]) {
        switch value {
        case .null: appendLiteral("null", to: &bytes)
        case .bool(let bool): appendLiteral(bool ? "true" : "false", to: &bytes)
        case .integer(let int): bytes.append(contentsOf: String(int).utf8)
        case .number(let double): bytes.append(contentsOf: Scalar.format(double).utf8)
        case .string(let string): appendString(string, to: &bytes)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                append(item, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                appendString(member.key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                append(member.value, to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private static func appendIssues(_ issues: [Issue], to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "["))
        for (index, issue) in issues.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendLiteral("{\"rule\":", to: &bytes)
            appendString(issue.rule, to: &bytes)
            appendLiteral(",\"message\":", to: &bytes)
            appendString(issue.message, to: &bytes)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(UInt8(ascii: "]"))
    }

    private static func appendLiteral(_ literal: StaticString, to bytes: inout [UInt8]) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `string` as a JSON string literal to `bytes`.
    public static func appendString(_ string: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            if !utf8.contains(where: needsEscape) {
                bytes.append(contentsOf: utf8)
                return
            }
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\""): appendLiteral("\\\"", to: &bytes)
                case UInt8(ascii: "\\"): appendLiteral("\\\\", to: &bytes)
                case UInt8(ascii: "\n"): appendLiteral("\\n", to: &bytes)
                case UInt8(ascii: "\r"): appendLiteral("\\r", to: &bytes)
                case UInt8(ascii: "\t"): appendLiteral("\\t", to: &bytes)
                case 0..<0x20:
                    appendLiteral("\\u00", to: &bytes)
                    bytes.append(hexDigits[Int(byte >> 4)])
                    bytes.append(hexDigits[Int(byte & 0xF)])
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends `string` as a JSON string literal to `out`.
    public static func appendString(_ string: String, to out: inout String) {
        var bytes: [UInt8] = []
        appendString(string, to: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
