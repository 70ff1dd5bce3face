import FormSpec
@_spi(Tooling) import FormSpecRuntime
import Foundation
import Testing

/// The README's server example, verbatim: it must compile inside an async request handler, where
/// an unawaited `validate` would be ambiguous with the asynchronous overload.
private struct ServerExample {
    // --- README: "At startup" ---
    let signup: CompiledForm
    init() throws { signup = try CompiledForm.load(contentsOf: ReadmeExampleTests.specPath) }

    // --- README: "In an async request handler" ---
    func handleSignup(_ body: [String: Value]) async throws -> Report {
        let report = try await signup.validate(body, options: ValidationOptions(locale: "en"))
        return report
    }
}

/// The README's embedding example, kept honest: the same calls, with their claimed results.
@MainActor
struct ReadmeExampleTests {
    nonisolated static let specPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Specs/signup.form.yaml").path

    @Test func serverExampleRunsInAnAsyncHandler() async throws {
        let report = try await ServerExample().handleSignup(
            ["username": "alice_01", "password": "password", "confirm_password": "password"])
        #expect(report.valid == false)
        #expect(report[field: "password"]?.errors.first?.message == "Password is too weak")
        let json = String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
        #expect(json.contains(#""rule":"strong_password""#))
    }

    @Test func embeddingExampleBehavesAsDocumented() async throws {
        var signup = try CompiledForm.load(contentsOf: Self.specPath)
        let report = try signup.validateSynchronously(
            ["username": "alice_01", "password": "password", "confirm_password": "password"],
            options: ValidationOptions(locale: "en"))
        #expect(report.valid == false)
        #expect(report[field: "password"]?.errors.first?.message == "Password is too weak")
        signup.checks.register("username_available") { input in input.text != "admin" }

        let form = LiveForm(signup)
        form.set("Passw0rd!", forField: "password")
        form.set("Passw0rd", forField: "confirm_password")
        #expect(form["password"]?.message == "Passwords don't match")
        #expect(form["password"]?.checklist.first { $0.text == "A minimum of 8 characters" }?.status == .passed)
        form.set("Passw0rd", forField: "password")
        #expect(form["password"]?.message == "Password is too weak", "the mismatch is gone; strength is next")
        form.set("Passw0rd!", forField: "password")
        form.set("Passw0rd!", forField: "confirm_password")
        form.set("alice_01", forField: "username")
        #expect(form.isValid && !form.canSubmit, "the username's debounce: is still holding its messages back")
        _ = await form.validateNow()  // what a Submit button does
        #expect(form.canSubmit)
    }
}
