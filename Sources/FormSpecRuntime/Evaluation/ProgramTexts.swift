/// One message or requirement in one locale, rendered ahead of time when it holds no `{value}`.
@_spi(Tooling) public struct RenderedText: Sendable {
    /// The locale's template.
    package let template: Template
    /// The text, when the template has no `{value}` (the same for every value).
    @_spi(Tooling) public let text: String?
    /// ``text`` as a JSON string literal, quotes included: what a report writer copies.
    @_spi(Tooling) public let json: [UInt8]?

    init(_ template: Template?) {
        let template = template ?? Template(text: "")
        self.template = template
        let fixed: String? =
            if template.segments.count == 1, case .text(let text) = template.segments[0] {
                text
            } else if template.segments.isEmpty {
                ""
            } else {
                nil
            }
        self.text = fixed
        self.json = fixed.map { text in
            var bytes: [UInt8] = []
            JSONWriter.appendString(text, to: &bytes)
            return bytes
        }
    }

    /// The text for `value` (`{value}` filled in).
    @_spi(Tooling) public func render(value: Scalar?) -> String {
        text ?? template.render(value: value)
    }
}

/// Every text of a ``Program`` rendered for one locale chain: what turns an ``EvaluationScratch``
/// into messages without rendering a template per record.
///
/// Made by ``Program/texts(for:)`` (the program keeps the texts of its default chain); keep it as
/// long as the locale does. Immutable; a class so that passing it to a report writer per record
/// passes one reference instead of copying (and retaining) its eight members.
@_spi(Tooling) public final class ProgramTexts: Sendable {
    /// The locales the texts were rendered for.
    package let chain: LocaleChain
    /// Per field: the message and requirement of the field's own `required:`.
    @_spi(Tooling) public let required: [RenderedText]
    /// Per field: the message when the value cannot be read as the type.
    @_spi(Tooling) public let type: [RenderedText]
    /// Per field: the message when the value is not among a `choice` field's options.
    @_spi(Tooling) public let choice: [RenderedText]
    /// Per top-level rule (index ``Program/ruleIndex(field:rule:)``): its message.
    @_spi(Tooling) public let messages: [RenderedText]
    /// Per top-level rule: its checklist requirement.
    @_spi(Tooling) public let requirements: [RenderedText]
    /// Per form rule: its message.
    @_spi(Tooling) public let formMessages: [RenderedText]
    /// The message of an unknown key in strict mode (`{value}` is the key).
    @_spi(Tooling) public let unknownField: RenderedText
    /// Whole issues as the short report writes them, `{"rule":…,"message":…}`, end to end: per
    /// top-level rule (in ``messages`` order), then per field for its own `required:`. An issue
    /// whose message has `{value}` is empty here (it is rendered per record).
    let issueBytes: [UInt8]
    /// Issue `i` is `issueBytes[issueBounds[i] ..< issueBounds[i + 1]]`.
    let issueBounds: [Int32]

    convenience init(_ program: Program, chain: LocaleChain) {
        self.init(
            fields: program.fields, formRules: program.formRules, unknownFieldMessage: program.unknownFieldMessage,
            ruleNameJSON: program.ruleNameJSON, chain: chain)
    }

    /// - Parameter ruleNameJSON: The program's ``Program/ruleNameJSON``, for the pre-encoded issues.
    init(
        fields: [FieldProgram], formRules: [FormRuleProgram], unknownFieldMessage: LocalizedText,
        ruleNameJSON: [[UInt8]], chain: LocaleChain
    ) {
        self.chain = chain
        func render(_ text: LocalizedText) -> RenderedText { RenderedText(text.template(for: chain)) }
        required = fields.map { render($0.requiredMessage) }
        type = fields.map { render($0.typeMessage) }
        choice = fields.map { render($0.choiceMessage) }
        var messages: [RenderedText] = []
        var requirements: [RenderedText] = []
        for field in fields {
            for rule in field.rules {
                messages.append(render(rule.message))
                requirements.append(render(rule.requirement))
            }
        }
        self.messages = messages
        self.requirements = requirements
        formMessages = formRules.map { render($0.message) }
        unknownField = render(unknownFieldMessage)

        var issueBytes: [UInt8] = []
        var issueBounds: [Int32] = [0]
        func addIssue(rule: [UInt8], message: RenderedText) {
            if let json = message.json {
                JSONWriter.appendIssue(ruleJSON: rule, messageJSON: json, to: &issueBytes)
            }
            issueBounds.append(Int32(issueBytes.count))
        }
        for (rule, message) in zip(ruleNameJSON, messages) { addIssue(rule: rule, message: message) }
        for field in required { addIssue(rule: JSONWriter.requiredJSON, message: field) }
        self.issueBytes = issueBytes
        self.issueBounds = issueBounds
    }
}
