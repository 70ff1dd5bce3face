import FormSpec
import FormSpecCompiler
@_spi(Tooling) import FormSpecRuntime
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A temporary folder of spec files, removed when the value goes away.
private final class Fixture {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "formspec-spec-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    /// Writes `text` to `name` (relative to the folder) and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let path = directory + "/" + name
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func read(_ name: String) throws -> String {
        try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
    }
}

/// The 1-based line of `text` that contains `needle`.
private func line(of needle: String, in text: String) -> Int {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    return (lines.firstIndex { $0.contains(needle) } ?? -1) + 1
}

/// A form with every kind of expectation to aim at: two rules on `username` (reported in order),
/// a secret `password`, and a form rule needing an email or a phone.
private let accountSpec = """
    formspec: 1
    form: account
    fields:
      username:
        required: Username is required
        rules:
          - min_length: 3
            message: Too short
          - pattern: "^[a-z]+$"
            message: Lowercase letters only
      password:
        type: secret
        required: Password is required
        rules:
          - min_length: 8
            message: Password is too short
      email:
        rules:
          - format: email
            message: Not an email
      phone:
        type: text
    form_rules:
      - at_least_one_of: [email, phone]
        message: Give an email or a phone number
    tests:

    """

private func runAccount(_ tests: String, runner: SpecTestRunner = SpecTestRunner(record: false)) throws
    -> (result: SpecFileResult, path: String, text: String)
{
    let fixture = try Fixture()
    let text = accountSpec + tests
    let path = try fixture.write("account.form.yaml", text)
    let result = runner.runSpec(at: path)
    return (result, path, text)
}

private func only(_ result: SpecFileResult, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
    -> SpecTestResult
{
    #expect(result.tests.count == 1, "\(result)", sourceLocation: sourceLocation)
    return try #require(result.tests.first, sourceLocation: sourceLocation)
}

@Suite("Spec test runner")
struct SpecTestRunnerTests {
    // MARK: Expectations

    @Test("a matching expectation passes, with the test's line and the form's name")
    func matchingExpectationPasses() throws {
        let (result, path, text) = try runAccount(
            """
              - name: good input
                input: {username: alice, password: "longenough", email: a@example.com}
                expect: valid

            """)
        let test = try only(result)
        #expect(test.passed, "\(test.failure ?? "")")
        #expect(test.failure == nil)
        #expect(test.form == "account")
        #expect(test.name == "good input")
        #expect(test.specPath == path)
        #expect(test.line == line(of: "- name: good input", in: text))
        #expect(test.duration >= 0)
    }

    @Test("a wrong expectation fails with the spec path, the test's line and a per-field diff")
    func wrongExpectationFailsWithDiff() throws {
        let (result, path, text) = try runAccount(
            """
              - name: first test passes
                input: {username: alice, password: "longenough", phone: "123"}
                expect: valid
              - name: deliberately wrong
                input: {username: alice, password: "short", phone: "123"}
                expect:
                  errors:
                    password: [Something else entirely]

            """)
        #expect(result.tests.count == 2)
        let test = try #require(result.tests.last)
        #expect(!test.passed)
        let testLine = line(of: "- name: deliberately wrong", in: text)
        #expect(test.line == testLine)
        let failure = try #require(test.failure)
        let lines = failure.split(separator: "\n").map(String.init)
        #expect(lines.first == "\(path):\(testLine): test 'deliberately wrong' failed")
        #expect(lines.contains("  password: expected [\"Something else entirely\"], got [\"Password is too short\"]"))
    }

    @Test("a field not listed under errors must have no errors")
    func unlistedFieldWithErrorsFails() throws {
        let (result, _, _) = try runAccount(
            """
              - name: only the password is listed
                input: {username: "A!", password: "short", phone: "123"}
                expect:
                  errors:
                    password: [Password is too short]

            """)
        let test = try only(result)
        #expect(!test.passed)
        let failure = try #require(test.failure)
        #expect(failure.contains("  username: expected no errors, got [\"Too short\", \"Lowercase letters only\"]"))
        #expect(!failure.contains("  password:"))
    }

    @Test("messages are compared in order")
    func messageOrderMatters() throws {
        let (result, _, _) = try runAccount(
            """
              - name: in order
                input: {username: "A!", password: "longenough", phone: "123"}
                expect:
                  errors:
                    username: [Too short, Lowercase letters only]
              - name: reversed
                input: {username: "A!", password: "longenough", phone: "123"}
                expect:
                  errors:
                    username: [Lowercase letters only, Too short]

            """)
        #expect(result.tests.map(\.passed) == [true, false])
        let failure = try #require(result.tests.last?.failure)
        #expect(
            failure.contains(
                "  username: expected [\"Lowercase letters only\", \"Too short\"], got [\"Too short\", \"Lowercase letters only\"]"
            ))
    }

    @Test("a checklist that differs only in order says so, as messages do (found by a tester)")
    func checkOrderIsNoted() throws {
        let (result, _, _) = try runAccount(
            """
              - name: compact, reversed
                input: {username: "A!", password: "longenough", phone: "123"}
                expect:
                  checks:
                    username: {passed: [required], failed: [pattern, min_length]}
              - name: exact, reversed
                input: {username: "A!", password: "longenough", phone: "123"}
                expect:
                  checks:
                    username:
                      - {rule: required, passed: true}
                      - {rule: pattern, passed: false}
                      - {rule: min_length, passed: false}

            """)
        #expect(result.tests.map(\.passed) == [false, false])
        let compact = try #require(result.tests.first?.failure)
        #expect(
            compact.contains(
                "username checks: expected failed [pattern, min_length], got [min_length, pattern] (same checks, different order)"
            ), "\(compact)")
        let exact = try #require(result.tests.last?.failure)
        #expect(exact.contains("(same checks, different order)"), "\(exact)")
    }

    @Test("a listed field that has no errors fails the test")
    func listedFieldWithoutErrorsFails() throws {
        let (result, _, _) = try runAccount(
            """
              - name: expects a username error that does not happen
                input: {username: alice, password: "longenough", phone: "123"}
                expect:
                  errors:
                    username: [Too short]

            """)
        let failure = try #require(try only(result).failure)
        #expect(failure.contains("  username: expected [\"Too short\"], got no errors"))
    }

    @Test("{valid: false} checks only validity")
    func invalidChecksOnlyValidity() throws {
        let (result, _, _) = try runAccount(
            """
              - name: any errors will do
                input: {username: "A!", password: "short"}
                expect: {valid: false}
              - name: but the form must be invalid
                input: {username: alice, password: "longenough", phone: "123"}
                expect: {valid: false}

            """)
        #expect(result.tests.map(\.passed) == [true, false])
        let failure = try #require(result.tests.last?.failure)
        #expect(failure.contains("  expected the form to be invalid, but it is valid"))
    }

    @Test("expect: valid lists every actual error, form errors included")
    func validExpectationListsEveryError() throws {
        let (result, _, _) = try runAccount(
            """
              - name: everything is wrong
                input: {username: "A!", password: "short"}
                expect: valid

            """)
        let failure = try #require(try only(result).failure)
        #expect(failure.contains("  username: expected no errors, got [\"Too short\", \"Lowercase letters only\"]"))
        #expect(failure.contains("  password: expected no errors, got [\"Password is too short\"]"))
        #expect(failure.contains("  form_errors: expected none, got [\"Give an email or a phone number\"]"))
    }

    @Test("form_errors are compared exactly when given, and ignored when not")
    func formErrorsComparedWhenGiven() throws {
        let (result, _, _) = try runAccount(
            """
              - name: form error listed
                input: {username: alice, password: "longenough"}
                expect:
                  errors: {}
                  form_errors: [Give an email or a phone number]
              - name: form error not mentioned
                input: {username: alice, password: "longenough"}
                expect:
                  errors: {}
              - name: form error wrongly expected empty
                input: {username: alice, password: "longenough"}
                expect:
                  errors: {}
                  form_errors: []
              - name: form error expected but absent
                input: {username: alice, password: "longenough", phone: "123"}
                expect:
                  errors: {}
                  form_errors: [Give an email or a phone number]

            """)
        #expect(result.tests.map(\.passed) == [true, true, false, false])
        #expect(
            result.tests[2].failure?.contains("  form_errors: expected none, got [\"Give an email or a phone number\"]")
                == true)
        #expect(
            result.tests[3].failure?.contains("  form_errors: expected [\"Give an email or a phone number\"], got none")
                == true)
    }

    @Test("secret values never appear in a failure; they show as ••••")
    func secretsAreRedacted() throws {
        let (result, _, _) = try runAccount(
            """
              - name: leaks nothing
                input: {username: hunter, password: "hunter2-secret", phone: "555-0100"}
                expect:
                  errors:
                    password: [Not what happens]
              - name: edit mode leaks nothing either
                mode: edit
                original: {username: hunter, password: "old-secret-value", phone: "555-0100"}
                input: {username: hunter, password: "hunter2-secret", phone: "555-0100"}
                expect: {valid: false}

            """)
        #expect(result.tests.map(\.passed) == [false, false])
        for test in result.tests {
            let failure = try #require(test.failure)
            #expect(!failure.contains("hunter2-secret"))
            #expect(!failure.contains("old-secret-value"))
            #expect(failure.contains("\"password\":\"••••\""))
            // Other fields' values are shown: they help to read the failure.
            #expect(failure.contains("555-0100"))
        }
    }

    @Test("a failure shows a long input value, and a long message, cut short")
    func longValuesAreCutInAFailure() throws {
        // One anchored value of 100 KB, 50 times in a list: the input line used to be 5 MB, and the
        // message quoting it 100 KB.
        let long = String(repeating: "x", count: 100_000)
        let items = Array(repeating: "*a", count: 49).joined(separator: ", ")
        let fixture = try Fixture()
        let path = try fixture.write(
            "notes.form.yaml",
            """
            formspec: 1
            form: notes
            fields:
              title:
                rules:
                  - max_length: 3
                    message: "Too long: {value}"
              notes:
                type: list
                of: text
            tests:
              - name: long
                input: {title: &a \(long), notes: [*a, \(items)]}
                expect: valid

            """)
        let failure = try #require(try only(SpecTestRunner(record: false).runSpec(at: path)).failure)
        #expect(failure.utf8.count < 2_000, "\(failure.utf8.count) bytes")
        let message = "Too long: " + String(repeating: "x", count: 190) + "…"
        #expect(failure.contains(#"title: expected no errors, got [""# + message + #""]"#), "\(failure)")
        let input = try #require(failure.split(separator: "\n").first { $0.hasPrefix("  input: ") })
        #expect(input.hasPrefix(#"  input: {"title":""# + String(repeating: "x", count: 60) + "…\""))
        #expect(input.hasSuffix("…"))
    }

    @Test("a line feed in a test's name or a message stays on its line of the failure (found by a tester)")
    func failureLinesCannotBeForged() throws {
        let fixture = try Fixture()
        let path = try fixture.write(
            "t.form.yaml",
            #"""
            formspec: 1
            form: t
            fields:
              name:
                rules:
                  - max_length: 1
                    message: "Too long\n✓ t: also forged"
            tests:
              - name: "x\n✓ t: forged"
                input: {name: ab}
                expect: valid

            """#)
        let failure = try #require(try only(SpecTestRunner(record: false).runSpec(at: path)).failure)
        let lines = failure.split(separator: "\n")
        #expect(lines.count == 3, "\(failure)")
        #expect(lines[0].hasSuffix(#"test 'x\x0A✓ t: forged' failed"#), "\(failure)")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  ") }, "\(failure)")
        // Messages are shown as JSON strings: escaped already.
        #expect(failure.contains(#"got ["Too long\n✓ t: also forged"]"#), "\(failure)")
    }

    @Test("a field holding the same value as a secret is masked too (found by Fuzz/specgen.py)")
    func valuesEqualToASecretAreRedacted() throws {
        let (result, _, _) = try runAccount(
            """
              - name: the username repeats the password
                input: {username: "hunter2-secret", password: "hunter2-secret", phone: "555-0100"}
                expect:
                  errors:
                    password: [Not what happens]
              - name: the username repeats the original password
                mode: edit
                original: {username: hunter, password: "old-secret-value", phone: "555-0100"}
                input: {username: "old-secret-value", password: "hunter2-secret", phone: "555-0100"}
                expect:
                  errors:
                    password: [Not what happens]

            """)
        #expect(result.tests.map(\.passed) == [false, false])
        for test in result.tests {
            let failure = try #require(test.failure)
            #expect(!failure.contains("hunter2-secret"))
            #expect(!failure.contains("old-secret-value"))
            #expect(failure.contains("\"username\":\"••••\""))
            #expect(failure.contains("555-0100"))
        }
    }

    /// A tester's find: a report masked `my Hunter2-secret!` in `{value}`, but a failing test's
    /// echoed input printed it, as it only hid values equal to a secret.
    @Test("a field whose value contains a secret, in any letter case, is masked in a failure's input")
    func valuesContainingASecretAreRedacted() throws {
        let (result, _, _) = try runAccount(
            """
              - name: the username holds the password
                input: {username: "my HUNTER2-secret!", password: "hunter2-secret", phone: "555-0100"}
                expect:
                  errors:
                    password: [Not what happens]

            """)
        let failure = try #require(result.tests.first?.failure)
        #expect(!failure.lowercased().contains("hunter2-secret"))
        #expect(failure.contains("\"username\":\"••••\""))
        #expect(failure.contains("555-0100"))
    }

    @Test("an unstubbed external check fails the test with a clear message")
    func unstubbedCheckFails() throws {
        let fixture = try Fixture()
        let path = try fixture.write(
            "handle.form.yaml",
            """
            formspec: 1
            form: handle
            fields:
              handle:
                rules:
                  - check: handle_available
                    message: Taken
            tests:
              - name: stubbed
                input: {handle: bob}
                stubs: {handle_available: false}
                expect:
                  errors:
                    handle: [Taken]
              - name: not stubbed
                input: {handle: bob}
                expect: valid

            """)
        let result = SpecTestRunner(record: false).runSpec(at: path)
        #expect(result.tests.map(\.passed) == [true, false])
        let failure = try #require(result.tests.last?.failure)
        #expect(failure.contains("external check 'handle_available' (field 'handle') has no outcome"))
        #expect(failure.contains("stubs: {handle_available: true}"))
    }

    // MARK: Specs that do not compile

    @Test("a spec that does not compile is one failed test showing its diagnostics")
    func compileErrorIsOneFailedTest() throws {
        let fixture = try Fixture()
        let path = try fixture.write(
            "broken.form.yaml",
            """
            formspec: 1
            form: broken
            fields:
              name:
                rules:
                  - min_lenght: 3
            tests:
              - name: never runs
                input: {name: abc}
                expect: valid

            """)
        let result = SpecTestRunner(record: false).runSpec(at: path)
        let test = try only(result)
        #expect(!test.passed)
        #expect(test.kind == .compile)
        #expect(test.form == "broken")
        #expect(test.line == 6)
        let failure = try #require(test.failure)
        #expect(failure.hasPrefix("\(path):6: spec does not compile (1 error)"))
        #expect(failure.contains("min_lenght"))
        #expect(failure.contains("error:"))
    }

    // MARK: Compile-fail goldens

    private static let brokenSpec = """
        formspec: 1
        form: bad
        fields:
          name:
            rules:
              - min_lenght: 3

        """

    @Test("a compile-fail spec passes when its diagnostics equal the golden file")
    func compileFailGoldenPasses() throws {
        let fixture = try Fixture()
        try fixture.write("invalid/bad.form.yaml", Self.brokenSpec)
        // The spec is compiled under its own file name, so the golden does not depend on where tests run.
        let expected = Compiler.compile(path: fixture.directory + "/invalid/bad.form.yaml")
            .renderedDiagnostics(colored: false)
            .replacingOccurrences(of: fixture.directory + "/invalid/", with: "")
        #expect(expected.hasPrefix("bad.form.yaml:6:"))
        try fixture.write("invalid/bad.diagnostics", expected)

        let run = try SpecTestRunner(record: false).run(paths: [fixture.directory])
        let test = try #require(run.results.first)
        #expect(run.results.count == 1)
        #expect(test.kind == .compileFail)
        #expect(test.passed, "\(test.failure ?? "")")
        #expect(test.name == "diagnostics match bad.diagnostics")
        #expect(test.form == "bad")
    }

    @Test("a compile-fail spec fails with a line diff when the golden differs")
    func compileFailGoldenMismatchFails() throws {
        let fixture = try Fixture()
        let path = try fixture.write("bad.form.yaml", Self.brokenSpec)
        try fixture.write("bad.diagnostics", "bad.form.yaml:1:1: error: something else\n")
        let test = try only(SpecTestRunner(record: false).runSpec(at: path))
        #expect(!test.passed)
        let failure = try #require(test.failure)
        #expect(failure.hasPrefix("\(path):6: diagnostics differ from bad.diagnostics"))
        #expect(failure.contains("  - bad.form.yaml:1:1: error: something else"))
        #expect(failure.contains("  + bad.form.yaml:6:"))
        #expect(failure.contains("FORMSPEC_RECORD=1"))
    }

    @Test("a compile-fail spec that compiles cleanly fails")
    func compileFailSpecThatCompilesFails() throws {
        let fixture = try Fixture()
        let path = try fixture.write(
            "fine.form.yaml",
            """
            formspec: 1
            form: fine
            fields:
              name: {type: text}

            """)
        try fixture.write("fine.diagnostics", "fine.form.yaml:1:1: error: anything\n")
        let test = try only(SpecTestRunner(record: false).runSpec(at: path))
        #expect(!test.passed)
        #expect(test.failure?.contains("expected compile errors") == true)
    }

    @Test("record mode rewrites the golden file, and the next run passes")
    func recordRewritesGolden() throws {
        let fixture = try Fixture()
        let path = try fixture.write("bad.form.yaml", Self.brokenSpec)
        try fixture.write("bad.diagnostics", "")
        let recorded = try only(SpecTestRunner(record: true).runSpec(at: path))
        #expect(recorded.passed)
        #expect(recorded.recorded)
        let golden = try fixture.read("bad.diagnostics")
        #expect(golden.hasPrefix("bad.form.yaml:6:"))
        #expect(golden.contains("min_lenght"))

        let again = try only(SpecTestRunner(record: false).runSpec(at: path))
        #expect(again.passed, "\(again.failure ?? "")")
        #expect(!again.recorded)
    }

    @Test("record mode refuses a golden file that is a symbolic link, and leaves its target alone")
    func recordRefusesALink() throws {
        let fixture = try Fixture()
        let path = try fixture.write("specs/bad.form.yaml", Self.brokenSpec)
        let victim = try fixture.write("elsewhere/notes.txt", "unrelated\n")
        try FileManager.default.createSymbolicLink(
            atPath: fixture.directory + "/specs/bad.diagnostics", withDestinationPath: "../elsewhere/notes.txt")
        let test = try only(SpecTestRunner(record: true).runSpec(at: path))
        #expect(!test.passed)
        #expect(!test.recorded)
        #expect(
            test.failure?.hasSuffix(
                "could not record 'bad.diagnostics': it is a symbolic link; record writes only a regular file, "
                    + "never through a link") == true, "\(test.failure ?? "")")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "unrelated\n")
    }

    @Test("a spec without a golden file is not a compile-fail test")
    func missingGoldenIsNotCompileFail() throws {
        let fixture = try Fixture()
        let path = try fixture.write("bad.form.yaml", Self.brokenSpec)
        let test = try only(SpecTestRunner(record: true).runSpec(at: path))
        #expect(test.kind == .compile)
        #expect(!test.passed)
        #expect(!FileManager.default.fileExists(atPath: fixture.directory + "/bad.diagnostics"))
    }

    // MARK: Discovery and filtering

    @Test("folders are searched recursively and sorted; hidden folders and other files are skipped")
    func discovery() throws {
        let fixture = try Fixture()
        let spec = "formspec: 1\nform: NAME\nfields:\n  a: {type: text}\n"
        try fixture.write("b.form.yaml", spec.replacingOccurrences(of: "NAME", with: "b"))
        try fixture.write("a/z.form.yaml", spec.replacingOccurrences(of: "NAME", with: "z"))
        try fixture.write("a.form.yaml", spec.replacingOccurrences(of: "NAME", with: "a"))
        try fixture.write(".hidden/h.form.yaml", spec.replacingOccurrences(of: "NAME", with: "h"))
        try fixture.write("common.rules.yaml", "formspec: 1\ndefine:\n  x: {min_length: 1}\n")
        try fixture.write("notes.yaml", "x: 1\n")
        let files = try SpecTestRunner.specFiles(in: [fixture.directory, fixture.directory + "/b.form.yaml"])
        #expect(files == ["a.form.yaml", "a/z.form.yaml", "b.form.yaml"].map { fixture.directory + "/" + $0 })

        #expect(throws: SpecDiscoveryError.notFound(fixture.directory + "/nope")) {
            try SpecTestRunner.specFiles(in: [fixture.directory + "/nope"])
        }
    }

    @Test("check and test search folders alike: links followed once, FIFOs and hidden entries skipped")
    func sharedFolderSearch() throws {
        let fixture = try Fixture()
        let spec = "formspec: 1\nform: x\nfields:\n  a: {type: text}\n"
        try fixture.write("forms/a.form.yaml", spec)
        try fixture.write("forms/common.rules.yaml", "formspec: 1\ndefine:\n  x: {min_length: 1}\n")
        try fixture.write("shared/s.form.yaml", spec)
        try fixture.write("other/o.form.yaml", spec)
        try fixture.write(".git/g.form.yaml", spec)
        let root = fixture.directory
        // A linked folder is searched (once), a link back up the tree is not followed (`forms/up`
        // would search `other/`, outside `forms`: a package's link to its repository root), a link
        // to a file counts as the file, and a FIFO is never opened.
        try FileManager.default.createSymbolicLink(
            atPath: root + "/forms/linked", withDestinationPath: root + "/shared")
        try FileManager.default.createSymbolicLink(atPath: root + "/forms/up", withDestinationPath: root)
        try FileManager.default.createSymbolicLink(
            atPath: root + "/forms/alias.form.yaml", withDestinationPath: root + "/shared/s.form.yaml")
        #expect(mkfifo(root + "/forms/pipe.form.yaml", 0o600) == 0)

        let forms = SpecFolder.files(in: root + "/forms", endingWith: [".form.yaml"])
        #expect(forms == ["a.form.yaml", "alias.form.yaml", "linked/s.form.yaml"].map { root + "/forms/" + $0 })
        let checked = SpecFolder.files(in: root + "/forms", endingWith: [".form.yaml", ".rules.yaml"])
        #expect(checked.contains(root + "/forms/common.rules.yaml"))
        // From the root, `up` leads back to it and `forms/linked` to `shared`: each folder is
        // searched once, so `s.form.yaml` comes once (by one of its two paths), next to its alias.
        let everything = SpecFolder.files(in: root, endingWith: [".form.yaml"])
        #expect(everything.count == 4, "\(everything)")
        #expect(everything.contains(root + "/other/o.form.yaml"))
        #expect(everything.contains(root + "/forms/a.form.yaml"))
        #expect(everything.contains(root + "/forms/alias.form.yaml"))
        #expect(!everything.contains { $0.contains(".git") || $0.contains("pipe") })
    }

    @Test("--filter keeps tests whose name or form name contains the text")
    func filter() throws {
        let fixture = try Fixture()
        try fixture.write(
            "account.form.yaml",
            accountSpec + """
                  - name: Strong password
                    input: {username: alice, password: "longenough", phone: "1"}
                    expect: valid
                  - name: short username
                    input: {username: al, password: "longenough", phone: "1"}
                    expect: {valid: false}

                """)
        try fixture.write(
            "other.form.yaml",
            """
            formspec: 1
            form: other
            fields:
              a: {type: text}
            tests:
              - name: empty is fine
                input: {}
                expect: valid

            """)
        let byTest = try SpecTestRunner(filter: "password", record: false).run(paths: [fixture.directory])
        #expect(byTest.results.map(\.name) == ["Strong password"])
        #expect(byTest.specs.count == 1)
        let byForm = try SpecTestRunner(filter: "other", record: false).run(paths: [fixture.directory])
        #expect(byForm.results.map(\.name) == ["empty is fine"])
        let all = try SpecTestRunner(record: false).run(paths: [fixture.directory])
        #expect(all.results.count == 3)
        #expect(all.summary == "3 passed, 0 failed")
    }

    // MARK: Reports

    @Test("the JUnit report is well-formed XML listing every test with a time")
    func junitIsWellFormed() throws {
        let fixture = try Fixture()
        try fixture.write(
            "account.form.yaml",
            accountSpec + """
                  - name: "passes <&> \\"quoted\\" 'single'"
                    input: {username: alice, password: "longenough", phone: "1"}
                    expect: valid
                  - name: fails & shows <markup>
                    input: {username: "<b>&", password: "s3cr3t-value", phone: "1"}
                    expect: valid

                """)
        try fixture.write("invalid/bad.form.yaml", Self.brokenSpec)
        try fixture.write("invalid/bad.diagnostics", "not the diagnostics\n")
        let run = try SpecTestRunner(record: false).run(paths: [fixture.directory])
        #expect(run.results.count == 3)
        let xml = run.junitXML
        #expect(!xml.contains("s3cr3t-value"))

        #if canImport(FoundationXML) || os(macOS)
            let document = try XMLDocument(xmlString: xml, options: [])
            let root = try #require(document.rootElement())
            #expect(root.name == "testsuites")
            #expect(root.attribute(forName: "tests")?.stringValue == "3")
            #expect(root.attribute(forName: "failures")?.stringValue == "2")
            let suites = try document.nodes(forXPath: "/testsuites/testsuite").compactMap { $0 as? XMLElement }
            #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == ["account", "bad"])
            let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
            #expect(cases.count == 3)
            #expect(
                cases.map { $0.attribute(forName: "name")?.stringValue ?? "" } == [
                    "passes <&> \"quoted\" 'single'", "fails & shows <markup>", "diagnostics match bad.diagnostics",
                ])
            for element in cases {
                let time = try #require(element.attribute(forName: "time")?.stringValue)
                #expect(Double(time) != nil)
                #expect(element.attribute(forName: "classname")?.stringValue?.isEmpty == false)
            }
            let failures = try document.nodes(forXPath: "//testcase/failure").compactMap { $0 as? XMLElement }
            #expect(failures.count == 2)
            #expect(failures.first?.stringValue?.contains("username: expected no errors") == true)
            #expect(
                failures.first?.attribute(forName: "message")?.stringValue?.contains(
                    "test 'fails & shows <markup>' failed") == true)
        #else
            // Without an XML parser: every tag opened is closed, and no raw markup characters leak.
            #expect(xml.components(separatedBy: "<testcase ").count - 1 == 3)
            #expect(
                xml.components(separatedBy: "<testsuite ").count - 1 == xml.components(separatedBy: "</testsuite>")
                    .count - 1)
            #expect(!xml.contains("<markup>"))
        #endif
    }

    @Test("the JSON report decodes back to the same results")
    func jsonRoundTrips() throws {
        let (result, _, _) = try runAccount(
            """
              - name: passes
                input: {username: alice, password: "longenough", phone: "1"}
                expect: valid
              - name: fails
                input: {username: alice, password: "short", phone: "1"}
                expect: valid

            """)
        let run = SpecTestRun(specs: [result])
        let json = run.json()
        let decoded = try JSONDecoder().decode(SpecTestRun.self, from: Data(json.utf8))
        #expect(decoded.results.map(\.name) == ["passes", "fails"])
        #expect(decoded.results.map(\.passed) == [true, false])
        #expect(decoded.results.map(\.failure) == run.results.map(\.failure))
        #expect(decoded.results.map(\.line) == run.results.map(\.line))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["passed"] as? Int == 1)
        #expect(object["failed"] as? Int == 1)
        #expect(run.summary == "1 passed, 1 failed")
    }
}
