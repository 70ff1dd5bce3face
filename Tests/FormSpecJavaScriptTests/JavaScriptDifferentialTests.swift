import FormSpec
@_spi(Tooling) import FormSpecRuntime
import FormSpecTestSupport
import Foundation
import Testing

/// How many random inputs each shipped spec gets (spec tests come on top).
private let randomInputsPerSpec = 150

/// Every spec test of every shipped spec, its lists made too long, and random inputs derived from
/// them give the same bytes
/// through the emitted JavaScript module (in node) as through the Swift runtime.
///
/// `FORMSPEC_JS_CASES_DIR=DIR` writes each spec's program and cases to DIR instead, for
/// `node Tests/FormSpecJavaScriptTests/run-cases.mjs --dir DIR` while working on the runtime.
@Suite("JavaScript differential")
struct JavaScriptDifferentialTests {
    @Test("the JavaScript module gives the Swift runtime's bytes", arguments: JavaScriptCases.specs)
    func sameBytes(_ path: String) throws {
        let spec = try #require(JavaScriptCases.compile(path), "\(path) does not compile")
        // Unique per spec: Specs/signup and Examples/…/signup are different forms.
        let stem = path.replacingOccurrences(of: ".form.yaml", with: "").replacingOccurrences(of: "/", with: "_")
        let seed = UInt64(truncatingIfNeeded: stem.utf8.reduce(5381) { ($0 &* 33) &+ Int($1) })
        let cases =
            JavaScriptCases.specTests(of: spec) + JavaScriptCases.longLists(of: spec)
            + JavaScriptCases.malformedInputs(of: spec)
            + JavaScriptCases.randomInputs(of: spec, count: randomInputsPerSpec, seed: seed)
        if let dump = ProcessInfo.processInfo.environment["FORMSPEC_JS_CASES_DIR"] {
            let folder = URL(fileURLWithPath: dump)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            try encoder.encode(spec.program).write(to: folder.appendingPathComponent("\(stem).program.json"))
            try JavaScriptCases.jsonLines(cases).write(to: folder.appendingPathComponent("\(stem).cases.jsonl"))
            return
        }
        let summary = try NodeRunner.runCases(spec.program, specPath: path, cases: cases)
        #expect(summary.cases == cases.count)
        for difference in summary.differences.prefix(5) {
            Issue.record(Comment(rawValue: "\(path): \(difference)"))
        }
        #expect(summary.differences.isEmpty, "\(summary.differences.count) of \(cases.count) cases differ")
    }

    /// Secrets typed where they do not belong (found by a tester): a number field given the
    /// secret's spelling, and unknown keys holding it in strict mode, are masked alike in node.
    @Test("a secret in a number field or an unknown key is masked as in Swift")
    func secretsInNumbersAndKeys() throws {
        let compilation = Compiler.compile(
            source: """
                formspec: 1
                form: p
                fields:
                  pw: {type: secret}
                  pin: {type: integer, rules: [{equals: 0, message: "pin {value}", requirement: r}]}
                  amount: {type: number, rules: [{equals: 0, message: "amount {value}", requirement: r}]}
                """, path: "p.form.yaml")
        let program = try #require(compilation.spec?.program)
        let inputs: [Value] = [
            ["pw": "012", "pin": "012"], ["pw": "12.0", "amount": "12.0"], ["pw": "1e2", "amount": 100],
            ["pw": "0012.50", "amount": .number(ExactDecimal("12.5")!)], ["pw": "13", "pin": 12],
            ["pw": "hunter2xyz", "HUNTER2xyz": 1, "note hunter2xyz": 2, "other": 3],
            ["pw": "pässwörd", "x_pässwörd": 1, "PÄSSWÖRD": 2],
        ]
        let cases = inputs.enumerated().flatMap { index, input in
            [false, true].map { strict in
                var options = JavaScriptCase.Options(today: JavaScriptCases.today)
                options.strict = strict
                return JavaScriptCase(
                    name: "secret \(index) strict \(strict)", input: input, options: options, program: program,
                    stubs: [:])
            }
        }
        #expect(cases.allSatisfy { !($0.expect.full ?? "").contains("hunter2") })
        let summary = try NodeRunner.runCases(program, specPath: "p.form.yaml", cases: cases)
        #expect(summary.cases == cases.count)
        #expect(summary.differences.isEmpty, "\(summary.differences)")
    }
}
