import FormSpec
@_spi(Tooling) import FormSpecRuntime
import Foundation
import Testing

/// The example's `SignupForm.swift` is a golden file (`GeneratedSwiftTests`), and the typed forms'
/// tests check that generated tables build the compiled program; here, that it needs no compiler.
@Suite("The LiveSignup example ships a program compiled ahead of time")
struct LiveSignupExampleTests {
    @Test func theExampleLinksTheLiveProductOnly() throws {
        let manifest = try String(contentsOfFile: "\(repositoryRoot)/Package.swift", encoding: .utf8)
        let line = try #require(manifest.split(separator: "\n").first { $0.contains("name: \"LiveSignupExample\"") })
        #expect(line.contains("dependencies: [\"FormSpecLive\"]"))
        let live = try #require(manifest.split(separator: "\n").first { $0.contains(".target(name: \"FormSpecLive\"") })
        #expect(!live.contains("YAML") && !live.contains("Compiler"))
    }
}
