/// Compares a report with what a spec test expects (docs/reference.md) and explains every
/// difference, one line per field.
///
/// Lines mention messages only, never input values, so secrets cannot leak through them; inputs
/// are shown through ``redacted(_:)``.
struct ExpectationCheck {
    /// The form the report is about.
    var program: Program

    /// What a secret field's value is shown as.
    static let secretPlaceholder = "••••"

    /// The differences between `report` and `expectation`, one line each; empty when the report
    /// meets the expectation.
    func mismatches(_ expectation: SpecTest.Expectation, _ report: Report) -> [String] {
        switch expectation {
        case .valid:
            guard !report.valid else { return [] }
            var lines: [String] = []
            for name in fieldNames(report) {
                let actual = messages(of: name, in: report)
                if !actual.isEmpty { lines.append("\(name): expected no errors, got \(Self.list(actual))") }
            }
            if !report.formErrors.isEmpty {
                lines.append("form_errors: expected none, got \(Self.list(report.formErrors.map(\.message)))")
            }
            return lines.isEmpty ? ["expected the form to be valid, but it is invalid"] : lines
        case .invalid:
            return report.valid ? ["expected the form to be invalid, but it is valid"] : []
        case .errors(let fields, let formErrors):
            return errorMismatches(fields, formErrors, report)
        }
    }

    private func errorMismatches(
        _ fields: [(name: String, messages: [String])], _ formErrors: [String]?, _ report: Report
    ) -> [String] {
        var expected: [String: [String]] = [:]
        for field in fields where expected[field.name] == nil { expected[field.name] = field.messages }
        var lines: [String] = []
        for name in fieldNames(report) {
            let actual = messages(of: name, in: report)
            guard let wanted = expected[name] else {
                if !actual.isEmpty { lines.append("\(name): expected no errors, got \(Self.list(actual))") }
                continue
            }
            guard wanted != actual else { continue }
            if wanted.isEmpty {
                lines.append("\(name): expected no errors, got \(Self.list(actual))")
            } else if report.fields[name] == nil {
                lines.append("\(name): expected \(Self.list(wanted)), got no errors (the field is inactive)")
            } else if actual.isEmpty {
                lines.append("\(name): expected \(Self.list(wanted)), got no errors")
            } else {
                let reordered = wanted.count == actual.count && wanted.sorted() == actual.sorted()
                lines.append(
                    "\(name): expected \(Self.list(wanted)), got \(Self.list(actual))"
                        + (reordered ? " (same messages, different order)" : ""))
            }
        }
        // The compiler rejects tests naming unknown fields; this keeps hand-built tests honest too.
        for field in fields where program.fieldIndex[field.name] == nil {
            lines.append("\(field.name): expected \(Self.list(field.messages)), but the form has no such field")
        }
        if let formErrors {
            let actual = report.formErrors.map(\.message)
            if formErrors != actual {
                let wanted = formErrors.isEmpty ? "none" : Self.list(formErrors)
                let got = actual.isEmpty ? "none" : Self.list(actual)
                lines.append("form_errors: expected \(wanted), got \(got)")
            }
        }
        return lines
    }

    /// The form's fields in spec order, then any other field the report names.
    private func fieldNames(_ report: Report) -> [String] {
        var names = program.fields.map(\.name)
        for name in report.fieldOrder where program.fieldIndex[name] == nil { names.append(name) }
        return names
    }

    private func messages(of field: String, in report: Report) -> [String] {
        report.fields[field]?.errors.map(\.message) ?? []
    }

    /// `value` with the value of every `secret` field replaced by ``secretPlaceholder``.
    func redacted(_ value: Value) -> Value {
        guard case .object(let members) = value else { return value }
        return .object(
            members.map { member in
                guard let index = program.fieldIndex[member.key], program.fields[index].type == .secret,
                    member.value != .null
                else { return member }
                return Value.Member(member.key, .string(Self.secretPlaceholder))
            })
    }

    /// `["a", "b"]`: messages quoted as JSON strings.
    static func list(_ messages: [String]) -> String {
        var out = "["
        for (index, message) in messages.enumerated() {
            if index > 0 { out += ", " }
            JSONWriter.appendString(message, to: &out)
        }
        return out + "]"
    }
}
