import FormSpecPattern
import Foundation
import Testing

/// The differential corpus: verdicts recorded from node's `new RegExp(p, "u")` by
/// `Scripts/patterns/generate-corpus.mjs`. `swift test` reads them; it never runs node.
///
/// Cases with `flags` (`i`, `m`, `s`) or ES2025 modifier groups were run by node with those flags,
/// or, for modifier groups (which node 20 predates), as an equivalent pattern without them (the
/// generator checks that rewriting against node's own flags).
enum Corpus {
    struct SyntaxEntry: Decodable {
        var pattern: String
        var accepted: Bool
        var backreference: Bool
    }

    struct MatchCase: Decodable {
        var pattern: String
        var flags: String?
        var subjects: [String]
        var matches: [Bool]

        /// The case's flags.
        var patternFlags: PatternFlags { (try? PatternFlags.parse(flags ?? "").get()) ?? [] }
    }

    private struct SyntaxFile: Decodable { var patterns: [SyntaxEntry] }
    private struct MatchesFile: Decodable { var cases: [MatchCase] }

    static let syntax: [SyntaxEntry] = load(SyntaxFile.self, "syntax")?.patterns ?? []
    static let matches: [MatchCase] = load(MatchesFile.self, "matches")?.cases ?? []

    private static func load<T: Decodable>(_ type: T.Type, _ name: String) -> T? {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Corpus"),
            let data = try? Data(contentsOf: url)
        else { return nil }
        return try? JSONDecoder().decode(type, from: data)
    }
}

@Test func corpusIsPresentAndLarge() {
    #expect(Corpus.syntax.count > 3000)
    #expect(Corpus.matches.reduce(0) { $0 + $1.subjects.count } > 30000)
    #expect(Corpus.matches.filter { $0.flags != nil }.count > 900)
}

/// Every pattern node accepts lowers (unless it holds a backreference, which is refused with the
/// backreference message); every pattern node rejects is a `PatternSyntaxError`.
@Test func syntaxVerdictsAgreeWithNode() {
    var disagreements: [String] = []
    for entry in Corpus.syntax {
        let result = Result { () throws(PatternSyntaxError) in try PatternSyntax.lower(entry.pattern) }
        switch (entry.accepted, entry.backreference, result) {
        case (true, false, .success), (false, _, .failure):
            continue
        case (true, true, .failure(let error)) where error.message.hasPrefix("backreferences are not supported"):
            continue
        case (false, _, .success(let ir)) where duplicateNamesRenamed(entry.pattern).map(lowersTo(ir)) == true:
            // ES2025 allows a name twice in different alternatives, which node 20 predates: the
            // pattern means what it means with the names made unique.
            continue
        case (_, _, .success):
            disagreements.append("node rejects, FormSpec accepts: \(entry.pattern)")
        case (_, _, .failure(let error)):
            disagreements.append("node accepts, FormSpec says '\(error.message)' at \(error.offset): \(entry.pattern)")
        }
    }
    report(disagreements, of: Corpus.syntax.count)
}

/// `pattern` with each repeated group name (`(?<a>…)|(?<a>…)`) made unique, or `nil` when no name
/// repeats.
private func duplicateNamesRenamed(_ pattern: String) -> String? {
    var seen: [Substring: Int] = [:]
    var result = ""
    var rest = Substring(pattern)
    var renamed = false
    while let opener = rest.range(of: "(?<"), let close = rest[opener.upperBound...].firstIndex(of: ">") {
        let name = rest[opener.upperBound..<close]
        result += rest[..<opener.upperBound]
        guard name.first.map({ $0 != "=" && $0 != "!" }) == true else {
            rest = rest[opener.upperBound...]
            continue
        }
        let count = seen[name, default: 0]
        seen[name] = count + 1
        result += count == 0 ? String(name) : "\(name)_\(count)"
        renamed = renamed || count > 0
        rest = rest[close...]
    }
    return renamed ? result + rest : nil
}

/// Whether `pattern` lowers to `ir`.
private func lowersTo(_ ir: PatternIR) -> (String) -> Bool {
    { (try? PatternSyntax.lower($0)) == ir }
}

/// The reference matcher over the lowered IR agrees with node on every (pattern, subject) pair:
/// this checks the lowering (classes, escapes, properties, `.`, `\s`, assertions, lookarounds).
@Test func referenceMatcherAgreesWithNode() {
    var disagreements: [String] = []
    var pairs = 0
    for testCase in Corpus.matches {
        guard let ir = try? PatternSyntax.lower(testCase.pattern, flags: testCase.patternFlags) else {
            disagreements.append("does not lower: \(testCase.pattern)")
            continue
        }
        for (subject, expected) in zip(testCase.subjects, testCase.matches) {
            pairs += 1
            if ReferenceMatcher.matches(ir, subject) != expected {
                disagreements.append(
                    "/\(testCase.pattern)/\(testCase.flags ?? "") on \(subject.debugDescription): node says \(expected)"
                )
            }
        }
    }
    report(disagreements, of: pairs)
}

/// The compiled `Pattern` (the automata layer) agrees with node on every pair. Runs once the
/// automata layer answers the simplest match; until then `Pattern.matches` is a placeholder.
@Test(.enabled(if: (try? Pattern("a"))?.matches("a") == true, "the automata layer has not landed"))
func patternMatcherAgreesWithNode() {
    var disagreements: [String] = []
    var pairs = 0
    for testCase in Corpus.matches {
        let pattern: Pattern
        do {
            pattern = try Pattern(testCase.pattern, flags: testCase.patternFlags)
        } catch {
            // Every pattern node accepts compiles, the astronomically repetitive ones included
            // (`a{99999999999999999999}`, `{1,1000}` inside `{1,1000}`: counter states).
            disagreements.append("does not compile (\(error.message)): \(testCase.pattern)")
            continue
        }
        for (subject, expected) in zip(testCase.subjects, testCase.matches) {
            pairs += 1
            if pattern.matches(subject) != expected {
                disagreements.append(
                    "/\(testCase.pattern)/\(testCase.flags ?? "") on \(subject.debugDescription): node says \(expected)"
                )
            }
        }
    }
    report(disagreements, of: pairs)
}

/// Records one issue listing the first disagreements (the full list would drown the log).
private func report(_ disagreements: [String], of total: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    guard !disagreements.isEmpty else { return }
    let shown = disagreements.prefix(40).joined(separator: "\n")
    Issue.record("\(disagreements.count) of \(total) disagree with node:\n\(shown)", sourceLocation: sourceLocation)
}
