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
    /// Whole issues end to end: per top-level rule, then per field's own `required:`, then per
    /// field its `type` issue, then per field its `choice` issue (a value it cannot read, which a
    /// report shows without the value; empty for a field that is no choice). A rule's issue whose
    /// message has `{value}` is empty here (it is rendered per record).
    let issueBytes: [UInt8]
    /// Issue `i` is `issueBytes[issueBounds[i] ..< issueBounds[i + 1]]`.
    let issueBounds: [Int32]
    /// Whether any rule is a warning: without one, no record's short report has `warnings`.
    let hasWarnings: Bool
    /// Where the `type` issues start among the issues (the `choice` issues follow them).
    private let typeIssuesStart: Int

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
        func addIssue(rule: [UInt8], text: String?) {
            if let text {
                var json: [UInt8] = []
                JSONWriter.appendString(text, to: &json)
                JSONWriter.appendIssue(ruleJSON: rule, messageJSON: json, to: &issueBytes)
            }
            issueBounds.append(Int32(issueBytes.count))
        }
        for (rule, message) in zip(ruleNames, texts.messages) { addIssue(rule: rule, text: message.text) }
        for field in texts.required { addIssue(rule: JSONWriter.requiredJSON, text: field.text) }
        typeIssuesStart = issueBounds.count - 1
        for field in texts.type { addIssue(rule: Self.typeJSON, text: field.render(value: nil)) }
        for (field, message) in zip(program.fields, texts.choice) {
            addIssue(rule: Self.choiceJSON, text: field.type == .choice ? message.render(value: nil) : nil)
        }
        self.issueBytes = issueBytes
        self.issueBounds = issueBounds
        hasWarnings = program.lowered.instructions.contains(where: \.isWarning)
    }

    static let typeJSON: [UInt8] = Array("\"type\"".utf8)
    static let choiceJSON: [UInt8] = Array("\"choice\"".utf8)

    /// Where field `field`'s whole issue for a value it cannot read (``FieldValue/invalid(rule:)``:
    /// `type`, or `choice` for a value that is not one of its options) is in `issueBytes`; `nil`
    /// when it is not there (another rule, or `choice` for a field that is no choice).
    func invalidValueIssue(rule: String, field: Int) -> Range<Int>? {
        guard rule == "type" || rule == "choice" else { return nil }
        let index = typeIssuesStart + (rule == "choice" ? fieldNames.count : 0) + field
        let issue = Int(issueBounds[index])..<Int(issueBounds[index + 1])
        return issue.isEmpty ? nil : issue
    }
}
