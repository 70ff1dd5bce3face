import FormSpec
@_spi(Tooling) import FormSpecRuntime
import FormSpecTestSupport
import Foundation
import Testing

/// `Report.json()` is what servers send: the CLI's bytes, the same on every call.
@Suite("Report JSON from Swift is the CLI's JSON")
struct ReportJSONTests {
    static let inputs: [String] = [
        #"{"username":"al","password":"password","confirm_password":"passw0rd"}"#,
        #"{"username":"alice_01","password":"Passw0rd!","confirm_password":"Passw0rd!"}"#,
        #"{"username":"","password":"","confirm_password":""}"#,
    ]

    @Test(arguments: ["full", "errors"])
    func sameBytesAsTheCLI(report style: String) throws {
        let executable = try #require(FormSpecExecutable.url, "build the formspec executable first")
        let cli = try CLI()
        defer { cli.cleanUp() }
        let spec = Repository.path("Specs/signup.form.yaml")
        let form = try CompiledForm.load(contentsOf: spec)
        for input in Self.inputs {
            let file = try cli.write("input.json", input)
            let printed = try Subprocess.run(
                executable, ["validate", spec, file, "--format", "json", "--report", style], in: cli.folder)
            let value = try JSONReader.parse(Array(input.utf8))
            let report = try form.validateSynchronously(value)
            let shape = try #require(Report.JSONShape(rawValue: style))
            #expect(report.json(shape) + "\n" == printed.stdout, "\(input)")
            #expect(report.jsonBytes(shape) == Array(report.json(shape).utf8))
        }
    }

    @Test func fieldsComeInSpecOrderOnEveryCall() throws {
        let form = try CompiledForm.load(contentsOf: Repository.path("Specs/signup.form.yaml"))
        let report = try form.validateSynchronously(["username": "al", "password": "x", "confirm_password": "y"])
        let json = report.json()
        let positions = ["\"username\":", "\"password\":", "\"confirm_password\":"].map {
            json.range(of: $0)?.lowerBound
        }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        let again = try (0..<20).map { _ in
            try form.validateSynchronously(["username": "al", "password": "x", "confirm_password": "y"]).json()
        }
        #expect(again.allSatisfy { $0 == json })
        #expect((0..<20).allSatisfy { _ in report.json() == json })
    }

    /// `Examples/LiveSignup/main.swift` ends with top-level `try await server.validate(…)`, as a
    /// server's `main.swift` would: it builds and runs. (Before, a synchronous and an asynchronous
    /// `validate` shared the name and top-level code picked the synchronous one; now only the
    /// asynchronous entry point is called `validate`.)
    @Test func topLevelAwaitCallsTheAsynchronousEntryPoint() throws {
        let formspec = try #require(FormSpecExecutable.url, "build the executables first")
        let example = formspec.deletingLastPathComponent().appendingPathComponent("LiveSignupExample")
        let output = try Subprocess.run(example, [], in: formspec.deletingLastPathComponent())
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasSuffix("top-level validate: {\"valid\":true}\n"))
    }
}
