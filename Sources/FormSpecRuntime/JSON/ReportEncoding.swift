/// What the short report writer copies instead of encoding per record: one program's field and rule
/// names as JSON strings, and its issues whose message has no `{value}` as whole
/// `{"rule":…,"message":…}` objects, in one locale.
///
/// Built once per batch by ``RecordValidator``; a ``Program`` and a live form never carry it.
/// Immutable; a class so that the writer gets one reference per record, not a copy of its arrays.
package final class ReportEncoding: Sendable {
    /// Each field's name as a JSON string literal, quotes included.
    package let fieldNames: [[UInt8]]
    /// Each top-level rule's name in reports as a JSON string literal (`"required"` for a
    /// `required` rule), by ``LoweredRules/fieldStart`` position.
    let ruleNames: [[UInt8]]
    /// Whole issues end to end: per top-level rule, then per field's own `required:`. An issue
    /// whose message has `{value}` is empty here (it is rendered per record).
    let issueBytes: [UInt8]
    /// Issue `i` is `issueBytes[issueBounds[i] ..< issueBounds[i + 1]]`.
    let issueBounds: [Int32]
    /// Whether any rule is a warning: without one, no record's short report has `warnings`.
    let hasWarnings: Bool

    package init(program: Program, texts: ProgramTexts) {
        fieldNames = program.fields.map { field in
            var bytes: [UInt8] = []
            JSONWriter.appendString(field.name, to: &bytes)
            return bytes
        }
        let ruleNames = program.fields.flatMap { $0.rules.map(JSONWriter.ruleNameJSON) }
        self.ruleNames = ruleNames
        var issueBytes: [UInt8] = []
        var issueBounds: [Int32] = [0]
        func addIssue(rule: [UInt8], message: RenderedText) {
            if let text = message.text {
                var json: [UInt8] = []
                JSONWriter.appendString(text, to: &json)
                JSONWriter.appendIssue(ruleJSON: rule, messageJSON: json, to: &issueBytes)
            }
            issueBounds.append(Int32(issueBytes.count))
        }
        for (rule, message) in zip(ruleNames, texts.messages) { addIssue(rule: rule, message: message) }
        for field in texts.required { addIssue(rule: JSONWriter.requiredJSON, message: field) }
        self.issueBytes = issueBytes
        self.issueBounds = issueBounds
        hasWarnings = program.lowered.instructions.contains(where: \.isWarning)
    }
}
