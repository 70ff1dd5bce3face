import FormSpecTestSupport
import Foundation
import Testing

@Suite("formspec check")
struct CheckCommandTests {
    @Test("a clean spec exits 0 with a summary on stderr")
    func cleanSpec() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try cli.write("signup.form.yaml", Fixtures.signup)
        let result = try cli.run(["check", "signup.form.yaml"])
        #expect(result.status == 0)
        #expect(result.stderr.hasSuffix("checked 1 file: 0 errors, 0 warnings\n"))
    }

    @Test("a library's problem reached from the form that imports it and from the library itself is reported once")
    func aLibrarysProblemIsReportedOnce() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try cli.write("a.rules.yaml", "formspec: 1\nimport: [b.rules.yaml]\ndefine: {p: {min_length: 1}}\n")
        try cli.write("b.rules.yaml", "formspec: 1\nimport: [a.rules.yaml]\ndefine: {q: {use: p}}\n")
        try cli.write(
            "f.form.yaml", "formspec: 1\nform: f\nimport: [a.rules.yaml]\nfields:\n  x:\n    rules: [{use: q}]\n")
        let result = try cli.run(["check", "a.rules.yaml", "b.rules.yaml", "f.form.yaml"])
        #expect(result.status == 1)
        let cycles = result.stderr.components(separatedBy: "\n").filter { $0.contains("error: cyclic import") }
        #expect(cycles.count == Set(cycles).count, "\(result.stderr)")
        #expect(result.stderr.contains("checked 3 files: \(cycles.count) error"), "\(result.stderr)")
    }

    @Test("a use: cycle in a rule library is an error of the library checked alone")
    func aUseCycleInALibraryAlone() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try cli.write("pq.rules.yaml", "formspec: 1\ndefine: {p: {use: q}, q: {use: p}}\n")
        let result = try cli.run(["check", "pq.rules.yaml"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: cyclic 'use': p -> q -> p"), "\(result.stderr)")
    }

    @Test("a spec read from a pipe (/dev/stdin, <(…)) is checked, tested and run like a file")
    func specThroughAPipe() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        let check = try cli.run(["check", "/dev/stdin"], stdin: Fixtures.signup)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stderr.hasSuffix("checked 1 file: 0 errors, 0 warnings\n"))
        try cli.write("input.json", #"{"username": "ab"}"#)
        let validate = try cli.run(
            ["validate", "/dev/stdin", "input.json", "--report", "errors"], stdin: Fixtures.signup)
        #expect(validate.status == 1, "\(validate.stderr)")
        #expect(validate.stdout.hasPrefix(#"{"valid":false,"errors":{"username":[{"rule":"min_length""#))
        // A FIFO given as the spec: its writer is not left writing to nobody by a check before
        // the read.
        let fifo = cli.path("spec.form.yaml")
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Thread {
            let descriptor = open(fifo, O_WRONLY)
            _ = Fixtures.signup.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
            close(descriptor)
        }
        writer.start()
        let fromFIFO = try cli.run(["validate", fifo, "input.json", "--report", "errors"])
        #expect(fromFIFO.stdout == validate.stdout, "\(fromFIFO.stderr)")
    }

    @Test("a name that is not valid UTF-8 is an error, in a folder searched or as an argument (found by a tester)")
    func namesThatAreNotUTF8() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try cli.write("s.form.yaml", Fixtures.signup)
        try cli.write("u/ok.form.yaml", Fixtures.signup)
        let executable = try #require(CLI.executable).path
        // The shell makes what Swift strings cannot hold: names with the byte 0xFF.
        let script = #"""
            set -e
            cp s.form.yaml "u/$(printf 'b\377').form.yaml"
            touch "u/$(printf 'notes\377').txt"
            mkdir -p "tz/$(printf 'p\377')" && cp s.form.yaml "tz/$(printf 'p\377')/a.form.yaml"
            printf '{}' > "$(printf 'i\377').json"
            "$0" check u tz 2>&1 || echo "exit $?"
            "$0" test u 2>&1 || echo "exit $?"
            "$0" validate s.form.yaml "$(printf 'i\377').json" 2>&1 || echo "exit $?"
            """#
        let result = try Subprocess.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", script, executable], in: cli.folder, input: .empty)
        let out = result.stdout
        let reason = "its name is not valid UTF-8 (shown with U+FFFD); rename it to read it"
        #expect(out.contains("formspec: error: cannot read 'u/b\u{FFFD}.form.yaml': \(reason)"), "\(out)")
        #expect(out.contains("formspec: error: cannot read 'tz/p\u{FFFD}': \(reason)"), "\(out)")
        #expect(out.contains("checked 1 file: 2 errors, 0 warnings\nexit 1\n"), "\(out)")
        #expect(
            out.contains("✗ b\u{FFFD}: compiles\n  u/b\u{FFFD}.form.yaml: \(reason)\n0 passed, 1 failed\nexit 1"),
            "\(out)")
        #expect(out.contains("formspec: error: argument 3 ('i\u{FFFD}.json') is not valid UTF-8"), "\(out)")
        #expect(out.hasSuffix("exit 2\n"), "\(out)")
    }

    @Test("warnings alone exit 0 and are counted")
    func warningsOnly() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try cli.write("pin.form.yaml", Fixtures.warningOnly)
        let result = try cli.run(["check", "pin.form.yaml"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("pin.form.yaml:7:"))
        #expect(result.stderr.contains("warning:"))
        #expect(result.stderr.hasSuffix("checked 1 file: 0 errors, 1 warning\n"))
    }

    @Test("an error exits 1 with PATH:LINE:COL, the source line and a did-you-mean")
    func errors() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try cli.write("broken.form.yaml", Fixtures.broken)
        let result = try cli.run(["check", "broken.form.yaml"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("broken.form.yaml:6:9: error: unknown rule 'min_lenght'"))
        #expect(result.stderr.contains("      - min_lenght: 3\n"))
        #expect(result.stderr.contains("did you mean 'min_length'?"))
        #expect(result.stderr.hasSuffix("checked 1 file: 1 error, 0 warnings\n"))
    }

    @Test("folders are searched recursively for specs and rule libraries, hidden folders skipped")
    func folders() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try cli.write("specs/signup.form.yaml", Fixtures.signup)
        try cli.write("specs/shared/common.rules.yaml", Fixtures.library)
        try cli.write("specs/shared/notes.yaml", "not: a spec")
        try cli.write("specs/.hidden/broken.form.yaml", Fixtures.broken)
        let result = try cli.run(["check", "specs", "--format", "json"])
        #expect(result.status == 0)
        #expect(result.stderr.hasSuffix("checked 2 files: 0 errors, 0 warnings\n"))
        #expect(result.stdout == "[]\n")
    }

    @Test("a path that does not exist is an error")
    func missingPath() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        let result = try cli.run(["check", "nowhere.form.yaml"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("formspec: error: cannot read 'nowhere.form.yaml': No such file or directory"))
    }

    @Test("--import-root that is not a folder is a usage error of every command that takes it")
    func importRootMustBeAFolder() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try cli.write("signup.form.yaml", Fixtures.signup)
        try cli.write("a-file.txt", "not a folder\n")
        try cli.write("input.json", #"{"username": "alice", "password": "correct horse"}"#)
        let commands: [[String]] = [
            ["check", "signup.form.yaml"],
            ["validate", "signup.form.yaml", "input.json"],
            ["compile", "signup.form.yaml", "--emit", "json"],
        ]
        for command in commands {
            for (root, reason) in [("nowhere", "no such folder"), ("a-file.txt", "not a folder")] {
                let result = try cli.run(command + ["--import-root", root])
                #expect(result.status == 2, "\(command) \(root): \(result.stderr)")
                #expect(result.stderr.contains("--import-root '\(root)': \(reason)"), "\(command)")
                // Refused before compiling: no summary, no report.
                #expect(!result.stderr.contains("checked"), "\(command)")
                #expect(result.stdout.isEmpty, "\(command)")
            }
        }
        #expect(try cli.run(["check", "signup.form.yaml", "--import-root", "."]).status == 0)
    }

    @Test("with --format text the diagnostics are the output: a failed write to stderr exits 2")
    func textDiagnosticsWriteFailure() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try cli.write("signup.form.yaml", Fixtures.signup)
        try cli.write("broken.form.yaml", Fixtures.broken)
        for spec in ["signup.form.yaml", "broken.form.yaml"] {
            let text = try cli.runShell(
                try cli.commandLine(["check", spec, "--format", "text"]) + " 2>/dev/full; echo \"status=$?\"")
            #expect(text.stdout == "status=2\n", "\(spec)")
            // With json, stdout is the output and stderr only a copy.
            let json = try cli.runShell(
                try cli.commandLine(["check", spec, "--format", "json"]) + " 2>/dev/full >/dev/null; echo \"status=$?\""
            )
            #expect(json.stdout == (spec == "broken.form.yaml" ? "status=1\n" : "status=0\n"), "\(spec)")
        }
    }

    @Test("--format json prints the diagnostics as a JSON array")
    func json() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try cli.write("broken.form.yaml", Fixtures.broken)
        try cli.write("pin.form.yaml", Fixtures.warningOnly)
        let result = try cli.run(["check", "broken.form.yaml", "pin.form.yaml", "--format", "json"])
        #expect(result.status == 1)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 2)
        let error = try #require(array.first)
        #expect(error["path"] as? String == "broken.form.yaml")
        #expect(error["line"] as? Int == 6)
        #expect(error["column"] as? Int == 9)
        #expect(error["severity"] as? String == "error")
        #expect((error["message"] as? String)?.contains("min_lenght") == true)
        let notes = try #require(error["notes"] as? [[String: Any]])
        #expect(notes.first?["message"] as? String == "did you mean 'min_length'?")
        #expect(array.last?["severity"] as? String == "warning")
    }
}
