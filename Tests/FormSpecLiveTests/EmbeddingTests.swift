import FormSpec
@_spi(Tooling) import FormSpecRuntime
import Foundation
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
            message: Too short
          - check: username_available
            message: That username is taken
            requirement: Not taken yet
      nickname:
        label: Nickname
        rules:
          - check: not_reserved
            message: That nickname is reserved
    """

@Suite("Embedding API")
struct EmbeddingTests {
    @Test func compilesFromAFile() throws {
        let form = try loadSpec("signup")
        #expect(form.name == "signup")
        #expect(form.title == "Create an account")
        #expect(form.fieldNames == ["username", "password", "confirm_password"])
        #expect(form.path.hasSuffix("Specs/signup.form.yaml"))
    }

    @Test func compilesFromAFileURL() throws {
        let form = try CompiledForm.load(contentsOf: URL(fileURLWithPath: "\(repositoryRoot)/Specs/settings.form.yaml"))
        #expect(form.name == "settings")
    }

    @Test func compilesFromAStringWithImportsRelativeToItsPath() throws {
        let source = """
            formspec: 1
            form: handle
            import: [common.rules.yaml]
            fields:
              handle:
                rules:
                  - use: handle
            """
        let form = try CompiledForm(source: source, path: "\(repositoryRoot)/Specs/inline.form.yaml")
        let report = try form.validateSynchronously(["handle": "Not OK"])
        #expect(report.fields["handle"]?.errors.map(\.rule) == ["handle"])
    }

    @Test func compilesFromMemory() throws {
        let provider = InMemorySources(["lib.rules.yaml": "formspec: 1\ndefine:\n  short:\n    max_length: 3\n"])
        let form = try CompiledForm(
            source: "formspec: 1\nform: f\nimport: [lib.rules.yaml]\nfields:\n  a:\n    rules: [{use: short}]\n",
            path: "f.form.yaml", provider: provider)
        #expect(try form.validateSynchronously(["a": "abcd"]).valid == false)
        #expect(try form.validateSynchronously(["a": "abc"]).valid)
    }

    @Test func compileErrorCarriesEveryDiagnostic() {
        let source = """
            formspec: 1
            form: broken
            fields:
              name:
                rules:
                  - min_lenght: 3
              age:
                type: integer
                rules:
                  - min_length: 2
            """
        #expect {
            _ = try CompiledForm(source: source, path: "broken.form.yaml")
        } throws: { error in
            guard let error = error as? SpecError else { return false }
            return error.errors.count >= 2 && error.path == "broken.form.yaml"
                && error.diagnostics.allSatisfy { $0.location?.path == "broken.form.yaml" }
                && error.rendered.contains("broken.form.yaml:6:")
                && error.rendered.contains("min_length")  // the did-you-mean
                && error.description == error.rendered
        }
    }

    @Test func missingFileIsASpecError() {
        do {
            _ = try CompiledForm.load(contentsOf: "/nonexistent/x.form.yaml")
            Testing.Issue.record("expected an error")
        } catch {
            #expect(error.errors.count == 1)
            #expect(error.rendered.contains("/nonexistent/x.form.yaml"))
        }
    }

    @Test func ruleLibraryIsNotAForm() {
        do {
            _ = try CompiledForm.load(contentsOf: "\(repositoryRoot)/Specs/common.rules.yaml")
            Testing.Issue.record("expected an error")
        } catch {
            #expect(error.rendered.contains("rule library"))
        }
    }

    @Test func missingBundleResourceIsASpecError() {
        do {
            _ = try CompiledForm.load(resource: "no_such_form", in: Bundle.main)
            Testing.Issue.record("expected an error")
        } catch {
            #expect(error.rendered.contains("no_such_form"))
        }
    }

    @Test("a URL that is not a file URL is refused by name (was: 'cannot read' its path)")
    func aURLThatIsNoFileIsRefused() {
        do {
            _ = try CompiledForm.load(contentsOf: URL(string: "https://example.com/specs/signup.form.yaml")!)
            Testing.Issue.record("expected an error")
        } catch {
            #expect(error.rendered.contains("'https://example.com/specs/signup.form.yaml' is not a file URL"))
        }
    }

    @Test func validatesADictionary() throws {
        let form = try loadSpec("signup")
        let valid = try form.validateSynchronously([
            "username": "alice_01", "password": "Passw0rd!", "confirm_password": "Passw0rd!",
        ])
        #expect(valid.valid)
        let invalid = try form.validateSynchronously([
            "username": "alice", "password": "password", "confirm_password": "password",
        ])
        #expect(!invalid.valid)
        #expect(invalid.fields["username"]?.errors.map(\.message) == ["Username must be at least 6 characters"])
        #expect(invalid.fields["password"]?.errors.map(\.message) == ["Password is too weak"])
    }

    @Test func reportEncodesToTheContractJSON() throws {
        let form = try loadSpec("signup")
        let report = try form.validateSynchronously([
            "username": "alice", "password": "Passw0rd!", "confirm_password": "Passw0rd!",
        ])
        let data = try JSONEncoder().encode(report)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["valid"] as? Bool == false)
        #expect(json["form_errors"] as? [Any] != nil)
        let fields = try #require(json["fields"] as? [String: Any])
        let username = try #require(fields["username"] as? [String: Any])
        let errors = try #require(username["errors"] as? [[String: Any]])
        #expect(errors.first?["rule"] as? String == "min_length")
        #expect(try JSONDecoder().decode(Report.self, from: data) == report)
    }

    struct Signup: Encodable {
        var username: String
        var password: String
        var confirmPassword: String
    }

    @Test func validatesAnEncodableValue() throws {
        let form = try loadSpec("signup")
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let value = Signup(username: "alice_01", password: "Passw0rd!", confirmPassword: "Passw0rd?")
        let report = try form.validateSynchronously(encoding: value, encoder: encoder)
        #expect(report.fields["password"]?.errors.map(\.message) == ["Passwords don't match"])
        // Without the key strategy, `confirmPassword` is not a field: the confirmation is missing.
        let plain = try form.validateSynchronously(encoding: value)
        #expect(plain.fields["confirm_password"]?.errors.map(\.rule) == ["required"])
    }

    struct Birthday: Encodable { var birthday: Date }

    @Test func encodesDatesAsTheirLocalDay() throws {
        let form = try CompiledForm(
            source: "formspec: 1\nform: b\nfields:\n  birthday:\n    type: date\n    rules: [{max: today}]\n")
        let future = try form.validateSynchronously(
            encoding: Birthday(birthday: Date().addingTimeInterval(86_400 * 400)))
        #expect(future.fields["birthday"]?.errors.map(\.rule) == ["max"])
        let past = try form.validateSynchronously(
            encoding: Birthday(birthday: Date().addingTimeInterval(-86_400 * 400)))
        #expect(past.valid)
    }

    @Test func encodableThatIsNotAnObjectIsAnError() throws {
        let form = try loadSpec("signup")
        #expect(throws: FormValidationError.notAnObject("an array")) {
            try form.validateSynchronously(encoding: [1, 2])
        }
    }

    @Test func localeAndModePerCall() throws {
        let form = try loadSpec("multilingual")
        let ja = try form.validateSynchronously(["name": "", "email": "x"], options: ValidationOptions(locale: "ja"))
        #expect(ja.fields["name"]?.errors.first?.message == "お名前を入力してください")
        let hant = try form.validateSynchronously(
            ["name": "", "email": "x"], options: ValidationOptions(locale: "zh-Hant-TW"))
        #expect(hant.fields["name"]?.errors.first?.message == "請輸入姓名")
        let en = try form.validateSynchronously(["name": "", "email": "x"])
        #expect(en.fields["name"]?.errors.first?.message == "Please enter your name")

        let student = try loadSpec("student_profile")
        let original: [String: Value] = ["name": "Mei", "sex": "female", "birthday": "2001-04-03"]
        let unchanged = try student.validateSynchronously(original, options: .edit(original: original))
        #expect(!unchanged.valid)
        #expect(unchanged.formErrors.map(\.rule) == ["require_changes"])
        #expect(unchanged.changed == [])
        var edited = original
        edited["name"] = "Mei Lin"
        let changed = try student.validateSynchronously(edited, options: .edit(original: original))
        #expect(changed.valid)
        #expect(changed.changed == ["name"])
        #expect(try student.validateSynchronously([:], options: ValidationOptions(mode: .show)).valid)
    }

    @Test func strictModeReportsUnknownKeys() throws {
        let form = try loadSpec("settings")
        let report = try form.validateSynchronously(["colour": "red"], options: ValidationOptions(strict: true))
        #expect(report.formErrors.map(\.rule) == ["unknown_field"])
        #expect(try form.validateSynchronously(["colour": "red"]).valid)
    }

    @Test func syncChecksRunInsideValidate() throws {
        var form = try CompiledForm(source: accountSpec)
        #expect(form.checks.missing(for: form.program) == ["not_reserved", "username_available"])
        let asked = Locked<[String]>([])
        form.checks.register("username_available") { input in
            asked.update { $0.append("\(input.field)=\(input.text)") }
            return input.text != "taken"
        }
        form.checks.register("not_reserved", outcome: true)
        #expect(form.checks.missing(for: form.program).isEmpty)
        #expect(try form.validateSynchronously(["username": "alice"]).valid)
        let taken = try form.validateSynchronously(["username": "taken"])
        #expect(taken.fields["username"]?.errors == [FormSpec.Issue(rule: "check", message: "That username is taken")])
        #expect(
            taken.fields["username"]?.checks.last == Check(rule: "check", passed: false, requirement: "Not taken yet"))
        // Checks are not asked about empty fields, nor for values other rules can't get past `required`.
        _ = try form.validateSynchronously(["username": ""])
        #expect(asked.value == ["username=alice", "username=taken"])
    }

    @Test func unregisteredCheckIsAnError() throws {
        var form = try CompiledForm(source: accountSpec)
        form.checks.register("not_reserved", outcome: true)
        #expect(throws: FormValidationError.unregisteredCheck(check: "username_available", field: "username")) {
            try form.validateSynchronously(["username": "alice"])
        }
        // An empty field runs no check, so nothing is missing.
        #expect(try form.validateSynchronously(["username": "", "nickname": ""]).valid == false)
    }

    @Test func asyncCheckNeedsAwait() async throws {
        var form = try CompiledForm(source: accountSpec)
        form.checks.registerAsync("username_available") { input in
            await Task.yield()
            return input.text != "taken"
        }
        form.checks.register("not_reserved", outcome: true)
        #expect(throws: FormValidationError.asyncCheckNeedsAwait(check: "username_available", field: "username")) {
            try form.validateSynchronously(["username": "alice"])
        }
        let passed = try await form.validate(["username": "alice"])
        #expect(passed.valid)
        let taken = try await form.validate(["username": "taken"], options: ValidationOptions(locale: "ja"))
        #expect(taken.fields["username"]?.errors.map(\.message) == ["That username is taken"])
    }

    @Test func asyncChecksRunConcurrently() async throws {
        var form = try CompiledForm(source: accountSpec)
        let gate = CheckGate()
        form.checks.registerAsync("username_available", gate.check)
        form.checks.registerAsync("not_reserved", gate.check)
        async let report = form.validate(["username": "alice", "nickname": "admin"])
        var calls = gate.calls.makeAsyncIterator()
        let first = try #require(await calls.next())
        let second = try #require(await calls.next())  // both asked before either answered
        for call in [first, second] { call.input.check == "not_reserved" ? call.fail() : call.pass() }
        let result = try await report
        #expect(result.fields["username"]?.valid == true)
        #expect(result.fields["nickname"]?.errors.map(\.message) == ["That nickname is reserved"])
    }

    @Test func checkThatThrowsIsAFieldError() async throws {
        var form = try CompiledForm(source: accountSpec)
        form.checks.registerAsync("username_available") { _ in throw NetworkDown() }
        form.checks.register("not_reserved") { _ in throw CheckFailure("The reserved-name list is unavailable") }
        let report = try await form.validate(["username": "alice", "nickname": "bob"])
        #expect(!report.valid)
        #expect(
            report.fields["username"]?.errors == [
                FormSpec.Issue(rule: "check", message: "Could not check Username: the network is down")
            ])
        #expect(report.fields["username"]?.checks.last?.passed == false)
        #expect(
            report.fields["nickname"]?.errors == [
                FormSpec.Issue(rule: "check", message: "The reserved-name list is unavailable")
            ])
        let ja = try await form.validate(["username": "alice"], options: ValidationOptions(locale: "ja"))
        #expect(ja.fields["username"]?.errors.first?.message == "Usernameを確認できませんでした: the network is down")
    }

    /// A check that echoes what it was given must not put a secret into the report: its reason
    /// has every secret's value masked as written. Synchronous, asynchronous and live checks alike.
    @MainActor @Test func checkReasonsMaskTheSecrets() async throws {
        let source = """
            formspec: 1
            form: f
            fields:
              user:
                rules:
                  - check: breached
              password:
                type: secret
                rules:
                  - check: strong
            """
        struct Echo: Error, CustomStringConvertible {
            let description: String
        }
        var form = try CompiledForm(source: source)
        form.checks.registerAsync("strong") { input in throw CheckFailure("\(input.text) appears in a breach") }
        form.checks.register("breached") { input in throw Echo(description: "lookup failed for \(input.text)!") }
        let values: [String: Value] = ["user": "my Hunter2x", "password": "Hunter2x"]
        let report = try await form.validate(values)
        #expect(report.fields["password"]?.errors.map(\.message) == ["•••• appears in a breach"])
        #expect(report.fields["user"]?.errors.map(\.message) == ["Could not check User: lookup failed for my ••••!"])
        // Every occurrence, for every secret; another letter case is the app's own text.
        let repeated = try await form.validate(["user": "Hunter2x, Hunter2x, HUNTER2X", "password": "Hunter2x"])
        #expect(
            repeated.fields["user"]?.errors.map(\.message) == [
                "Could not check User: lookup failed for ••••, ••••, HUNTER2X!"
            ])

        let live = LiveForm(form)
        live.set("Hunter2x", forField: "password")
        live.set("my Hunter2x", forField: "user")
        let submitted = await live.validateNow()
        #expect(submitted.fields["password"]?.errors.map(\.message) == ["•••• appears in a breach"])
        #expect(live["user"]?.message == "Could not check User: lookup failed for my ••••!")
    }

    /// A live form's messages follow the secret as it changes (found by a tester): a message shown
    /// before the password was typed must not keep the password in clear, nor `••••` after it
    /// changed to something else; a check's reason alike.
    @MainActor @Test func liveMessagesFollowTheSecret() async throws {
        let source = """
            formspec: 1
            form: f
            fields:
              hint:
                rules:
                  - max_length: 3
                    message: "The hint {value} is too long"
                    requirement: At most 3 characters
              user:
                rules:
                  - check: breached
              password:
                type: secret
            """
        var form = try CompiledForm(source: source)
        form.checks.register("breached") { input in throw CheckFailure("\(input.text) is on a breach list") }
        let live = LiveForm(form)
        live.set("hunter2", forField: "hint")
        live.set("hunter2", forField: "user")
        await live.settle()
        #expect(live["hint"]?.message == "The hint hunter2 is too long")
        live.set("hunter2", forField: "password")
        #expect(live["hint"]?.message == "The hint •••• is too long")
        #expect(live.report.fields["user"]?.errors.map(\.message) == ["•••• is on a breach list"])
        #expect(live["user"]?.message == "•••• is on a breach list")
        live.set("other", forField: "password")
        #expect(live["hint"]?.message == "The hint hunter2 is too long")
        #expect(live["user"]?.message == "hunter2 is on a breach list")
        // Set together, in one call.
        live.set(["password": "hunter2", "hint": "hunter2"])
        #expect(live["hint"]?.message == "The hint •••• is too long")
    }

    @Test func checkFailureKeepsReportFirstPriority() async throws {
        let source = """
            formspec: 1
            form: f
            fields:
              code:
                report: first
                rules:
                  - check: remote
                    check_when: always
                  - min_length: 5
                    message: Too short
            """
        var form = try CompiledForm(source: source)
        form.checks.registerAsync("remote") { _ in throw CheckFailure("Server unreachable") }
        let report = try await form.validate(["code": "abc"])
        #expect(report.fields["code"]?.errors.map(\.message) == ["Server unreachable"])
        #expect(report.fields["code"]?.checks.map(\.passed) == [false, false])
    }

    @Test func checksOnlyRunWhenTheirRuleApplies() async throws {
        let source = """
            formspec: 1
            form: f
            fields:
              kind:
                type: choice
                options: [person, company]
              vat:
                when: {field: kind, equals: company}
                rules:
                  - check: vat_valid
              id:
                rules:
                  - check: id_valid
                    when: {field: kind, equals: person}
            """
        var form = try CompiledForm(source: source)
        let asked = Locked<[String]>([])
        form.checks.registerAsync("vat_valid") {
            asked.update { $0.append("vat") }; return $0.text.count > 3
        }
        form.checks.registerAsync("id_valid") { _ in
            asked.update { $0.append("id") }; return true
        }
        _ = try await form.validate(["kind": "person", "vat": "x", "id": "7"])
        #expect(asked.value == ["id"])
        let company = try await form.validate(["kind": "company", "vat": "x", "id": "7"])
        #expect(asked.value == ["id", "vat"])
        #expect(company.fields["vat"]?.valid == false)
    }
}
