import FormSpecPattern
import FormSpecTestSupport
import Foundation
import Testing

/// The JavaScript pattern matcher (`20-patterns.js`) against Swift's: every pattern of the
/// differential corpus (`Tests/FormSpecPatternTests/Corpus/matches.json`) compiled by Swift and
/// stored as a program stores it, run in node on the corpus subjects and on random ones (non-ASCII,
/// astral, made of the pattern's own scalars), through the DFA and the PikeVM alike, gives Swift's
/// `Pattern.matches` verdict. A pattern the generated validator reads as a class of characters is
/// checked against that class too (JavaScriptClassPatternTests).
@Suite("JavaScript patterns")
struct JavaScriptPatternTests {
    /// Random subjects per pattern, on top of the corpus's.
    static let randomSubjects = 12

    /// The corpus runs in this many parts, in parallel (compiling it in a debug build takes a while).
    static let shards = 4

    struct MatchCase: Decodable {
        var pattern: String
        var flags: String?
        var subjects: [String]
    }

    struct Corpus: Decodable { var cases: [MatchCase] }

    struct Line: Encodable {
        var pattern: Pattern
        var subjects: [String]
        var matches: [Bool]
    }

    struct Summary: Decodable {
        var patterns: Int
        var subjects: Int
        var checks: Int
        var kinds: [String: Int]
        var differences: [String]
    }

    static let corpus: [MatchCase] = {
        guard let text = try? Repository.read("Tests/FormSpecPatternTests/Corpus/matches.json") else { return [] }
        return (try? JSONDecoder().decode(Corpus.self, from: Data(text.utf8)))?.cases ?? []
    }()

    @Test("every corpus pattern gives Swift's verdicts in node, on the DFA and the PikeVM", arguments: 0..<shards)
    func corpusVerdicts(shard: Int) throws {
        #expect(Self.corpus.count > 3000)
        let cases = Self.corpus.enumerated().filter { $0.offset % Self.shards == shard }.map(\.element)
        var random = SplitMix64(state: 1122 + UInt64(shard))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        var lines = Data()
        var refused: [String] = []
        var classes = (some: 0, every: 0, checks: 0)
        for testCase in cases {
            guard case .success(let flags) = PatternFlags.parse(testCase.flags ?? ""),
                let pattern = try? Pattern(testCase.pattern, flags: flags)
            else {
                refused.append(testCase.pattern)
                continue
            }
            if let read = try JavaScriptClassPatternTests.check(
                pattern, source: testCase.pattern, flags: testCase.flags ?? "", subjects: testCase.subjects, &random)
            {
                if read.all { classes.every += 1 } else { classes.some += 1 }
                classes.checks += read.checks
            }
            var subjects = testCase.subjects
            for _ in 0..<Self.randomSubjects {
                subjects.append(Self.randomSubject(pattern: testCase.pattern, corpus: testCase.subjects, &random))
            }
            lines.append(
                try encoder.encode(Line(pattern: pattern, subjects: subjects, matches: subjects.map(pattern.matches))))
            lines.append(0x0A)
        }
        #expect(refused.isEmpty, "Swift does not compile: \(refused.prefix(10))")

        let folder = try NodeRunner.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("patterns.jsonl")
        try lines.write(to: file)
        let output = try NodeRunner.run(["Tests/FormSpecJavaScriptTests/run-patterns.mjs", file.path])
        guard output.status == 0, let last = output.stdout.split(separator: "\n").last else {
            Issue.record("node exited \(output.status): \(output.stderr.suffix(3000))")
            return
        }
        let summary = try JSONDecoder().decode(Summary.self, from: Data(last.utf8))
        print(
            "JavaScript patterns, part \(shard + 1) of \(Self.shards): \(summary.patterns) patterns, \(summary.subjects) subjects, \(summary.checks) checks",
            "(\(summary.kinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))),",
            "\(summary.differences.count) differences;",
            "read as a class: \(classes.some) of some member, \(classes.every) of every one, \(classes.checks) checks")
        #expect(classes.some > 100)
        #expect(summary.patterns == cases.count - refused.count)
        #expect(summary.differences.isEmpty, "\(summary.differences.joined(separator: "\n"))")
    }

    /// Scalars random subjects mix with the pattern's own: line breaks, word and non-word
    /// characters, case pairs that fold together, non-ASCII of every UTF-8 length, astral.
    static let extraScalars: [Unicode.Scalar] = Array(
        "\n\r\t \u{2028}aZ_09-.:ßSſKKéÉıİ\u{301}日本한😀👍🏽𐐀𐐨\u{10FFFF}\u{FEFF}\u{85}\u{A0}Ω\u{1F1EF}\u{1F1F5}".unicodeScalars
    )

    /// A subject made of the pattern's scalars, a corpus subject's and the extras, in random order
    /// and lengths (up to 24 scalars), or a corpus subject with a few scalars changed.
    static func randomSubject(pattern: String, corpus: [String], _ random: inout SplitMix64) -> String {
        let own = Array(pattern.unicodeScalars)
        let base = corpus.isEmpty ? [] : Array(corpus[Int(random.next() % UInt64(corpus.count))].unicodeScalars)
        func pick() -> Unicode.Scalar {
            switch random.next() % 4 {
            case 0 where !own.isEmpty: return own[Int(random.next() % UInt64(own.count))]
            case 1 where !base.isEmpty: return base[Int(random.next() % UInt64(base.count))]
            case 2: return extraScalars[Int(random.next() % UInt64(extraScalars.count))]
            default:
                let value = UInt32(random.next() % 0x110000)
                return Unicode.Scalar(value) ?? "\u{FFFD}"
            }
        }
        var scalars: [Unicode.Scalar]
        if !base.isEmpty, random.next() % 3 == 0 {
            scalars = base
            for _ in 0...(random.next() % 3) {
                let at = Int(random.next() % UInt64(scalars.count + 1))
                switch random.next() % 3 {
                case 0: scalars.insert(pick(), at: at)
                case 1 where at < scalars.count: scalars.remove(at: at)
                default: if at < scalars.count { scalars[at] = pick() }
                }
            }
        } else {
            scalars = (0..<Int(random.next() % 25)).map { _ in pick() }
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }
}
