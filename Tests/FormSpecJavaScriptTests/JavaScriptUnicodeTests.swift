import FormSpecPattern
@_spi(Program) @_spi(Tooling) import FormSpecRuntime
import FormSpecTestSupport
import Foundation
import Testing

/// The JavaScript runtime's text semantics (`05-unicode-data.js`, `10-unicode.js`) against Swift's:
/// the generated tables are fresh, and node gives Swift's character counts, character properties,
/// length and `contains` verdicts and case foldings for every scalar in context and for random
/// strings biased towards the hard cases.
@Suite("JavaScript Unicode")
struct JavaScriptUnicodeTests {
    @Test("05-unicode-data.js is what this Swift generates")
    func tablesAreFresh() throws {
        let expected = JavaScriptUnicodeData.source()
        if ProcessInfo.processInfo.environment["FORMSPEC_RECORD"] != nil {
            try expected.write(toFile: Repository.path(JavaScriptUnicodeData.path), atomically: true, encoding: .utf8)
            return
        }
        let committed = try Repository.read(JavaScriptUnicodeData.path)
        #expect(
            committed == expected,
            "\(JavaScriptUnicodeData.path) is stale: run FORMSPEC_RECORD=1 swift test --filter JavaScriptUnicode")
    }

    /// Parts 0 and 1: every other context; part 2: properties and foldings (in parallel).
    @Test("every scalar, alone and in context: counts, properties and foldings are Swift's", arguments: 0..<3)
    func everyScalar(part: Int) throws {
        let lines: [String]
        if part < 2 {
            lines = [try JavaScriptUnicodeCases.line(JavaScriptUnicodeCases.contexts(part: part, of: 2))]
        } else {
            lines = [
                try JavaScriptUnicodeCases.line(JavaScriptUnicodeCases.properties()),
                try JavaScriptUnicodeCases.line(JavaScriptUnicodeCases.folds()),
            ]
        }
        try Self.runNode(lines, name: "scalars-\(part)", expectedChecks: 2_000_000)
    }

    @Test("random strings: counts, characters, rules and case folding are Swift's")
    func randomStrings() throws {
        var random = SplitMix64(state: 2026)
        var lines: [String] = []
        for _ in 0..<JavaScriptUnicodeCases.randomStringCount {
            lines.append(try JavaScriptUnicodeCases.line(JavaScriptUnicodeCases.stringCase(&random)))
        }
        try Self.runNode(lines, name: "strings", expectedChecks: JavaScriptUnicodeCases.randomStringCount)
    }

    struct Summary: Decodable {
        var checks: Int
        var lines: [String: Int]
        var differences: [String]
    }

    /// Runs `run-unicode.mjs` on the lines; every check must pass. `FORMSPEC_JS_CASES_DIR=DIR` keeps
    /// the lines in DIR/unicode-NAME.jsonl, for `node run-unicode.mjs` while working on the runtime.
    static func runNode(_ lines: [String], name: String, expectedChecks: Int) throws {
        let folder = try NodeRunner.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("unicode.jsonl")
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
        if let keep = ProcessInfo.processInfo.environment["FORMSPEC_JS_CASES_DIR"] {
            try? FileManager.default.createDirectory(atPath: keep, withIntermediateDirectories: true)
            try Data(lines.joined(separator: "\n").utf8).write(
                to: URL(fileURLWithPath: keep).appendingPathComponent("unicode-\(name).jsonl"))
        }
        let output = try NodeRunner.run(["Tests/FormSpecJavaScriptTests/run-unicode.mjs", file.path])
        guard output.status == 0, let last = output.stdout.split(separator: "\n").last else {
            Issue.record("node exited \(output.status): \(output.stderr.suffix(3000))")
            return
        }
        let summary = try JSONDecoder().decode(Summary.self, from: Data(last.utf8))
        print(
            "JavaScript Unicode: \(summary.checks) checks over \(summary.lines), \(summary.differences.count) differences"
        )
        #expect(summary.checks >= expectedChecks)
        #expect(summary.differences.isEmpty, "\(summary.differences.prefix(40).joined(separator: "\n"))")
    }
}

/// The cases `run-unicode.mjs` reads (see its header for the format).
enum JavaScriptUnicodeCases {
    static let randomStringCount = 100_000

    /// Scalars around the one under test (`nil`): every rule of the grapheme breaking state machine
    /// with the scalar on either side, after and before every class and inside the sequences
    /// that carry state (emoji ZWJ sequences, flags, Hangul, Indic conjuncts, CR LF). The first
    /// ones, which tell every class apart, run on every scalar; the rest on the scalars of planes 0
    /// and 1 and the tags and variation selectors of plane 14 (`isSampled`): the other planes are
    /// ideographs, private use and unassigned scalars, whose class the first ones decide.
    static let templates: [[UInt32?]] =
        everyScalarTemplates + [
            [nil, 0x200D], [0x1F600, nil], [0x1F600, 0x301, 0x200D, nil], [nil, 0x200D, 0x1F600],
            [nil, 0x301, 0x200D, 0x1F600], [0x1F1E6, nil], [nil, 0x1F1E6], [0x1F1E6, 0x1F1E6, nil],
            [0x1F1E6, nil, 0x1F1E6],
            [0x1161, nil], [0x11A8, nil], [0xAC00, nil], [0xAC01, nil], [nil, 0x1100], [nil, 0xAC00],
            [0x915, nil, 0x915],
            [0x915, 0x94D, nil, 0x915], [0x915, nil, 0x94D, 0x915], [0x915, 0x94D, 0x200D, nil], [0xD, nil],
            [nil, 0xA],
            [0xA, nil], [nil, 0xD], [0x600, nil], [nil, 0x600], [0x3042, nil], [nil, 0x3001], [0x903, nil],
            [nil, 0x903],
        ]

    static let everyScalarTemplates: [[UInt32?]] = [
        [nil, nil], [nil, nil, nil], [0x61, nil], [nil, 0x61], [0x5D0, nil], [nil, 0x5D0], [nil, 0x301],
        [0x1F600, 0x200D, nil], [0x1F600, nil, 0x200D, 0x1F600], [0x1100, nil], [nil, 0x1161], [nil, 0x11A8],
        [nil, 0x94D, 0x915], [0x915, 0x94D, nil], [0x4E00, nil], [nil, 0x4E00],
    ]

    /// The scalars every template runs on (run-unicode.mjs has the same test).
    static func isSampled(_ value: UInt32) -> Bool { value < 0x20000 || (0xE0000...0xE0FFF).contains(value) }

    /// Runs [first, last, value] of `value` over every scalar.
    static func runs(sampled: Bool = false, _ value: (Unicode.Scalar) -> Int) -> [[Int]] {
        var runs: [[Int]] = []
        for scalar in JavaScriptUnicodeData.scalars where !sampled || isSampled(scalar.value) {
            let item = value(scalar)
            if let last = runs.last, last[2] == item {
                runs[runs.count - 1][1] = Int(scalar.value)
            } else {
                runs.append([Int(scalar.value), Int(scalar.value), item])
            }
        }
        return runs
    }

    struct Context: Encodable {
        /// The scalars, -1 for the one under test.
        var template: [Int]
        var counts: [[Int]]
        /// Whether only the `isSampled` scalars are tried.
        var sampled: Bool
    }

    struct Contexts: Encodable {
        var kind = "contexts"
        var contexts: [Context]
    }

    /// The contexts of every `parts`th template from `part` on.
    static func contexts(part: Int, of parts: Int) -> Contexts {
        Contexts(
            contexts: templates.enumerated().filter { $0.offset % parts == part }.map { index, context in
                let sampled = index >= everyScalarTemplates.count
                let counts = runs(sampled: sampled) { scalar in
                    var scalars = String.UnicodeScalarView()
                    for value in context { scalars.append(value.map { Unicode.Scalar($0)! } ?? scalar) }
                    return String(scalars).count
                }
                return Context(template: context.map { $0.map(Int.init) ?? -1 }, counts: counts, sampled: sampled)
            })
    }

    struct Properties: Encodable {
        var kind = "properties"
        var masks: [[Int]]
    }

    static func properties() -> Properties {
        Properties(masks: runs { mask(of: Character($0)) })
    }

    /// What `maskOf` in run-unicode.mjs computes: bits 0–6 `Character`'s isLetter, isNumber,
    /// isWhitespace, isUppercase, isLowercase, a first scalar in Nd, isASCII; bits 7–12 ContainsRule's
    /// classes (allCases: uppercase, lowercase, letter, digit, symbol, whitespace).
    static func mask(of character: Character) -> Int {
        let bits = [
            character.isLetter, character.isNumber, character.isWhitespace, character.isUppercase,
            character.isLowercase, character.unicodeScalars.first!.properties.generalCategory == .decimalNumber,
            character.isASCII,
        ]
        var mask = 0
        for (bit, set) in bits.enumerated() where set { mask |= 1 << bit }
        for (bit, characterClass) in ContainsRule.CharacterClass.allCases.enumerated()
        where characterClass.contains(character) {
            mask |= 1 << (7 + bit)
        }
        return mask
    }

    struct Folds: Encodable {
        var kind = "folds"
        var folds: [[FoldEntry]]
    }

    enum FoldEntry: Encodable {
        case scalar(UInt32)
        case scalars([UInt32])

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .scalar(let value): try container.encode(value)
            case .scalars(let values): try container.encode(values)
            }
        }
    }

    static func folds() -> Folds {
        var folds: [[FoldEntry]] = []
        for scalar in JavaScriptUnicodeData.scalars {
            let folded = CaseFolding.fullFold(String(scalar)).unicodeScalars.map(\.value)
            if folded != [scalar.value] { folds.append([.scalar(scalar.value), .scalars(folded)]) }
        }
        return Folds(folds: folds)
    }

    struct StringCase: Encodable {
        var kind = "string"
        var text: String
        var count: Int
        var masks: [Int]
        var lengths: [Int]
        /// LengthRule verdicts: per unit (graphemes, scalars, utf8, utf16), per bound (min, max),
        /// limits length - 1, length, length + 1 and Int.max (a BigInt in the emitted module).
        var length: String
        /// Characters per ContainsRule class.
        var classes: [Int]
        /// ContainsRule verdicts: each class at its count and one more, all classes at the least
        /// count, the password rule (lowercase, uppercase, digit, symbol; 1), all classes Int.max times.
        var contains: String
        var folded: String
        var other: String
        var equal: Bool
        var needle: String
        var inside: Bool
    }

    static func stringCase(_ random: inout SplitMix64) -> StringCase {
        let text = randomString(&random)
        let lengths = [text.count, text.unicodeScalars.count, text.utf8.count, text.utf16.count]
        var length = ""
        for (index, unit) in LengthRule.Unit.allCases.enumerated() {
            for bound in [LengthRule.Bound.min, .max] {
                for limit in [lengths[index] - 1, lengths[index], lengths[index] + 1, Int.max] {
                    length += LengthRule(bound: bound, limit: limit, unit: unit).passes(text) ? "1" : "0"
                }
            }
        }
        let allClasses = ContainsRule.CharacterClass.allCases
        let classes = allClasses.map { characterClass in
            text.reduce(0) { $0 + (characterClass.contains($1) ? 1 : 0) }
        }
        var rules: [ContainsRule] = []
        for (index, characterClass) in allClasses.enumerated() {
            rules.append(ContainsRule(classes: [characterClass], count: classes[index]))
            rules.append(ContainsRule(classes: [characterClass], count: classes[index] + 1))
        }
        rules.append(ContainsRule(classes: allClasses, count: classes.min()!))
        rules.append(ContainsRule(classes: [.lowercase, .uppercase, .digit, .symbol], count: 1))
        rules.append(ContainsRule(classes: allClasses, count: Int.max))
        let other = variant(of: text, &random)
        let needle = slice(of: variant(of: text, &random), &random)
        return StringCase(
            text: text, count: text.count, masks: text.map(mask(of:)), lengths: lengths, length: length,
            classes: classes, contains: rules.map { $0.passes(text) ? "1" : "0" }.joined(),
            folded: CaseFolding.fullFold(text), other: other, equal: CaseFolding.equal(text, other), needle: needle,
            inside: CaseFolding.contains(text, needle))
    }

    /// The text compared with a random string: itself changed in case, folded, cut, or another string.
    static func variant(of text: String, _ random: inout SplitMix64) -> String {
        switch random.next() % 6 {
        case 0: return text.uppercased()
        case 1: return text.lowercased()
        case 2: return CaseFolding.fullFold(text)
        case 3: return text
        case 4: return String(text.unicodeScalars.dropLast())
        default: return randomString(&random)
        }
    }

    /// A run of `text`'s scalars.
    static func slice(of text: String, _ random: inout SplitMix64) -> String {
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty else { return "" }
        let start = Int(random.next() % UInt64(scalars.count))
        let end = start + Int(random.next() % UInt64(scalars.count - start + 1))
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[start..<end])
        return String(view)
    }

    /// Scalars the random strings are made of, by what they exercise.
    static let pools: [[UInt32]] = {
        var byBreak: [JavaScriptUnicodeData.Break: [UInt32]] = [:]
        var consonants: [UInt32] = []
        for scalar in JavaScriptUnicodeData.scalars where scalar.value >= 0x7F {
            let kind = JavaScriptUnicodeData.graphemeBreak(scalar.value)
            if kind != .any { byBreak[kind, default: []].append(scalar.value) }
            if JavaScriptUnicodeData.isConsonant(scalar.value) { consonants.append(scalar.value) }
        }
        var pools: [[UInt32]] = [
            Array(0x20...0x7E),
            [0x0, 0x9, 0xA, 0xD, 0xD, 0xA, 0x7F, 0x85, 0xAD, 0x200B, 0x2028, 0x2029, 0xFEFF, 0xE0001, 0x1F, 0x61C],
            [0x1F600, 0x1F44D, 0x1F468, 0x1F469, 0x1F467, 0x1F466, 0x2764, 0x261D, 0x1F3F3, 0x1F308, 0x1F9D1, 0x1F91D]
                + [0x2640, 0x2642, 0xFE0F, 0xFE0E, 0x200D, 0x200D, 0x20E3, 0xE0067, 0xE007F, 0x1FC00, 0x1FFFD, 0x00A9]
                + Array(0x1F3FB...0x1F3FF),
            Array(0x1F1E6...0x1F1FF) + [0x1F1EF, 0x1F1F5, 0x1F1EB, 0x1F1F7],
            Array(0x1100...0x1112) + Array(0x1161...0x1175) + Array(0x11A8...0x11C2)
                + [0xAC00, 0xAC01, 0xAC1C, 0xD7A3, 0xA960, 0xD7B0, 0xD7CB, 0x115F, 0x1160],
            Array(0x915...0x939) + [0x94D, 0x94D, 0x9CD, 0xACD, 0xB4D, 0xC4D, 0xD4D, 0x93C, 0x941, 0x900, 0x951]
                + [0x200D, 0x200C, 0x93E, 0x93F, 0x903, 0x995, 0x9A4, 0x1000, 0x1039, 0x103A, 0x17D2, 0x1780, 0x1A60],
            Array(0x300...0x36F) + [0x345, 0x345, 0x1AB0, 0x20D0, 0x302A, 0x3099],
            [0xDF, 0x130, 0x131, 0x1C5, 0x1C8, 0x3A3, 0x3C2, 0xFB00, 0x212A, 0x212B, 0x1E9E, 0x149, 0x390, 0x2160]
                + [0x24D0, 0x24B6, 0x10400, 0x10428, 0x1FB3, 0x1FBC, 0x1C80, 0x1E920, 0x1E900, 0x2C2F, 0xA7C0, 0x1F88]
                + [0x69, 0x49, 0x73, 0x53, 0x6B, 0x4B, 0xE5, 0xC5, 0x3B9, 0x399, 0x1FBE, 0x2126, 0x3C9, 0x2C65],
            [0x660, 0x966, 0xFF10, 0x1D7CE, 0xBD, 0xB2, 0x2460, 0x4E07, 0x30, 0x39, 0x1F100, 0x10107],
            [0x20, 0xA0, 0x1680, 0x2000, 0x2005, 0x200A, 0x3000, 0x85, 0x202F, 0x205F, 0x180E],
            Array(0x3040...0x30FF) + Array(0x4E00...0x4E20) + Array(0x3000...0x302F) + Array(0xFF00...0xFFA0),
            consonants,
        ]
        pools += JavaScriptUnicodeData.Break.allCases.compactMap { byBreak[$0] }
        return pools
    }()

    /// 1 to 12 scalars, each from a random pool or anywhere in Unicode.
    static func randomString(_ random: inout SplitMix64) -> String {
        var scalars = String.UnicodeScalarView()
        let length = 1 + Int(random.next() % 12)
        for _ in 0..<length {
            let choice = Int(random.next() % UInt64(pools.count + 2))
            if choice >= pools.count {
                var value = UInt32(random.next() % 0x110000)
                if (0xD800...0xDFFF).contains(value) { value = 0xFFFD }
                scalars.append(Unicode.Scalar(value)!)
            } else {
                let pool = pools[choice]
                scalars.append(Unicode.Scalar(pool[Int(random.next() % UInt64(pool.count))])!)
            }
        }
        return String(scalars)
    }

    /// `value` as one line of JSON.
    static func line(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
