import FormSpecPattern
import Testing

@Test func caseFoldingTablesAreUnicode17() {
    #expect(CaseFolding.unicodeVersion == "17.0")
}

@Test func simpleFoldingFollowsCaseFoldingCAndS() {
    #expect(CaseFolding.simpleFold(0x41) == 0x61)
    #expect(CaseFolding.simpleFold(0x212A) == 0x6B)  // KELVIN SIGN -> k
    #expect(CaseFolding.simpleFold(0x017F) == 0x73)  // LONG S -> s
    #expect(CaseFolding.simpleFold(0x03A3) == 0x03C3)  // Σ -> σ
    #expect(CaseFolding.simpleFold(0x03C2) == 0x03C3)  // final ς -> σ
    #expect(CaseFolding.simpleFold(0x1E9E) == 0x00DF)  // ẞ -> ß (S line)
    #expect(CaseFolding.simpleFold(0x00DF) == 0x00DF)  // ß has only a full folding
    #expect(CaseFolding.simpleFold(0x01C5) == 0x01C6)  // ǅ -> ǆ
    #expect(CaseFolding.simpleFold(0xAB70) == 0x13A0)  // Cherokee folds to upper case
    #expect(CaseFolding.simpleFold(0x0130) == 0x0130)  // İ: no simple folding (T is not applied)
    #expect(CaseFolding.simpleFold(0x0131) == 0x0131)  // ı does not fold
    #expect(CaseFolding.simpleFold(0x1FD3) == 0x0390)
    #expect(CaseFolding.simpleFold(0xFB05) == 0xFB06)
}

@Test func fullFoldingExpandsSharpSAndKeepsTurkishIDefault() {
    #expect(CaseFolding.fullFold("Straße") == "strasse")
    #expect(CaseFolding.fullFold("STRASSE") == "strasse")
    #expect(CaseFolding.fullFold("STRAẞE") == "strasse")
    #expect(CaseFolding.fullFold("ǅemal") == CaseFolding.fullFold("ǄEMAL"))
    #expect(CaseFolding.fullFold("\u{212A}elvin") == "kelvin")
    #expect(CaseFolding.fullFold("ΟΔΟΣ") == CaseFolding.fullFold("οδος"))
    #expect(CaseFolding.fullFold("İstanbul") == "i\u{307}stanbul")
    #expect(CaseFolding.fullFold("ISTANBUL") == "istanbul")
    #expect(CaseFolding.fullFold("ıstanbul") != CaseFolding.fullFold("ISTANBUL"))
    #expect(CaseFolding.fullFold("ﬀ") == "ff")
}

@Test func fullFoldingLeavesLowerCaseASCIIAsIs() {
    #expect(CaseFolding.isFoldedASCII("alice@example.com"))
    #expect(!CaseFolding.isFoldedASCII("Alice"))
    #expect(!CaseFolding.isFoldedASCII("café"))
    #expect(CaseFolding.fullFold("Alice@Example.COM") == "alice@example.com")
}

@Test func caseInsensitiveEqualityUsesFullFolding() {
    #expect(CaseFolding.equal("Straße", "STRASSE"))
    #expect(CaseFolding.equal("ẞ", "ss"))
    #expect(CaseFolding.equal("ǅ", "ǆ"))
    #expect(CaseFolding.equal("\u{212A}", "k"))
    #expect(CaseFolding.equal("ΣΊΣΥΦΟΣ", "σίσυφος"))
    #expect(CaseFolding.equal("σίσυφος", "σίσυφοσ"))  // final sigma folds to sigma
    #expect(!CaseFolding.equal("İ", "i"))
    #expect(!CaseFolding.equal("ı", "i"))
    #expect(!CaseFolding.equal("é", "e\u{301}"))  // folding does not normalise
    #expect(!CaseFolding.equal("ab", "abc"))
    #expect(CaseFolding.equal("", ""))
}

@Test func caseInsensitiveContainmentFindsFoldedNeedles() {
    #expect(CaseFolding.contains("MyStraßePassword", "strasse"))
    #expect(CaseFolding.contains("xxALICExx", "alice"))
    #expect(CaseFolding.contains("anything", ""))
    #expect(!CaseFolding.contains("alic", "alice"))
    #expect(CaseFolding.contains("aaab", "AAB"))  // needs the failure function
}
