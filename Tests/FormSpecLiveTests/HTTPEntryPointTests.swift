import FormSpec
import Testing

/// What servers call: a JSON body as bytes, and the locale for an `Accept-Language` header.
@Suite("JSON bodies and Accept-Language")
struct HTTPEntryPointTests {
    static let source = """
        formspec: 1
        form: contact
        fields:
          name:
            required: true
            rules:
              - max_length: 3
                message: {en: Too long, ja: 長すぎます, zh-Hant: 太長}
        """

    @Test(
        arguments: [
            ("ja-JP,ja;q=0.9,en;q=0.8", "ja"),
            ("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5", "en"),
            ("zh-TW", "zh-Hant"),
            ("zh-CN", "zh-Hans"),  // the built-in messages are in zh-Hans too
            ("de;q=1, ja;q=0", nil),
            ("en;q=0.2, JA;q=0.9", "ja"),
            ("*", nil),
            ("", nil),
            ("ja;q=abc, en", "en"),  // a malformed quality drops its range
            (";;,,;q=1", nil),
            // Only RFC 9110's qvalues (was: whatever `Double` parses, clamped to 0...1).
            ("ja-JP;q=0x1p-1, en;q=0.4", "en"),
            ("ja;q=1.5, en;q=0.1", "en"),
            ("ja;q=0.0001, en;q=0.1", "en"),
            ("ja;q=.5, en;q=0.1", "en"),
            ("ja;q=5e-1, en;q=0.1", "en"),
            ("ja;q=1.001, en;q=0.1", "en"),
            ("en;q=0.001, ja;q=0.002", "ja"),
            ("en;q=0.999, ja;q=1.000", "ja"),
            ("en;q=0.5, ja;q=1.", "ja"),
            ("ja;q=0., en;q=0.1", "en"),
        ] as [(String, String?)])
    func acceptLanguagePicksAServedLocale(header: String, expected: String?) throws {
        let form = try CompiledForm(source: Self.source)
        #expect(form.locale(forAcceptLanguage: header) == expected)
    }

    @Test func aHugeHeaderIsCheap() throws {
        let form = try CompiledForm(source: Self.source)
        let header = Array(repeating: "xx-YY;q=0.5", count: 100_000).joined(separator: ",") + ",ja"
        #expect(form.locale(forAcceptLanguage: header) == nil)  // only the first 64 ranges are read
    }

    @Test func validatesJSONBytes() async throws {
        let form = try CompiledForm(source: Self.source)
        let report = try await form.validate(json: Array(#"{"name":"Mei Chen"}"#.utf8), options: .init(locale: "ja"))
        #expect(report.fields["name"]?.errors.map(\.message) == ["長すぎます"])
        // A UTF-8 byte order mark before the body is skipped, as `formspec validate` skips one.
        let marked = [0xEF, 0xBB, 0xBF] + Array(#"{"name":"Mei Chen"}"#.utf8)
        #expect(try await form.validate(json: marked, options: .init(locale: "ja")) == report)
        await #expect(throws: FormValidationError.self) {
            try await form.validate(json: [0xEF, 0xBB] + Array(#"{"name":"Mei Chen"}"#.utf8))
        }
        await #expect(throws: FormValidationError.notAnObject("an array")) {
            try await form.validate(json: Array("[1]".utf8))
        }
        do {
            _ = try await form.validate(json: Array(#"{"name": }"#.utf8))
            Issue.record("malformed JSON was accepted")
        } catch {
            guard case .invalidJSON(let reason) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(reason.hasPrefix("1:10: "), "\(reason)")
        }
    }
}
