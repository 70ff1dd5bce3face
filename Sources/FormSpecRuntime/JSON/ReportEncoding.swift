/// What the short report writer copies instead of encoding per record: one program's field and rule
/// names as JSON strings, and its issues whose message has no `{value}` as whole
/// `{"rule":…,"message":…}` objects, in one locale.
///
/// Built once per batch by ``RecordValidator``; a ``Program`` and a live form never carry it.
/// Immutable; a class so that the writer gets one reference per record, not a copy of its arrays.
package final class ReportEncoding: Sendable {
    /// Each top-level rule's name in reports as a JSON string literal (`"required"` for a
    /// `required` rule), by ``LoweredRules/fieldStart`` position.
    let ruleNames: [[UInt8]]
    /// Whether any rule is a warning: without one, no record's short report has `warnings`.
    let hasWarnings: Bool
    /// Where the `type` issues start among the issues (the `choice` issues follow them).
    private let typeIssuesStart: Int
    /// How many fields the program has.
    private let fieldCount: Int

    // The issues and the field names are ragged tables, so a record's report retains no array
    // per field or issue (as arrays, their retains and releases took a third of the report
    // writer's time on the nested bench's invalid records, about 3 % of those records' time).
    /// Whole issues, a row each: per top-level rule, then per field's own `required:`, then per
    /// field its `type` issue, then per field its `choice` issue (a value it cannot read, which a
    /// report shows without the value; empty for a field that is no choice). A rule's issue whose
    /// message has `{value}` is empty here (it is rendered per record).
    private let issues: RaggedTable<UInt8>
    /// Each field's name as a JSON string literal, quotes included, a row each.
    private let names: RaggedTable<UInt8>

    package init(program: Program, texts: ProgramTexts) {
        var names = RaggedTable<UInt8>.Builder()
        for field in program.fields {
            JSONWriter.appendString(field.name, to: &names.elements)
            names.endRow()
        }
        fieldCount = program.fields.count
        let ruleNames = program.fields.flatMap { $0.rules.map(JSONWriter.ruleNameJSON) }
        self.ruleNames = ruleNames
        var issues = RaggedTable<UInt8>.Builder()
        func addIssue(rule: [UInt8], text: String?) {
            if let text {
                var json: [UInt8] = []
                JSONWriter.appendString(text, to: &json)
                JSONWriter.appendIssue(ruleJSON: rule, messageJSON: json, to: &issues.elements)
            }
            issues.endRow()
        }
        for (rule, message) in zip(ruleNames, texts.messages) { addIssue(rule: rule, text: message.text) }
        for field in texts.required { addIssue(rule: JSONWriter.requiredJSON, text: field.text) }
        typeIssuesStart = issues.rowCount
        for field in texts.type { addIssue(rule: Self.typeJSON, text: field.render(value: nil)) }
        for (index, message) in texts.choice.enumerated() {
            let isChoice = program.fields[index].type == .choice
            addIssue(rule: Self.choiceJSON, text: isChoice ? message.render(value: nil) : nil)
        }
        self.issues = RaggedTable(issues)
        self.names = RaggedTable(names)
        hasWarnings = program.lowered.instructions.contains(where: \.isWarning)
    }

    /// Whether issue `index` is encoded here (its message has no `{value}`).
    @inline(__always)
    func hasIssue(_ index: Int) -> Bool { !issues.isEmpty(index) }

    /// Appends issue `index`, `{"rule":…,"message":…}`, to `bytes`.
    @inline(__always)
    func appendIssue(_ index: Int, to bytes: inout [UInt8]) {
        issues.appendRow(index, to: &bytes)
    }

    /// Appends field `field`'s name as a JSON string literal, quotes included, to `bytes`.
    @inline(__always)
    package func appendFieldName(_ field: Int, to bytes: inout [UInt8]) {
        names.appendRow(field, to: &bytes)
    }

    static let typeJSON: [UInt8] = Array("\"type\"".utf8)
    static let choiceJSON: [UInt8] = Array("\"choice\"".utf8)

    /// The index of field `field`'s whole issue for a value it cannot read (``FieldValue/invalid(rule:)``:
    /// `type`, or `choice` for a value that is not one of its options) among the issues
    /// (``appendIssue(_:to:)``); `nil` when it is not there (another rule, or `choice` for a field that is
    /// no choice).
    func invalidValueIssue(rule: String, field: Int) -> Int? {
        guard rule == "type" || rule == "choice" else { return nil }
        let index = typeIssuesStart + (rule == "choice" ? fieldCount : 0) + field
        return hasIssue(index) ? index : nil
    }
}
