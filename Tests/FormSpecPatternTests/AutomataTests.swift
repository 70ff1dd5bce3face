import FormSpecTestSupport
import Foundation
import Testing

@testable import FormSpecPattern

// MARK: UTF-8 sequences

@Test func utf8SequencesMatchExactlyTheEncodingsOfTheRange() {
    let ranges: [ClosedRange<UInt32>] = [
        0...0x10FFFF, 0x41...0x5A, 0x7F...0x80, 0x7FF...0x800, 0xD000...0xE0FF, 0xFFFF...0x10000, 0x803...0x87F,
        0x10FFFE...0x10FFFF, 0x1F600...0x1F64F,
    ]
    for range in ranges {
        let sequences = UTF8Sequences.sequences(range)
        let probes =
            [0, 0x41, 0x5A, 0x7F, 0x80, 0x7FF, 0x800, 0x803, 0x87F, 0xD7FF, 0xE000, 0xFFFF, 0x10000, 0x1F600]
            + Array(stride(from: UInt32(0), through: 0x10FFFF, by: 997)) + [0x10FFFF]
        for value in probes where !(0xD800...0xDFFF).contains(value) {
            let bytes = Array(String(Character(Unicode.Scalar(value)!)).utf8)
            let matching = sequences.filter { sequence in
                sequence.count == bytes.count && zip(sequence, bytes).allSatisfy { $0.contains($1) }
            }
            #expect(matching.count == (range.contains(value) ? 1 : 0), "U+\(String(value, radix: 16)) in \(range)")
        }
    }
}

@Test func utf8SequencesSkipSurrogates() {
    #expect(UTF8Sequences.sequences(0xD800...0xDFFF).isEmpty)
    #expect(UTF8Sequences.sequences(0xD7FF...0xE000).map(\.count) == [3, 3])
}

@Test func utf8SequencesForEveryScalarAreTheNineClassicOnes() {
    let all = UTF8Sequences.sequences(0...0x10FFFF).map { $0.map { "\($0.lowerBound)-\($0.upperBound)" } }
    #expect(all.count == 9)
    #expect(all.first == ["0-127"])
    #expect(all.last == ["244-244", "128-143", "128-191", "128-191"])
}

// MARK: Compiling

@Test func aRepetitionTooLargeToExpandIsRefusedBeforeBuilding() throws {
    let clock = ContinuousClock()
    let started = clock.now
    // A repetition of more than one scalar is copied (a single scalar's would be counted).
    let huge = IR.count(IR.count(IR.literal("ab"), 1000, 1000), 1000, 1000)
    #expect {
        try Pattern(ir: huge, source: "(?:ab){1000}{1000}")
    } throws: { error in
        guard let error = error as? PatternSyntaxError else { return false }
        return error.message.hasPrefix("pattern is too large after expanding repetitions") && error.offset == 0
            && error.length == 18 && error.note != nil
    }
    #expect(clock.now - started < .seconds(1))
    _ = try Pattern.compiled(IR.count(IR.literal("ab"), 1000, 1000))
    _ = try Pattern.compiled(IR.count(IR.count(IR.literal("a"), 1000, 1000), 1000, 1000))
}

@Test func aLongPatternWithoutRepetitionsIsNotBlamedOnThem() throws {
    let literal = String(repeating: "a", count: 300_000)
    #expect {
        try Pattern(ir: IR.literal(literal), source: literal)
    } throws: { error in
        guard let error = error as? PatternSyntaxError else { return false }
        return error.message == "pattern is too large (more than 250000 automaton states)"
            && error.note == "to compare with a long fixed text, use equals or one_of"
    }
}

@Test func aPatternNestedTooDeeplyIsRefused() {
    var ir = IR.literal("a")
    for _ in 0..<5_000 { ir = .concatenation([ir, IR.literal("b")]) }
    #expect(throws: PatternSyntaxError.self) { try Pattern.compiled(ir) }
}

@Test func anAnchoredPatternCompilesWithoutTheSearchLoopAndGetsADFA() throws {
    let pattern = try Pattern.compiled(IR.seq(IR.start, IR.plus(IR.digit), IR.end))
    let main = try #require(pattern.program.conjuncts.first?.main)
    #expect(main.anchored)
    #expect(main.dfa != nil)
    // Failing on the first byte reads one byte, not the whole input.
    #expect(pattern.cost("x" + String(repeating: "1", count: 1000)).steps == 1)
}

@Test func leadingLookaheadsAfterACaretBecomeSeparateAutomataWithDFAs() throws {
    // ^(?=.*\d)(?!.*x).{3,}$
    let ir = IR.seq(
        IR.start, IR.ahead(IR.seq(IR.star(IR.dot), IR.digit)),
        IR.ahead(IR.seq(IR.star(IR.dot), IR.literal("x")), negated: true),
        IR.count(IR.dot, 3, nil), IR.end)
    let pattern = try Pattern.compiled(ir)
    #expect(pattern.program.conjuncts.map(\.expected) == [true, false, true])
    #expect(pattern.program.conjuncts.allSatisfy { $0.lookarounds.isEmpty && $0.main.dfa != nil })
    #expect(pattern.matches("ab1"))
    #expect(!pattern.matches("ab"))
    #expect(!pattern.matches("a1x"))
    #expect(!pattern.matches("1a"))
}

// MARK: Matching

@Test func scalarsOfEveryLengthMatchAsWholeScalars() throws {
    let pattern = try Pattern.compiled(IR.seq(IR.start, IR.dot, IR.end))
    for text in ["a", "é", "語", "😀", "\u{0B}", "\u{0C}", "\u{85}", "\u{FEFF}"] {
        #expect(pattern.matches(text), "\(text.unicodeScalars.map(\.value))")
        #expect(pattern.matchesOnPikeVM(text))
    }
    for text in ["", "\n", "\r", "\u{2028}", "ab", "é!"] {
        #expect(!pattern.matches(text))
        #expect(!pattern.matchesOnPikeVM(text))
    }
}

@Test func dollarMatchesOnlyAtTheVeryEnd() throws {
    let pattern = try Pattern.compiled(IR.seq(IR.literal("a"), IR.end))
    #expect(pattern.matches("ba"))
    #expect(!pattern.matches("a\n"))
    #expect(!pattern.matches("ab"))
}

@Test func caretMatchesOnlyAtTheStart() throws {
    let pattern = try Pattern.compiled(IR.seq(IR.start, IR.literal("a")))
    #expect(pattern.matches("ab"))
    #expect(!pattern.matches("ba"))
    #expect(!pattern.matches("\na"))
}

@Test func wordBoundariesUseASCIIWordCharacters() throws {
    let boundary = try Pattern.compiled(IR.seq(.assertion(.wordBoundary), IR.literal("cat"), .assertion(.wordBoundary)))
    #expect(boundary.matches("a cat."))
    #expect(boundary.matches("cat"))
    #expect(!boundary.matches("concat"))
    #expect(boundary.matches("écat"), "é is not an ASCII word character")
    #expect(!boundary.matches("cats"))
    let notBoundary = try Pattern.compiled(IR.seq(.assertion(.notWordBoundary), IR.literal("at")))
    #expect(notBoundary.matches("cat"))
    #expect(!notBoundary.matches("at"))
    #expect(!notBoundary.matches("é at"))
}

@Test func assertionsDoNotHoldInsideAMultiByteScalar() throws {
    // (?<!\p{L})(?!\p{L}) would hold between the two bytes of "é" if the search started there.
    let letter = IR.set(0x41...0x5A, 0x61...0x7A, 0xE9...0xE9)
    let pattern = try Pattern.compiled(IR.seq(IR.behind(letter, negated: true), IR.ahead(letter, negated: true)))
    #expect(!pattern.matches("é"))
    #expect(!pattern.matchesOnPikeVM("é"))
    #expect(pattern.matches("é "))
}

@Test func lookbehindAndLookaheadReadTheirOwnSideOfThePosition() throws {
    let afterDollar = try Pattern.compiled(IR.seq(IR.behind(IR.literal("$")), IR.plus(IR.digit)))
    #expect(afterDollar.matches("cost $42"))
    #expect(!afterDollar.matches("cost 42"))
    let notBeforeX = try Pattern.compiled(IR.seq(IR.literal("a"), IR.ahead(IR.literal("x"), negated: true)))
    #expect(notBeforeX.matches("axab"))
    #expect(!notBeforeX.matches("axax"))
    // Nested: a "b" preceded by an "a" that is itself followed by "b".
    let nested = try Pattern.compiled(
        IR.seq(IR.behind(IR.seq(IR.literal("a"), IR.ahead(IR.literal("b")))), IR.literal("b")))
    #expect(nested.matches("ab"))
    #expect(!nested.matches("b"))
    #expect(nested.program.conjuncts[0].lookarounds.count == 2)
}

@Test func anEmptyClassMatchesNothingAndTheEmptyPatternMatchesEverything() throws {
    #expect(!(try Pattern.compiled(.scalars(ScalarSet()))).matches("anything"))
    #expect(try Pattern.compiled(.empty).matches(""))
    #expect(try Pattern.compiled(.concatenation([])).matches("x"))
}

@Test func theByteEntryPointAgreesWithTheStringOne() throws {
    let pattern = try Pattern.compiled(IR.seq(IR.start, IR.plus(IR.word), IR.literal("@"), IR.plus(IR.word), IR.end))
    for text in ["a@b", "a@", "ab@cd!", "日本@x"] {
        let viaBytes = Array(text.utf8).withUnsafeBufferPointer { pattern.matches(utf8: $0) }
        #expect(viaBytes == pattern.matches(text))
    }
}

@Test func randomIRAgreesWithTheReferenceOnBothEngines() throws {
    var random = SplitMix64(state: 7)
    let alphabet: [Unicode.Scalar] = ["a", "b", "_", " ", "\n", "é", "語", "😀"]
    func randomSet() -> PatternIR {
        switch random.next() % 5 {
        case 0: return IR.dot
        case 1: return IR.word
        case 2: return .scalars(ScalarSet([0xE0...0x10FFFF]))
        default: return IR.scalar(alphabet[Int(random.next() % UInt64(alphabet.count))])
        }
    }
    func randomIR(_ depth: Int) -> PatternIR {
        if depth == 0 { return randomSet() }
        switch random.next() % 12 {
        case 0, 1: return .concatenation((0..<(1 + random.next() % 3)).map { _ in randomIR(depth - 1) })
        case 2: return .alternation((0..<(1 + random.next() % 3)).map { _ in randomIR(depth - 1) })
        case 3: return IR.star(randomIR(depth - 1))
        case 4:
            let low = Int(random.next() % 3)
            return IR.count(randomIR(depth - 1), low, random.next() % 2 == 0 ? nil : low + Int(random.next() % 3))
        case 5:
            let choices: [PatternAssertion] = [.start, .end, .wordBoundary, .notWordBoundary]
            return .assertion(choices[Int(random.next() % 4)])
        case 6:
            return .lookaround(
                randomIR(depth - 1), PatternLookaround(ahead: random.next() % 2 == 0, negated: random.next() % 2 == 0))
        case 7: return .empty
        default: return randomSet()
        }
    }
    var disagreements: [String] = []
    for round in 0..<400 {
        let ir = randomIR(4)
        let pattern = try Pattern.compiled(ir)
        for _ in 0..<12 {
            let text = String(
                String.UnicodeScalarView((0..<(random.next() % 6)).map { _ in alphabet[Int(random.next() % 8)] }))
            let expected = ReferenceMatcher.matches(ir, text)
            if pattern.matches(text) != expected || pattern.matchesOnPikeVM(text) != expected {
                disagreements.append("round \(round): \(ir) on \(text.debugDescription): expected \(expected)")
            }
        }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(3))")
}

// MARK: Whole-scalar states

/// A class whose byte automaton is large (every scalar above U+7F but the 2-byte block
/// U+0400...U+04FF, plus a few ASCII letters), so a repetition of it uses whole-scalar states.
private let bigClass = IR.set(0x41...0x43, 0x80...0x3FF, 0x500...0xD7FF, 0xE000...0x1F5FF, 0x1F601...0x10FFFF)

/// `ir` or a branch that never matches but is too large for a DFA with plain byte classes, so the
/// automaton uses whole-scalar states for its repeated large classes (the language is `ir`'s).
private func forced(_ ir: PatternIR) -> PatternIR {
    IR.alt(ir, IR.seq(IR.count(bigClass, 500, 500), .scalars(ScalarSet())))
}

private func usesScalarStates(_ pattern: Pattern) -> Bool {
    pattern.program.conjuncts.contains { conjunct in
        ([conjunct.main] + conjunct.lookarounds).contains { $0.nfa.hasScalarSets }
    }
}

@Test func aRepeatedLargeClassCompilesToWholeScalarStatesAndMatchesEveryLength() throws {
    let ir = IR.seq(IR.start, forced(IR.count(bigClass, 2, 3)), IR.end)
    let pattern = try Pattern.compiled(ir)
    #expect(usesScalarStates(pattern))
    // Small repetitions keep plain byte classes and their DFA.
    #expect(!usesScalarStates(try Pattern.compiled(IR.seq(IR.start, IR.count(bigClass, 2, 3), IR.end))))
    #expect(pattern.program.conjuncts[0].main.dfa == nil)
    // 1-, 2-, 3- and 4-byte scalars, in and out of the class.
    for (text, expected) in [
        ("AB", true), ("é語", true), ("😁A€", true), ("𝄞𝄞𝄞", true), ("A", false), ("ABCA", false),
        ("AД", false), ("A😀", false), ("aB", false), ("語😀語😀", false),
    ] {
        #expect(pattern.matches(text) == expected, "\(text)")
        #expect(pattern.matchesOnPikeVM(text) == expected)
        #expect(ReferenceMatcher.matches(ir, text) == expected)
    }
}

@Test func wholeScalarStatesWorkInLookaheadAndLookbehindBodies() throws {
    // A digit followed by two big-class scalars; a digit preceded by two of them.
    let ahead = IR.seq(IR.digit, IR.ahead(forced(IR.count(bigClass, 2, 2))))
    let behind = IR.seq(IR.behind(forced(IR.count(bigClass, 2, 2))), IR.digit)
    let negatedAhead = IR.seq(IR.start, IR.digit, IR.ahead(forced(IR.count(bigClass, 1, 2)), negated: true))
    for ir in [ahead, behind, negatedAhead] {
        let pattern = try Pattern.compiled(ir)
        #expect(pattern.program.conjuncts.contains { $0.lookarounds.contains { $0.nfa.hasScalarSets } })
        for text in ["1語😀", "語😀1", "1A", "A1", "1ДД", "ДД1", "1é", "é1", "𝄞€1𝄞€", "1", "x語1Д", "1😁😀"] {
            let expected = ReferenceMatcher.matches(ir, text)
            #expect(pattern.matches(text) == expected, "\(ir) on \(text)")
        }
    }
}

@Test func aLargePropertyRepeatedAThousandTimesCompilesAndMatches() throws {
    let source = "^\\p{Alphabetic}{1,1000}$"
    let ir = try PatternSyntax.lower(source)
    let pattern = try Pattern(source)
    let main = pattern.program.conjuncts[0].main
    #expect(main.nfa.hasScalarSets)
    #expect(main.nfa.states.count < 10_000)
    for text in [
        "a", "Straße", "日本語", String(repeating: "ä", count: 1000), String(repeating: "ä", count: 1001), "", "ab1",
        "𐐀𐐁", "a b",
    ] {
        #expect(pattern.matches(text) == ReferenceMatcher.matches(ir, text), "\(text.prefix(8))")
    }
    #expect(pattern.matches(String(repeating: "語", count: 1000)))
    #expect(!pattern.matches(String(repeating: "語", count: 1001)))
    // A single scalar repeated 110,000 times fits too.
    let many = try Pattern(#"^\\u{110000}$"#)
    #expect(many.matches("\\" + String(repeating: "u", count: 110_000)))
    #expect(!many.matches("\\" + String(repeating: "u", count: 109_999)))
}

@Test func randomIRWithRepeatedLargeClassesAgreesWithTheReference() throws {
    var random = SplitMix64(state: 11)
    let alphabet: [Unicode.Scalar] = ["a", "A", "1", "é", "Д", "語", "😀", "😁", "\u{10FFFF}"]
    let classes: [PatternIR] = [bigClass, IR.dot, .scalars(ScalarSet([0x400...0x4FF, 0x1F600...0x1F600]))]
    func randomIR(_ depth: Int) -> PatternIR {
        if depth == 0 { return classes[Int(random.next() % UInt64(classes.count))] }
        switch random.next() % 8 {
        case 0: return .concatenation((0..<(1 + random.next() % 3)).map { _ in randomIR(depth - 1) })
        case 1: return .alternation((0..<(1 + random.next() % 3)).map { _ in randomIR(depth - 1) })
        case 2, 3:
            let low = Int(random.next() % 3)
            return IR.count(randomIR(depth - 1), low, random.next() % 3 == 0 ? nil : low + Int(random.next() % 3))
        case 4:
            return .lookaround(
                forced(randomIR(depth - 1)),
                PatternLookaround(ahead: random.next() % 2 == 0, negated: random.next() % 2 == 0))
        case 5: return IR.scalar(alphabet[Int(random.next() % UInt64(alphabet.count))])
        case 6: return random.next() % 2 == 0 ? IR.start : IR.end
        default: return classes[Int(random.next() % UInt64(classes.count))]
        }
    }
    var disagreements: [String] = []
    var withScalarStates = 0
    for round in 0..<300 {
        let ir = forced(randomIR(4))
        let pattern = try Pattern.compiled(ir)
        if usesScalarStates(pattern) { withScalarStates += 1 }
        for _ in 0..<10 {
            let text = String(
                String.UnicodeScalarView(
                    (0..<(random.next() % 6)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }))
            let expected = ReferenceMatcher.matches(ir, text)
            if pattern.matches(text) != expected || pattern.matchesOnPikeVM(text) != expected {
                disagreements.append("round \(round): \(ir) on \(text.debugDescription): expected \(expected)")
            }
        }
    }
    #expect(withScalarStates > 50)
    #expect(disagreements.isEmpty, "\(disagreements.prefix(3))")
}

// MARK: Encoding

@Test func wholeScalarStatesRoundTripAndDamagedSetsAreDecodingErrors() throws {
    let ir = forced(IR.seq(IR.count(bigClass, 1, 3), IR.ahead(forced(IR.count(bigClass, 2, 2)))))
    let pattern = try Pattern.compiled(ir)
    let json = String(decoding: try JSONEncoder().encode(pattern), as: UTF8.self)
    #expect(json.contains("\"sets\":[["))
    let decoded = try JSONDecoder().decode(Pattern.self, from: Data(json.utf8))
    #expect(decoded.program == pattern.program)
    for text in ["A語😀", "AB", "Д語😀", "語😀😀語"] { #expect(decoded.matches(text) == pattern.matches(text)) }
    let damaged = [
        json.replacingOccurrences(of: "\"sets\":[[", with: "\"sets\":[[1114112,1114113,"),
        json.replacingOccurrences(of: "\"sets\":[[", with: "\"sets\":[[5,"),
        json.replacingOccurrences(of: "\"sets\":[[", with: "\"sets\":[[9,3,"),
        json.replacingOccurrences(of: "\"states\":[", with: "\"states\":[4,7,0,"),
        json.replacingOccurrences(of: "\"states\":[", with: "\"states\":[4,0,0,"),
    ]
    for text in damaged {
        #expect(text != json)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Pattern.self, from: Data(text.utf8)) }
    }
}

@Test func aPatternRoundTripsThroughJSONAndStillMatches() throws {
    let ir = IR.seq(
        IR.behind(IR.literal("a")), IR.plus(IR.digit), .assertion(.wordBoundary),
        IR.ahead(IR.literal("!"), negated: true))
    let pattern = try Pattern(ir: ir, source: "(?<=a)\\d+\\b(?!!)")
    let data = try JSONEncoder().encode(pattern)
    let decoded = try JSONDecoder().decode(Pattern.self, from: data)
    #expect(decoded == pattern)
    #expect(decoded.program == pattern.program)
    for text in ["a12", "a12!", "b12", "a1b"] { #expect(decoded.matches(text) == pattern.matches(text)) }
}

@Test func aDamagedEncodingIsADecodingErrorNotACrash() throws {
    let pattern = try Pattern.compiled(IR.seq(IR.start, IR.plus(IR.digit)))
    let json = String(decoding: try JSONEncoder().encode(pattern), as: UTF8.self)
    let damaged = [
        json.replacingOccurrences(of: "\"version\":3", with: "\"version\":99"),
        json.replacingOccurrences(of: "\"start\":", with: "\"start\":9999"),
        json.replacingOccurrences(of: "\"targets\":[", with: "\"targets\":[77777,"),
        json.replacingOccurrences(of: "\"table\":[", with: "\"table\":[99999,"),
    ]
    for text in damaged {
        #expect(text != json)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Pattern.self, from: Data(text.utf8)) }
    }
}

@Test func theEncodingIsFlatIntegerArrays() throws {
    let pattern = try Pattern(ir: IR.seq(IR.start, IR.literal("a"), IR.end), source: "^a$")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let json = String(decoding: try encoder.encode(pattern), as: UTF8.self)
    let expected = """
        {"conjuncts":[{"expected":true,"lookarounds":[],"main":{"anchored":true,"dfa":{"classStarts":[97,98],\
        "eof":[0,0,1],"start":1,"table":[0,0,0,0,4,0,0,0,0]},"forward":true,"start":3,\
        "states":[3,0,0,2,1,0,0,0,1,2,0,2],"targets":[],"transitions":[97,97,1]}}],"source":"^a$","version":3}
        """
    #expect(json == expected)
}

@Test func patternsRoundTripThroughWords() throws {
    // Lookarounds, whole-scalar sets, counters, a required literal, flags: every part of the layout.
    let sources: [(String, PatternFlags)] = [
        ("^a$", []), ("(?<=a)\\d+\\b(?!!)", []), ("^\\p{L}{2,40}$", []), ("(?<![A-Za-z])admin(?![A-Za-z])", []),
        ("^[a-z]+$", [.ignoreCase]), ("^.{3,}$", [.dotAll, .multiline]), ("[^\\s]{20}x", []),
    ]
    for (source, flags) in sources {
        let pattern = try Pattern(source, flags: flags)
        let rebuilt = try Pattern(source: source, flags: flags, words: pattern.words)
        #expect(rebuilt.program == pattern.program, "\(source)")
        #expect(rebuilt.words == pattern.words)
    }
}

@Test func damagedWordsAreAnErrorNotACrash() throws {
    let pattern = try Pattern("(?<=a)\\p{L}{2,5}\\b")
    let words = pattern.words
    var damaged: [[Int32]] = [[], [99] + words.dropFirst(), Array(words.dropLast()), words + [0]]
    // Every single word set out of range, one at a time: the checks must catch each or give a valid pattern.
    for index in words.indices {
        for value: Int32 in [-1, 1 << 30] {
            var copy = words
            copy[index] = value
            damaged.append(copy)
        }
    }
    var refused = 0
    for candidate in damaged {
        if let rebuilt = try? Pattern(source: "x", flags: [], words: candidate) {
            _ = rebuilt.matches("aé語bc d")
        } else {
            refused += 1
        }
    }
    #expect(refused >= 4)
}

// MARK: Required literal

@Test func theRequiredLiteralIsTheLongestRunEveryMatchContains() {
    let admin = IR.seq(
        IR.behind(IR.set(0x41...0x5A, 0x61...0x7A), negated: true), IR.literal("admin"),
        IR.ahead(IR.set(0x41...0x5A, 0x61...0x7A), negated: true))
    #expect(RequiredLiteral.of(admin) == Array("admin".utf8))
    // Zero-width nodes do not separate neighbours; classes and optional parts do.
    #expect(
        RequiredLiteral.of(IR.seq(IR.literal("ab"), .assertion(.wordBoundary), IR.literal("é"))) == Array("abé".utf8))
    #expect(RequiredLiteral.of(IR.seq(IR.literal("ab"), IR.digit, IR.literal("xyz"))) == Array("xyz".utf8))
    #expect(RequiredLiteral.of(IR.seq(IR.opt(IR.literal("abcdef")), IR.literal("@"))) == Array("@".utf8))
    #expect(RequiredLiteral.of(IR.plus(IR.literal("語"))) == Array("語".utf8))
    #expect(RequiredLiteral.of(IR.alt(IR.literal("ab"), IR.literal("ab"))) == Array("ab".utf8))
    #expect(RequiredLiteral.of(IR.alt(IR.literal("ab"), IR.literal("cd"))).isEmpty)
    #expect(RequiredLiteral.of(IR.star(IR.literal("ab"))).isEmpty)
}

@Test func aPikeVMPatternWithoutItsRequiredLiteralRejectsWithoutRunning() throws {
    let pattern = try Pattern("(?<![A-Za-z])admin(?![A-Za-z])")
    #expect(pattern.program.conjuncts[0].required == Array("admin".utf8))
    #expect(pattern.cost(String(repeating: "adm1n ", count: 1000)) == (false, 0))
    #expect(pattern.matches("the admin user"))
    #expect(!pattern.matches("badminton"))
    #expect(pattern.matches("admin"))
    #expect(!pattern.matches("admi"))
    // It survives encoding.
    let decoded = try JSONDecoder().decode(Pattern.self, from: JSONEncoder().encode(pattern))
    #expect(decoded.program == pattern.program)
}
