import FormSpecTestSupport
import Foundation
import Testing

@testable import FormSpecPattern

// Counter states: a counted repetition of one scalar set compiles to one state with a counting
// set instead of one copy per count.

extension Pattern {
    /// Compiles hand-built IR counting every single-scalar repetition longer than `threshold`, so
    /// small counts (which the reference matcher handles on short subjects) use counter states.
    static func counting(_ ir: PatternIR, threshold: Int) throws -> Pattern {
        Pattern(
            source: "<ir>", flags: [],
            program: try PatternCompiler.compile(ir, sourceLength: 4, countingThreshold: threshold))
    }

    var counterCount: Int {
        program.conjuncts.reduce(0) { total, conjunct in
            ([conjunct.main] + conjunct.lookarounds).reduce(total) { $0 + $1.nfa.counters.count }
        }
    }

    var stateCount: Int {
        program.conjuncts.reduce(0) { total, conjunct in
            ([conjunct.main] + conjunct.lookarounds).reduce(total) { $0 + $1.nfa.states.count }
        }
    }
}

private func repeated(_ unit: String, _ count: Int) -> String { String(repeating: unit, count: count) }

// MARK: Huge counts compile to a handful of states

@Test(arguments: ["a{3000000000,2999999999}", "a{99999999999999999999}", "(?:\\r{1,1000}){1,1000}"])
func hugeSingleScalarRepetitionsCompileSmall(_ source: String) throws {
    let pattern = try Pattern(source)
    #expect(pattern.counterCount == 1)
    #expect(pattern.stateCount < 50)
    #expect(!pattern.matches(repeated("a", 1000)))
}

@Test func aMillionCopiesMatchExactlyAtTheBoundaries() throws {
    let exact = try Pattern("^a{1000000}$")
    #expect(exact.counterCount == 1)
    #expect(!exact.matches(repeated("a", 999_999)))
    #expect(exact.matches(repeated("a", 1_000_000)))
    #expect(!exact.matches(repeated("a", 1_000_001)))
    #expect(!exact.matches(repeated("a", 500_000) + "b" + repeated("a", 499_999)))

    let nested = try Pattern("^(?:\\r{1,1000}){1,1000}$")
    #expect(nested.counterCount == 1)
    #expect(!nested.matches(""))
    #expect(nested.matches("\r"))
    #expect(nested.matches(repeated("\r", 1_000_000)))
    #expect(!nested.matches(repeated("\r", 1_000_001)))
}

@Test func countsAreInScalarsWhateverTheirUTF8Length() throws {
    // 4-, 2- and 1-byte scalars, alone and mixed; n - 1, n, m and m + 1 copies.
    for unit in ["😀", "é", "a"] {
        let pattern = try Pattern("^[a😀é]{1001,1003}$")
        #expect(pattern.counterCount == 1)
        #expect(!pattern.matches(repeated(unit, 1000)), "\(unit)")
        #expect(pattern.matches(repeated(unit, 1001)), "\(unit)")
        #expect(pattern.matches(repeated(unit, 1003)), "\(unit)")
        #expect(!pattern.matches(repeated(unit, 1004)), "\(unit)")
    }
    let mixed = try Pattern("^[a😀é]{1001,1003}$")
    #expect(mixed.matches(repeated("a😀é", 334)))
    #expect(!mixed.matches(repeated("a😀é", 335)))
    #expect(!mixed.matches(repeated("a😀é", 333) + "ab"))
    // A class that is not all of a scalar's bytes: 😁 shares three bytes with 😀.
    let smile = try Pattern("^😀{1001}$")
    #expect(smile.matches(repeated("😀", 1001)))
    #expect(!smile.matches(repeated("😀", 1000) + "😁"))
}

@Test func aPatternTooLargeToCopyCountsItsShorterRepetitionsToo() throws {
    // Copying would need 600 × 600 copies of `a`; counting every single-scalar repetition longer
    // than the counter's charge leaves 600 copies of one counter and a `b`.
    let pattern = try Pattern("^(?:a{600}b){1,600}$")
    #expect(pattern.counterCount == 600)
    let unit = repeated("a", 600) + "b"
    #expect(pattern.matches(unit))
    #expect(!pattern.matches(repeated("a", 599) + "b"))
    #expect(!pattern.matches(repeated("a", 601) + "b"))
    #expect(pattern.matches(repeated(unit, 600)))
    #expect(!pattern.matches(repeated(unit, 601)))
    // Below the size limit, short repetitions are still copied (and keep their DFA).
    let small = try Pattern("^(?:a{600}b){1,2}$")
    #expect(small.counterCount == 0)
}

@Test func anUnanchoredCountFindsARunAnywhere() throws {
    let pattern = try Pattern("x[0-9]{2000,3000}y")
    #expect(pattern.counterCount == 1)
    #expect(pattern.matches("aaa x" + repeated("7", 2000) + "y bbb"))
    #expect(pattern.matches("x1y x" + repeated("7", 3000) + "y"))
    #expect(!pattern.matches("x" + repeated("7", 1999) + "y"))
    #expect(!pattern.matches("x" + repeated("7", 3001) + "y"))
    #expect(!pattern.matches("x" + repeated("7", 1000) + "xx" + repeated("7", 1000) + "y"))
    // An unbounded count: at least 5,000.
    let atLeast = try Pattern("b[ab]{5000,}c")
    #expect(atLeast.counterCount == 1)
    #expect(atLeast.matches("b" + repeated("ab", 2500) + "c"))
    #expect(!atLeast.matches("b" + repeated("ab", 2499) + "ac"))
    #expect(atLeast.matches(repeated("b", 20_000) + "c"))
}

@Test func countersWorkInsideLookaheadAndLookbehind() throws {
    let behind = try Pattern("(?<=^a{2000})b")
    #expect(behind.counterCount == 1)
    #expect(behind.matches(repeated("a", 2000) + "b"))
    #expect(!behind.matches(repeated("a", 1999) + "b"))
    #expect(!behind.matches(repeated("a", 2001) + "b"))
    let ahead = try Pattern("x(?=é{1500,}$)")
    #expect(ahead.matches("x" + repeated("é", 1500)))
    #expect(ahead.matches("ax" + repeated("é", 4000)))
    #expect(!ahead.matches("x" + repeated("é", 1499)))
    #expect(!ahead.matches("x" + repeated("é", 1500) + "!"))
    let notAhead = try Pattern("^(?!.{0,1500}$)")
    #expect(notAhead.matches(repeated("😀", 1501)))
    #expect(!notAhead.matches(repeated("😀", 1500)))
}

// MARK: Normalisation

private func normalised(_ ir: PatternIR, peelingAbove: Int = 16) -> PatternIR {
    var normalisation = PatternNormalisation(peelingAbove: peelingAbove)
    return normalisation.normalise(ir)
}

@Test func nestedCountsMergeWhenTheirLengthsLeaveNoGap() {
    let a = IR.scalar("a")
    #expect(normalised(IR.count(IR.count(a, 1, 1000), 1, 1000)) == IR.count(a, 1, 1_000_000))
    #expect(normalised(IR.count(IR.count(a, 2, 3), 2, 5)) == IR.count(a, 4, 15))
    #expect(normalised(IR.count(IR.count(a, 3, nil), 2, nil)) == IR.count(a, 6, nil))
    #expect(normalised(IR.count(IR.count(a, 0, 7), 4, 6)) == IR.count(a, 0, 42))
    // Zero outer iterations: the empty run, then lengths from a on.
    #expect(normalised(IR.count(IR.count(a, 1, 4), 0, 3)) == IR.count(a, 0, 12))
    #expect(normalised(IR.count(IR.count(a, 3, 5), 0, 3)) == IR.count(IR.count(a, 3, 15), 0, 1))
    // a{3}{1,5} is 3, 6, 9, 12 or 15 a's: gaps, so it stays.
    #expect(normalised(IR.count(IR.count(a, 3, 3), 1, 5)) == IR.count(IR.count(a, 3, 3), 1, 5))
    // Saturating: no overflow, and a count that large never matches anyway.
    #expect(normalised(IR.count(IR.count(a, Int.max, Int.max), 3, 3)) == IR.count(a, Int.max, Int.max))
    // An always-nullable body needs no minimum; one nullable only at the start keeps it.
    #expect(normalised(IR.count(IR.alt(a, .empty), 3, 9)) == IR.count(a, 0, 9))
    #expect(normalised(IR.count(IR.alt(a, IR.start), 3, 9)) == IR.count(IR.alt(a, IR.start), 3, 9))
    // Any body, not only a single scalar: (ab){2,3}{1,7} is (ab){2,21}.
    let ab = IR.literal("ab")
    #expect(normalised(IR.count(IR.count(ab, 2, 3), 1, 7)) == IR.count(ab, 2, 21))
    // ε beside an always-nullable alternative adds nothing.
    #expect(normalised(IR.alt(.empty, IR.star(a), .empty)) == IR.star(a))
}

@Test func anchoredAlternativesArePeeledOffALongRepetition() {
    let caret = IR.scalar("^")
    let digitAtEnd = IR.seq(IR.digit, IR.end)
    let startX = IR.seq(IR.start, IR.scalar("x"))
    // (?:\^|\d$){1,1000}: carets, then perhaps one digit at the very end.
    #expect(
        normalised(IR.count(IR.alt(caret, digitAtEnd), 1, 1000))
            == IR.alt(IR.count(caret, 1, 1000), IR.seq(IR.count(caret, 0, 999), IR.digit, IR.end)))
    // Both sides, unbounded.
    #expect(
        normalised(IR.count(IR.alt(caret, digitAtEnd, startX), 20, nil))
            == IR.alt(
                IR.count(caret, 20, nil), IR.seq(IR.start, IR.scalar("x"), IR.count(caret, 19, nil)),
                IR.seq(IR.count(caret, 19, nil), IR.digit, IR.end),
                IR.seq(IR.start, IR.scalar("x"), IR.count(caret, 18, nil), IR.digit, IR.end)))
    // Neighbouring counts of the same body add up.
    #expect(normalised(IR.seq(IR.count(caret, 1, 3), IR.count(caret, 2, nil))) == IR.count(caret, 3, nil))
    // Not when a short repetition would not pay, an anchored alternative may be empty, or the
    // rest may be empty with a minimum to reach.
    let short = IR.count(IR.alt(caret, digitAtEnd), 1, 16)
    #expect(normalised(short) == short)
    let emptyAnchored = IR.count(IR.alt(caret, IR.end), 1, 1000)
    #expect(normalised(emptyAnchored) == emptyAnchored)
    let nullableRest = IR.count(IR.alt(caret, .assertion(.wordBoundary), digitAtEnd), 3, 1000)
    #expect(normalised(nullableRest) == nullableRest)
}

@Test func theCorpusPatternWithAnchoredAlternativesCompilesToCounters() throws {
    // From the differential corpus: a `{1,1000}` repetition inside another, of `\^` or a class at the end.
    let source =
        #"\uD83D\uDE00\u0085{1,3}(?!|.{0}).|$\cJ{2}[!-/*A-Z7].*|(?<=\cJ{2}?)(?<!)(?=(?<_y460>中){1,})(||(?<\u{62}461>[*\p{N}]$||\^){1,1000}?){1,1000}?"#
    let pattern = try Pattern(source)
    #expect(pattern.counterCount >= 1)
    let core = try Pattern(#"^(?:(?:[*\p{N}]$||\^){1,1000}){1,1000}$"#)
    #expect(core.matches(repeated("^", 1_000_000)))
    #expect(core.matches(repeated("^", 999_999) + "7"))
    #expect(!core.matches(repeated("^", 1_000_000) + "7"))
    #expect(!core.matches(repeated("^", 1_000_001)))
    #expect(!core.matches("7^"))
    #expect(core.matches("7"))
    #expect(core.matches(""))
}

@Test func mergedNestedCountsMatchLikeTheOriginal() throws {
    var disagreements: [String] = []
    let a = IR.scalar("a")
    for (inner, outer) in [((1, 4), (0, 3)), ((3, 5), (0, 3)), ((3, 3), (1, 5)), ((2, 3), (2, 5)), ((0, 2), (1, 3))] {
        let ir = IR.seq(IR.start, IR.count(IR.count(a, inner.0, inner.1), outer.0, outer.1), IR.end)
        for threshold in [0, 1000] {
            let pattern = try Pattern.counting(ir, threshold: threshold)
            for length in 0...17 {
                let text = repeated("a", length)
                if pattern.matches(text) != ReferenceMatcher.matches(ir, text) {
                    disagreements.append("\(inner) \(outer) threshold \(threshold) on \(length) a's")
                }
            }
        }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
}

// MARK: Random IR against the reference

@Test func randomIRWithCounterStatesAgreesWithTheReference() throws {
    var random = SplitMix64(state: 23)
    let alphabet: [Unicode.Scalar] = ["a", "b", "_", " ", "\n", "é", "語", "😀"]
    let sets: [PatternIR] = [
        IR.dot, IR.word, .scalars(ScalarSet([0xE0...0x10FFFF])), IR.oneOf("ab"), IR.literal("a"), IR.oneOf("a😀"),
    ]
    func randomIR(_ depth: Int) -> PatternIR {
        if depth == 0 { return sets[Int(random.next() % UInt64(sets.count))] }
        switch random.next() % 12 {
        case 0, 1: return .concatenation((0..<(1 + random.next() % 3)).map { _ in randomIR(depth - 1) })
        case 2: return .alternation((0..<(1 + random.next() % 3)).map { _ in randomIR(depth - 1) })
        case 3, 4, 5:
            // Mostly counts of a single set, which a threshold of 1 turns into counter states.
            let body = random.next() % 3 == 0 ? randomIR(depth - 1) : sets[Int(random.next() % UInt64(sets.count))]
            let low = Int(random.next() % 4)
            return IR.count(body, low, random.next() % 3 == 0 ? nil : low + Int(random.next() % 4))
        case 6:
            let choices: [PatternAssertion] = [.start, .end, .wordBoundary, .notWordBoundary]
            return .assertion(choices[Int(random.next() % 4)])
        case 7:
            return .lookaround(
                randomIR(depth - 1), PatternLookaround(ahead: random.next() % 2 == 0, negated: random.next() % 2 == 0))
        case 8: return .empty
        default: return sets[Int(random.next() % UInt64(sets.count))]
        }
    }
    var disagreements: [String] = []
    var withCounters = 0
    for round in 0..<500 {
        let ir = randomIR(4)
        let pattern = try Pattern.counting(ir, threshold: 1)
        if pattern.counterCount > 0 { withCounters += 1 }
        for _ in 0..<12 {
            let text = String(
                String.UnicodeScalarView((0..<(random.next() % 9)).map { _ in alphabet[Int(random.next() % 8)] }))
            let expected = ReferenceMatcher.matches(ir, text)
            if pattern.matches(text) != expected || pattern.matchesOnPikeVM(text) != expected {
                disagreements.append("round \(round): \(ir) on \(text.debugDescription): expected \(expected)")
            }
        }
    }
    #expect(withCounters > 100)
    #expect(disagreements.isEmpty, "\(disagreements.prefix(3))")
}

// MARK: Linear time

@Test(arguments: ["a{2000,3000}b", "^(?:[a-z]{1,1000}){1,1000}$", "(?<=a{1001,})b", "[ab]{5000,}c|a{1500}$"])
func countingWorkIsLinearInTheInput(_ source: String) throws {
    let pattern = try Pattern(source)
    #expect(pattern.counterCount > 0)
    let perByte = pattern.program.conjuncts.reduce(0) { total, conjunct in
        ([conjunct.main] + conjunct.lookarounds).reduce(total) { $0 + $1.nfa.states.count + 1 }
    }
    // The leading `b` gets past the required-literal prefilter, so the engines do the work.
    let small = "b" + repeated("a", 20_000) + "!"
    let large = "b" + repeated("a", 100_000) + "!"
    let (smallMatched, smallSteps) = pattern.cost(small)
    let (largeMatched, largeSteps) = pattern.cost(large)
    #expect(!smallMatched && !largeMatched)
    #expect(Double(largeSteps) < 8 * Double(smallSteps), "\(smallSteps) -> \(largeSteps) steps")
    #expect(largeSteps <= perByte * (large.utf8.count + 1), "\(largeSteps) steps")
}

// MARK: Encoding

@Test func counterStatesRoundTripAndDamagedCountersAreDecodingErrors() throws {
    let pattern = try Pattern("x(?=é{1500,})[a-z]{2000,3000}$")
    #expect(pattern.counterCount == 2)
    let json = String(decoding: try JSONEncoder().encode(pattern), as: UTF8.self)
    #expect(json.contains("\"counters\":[["))
    let decoded = try JSONDecoder().decode(Pattern.self, from: Data(json.utf8))
    #expect(decoded.program == pattern.program)
    for text in ["x" + repeated("é", 1500), "x" + repeated("q", 2000), "x" + repeated("q", 3001)] {
        #expect(decoded.matches(text) == pattern.matches(text))
    }
    let counters = try #require(json.range(of: "\"counters\":[[")?.upperBound)
    let damaged = [
        json.replacingCharacters(in: counters..<counters, with: "99,"),
        json.replacingCharacters(in: counters..<counters, with: "7,0,-1],["),
        json.replacingCharacters(in: counters..<counters, with: "0,-1,-1],["),
        json.replacingCharacters(in: counters..<counters, with: "0,5,4],["),
        json.replacingOccurrences(of: "\"states\":[", with: "\"states\":[6,0,0,"),
        json.replacingOccurrences(of: "\"states\":[", with: "\"states\":[5,0,0,"),
        json.replacingOccurrences(of: "\"states\":[", with: "\"states\":[5,9,0,"),
    ]
    for text in damaged {
        #expect(text != json)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Pattern.self, from: Data(text.utf8)) }
    }
}

// MARK: Malformed input

@Test func counterStatesNeverTrapOnMalformedUTF8() throws {
    // `matches(utf8:)` promises safety, not a verdict, on bytes that are not UTF-8: truncated and
    // stray continuation bytes must not desynchronise a counting set into a crash.
    var random = SplitMix64(state: 5)
    let irs: [PatternIR] = [
        IR.count(IR.oneOf("a😀é"), 2, 5), IR.seq(IR.start, IR.count(IR.dot, 2, nil), IR.end),
        IR.seq(IR.behind(IR.count(IR.oneOf("é😀"), 2, 3)), IR.literal("a")),
        IR.seq(IR.literal("a"), IR.ahead(IR.count(IR.oneOf("é語"), 1, 4), negated: true)),
    ]
    let pieces: [[UInt8]] = [
        [0x61], [0xC3, 0xA9], [0xF0, 0x9F, 0x98, 0x80], [0xE8, 0xAA, 0x9E], [0x80], [0xF0], [0xC3], [0xFF],
    ]
    var answered = 0
    for ir in irs {
        let pattern = try Pattern.counting(ir, threshold: 1)
        #expect(pattern.counterCount > 0)
        for _ in 0..<300 {
            var bytes: [UInt8] = []
            for _ in 0..<(random.next() % 12) { bytes += pieces[Int(random.next() % UInt64(pieces.count))] }
            _ = bytes.withUnsafeBufferPointer { pattern.matches(utf8: $0) }
            answered += 1
        }
    }
    #expect(answered == 1200)
}
