/// Writes reports and values as compact JSON, fields in spec order.
///
/// Hand-written rather than `JSONEncoder` because batch validation writes one report per input
/// line; the output is the same document the `Codable` conformance describes.
public enum JSONWriter {
    /// `report` as one line of JSON.
    public static func write(_ report: Report) -> String {
        var out = ""
        out.reserveCapacity(256)
        out += "{\"form\":"
        appendString(report.form, to: &out)
        out += report.valid ? ",\"valid\":true,\"fields\":{" : ",\"valid\":false,\"fields\":{"
        var first = true
        for name in report.fieldOrder {
            guard let field = report.fields[name] else { continue }
            if !first { out += "," }
            first = false
            appendString(name, to: &out)
            out += field.valid ? ":{\"valid\":true,\"errors\":" : ":{\"valid\":false,\"errors\":"
            appendIssues(field.errors, to: &out)
            if !field.warnings.isEmpty {
                out += ",\"warnings\":"
                appendIssues(field.warnings, to: &out)
            }
            out += ",\"checks\":["
            for (index, check) in field.checks.enumerated() {
                if index > 0 { out += "," }
                out += "{\"rule\":"
                appendString(check.rule, to: &out)
                out += check.passed ? ",\"passed\":true,\"requirement\":" : ",\"passed\":false,\"requirement\":"
                appendString(check.requirement, to: &out)
                out += "}"
            }
            out += "]}"
        }
        out += "},\"form_errors\":"
        appendIssues(report.formErrors, to: &out)
        if let changed = report.changed {
            out += ",\"changed\":["
            for (index, name) in changed.enumerated() {
                if index > 0 { out += "," }
                appendString(name, to: &out)
            }
            out += "]"
        }
        out += "}"
        return out
    }

    /// `value` as compact JSON (object members in their order).
    public static func write(_ value: Value) -> String {
        var out = ""
        append(value, to: &out)
        return out
    }

    static func append(_ value: Value, to out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let bool): out += bool ? "true" : "false"
        case .integer(let int): out += String(int)
        case .number(let double): out += Scalar.format(double)
        case .string(let string): appendString(string, to: &out)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                append(item, to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                appendString(member.key, to: &out)
                out += ":"
                append(member.value, to: &out)
            }
            out += "}"
        }
    }

    private static func appendIssues(_ issues: [Issue], to out: inout String) {
        out += "["
        for (index, issue) in issues.enumerated() {
            if index > 0 { out += "," }
            out += "{\"rule\":"
            appendString(issue.rule, to: &out)
            out += ",\"message\":"
            appendString(issue.message, to: &out)
            out += "}"
        }
        out += "]"
    }

    /// Appends `string` as a JSON string literal.
    public static func appendString(_ string: String, to out: inout String) {
        out += "\""
        var needsEscaping = false
        for byte in string.utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            needsEscaping = true
            break
        }
        if !needsEscaping {
            out += string
        } else {
            for scalar in string.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                default:
                    if scalar.value < 0x20 {
                        let hex = String(scalar.value, radix: 16)
                        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
        }
        out += "\""
    }
}
