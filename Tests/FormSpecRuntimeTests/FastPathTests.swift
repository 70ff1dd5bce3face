import Testing

@_spi(Program) @_spi(Tooling) @testable import FormSpecRuntime

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

    @Test("the byte path of a length rule agrees with the String one", arguments: LengthRule.Unit.allCases)
    func lengthFromBytesAgrees(unit: LengthRule.Unit) {
        // Past the limit the byte path answers without reading on: ASCII prefixes followed by
        // combining marks, CR LF and other scripts check that the answer holds for the rest.
        let texts = [
            "", "a", "abc", "abcd", "a\r\nb", "\r\n\r\n", "e\u{301}", "日本語", "😀😀", "tab\there", "x\r",
            "abc\u{301}", "abcdef\u{301}\u{302}", "ab\r\n\u{301}", "abc\r\n", "abcd\r\n日本", "\r\r\r\r\n\u{301}",
            "abcdef😀", "a\u{301}bcdefg",
        ]
        for text in texts {
            for limit in 0...5 {
                for bound in [LengthRule.Bound.min, .max] {
                    let rule = LengthRule(bound: bound, limit: limit, unit: unit)
                    let viaBytes = Array(text.utf8).withUnsafeBufferPointer { rule.passes(utf8: $0) }
                    #expect((viaBytes ?? rule.passes(text)) == rule.passes(text), "\(bound) \(limit) \(unit) \(text)")
                    if text.utf8.allSatisfy({ $0 < 0x80 }) { #expect(viaBytes != nil) }
                }
            }
        }
    }

    @Test func textsCompareByTheirBytes() {
        #expect(Scalar.text("Passw0rd!").exactlyEquals(.text("Passw0rd!")))
        #expect(!Scalar.text("Passw0rd!").exactlyEquals(.text("Passw0rd?")))
        #expect(!Scalar.text("a").exactlyEquals(.text("ab")))
        let long = String(repeating: "x", count: 40)
        #expect(Scalar.text(long).exactlyEquals(.text(String(repeating: "x", count: 40))))
        // Precomposed and decomposed differ: exact scalars, not canonical equivalence.
        #expect(!Scalar.text("\u{e9}").exactlyEquals(.text("e\u{301}")))
    }
}
