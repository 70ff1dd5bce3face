import Foundation
import Testing

@testable import FormSpecPattern

// MARK: Helpers

private func set(_ ranges: ClosedRange<UInt32>...) -> PatternIR { .scalars(ScalarSet(ranges)) }
private func char(_ scalar: Unicode.Scalar) -> PatternIR { set(scalar.value...scalar.value) }
private func lower(_ pattern: String) -> PatternIR? { try? PatternSyntax.lower(pattern) }
private func error(_ pattern: String) -> PatternSyntaxError? {
    do {
        _ = try PatternSyntax.lower(pattern)
        return nil
    } catch {
        return error
    }
}
private func matches(_ pattern: String, _ subject: String) -> Bool? {
    lower(pattern).map { ReferenceMatcher.matches($0, subject) }
}

// MARK: Lowering of every construct

struct LoweringCase: CustomTestStringConvertible, Sendable {
    var pattern: String
    var ir: PatternIR
    var testDescription: String { "/\(pattern)/" }
}

private let lineTerminators = ScalarSet([0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029])
private let word = ScalarSet([0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])

@Test(arguments: [
    LoweringCase(pattern: "", ir: .empty),
    LoweringCase(pattern: "a", ir: char("a")),
    LoweringCase(pattern: "ab", ir: .concatenation([char("a"), char("b")])),
    LoweringCase(pattern: "a|b|", ir: .alternation([char("a"), char("b"), .empty])),
    LoweringCase(pattern: "(?:a|b)|c", ir: .alternation([char("a"), char("b"), char("c")])),
    LoweringCase(pattern: "(a)(?:b)(?<n>c)", ir: .concatenation([char("a"), char("b"), char("c")])),
    LoweringCase(pattern: "(?<n>a)|(?<n>b)", ir: .alternation([char("a"), char("b")])),
    LoweringCase(
        pattern: "(?:(?<n>a)|b(?<n>c))", ir: .alternation([char("a"), .concatenation([char("b"), char("c")])])),
    LoweringCase(pattern: "((((a))))", ir: char("a")),
    LoweringCase(pattern: "()", ir: .empty),
    LoweringCase(pattern: ".", ir: .scalars(lineTerminators.inverted)),
    LoweringCase(pattern: "[^]", ir: .scalars(.all)),
    LoweringCase(pattern: "[]", ir: .scalars(ScalarSet())),
    LoweringCase(pattern: "[a-cx]", ir: set(0x61...0x63, 0x78...0x78)),
    LoweringCase(pattern: "[^a-c]", ir: .scalars(ScalarSet([0x61...0x63]).inverted)),
    LoweringCase(pattern: "[a-]", ir: set(0x2D...0x2D, 0x61...0x61)),
    LoweringCase(pattern: "[-a]", ir: set(0x2D...0x2D, 0x61...0x61)),
    LoweringCase(pattern: "[--0]", ir: set(0x2D...0x30)),
    LoweringCase(pattern: "[a-b--c]", ir: set(0x2D...0x63)),
    LoweringCase(pattern: "[\\w-]", ir: .scalars(word.union(ScalarSet([0x2D...0x2D])))),
    LoweringCase(pattern: "[\\b]", ir: set(0x08...0x08)),
    LoweringCase(pattern: "[\\-]", ir: set(0x2D...0x2D)),
    LoweringCase(
        pattern: "[(){}.*+?|$^]", ir: .scalars(ScalarSet("(){}.*+?|$^".unicodeScalars.map { $0.value...$0.value }))),
    LoweringCase(pattern: "\\d", ir: set(0x30...0x39)),
    LoweringCase(pattern: "\\D", ir: .scalars(ScalarSet([0x30...0x39]).inverted)),
    LoweringCase(pattern: "\\w", ir: .scalars(word)),
    LoweringCase(pattern: "\\W", ir: .scalars(word.inverted)),
    LoweringCase(
        pattern: "\\s",
        ir: set(
            0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A, 0x2028...0x2029,
            0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF)),
    LoweringCase(pattern: "\\f\\n\\r\\t\\v", ir: .concatenation([0x0C, 0x0A, 0x0D, 0x09, 0x0B].map { set($0...$0) })),
    LoweringCase(pattern: "\\cJ", ir: set(0x0A...0x0A)),
    LoweringCase(pattern: "\\cj", ir: set(0x0A...0x0A)),
    LoweringCase(pattern: "\\0", ir: set(0...0)),
    LoweringCase(pattern: "\\x41", ir: char("A")),
    LoweringCase(pattern: "\\u00e9", ir: char("é")),
    LoweringCase(pattern: "\\u{1F600}", ir: char("😀")),
    LoweringCase(pattern: "\\u{0000000041}", ir: char("A")),
    LoweringCase(pattern: "\\u{10FFFF}", ir: set(0x10FFFF...0x10FFFF)),
    LoweringCase(pattern: "\\uD83D\\uDE00", ir: char("😀")),
    LoweringCase(pattern: "\\uD83D", ir: set(0xD83D...0xD83D)),
    LoweringCase(pattern: "\\uD83D\\u{DE00}", ir: .concatenation([set(0xD83D...0xD83D), set(0xDE00...0xDE00)])),
    LoweringCase(pattern: "[\\uD83D\\uDE00]", ir: char("😀")),
    LoweringCase(pattern: "\\/\\.\\\\\\^", ir: .concatenation([char("/"), char("."), char("\\"), char("^")])),
    LoweringCase(pattern: "😀", ir: char("😀")),
    LoweringCase(pattern: "^", ir: .assertion(.start)),
    LoweringCase(pattern: "$", ir: .assertion(.end)),
    LoweringCase(pattern: "\\b\\B", ir: .concatenation([.assertion(.wordBoundary), .assertion(.notWordBoundary)])),
    LoweringCase(pattern: "(?=a)", ir: .lookaround(char("a"), PatternLookaround(ahead: true, negated: false))),
    LoweringCase(pattern: "(?!a)", ir: .lookaround(char("a"), PatternLookaround(ahead: true, negated: true))),
    LoweringCase(pattern: "(?<=a)", ir: .lookaround(char("a"), PatternLookaround(ahead: false, negated: false))),
    LoweringCase(pattern: "(?<!a)", ir: .lookaround(char("a"), PatternLookaround(ahead: false, negated: true))),
    LoweringCase(pattern: "a*", ir: .repetition(char("a"), min: 0, max: nil)),
    LoweringCase(pattern: "a+?", ir: .repetition(char("a"), min: 1, max: nil)),
    LoweringCase(pattern: "a??", ir: .repetition(char("a"), min: 0, max: 1)),
    LoweringCase(pattern: "a{3}", ir: .repetition(char("a"), min: 3, max: 3)),
    LoweringCase(pattern: "a{3,}?", ir: .repetition(char("a"), min: 3, max: nil)),
    LoweringCase(pattern: "a{2,5}", ir: .repetition(char("a"), min: 2, max: 5)),
    LoweringCase(pattern: "a{1}", ir: char("a")),
    LoweringCase(pattern: "a{99999999999999999999}", ir: .repetition(char("a"), min: .max, max: .max)),
    LoweringCase(
        pattern: "a{3000000000,2999999999}", ir: .repetition(char("a"), min: 3_000_000_000, max: 3_000_000_000)),
    LoweringCase(pattern: "(?:ab)+", ir: .repetition(.concatenation([char("a"), char("b")]), min: 1, max: nil)),
    LoweringCase(pattern: "\\p{ASCII}", ir: set(0...0x7F)),
    LoweringCase(pattern: "\\P{ASCII}", ir: set(0x80...0x10FFFF)),
    LoweringCase(pattern: "\\p{Any}", ir: .scalars(.all)),
    LoweringCase(pattern: "[\\P{Any}]", ir: .scalars(ScalarSet())),
    LoweringCase(pattern: "\\p{Cs}", ir: set(0xD800...0xDFFF)),
    LoweringCase(pattern: "\\p{gc=Surrogate}", ir: set(0xD800...0xDFFF)),
    LoweringCase(pattern: "\\p{General_Category=Cs}", ir: set(0xD800...0xDFFF)),
    LoweringCase(pattern: "\\p{ASCII_Hex_Digit}", ir: set(0x30...0x39, 0x41...0x46, 0x61...0x66)),
    LoweringCase(pattern: "(?<\\u0061>x)", ir: char("x")),
    LoweringCase(pattern: "(?<$_a\u{200D}b>x)", ir: char("x")),
    LoweringCase(pattern: "(?<\\uD835\\uDC9C>x)", ir: char("x")),
])
func lowersTo(_ testCase: LoweringCase) {
    #expect(lower(testCase.pattern) == testCase.ir)
}

// MARK: Errors, each with its position in Unicode scalars

struct ErrorCase: CustomTestStringConvertible, Sendable {
    var pattern: String
    var message: String
    var offset: Int
    var length: Int = 1
    var testDescription: String { "/\(pattern)/" }
}

@Test(arguments: [
    // The issue's examples that ECMAScript u-mode rejects.
    ErrorCase(pattern: "\\Z", message: "invalid escape", offset: 0, length: 2),
    ErrorCase(pattern: "x\\h", message: "invalid escape", offset: 1, length: 2),
    ErrorCase(pattern: "(?i)", message: "inline flags '(?i)' are not ECMAScript", offset: 0, length: 4),
    ErrorCase(pattern: "a(?ms)", message: "inline flags '(?ms)' are not ECMAScript", offset: 1, length: 5),
    // ES2025 modifier groups: their early errors.
    ErrorCase(pattern: "(?ii:a)", message: "repeated flag 'i' in modifier group", offset: 3),
    ErrorCase(pattern: "(?i-i:a)", message: "repeated flag 'i' in modifier group", offset: 4),
    ErrorCase(pattern: "(?-mm:a)", message: "repeated flag 'm' in modifier group", offset: 4),
    ErrorCase(pattern: "(?-:a)", message: "modifier group turns no flag on or off", offset: 0, length: 4),
    ErrorCase(pattern: "(?ix:a)", message: "unknown flag 'x' in modifier group", offset: 3),
    ErrorCase(pattern: "(?-g:a)", message: "unknown flag 'g' in modifier group", offset: 3),
    ErrorCase(pattern: "(?x:a)", message: "invalid group", offset: 0, length: 3),
    ErrorCase(pattern: "(?i-m-s:a)", message: "invalid group", offset: 0, length: 6),
    ErrorCase(pattern: "(?i", message: "unterminated group: this '(' has no ')'", offset: 0),
    ErrorCase(pattern: "a{,3}", message: "incomplete quantifier", offset: 1, length: 4),
    // `[[:alpha:]]` is the class `[[:alpha:]` then a lone `]`.
    ErrorCase(pattern: "[[:alpha:]]", message: "lone ']'", offset: 10),
    // Groups.
    ErrorCase(pattern: "a)", message: "unmatched ')'", offset: 1),
    ErrorCase(pattern: "(a", message: "unterminated group: this '(' has no ')'", offset: 0),
    ErrorCase(pattern: "((a)", message: "unterminated group: this '(' has no ')'", offset: 0),
    ErrorCase(pattern: "(?:", message: "unterminated group: this '(' has no ')'", offset: 0),
    ErrorCase(pattern: "(?", message: "invalid group", offset: 0, length: 2),
    ErrorCase(pattern: "(?P<x>a)", message: "invalid group", offset: 0, length: 3),
    ErrorCase(pattern: "(?<>x)", message: "invalid capture group name", offset: 0, length: 4),
    ErrorCase(pattern: "(?<1a>x)", message: "invalid capture group name", offset: 0, length: 4),
    ErrorCase(pattern: "(?<a", message: "invalid capture group name", offset: 0, length: 4),
    ErrorCase(pattern: "(?<a-b>x)", message: "invalid capture group name", offset: 0, length: 5),
    ErrorCase(pattern: "(?<a\\u{1F600}>x)", message: "invalid capture group name", offset: 0, length: 13),
    ErrorCase(pattern: "(?<a\\uD835\\u{DC9C}>x)", message: "invalid capture group name", offset: 0, length: 10),
    // ES2025 allows a name twice only in different alternatives (both groups never take part).
    ErrorCase(pattern: "(?<a>x)(?<a>y)", message: "duplicate capture group name 'a'", offset: 7, length: 5),
    ErrorCase(pattern: "(?<a>x)|(?<a>y)(?<a>z)", message: "duplicate capture group name 'a'", offset: 15, length: 5),
    ErrorCase(pattern: "(?:(?<a>x)|y)(?<a>z)", message: "duplicate capture group name 'a'", offset: 13, length: 5),
    ErrorCase(pattern: "(?<a>(?<a>x)|y)", message: "duplicate capture group name 'a'", offset: 5, length: 5),
    // Quantifiers.
    ErrorCase(pattern: "*", message: "nothing to repeat", offset: 0),
    ErrorCase(pattern: "a|+", message: "nothing to repeat", offset: 2),
    ErrorCase(pattern: "(?:+)", message: "nothing to repeat", offset: 3),
    ErrorCase(pattern: "a**", message: "nothing to repeat", offset: 2),
    ErrorCase(pattern: "a*??", message: "nothing to repeat", offset: 3),
    ErrorCase(pattern: "a{1}{2}", message: "nothing to repeat", offset: 4, length: 3),
    ErrorCase(pattern: "{1}", message: "nothing to repeat", offset: 0, length: 3),
    ErrorCase(pattern: "^*", message: "nothing to repeat", offset: 1),
    ErrorCase(pattern: "\\b+", message: "nothing to repeat", offset: 2),
    ErrorCase(pattern: "(?=a)*", message: "a lookaround cannot be repeated", offset: 5),
    ErrorCase(pattern: "(?<!a){2}", message: "a lookaround cannot be repeated", offset: 6, length: 3),
    ErrorCase(pattern: "x{2,1}", message: "numbers out of order in {} quantifier", offset: 1, length: 5),
    ErrorCase(pattern: "a{", message: "incomplete quantifier", offset: 1),
    ErrorCase(pattern: "a{1", message: "incomplete quantifier", offset: 1, length: 2),
    ErrorCase(pattern: "a{1,2", message: "incomplete quantifier", offset: 1, length: 4),
    ErrorCase(pattern: "a{x}", message: "incomplete quantifier", offset: 1),
    ErrorCase(pattern: "{", message: "lone quantifier brackets", offset: 0),
    ErrorCase(pattern: "a}", message: "lone quantifier brackets", offset: 1),
    ErrorCase(pattern: "]", message: "lone ']'", offset: 0),
    // Classes.
    ErrorCase(pattern: "[a", message: "unterminated character class", offset: 0),
    ErrorCase(pattern: "x[^", message: "unterminated character class", offset: 1),
    ErrorCase(pattern: "[a-", message: "unterminated character class", offset: 0),
    ErrorCase(pattern: "[z-a]", message: "range out of order in character class", offset: 1, length: 3),
    ErrorCase(pattern: "[a--]", message: "range out of order in character class", offset: 1, length: 3),
    ErrorCase(
        pattern: "[\\w-a]", message: "a class escape like '\\d' cannot be the end of a range", offset: 1, length: 4),
    ErrorCase(
        pattern: "[a-\\d]", message: "a class escape like '\\d' cannot be the end of a range", offset: 1, length: 4),
    ErrorCase(
        pattern: "[\\p{L}-a]", message: "a class escape like '\\d' cannot be the end of a range", offset: 1, length: 7),
    ErrorCase(pattern: "[\\1]", message: "invalid escape in character class", offset: 1, length: 2),
    ErrorCase(pattern: "[\\B]", message: "invalid escape in character class", offset: 1, length: 2),
    ErrorCase(pattern: "[\\k<a>](?<a>.)", message: "invalid escape in character class", offset: 1, length: 2),
    ErrorCase(pattern: "[\\00]", message: "invalid escape in character class", offset: 1, length: 3),
    ErrorCase(pattern: "[\\q]", message: "invalid escape in character class", offset: 1, length: 2),
    // Escapes.
    ErrorCase(pattern: "\\", message: "'\\' at end of pattern", offset: 0),
    ErrorCase(pattern: "\\-", message: "invalid escape", offset: 0, length: 2),
    ErrorCase(pattern: "\\a", message: "invalid escape", offset: 0, length: 2),
    ErrorCase(pattern: "\\ ", message: "invalid escape", offset: 0, length: 2),
    ErrorCase(pattern: "\\é", message: "invalid escape", offset: 0, length: 2),
    ErrorCase(pattern: "😀\\z", message: "invalid escape", offset: 1, length: 2),
    ErrorCase(pattern: "\\00", message: "invalid decimal escape", offset: 0, length: 3),
    ErrorCase(
        pattern: "\\c", message: "invalid control escape: '\\c' must be followed by an ASCII letter", offset: 0,
        length: 2),
    ErrorCase(
        pattern: "\\c1", message: "invalid control escape: '\\c' must be followed by an ASCII letter", offset: 0,
        length: 2),
    ErrorCase(
        pattern: "[\\c_]", message: "invalid control escape: '\\c' must be followed by an ASCII letter", offset: 1,
        length: 2),
    ErrorCase(
        pattern: "\\x4", message: "invalid escape: '\\x' must be followed by two hexadecimal digits", offset: 0,
        length: 2),
    ErrorCase(pattern: "\\u12", message: "invalid Unicode escape", offset: 0, length: 2),
    ErrorCase(pattern: "\\u{}", message: "invalid Unicode escape", offset: 0, length: 3),
    ErrorCase(pattern: "\\u{110000}", message: "invalid Unicode escape", offset: 0, length: 9),
    ErrorCase(pattern: "\\u{41", message: "invalid Unicode escape", offset: 0, length: 5),
    ErrorCase(
        pattern: "\\k", message: "invalid named reference: '\\k' must be followed by '<name>'", offset: 0, length: 2),
    ErrorCase(
        pattern: "\\k<a", message: "invalid named reference: '\\k' must be followed by '<name>'", offset: 0, length: 4),
    // Properties: names are exact and case-sensitive.
    ErrorCase(pattern: "\\p", message: "invalid Unicode property escape", offset: 0, length: 2),
    ErrorCase(pattern: "\\p{", message: "invalid Unicode property escape", offset: 0, length: 3),
    ErrorCase(pattern: "\\P{L", message: "invalid Unicode property escape", offset: 0, length: 4),
    ErrorCase(pattern: "\\p{}", message: "invalid Unicode property escape", offset: 0, length: 4),
    ErrorCase(pattern: "\\p{gc=}", message: "invalid Unicode property escape", offset: 0, length: 7),
    ErrorCase(pattern: "\\p{L-}", message: "invalid Unicode property escape", offset: 0, length: 5),
    ErrorCase(pattern: "\\p{Foo}", message: "unknown Unicode property name 'Foo'", offset: 3, length: 3),
    ErrorCase(pattern: "\\p{any}", message: "unknown Unicode property name 'any'", offset: 3, length: 3),
    ErrorCase(pattern: "\\p{Latin}", message: "unknown Unicode property name 'Latin'", offset: 3, length: 5),
    ErrorCase(pattern: "\\p{Lc}", message: "unknown Unicode property name 'Lc'", offset: 3, length: 2),
    ErrorCase(pattern: "\\p{RGI_Emoji}", message: "unknown Unicode property name 'RGI_Emoji'", offset: 3, length: 9),
    ErrorCase(
        pattern: "\\p{Block=Basic_Latin}", message: "unknown Unicode property name 'Block'", offset: 3, length: 5),
    ErrorCase(pattern: "\\p{sc=Foo}", message: "unknown value 'Foo' for Unicode property 'sc'", offset: 6, length: 3),
    ErrorCase(
        pattern: "\\p{gc=Letter}x\\p{gc=ASCII}", message: "unknown value 'ASCII' for Unicode property 'gc'", offset: 20,
        length: 5),
    // Backreferences: refused when valid, errors as ECMAScript when not.
    ErrorCase(
        pattern: "(a)\\1",
        message:
            "backreferences are not supported: they are not regular, and FormSpec guarantees matching in linear time",
        offset: 3, length: 2),
    ErrorCase(
        pattern: "\\1(a)",
        message:
            "backreferences are not supported: they are not regular, and FormSpec guarantees matching in linear time",
        offset: 0, length: 2),
    ErrorCase(
        pattern: "(?<year>\\d{4})-\\k<year>",
        message:
            "backreferences are not supported: they are not regular, and FormSpec guarantees matching in linear time",
        offset: 15, length: 8),
    ErrorCase(
        pattern: "\\2(a)", message: "invalid escape '\\2': the pattern has 1 capture group", offset: 0, length: 2),
    ErrorCase(pattern: "\\8", message: "invalid escape '\\8': the pattern has 0 capture groups", offset: 0, length: 2),
    ErrorCase(pattern: "(?<a>x)\\k<b>", message: "no capture group named 'b'", offset: 7, length: 5),
])
func reportsError(_ testCase: ErrorCase) {
    let error = error(testCase.pattern)
    #expect(error?.message == testCase.message)
    #expect(error?.offset == testCase.offset)
    #expect(error?.length == testCase.length)
}

@Test func refusedBackreferencesSayWhatToUseInstead() throws {
    let note = try #require(error("(a)\\1")?.note)
    #expect(note.contains("same_as:"))
    #expect(note.contains("spell the repetition out"))
}

// MARK: Semantics the issue calls out (checked with the reference matcher)

struct MatchCase: CustomTestStringConvertible, Sendable {
    var pattern: String
    var subject: String
    var matches: Bool
    var testDescription: String { "/\(pattern)/ on \(subject.debugDescription)" }
}

@Test(arguments: [
    MatchCase(pattern: "^.$", subject: "\u{0B}", matches: true),
    MatchCase(pattern: "^.$", subject: "\u{0C}", matches: true),
    MatchCase(pattern: "^.$", subject: "\u{85}", matches: true),
    MatchCase(pattern: "^.$", subject: "😀", matches: true),
    MatchCase(pattern: "^.$", subject: "\n", matches: false),
    MatchCase(pattern: "^.$", subject: "\r", matches: false),
    MatchCase(pattern: "^.$", subject: "\u{2028}", matches: false),
    MatchCase(pattern: "^.$", subject: "\u{2029}", matches: false),
    MatchCase(pattern: "^\\s$", subject: "\u{FEFF}", matches: true),
    MatchCase(pattern: "^\\s$", subject: "\u{85}", matches: false),
    MatchCase(pattern: "^\\s$", subject: "\u{1680}", matches: true),
    MatchCase(pattern: "^\\s$", subject: "\u{3000}", matches: true),
    MatchCase(pattern: "^\\s$", subject: "\u{200B}", matches: false),
    MatchCase(pattern: "(?<=\\$)\\d+", subject: "cost $42", matches: true),
    MatchCase(pattern: "(?<=\\$)\\d+", subject: "cost 42", matches: false),
    MatchCase(pattern: "(?<!\\$)\\b\\d+", subject: "$42", matches: false),
    MatchCase(pattern: "^[^]$", subject: "\n", matches: true),
    MatchCase(pattern: "[]", subject: "anything", matches: false),
    MatchCase(pattern: "^a[]?b$", subject: "ab", matches: true),
    MatchCase(pattern: "a\\cJb", subject: "a\nb", matches: true),
    MatchCase(pattern: "^$", subject: "", matches: true),
    MatchCase(pattern: "a$", subject: "a\n", matches: false),
    MatchCase(pattern: "\\bé", subject: " é", matches: false),
    MatchCase(pattern: "^\\p{Lu}\\p{Ll}+$", subject: "Ωmega", matches: true),
    MatchCase(pattern: "^\\p{Script=Greek}+$", subject: "λόγος", matches: true),
    MatchCase(pattern: "^\\p{sc=Hira}$", subject: "ー", matches: false),
    MatchCase(pattern: "^\\p{scx=Hira}$", subject: "ー", matches: true),
    MatchCase(pattern: "^\\u{1F600}$", subject: "😀", matches: true),
])
func matchesLikeECMAScript(_ testCase: MatchCase) {
    #expect(matches(testCase.pattern, testCase.subject) == testCase.matches)
}

// MARK: Unicode tables

@Test func unicodeTablesDecodeToTheExpectedSets() throws {
    let letters = try #require(UnicodeProperties.set(name: "L", value: nil))
    #expect(letters == UnicodeProperties.set(name: "Letter", value: nil))
    #expect(letters == UnicodeProperties.set(name: "General_Category", value: "L"))
    #expect(letters.contains(0x61) && letters.contains(0x4E2D) && letters.contains(0x1D49C))
    #expect(!letters.contains(0x31) && !letters.contains(0x1F600))
    // Every gc value together covers the code space exactly once.
    let leaves = [
        "Cc", "Cf", "Cn", "Co", "Cs", "Ll", "Lm", "Lo", "Lt", "Lu", "Mc", "Me", "Mn", "Nd", "Nl", "No",
        "Pc", "Pd", "Pe", "Pf", "Pi", "Po", "Ps", "Sc", "Sk", "Sm", "So", "Zl", "Zp", "Zs",
    ]
    var union = ScalarSet()
    var total = 0
    for leaf in leaves {
        let set = try #require(UnicodeProperties.set(name: "gc", value: leaf), "gc=\(leaf)")
        union = union.union(set)
        total += set.ranges.reduce(0) { $0 + $1.count }
    }
    #expect(union == .all)
    #expect(total == 0x110000)
    #expect(UnicodeProperties.set(name: "Script", value: "Latin") == UnicodeProperties.set(name: "sc", value: "Latn"))
    #expect(UnicodeProperties.set(name: "Script_Extensions", value: "Unknown") != nil)
    #expect(!UnicodeTables.unicodeVersion.isEmpty)
}

@Test func encodedRangesRoundTrip() {
    // 0...2 then 5...5 then 0x10FFFF: gaps 0, 2, 0x10FFF9; lengths-1 2, 0, 0.
    #expect(ScalarSet(encodedRanges: "0220bb**P0").ranges == [0...2, 5...5, 0x10FFFF...0x10FFFF])
    #expect(ScalarSet(encodedRanges: "").ranges.isEmpty)
}

// MARK: Hostile input: bounded time, an error or a result, never a crash

@Test func deepNestingIsAnErrorNotACrash() throws {
    for opener in ["(", "(?:", "(?=", "(?<!", "(?<n"] {
        let pattern = String(repeating: opener, count: 3000)
        #expect(error(pattern) != nil, "\(opener) × 3000")
    }
    let balanced = String(repeating: "(", count: 3000) + "a" + String(repeating: ")", count: 3000)
    let tooDeep = try #require(error(balanced))
    #expect(tooDeep.message == "groups nested more than 500 deep")
    #expect(tooDeep.offset == 500)
    let brackets = String(repeating: "[", count: 3000)
    #expect(error(brackets)?.message == "unterminated character class")
    #expect(error(brackets + String(repeating: "]", count: 3000))?.message == "lone ']'")
}

@Test func nestingAtTheLimitLowersAndEveryLaterStageCopes() async throws {
    let depth = PatternParser.maximumDepth
    let pattern = String(repeating: "(?:a", count: depth) + String(repeating: ")*", count: depth)
    let ir = try #require(lower(pattern))
    // Hashing, equality, matching and releasing all walk the tree recursively.
    #expect(ir.hashValue == ir.hashValue)
    #expect(ir == ir)
    #expect(ReferenceMatcher.matches(ir, "aaa"))
}

@Test func megabyteLiteralPatternLowersInBoundedTime() {
    let clock = ContinuousClock()
    var ir: PatternIR?
    let elapsed = clock.measure { ir = lower(String(repeating: "ab", count: 500_000)) }
    #expect(ir != nil)
    #expect(elapsed < .seconds(60))
}

@Test func megabyteOfClassesLowersInBoundedTime() {
    let clock = ContinuousClock()
    var ir: PatternIR?
    let elapsed = clock.measure { ir = lower(String(repeating: "[a-z\\d\\p{L}]", count: 80_000)) }
    #expect(ir != nil)
    #expect(elapsed < .seconds(60))
}

@Test func megabyteOfDistinctLiteralsLowersUnderIgnoreCaseInBoundedTime() throws {
    let clock = ContinuousClock()
    let source = String(String.UnicodeScalarView((0x4E00..<0x4E00 + 60_000).compactMap(Unicode.Scalar.init)))
    var ir: PatternIR?
    let elapsed = try clock.measure { ir = try PatternSyntax.lower(source, flags: .ignoreCase) }
    #expect(ir != nil)
    #expect(elapsed < .seconds(60))
}

@Test func megabyteInvalidPatternsFailInBoundedTime() {
    let clock = ContinuousClock()
    let elapsed = clock.measure {
        #expect(error(String(repeating: "a", count: 1_000_000) + "\\")?.offset == 1_000_000)
        #expect(error(String(repeating: "()", count: 40_000))?.message == "too many capture groups (more than 32767)")
    }
    #expect(elapsed < .seconds(60))
}

@Test func unpairedSurrogateEscapesAreScalarsThatNeverMatch() {
    #expect(lower("\\uDE00") == set(0xDE00...0xDE00))
    #expect(lower("\\uD83D\\uD83D") == .concatenation([set(0xD83D...0xD83D), set(0xD83D...0xD83D)]))
    #expect(matches("\\uD83D", "😀") == false)
    #expect(matches("\\uD83D\\u{DE00}", "😀") == false)
    #expect(matches("[\\uD800-\\uDFFF]", "😀a") == false)
}

@Test func offsetsCountUnicodeScalarsNotBytesOrUTF16() {
    #expect(error("😀😀)")?.offset == 2)
    #expect(error("é\u{301}[")?.offset == 2)
}

@Test func syntaxTreeKeepsSourceSpans() throws {
    let ast = try PatternSyntax.parse("ab|(?<x>c+)")
    guard case .alternation(let alternatives) = ast.root.kind else {
        Issue.record("expected an alternation, got \(ast.root.kind)")
        return
    }
    #expect(alternatives.map(\.span) == [0..<2, 3..<11])
    guard case .group(let body, .capturing(name: "x")) = alternatives[1].kind else {
        Issue.record("expected a named group, got \(alternatives[1].kind)")
        return
    }
    #expect(body.span == 8..<10)
    #expect(ast.captureCount == 1)
    #expect(ast.groupNames == ["x"])
}

// MARK: Fuzzing: random pattern text never traps, and every error points inside the pattern

@Test func randomPatternTextNeverTrapsAndErrorsPointInsideThePattern() {
    let alphabet: [String] = [
        "(", ")", "[", "]", "{", "}", "?", "*", "+", "|", "^", "$", ".", "\\", "-", ",", "<", ">", "=", "!", ":",
        "a", "z", "0", "1", "9", "u", "x", "c", "k", "p", "P", "b", "B", "d", "D", "{1}", "{2,", "\\u{", "\\p{",
        "L}", "gc=", "sc=", "é", "😀", "\u{2028}", "\u{200D}", "_", "$",
    ]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
        // xorshift64*: deterministic, so a failure is reproducible.
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return Int((state &* 0x2545_F491_4F6C_DD1D) >> 33) % bound
    }
    var accepted = 0
    for _ in 0..<20_000 {
        var pattern = ""
        for _ in 0..<next(24) { pattern += alphabet[next(alphabet.count)] }
        let count = pattern.unicodeScalars.count
        do {
            _ = try PatternSyntax.lower(pattern)
            accepted += 1
        } catch {
            #expect(error.offset >= 0 && error.offset < count, "/\(pattern)/ offset \(error.offset)")
            #expect(error.length >= 1 && error.offset + error.length <= count, "/\(pattern)/ length \(error.length)")
            #expect(!error.message.isEmpty)
        }
    }
    #expect(accepted > 500)
}
