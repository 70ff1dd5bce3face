import FormSpecCompiler
import FormSpecDiagnostics
import FormSpecPattern
@_spi(Program) @_spi(Tooling) import FormSpecRuntime

/// Compares a report with what a spec test expects (docs/reference.md) and explains every
/// difference, one line per field.
///
/// Lines mention messages only, never input values, so secrets cannot leak through them; inputs
/// are shown through ``redacted(_:hiding:)``.
struct ExpectationCheck {
    /// The form the report is about.
    var program: Program

    /// What a secret field's value is shown as.
    static let secretPlaceholder = "••••"

    /// The differences between `report` and `expectation`, one line each; empty when the report
    /// meets the expectation.
    func mismatches(_ expectation: SpecTest.Expectation, _ report: Report) -> [String] {
        var lines: [String] = []
        if let errors = expectation.errors {
            lines += messageMismatches(errors, kind: "errors", in: report) { $0.errors }
        } else if expectation.valid == true, !report.valid {
            // `expect: valid` explains itself with every error the report has.
            lines += messageMismatches([], kind: "errors", in: report) { $0.errors }
        }
        if let formErrors = expectation.formErrors {
            lines += formErrorMismatches(formErrors, report)
        } else if expectation.valid == true, !report.formErrors.isEmpty {
            lines += formErrorMismatches([], report)
        }
        if let warnings = expectation.warnings {
            lines += messageMismatches(warnings, kind: "warnings", in: report) { $0.warnings }
        }
        for (field, checks) in expectation.checks {
            if let line = checkMismatch(field: field, checks, report) { lines.append(line) }
        }
        if let valid = expectation.valid, valid != report.valid, lines.isEmpty {
            lines.append(
                valid
                    ? "expected the form to be valid, but it is invalid"
                    : "expected the form to be invalid, but it is valid")
        }
        return lines
    }

    /// Compares the `kind` messages (errors or warnings) of every field with `fields`, exactly.
    private func messageMismatches(
        _ fields: [SpecTest.FieldMessages], kind: String, in report: Report, of issues: (FieldReport) -> [Issue]
    ) -> [String] {
        var expected: [String: [String]] = [:]
        for field in fields where expected[field.field] == nil { expected[field.field] = field.messages }
        var lines: [String] = []
        for name in fieldNames(report) {
            let actual = report.fields[name].map { issues($0).map(\.message) } ?? []
            let wanted = expected[name] ?? []
            guard wanted != actual else { continue }
            if wanted.isEmpty {
                lines.append("\(name): expected no \(kind), got \(Self.list(actual))")
            } else if report.fields[name] == nil {
                lines.append("\(name): expected \(Self.list(wanted)), got no \(kind) (the field is inactive)")
            } else if actual.isEmpty {
                lines.append("\(name): expected \(Self.list(wanted)), got no \(kind)")
            } else {
                let reordered = wanted.count == actual.count && wanted.sorted() == actual.sorted()
                // `[Guernsey, Jersey or Sark]` unquoted is a YAML list of three messages (spaces
                // around the commas or not).
                let pieces = actual.flatMap { $0.split(separator: ",").map { String($0.trimmingSpaces) } }
                let split = wanted.count > actual.count && pieces == wanted
                lines.append(
                    "\(name): expected \(Self.list(wanted)), got \(Self.list(actual))"
                        + (reordered ? " (same messages, different order)" : "")
                        + (split ? " (YAML split a message at its commas: quote each message in `[…]`)" : "")
                        + Self.differenceBeyondShown(wanted, actual))
            }
        }
        // The compiler rejects tests naming unknown fields; this keeps hand-built tests honest too.
        for field in fields where program.fieldIndex[field.field] == nil {
            lines.append("\(field.field): expected \(Self.list(field.messages)), but the form has no such field")
        }
        return lines
    }

    private func formErrorMismatches(_ formErrors: [String], _ report: Report) -> [String] {
        let actual = report.formErrors.map(\.message)
        guard formErrors != actual else { return [] }
        let wanted = formErrors.isEmpty ? "none" : Self.list(formErrors)
        let got = actual.isEmpty ? "none" : Self.list(actual)
        return ["form_errors: expected \(wanted), got \(got)"]
    }

    /// One line when `field`'s checklist differs from `checks`, showing both as written in a spec.
    private func checkMismatch(field: String, _ checks: SpecTest.FieldChecks, _ report: Report) -> String? {
        guard let fieldReport = report.fields[field] else {
            return program.fieldIndex[field] == nil
                ? "\(field): expected checks, but the form has no such field"
                : "\(field): expected checks, but the field is inactive"
        }
        let actual = fieldReport.checks
        switch checks {
        case .exact(let wanted):
            let matches =
                wanted.count == actual.count
                && zip(wanted, actual).allSatisfy {
                    $0.rule == $1.rule && $0.passed == $1.passed && ($0.requirement ?? $1.requirement) == $1.requirement
                }
            guard !matches else { return nil }
            let showRequirements = wanted.contains { $0.requirement != nil }
            let wantedText = wanted.map { Self.check($0.rule, $0.passed, showRequirements ? $0.requirement : nil) }
            let actualText = actual.map { Self.check($0.rule, $0.passed, showRequirements ? $0.requirement : nil) }
            return "\(field) checks: expected [\(wantedText.joined(separator: ", "))], "
                + "got [\(actualText.joined(separator: ", "))]" + Self.orderNote(wantedText, actualText)
        case .byOutcome(let passed, let failed):
            var parts: [String] = []
            let actualPassed = actual.filter(\.passed).map(\.rule)
            let actualFailed = actual.filter { !$0.passed }.map(\.rule)
            if let passed, passed != actualPassed {
                parts.append(
                    "passed \(Self.names(passed)), got \(Self.names(actualPassed))"
                        + Self.orderNote(passed, actualPassed))
            }
            if let failed, failed != actualFailed {
                parts.append(
                    "failed \(Self.names(failed)), got \(Self.names(actualFailed))"
                        + Self.orderNote(failed, actualFailed))
            }
            return parts.isEmpty ? nil : "\(field) checks: expected " + parts.joined(separator: "; expected ")
        }
    }

    /// The note a checklist mismatch gets when only the order differs (as messages get it).
    private static func orderNote(_ wanted: [String], _ actual: [String]) -> String {
        wanted.count == actual.count && wanted.sorted() == actual.sorted() ? " (same checks, different order)" : ""
    }

    /// `{rule: min_length, passed: true}`, as a spec would write it.
    private static func check(_ rule: String, _ passed: Bool, _ requirement: String?) -> String {
        var out = "{rule: \(rule), passed: \(passed)"
        if let requirement {
            out += ", requirement: "
            JSONWriter.appendString(QuotedText.shortened(requirement, to: shownMessageLimit), to: &out)
        }
        return out + "}"
    }

    /// `[min_length, contains]`.
    private static func names(_ rules: [String]) -> String { "[" + rules.joined(separator: ", ") + "]" }

    /// The form's fields in spec order, then any other field the report names.
    private func fieldNames(_ report: Report) -> [String] {
        var names = program.fields.map(\.name)
        for name in report.fieldOrder where program.fieldIndex[name] == nil { names.append(name) }
        return names
    }

    /// The non-null values of the `secret` fields in `records` (a test's input and original).
    func secretValues(in records: [Value]) -> [Value] {
        var secrets: [Value] = []
        for case .object(let members) in records where program.isNested {
            // Secrets inside groups and lists, found by path.
            program.visitNested(
                members,
                assign: { index, value in
                    if program.fields[index].type == .secret, value != .null, !secrets.contains(value) {
                        secrets.append(value)
                    }
                }, unknown: { _ in })
        }
        for case .object(let members) in records {
            for member in members where member.value != .null {
                guard let index = program.fieldIndex[member.key], program.fields[index].type == .secret else {
                    continue
                }
                if !secrets.contains(member.value) { secrets.append(member.value) }
            }
        }
        return secrets
    }

    /// Whether `value` would show one of `secrets`: it equals one, or its text contains one in any
    /// letter case, as a report masks `{value}` (`my Hunter2!` for the password `hunter2`; a
    /// failing test's input echoed it).
    func showsSecret(_ value: Value, _ secrets: [Value]) -> Bool {
        if secrets.contains(value) { return true }
        guard let text = FieldType.canonicalText(value) else { return false }
        return secrets.contains { secret in
            guard let hidden = FieldType.canonicalText(secret), !hidden.isEmpty else { return false }
            return CaseFolding.contains(text, hidden)
        }
    }

    /// `value` with every `secret` field's value, and every other member whose value shows one of
    /// `secrets` (``showsSecret(_:_:)``), replaced by ``secretPlaceholder``: a secret must not show
    /// through a text field that holds it.
    func redacted(_ value: Value, hiding secrets: [Value]) -> Value {
        guard case .object(let members) = value else { return value }
        return .object(
            members.map { member in
                guard member.value != .null else { return member }
                if program.isNested, case .object = member.value {
                    return Value.Member(member.key, redactedTree(member.value, hiding: secrets))
                }
                if program.isNested, case .array = member.value {
                    return Value.Member(member.key, redactedTree(member.value, hiding: secrets))
                }
                let isSecretField = program.fieldIndex[member.key].map { program.fields[$0].type == .secret } ?? false
                guard isSecretField || showsSecret(member.value, secrets) else { return member }
                return Value.Member(member.key, .string(Self.secretPlaceholder))
            })
    }

    /// A group's or list's input with every value equal to a secret replaced (depth-bounded like
    /// the input walk).
    private func redactedTree(_ value: Value, hiding secrets: [Value], depth: Int = 0) -> Value {
        guard depth < Program.maxNestingDepth else { return .string(Self.secretPlaceholder) }
        switch value {
        case .object(let members):
            return .object(
                members.map { Value.Member($0.key, redactedTree($0.value, hiding: secrets, depth: depth + 1)) })
        case .array(let items):
            return .array(items.map { redactedTree($0, hiding: secrets, depth: depth + 1) })
        default:
            return showsSecret(value, secrets) ? .string(Self.secretPlaceholder) : value
        }
    }

    /// The most characters a failure shows of one message: a message can quote a long input
    /// (`{value}`).
    static let shownMessageLimit = 200

    /// Where two lists of messages that read the same when shortened first differ
    /// (` (message 1 differs at character 201)`); empty when the shortened lists differ.
    static func differenceBeyondShown(_ wanted: [String], _ actual: [String]) -> String {
        guard wanted.count == actual.count, list(wanted) == list(actual) else { return "" }
        for (index, (a, b)) in zip(wanted, actual).enumerated() where a != b {
            let same = zip(a, b).prefix { $0 == $1 }.count
            return " (message \(index + 1) differs at character \(same + 1), past what is shown)"
        }
        return ""
    }

    /// `["a", "b"]`: messages quoted as JSON strings, each cut to ``shownMessageLimit`` characters.
    static func list(_ messages: [String]) -> String {
        var out = "["
        for (index, message) in messages.enumerated() {
            if index > 0 { out += ", " }
            JSONWriter.appendString(QuotedText.shortened(message, to: shownMessageLimit), to: &out)
        }
        return out + "]"
    }
}
