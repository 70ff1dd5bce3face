import FormSpec
@_spi(Program) @_spi(Tooling) import FormSpecRuntime
import Foundation
import Testing

/// `label: {en: Email, ja: メールアドレス}`: built-in messages use the label of their own locale.
struct TranslatedLabelTests {
    private let source = """
        formspec: 1
        form: signup
        fields:
          email:
            label: {en: Email, zh-hant: 電子郵件, ja: メールアドレス}
            required: true
          confirm_email:
            label: {en: Confirm email, zh-Hant: 確認電子郵件}
            rules:
              - same_as: email
          phone: {label: Phone}
        form_rules:
          - at_least_one_of: [email, phone]
        """

    private func messages(_ program: Program, _ locale: String?) throws -> [String] {
        let report = try program.validate(
            ["email": "", "confirm_email": "x", "phone": ""], context: EvaluationContext(locale: locale))
        return ["email", "confirm_email"].compactMap { report.fields[$0]?.errors.first?.message }
            + report.formErrors.map(\.message)
    }

    @Test func builtInMessagesUseTheLabelOfTheirLocale() throws {
        let program = try program(source)
        #expect(try messages(program, "zh-TW").first == "電子郵件為必填欄位")
        #expect(try messages(program, "zh-TW").dropFirst().first == "確認電子郵件必須與電子郵件相符")
        #expect(
            try messages(program, "en") == [
                "Email is required", "Confirm email must match Email", "Give at least one of Email or Phone",
            ])
        // No Japanese label for confirm_email: the spec-locale label stands in.
        #expect(try messages(program, "ja").dropFirst().first?.hasPrefix("Confirm emailは") == true)
    }

    @Test func theReportCarriesTheSpecLocaleLabel() throws {
        let english = try program(source)
        #expect(english.fields.map(\.label) == ["Email", "Confirm email", "Phone"])
        let japanese = try program(source.replacingOccurrences(of: "form: signup", with: "form: signup\nlocale: ja"))
        #expect(japanese.fields.map(\.label) == ["メールアドレス", "Confirm email", "Phone"])
    }

    @Test func badLabelMapsAreDiagnosed() {
        let compilation = compile("formspec: 1\nform: f\nfields:\n  a: {label: {'not a locale': A, en: [x], jp: A}}")
        #expect(
            compilation.diagnostics.map(\.message) == [
                "invalid locale 'not a locale' in a label", "a label must be a string, not a list",
                "unknown locale 'jp'",
            ])
    }

    private let sizes = """
        formspec: 1
        form: order
        locale: en
        fields:
          size:
            type: choice
            label: {en: Size, ja: サイズ}
            options:
              - {value: s, label: {en: Small, ja: 小}}
              - {value: m, label: {en-GB: Medium (UK), en: Medium}}
              - {value: l}
        """

    @Test func optionLabelsTranslateLikeFieldLabels() throws {
        let program = try program(sizes)
        #expect(program.fields[0].options.map(\.label) == ["Small", "Medium", "l"])
        #expect(
            program.fields[0].options.map(\.translations) == [
                ["en": "Small", "ja": "小"], ["en-GB": "Medium (UK)", "en": "Medium"], nil,
            ])
        func message(_ locale: String) throws -> String? {
            try program.validate(["size": "xl"], context: EvaluationContext(locale: locale)).fields["size"]?.errors
                .first?.message
        }
        #expect(try message("ja")?.hasPrefix("サイズは小、Mediumまたはl") == true)
        #expect(try message("en")?.contains("Small, Medium or l") == true)
        // A compiled program keeps the translations (a live form relabels from them).
        let decoded = try JSONDecoder().decode(Program.self, from: JSONEncoder().encode(program))
        #expect(decoded.fields[0].options == program.fields[0].options)
        #expect(decoded.fields[0].labelTranslations == ["en": "Size", "ja": "サイズ"])
    }

    @Test func badOptionLabelsAreDiagnosed() {
        let compilation = compile(
            "formspec: 1\nform: f\nfields:\n  a:\n    type: choice\n    options: [{value: x, label: {jp: X, en: [y]}}]")
        #expect(
            compilation.diagnostics.map(\.message) == ["unknown locale 'jp'", "a label must be a string, not a list"])
    }
}
