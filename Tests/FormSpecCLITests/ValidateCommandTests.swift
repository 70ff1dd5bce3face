import Foundation
import Testing

@Suite("formspec validate")
struct ValidateCommandTests {
    static let validInput = #"{"username": "alice", "password": "correct horse"}"#
    static let invalidInput = #"{"username": "al", "password": "correct horse"}"#

    /// A scratch folder holding the signup spec.
    static func signup() throws -> CLI {
        let cli = try CLI()
        try cli.write("signup.form.yaml", Fixtures.signup)
        return cli
    }

    @Test("a valid input exits 0 and prints one JSON report")
    func valid() throws {
        let cli = try Self.signup()
        defer { cli.cleanUp() }
        try cli.write("ok.json", Self.validInput)
        let result = try cli.run(["validate", "signup.form.yaml", "ok.json", "--format", "json"])
        #expect(result.status == 0)
        let reports = try result.jsonLines()
        #expect(reports.count == 1)
        #expect(reports[0]["form"] as? String == "signup")
        #expect(reports[0]["valid"] as? Bool == true)
    }

    @Test("an invalid input exits 1 and the report names the failing rule")
    func invalid() throws {
        let cli = try Self.signup()
        defer { cli.cleanUp() }
        try cli.write("bad.json", Self.invalidInput)
        let result = try cli.run(["validate", "signup.form.yaml", "bad.json", "--format", "json"])
        #expect(result.status == 1)
        let report = try #require(try result.jsonLines().first)
        #expect(report["valid"] as? Bool == false)
        let fields = try #require(report["fields"] as? [String: Any])
        let username = try #require(fields["username"] as? [String: Any])
        let errors = try #require(username["errors"] as? [[String: Any]])
        #expect(errors.first?["rule"] as? String == "min_length")
        #expect(errors.first?["message"] as? String == "At least 3 characters")
    }

    @Test("without --format and not on a terminal, the output is JSON")
    func defaultFormatIsJSONOffTerminal() throws {
        let cli = try Self.signup()
        defer { cli.cleanUp() }
        let result = try cli.run(["validate", "signup.form.yaml"], stdin: Self.validInput)
        #expect(result.status == 0)
        #expect(try result.jsonLines().count == 1)
    }

    @Test("stdin is read for '-' and for no input at all")
    func stdin() throws {
        let cli = try Self.signup()
        defer { cli.cleanUp() }
        #expect(try cli.run(["validate", "signup.form.yaml", "-"], stdin: Self.invalidInput).status == 1)
        #expect(try cli.run(["validate", "signup.form.yaml"], stdin: Self.validInput).status == 0)
    }

    @Test("a YAML input file is read as an object")
    func yamlInput() throws {
        let cli = try Self.signup()
        defer { cli.cleanUp() }
        try cli.write("input.yaml", "username: alice\npassword: 'correct horse'\n")
        try cli.write("short.yml", "username: al\npassword: correct horse\n")
        let result = try cli.run(["validate", "signup.form.yaml", "input.yaml", "short.yml", "--format", "json"])
        #expect(result.status == 1)
        let reports = try result.jsonLines()
        #expect(reports.map { $0["valid"] as? Bool } == [true, false])
    }

    @Test("an input that is not an object gives an error report and exit 1")
    func notAnObject() throws {
        let cli = try Self.signup()
        defer { cli.cleanUp() }
        try cli.write("list.json", "[1, 2]")
        let result = try cli.run(["validate", "signup.form.yaml", "list.json", "--format", "json"])
        #expect(result.status == 1)
        let report = try #require(try result.jsonLines().first)
        #expect(report["input"] as? String == "list.json")
        #expect((report["error"] as? String)?.contains("must be an object") == true)
    }

    @Test("JSONL: a malformed middle line gives an error report for that line and the run goes on")
    func jsonlMalformedLine() throws {
        let cli = try Self.signup()
        defer { cli.cleanUp() }
        try cli.write(
            "batch.jsonl",
            [Self.validInput, #"{"username": "bob", "#, "", Self.validInput].joined(separator: "\n") + "\n")
        let result = try cli.run(["validate", "signup.form.yaml", "batch.jsonl", "--format", "json"])
        #expect(result.status == 1)
        let reports = try result.jsonLines()
        #expect(reports.count == 4)  // four lines in (one blank), four lines out
        #expect(reports[0]["valid"] as? Bool == true)
        #expect(reports[1]["line"] as? Int == 2)
        #expect(reports[1]["error"] is String)
        #expect(reports[2]["line"] as? Int == 3)
        #expect(reports[2]["error"] as? String == "empty line: expected a JSON object")
        #expect(reports[3]["valid"] as? Bool == true)
    }

    @Test("--jsonl reads stdin as one object a line, reports in order")
    func jsonlFlag() throws {
        let cli = try Self.signup()
        defer { cli.cleanUp() }
        let lines = [Self.validInput, Self.invalidInput, "[]", Self.validInput]
        let result = try cli.run(
            ["validate", "signup.form.yaml", "--jsonl", "--format", "json"], stdin: lines.joined(separator: "\r\n"))
        #expect(result.status == 1)
        let reports = try result.jsonLines()
        #expect(reports.count == 4)
        #expect(reports[0]["valid"] as? Bool == true)
        #expect(reports[1]["valid"] as? Bool == false)
        #expect(reports[2]["line"] as? Int == 3)
        #expect(reports[3]["valid"] as? Bool == true)
    }

    @Test("text format shows a checklist and line N: error: for a bad line")
    func textFormat() throws {
        let cli = try Self.signup()
        defer { cli.cleanUp() }
        try cli.write("batch.jsonl", Self.invalidInput + "\nnot json\n")
        let result = try cli.run(["validate", "signup.form.yaml", "batch.jsonl", "--format", "text"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("line 1: signup: INVALID"))
        #expect(result.stdout.contains("✗ username"))
        #expect(result.stdout.contains("✗ At least 3 characters"))
        #expect(result.stdout.contains("error: At least 3 characters"))
        #expect(result.stdout.contains("✓ password"))
        #expect(result.stdout.contains("line 2: error: invalid JSON"))
        #expect(!result.stdout.contains("\u{1B}["))  // no colours off a terminal
    }

    @Test("secret values never appear in the output")
    func secretsStayHidden() throws {
        let cli = try Self.signup()
        defer { cli.cleanUp() }
        let secret = "hunter2"
        let input = #"{"username": "alice", "password": "\#(secret)"}"#
        for format in ["text", "json"] {
            let result = try cli.run(["validate", "signup.form.yaml", "--format", format], stdin: input)
            #expect(result.status == 1)
            #expect(!result.stdout.contains(secret) && !result.stderr.contains(secret))
        }
    }

    @Test("a 10 MB line is read and reported like any other")
    func hugeLine() throws {
        let cli = try Self.signup()
        defer { cli.cleanUp() }
        let filler = String(repeating: "x", count: 10 * 1024 * 1024)
        let big = #"{"username": "alice", "password": "correct horse", "notes": "\#(filler)"}"#
        let path = try cli.write("big.jsonl", big + "\n" + Self.invalidInput + "\n")
        let result = try cli.run(["validate", "signup.form.yaml", path, "--format", "json"])
        #expect(result.status == 1)
        let reports = try result.jsonLines()
        #expect(reports.map { $0["valid"] as? Bool } == [true, false])
    }

    @Test("--strict reports input keys that are not fields as unknown_field")
    func strict() throws {
        let cli = try Self.signup()
        defer { cli.cleanUp() }
        let input = #"{"username": "alice", "password": "correct horse", "nickname": "al"}"#
        #expect(try cli.run(["validate", "signup.form.yaml"], stdin: input).status == 0)
        let result = try cli.run(["validate", "signup.form.yaml", "--strict", "--format", "json"], stdin: input)
        #expect(result.status == 1)
        let report = try #require(try result.jsonLines().first)
        let formErrors = try #require(report["form_errors"] as? [[String: Any]])
        #expect(formErrors.map { $0["rule"] as? String } == ["unknown_field"])
    }

    @Test("--mode edit --original reports changed fields and require_changes")
    func editMode() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try cli.write("profile.form.yaml", Fixtures.profile)
        try cli.write("original.yaml", "name: Mei\ncity: Kyoto\n")
        let changed = try cli.run(
            ["validate", "profile.form.yaml", "--mode", "edit", "--original", "original.yaml", "--format", "json"],
            stdin: #"{"name": "Mei", "city": "Osaka"}"#)
        #expect(changed.status == 0)
        #expect(try changed.jsonLines().first?["changed"] as? [String] == ["city"])

        let unchanged = try cli.run(
            ["validate", "profile.form.yaml", "--mode", "edit", "--original", "original.yaml", "--format", "json"],
            stdin: #"{"name": "Mei", "city": "Kyoto"}"#)
        #expect(unchanged.status == 1)
        let report = try #require(try unchanged.jsonLines().first)
        #expect(report["changed"] as? [String] == [])
        let formErrors = try #require(report["form_errors"] as? [[String: Any]])
        #expect(formErrors.first?["message"] as? String == "Nothing to save")
    }

    @Test("an external check without --stub exits 2 before reading input")
    func unstubbedCheck() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try cli.write("handle.form.yaml", Fixtures.withCheck)
        let result = try cli.run(["validate", "handle.form.yaml"], stdin: #"{"username": "alice"}"#)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("username_available"))
        #expect(result.stderr.contains("--stub username_available=true"))
    }

    @Test("--stub gives the external check's outcome")
    func stubbedCheck() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try cli.write("handle.form.yaml", Fixtures.withCheck)
        let input = #"{"username": "alice"}"#
        let available = try cli.run(
            ["validate", "handle.form.yaml", "--stub", "username_available=true"], stdin: input)
        #expect(available.status == 0)
        let taken = try cli.run(
            ["validate", "handle.form.yaml", "--stub", "username_available=false", "--format", "json"], stdin: input)
        #expect(taken.status == 1)
        #expect(taken.stdout.contains("That username is taken"))
    }

    @Test("a stub for a check the spec does not use is a usage error with a did-you-mean")
    func unknownStub() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try cli.write("handle.form.yaml", Fixtures.withCheck)
        let result = try cli.run(
            ["validate", "handle.form.yaml", "--stub", "username_availble=true"], stdin: #"{"username": "alice"}"#)
        #expect(result.status == 2)
        #expect(result.stderr.contains("did you mean 'username_available'?"))
    }

    @Test("a malformed --stub is a usage error: exit 2")
    func malformedStub() throws {
        let cli = try Self.signup()
        defer { cli.cleanUp() }
        let result = try cli.run(["validate", "signup.form.yaml", "--stub", "x=maybe"], stdin: Self.validInput)
        #expect(result.status == 2)
        #expect(result.stderr.contains("true or false"))
    }

    @Test("a spec with errors exits 2 with its diagnostics")
    func specErrors() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try cli.write("broken.form.yaml", Fixtures.broken)
        let result = try cli.run(["validate", "broken.form.yaml"], stdin: "{}")
        #expect(result.status == 2)
        #expect(result.stderr.contains("broken.form.yaml:6:9: error:"))
    }

    @Test("a missing input file is an I/O error: exit 2, a clean message")
    func missingInput() throws {
        let cli = try Self.signup()
        defer { cli.cleanUp() }
        let result = try cli.run(["validate", "signup.form.yaml", "missing.json"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("formspec: error: cannot read 'missing.json': No such file or directory"))
        #expect(result.stdout.isEmpty)
    }

    @Test("a missing spec is an I/O error: exit 2")
    func missingSpec() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        let result = try cli.run(["validate", "nowhere.form.yaml"], stdin: "{}")
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot read 'nowhere.form.yaml'"))
    }
}
