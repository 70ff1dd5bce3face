import FormSpecTestSupport
import Foundation
import Testing

/// The committed outputs of `formspec compile --emit swift` are what the compiler writes now (golden
/// files; the test targets and the LiveSignup example compile them, so they also build without
/// warnings under Swift 6). Regenerate with the command in the failure message.
@Suite("Generated Swift is current")
struct GeneratedSwiftTests {
    @Test(arguments: [
        ("Specs/signup.form.yaml", "Examples/LiveSignup/SignupForm.swift"),
        (
            "Tests/FormSpecLiveTests/Generated/typed_input.form.yaml",
            "Tests/FormSpecLiveTests/Generated/TypedInputForm.swift"
        ),
    ])
    func theCommittedFileIsWhatTheCompilerWrites(spec: String, file: String) throws {
        let executable = try #require(FormSpecExecutable.url, "build the formspec executable first")
        let output = try Subprocess.run(
            executable, ["compile", spec, "--emit", "swift"], in: Repository.root)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(
            output.stdout == (try Repository.read(file)),
            "regenerate: swift run formspec compile \(spec) --emit swift -o \(file)")
    }
}
