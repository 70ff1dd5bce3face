import Testing

@testable import FormSpecPattern

/// `Pattern.matches` runs the flat-memory `DFAMatcher` whenever every conjunct has a DFA and no
/// lookaround; it must answer exactly as the PikeVM does on the same automata.
@Suite("DFA matcher")
struct DFAMatcherTests {
    static let patterns = [
        "^[a-z0-9_]+$", "[a-z]", "[A-Z]", "[0-9]", "[^A-Za-z0-9]", #"^[^@\s]+@[^@\s]+\.[a-z]{2,}$"#, "^$", "",
        "abc", "^abc", "abc$", #"\bword\b"#, "^(a|bc)*d$", "[é語]+", "(?!x)y", "^(?=.*[0-9]).{3}$",
        // Searches for one byte, and near misses (a multi-byte character, an empty match).
        #"\d"#, "[^a]", "[a-z]|é", "é", #"\s"#, "x*", "[a-c]|[x-z]", "[a-z]b",
        // Inputs of one length, a set per position (checked without the table), and near misses.
        "^ORD-[0-9]{8}$", "^[A-Z]{3}-[0-9]{4}$", "^é.$", "^é[a-z]$", "^[ab][cd]$", "^[1-9][0-9]{3} ?[A-Z]{2}$",
        "^(ab|cd)$", "^a[bc]d?$", "^(?:AB|CD)[0-9]$", "^(?!.*Z)[A-Z]{3}$",
    ]
    static let texts = [
        "", "a", "abc", "xabcx", "alice_01", "Alice", "Passw0rd!", "alice@example.com", "a@b", "a b@c.de",
        "bcbcad", "word", "a word here", "swordfish", "語é", "y", "xy", "ab1", "abcd", "\u{1F600}x",
        "\u{00A0}", "aaa", "AB é", "AB\u{2028}", "ZZb",
        "ORD-12345678", "ORD-1234567", "ORD-123456789", "ord-12345678", "ABC-1234", "AB-1234", "ABC-12a4",
        "ABC-12345", "éa", "é語", "éab", "éz", "bd", "1012 JS", "1012JS", "ab", "cd", "ad", "abd", "acd", "abdd",
        "AB1", "CD9", "AD1", "ABC", "AZC",
    ]

    @Test("the DFA matcher agrees with the PikeVM", arguments: patterns)
    func agreesWithThePikeVM(source: String) throws {
        let pattern = try Pattern(source)
        for text in Self.texts {
            var steps = 0
            let expected = pattern.run(text, engine: .pikeVM, steps: &steps)
            #expect(pattern.matches(text) == expected, "\(source) on \(text)")
            let viaBytes = Array(text.utf8).withUnsafeBufferPointer { pattern.matches(utf8: $0) }
            #expect(viaBytes == expected, "\(source) on \(text) as bytes")
        }
    }

    /// Patterns with states most bytes keep (skipped eight bytes at a time) and a byte that leaves
    /// or keeps them, put at every offset of longer texts.
    static let acceleratedPatterns = [
        #"^[^@\s]+@[^@\s]+\.[a-z]{2,}$"#, "^[a-z]+$", "[^,]*x", #"^[^"\\]*$"#, "^[a-z]+ [a-z]+$",
        "^[0-9]{2,}$", "^[^ab]+z", #"^[^\x00-\x1F]+$"#, "^[^@.,]+$",
    ]

    @Test(
        "states most bytes keep are skipped a word at a time, as the PikeVM reads them", arguments: acceleratedPatterns)
    func acceleratedStatesAgreeWithThePikeVM(source: String) throws {
        let pattern = try Pattern(source)
        let accelerated = withExtendedLifetime(pattern) {
            pattern.dfas?.tables.headers.contains { $0.lastAccelerated > 0 } ?? false
        }
        #expect(accelerated, "\(source) has a state to skip through")
        let fillers = ["abcdefghijklmnopqrstuvwxyz", "user.name", "0123456789abcdef", "Hello World"]
        let specials = ["@", " ", ".", "\t", "é", "Z", ",", "x", "\"", "\\", "\u{1}", "\u{1F600}", "a", "@b.co", ""]
        for filler in fillers {
            let text = String(repeating: filler, count: 3)
            for special in specials {
                for offset in 0...text.count {
                    let index = text.index(text.startIndex, offsetBy: offset)
                    for candidate in [
                        String(text[..<index] + special + text[index...]), String(text[..<index] + special),
                    ] {
                        var steps = 0
                        let expected = pattern.run(candidate, engine: .pikeVM, steps: &steps)
                        #expect(pattern.matches(candidate) == expected, "\(source) on \(candidate)")
                    }
                }
            }
        }
    }

    @Test("a fixed-length range pattern's word tests, run by a caller, answer as the matcher does")
    func fixedRangesAgreeWithTheMatcher() throws {
        var checked = 0
        for source in Self.patterns + ["^[a-z]{16}$", "^[A-Z]{2}[0-9]{2}[A-Z0-9]{4}$", "^[0-9]{9}$"] {
            let pattern = try Pattern(source)
            try withExtendedLifetime(pattern) {
                guard let ranges = pattern.dfas?.tables.fixedRanges else { return }
                checked += 1
                for text in Self.texts + ["abcdefghijklmnop", "abcdefghijklmnoP", "NL91ABNA", "nl91ABNA", "123456789"] {
                    let bytes = Array(text.utf8)
                    let viaRanges = bytes.withUnsafeBufferPointer { ranges.matches($0) }
                    #expect(viaRanges == pattern.matches(text), "\(source) on \(text)")
                }
                _ = try #require(ranges.length >= 8)
            }
        }
        // ORD-, the SKU, [a-z]{16} and [0-9]{9}; [A-Z0-9] is not one range.
        #expect(checked == 4)
    }

    @Test func theSignUpPatternsRunOnTheMatcher() throws {
        for source in Self.patterns.prefix(6) {
            #expect(try Pattern(source).dfas != nil, "\(source)")
        }
        // The password classes are searches for one byte; an anchored or two-byte pattern is not.
        // `[^a]` too: every character past ASCII matches it, so every byte past ASCII is searched.
        for source in ["[a-z]", "[A-Z]", "[0-9]", "[^A-Za-z0-9]", #"\d"#, "[a-c]|[x-z]", "[^a]"] {
            #expect(try searchesOneByte(source) == true, "\(source)")
        }
        // Anchored, two bytes long, empty, some characters past ASCII only (`\s`), or many bytes.
        for source in ["^[a-z0-9_]+$", "é", "[a-z]b", "x*", #"\s"#, "[é語]+", #"\bword\b"#] {
            #expect(try searchesOneByte(source) == false, "\(source)")
        }
        // A lookahead needs its oracle: the general path.
        #expect(try Pattern("(?!x)y").dfas == nil)
        // One length and a set per position: the order ids and SKUs of the nested benchmark.
        for source in ["^ORD-[0-9]{8}$", "^[A-Z]{3}-[0-9]{4}$", "^é[a-z]$", "^[ab][cd]$"] {
            #expect(try fixedLength(source) == true, "\(source)")
        }
        // Several lengths, pairs of bytes that are not a product of sets, unanchored, or a search.
        for source in ["^[1-9][0-9]{3} ?[A-Z]{2}$", "^a[bc]d?$", "^é.$", "^(ab|cd)$", "abc", "^abc", "[a-z]", "x*"] {
            #expect(try fixedLength(source) == false, "\(source)")
        }
    }

    @Test("a fixed shape of ranges is checked a word at a time, as the PikeVM decides it")
    func rangeShapesAgreeWithThePikeVM() throws {
        // 8 to 16 positions of one ASCII range each (the word check), and shapes that are not.
        let sources = [
            "^[A-Z]{3}-[0-9]{4}$", "^ORD-[0-9]{8}$", "^[!-~]{8}$", "^[a-c]{16}$", "^[\\x00-\\x7f]{9}$",
            "^[0-9]{7}$", "^[0-9]{17}$", "^[ac]{8}$", "^[a-z]{7}é$",
        ]
        var rng = SystemRandomNumberGenerator()
        // Bytes at and around every range end, and past ASCII.
        let alphabet: [UInt8] = [
            0x00, 0x20, 0x21, 0x2C, 0x2D, 0x2E, 0x2F, 0x30, 0x39, 0x3A, 0x40, 0x41, 0x5A, 0x5B, 0x60,
            0x61, 0x62, 0x63, 0x64, 0x7A, 0x7E, 0x7F, 0x80, 0xC3, 0xA9, 0xFF,
        ]
        for source in sources {
            let pattern = try Pattern(source)
            let hasRanges = withExtendedLifetime(pattern) { pattern.dfas?.tables.headers.allSatisfy(\.hasRanges) }
            let expectsRanges = !["^[0-9]{7}$", "^[0-9]{17}$", "^[ac]{8}$", "^[a-z]{7}é$"].contains(source)
            #expect(hasRanges == expectsRanges, "\(source)")
            for _ in 0..<3000 {
                let length = Int.random(in: 6...18, using: &rng)
                // Mostly near-matches: a matching text with one or two bytes changed.
                var bytes = (0..<length).map { _ in alphabet.randomElement(using: &rng)! }
                if Bool.random(using: &rng), let sample = Self.sample(for: source) {
                    bytes = Array(sample.utf8)
                    for _ in 0..<Int.random(in: 0...2, using: &rng) where !bytes.isEmpty {
                        bytes[Int.random(in: 0..<bytes.count, using: &rng)] = alphabet.randomElement(using: &rng)!
                    }
                }
                guard let text = String(validating: bytes, as: UTF8.self) else { continue }
                var steps = 0
                let expected = pattern.run(text, engine: .pikeVM, steps: &steps)
                let viaBytes = bytes.withUnsafeBufferPointer { pattern.matches(utf8: $0) }
                #expect(viaBytes == expected, "\(source) on \(bytes)")
            }
        }
    }

    /// A text that matches `source`, for the near-matches above.
    private static func sample(for source: String) -> String? {
        [
            "^[A-Z]{3}-[0-9]{4}$": "ABZ-0912", "^ORD-[0-9]{8}$": "ORD-09123456", "^[!-~]{8}$": "!~a0Z-.,",
            "^[a-c]{16}$": "abcabcabcabcabca", "^[0-9]{7}$": "0123456", "^[ac]{8}$": "acacacac",
        ][source]
    }

    /// Whether every DFA of `source` is checked position by position; `nil` without DFAs.
    private func fixedLength(_ source: String) throws -> Bool? {
        let pattern = try Pattern(source)
        return withExtendedLifetime(pattern) { pattern.dfas?.tables.headers.allSatisfy { $0.fixedLength >= 0 } }
    }

    /// Whether every DFA of `source` is a one-byte search; `nil` without DFAs. The tables are the
    /// matcher's memory: the pattern is kept alive while they are read (reading them off a
    /// temporary `Pattern` read freed memory, and failed now and then when tests ran in parallel).
    private func searchesOneByte(_ source: String) throws -> Bool? {
        let pattern = try Pattern(source)
        return withExtendedLifetime(pattern) { pattern.dfas?.tables.headers.allSatisfy(\.searchesOneByte) }
    }
}
