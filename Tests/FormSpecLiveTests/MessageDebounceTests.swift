import FormSpec
@_spi(Tooling) import FormSpecRuntime
import Foundation
import Testing

private let debouncedSpec = """
    formspec: 1
    form: signup
    fields:
      username:
        label: Username
        required: true
        debounce: 500ms
        rules:
          - min_length: 6
            message: At least 6 characters
            requirement: 6 or more characters
          - check: username_available
            message: That username is taken
      email:
        label: Email
        rules:
          - format: email
            message: Not an email
    """

@MainActor
@Suite("Field-level debounce holds messages back while typing")
struct MessageDebounceTests {
    func makeForm(clock: TestClock) throws -> LiveForm {
        var compiled = try CompiledForm(source: debouncedSpec)
        compiled.checks.register("username_available") { $0.text != "taken1" }
        return LiveForm(compiled, clock: clock)
    }

    @Test func theMessageWaitsForThePauseWhileRulesRunAtOnce() async throws {
        let clock = TestClock()
        let form = try makeForm(clock: clock)
        let username = try #require(form["username"])

        form.set("a", forField: "username")
        // The checklist is live, the verdict is known, the message is held back. The check is not
        // asked about a value that is too short: its line is not met yet.
        #expect(username.checklist.map(\.status) == [.passed, .failed, .failed])
        #expect(!username.isValid && !form.isValid)
        #expect(username.message == nil)
        #expect(username.isDebouncing && form.isDebouncing && !form.canSubmit)

        clock.advance(by: .milliseconds(300))
        form.set("al", forField: "username")  // a new keystroke restarts the pause
        clock.advance(by: .milliseconds(300))
        await form.settle()
        #expect(username.message == nil)

        clock.advance(by: .milliseconds(200))
        await form.settle()
        #expect(username.message == "At least 6 characters")
        #expect(!username.isDebouncing)
    }

    @Test func aMessageThatNoLongerAppliesGoesAtOnce() async throws {
        let clock = TestClock()
        let form = try makeForm(clock: clock)
        let username = try #require(form["username"])
        form.set("al", forField: "username")
        clock.advance(by: .milliseconds(500))
        await form.settle()
        #expect(username.message == "At least 6 characters")

        form.set("alice_01", forField: "username")
        #expect(username.message == nil)
        #expect(username.isValid)
        // Valid, but the field is still debouncing: not submittable until the pause.
        #expect(!form.canSubmit)
        clock.advance(by: .milliseconds(500))
        await form.settle()
        #expect(form.canSubmit)
    }

    @Test func fieldsWithoutDebounceShowMessagesAtOnce() throws {
        let form = try makeForm(clock: TestClock())
        form.set("nope", forField: "email")
        #expect(form["email"]?.message == "Not an email")
        #expect(form["email"]?.isDebouncing == false)
    }

    @Test func validateNowShowsEveryMessage() async throws {
        let clock = TestClock()
        let form = try makeForm(clock: clock)
        form.set("taken1", forField: "username")
        #expect(form["username"]?.message == nil)
        let report = await form.validateNow()
        #expect(!report.valid)
        #expect(form["username"]?.message == "That username is taken")
        #expect(!form.isDebouncing)
    }

    @Test func theReportIsNeverHeldBack() throws {
        let form = try makeForm(clock: TestClock())
        form.set("al", forField: "username")
        #expect(form.report.fields["username"]?.errors.map(\.message) == ["At least 6 characters"])
    }

    @Test func aFieldDebounceAlsoDelaysItsChecks() async throws {
        let clock = TestClock()
        let asked = Locked<[String]>([])
        var compiled = try CompiledForm(source: debouncedSpec)
        compiled.checks.registerAsync("username_available") { input in
            asked.update { $0.append(input.text) }
            return true
        }
        let form = LiveForm(compiled, clock: clock)
        form.set("alice_01", forField: "username")
        #expect(form["username"]?.isPending == true)
        clock.advance(by: .milliseconds(499))
        await Task.yield()
        #expect(asked.value.isEmpty)
        clock.advance(by: .milliseconds(1))
        await form.settle()
        #expect(asked.value == ["alice_01"])
        #expect(form.canSubmit)
    }
}

@MainActor
@Suite("Live messages that show the value")
struct LiveValueMessageTests {
    @Test func aMessageWithTheValueFollowsEveryKeystrokeInEveryLocale() throws {
        let source = """
            formspec: 1
            form: f
            fields:
              name:
                rules:
                  - max_length: 3
                    message: "Too long"
                    requirement: "At most 3"
                  - not_one_of: [abcd, abcde]
                    message: {en: "Too long", ja: "'{value}' は使えません"}
            """
        let form = LiveForm(try CompiledForm(source: source))
        form.set("abcd", forField: "name")
        #expect(form["name"]?.errors.map(\.message) == ["Too long", "Too long"])
        form.locale = "ja"
        #expect(form["name"]?.errors.last?.message == "'abcd' は使えません")
        form.set("abcde", forField: "name")
        #expect(form["name"]?.errors.last?.message == "'abcde' は使えません")
    }
}

/// The shipped sign-up form (`Specs/signup.form.yaml`) debounces its username's messages, as the
/// SwiftUI sign-up form it grew from waits for typing to pause.
@MainActor
@Suite("The sign-up spec debounces its messages")
struct SignupDebounceTests {
    @Test func theUsernameMessageWaitsForThePause() async throws {
        let clock = TestClock()
        let compiled = try CompiledForm.load(
            contentsOf: URL(fileURLWithPath: "\(repositoryRoot)/Specs/signup.form.yaml"))
        let form = LiveForm(compiled, clock: clock)
        let username = try #require(form["username"])

        form.set("ali", forField: "username")
        // The length rule has run (the checklist and the verdict are live) …
        #expect(username.checklist.map(\.status) == [.passed, .failed])
        #expect(!username.isValid)
        // … but its message is held back while typing, and the form cannot be submitted.
        #expect(username.message == nil)
        #expect(username.isDebouncing && !form.canSubmit)

        clock.advance(by: .milliseconds(499))
        await form.settle()
        #expect(username.message == nil)
        clock.advance(by: .milliseconds(1))
        await form.settle()
        #expect(username.message == "Username must be at least 6 characters")

        form.set("alice_01", forField: "username")
        form.set("Passw0rd!", forField: "password")
        form.set("Passw0rd!", forField: "confirm_password")
        #expect(form.isValid && form.isDebouncing && !form.canSubmit)
        clock.advance(by: .milliseconds(500))
        await form.settle()
        #expect(form.canSubmit)
    }
}
