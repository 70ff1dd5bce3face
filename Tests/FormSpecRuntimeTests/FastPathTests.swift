import Testing

@testable import FormSpecRuntime

@Suite("ASCII fast paths agree with Unicode")
struct FastPathTests {
    @Test(arguments: ["", "a", "abc", "a\r\nb", "\r\n\r\n", "\n\r", "\r\r\n", "tab\there", "x\r"])
    func asciiGraphemeCountIsStringCount(_ text: String) {
        #expect(LengthRule.asciiGraphemeCount(text) == text.count)
    }

    @Test func nonASCIITextTakesTheUnicodePath() {
        #expect(LengthRule.asciiGraphemeCount("e\u{301}") == nil)
        let rule = LengthRule(bound: .min, limit: 2, unit: .graphemes)
        #expect(!rule.passes("e\u{301}"))
        #expect(rule.passes("e\u{301}x"))
    }

    @Test func crlfCountsAsOneCharacter() {
        let rule = LengthRule(bound: .max, limit: 3, unit: .graphemes)
        #expect(rule.passes("ab\r\n"))
        #expect(!rule.passes("ab\r\nc\r\n"))
    }
}
