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

    // The issues and the field names are unchecked tables, so a record's report retains no array
    // per field or issue (as arrays, their retains and releases took a third of the report
    // writer's time on the nested bench's invalid records, about 3 % of those records' time).
    /// Whole issues end to end: per top-level rule, then per field's own `required:`, then per
    /// field its `type` issue, then per field its `choice` issue (a value it cannot read, which a
    /// report shows without the value; empty for a field that is no choice). A rule's issue whose
    /// message has `{value}` is empty here (it is rendered per record).
    private let issueBytes: UncheckedTable<UInt8>
    /// Issue `i` is `issueBytes[issueBounds[i] ..< issueBounds[i + 1]]`.
    private let issueBounds: UncheckedTable<Int32>
    /// Each field's name as a JSON string literal, quotes included, end to end.
    private let nameBytes: UncheckedTable<UInt8>
    /// Field `f`'s name is `nameBytes[nameBounds[f] ..< nameBounds[f + 1]]`.
    private let nameBounds: UncheckedTable<Int32>

    package init(program: Program, texts: ProgramTexts) {
        var nameBytes: [UInt8] = []
        var nameBounds: [Int32] = [0]
        for field in program.fields {
            JSONWriter.appendString(field.name, to: &nameBytes)
            nameBounds.append(Int32(nameBytes.count))
        }
        fieldCount = program.fields.count
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
        for (index, message) in texts.choice.enumerated() {
            let isChoice = program.fields[index].type == .choice
            addIssue(rule: Self.choiceJSON, text: isChoice ? message.render(value: nil) : nil)
        }
        self.issueBytes = UncheckedTable(issueBytes)
        self.issueBounds = UncheckedTable(issueBounds)
        self.nameBytes = UncheckedTable(nameBytes)
        self.nameBounds = UncheckedTable(nameBounds)
        hasWarnings = program.lowered.instructions.contains(where: \.isWarning)
    }

    /// Whether issue `index` is encoded here (its message has no `{value}`).
    @inline(__always)
    func hasIssue(_ index: Int) -> Bool { issueBounds[index] < issueBounds[index &+ 1] }

    /// Appends issue `index`, `{"rule":…,"message":…}`, to `bytes`.
    @inline(__always)
    func appendIssue(_ index: Int, to bytes: inout [UInt8]) {
        issueBytes.append(Int(issueBounds[index])..<Int(issueBounds[index &+ 1]), to: &bytes)
    }

    /// Appends field `field`'s name as a JSON string literal, quotes included, to `bytes`.
    @inline(__always)
    package func appendFieldName(_ field: Int, to bytes: inout [UInt8]) {
        nameBytes.append(Int(nameBounds[field])..<Int(nameBounds[field &+ 1]), to: &bytes)
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
