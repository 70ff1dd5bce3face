import FormSpec
@_spi(Tooling) import FormSpecRuntime
import Foundation
import Testing

@Suite("The LiveSignup example ships a program compiled ahead of time")
struct LiveSignupExampleTests {
    /// The program JSON embedded in `Examples/LiveSignup/SignupForm.swift`.
    func committedProgram() throws -> Program {
        let source = try String(
            contentsOfFile: "\(repositoryRoot)/Examples/LiveSignup/SignupForm.swift", encoding: .utf8)
        let open = try #require(source.range(of: "#\"\"\"\n"))
        let close = try #require(source.range(of: "\"\"\"#", range: open.upperBound..<source.endIndex))
        let json = String(source[open.upperBound..<close.lowerBound])
        return try JSONDecoder().decode(Program.self, from: Data(json.utf8))
    }

    /// A program's JSON with sorted keys, for comparing two programs.
    func canonical(_ program: Program) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(program), as: UTF8.self)
    }

    @Test func theCommittedProgramIsWhatTheCompilerProducesNow() throws {
        let compiled = try loadSpec("signup").program
        #expect(
            try canonical(committedProgram()) == canonical(compiled),
            "regenerate: swift run formspec compile Specs/signup.form.yaml --emit swift -o Examples/LiveSignup/SignupForm.swift"
        )
    }

    @Test func theExampleLinksTheLiveProductOnly() throws {
        let manifest = try String(contentsOfFile: "\(repositoryRoot)/Package.swift", encoding: .utf8)
        let line = try #require(manifest.split(separator: "\n").first { $0.contains("name: \"LiveSignupExample\"") })
        #expect(line.contains("dependencies: [\"FormSpecLive\"]"))
        let live = try #require(manifest.split(separator: "\n").first { $0.contains(".target(name: \"FormSpecLive\"") })
        #expect(!live.contains("YAML") && !live.contains("Compiler"))
    }
}
