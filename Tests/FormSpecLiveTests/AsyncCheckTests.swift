import FormSpec
@_spi(Tooling) import FormSpecRuntime
import Testing

private let accountSpec = """
    formspec: 1
    form: account
    fields:
      username:
        label: Username
        required: true
        rules:
          - min_length: 3
            message: At least 3 characters
            requirement: 3 or more characters
          - check: username_available
            debounce: 500ms
            message: That username is taken
            requirement: Available
      email:
        label: Email
        rules:
          - format: email
          - check: email_deliverable
            debounce: 1s
            message: That address bounces
    """

@MainActor
@Suite("Async external checks in a live form")
struct AsyncCheckTests {
    func makeForm(_ register: (inout CheckRegistry) -> Void, clock: TestClock) throws -> LiveForm {
        var compiled = try CompiledForm(source: accountSpec)
        register(&compiled.checks)
        compiled.checks.register("email_deliverable", outcome: true)
        return LiveForm(compiled, clock: clock)
    }

    @Test func checkWaitsOutItsDebounceAndIsPendingMeanwhile() async throws {
        let clock = TestClock()
        let gate = CheckGate()
        let form = try makeForm({ $0.registerAsync("username_available", gate.check) }, clock: clock)
        let username = try #require(form["username"])

        form.set("alice", forField: "username")
        #expect(username.isPending)
        #expect(form.isPending && !form.canSubmit)
        #expect(username.checklist.map(\.status) == [.passed, .passed, .pending])
        #expect(username.message == nil)  // no verdict yet

        clock.advance(by: .milliseconds(499))
        await Task.yield()
        #expect(gate.asked.value.isEmpty)
        clock.advance(by: .milliseconds(1))
        var calls = gate.calls.makeAsyncIterator()
        let call = try #require(await calls.next())
        #expect(call.input.text == "alice" && call.input.field == "username")
        #expect(username.isPending)
        call.fail()
        await form.settle()
        #expect(!username.isPending)
        #expect(username.message == "That username is taken")
        #expect(username.checklist.map(\.status) == [.passed, .passed, .failed])
        #expect(!form.canSubmit)

        // Re-evaluating for another reason reuses the answer for the same value.
        form.locale = "ja"
        #expect(!username.isPending && username.message == "That username is taken")
        #expect(gate.asked.value == ["alice"])
    }

    @Test func supersededRunIsCancelledDuringItsDebounce() async throws {
        let clock = TestClock()
        let gate = CheckGate()
        let form = try makeForm({ $0.registerAsync("username_available", gate.check) }, clock: clock)

        form.set("ali", forField: "username")
        clock.advance(by: .milliseconds(300))
        form.set("alice", forField: "username")  // restarts the debounce
        clock.advance(by: .milliseconds(300))
        await Task.yield()
        #expect(gate.asked.value.isEmpty)
        clock.advance(by: .milliseconds(200))
        var calls = gate.calls.makeAsyncIterator()
        let call = try #require(await calls.next())
        call.pass()
        await form.settle()
        #expect(gate.asked.value == ["alice"])  // "ali" was never checked
        #expect(form["username"]?.isPending == false)
        #expect(form.canSubmit)
    }

    @Test func lateResultForAnOldValueIsDropped() async throws {
        let clock = TestClock()
        let gate = CheckGate()
        let form = try makeForm({ $0.registerAsync("username_available", gate.check) }, clock: clock)
        let username = try #require(form["username"])
        var calls = gate.calls.makeAsyncIterator()

        form.set("alice", forField: "username")
        clock.advance(by: .milliseconds(500))
        let old = try #require(await calls.next())
        #expect(old.input.text == "alice")

        // The user keeps typing while the check runs: the old run is cancelled.
        form.set("alice2", forField: "username")
        #expect(gate.cancellations.value == 1)
        #expect(username.isPending)

        clock.advance(by: .milliseconds(500))
        let new = try #require(await calls.next())
        #expect(new.input.text == "alice2")
        new.pass()
        old.fail()  // arrives last, for a value no longer current
        await form.settle(includingSuperseded: true)
        #expect(username.message == nil)
        #expect(username.checklist.allSatisfy { $0.passed })
        #expect(form.canSubmit)
    }

    @Test func resultForAnOldValueArrivingBeforeTheNewRunIsDropped() async throws {
        let clock = TestClock()
        let gate = CheckGate()
        let form = try makeForm({ $0.registerAsync("username_available", gate.check) }, clock: clock)
        let username = try #require(form["username"])
        var calls = gate.calls.makeAsyncIterator()

        form.set("alice", forField: "username")
        clock.advance(by: .milliseconds(500))
        let old = try #require(await calls.next())
        form.set("bob", forField: "username")
        old.fail()
        await form.settle(includingSuperseded: true)  // the old run is done; the new one is still in its debounce
        #expect(username.isPending)
        #expect(username.message == nil)
        #expect(username.checklist.last?.status == .pending)
    }

    @Test func emptyingTheFieldCancelsItsCheck() async throws {
        let clock = TestClock()
        let gate = CheckGate()
        let form = try makeForm({ $0.registerAsync("username_available", gate.check) }, clock: clock)
        form.set("alice", forField: "username")
        #expect(clock.sleeperCount <= 1)
        form.set("", forField: "username")
        #expect(form["username"]?.isPending == false)
        #expect(form["username"]?.message == "Username is required")
        clock.advance(by: .seconds(1))
        await form.settle()
        #expect(gate.asked.value.isEmpty)
    }

    @Test func thrownErrorBecomesAFieldError() async throws {
        let clock = TestClock()
        let gate = CheckGate()
        let form = try makeForm({ $0.registerAsync("username_available", gate.check) }, clock: clock)
        let username = try #require(form["username"])
        var calls = gate.calls.makeAsyncIterator()

        form.set("alice", forField: "username")
        clock.advance(by: .milliseconds(500))
        try #require(await calls.next()).fail(throwing: NetworkDown())
        await form.settle()
        #expect(
            username.errors == [FormSpec.Issue(rule: "check", message: "Could not check Username: the network is down")]
        )
        #expect(username.checklist.last?.status == .failed)
        #expect(!form.isValid && !form.isPending)

        form.locale = "zh-Hans"
        #expect(username.message == "无法检查Username：the network is down")

        // A new value runs the check again.
        form.set("alice_", forField: "username")
        clock.advance(by: .milliseconds(500))
        try #require(await calls.next()).fail(throwing: CheckFailure("Try again in a minute"))
        await form.settle()
        #expect(username.message == "Try again in a minute")
        #expect(username.errors.first?.rule == "check")
    }

    @Test func debounceComesFromTheCheckRuleThenTheField() async throws {
        let clock = TestClock()
        let gate = CheckGate()
        var compiled = try CompiledForm(source: accountSpec)
        compiled.checks.registerAsync("username_available") { _ in true }
        compiled.checks.registerAsync("email_deliverable", gate.check)
        let form = LiveForm(compiled, clock: clock)
        form.set("a@b.co", forField: "email")
        clock.advance(by: .milliseconds(999))
        await Task.yield()
        #expect(gate.asked.value.isEmpty)
        clock.advance(by: .milliseconds(1))
        var calls = gate.calls.makeAsyncIterator()
        try #require(await calls.next()).fail()
        await form.settle()
        #expect(form["email"]?.message == "That address bounces")
    }

    @Test func validateNowSkipsTheDebounce() async throws {
        let clock = TestClock()
        let asked = Locked<[String]>([])
        let form = try makeForm(
            {
                $0.registerAsync("username_available") { input in
                    asked.update { $0.append(input.text) }
                    return input.text != "taken"
                }
            }, clock: clock)
        form.set("taken", forField: "username")
        #expect(form.isPending)
        let report = await form.validateNow()
        #expect(asked.value == ["taken"])
        #expect(!report.valid)
        #expect(report.fields["username"]?.errors.map(\.message) == ["That username is taken"])
        #expect(form.fields.allSatisfy { $0.isTouched })
        #expect(!form.isPending)
    }

    @Test func validateNowDoesNotWaitForASupersededRunThatIgnoresCancellation() async throws {
        let clock = TestClock()
        let gate = CheckGate()
        let form = try makeForm({ $0.registerAsync("username_available", gate.check) }, clock: clock)
        var calls = gate.calls.makeAsyncIterator()
        form.set("alice", forField: "username")
        clock.advance(by: .milliseconds(500))
        let stuck = try #require(await calls.next())
        form.set("bob", forField: "username")
        async let submitted = form.validateNow()
        let current = try #require(await calls.next())
        #expect(current.input.text == "bob")
        current.pass()
        let report = await submitted
        #expect(report.valid)
        #expect(form.canSubmit)
        stuck.fail()
        await form.settle(includingSuperseded: true)
        #expect(form.canSubmit)
    }

    @Test func syncChecksAnswerAtOnce() throws {
        let form = try makeForm({ $0.register("username_available") { $0.text != "taken" } }, clock: TestClock())
        form.set("taken", forField: "username")
        #expect(form["username"]?.isPending == false)
        #expect(form["username"]?.message == "That username is taken")
        form.set("free", forField: "username")
        #expect(form.canSubmit)
    }

    @Test func unregisteredCheckIsAFieldErrorNotACrash() throws {
        let form = try makeForm({ _ in }, clock: TestClock())
        form.set("alice", forField: "username")
        #expect(
            form["username"]?.errors == [
                FormSpec.Issue(rule: "check", message: "No check is registered for 'username_available'")
            ])
    }

    @Test func initialValuesAreCheckedToo() async throws {
        var compiled = try CompiledForm(source: accountSpec)
        compiled.checks.registerAsync("username_available") { $0.text != "taken" }
        compiled.checks.register("email_deliverable", outcome: true)
        let clock = TestClock()
        let form = LiveForm(compiled, mode: .edit, original: ["username": "taken"], clock: clock)
        #expect(form.isPending)
        clock.advance(by: .milliseconds(500))
        await form.settle()
        #expect(form["username"]?.message == "That username is taken")
    }

    @Test func formGoingAwayCancelsItsChecks() async throws {
        let clock = TestClock()
        let gate = CheckGate()
        var form: LiveForm? = try makeForm({ $0.registerAsync("username_available", gate.check) }, clock: clock)
        form?.set("alice", forField: "username")
        #expect(clock.sleeperCount <= 1)
        form = nil
        for _ in 0..<10 { await Task.yield() }
        clock.advance(by: .seconds(1))
        for _ in 0..<10 { await Task.yield() }
        #expect(gate.asked.value.isEmpty)
        #expect(clock.sleeperCount == 0)
    }
}

@Suite("Test clock")
struct TestClockTests {
    @Test func sleepersWakeInDeadlineOrder() async throws {
        let clock = TestClock()
        let order = Locked<[Int]>([])
        let deadline1 = clock.now.advanced(by: .seconds(2))
        let deadline2 = clock.now.advanced(by: .seconds(1))
        let first = Task {
            try await clock.sleep(until: deadline1)
            order.update { $0.append(2) }
        }
        let second = Task {
            try await clock.sleep(until: deadline2)
            order.update { $0.append(1) }
        }
        while clock.sleeperCount < 2 { await Task.yield() }
        clock.advance(by: .seconds(1))
        try await second.value
        #expect(order.value == [1])
        clock.advance(by: .seconds(1))
        try await first.value
        #expect(order.value == [1, 2])
        #expect(clock.now.offset == .seconds(2))
    }

    @Test func cancelledSleepThrows() async {
        let clock = TestClock()
        let task = Task { try await clock.sleep(until: clock.now.advanced(by: .seconds(5))) }
        while clock.sleeperCount < 1 { await Task.yield() }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test func pastDeadlineReturnsAtOnce() async throws {
        let clock = TestClock()
        clock.advance(by: .seconds(3))
        try await clock.sleep(until: TestClock.Instant(offset: .seconds(1)))
        try await clock.sleep(for: .zero)
    }
}
