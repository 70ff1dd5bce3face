import Foundation
import Testing

/// `validate`'s batch path: report styles, parallel jobs, input caps, write failures, and the
/// smaller command-line items (escapes, `--today`, edit mode, YAML on stdin, did-you-mean).
@Suite("formspec validate: batch path and CLI hardening")
struct BatchPathTests {
    static let valid = #"{"username": "alice", "password": "correct horse"}"#
    static let shortName = #"{"username": "al", "password": "correct horse"}"#

    static let warnings = """
        formspec: 1
        form: pin
        fields:
          pin:
            required: PIN is required
            rules:
              - min_length: 4
                message: Four digits at least
              - not_pattern: "^1234$"
                severity: warning
                message: That PIN is easy to guess
          phone:
            label: Phone
          email:
            label: Email
        form_rules:
          - at_least_one_of: [phone, email]
            message: Give a phone number or an email
        """

    static func signup() throws -> CLI {
        let cli = try CLI()
        try cli.write("signup.form.yaml", Fixtures.signup)
        return cli
    }

    @Test("--report errors writes only what fails and leaves out empty members")
    func errorsReport() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try cli.write("pin.form.yaml", Self.warnings)
        let lines = [
            #"{"pin": "98765", "email": "a@b.c"}"#,
            #"{"pin": "1234", "email": "a@b.c"}"#,
            #"{"pin": "12", "phone": "555"}"#,
            #"{"pin": "98765"}"#,
        ]
        try cli.write("in.jsonl", lines.joined(separator: "\n") + "\n")
        let result = try cli.run(["validate", "pin.form.yaml", "in.jsonl", "--format", "json"])
        #expect(result.status == 1)
        #expect(
            result.lines == [
                #"{"valid":true}"#,
                #"{"valid":true,"warnings":{"pin":[{"rule":"not_pattern","message":"That PIN is easy to guess"}]}}"#,
                #"{"valid":false,"errors":{"pin":[{"rule":"min_length","message":"Four digits at least"}]}}"#,
                #"{"valid":false,"form_errors":[{"rule":"at_least_one_of","message":"Give a phone number or an email"}]}"#,
            ])
    }

    @Test("JSON Lines default to --report errors, a document to full; --report overrides both")
    func reportDefaults() throws {
        let cli = try Self.signup()
        defer { cli.cleanUp() }
        try cli.write("one.json", Self.valid)
        try cli.write("many.jsonl", Self.valid + "\n")
        let document = try cli.run(["validate", "signup.form.yaml", "one.json", "--format", "json"])
        #expect(try document.jsonLines().first?["form"] as? String == "signup")
        let lines = try cli.run(["validate", "signup.form.yaml", "many.jsonl", "--format", "json"])
        #expect(lines.lines == [#"{"valid":true}"#])
        let full = try cli.run(["validate", "signup.form.yaml", "many.jsonl", "--format", "json", "--report", "full"])
        #expect(try full.jsonLines().first?["fields"] is [String: Any])
        let short = try cli.run(["validate", "signup.form.yaml", "one.json", "--format", "json", "--report", "errors"])
        #expect(short.lines == [#"{"valid":true}"#])
    }

    /// Thousands of lines (several chunks) with malformed, blank, non-object and oversized lines.
    static func mixedBatch(count: Int) -> String {
        var lines: [String] = []
        for index in 0..<count {
            switch index % 11 {
            case 3: lines.append(#"{"username": "bob", "#)
            case 5: lines.append("")
            case 7: lines.append("[1, 2]")
            case 8: lines.append(#"{"username": "u\#(index)", "password": "p", "extra": {"a": [1, {"b": null}]}}"#)
            case 9: lines.append(#"{"username": "dup", "username": "dup"}"#)
            case 10: lines.append(#"{"user\u006eame": "esc", "password": "1234567890", "x": "\"q\""}"#)
            default: lines.append(#"{"username": "user\#(index)", "password": "pw\#(index)xxxxxx", "note": 1e3}"#)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("--jobs N writes the same lines as --jobs 1, in input order, one per input line", arguments: [2, 3, 8])
    func parallelJobsKeepOrder(jobs: Int) throws {
        let cli = try Self.signup()
        defer { cli.cleanUp() }
        let count = 5_000
        try cli.write("mixed.jsonl", Self.mixedBatch(count: count))
        for style in ["errors", "full"] {
            let base = ["validate", "signup.form.yaml", "mixed.jsonl", "--format", "json", "--report", style]
            let serial = try cli.run(base + ["--jobs", "1"])
            let parallel = try cli.run(base + ["--jobs", String(jobs)])
            #expect(serial.status == 1 && parallel.status == 1)
            #expect(serial.stdout.split(separator: "\n", omittingEmptySubsequences: false).count == count + 1)
            #expect(parallel.stdout == serial.stdout)
        }
        let text = try cli.run(["validate", "signup.form.yaml", "mixed.jsonl", "--format", "text", "--jobs", "1"])
        let textParallel = try cli.run(
            ["validate", "signup.form.yaml", "mixed.jsonl", "--format", "text", "--jobs", String(jobs)])
        #expect(textParallel.stdout == text.stdout)
        #expect(textParallel.stderr == text.stderr)
    }

    @Test("the fast path and the generic reader agree on every line (same reports, same errors)")
    func fastPathMatchesReader() throws {
        let cli = try Self.signup()
        defer { cli.cleanUp() }
        var lines = [
            #"  {"password": "correct horse" , "username":"alice"}  "#,
            #"{"username": "ålice✓", "password": "pässwörd-long"}"#,
            #"{"username": "al\"ice", "password": "correct\nhorse"}"#,
            #"{"username": null, "password": true}"#,
            #"{"username": 12345678, "password": -1.5e2}"#,
            #"{"username": "alice", "password": "correct horse", "huge": 1e400}"#,
            #"{"username": "alice", "password": "correct horse", "deep": [[[[[]]]]]}"#,
            #"{"username": "alice", "password": "correct horse", "x": 1, "x": 2}"#,
            #"{"username": "alice", "password": "correct horse"} trailing"#,
            #"{"username": "alice" "password": "x"}"#,
            #"{"username": "\ud800", "password": "correct horse"}"#,
            "{\"username\": \"a\u{01}b\"}",
            #"{}"#,
            #"{"username": [1, 2], "password": {"a": 1}}"#,
            #"{"username": 01}"#,
            #"{"username": -}"#,
            #"{"username": tru}"#,
        ]
        // Unknown keys' arrays and objects, checked without a tree or left to the reader.
        let pass = #""username": "alice", "password": "correct horse""#
        let skipped = [
            #"{"a": {"b": [1, 2.5, -0, true, false, null, "s", "ü"]}, "c": {}, "d": []}"#,
            #"{ "a" : [ 1 , { "b" : 2 } ] , "a2" : { } }"#, #"{"a": {"a": {"a": 1}}}"#,
            #"[{"a": 1}, {"a": 1}]"#, #"{"a": 1, "a": 2}"#, #"{"k\u0041": 1, "kA": 2}"#, #"{"a": "\n"}"#,
            #"{"a": 1e5}"#, #"[1, 2,]"#, #"{"a": [1 2]}"#, #"{"a" 1}"#, #"{"a": 01}"#, #"{"a": tru}"#,
            #"{"a": "x\#u{01}"}"#, #"[1, 2"#, #"{"a": 1}}"#,
            "{" + (0..<33).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ") + "}",
            "{" + (0..<33).map { #""k\#($0 % 32)": 0"# }.joined(separator: ", ") + "}",
            // The record's object is one level: 199 arrays inside it reach the limit, 200 pass it.
            String(repeating: "[", count: 199) + String(repeating: "]", count: 199),
            String(repeating: "[", count: 200) + String(repeating: "]", count: 200),
        ]
        lines += skipped.flatMap { [#"{\#(pass), "x": \#($0)}"#, #"{"x": \#($0), \#(pass)}"#] }
        try cli.write("tricky.jsonl", lines.joined(separator: "\n") + "\n")
        var invalidUTF8 = Data(#"{"username": ""#.utf8)
        invalidUTF8.append(contentsOf: [0xC3, 0x28])
        invalidUTF8.append(contentsOf: Data(#"", "password": "correct horse"}"#.utf8))
        invalidUTF8.append(0x0A)
        try invalidUTF8.write(to: URL(fileURLWithPath: cli.path("utf8.jsonl")))
        for file in ["tricky.jsonl", "utf8.jsonl"] {
            let fast = try cli.run(["validate", "signup.form.yaml", file, "--format", "json", "--report", "full"])
            // One document per line through the generic reader, as a single JSON input would be.
            var expected: [String] = []
            let bytes = try Data(contentsOf: URL(fileURLWithPath: cli.path(file)))
            let inputLines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
            for (index, line) in inputLines.enumerated() {
                try Data(line).write(to: URL(fileURLWithPath: cli.path("one.json")))
                let single = try cli.run(["validate", "signup.form.yaml", "one.json", "--format", "json"])
                let output = single.stdout.trimmingCharacters(in: .newlines)
                if output.hasPrefix(#"{"input":"#) {
                    // A document error names the input and its line:column; the line error names the line.
                    #expect(fast.lines[index].hasPrefix(#"{"line":\#(index + 1),"error":"#), "line \(index + 1)")
                } else {
                    expected.append(output)
                    #expect(fast.lines[index] == output, "line \(index + 1)")
                }
            }
            #expect(fast.lines.count == inputLines.count)
            #expect(expected.isEmpty == (file == "utf8.jsonl"))
        }
    }

    @Test("a write failure stops every command with exit 2 (stdout is /dev/full)")
    func writeFailure() throws {
        let cli = try Self.signup()
        defer { cli.cleanUp() }
        try cli.write("many.jsonl", String(repeating: Self.valid + "\n", count: 20_000))
        let commands: [[String]] = [
            ["validate", "signup.form.yaml", "many.jsonl", "--jobs", "1"],
            ["validate", "signup.form.yaml", "many.jsonl", "--jobs", "2"],
            ["check", "signup.form.yaml", "--format", "json"],
            ["test", "signup.form.yaml"],
            // Was exit 1, as for a spec with errors.
            ["compile", "signup.form.yaml", "--emit", "json"],
            ["compile", "signup.form.yaml", "--emit", "swift"],
        ]
        for command in commands {
            let result = try cli.runShell(try cli.commandLine(command) + " > /dev/full")
            #expect(result.status == 2, "\(command)")
            #expect(result.stderr.contains("cannot write"), "\(command)")
        }
    }

    @Test("with SIGPIPE ignored, `validate … | head -1` stops instead of reading to the end")
    func closedPipeStops() throws {
        let cli = try Self.signup()
        defer { cli.cleanUp() }
        // Five million lines: reading them all would outlast the `timeout`, which then exits 124.
        let command = try cli.commandLine(["validate", "signup.form.yaml", "--jsonl"])
        let script = """
            trap '' PIPE
            yes '\(Self.valid)' | head -n 5000000 | timeout 60 \(command) | head -1
            echo "status=${PIPESTATUS[2]}" >&2
            """
        let result = try cli.runShell(script, timeout: 90)
        #expect(result.stdout == #"{"valid":true}"# + "\n")
        #expect(result.stderr.contains("status=2"))
        #expect(result.stderr.contains("cannot write"))
    }

    @Test("--max-input-bytes caps a document and a JSON Lines line; /dev/zero is that input's error")
    func inputCap() throws {
        let cli = try Self.signup()
        defer { cli.cleanUp() }
        // An input too large to read is one input's error report, and the inputs after it are
        // still validated (the run used to stop there with status 2).
        try cli.write("valid.json", Self.valid)
        let zero = try cli.run([
            "validate", "signup.form.yaml", "/dev/zero", "valid.json", "--max-input-bytes", "100000", "--format",
            "json",
            "--report", "errors",
        ])
        #expect(zero.status == 1)
        let zeroReports = zero.stdout.split(separator: "\n")
        #expect(
            zeroReports.first
                == #"{"input":"/dev/zero","error":"the input is larger than 100000 bytes (raise the limit with --max-input-bytes)"}"#
        )
        #expect(zeroReports.count == 2)
        #expect(zeroReports.last?.contains(#""valid":true"#) == true)

        let long = #"{"username": "alice", "password": "\#(String(repeating: "x", count: 500))"}"#
        try cli.write("lines.jsonl", [Self.valid, long, Self.valid].joined(separator: "\n") + "\n")
        let lines = try cli.run(
            ["validate", "signup.form.yaml", "lines.jsonl", "--format", "json", "--max-input-bytes", "200"])
        #expect(lines.status == 1)
        let reports = try lines.jsonLines()
        #expect(reports.count == 3)
        #expect((reports[1]["error"] as? String)?.contains("longer than 200 bytes") == true)
        #expect(reports[2]["valid"] as? Bool == true)
    }

    @Test("terminal escape sequences from specs and inputs are shown escaped in text and on stderr")
    func terminalEscapes() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try cli.write(
            "esc.form.yaml",
            """
            formspec: 1
            form: esc
            fields:
              name:
                rules:
                  - min_length: 10
                    message: "Too short: {value}\\e]0;pwned\\a"
                    requirement: "\\e[2JFive characters"
            """)
        let result = try cli.run(
            ["validate", "esc.form.yaml", "--format", "text"], stdin: #"{"name": "a\u001b[31mb"}"#)
        #expect(result.status == 1)
        #expect(!result.stdout.contains("\u{1B}") && !result.stdout.contains("\u{07}"))
        #expect(result.stdout.contains(#"\x1B[2JFive characters"#))
        #expect(result.stdout.contains(#"Too short: a\x1B[31mb\x1B]0;pwned\x07"#))

        // A right-to-left override reorders what a terminal shows; C1 controls are escaped too.
        let reordered = try cli.run(
            ["validate", "esc.form.yaml", "--format", "text"], stdin: #"{"name": "a\u202Egnp\u2066\u0085"}"#)
        #expect(!reordered.stdout.contains("\u{202E}") && !reordered.stdout.contains("\u{2066}"))
        #expect(reordered.stdout.contains(#"Too short: a\u202Egnp\u2066\u0085\x1B]0;pwned\x07"#))

        // Line and paragraph separators would show as nothing or break the line; direction marks
        // are invisible.
        let separated = try cli.run(
            ["validate", "esc.form.yaml", "--format", "text"], stdin: #"{"name": "a\u2028b\u2029c\u200Fd"}"#)
        #expect(separated.stdout.contains(#"Too short: a\u2028b\u2029c\u200Fd\x1B]0;pwned\x07"#))

        try cli.write("bad.form.yaml", "formspec: 1\nform: bad\nfields:\n  x:\n    rules:\n      - \"\u{1B}[2J\": 3\n")
        let check = try cli.run(["check", "bad.form.yaml"])
        #expect(check.status == 1)
        #expect(!check.stderr.contains("\u{1B}"))
    }

    @Test("--original errors name the option, and do not suggest JSON Lines (found by a tester)")
    func originalErrorsNameTheOption() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try cli.write("o.form.yaml", "formspec: 1\nform: o\nfields: {a: {type: integer}}\n")
        try cli.write("in.json", #"{"a": 1}"#)
        try cli.write("two.jsonl", "{\"a\": 1}\n{\"a\": 2}\n")
        let missing = try cli.run(["validate", "o.form.yaml", "in.json", "--original", "nonexist.json"])
        #expect(missing.status == 2)
        #expect(
            missing.stderr.hasPrefix("formspec: error: --original: cannot read 'nonexist.json'"), "\(missing.stderr)")
        let lines = try cli.run(["validate", "o.form.yaml", "in.json", "--original", "two.jsonl"])
        #expect(lines.status == 2)
        #expect(lines.stderr == "formspec: error: --original two.jsonl: 2:1: unexpected text after the JSON value\n")
    }

    @Test("--mode edit without --original is a usage error")
    func editNeedsOriginal() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try cli.write("profile.form.yaml", Fixtures.profile)
        let result = try cli.run(["validate", "profile.form.yaml", "--mode", "edit"], stdin: #"{"name": "Mei"}"#)
        #expect(result.status == 2)
        #expect(result.stderr.contains("--mode edit needs --original"))
        #expect(result.stdout.isEmpty)
        // And only edit mode reads one: with another mode it would be read for nothing.
        try cli.write("original.json", #"{"name": "Ann"}"#)
        for mode in ["new", "show"] {
            let ignored = try cli.run(
                ["validate", "profile.form.yaml", "--mode", mode, "--original", "original.json"],
                stdin: #"{"name": "Mei"}"#)
            #expect(ignored.status == 2)
            #expect(ignored.stderr.contains("--original is read in edit mode only; --mode \(mode) would ignore it"))
        }
    }

    @Test(
        "a count below 1 is refused by name, a negative one too",
        arguments: [
            (["--jobs", "0"], "--jobs must be at least 1"), (["--jobs", "-1"], "--jobs must be at least 1"),
            (["--max-input-bytes", "-5"], "--max-input-bytes must be at least 1"),
        ])
    func countsBelowOne(arguments: [String], message: String) throws {
        let cli = try Self.signup()
        defer { cli.cleanUp() }
        let result = try cli.run(["validate", "signup.form.yaml"] + arguments, stdin: "{}")
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("YAML on stdin is accepted, flow style included")
    func yamlOnStdin() throws {
        let cli = try Self.signup()
        defer { cli.cleanUp() }
        for input in ["username: alice\npassword: correct horse\n", "{username: alice, password: correct horse}"] {
            let result = try cli.run(["validate", "signup.form.yaml", "--format", "json"], stdin: input)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try result.jsonLines().first?["valid"] as? Bool == true)
        }
        let broken = try cli.run(["validate", "signup.form.yaml", "--format", "json"], stdin: #"{"username": "#)
        #expect(broken.status == 1)
        #expect((try broken.jsonLines().first?["error"] as? String)?.contains("1:14") == true)
    }

    @Test("--today pins the date of `today` for validate and test")
    func today() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try cli.write(
            "trip.form.yaml",
            """
            formspec: 1
            form: trip
            fields:
              start:
                type: date
                rules:
                  - greater_than: today
                    message: Must be in the future
            tests:
              - name: the day after today is accepted
                input: {start: "2030-01-02"}
                expect: valid
            """)
        let input = #"{"start": "2030-01-02"}"#
        #expect(try cli.run(["validate", "trip.form.yaml", "--today", "2030-01-01"], stdin: input).status == 0)
        #expect(try cli.run(["validate", "trip.form.yaml", "--today", "2030-01-02"], stdin: input).status == 1)
        #expect(try cli.run(["test", "trip.form.yaml", "--today", "2030-01-01"]).status == 0)
        #expect(try cli.run(["test", "trip.form.yaml", "--today", "2031-01-01"]).status == 1)
        let bad = try cli.run(["validate", "trip.form.yaml", "--today", "2030-02-30"], stdin: input)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("YYYY-MM-DD"))
    }

    @Test("test: a path that does not exist is a failed test, and the other paths still run (found by a tester)")
    func testWithAMissingPath() throws {
        let cli = try CLI()
        try cli.write(
            "ok.form.yaml",
            """
            formspec: 1
            form: ok
            fields: {name: {}}
            tests:
              - name: empty is valid
                input: {}
                expect: valid
            """)
        let result = try cli.run(["test", "ok.form.yaml", "nonexist", "--junit", "j.xml"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("✓ ok: empty is valid"), "\(result.stdout)")
        #expect(result.stdout.contains("✗ nonexist: compiles\n  nonexist: no such file or directory\n"))
        #expect(result.stdout.hasSuffix("1 passed, 1 failed\n"), "\(result.stdout)")
        let junit = try String(contentsOf: cli.folder.appendingPathComponent("j.xml"), encoding: .utf8)
        #expect(junit.contains(#"<testsuites name="formspec" tests="2" failures="1""#), "\(junit)")
        // A run that tests nothing is an error in the JUnit report too, not an empty pass.
        let filtered = try cli.run(["test", "ok.form.yaml", "--filter", "zzz", "--junit", "k.xml"])
        #expect(filtered.status == 1)
        let empty = try String(contentsOf: cli.folder.appendingPathComponent("k.xml"), encoding: .utf8)
        #expect(empty.contains(#"tests="1" failures="0" errors="1""#), "\(empty)")
        #expect(empty.contains(#"<error message="no tests match --filter &apos;zzz&apos;" type="run">"#), "\(empty)")
        // A missing path beside it does not hide that the filter matched nothing (found by a reviewer).
        let both = try cli.run(["test", "ok.form.yaml", "nonexist", "--filter", "zzz"])
        #expect(both.stderr.contains("no tests match --filter 'zzz'"), "\(both.stderr)")
    }

    @Test("a misspelt subcommand gets a did-you-mean and exit 2")
    func subcommandDidYouMean() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        let result = try cli.run(["chek", "x.form.yaml"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown command 'chek'"))
        #expect(result.stderr.contains("did you mean 'check'?"))
        #expect(try cli.run(["--version"]).status == 0)
    }
}

extension CLI {
    /// `arguments` run with the `formspec` executable, quoted for `bash -c`.
    func commandLine(_ arguments: [String]) throws -> String {
        let executable = try #require(Self.executable)
        return ([executable.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            .joined(separator: " ")
    }

    /// Runs `script` with bash in the scratch folder; the test fails if it takes longer than `timeout`.
    func runShell(_ script: String, timeout: Double = 120) throws -> CLIResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let id = UUID().uuidString
        let outURL = folder.appendingPathComponent(".out-\(id)")
        let errURL = folder.appendingPathComponent(".err-\(id)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        let finished = !process.isRunning
        if !finished { process.terminate() }
        process.waitUntilExit()
        try out.close()
        try err.close()
        #expect(finished, "the command did not finish within \(timeout) s")
        return CLIResult(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}
