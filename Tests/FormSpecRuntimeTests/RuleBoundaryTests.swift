import Testing

@_spi(Program) @_spi(Tooling) @testable import FormSpecRuntime

/// Every rule passing and failing at its boundary, called directly on the runtime types.
struct RuleBoundaryTests {
    static let environment = RuleEnvironment(
        values: [.value(.text("Passw0rd!")), .empty, .value(.integer(10))], today: CivilDate(iso: "2024-02-29")!,
        checks: { name, _, _ in name == "ok" ? true : (name == "no" ? false : nil) })

    @Test(arguments: [
        ("abcd", 4, true), ("abc", 4, false), ("", 0, true), ("e\u{301}e\u{301}", 2, true), ("👨‍👩‍👧‍👦", 1, true),
        ("👨‍👩‍👧‍👦", 2, false), ("日本語", 3, true),
    ])
    func minLengthCountsGraphemes(text: String, limit: Int, passes: Bool) {
        #expect(LengthRule(bound: .min, limit: limit, unit: .graphemes).passes(text) == passes)
    }

    @Test(arguments: [("abcde", 5, true), ("abcdef", 5, false), ("e\u{301}", 1, true), ("👍🏽👍🏽", 2, true)])
    func maxLengthCountsGraphemes(text: String, limit: Int, passes: Bool) {
        #expect(LengthRule(bound: .max, limit: limit, unit: .graphemes).passes(text) == passes)
    }

    @Test func lengthUnitsCountOtherwise() {
        let family = "👨‍👩‍👧‍👦"  // 1 grapheme, 7 scalars, 25 UTF-8 bytes, 11 UTF-16 units
        #expect(LengthRule(bound: .max, limit: 1, unit: .graphemes).passes(family))
        #expect(LengthRule(bound: .min, limit: 7, unit: .scalars).passes(family))
        #expect(!LengthRule(bound: .min, limit: 8, unit: .scalars).passes(family))
        #expect(LengthRule(bound: .max, limit: 25, unit: .utf8).passes(family))
        #expect(!LengthRule(bound: .max, limit: 24, unit: .utf8).passes(family))
        #expect(LengthRule(bound: .min, limit: 11, unit: .utf16).passes(family))
        #expect(!LengthRule(bound: .min, limit: 12, unit: .utf16).passes(family))
    }

    @Test func patternIsAnUnanchoredSearch() throws {
        let rule = try PatternRule(source: "[0-9]", negated: false)
        #expect(rule.passes("abc1def"))
        #expect(!rule.passes("abcdef"))
        let negated = try PatternRule(source: "[0-9]", negated: true)
        #expect(!negated.passes("abc1def"))
        #expect(negated.passes("abcdef"))
    }

    @Test func dollarMatchesOnlyAtTheVeryEnd() throws {
        let rule = try PatternRule(source: "^[a-z]+$", negated: false)
        #expect(rule.passes("abc"))
        #expect(!rule.passes("abc\n"), "ECMAScript $ never matches before a trailing newline")
        #expect(!rule.passes("abc\ndef"))
    }

    @Test func digitsAndWordCharactersAreASCII() throws {
        #expect(!(try PatternRule(source: "^\\d+$", negated: false)).passes("١٢٣"), "Arabic-Indic digits are not \\d")
        #expect(try PatternRule(source: "^\\d+$", negated: false).passes("123"))
        #expect(!(try PatternRule(source: "^\\w+$", negated: false)).passes("é"))
        #expect(try PatternRule(source: "^\\w+$", negated: false).passes("a_1"))
    }

    @Test func dotDoesNotMatchANewline() throws {
        let rule = try PatternRule(source: "^a.b$", negated: false)
        #expect(rule.passes("axb"))
        #expect(!rule.passes("a\nb"))
    }

    @Test func patternsMatchUnicodeScalars() throws {
        // With scalar semantics a decomposed é is two scalars, so `^.$` does not match it.
        let rule = try PatternRule(source: "^.$", negated: false)
        #expect(rule.passes("\u{E9}"))
        #expect(!rule.passes("e\u{301}"))
        #expect(try PatternRule(source: "^caf\u{E9}$", negated: false).passes("caf\u{E9}"))
        #expect(try PatternRule(source: "a\\/b", negated: false).passes("a/b"))
    }

    @Test func invalidPatternsThrow() {
        #expect(throws: PatternError.self) { try PatternRule(source: "[a-", negated: false) }
        #expect(throws: PatternError.self) { try PatternRule(source: "(", negated: false) }
    }

    @Test(arguments: [
        (ContainsRule.CharacterClass.uppercase, "abcD", true), (.uppercase, "abcd", false),
        (.lowercase, "ABCd", true), (.lowercase, "ABCD", false), (.digit, "abc1", true), (.digit, "abc", false),
        (.symbol, "abc!", true), (.symbol, "abc 1", false), (.symbol, "a😀", true), (.whitespace, "a b", true),
        (.whitespace, "ab", false), (.letter, "123é", true), (.letter, "123", false), (.uppercase, "É", true),
        (.symbol, "e\u{301}", false),
    ])
    func containsClasses(characterClass: ContainsRule.CharacterClass, text: String, passes: Bool) {
        #expect(ContainsRule(classes: [characterClass], count: 1).passes(text) == passes)
    }

    @Test func containsCountsEveryClass() {
        let rule = ContainsRule(classes: [.digit, .uppercase], count: 2)
        #expect(rule.passes("AB12"))
        #expect(!rule.passes("AB1"))
        #expect(!rule.passes("A12"))
    }

    @Test(arguments: [
        ("alice@example.com", true), ("a.b+c@mail.example.co", true), ("alice@例え.jp", true), ("alice", false),
        ("alice@", false), ("@example.com", false), ("alice@example", false), ("a lice@example.com", false),
        ("alice@@example.com", false), (".alice@example.com", false), ("alice@-example.com", false),
        ("alice@example.c", false),
    ])
    func emailFormat(text: String, passes: Bool) {
        #expect(FormatRule(format: .email).passes(text) == passes)
    }

    @Test(arguments: [
        ("https://example.com", true), ("http://localhost:8080/path?q=1#x", true), ("ftp://files.example.org", true),
        ("https://[::1]/", true), ("example.com", false), ("https://", false), ("https://exa mple.com", false),
        ("https://example.com:99999", false), ("1http://example.com", false),
    ])
    func urlFormat(text: String, passes: Bool) {
        #expect(FormatRule(format: .url).passes(text) == passes)
    }

    @Test(arguments: [
        ("123e4567-e89b-12d3-a456-426614174000", true), ("123E4567-E89B-12D3-A456-426614174000", true),
        ("123e4567e89b12d3a456426614174000", false), ("123e4567-e89b-12d3-a456-42661417400g", false),
    ])
    func uuidFormat(text: String, passes: Bool) {
        #expect(FormatRule(format: .uuid).passes(text) == passes)
    }

    @Test func equalityComparesScalarsExactly() {
        let precomposed = EqualityRule(operand: .literal(.text("\u{E9}")), negated: false)
        #expect(precomposed.passes(.text("\u{E9}"), in: Self.environment))
        #expect(!precomposed.passes(.text("e\u{301}"), in: Self.environment), "precomposed and decomposed differ")
        let notEquals = EqualityRule(operand: .literal(.integer(3)), negated: true)
        #expect(notEquals.passes(.integer(4), in: Self.environment))
        #expect(!notEquals.passes(.integer(3), in: Self.environment))
        #expect(!notEquals.passes(.number(3.0), in: Self.environment))
    }

    @Test func membership() {
        let oneOf = MembershipRule(values: [.text("a"), .text("b")], negated: false)
        #expect(oneOf.passes(.text("a")))
        #expect(!oneOf.passes(.text("c")))
        #expect(!oneOf.passes(.text("A")))
        let notOneOf = MembershipRule(values: [.text("admin")], negated: true)
        #expect(notOneOf.passes(.text("alice")))
        #expect(!notOneOf.passes(.text("admin")))
    }

    @Test func fieldComparison() {
        let sameAs = FieldComparisonRule(other: 0, negated: false)
        #expect(sameAs.passes(.text("Passw0rd!"), in: Self.environment))
        #expect(!sameAs.passes(.text("Passw0rd"), in: Self.environment))
        #expect(
            !FieldComparisonRule(other: 1, negated: false).passes(.text(""), in: Self.environment),
            "empty never matches")
        #expect(FieldComparisonRule(other: 0, negated: true).passes(.text("other"), in: Self.environment))
    }

    @Test(arguments: [
        (RangeRule.Comparison.min, 10, true), (.min, 9, false), (.max, 10, true), (.max, 11, false),
        (.greaterThan, 11, true), (.greaterThan, 10, false), (.lessThan, 9, true), (.lessThan, 10, false),
    ])
    func rangeAtItsBoundary(comparison: RangeRule.Comparison, value: Int64, passes: Bool) {
        #expect(
            RangeRule(comparison: comparison, operand: .literal(.integer(10))).passes(
                .integer(value), in: Self.environment) == passes)
    }

    @Test func rangeReadsAnotherFieldAndToday() {
        let atLeastOther = RangeRule(comparison: .min, operand: .field(2))
        #expect(atLeastOther.passes(.integer(10), in: Self.environment))
        #expect(!atLeastOther.passes(.number(9.5), in: Self.environment))
        let notFuture = RangeRule(comparison: .max, operand: .today(DateOffset(amount: 0, unit: .day)))
        #expect(notFuture.passes(.date(CivilDate(iso: "2024-02-29")!), in: Self.environment))
        #expect(!notFuture.passes(.date(CivilDate(iso: "2024-03-01")!), in: Self.environment))
        let adult = RangeRule(comparison: .max, operand: .today(DateOffset(amount: -18, unit: .year)))
        #expect(
            adult.passes(.date(CivilDate(iso: "2006-02-28")!), in: Self.environment),
            "2024-02-29 minus 18y clamps to 2006-02-28")
        #expect(!adult.passes(.date(CivilDate(iso: "2006-03-01")!), in: Self.environment))
    }

    @Test func multipleOf() {
        #expect(MultipleOfRule(operand: .literal(.integer(5))).passes(.integer(15), in: Self.environment))
        #expect(!MultipleOfRule(operand: .literal(.integer(5))).passes(.integer(16), in: Self.environment))
        #expect(MultipleOfRule(operand: .literal(.number(0.1))).passes(.number(0.3), in: Self.environment))
        #expect(MultipleOfRule(operand: .literal(.number(0.01))).passes(.number(19.99), in: Self.environment))
        #expect(!MultipleOfRule(operand: .literal(.number(0.5))).passes(.number(1.2), in: Self.environment))
    }

    @Test func externalChecksAnswerOrThrow() throws {
        #expect(try ExternalCheckRule(name: "ok").passes(.text("x"), fieldName: "f", in: Self.environment))
        #expect(!(try ExternalCheckRule(name: "no").passes(.text("x"), fieldName: "f", in: Self.environment)))
        #expect(throws: EvaluationError.unresolvedCheck(check: "missing", field: "f")) {
            try ExternalCheckRule(name: "missing").passes(.text("x"), fieldName: "f", in: Self.environment)
        }
    }
}

/// The ASCII fast path of `contains` agrees with the Unicode path on every ASCII character.
struct ContainsASCIITests {
    @Test(arguments: ContainsRule.CharacterClass.allCases)
    func asciiFastPathAgreesWithCharacterProperties(characterClass: ContainsRule.CharacterClass) {
        for byte in UInt8(0)..<0x80 {
            let character = Character(Unicode.Scalar(byte))
            let rule = ContainsRule(classes: [characterClass], count: 1)
            #expect(rule.passes(String(character)) == characterClass.contains(character), "byte \(byte)")
        }
    }

    @Test func crlfIsOneWhitespaceCharacter() {
        #expect(!ContainsRule(classes: [.whitespace], count: 2).passes("a\r\nb"))
        #expect(ContainsRule(classes: [.whitespace], count: 2).passes("a\r\n b"))
    }
}

/// Templates encode as one readable string and decode back to the same segments.
struct TemplateCodingTests {
    @Test(arguments: [
        Template([.text("Plain")]), Template([.value, .text(" is not {allowed}")]), Template([.text("a "), .value]),
        Template([.text("")]),
    ])
    func roundTrips(template: Template) {
        #expect(Template(source: template.source) == template)
    }

    @Test func spelling() {
        #expect(Template([.value, .text(" is {x}")]).source == "{value} is {{x}}")
    }
}

extension RuleBoundaryTests {
    @Test(arguments: [
        ("4539 1488 0343 6467", true), ("4539-1488-0343-6467", true), ("4539148803436467", true),
        ("4539148803436468", false), ("79927398713", true), ("79927398710", false), ("0", false), ("00", true),
        ("4539 1488 0343 646a", false), ("", false), ("４５３９148803436467", false), ("  -  ", false),
    ])
    func luhnFormat(text: String, passes: Bool) {
        #expect(FormatRule(format: .luhn).passes(text) == passes)
    }

    @Test(arguments: [
        ("+442079460958", true), ("+44 20 7946 0958", true), ("+1 (555) 010-9999", true), ("+1.555.010.9999", true),
        ("+1234567", false), ("+12345678", true), ("+123456789012345", true), ("+1234567890123456", false),
        ("442079460958", false), ("+44 20 7946 095a", false), ("++442079460958", false), ("+44+2079460958", false),
        ("4+42079460958", false), ("", false), ("+", false), ("+４４2079460958", false),
    ])
    func e164Format(text: String, passes: Bool) {
        #expect(FormatRule(format: .e164).passes(text) == passes)
    }
}
