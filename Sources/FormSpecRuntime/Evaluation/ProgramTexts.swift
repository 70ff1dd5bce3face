/// One message or requirement in one locale, rendered ahead of time when it holds no `{value}`.
package struct RenderedText: Sendable {
    /// The locale's template.
    package let template: Template
    /// The text, when the template has no `{value}` (the same for every value).
    package let text: String?

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
    }

    /// The text for `value` (`{value}` filled in).
    package func render(value: Scalar?) -> String {
        text ?? template.render(value: value)
    }
}

/// Every text of a ``Program`` rendered for one locale chain: what turns an ``EvaluationScratch``
/// into messages without rendering a template per record.
///
/// Made by ``Program/texts(for:)`` (the program keeps the texts of its default chain); keep it as
/// long as the locale does. Immutable; a class so that passing it to a report writer per record
/// passes one reference instead of copying (and retaining) its eight members.
package final class ProgramTexts: Sendable {
    /// The locales the texts were rendered for.
    package let chain: LocaleChain
    /// Per field: the message and requirement of the field's own `required:`.
    package let required: [RenderedText]
    /// Per field: the message when the value cannot be read as the type.
    package let type: [RenderedText]
    /// Per field: the message when the value is not among a `choice` field's options.
    package let choice: [RenderedText]
    /// Per top-level rule (index ``Program/ruleIndex(field:rule:)``): its message.
    package let messages: [RenderedText]
    /// Per top-level rule: its checklist requirement.
    package let requirements: [RenderedText]
    /// Per form rule: its message.
    package let formMessages: [RenderedText]
    /// The message of an unknown key in strict mode (`{value}` is the key).
    package let unknownField: RenderedText

    convenience init(_ program: Program, chain: LocaleChain) {
        self.init(
            fields: program.fields, formRules: program.formRules, unknownFieldMessage: program.unknownFieldMessage,
            chain: chain)
    }

    init(fields: [FieldProgram], formRules: [FormRuleProgram], unknownFieldMessage: LocalizedText, chain: LocaleChain) {
        self.chain = chain
        func render(_ text: LocalizedText) -> RenderedText { RenderedText(text.template(for: chain)) }
        required = fields.map { render($0.requiredMessage) }
        type = fields.map { render($0.typeMessage) }
        choice = fields.map { render($0.choiceMessage) }
        var messages: [RenderedText] = []
        var requirements: [RenderedText] = []
        // By index: a `for field in fields` loop copies each field whole (a retain of every text).
        for index in fields.indices {
            for rule in fields[index].rules {
                messages.append(render(rule.message))
                requirements.append(render(rule.requirement))
            }
        }
        self.messages = messages
        self.requirements = requirements
        formMessages = formRules.map { render($0.message) }
        unknownField = render(unknownFieldMessage)
    }
}
