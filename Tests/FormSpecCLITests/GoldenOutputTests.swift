import Foundation
import Testing

/// Generated code and reports compared whole with golden files in `Golden/`.
/// Run with `FORMSPEC_RECORD=1 swift test --filter GoldenOutputTests` to re-record, then review the diff.
struct GoldenOutputTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    struct Case: Sendable, CustomTestStringConvertible {
        var golden: String
        var spec: String
        var arguments: [String]
        var input: String?
        var testDescription: String { golden }
    }

    static let cases: [Case] = [
        Case(
            golden: "signup.swift.golden", spec: "signup",
            arguments: ["compile", "signup.form.yaml", "--emit", "swift"]),
        Case(
            golden: "password_confirm.json", spec: "password_confirm",
            arguments: ["compile", "password_confirm.form.yaml", "--emit", "json"]),
        Case(
            golden: "signup-invalid.txt", spec: "signup",
            arguments: ["validate", "signup.form.yaml", "input.json", "--format", "text"],
            input: "Examples/inputs/signup-invalid.json"),
        Case(
            golden: "signup-invalid.json", spec: "signup",
            arguments: ["validate", "signup.form.yaml", "input.json", "--format", "json"],
            input: "Examples/inputs/signup-invalid.json"),
        Case(
            golden: "signup-batch.jsonl", spec: "signup",
            arguments: ["validate", "signup.form.yaml", "input.jsonl", "--format", "json", "--report", "full"],
            input: "Examples/inputs/signup-batch.jsonl"),
        Case(
            golden: "student-edit-ja.txt", spec: "student_profile",
            arguments: [
                "validate", "student_profile.form.yaml", "input.json", "--mode", "edit", "--original", "original.json",
                "--locale", "ja", "--format", "text",
            ],
            input: "Examples/inputs/student-original.json"),
    ]

    @Test(arguments: cases)
    func outputMatchesGolden(_ testCase: Case) throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        let specText = try String(
            contentsOf: Self.repository.appendingPathComponent("Specs/\(testCase.spec).form.yaml"), encoding: .utf8)
        try cli.write("\(testCase.spec).form.yaml", specText)
        if let input = testCase.input {
            let text = try String(contentsOf: Self.repository.appendingPathComponent(input), encoding: .utf8)
            try cli.write(input.hasSuffix(".jsonl") ? "input.jsonl" : "input.json", text)
            try cli.write("original.json", text)
        }
        let result = try cli.run(testCase.arguments)
        #expect([0, 1].contains(result.status), "\(result.stderr)")
        let url = Self.golden.appendingPathComponent(testCase.golden)
        if ProcessInfo.processInfo.environment["FORMSPEC_RECORD"] == "1" {
            try Data(result.stdout.utf8).write(to: url)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(
            result.stdout == expected,
            "output differs from Golden/\(testCase.golden); re-record with FORMSPEC_RECORD=1 and review")
    }
}
