import FormSpec
@_spi(Tooling) import FormSpecRuntime
import Testing

/// A live form shows labels and option labels in its locale, and follows it when it changes.
@MainActor
@Suite("Live labels follow the locale")
struct LiveLabelTests {
    static let source = """
        formspec: 1
        form: order
        fields:
          size:
            type: choice
            label: {en: Size, ja: サイズ, zh-Hant: 尺寸}
            options:
              - {value: s, label: {en: Small, ja: 小}}
              - {value: m, label: Medium}
          note: {label: Note}
        """

    @Test func labelsFollowTheFormsLocale() throws {
        let form = LiveForm(try CompiledForm(source: Self.source))
        let size = try #require(form["size"])
        #expect(size.label == "Size" && size.options.map(\.label) == ["Small", "Medium"])

        form.locale = "ja"
        #expect(size.label == "サイズ" && size.options.map(\.label) == ["小", "Medium"])
        #expect(size.options.map(\.value) == ["s", "m"])
        #expect(form["note"]?.label == "Note")

        form.locale = "zh-TW"  // zh-Hant by BCP 47 matching; no option translations: the spec's labels
        #expect(size.label == "尺寸" && size.options.map(\.label) == ["Small", "Medium"])

        form.locale = nil
        #expect(size.label == "Size")
        #expect(LiveForm(try CompiledForm(source: Self.source), locale: "ja")["size"]?.label == "サイズ")
    }
}
