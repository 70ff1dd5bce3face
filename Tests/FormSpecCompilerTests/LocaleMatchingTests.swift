import FormSpec
@_spi(Program) @_spi(Tooling) import FormSpecRuntime
import Testing

/// Locale matching (BCP 47, case-insensitive, scripts from regions) and deterministic fallbacks.
struct LocaleMatchingTests {
    @Test(arguments: [
        ("zh-TW", ["zh-TW", "zh-Hant", "zh", "en"]),
        ("zh-HK", ["zh-HK", "zh-Hant", "zh", "en"]),
        ("zh-MO", ["zh-MO", "zh-Hant", "zh", "en"]),
        ("zh-CN", ["zh-CN", "zh-Hans", "zh", "en"]),
        ("zh-SG", ["zh-SG", "zh-Hans", "zh", "en"]),
        ("zh", ["zh", "zh-Hans", "en"]),
        ("ZH-HANT", ["zh-Hant", "zh", "en"]),
        ("zh_hant_tw", ["zh-Hant-TW", "zh-Hant", "zh", "en"]),
        ("ja-JP", ["ja-JP", "ja", "en"]),
        ("en-GB", ["en-GB", "en"]),
    ])
    func chains(requested: String, expected: [String]) {
        #expect(LocaleChain(requested: requested, specLocale: "en").locales == expected)
    }

    @Test func theSpecLocaleComesBeforeEnglish() {
        #expect(LocaleChain(requested: "fr-CA", specLocale: "ja").locales == ["fr-CA", "fr", "ja", "en"])
        #expect(LocaleChain(requested: nil, specLocale: "zh-hant").locales == ["zh-Hant", "zh", "en"])
    }

    /// The spec's locale brings its parents, as a requested one does: a spec in `ja-JP` used to get
    /// the English built-in messages, for the catalogue has `ja`.
    @Test func theSpecLocaleBringsItsParents() throws {
        #expect(LocaleChain(requested: nil, specLocale: "ja-JP").locales == ["ja-JP", "ja", "en"])
        #expect(LocaleChain(requested: nil, specLocale: "zh-TW").locales == ["zh-TW", "zh-Hant", "zh", "en"])
        #expect(LocaleChain(requested: "fr", specLocale: "zh").locales == ["fr", "zh", "zh-Hans", "en"])
        let program = try program(
            """
            formspec: 1
            form: f
            locale: ja-JP
            fields:
              name: {label: 名前, required: true}
            """)
        #expect(try program.validate(["name": ""]).fields["name"]?.errors.first?.message == "名前は必須です")
    }

    @Test func aHugeRequestedTagIsIgnoredNotExpanded() {
        let huge = "en" + String(repeating: "-x", count: 30_000)
        #expect(LocaleChain(requested: huge, specLocale: "ja").locales == ["ja", "en"])
    }

    @Test func seedFormsMatchRegionAndCase() throws {
        let program = try program(
            """
            formspec: 1
            form: f
            fields:
              name:
                required:
                  en: Enter your name
                  zh-hant: 請輸入姓名
                  ja: お名前を入力してください
            """)
        func message(_ locale: String) throws -> String? {
            try program.validate(["name": ""], context: EvaluationContext(locale: locale)).fields["name"]?.errors.first?
                .message
        }
        #expect(try message("zh-TW") == "請輸入姓名")
        #expect(try message("ZH-HANT") == "請輸入姓名")
        #expect(try message("zh-HK") == "請輸入姓名")
        #expect(try message("ja-JP") == "お名前を入力してください")
        #expect(try message("en-GB") == "Enter your name")
    }

    @Test func aMapWithoutTheRequestedSpecOrEnglishLocalePicksTheSameEveryTime() throws {
        let program = try program(
            """
            formspec: 1
            form: f
            locale: ja
            fields:
              name:
                required: {it: Obbligatorio, fr: Obligatoire, de: Pflichtfeld, es: Obligatorio}
            """)
        for _ in 0..<20 {
            let report = try program.validate(["name": ""], context: EvaluationContext(locale: "ko"))
            #expect(report.fields["name"]?.errors.first?.message == "Pflichtfeld")
        }
        let text = LocalizedText(["pt": Template(text: "p"), "nl": Template(text: "n"), "sv": Template(text: "s")])
        #expect(text.render(LocaleChain(requested: "ko", specLocale: "ja")) == "n")
    }

    @Test func unknownLocalesWarnWithASuggestion() {
        #expect(LocaleChain.warning(forRequested: "jp") == "unknown locale 'jp'; did you mean 'ja'?")
        #expect(LocaleChain.warning(forRequested: "ja") == nil)
        #expect(LocaleChain.warning(forRequested: "zh-TW") == nil)
        #expect(LocaleChain.warning(forRequested: "en-x", available: ["en"]) == nil)
        #expect(
            LocaleChain.warning(forRequested: "ej", available: ["en", "ja"])
                == "unknown locale 'ej'; did you mean 'en'?")
        #expect(LocaleChain.warning(forRequested: "not a tag")?.hasPrefix("invalid locale") == true)
        // A three-letter code BCP 47 writes with two letters (it was taken for a real language).
        #expect(LocaleChain.warning(forRequested: "jpn") == "unknown locale 'jpn'; did you mean 'ja'?")
        #expect(LocaleChain.warning(forRequested: "deu-CH") == "unknown locale 'deu-CH'; did you mean 'de-CH'?")
        #expect(LocaleChain.warning(forRequested: "fil", available: ["en", "fil"]) == nil)
        // Every ISO 639-2 code of a language with two letters, terminological and bibliographic
        // (were: only a listed two dozen; `ara` was taken for a language and fell back silently).
        #expect(LocaleChain.warning(forRequested: "ara") == "unknown locale 'ara'; did you mean 'ar'?")
        #expect(LocaleChain.warning(forRequested: "hin-IN") == "unknown locale 'hin-IN'; did you mean 'hi-IN'?")
        #expect(LocaleChain.warning(forRequested: "wel") == "unknown locale 'wel'; did you mean 'cy'?")
        #expect(LocaleChain.warning(forRequested: "chi-TW") == "unknown locale 'chi-TW'; did you mean 'zh-TW'?")
        #expect(LocaleChain.warning(forRequested: "zho-Hant") == "unknown locale 'zho-Hant'; did you mean 'zh-Hant'?")
        #expect(LocaleChain.warning(forRequested: "zho") == "unknown locale 'zho'; did you mean 'zh-Hans'?")
        // A language with no two-letter code is one.
        #expect(LocaleChain.warning(forRequested: "haw", available: ["en", "haw"]) == nil)
        #expect(LocaleTag.twoLetterCodes.count == 204)
        #expect(LocaleTag.twoLetterCodes.values.allSatisfy { LocaleTag.isoLanguageCodes.contains($0) })
        // A real language nothing is written in is said, not fallen back from silently.
        #expect(
            LocaleChain.warning(forRequested: "fr", available: ["ja", "en"])
                == "no messages in 'fr'; the spec and the built-in messages have en, ja")
        #expect(LocaleChain.warning(forRequested: "fr-CA", available: ["en", "fr"]) == nil)
    }

    @Test func specLocalesAndMessageKeysWarnWhenUnknown() {
        let compilation = compile(
            """
            formspec: 1
            form: f
            locale: jp
            fields:
              name:
                required: {en: Required, cn: 必填}
            """)
        let warnings = compilation.diagnostics.filter { $0.severity == .warning }
        #expect(warnings.map(\.message) == ["unknown locale 'jp'", "unknown locale 'cn'"])
        #expect(warnings.map { $0.notes.first?.message } == ["did you mean 'ja'?", "did you mean 'zh-Hans'?"])
        #expect(compilation.spec != nil, "a warning does not stop compilation")
    }
}
