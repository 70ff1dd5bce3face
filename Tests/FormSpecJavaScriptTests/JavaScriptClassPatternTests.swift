import FormSpecPattern
import FormSpecTestSupport
import Foundation
import Testing

@testable import FormSpecCLISupport

/// The generated validator tests a field's patterns that ask about one class of ASCII characters in
/// one pass over the text (`ASCIIDFA.characterClass`, `fsClasses`). Such a pattern must give
/// `Pattern.matches`'s verdict as its class does on every ASCII text that is not empty: checked
/// here for known shapes, and by JavaScriptPatternTests for every pattern of the corpus.
@Suite("Class patterns of the generated validator")
struct JavaScriptClassPatternTests {
    @Test(
        "the shapes the validator reads as a class",
        arguments: [
            ("[a-z]", "", false, "abcdefghijklmnopqrstuvwxyz"), (#"\d"#, "", false, "0123456789"),
            ("[^A-Za-z0-9]", "", false, nil), ("[a-c]", "i", false, "ABCabc"), ("-", "", false, "-"),
            ("é", "", false, ""), (#"\p{Lu}"#, "", false, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
            ("^[a-z0-9_]+$", "", true, "0123456789_abcdefghijklmnopqrstuvwxyz"), (#"^\d+$"#, "", true, "0123456789"),
            (#"^[^\s]+$"#, "", true, nil), ("^[a-f]+$", "i", true, "ABCDEFabcdef"),
            // The validator reads only text that is not empty.
            ("^[a-z]*$", "", true, "abcdefghijklmnopqrstuvwxyz"),
        ])
    func knownShapes(source: String, flags: String, all: Bool, members: String?) throws {
        guard case .success(let parsed) = PatternFlags.parse(flags) else { throw Failure("flags") }
        let pattern = try Pattern(source, flags: parsed)
        let (_, dfa) = try #require(try Self.singleDFA(pattern))
        let read = try #require(dfa.characterClass)
        #expect(read.all == all)
        if let members {
            #expect(String(decoding: (0..<128).filter { read.members[$0] }.map(UInt8.init), as: UTF8.self) == members)
        }
        var random = SplitMix64(state: 7)
        #expect(try Self.check(pattern, source: source, flags: flags, subjects: [], &random)?.all == all)
    }

    @Test(
        "patterns that are not about one class", arguments: ["^[a-z][a-z0-9]*$", "__", "[a-z]{2}", "^a", "a$", "x|^y$"])
    func notAClass(source: String) throws {
        let (_, dfa) = try #require(try Self.singleDFA(Pattern(source)))
        #expect(dfa.characterClass == nil, "/\(source)/")
    }

    /// For a pattern the validator reads as a class: whether the class asks that every character be
    /// a member, after checking the pattern's verdict against the class's on `subjects` that are
    /// ASCII and not empty and on 40 random ones, half of their characters the pattern's own. Nil
    /// for another pattern.
    static func check(
        _ pattern: Pattern, source: String, flags: String, subjects: [String], _ random: inout SplitMix64
    ) throws -> (all: Bool, checks: Int)? {
        guard let (expected, dfa) = try singleDFA(pattern), let (all, members) = dfa.characterClass else { return nil }
        let own = source.unicodeScalars.filter(\.isASCII).map { UInt8($0.value) }
        var subjects = subjects.filter { !$0.isEmpty && $0.allSatisfy(\.isASCII) }
        for _ in 0..<40 {
            let bytes = (0...(random.next() % 12)).map { _ in
                random.next() % 2 == 0 && !own.isEmpty
                    ? own[Int(random.next() % UInt64(own.count))] : UInt8(random.next() % 128)
            }
            subjects.append(String(decoding: bytes, as: UTF8.self))
        }
        for subject in subjects {
            let codes = subject.utf8.map(Int.init)
            let found = all ? codes.allSatisfy { members[$0] } : codes.contains { members[$0] }
            #expect(
                pattern.matches(subject) == (found == expected),
                "/\(source)/\(flags) read as \(all ? "every" : "some") character of a class, on \(subject.debugDescription)"
            )
        }
        return (all, subjects.count)
    }

    /// A DFA of more states than a byte can number gets a table of 16-bit entries: its verdicts in
    /// node, on matching, failing and non-ASCII subjects, are Swift's.
    @Test("the ASCII matcher of a DFA with hundreds of states")
    func largeTables() throws {
        let pattern = try Pattern("^(?:[a-c][a-z]){150}$")
        let (_, dfa) = try #require(try Self.singleDFA(pattern))
        #expect(dfa.eof.count > 256, "the DFA should need 16-bit entries")
        let good = String(repeating: "az", count: 150)
        let subjects = [
            good, String(good.dropLast()), good + "a", "d" + good.dropFirst(), String(good.dropLast()) + "é",
            String(repeating: "cz", count: 149) + "cq", String(repeating: "a", count: 300),
        ]
        let line = JavaScriptPatternTests.Line(
            pattern: pattern, subjects: subjects, matches: subjects.map(pattern.matches))
        #expect(line.matches.filter { $0 }.count == 3)
        let folder = try NodeRunner.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("large.jsonl")
        try JSONEncoder().encode(line).write(to: file)
        let output = try NodeRunner.run(["Tests/FormSpecJavaScriptTests/run-patterns.mjs", file.path])
        let summary = try JSONDecoder().decode(
            JavaScriptPatternTests.Summary.self, from: Data((output.stdout.split(separator: "\n").last ?? "").utf8))
        #expect(summary.kinds["asciiMatcher"] == 1)
        #expect(summary.checks == subjects.count * 3)
        #expect(summary.differences.isEmpty, "\(summary.differences)")
    }

    struct Failure: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// The DFA of a pattern that is one conjunct without lookarounds, as the program stores it, and
    /// the verdict it must give for the pattern to match; nil for another pattern.
    static func singleDFA(_ pattern: Pattern) throws -> (expected: Bool, dfa: ASCIIDFA)? {
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(pattern)) as? [String: Any]
        guard let compiled = json?["compiled"] as? [String: Any] ?? json,
            let conjuncts = compiled["conjuncts"] as? [[String: Any]], conjuncts.count == 1,
            (conjuncts[0]["lookarounds"] as? [Any])?.isEmpty == true,
            let main = conjuncts[0]["main"] as? [String: Any], let stored = main["dfa"] as? [String: Any],
            let expected = conjuncts[0]["expected"] as? Bool, let dfa = ASCIIDFA(stored)
        else { return nil }
        return (expected, dfa)
    }
}
