/// Writes reports and values as compact JSON, fields in spec order.
///
/// Hand-written rather than `JSONEncoder` because batch validation writes one report per input
/// line: reports are written straight into a byte buffer (building a `String` per report cost a
/// third of a batch run). The output is the document the `Codable` conformance describes.
@_spi(Tooling) public enum JSONWriter {
    /// `value` as compact JSON (object members in their order).
    @_spi(Tooling) public static func write(_ value: Value) -> String {
        var bytes: [UInt8] = []
        append(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `report` as compact JSON (no trailing newline) to `bytes`.
    @_spi(Tooling) public static func append(_ report: Report, to bytes: inout [UInt8]) {
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
    @_spi(Tooling) public static func appendErrors(_ report: Report, to bytes: inout [UInt8]) {
        appendLiteral(report.valid ? "{\"valid\":true" : "{\"valid\":false", to: &bytes)
        appendIssueMap(report, key: ",\"errors\":{", issues: \.errors, to: &bytes)
        appendIssueMap(report, key: ",\"warnings\":{", issues: \.warnings, to: &bytes)
        if !report.formErrors.isEmpty {
            appendLiteral(",\"form_errors\":", to: &bytes)
            appendIssues(report.formErrors, to: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
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
    @_spi(Tooling) public static func append(_ value: Value, to bytes: inout [UInt8]) {
        switch value {
        case .null: appendLiteral("null", to: &bytes)
        case .bool(let bool): appendLiteral(bool ? "true" : "false", to: &bytes)
        case .integer(let int): bytes.append(contentsOf: String(int).utf8)
        case .number(let number): bytes.append(contentsOf: number.description.utf8)
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
    package static func appendString(_ string: String, to bytes: inout [UInt8]) {
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
                // \b and \f as JSON.stringify writes them, so a report's JSON is the same bytes in
                // every runtime (the JavaScript module's reports are plain objects).
                case 0x08: appendLiteral("\\b", to: &bytes)
                case 0x0C: appendLiteral("\\f", to: &bytes)
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
    package static func appendString(_ string: String, to out: inout String) {
        var bytes: [UInt8] = []
        appendString(string, to: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}

extension JSONWriter {
    /// Appends the short report (`--report errors`) of the evaluation in `scratch`, straight from
    /// its outcome lists: the same bytes as ``appendErrors(_:to:)`` of the ``Report`` that
    /// ``Program/report(from:texts:mode:strict:)`` would project, without building it. A valid
    /// record with no warning writes a constant and allocates nothing; messages without
    /// `{value}` are copied pre-encoded from `texts`.
    ///
    /// - Parameters:
    ///   - scratch: An evaluated scratch (``Program/evaluate(_:context:)``).
    ///   - program: The program it was evaluated against.
    ///   - texts: The program's texts in the wanted locale.
    ///   - encoding: The names and issues of `program` in `texts`, already JSON.
    ///   - mode: The mode it was evaluated in.
    ///   - strict: Whether unknown keys are form errors.
    ///   - bytes: Where to append.
    package static func appendErrors(
        of scratch: EvaluationScratch, program: Program, texts: ProgramTexts, encoding: ReportEncoding, mode: Mode,
        strict: Bool, to bytes: inout [UInt8]
    ) {
        // A valid record without a warning: the usual case, one constant.
        guard mode != .show, !scratch.valid || scratch.failedResults > 0 else {
            appendLiteral("{\"valid\":true}", to: &bytes)
            return
        }
        appendLiteral(scratch.valid ? "{\"valid\":true" : "{\"valid\":false", to: &bytes)
        appendIssueGroup(
            warnings: false, scratch: scratch, program: program, texts: texts, encoding: encoding, to: &bytes)
        if encoding.hasWarnings {
            appendIssueGroup(
                warnings: true, scratch: scratch, program: program, texts: texts, encoding: encoding, to: &bytes)
        }
        var first = true
        program.forEachFormError(
            failedFormRules: scratch.failedFormRules, unknownKeys: scratch.unknownKeys, strict: strict,
            values: scratch.values
        ) { source in
            appendLiteral(first ? ",\"form_errors\":[" : ",", to: &bytes)
            first = false
            switch source {
            case .formRule(let index):
                appendIssue(
                    rule: program.formRules[index].name, message: texts.formMessages[index], value: nil, to: &bytes)
            case .unknownKey(let key):
                appendIssue(rule: "unknown_field", message: texts.unknownField, value: .text(key), to: &bytes)
            }
        }
        if !first { bytes.append(UInt8(ascii: "]")) }
        bytes.append(UInt8(ascii: "}"))
    }

    /// `,"errors":{…}` (or `,"warnings":{…}`) with every active field that has one; nothing when
    /// none has.
    private static func appendIssueGroup(
        warnings: Bool, scratch: EvaluationScratch, program: Program, texts: ProgramTexts, encoding: ReportEncoding,
        to bytes: inout [UInt8]
    ) {
        var opened = false
        // A valid field has no error (a nested form has many, one per item field).
        for field in scratch.activeFields where warnings || !scratch.isValid(field) {
            appendIssues(
                ofField: field, warnings: warnings, scratch: scratch, program: program, texts: texts,
                encoding: encoding, opened: &opened, to: &bytes)
        }
        if opened { bytes.append(UInt8(ascii: "}")) }
    }

    /// One field's errors (or warnings) as `"name":[…]`, opening the `"errors":{` (or
    /// `"warnings":{`) member before the first field that has any: the issues of
    /// ``Program/forEachIssue(ofField:results:values:warnings:_:)``, copied pre-encoded from
    /// `encoding` when their message has no `{value}`.
    private static func appendIssues(
        ofField field: Int, warnings: Bool, scratch: EvaluationScratch, program: Program, texts: ProgramTexts,
        encoding: ReportEncoding, opened: inout Bool, to bytes: inout [UInt8]
    ) {
        let first = Int(program.lowered.fieldStart[field])
        var count = 0
        program.forEachIssue(
            ofField: field, results: scratch.results(of: field), values: scratch.values, warnings: warnings
        ) { source, _ in
            if count == 0 {
                if !opened {
                    appendLiteral(warnings ? ",\"warnings\":{" : ",\"errors\":{", to: &bytes)
                    opened = true
                } else {
                    bytes.append(UInt8(ascii: ","))
                }
                encoding.appendFieldName(field, to: &bytes)
                appendLiteral(":[", to: &bytes)
            } else {
                bytes.append(UInt8(ascii: ","))
            }
            count += 1
            switch source {
            case .invalidValue(let rule):
                if let issue = encoding.invalidValueIssue(rule: rule, field: field) {
                    encoding.appendIssue(issue, to: &bytes)
                } else {
                    appendIssue(
                        rule: rule, message: rule == "choice" ? texts.choice[field] : texts.type[field], value: nil,
                        to: &bytes)
                }
            case .result(let result) where result.failure >= 0:
                appendLiteral("{\"rule\":\"check\",\"message\":", to: &bytes)
                appendString(scratch.failureMessages[Int(result.failure)], to: &bytes)
                bytes.append(UInt8(ascii: "}"))
            case .result(let result):
                // The whole issue, pre-encoded, when its message has no `{value}`.
                let position = first + Int(result.rule)
                let issue = result.rule < 0 ? texts.messages.count + field : position
                if encoding.hasIssue(issue) {
                    encoding.appendIssue(issue, to: &bytes)
                } else if result.rule < 0 {
                    appendIssue(ruleJSON: requiredJSON, message: texts.required[field], value: nil, to: &bytes)
                } else {
                    // The shown value (masked when it equals a secret) only for a message that has `{value}`.
                    let message = texts.messages[position]
                    let showsValue = program.lowered.instructions[position].op != .required
                    appendIssue(
                        ruleJSON: encoding.ruleNames[position], message: message,
                        value: showsValue ? program.shownValue(of: field, in: scratch.values) : nil, to: &bytes)
                }
            }
        }
        if count > 0 { bytes.append(UInt8(ascii: "]")) }
    }

    /// `"required"` as a JSON string.
    static let requiredJSON: [UInt8] = Array("\"required\"".utf8)

    /// A rule's name as a JSON string, as reports name it (`required` for a `required` rule).
    static func ruleNameJSON(_ rule: RuleProgram) -> [UInt8] {
        var bytes: [UInt8] = []
        if case .required = rule.rule {
            appendString("required", to: &bytes)
        } else {
            appendString(rule.name, to: &bytes)
        }
        return bytes
    }

    /// `{"rule":RULE,"message":MESSAGE}` from both already in JSON.
    static func appendIssue(ruleJSON: [UInt8], messageJSON: [UInt8], to bytes: inout [UInt8]) {
        appendLiteral("{\"rule\":", to: &bytes)
        bytes.append(contentsOf: ruleJSON)
        appendLiteral(",\"message\":", to: &bytes)
        bytes.append(contentsOf: messageJSON)
        bytes.append(UInt8(ascii: "}"))
    }

    /// An issue whose rule name is already JSON (``ReportEncoding/ruleNames`` or a literal).
    private static func appendIssue(
        ruleJSON: [UInt8], message: RenderedText, value: Scalar?, to bytes: inout [UInt8]
    ) {
        appendLiteral("{\"rule\":", to: &bytes)
        bytes.append(contentsOf: ruleJSON)
        appendMessage(message, value: value, to: &bytes)
    }

    private static func appendIssue(rule: String, message: RenderedText, value: Scalar?, to bytes: inout [UInt8]) {
        appendLiteral("{\"rule\":", to: &bytes)
        appendString(rule, to: &bytes)
        appendMessage(message, value: value, to: &bytes)
    }

    /// An issue's `,"message":…}` tail.
    private static func appendMessage(_ message: RenderedText, value: Scalar?, to bytes: inout [UInt8]) {
        appendLiteral(",\"message\":", to: &bytes)
        appendString(message.render(value: value), to: &bytes)
        bytes.append(UInt8(ascii: "}"))
    }
}
