// `formspec-bench --patterns`: nanoseconds per match of FormSpec's pattern engine against the
// previous engine (Swift `Regex` with the options FormSpec used before it had its own), on
// sign-up-form patterns and on classic catastrophic-backtracking patterns.

import FormSpecPattern
import Foundation

/// The pattern rules of a typical sign-up form and inputs a user types into them.
let signUpPatterns: [(source: String, inputs: [String])] = [
    ("^[a-z0-9_]{3,16}$", ["alice_01", "Alice!", "bob_the_builder", "山田太郎さん"]),
    ("^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$", ["alice@example.com", "alice@example", "a b@c.d", "ユーザー@例え.jp"]),
    (
        "^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[^A-Za-z0-9]).{8,}$",
        ["Passw0rd!", "password", "Pa5s!wdX", "PASSWORD1!"]
    ),
    ("^\\+?[0-9 ()-]{7,20}$", ["+1 (555) 123-4567", "555-CALL-NOW", "0123456789"]),
    ("^\\d{5}(-\\d{4})?$", ["12345", "12345-6789", "1234", "ABCDE"]),
    ("(?<![A-Za-z])admin(?![A-Za-z])", ["admin", "badminton", "the admin user", "alice_01"]),
    ("\\s$", ["alice ", "alice", "bob\t"]),
]

/// Catastrophic patterns for backtracking engines, each with its adversarial subject shape:
/// `prefix + unit × k + suffix`.
let catastrophicPatterns: [(source: String, prefix: String, unit: String, suffix: String)] = [
    ("(a+)+$", "", "a", "!"),
    ("(a|aa)+$", "", "a", "!"),
    ("(.*a){12}", String(repeating: "a", count: 11), "b", ""),
    ("^(\\w+\\s?)*$", "", "a", "!"),
    ("^(([a-z])+.)+[A-Z]([a-z])+$", "", "a", ""),
    ("(x+x+)+y", "", "x", ""),
    ("(a*)*b", "", "a", "!"),
    ("^(a?){25}a{25}$", "", "a", ""),
    (
        "^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$",
        "", "a", "!"
    ),
    ("^[\\w.+-]+@([\\w-]+\\.)+[\\w-]{2,}$", "a@", "a.", "!"),
    ("((?<=(a+)+)a(?=(a|aa)*!))+$", "", "a", "!"),
    ("(?<!b)(?=(a+)+\\d)(a|aa)+(?!(a|b)*!)$", "", "a", "!"),
]

/// The engine FormSpec used before its own: Swift `Regex`, as `PatternRule` configured it.
struct PreviousEngine {
    let regex: Regex<AnyRegexOutput>

    init?(_ source: String) {
        guard
            let regex = try? Regex(Self.translate(source)).matchingSemantics(.unicodeScalar).asciiOnlyDigits()
                .asciiOnlyWordCharacters().wordBoundaryKind(.simple).dotMatchesNewlines(false)
                .anchorsMatchLineEndings(false)
        else { return nil }
        self.regex = regex
    }

    func matches(_ text: String) -> Bool { (try? regex.firstMatch(in: text)) != nil }

    /// `$` outside a class becomes `\z`, `\/` becomes `/` (as the old `PatternRule` did).
    static func translate(_ source: String) -> String {
        var result = ""
        var inClass = false
        var iterator = source.makeIterator()
        while let character = iterator.next() {
            switch character {
            case "\\":
                guard let next = iterator.next() else {
                    result.append("\\")
                    continue
                }
                if next == "/" { result.append("/") } else { result += "\\\(next)" }
            case "[" where !inClass:
                inClass = true
                result.append(character)
            case "]" where inClass:
                inClass = false
                result.append(character)
            case "$" where !inClass:
                result += "\\z"
            default:
                result.append(character)
            }
        }
        return result
    }
}

/// The median over `samples` runs of the mean nanoseconds per call, each run at least ~2 ms.
func medianNanoseconds(samples: Int = 9, _ body: () -> Bool) -> Double {
    let clock = ContinuousClock()
    var repetitions = 1
    var sink = 0
    while repetitions < 1 << 24 {
        let elapsed = clock.measure { for _ in 0..<repetitions where body() { sink &+= 1 } }
        if elapsed > .milliseconds(2) { break }
        repetitions *= 2
    }
    var results: [Double] = []
    for _ in 0..<samples {
        let elapsed = clock.measure { for _ in 0..<repetitions where body() { sink &+= 1 } }
        results.append(nanoseconds(elapsed) / Double(repetitions))
    }
    if sink == -1 { print("") }  // keeps the calls from being optimised away
    return results.sorted()[results.count / 2]
}

/// Times one call, for inputs where one call may take seconds.
func secondsForOneCall(_ body: () -> Bool) -> Double {
    let clock = ContinuousClock()
    var result = false
    let elapsed = clock.measure { result = body() }
    if result { _ = 0 }
    return nanoseconds(elapsed) / 1e9
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

func benchmarkPatterns(previousLimitSeconds: Double) {
    print("pattern matching, ns per match (median of 9 runs)")
    print("  " + pad("pattern / input", 62) + pad("new", 12) + pad("previous", 12) + "verdicts")
    var newTotal = 0.0
    var previousTotal = 0.0
    for (source, inputs) in signUpPatterns {
        guard let pattern = try? Pattern(source) else {
            print("  \(source): does not compile")
            continue
        }
        let previous = PreviousEngine(source)
        print("  \(source)")
        for input in inputs {
            let new = medianNanoseconds { pattern.matches(input) }
            let old = previous.map { engine in medianNanoseconds { engine.matches(input) } }
            newTotal += new
            previousTotal += old ?? 0
            let verdicts =
                "\(pattern.matches(input))"
                + (previous.map { $0.matches(input) == pattern.matches(input) ? "" : " (previous differs)" } ?? "")
            print(
                "    " + pad(input.debugDescription, 60) + pad(format(new), 12)
                    + pad(old.map(format) ?? "rejected", 12) + verdicts)
        }
    }
    print("  sum over the sign-up inputs: new \(format(newTotal)) ns, previous \(format(previousTotal)) ns")
    print("")
    print(
        "catastrophic patterns: new engine at 100,000 bytes; previous engine until one call exceeds \(previousLimitSeconds) s"
    )
    var catastrophicTotal = 0.0
    for (source, prefix, unit, suffix) in catastrophicPatterns {
        func subject(_ n: Int) -> String { prefix + String(repeating: unit, count: max(0, n / unit.count)) + suffix }
        guard let pattern = try? Pattern(source) else {
            print("  \(source): does not compile")
            continue
        }
        let large = subject(100_000)
        let fifth = subject(20_000)
        let newLarge = secondsForOneCall { pattern.matches(large) }
        let newFifth = secondsForOneCall { pattern.matches(fifth) }
        catastrophicTotal += newLarge
        var previousReport = "rejected"
        if source == "^(a?){25}a{25}$" {
            // Fails at once below 25 bytes and needs about 2^25 steps from 26: no small step exists.
            previousReport = "not run (about 2^25 backtracking steps from 26 bytes)"
        } else if let previous = PreviousEngine(source) {
            // `Regex` cannot be interrupted, so grow the input in small steps and stop at the first
            // call over the limit: one step costs at most a few times the previous one.
            var size = 4
            previousReport = ""
            while size <= 100_000 {
                let text = subject(size)
                let seconds = secondsForOneCall { previous.matches(text) }
                previousReport = "\(text.utf8.count) bytes: \(format(seconds * 1000)) ms"
                if seconds > previousLimitSeconds {
                    previousReport += " (stopped growing the input: > \(previousLimitSeconds) s)"
                    break
                }
                size = size < 200 ? size + 2 : size * 5 / 4
            }
        }
        print("  \(source)")
        print(
            "    new: 100k bytes \(format(newLarge * 1000)) ms, 20k bytes \(format(newFifth * 1000)) ms (×\(format(newLarge / max(newFifth, 1e-9))) for 5× input); previous: \(previousReport)"
        )
    }
    print("  all 12 at 100k bytes, new engine: \(format(catastrophicTotal * 1000)) ms in total")
}

/// Compiles and runs the differential corpus (`Tests/FormSpecPatternTests/Corpus/matches.json`,
/// verdicts recorded from node) on the release build: agreement, and compile time per pattern.
func checkPatternCorpus(at path: String) throws {
    struct MatchCase: Decodable {
        var pattern: String
        var subjects: [String]
        var matches: [Bool]
    }
    struct MatchesFile: Decodable { var cases: [MatchCase] }
    let cases = try JSONDecoder().decode(MatchesFile.self, from: Data(contentsOf: URL(fileURLWithPath: path))).cases
    let clock = ContinuousClock()
    var compileTimes: [(Double, String)] = []
    var refused: [String] = []
    var disagreements: [String] = []
    var pairs = 0
    for testCase in cases {
        let start = clock.now
        let pattern = try? Pattern(testCase.pattern)
        compileTimes.append((nanoseconds(clock.now - start) / 1e6, testCase.pattern))
        guard let pattern else {
            refused.append(testCase.pattern)
            continue
        }
        for (subject, expected) in zip(testCase.subjects, testCase.matches) {
            pairs += 1
            if pattern.matches(subject) != expected {
                disagreements.append("/\(testCase.pattern)/ on \(subject.debugDescription): node says \(expected)")
            }
        }
    }
    let total = compileTimes.reduce(0) { $0 + $1.0 }
    compileTimes.sort { $0.0 > $1.0 }
    print("pattern corpus: \(cases.count) patterns, \(pairs) pairs")
    print("  refused             \(refused.count)")
    print(
        "  disagreements       \(disagreements.count) (\(format(100 * Double(pairs - disagreements.count) / Double(max(pairs, 1))))% agree)"
    )
    print(
        "  compile time        \(format(total)) ms in total, median \(format(compileTimes[compileTimes.count / 2].0)) ms"
    )
    for (milliseconds, pattern) in compileTimes.prefix(5) { print("    \(format(milliseconds)) ms  \(pattern)") }
    for pattern in refused.prefix(20) { print("  refused: \(pattern)") }
    for line in disagreements.prefix(30) { print("  \(line)") }
}
