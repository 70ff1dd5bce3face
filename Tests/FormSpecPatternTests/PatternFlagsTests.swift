import FormSpecPattern
import Foundation
import Testing

private func matches(_ source: String, _ flags: PatternFlags = [], _ subject: String) throws -> Bool {
    try Pattern(source, flags: flags).matches(subject)
}

@Test func flagsParseFromLettersOnceEach() {
    #expect(PatternFlags.parse("ims") == .success([.ignoreCase, .multiline, .dotAll]))
    #expect(PatternFlags.parse("si") == .success([.ignoreCase, .dotAll]))
    #expect(PatternFlags.parse("") == .success([]))
    #expect(PatternFlags.parse("ii") == .failure(.repeated("i")))
    #expect(PatternFlags.parse("ig") == .failure(.unknown("g")))
    #expect(PatternFlags([.dotAll, .ignoreCase]).description == "is")
}

@Test func ignoreCaseFoldsCharactersAndRanges() throws {
    #expect(try matches("^[a-z]+$", .ignoreCase, "HeLLo"))
    #expect(try matches("^[a-z]$", .ignoreCase, "\u{212A}"))  // KELVIN SIGN folds to k
    #expect(try matches("^[a-z]$", .ignoreCase, "\u{17F}"))  // LONG S folds to s
    #expect(try matches("^σ$", .ignoreCase, "ς"))
    #expect(try matches("^Σ$", .ignoreCase, "σ"))
    #expect(try matches("^ꭰ$", .ignoreCase, "Ꭰ"))
    #expect(try !matches("^[a-z]+$", [], "HeLLo"))
}

@Test func ignoreCaseDoesNotFoldTurkishIOrExpandSharpS() throws {
    #expect(try !matches("^i$", .ignoreCase, "İ"))
    #expect(try !matches("^i$", .ignoreCase, "ı"))
    #expect(try matches("^ß$", .ignoreCase, "ẞ"))
    #expect(try !matches("^ß$", .ignoreCase, "ss"))
}

@Test func ignoreCaseNegatedClassesComplementTheClosure() throws {
    #expect(try !matches("^[^a-z]$", .ignoreCase, "K"))
    #expect(try !matches("^[^k]$", .ignoreCase, "\u{212A}"))
    #expect(try matches("^\\P{Lu}$", .ignoreCase, "A"))
    #expect(try !matches("^[^\\p{Lu}]$", .ignoreCase, "a"))
}

@Test func ignoreCaseWordEscapesIncludeLongSAndKelvin() throws {
    #expect(try matches("^\\w$", .ignoreCase, "\u{17F}"))
    #expect(try !matches("^\\W$", .ignoreCase, "\u{212A}"))
    #expect(try matches("^\\W$", [], "\u{212A}"))
    #expect(try matches("\\b\u{212A}", .ignoreCase, "\u{212A}"))
    #expect(try !matches("a\\B\u{17F}", .ignoreCase, "a \u{17F}"))
}

@Test func dotAllMatchesLineTerminators() throws {
    #expect(try matches("^a.b$", .dotAll, "a\nb"))
    #expect(try !matches("^a.b$", [], "a\nb"))
    #expect(try matches("^a.b$", .dotAll, "a\u{2028}b"))
}

@Test func multilineAnchorsMatchAtLineTerminators() throws {
    for terminator in ["\n", "\r", "\u{2028}", "\u{2029}"] {
        #expect(try matches("^b$", .multiline, "a\(terminator)b\(terminator)c"))
    }
    #expect(try !matches("^b$", [], "a\nb\nc"))
    #expect(try !matches("^b$", .multiline, "a\u{85}b"))  // NEL is not a line terminator
}

@Test func modifierGroupsScopeFlags() throws {
    #expect(try matches("^(?i:a)b$", [], "Ab"))
    #expect(try !matches("^(?i:a)b$", [], "AB"))
    #expect(try matches("^(?-i:a)b$", .ignoreCase, "aB"))
    #expect(try !matches("^(?-i:a)b$", .ignoreCase, "AB"))
    #expect(try matches("^(?s:.)$", [], "\n"))
    #expect(try matches("(?m:^b)", [], "a\nb"))
    #expect(try matches("^(?i-s:a(?s:.))$", .dotAll, "A\n"))
    #expect(try !matches("^(?i-s:a.)$", .dotAll, "A\n"))
}

@Test func flagsTakePartInEqualityAndTheCodec() throws {
    let folded = try Pattern("^a$", flags: .ignoreCase)
    #expect(folded != (try Pattern("^a$")))
    let json = try JSONEncoder().encode(folded)
    #expect(String(decoding: json, as: UTF8.self).contains(#""flags":"i""#))
    let decoded = try JSONDecoder().decode(Pattern.self, from: json)
    #expect(decoded == folded)
    #expect(decoded.flags == .ignoreCase)
    #expect(decoded.matches("A"))
}
