import FormSpecTestSupport
import Foundation
import Testing

/// The committed outputs of `formspec compile --emit swift` are what the compiler writes now (golden
/// files): the two the test targets and the LiveSignup example compile, and one per shipped spec
/// (and per spec of the emitters' tests) under `Tests/FormSpecTypedFormsTests/Generated/`, which the last test type-checks together under Swift 6 with warnings as
/// errors. `FORMSPEC_RECORD=1 swift test --filter GeneratedSwift` rewrites them.
@Suite("Generated Swift is current")
struct GeneratedSwiftTests {
    /// Every spec shipped in `Specs/` and at the top of `Examples/`, with its golden file.
    static let goldens: [(spec: String, file: String)] =
        [
            ("Specs/signup.form.yaml", "Examples/LiveSignup/SignupForm.swift"),
            (
                "Tests/FormSpecLiveTests/Generated/typed_input.form.yaml",
                "Tests/FormSpecLiveTests/Generated/TypedInputForm.swift"
            ),
        ]
        + (Repository.files(under: "Specs", endingWith: [".form.yaml"])
        + Repository.files(under: "Examples", endingWith: [".form.yaml"]).filter { $0.split(separator: "/").count == 2 }
        // The emitters' own specs: what no shipped spec writes (exact numbers, rare constructs).
        + Repository.files(under: "Tests/FormSpecJavaScriptTests/Specs", endingWith: [".form.yaml"]))
        .filter { !$0.contains("/invalid/") }
        .map {
            (
                $0,
                "Tests/FormSpecTypedFormsTests/Generated/"
                    + URL(fileURLWithPath: $0).lastPathComponent.replacingOccurrences(of: ".form.yaml", with: ".swift")
            )
        }

    @Test(arguments: goldens.map { [$0.spec, $0.file] })
    func theCommittedFileIsWhatTheCompilerWrites(_ pair: [String]) throws {
        let (spec, file) = (pair[0], pair[1])
        let executable = try #require(FormSpecExecutable.url, "build the formspec executable first")
        let output = try Subprocess.run(executable, ["compile", spec, "--emit", "swift"], in: Repository.root)
        #expect(output.status == 0, "\(output.stderr)")
        if ProcessInfo.processInfo.environment["FORMSPEC_RECORD"] != nil {
            try output.stdout.write(toFile: Repository.path(file), atomically: true, encoding: .utf8)
            return
        }
        #expect(
            output.stdout == (try? Repository.read(file)),
            "regenerate: FORMSPEC_RECORD=1 swift test --filter GeneratedSwift (or swift run formspec compile \(spec) --emit swift -o \(file))"
        )
    }

    /// The per-spec goldens compile (with the FormSpecLive the tests built) without a warning, in a
    /// module that declares types of its own named like every library type they use.
    @Test func everyGoldenTypeChecksWithoutWarnings() throws {
        let executable = try #require(FormSpecExecutable.url, "build the formspec executable first")
        let modules = executable.deletingLastPathComponent().appendingPathComponent("Modules").path
        let swiftc = try #require(PathExecutable.named("swiftc"), "swiftc is not on the PATH")
        let appTypes = FileManager.default.temporaryDirectory.appendingPathComponent("AppTypes-\(UUID()).swift")
        try Self.appTypes.write(to: appTypes, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: appTypes) }
        let files = Self.goldens.map(\.file).filter { $0.hasPrefix("Tests/FormSpecTypedFormsTests/Generated/") }
        let arguments = ["-typecheck", "-swift-version", "6", "-warnings-as-errors", "-I", modules]
        let output = try Subprocess.run(
            swiftc, arguments + files + [appTypes.path], in: Repository.root, mergingStandardError: true)
        #expect(output.status == 0, "\(output.stdout.prefix(4000))")
    }

    /// A form of 600 fields, half of them lists, type-checks: the generated tables are built
    /// statement by statement, in functions of at most 200 statements. One array literal of every
    /// text and one `+` chain of every field took the type checker memory growing with the square
    /// of the form (300 fields did not finish in 24 GB).
    @Test func aLargeFormTypeChecks() throws {
        var spec = "formspec: 1\nform: large\nfields:\n"
        for index in 0..<300 {
            spec += "  f\(index): {required: true, rules: [{min_length: 2}, {max_length: 50}]}\n"
            spec += "  l\(index): {type: list, of: text, rules: [{max_items: 2}]}\n"
        }
        let source = try Self.typeChecked(spec)
        #expect(source.contains("static func fields_1(_ fields: inout [FormSpecRuntime.FieldProgram])"))
        #expect(source.contains("static func texts_1(_ texts: inout [FormSpecRuntime.LocalizedText])"))
    }

    /// Control characters in labels reach doc comments escaped: a NUL was a compiler warning, and a
    /// terminal escape or a right-to-left override made the comment read as something else.
    @Test func controlCharactersInCommentsAreEscaped() throws {
        let source = try Self.typeChecked(
            "formspec: 1\nform: odd\nfields:\n  name:\n    label: \"a\\0b\\e[31mc\\u202Ed\"\n")
        #expect(source.contains(#"/// a\x00b\x1B[31mc\u202Ed (`name`, text)."#))
        #expect(!source.contains("\u{0}") && !source.contains("\u{1B}") && !source.contains("\u{202E}"))
    }

    /// The Swift `formspec compile` writes for `spec`, after checking that it type-checks under
    /// Swift 6 with warnings as errors.
    static func typeChecked(_ spec: String) throws -> String {
        let executable = try #require(FormSpecExecutable.url, "build the formspec executable first")
        let modules = executable.deletingLastPathComponent().appendingPathComponent("Modules").path
        let swiftc = try #require(PathExecutable.named("swiftc"), "swiftc is not on the PATH")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("generated-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let specFile = folder.appendingPathComponent("spec.form.yaml")
        let swiftFile = folder.appendingPathComponent("spec.swift")
        try spec.write(to: specFile, atomically: true, encoding: .utf8)
        let compiled = try Subprocess.run(
            executable, ["compile", specFile.path, "--emit", "swift", "-o", swiftFile.path], in: folder)
        #expect(compiled.status == 0, "\(compiled.stderr)")
        let output = try Subprocess.run(
            swiftc, ["-typecheck", "-swift-version", "6", "-warnings-as-errors", "-I", modules, swiftFile.path],
            in: folder, mergingStandardError: true)
        #expect(output.status == 0, "\(output.stdout.prefix(4000))")
        return try String(contentsOf: swiftFile, encoding: .utf8)
    }

    /// An app's own types named like the library types the generated files use: the files name
    /// those with their module (`FormSpecRuntime.Program`), so these hide none of them.
    static let appTypes = [
        "Program", "FieldProgram", "RuleProgram", "FormRuleProgram", "LocalizedText", "Template", "ChoiceOption",
        "LengthRule", "PatternRule", "ContainsRule", "FormatRule", "EqualityRule", "MembershipRule",
        "FieldComparisonRule", "RangeRule", "MultipleOfRule", "ExternalCheckRule", "AnyValueRule", "ExactDecimal",
        "CivilDate", "CivilTime", "OffsetDateTime", "DateOffset", "TimeStep", "Value", "Report", "FieldReport",
        "CompiledForm", "LiveForm", "LiveField", "LiveList", "FormChoice", "FormSecret", "ValidationOptions",
        "FormValidationError", "Decimal",
        // And the standard library's: an app may have a `Result` of its own.
        "Result", "Error", "String", "Int", "Int32", "Bool", "Double", "Array", "Dictionary", "Optional", "Codable",
        "Sendable", "Equatable", "Hashable", "CaseIterable", "CodingKey", "Decoder", "Encoder", "MainActor",
    ].map { "struct \($0) {}\n" }.joined()

}
