import FormSpec
@_spi(Program) @_spi(Tooling) import FormSpecRuntime
import FormSpecYAML
import Foundation
import Testing

/// Specs written by an attacker or a careless generator: each must end in diagnostics, quickly,
/// never in a crash, a hang or a quote of a file that is not a spec.
struct HostileSpecTests {
    /// `formspec: 1`, `form: f` and `rest`.
    private func spec(_ rest: String) -> String { "formspec: 1\nform: f\n" + rest }

    private func messages(_ compilation: Compilation, _ severity: Diagnostic.Severity = .error) -> [String] {
        compilation.diagnostics.filter { $0.severity == severity }.map(\.message)
    }

    // MARK: - Depth and size of `use:`

    @Test func aLongChainOfUseIsADiagnosticNotAStackOverflow() {
        let count = 2_000
        var text = "define:\n"
        for index in 0..<count { text += "  d\(index):\n    use: d\(index + 1)\n" }
        text += "  d\(count):\n    min_length: 1\nfields:\n  a:\n    rules:\n      - use: d0\n"
        let compilation = compile(spec(text))
        #expect(messages(compilation) == ["rules nest more than 64 levels deep (through 'use:' and all/any/not)"])
        // The defines past the cut are reached through used ones: no "never used" flood.
        #expect(messages(compilation, .warning).isEmpty)
    }

    @Test func aChainWithinTheLimitCompiles() throws {
        var text = "define:\n"
        for index in 0..<60 { text += "  d\(index):\n    use: d\(index + 1)\n" }
        text += "  d60:\n    min_length: 2\nfields:\n  a:\n    rules:\n      - use: d0\n"
        let program = try program(spec(text))
        #expect(try program.validate(["a": "x"]).valid == false)
        #expect(try program.validate(["a": "xy"]).valid)
    }

    @Test func definesUsingTheNextTwiceAreCheckedOnceEach() {
        // 2^29 rules if expanded naively: the size bound stops it, and each define is checked once.
        let count = 29
        var text = "define:\n"
        for index in 0..<count { text += "  d\(index):\n    all: [{use: d\(index + 1)}, {use: d\(index + 1)}]\n" }
        text += "  d\(count):\n    min_length: 1\nfields:\n  a:\n    rules:\n      - use: d0\n"
        let started = ContinuousClock.now
        let compilation = compile(spec(text))
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(messages(compilation) == ["this rule expands to more than 10000 rules (through 'use:')"])
    }

    @Test func aSharedDefineIsReusedNotRechecked() throws {
        // 10 levels of doubling is 2,047 rules: within bounds, and it still validates correctly.
        var text = "define:\n"
        for index in 0..<10 { text += "  d\(index):\n    all: [{use: d\(index + 1)}, {use: d\(index + 1)}]\n" }
        text +=
            "  d10:\n    min_length: 3\nfields:\n  a:\n    rules:\n      - use: d0\n  b:\n    rules:\n      - use: d3\n"
        let program = try program(spec(text))
        #expect(try program.validate(["a": "ab", "b": "abc"]).fields["a"]?.errors.map(\.rule) == ["d0"])
        #expect(try program.validate(["a": "abc", "b": "abc"]).valid)
    }

    @Test func aUseCycleIsStillReportedOnce() {
        let compilation = compile(
            spec("define: {a: {use: b}, b: {all: [{use: c}]}, c: {use: a}}\nfields: {x: {rules: [{use: a}]}}"))
        #expect(messages(compilation) == ["cyclic 'use': a -> b -> c -> a"])
    }

    // MARK: - Imports: chains, doubling, diamonds

    @Test func aLongChainOfImportsLoadsWithoutRecursion() throws {
        let folder = try TemporaryFolder()
        let count = 3_000
        for index in 0..<count {
            try folder.write(
                "l\(index).rules.yaml",
                "formspec: 1\nimport: [l\(index + 1).rules.yaml]\ndefine:\n  r\(index):\n    min_length: 1\n")
        }
        try folder.write("l\(count).rules.yaml", "formspec: 1\ndefine:\n  last:\n    min_length: 2\n")
        try folder.write(
            "main.form.yaml", spec("import: [l0.rules.yaml]\nfields:\n  a:\n    rules:\n      - use: last\n"))
        let compilation = Compiler.compile(path: folder.path + "/main.form.yaml")
        #expect(compilation.diagnostics.isEmpty, "\(compilation.renderedDiagnostics())")
        #expect(try compilation.spec?.program.validate(["a": "x"]).valid == false)
    }

    @Test func librariesImportingTheNextTwiceAreEachLoadedOnce() {
        var files: [String: String] = [:]
        for index in 0..<22 {
            files["l\(index).rules.yaml"] =
                "formspec: 1\nimport: [l\(index + 1).rules.yaml, ./l\(index + 1).rules.yaml]\ndefine:\n  r\(index): {min_length: 1}\n"
        }
        files["l22.rules.yaml"] = "formspec: 1\ndefine:\n  r22: {min_length: 1}\n"
        let started = ContinuousClock.now
        let compilation = compile(spec("import: [l0.rules.yaml]\nfields: {a: {rules: [{use: r22}]}}"), files: files)
        #expect(ContinuousClock.now - started < .seconds(5))
        // Each library's second spelling of the same import is said once, and nothing else.
        #expect(compilation.diagnostics.count == 22, "\(compilation.renderedDiagnostics())")
        #expect(
            compilation.diagnostics.allSatisfy { $0.severity == .warning && $0.message.hasSuffix("is imported twice") })
    }

    @Test func diamondImportsDefineEachNameOnce() {
        let compilation = compile(
            spec(
                "import: [left.rules.yaml, right.rules.yaml]\nfields: {a: {rules: [{use: base}, {use: l}, {use: r}]}}"),
            files: [
                "left.rules.yaml": "formspec: 1\nimport: [base.rules.yaml]\ndefine: {l: {min_length: 1}}",
                "right.rules.yaml": "formspec: 1\nimport: [base.rules.yaml]\ndefine: {r: {min_length: 1}}",
                "base.rules.yaml": "formspec: 1\ndefine: {base: {max_length: 9}}",
            ])
        #expect(compilation.diagnostics.isEmpty, "\(compilation.renderedDiagnostics())")
    }

    @Test func twoLibrariesDefiningOneNameIsStillAnError() {
        let compilation = compile(
            spec("import: [a.rules.yaml, b.rules.yaml]\nfields: {a: {}}"),
            files: [
                "a.rules.yaml": "formspec: 1\ndefine: {x: {min_length: 1}}",
                "b.rules.yaml": "formspec: 1\ndefine: {x: {min_length: 2}}",
            ])
        #expect(messages(compilation) == ["'x' is defined twice"])
    }

    // MARK: - Imports stay inside the spec's folder

    private let library = "formspec: 1\ndefine:\n  short:\n    max_length: 3\n"

    private func form(importing path: String) -> String {
        spec("import: [\(path)]\nfields:\n  a:\n    rules:\n      - use: short\n")
    }

    @Test func absolutePathsAndEscapesAreRefusedWithoutReadingThem() throws {
        let folder = try TemporaryFolder()
        try folder.write("common/lib.rules.yaml", library)
        try folder.write("app/main.form.yaml", form(importing: "../common/lib.rules.yaml"))
        let escaped = Compiler.compile(path: folder.path + "/app/main.form.yaml")
        #expect(
            messages(escaped).first
                == "cannot import '../common/lib.rules.yaml': it is outside the folder of the spec being compiled")
        #expect(escaped.sources.keys.allSatisfy { !$0.contains("common") })

        let widened = Compiler.compile(
            path: folder.path + "/app/main.form.yaml", options: CompileOptions(importRoot: folder.path))
        #expect(widened.diagnostics.isEmpty, "\(widened.renderedDiagnostics())")

        try folder.write("app/environ.form.yaml", form(importing: "/proc/self/environ"))
        let environ = Compiler.compile(
            path: folder.path + "/app/environ.form.yaml", options: CompileOptions(importRoot: "/"))
        #expect(
            messages(environ).first
                == "cannot import '/proc/self/environ': an import is a path relative to the importing file")
        let rendered = environ.renderedDiagnostics()
        for (name, value) in ProcessInfo.processInfo.environment where value.count > 8 {
            #expect(!rendered.contains(value), "the value of \(name) leaked")
        }
    }

    @Test func aSymlinkCannotLeadAnImportOut() throws {
        let folder = try TemporaryFolder()
        try folder.write("outside/secret.rules.yaml", library)
        try folder.write("app/main.form.yaml", form(importing: "lib.rules.yaml"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/app/lib.rules.yaml", withDestinationPath: folder.path + "/outside/secret.rules.yaml"
        )
        let compilation = Compiler.compile(path: folder.path + "/app/main.form.yaml")
        #expect(
            messages(compilation).first
                == "cannot import 'lib.rules.yaml': it is outside the folder of the spec being compiled")
        let widened = Compiler.compile(
            path: folder.path + "/app/main.form.yaml", options: CompileOptions(importRoot: folder.path))
        #expect(widened.diagnostics.isEmpty, "\(widened.renderedDiagnostics())")
        // A symlink that stays inside is fine.
        try folder.write("app/real/lib.rules.yaml", library)
        try folder.write("app/inside.form.yaml", form(importing: "link.rules.yaml"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/app/link.rules.yaml", withDestinationPath: folder.path + "/app/real/lib.rules.yaml")
        #expect(Compiler.compile(path: folder.path + "/app/inside.form.yaml").diagnostics.isEmpty)
    }

    @Test func aFileThatIsNotASpecIsNeverQuoted() throws {
        let folder = try TemporaryFolder()
        try folder.write("app.yaml", "database:\n  password: hunter2\n")
        try folder.write("notes.txt", "SECRET=hunter2\n\tkey: [unbalanced\n")
        try folder.write("broken.rules.yaml", "formspec: 1\ndefine: {a: {min_length: hunter2}}\n")
        try folder.write("main.form.yaml", spec("import: [app.yaml, notes.txt]\nfields: {a: {}}\n"))
        let compilation = Compiler.compile(path: folder.path + "/main.form.yaml")
        #expect(
            messages(compilation) == [
                "cannot import 'app.yaml': not a FormSpec file (it has no 'formspec:' key)",
                "cannot import 'notes.txt': not a FormSpec file (it is not valid YAML)",
            ])
        #expect(!compilation.renderedDiagnostics().contains("hunter2"))
        #expect(compilation.sources.count == 1)
    }

    @Test func anImportBesideASpecInAMissingFolderIsNoSuchFile() {
        let compilation = Compiler.compile(
            source: form(importing: "lib.rules.yaml"), path: "/nonexistent-formspec/x.form.yaml",
            provider: FileSystemSources())
        #expect(messages(compilation).first == "cannot import 'lib.rules.yaml': no such file")
    }

    @Test func anImportOutsideAGivenRootNamesThatRoot() throws {
        let folder = try TemporaryFolder()
        try folder.write("outside/lib.rules.yaml", library)
        try folder.write("root/app/main.form.yaml", form(importing: "../../outside/lib.rules.yaml"))
        let compilation = Compiler.compile(
            path: folder.path + "/root/app/main.form.yaml", options: CompileOptions(importRoot: folder.path + "/root"))
        let refusal = try #require(compilation.diagnostics.first { $0.severity == .error })
        #expect(refusal.message == "cannot import '../../outside/lib.rules.yaml': it is outside the import root")
        #expect(
            refusal.notes.map(\.message) == [
                "imports must stay inside '\(folder.path)/root', the folder given with --import-root"
            ])
    }

    @Test func aNulInAnImportPathIsRefusedNotCutShort() throws {
        let folder = try TemporaryFolder()
        // A library that says so when it is read.
        try folder.write("in.rules.yaml", "formspec: 2\n" + library.dropFirst("formspec: 1\n".count))
        try folder.write("main.form.yaml", form(importing: #""in.rules.yaml\0.x""#))
        let compilation = Compiler.compile(path: folder.path + "/main.form.yaml")
        // Before, the path was read up to the NUL and `in.rules.yaml` imported.
        #expect(
            messages(compilation) == [#"cannot import 'in.rules.yaml\0.x': a path cannot hold a NUL character (\0)"#])
    }

    @Test func aUseOfANameAFailedImportMayDefineIsNotReported() throws {
        let folder = try TemporaryFolder()
        try folder.write("main.form.yaml", form(importing: "missing.rules.yaml"))
        let failed = messages(Compiler.compile(path: folder.path + "/main.form.yaml"))
        #expect(failed.count == 1 && failed[0].hasPrefix("cannot import 'missing.rules.yaml'"), "\(failed)")
        // With every import read, the name is unknown.
        try folder.write("missing.rules.yaml", "formspec: 1\ndefine:\n  long:\n    max_length: 30\n")
        #expect(
            messages(Compiler.compile(path: folder.path + "/main.form.yaml")) == ["unknown rule name 'short' in 'use'"])
    }

    @Test func dotDotAfterALinkedFolderClimbsOutOfItsTarget() throws {
        // app/lib -> ../vendor/pkg/lib: `lib/../common.rules.yaml` is vendor/pkg/common.rules.yaml
        // to the system, whatever the text says; that file is outside app/ and refused.
        let folder = try TemporaryFolder()
        try folder.write("vendor/pkg/lib/keep.rules.yaml", library)
        try folder.write("vendor/pkg/common.rules.yaml", library)
        try folder.write("app/common.rules.yaml", "formspec: 1\ndefine:\n  other:\n    max_length: 3\n")
        try folder.write("app/main.form.yaml", form(importing: "lib/../common.rules.yaml"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/app/lib", withDestinationPath: "../vendor/pkg/lib")
        let refused = Compiler.compile(path: folder.path + "/app/main.form.yaml")
        #expect(
            messages(refused).first
                == "cannot import 'lib/../common.rules.yaml': it is outside the folder of the spec being compiled")
        // With the root widened, the file the system opens is the one imported, and named by its real path.
        let widened = Compiler.compile(
            path: folder.path + "/app/main.form.yaml", options: CompileOptions(importRoot: folder.path))
        #expect(widened.diagnostics.isEmpty, "\(widened.renderedDiagnostics())")
        let resolved = try #require(realpath(folder.path + "/vendor/pkg/common.rules.yaml", nil))
        defer { free(resolved) }
        #expect(widened.sources.keys.contains(String(cString: resolved)))
        // Without a link, `..` is only text, as before.
        try folder.write("app/plain/keep.rules.yaml", library)
        try folder.write("app/plain.form.yaml", form(importing: "plain/../common.rules.yaml"))
        #expect(
            messages(Compiler.compile(path: folder.path + "/app/plain.form.yaml")) == [
                "unknown rule name 'short' in 'use'"
            ])
    }

    @Test func aSpecPathThroughALinkedFolderNamesTheFileTheSystemOpens() throws {
        // app -> real/sub: `app/../main.form.yaml` is real/main.form.yaml to the system, not the
        // main.form.yaml beside `app` that the text suggests.
        let folder = try TemporaryFolder()
        try folder.write("real/sub/keep.rules.yaml", library)
        try folder.write("real/main.form.yaml", "formspec: 1\nform: real\nfields: {a: {}}\n")
        try folder.write("main.form.yaml", "formspec: 1\nform: decoy\nfields: {a: {}}\n")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/app", withDestinationPath: "real/sub")
        let compilation = Compiler.compile(path: folder.path + "/app/../main.form.yaml")
        #expect(compilation.spec?.program.form == "real", "\(compilation.renderedDiagnostics())")
        // Without a link, the path is tidied as before.
        try folder.write("plain/keep.rules.yaml", library)
        #expect(Compiler.compile(path: folder.path + "/plain/../main.form.yaml").spec?.program.form == "decoy")
    }

    @Test func anImportRootThatDoesNotExistIsAnError() {
        let compilation = Compiler.compile(
            source: spec("fields: {a: {}}"), path: "/nonexistent-formspec/x.form.yaml", provider: FileSystemSources(),
            options: CompileOptions(importRoot: "/nonexistent-formspec-root"))
        #expect(messages(compilation) == ["the import root '/nonexistent-formspec-root' does not exist"])
    }

    // MARK: - Imported libraries are specs

    @Test func aLibraryWithAYAMLErrorIsReportedAtItsOwnPlace() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "lib.rules.yaml", "# Shared rules.\n\nformspec: 1\ndefine:\n  handle:\n    pattern: \"^[a-z]+$\n")
        try folder.write("tab.rules.yaml", "\u{FEFF}formspec: 1\ndefine:\n  handle:\n\tpattern: x\n")
        try folder.write("main.form.yaml", spec("import: [lib.rules.yaml, tab.rules.yaml]\nfields: {a: {}}\n"))
        let compilation = Compiler.compile(path: folder.path + "/main.form.yaml")
        let errors = compilation.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 2, "\(compilation.renderedDiagnostics())")
        for (error, file) in zip(errors, ["lib.rules.yaml", "tab.rules.yaml"]) {
            #expect(error.message.hasPrefix("malformed YAML: "))
            #expect(error.location?.path == folder.path + "/" + file)
            // The unclosed quote's note, in the library, then where it is imported.
            #expect(error.notes.last?.message == "imported here")
            #expect(error.notes.last?.location?.path == folder.path + "/main.form.yaml")
        }
        #expect(errors.first?.notes.first?.message == "the quoted scalar starts here")
        #expect(errors.first?.notes.first?.location?.path == folder.path + "/lib.rules.yaml")
        #expect(!compilation.renderedDiagnostics().contains("not a FormSpec file"))
    }

    @Test(arguments: [
        ("2", "unsupported language version '2'"),
        ("\"1\"", #"'formspec' is the number 1, not the string "1""#),
        ("null", "unsupported language version 'null'"),
        ("[1]", "unsupported language version 'a list'"),
    ])
    func anImportedLibraryHasItsVersionChecked(version: String, message: String) throws {
        let folder = try TemporaryFolder()
        try folder.write("v.rules.yaml", "formspec: \(version)\ndefine:\n  short:\n    max_length: 3\n")
        try folder.write("main.form.yaml", form(importing: "v.rules.yaml"))
        let imported = Compiler.compile(path: folder.path + "/main.form.yaml")
        #expect(messages(imported) == [message])
        #expect(imported.diagnostics.first?.location?.path == folder.path + "/v.rules.yaml")
        // Checked on its own, the library gets the same message, not "missing 'formspec: 1'".
        #expect(messages(Compiler.compile(path: folder.path + "/v.rules.yaml")) == [message])
    }

    // MARK: - Files that are not regular files

    @Test(.timeLimit(.minutes(1)))
    func aSpecNamedAsAPipeIsReadToItsEndAndAnImportNeverIs() throws {
        let folder = try TemporaryFolder()
        // The spec through a FIFO, written once a reader opens it (as `<(…)` or `/dev/stdin`).
        let fifo = folder.path + "/spec.form.yaml"
        #expect(mkfifo(fifo, 0o600) == 0)
        let text = spec("fields:\n  a:\n    rules:\n      - min_length: 2\n")
        let writer = Thread {
            let descriptor = open(fifo, O_WRONLY)
            _ = text.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
            close(descriptor)
        }
        writer.start()
        let program = try #require(Compiler.compile(path: fifo).spec?.program)
        #expect(try program.validate(["a": "x"]).valid == false)

        // An import that is a FIFO is refused unread: nobody writes to this one, and reading it
        // would wait for ever. One that is a folder says so.
        #expect(mkfifo(folder.path + "/pipe.rules.yaml", 0o600) == 0)
        try folder.write("lib.rules.yaml/keep", "")
        try folder.write("main.form.yaml", spec("import: [pipe.rules.yaml, lib.rules.yaml]\nfields: {a: {}}\n"))
        let found = messages(Compiler.compile(path: folder.path + "/main.form.yaml"))
        #expect(found.count == 2)
        // Each names the path it was resolved to, then why.
        #expect(found.first?.hasPrefix("cannot import 'pipe.rules.yaml' (") == true)
        #expect(
            found.first?.hasSuffix(
                "/pipe.rules.yaml): it is not a regular file (an import cannot be a pipe or a device)")
                == true)
        #expect(found.last?.hasPrefix("cannot import 'lib.rules.yaml' (") == true)
        #expect(found.last?.hasSuffix("/lib.rules.yaml): it is a folder") == true)
    }

    @Test func aSpecNamedAsADeviceOrAFolderGetsItsOwnReason() throws {
        #expect(
            messages(Compiler.compile(path: "/dev/null")) == ["the file is empty; a spec starts with 'formspec: 1'"])
        // Endless: read no further than the limit.
        #expect(
            messages(Compiler.compile(path: "/dev/zero")) == [
                "cannot read '/dev/zero': it could not be read to its end, or gave more than 64 MiB"
            ])
        let folder = try TemporaryFolder()
        #expect(messages(Compiler.compile(path: folder.path)) == ["cannot read '\(folder.path)': it is a folder"])
        #expect(
            messages(Compiler.compile(path: folder.path + "/none.form.yaml")) == [
                "cannot read '\(folder.path)/none.form.yaml': no such file"
            ])
    }

    // MARK: - Quoting spec text

    @Test func aLongValueReusedByAliasesIsQuotedShortEveryTime() {
        // 100 KB reused by 200 aliases: each duplicate used to quote all of it (20 MB of messages).
        let long = String(repeating: "x", count: 100_000)
        let aliases = Array(repeating: "*a", count: 200).joined(separator: ", ")
        let compilation = compile(spec("fields:\n  topic:\n    type: choice\n    options: [&a \(long), \(aliases)]\n"))
        let duplicates = messages(compilation).filter { $0.hasPrefix("duplicate option") }
        #expect(duplicates.count == 200)
        #expect(duplicates.allSatisfy { $0 == "duplicate option '\(String(repeating: "x", count: 60))…'" })
        #expect(compilation.renderedDiagnostics().utf8.count < 200 * 1_000)
    }

    @Test func quotesAreCutAtACharacterAndTheRestOfTheMessageKept() {
        // 61 flags: a cut inside one would split the flag's two scalars.
        let flags = String(repeating: "🇯🇵", count: 61)
        let compilation = compile(spec("fields:\n  topic:\n    type: choice\n    options: [\(flags), \(flags)]\n"))
        #expect(messages(compilation) == ["duplicate option '\(String(repeating: "🇯🇵", count: 60))…'"])
        // An apostrophe inside the text does not end the quote early, and a message whose quotes
        // cannot be told apart is still bounded.
        let tricky = "it' " + String(repeating: "y ", count: 50_000)
        let bounded = compile(spec("fields:\n  topic:\n    type: choice\n    options: [&a \"\(tricky)\", *a]\n"))
        let message = messages(bounded).first ?? ""
        #expect(message.hasPrefix("duplicate option 'it' y y"))
        #expect(message.count <= 2_001)
    }

    // MARK: - Super-linear passes

    @Test func tenThousandUnknownKeysOnOneLine() {
        let count = 10_000
        let keys = (0..<count).map { "k\($0): 1" }.joined(separator: ", ")
        let started = ContinuousClock.now
        let compilation = compile(spec("fields:\n  a: {\(keys)}\n"))
        let rendered = compilation.renderedDiagnostics()
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(messages(compilation).count == count)
        // Each excerpt is a window of the long line, not the whole line.
        #expect(rendered.utf8.count < count * 600)
    }

    @Test func thousandsOfMisspeltFieldNamesStayFast() {
        let count = 4_000
        var text = "fields:\n"
        for index in 0..<count { text += "  field_number_\(index): {}\n" }
        text += "  z:\n    rules:\n"
        for index in 0..<count { text += "      - same_as: fieldnumber_\(index)\n" }
        let started = ContinuousClock.now
        let compilation = compile(spec(text))
        #expect(ContinuousClock.now - started < .seconds(30))
        #expect(messages(compilation).count == count)
        // The first misspellings still get their suggestion; the work is bounded, not switched off.
        #expect(compilation.diagnostics.first?.notes.map(\.message) == ["did you mean 'field_number_0'?"])
    }

    @Test func aBillionFieldFormIsCountedNotLaidOut() {
        // Three lists of 1,000 nested: 10^9 fields. The form is counted first and laid out with one
        // item per list, so its one error comes at once, beside the other problems in its fields.
        let text = """
            fields:
              a:
                type: list
                of: group
                rules: [{max_items: 1000}]
                fields:
                  b:
                    type: list
                    of: group
                    rules: [{max_items: 1000}]
                    fields:
                      c:
                        type: list
                        of: text
                        rules: [{max_items: 1000}, {each: [{min_lenght: 1}]}]
                      d:
                        rules: [{same_as: /a/999/b/999/c/999}, {same_as: /a/0/b/0/e}]

            """
        let started = ContinuousClock.now
        let compilation = compile(spec(text))
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(
            messages(compilation) == [
                "the form lays out more than 100000 fields (each item of each list counted)",
                "unknown rule 'min_lenght'", "unknown field path '/a/0/b/0/e'",
            ])
    }

    @Test func didYouMeanSkipsCandidatesByLengthAndHugeWords() {
        #expect(closestMatch(to: "min_lenght", in: ["max", "min_length", "x"]) == "min_length")
        #expect(
            closestMatch(to: String(repeating: "a", count: 40_000), in: [String(repeating: "a", count: 39_999)]) == nil)
        #expect(closestMatch(to: "abc", in: ["abcdefgh"]) == nil)
    }

    @Test func aFortyThousandCharacterName() {
        let long = String(repeating: "a", count: 40_000)
        let started = ContinuousClock.now
        let compilation = compile(spec("fields:\n  a:\n    rules:\n      - same_as: \(long)\n"))
        _ = compilation.renderedDiagnostics()
        #expect(ContinuousClock.now - started < .seconds(5))
        let errors = messages(compilation)
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("unknown field 'aaaa") == true)
        #expect(compilation.diagnostics.first?.notes.isEmpty == true, "no did-you-mean for a 40k-character word")
    }

    @Test func manyUnusedDefinesAreOneWarningEach() {
        let count = 2_500
        var text = "define:\n"
        for index in 0..<count { text += "  d\(index):\n    min_length: 1\n" }
        let compilation = compile(spec(text + "fields:\n  a: {}\n"))
        #expect(messages(compilation, .warning).count == count)
        #expect(messages(compilation).isEmpty)
    }

    @Test func aLargeMergeIsLinear() {
        let count = 40_000
        let pairs = (0..<count).map { "k\($0): 1" }.joined(separator: ", ")
        let started = ContinuousClock.now
        let loaded = try? YAMLLoader.load("base: &b {\(pairs)}\nother:\n  <<: *b\n  k0: 2\n", path: "m.yaml")
        #expect(ContinuousClock.now - started < .seconds(10))
        let other = loaded?.root?.mapping?.last?.value.mapping
        #expect(other?.count == count)
        #expect(other?.first?.value.scalar?.text == "2", "an explicit key wins over a merged one")
    }

    @Test func aHugeLocaleInASpecTestIsRejected() {
        let locale = "en" + String(repeating: "-x", count: 30_000)
        let compilation = compile(
            spec("fields: {a: {}}\ntests:\n  - name: t\n    locale: \(locale)\n    input: {a: b}\n    expect: valid\n"))
        #expect(compilation.hasErrors)
        #expect(compilation.diagnostics.allSatisfy { $0.message.utf8.count < 300 })
    }

    // MARK: - Relative dates

    @Test(arguments: [
        "today--5d", "today+-5d", "today++5d", "today-+5y", "today--9223372036854775808d",
        "today+-9223372036854775808d", "today+-768614336404564650y", "today+5", "today+d", "today+５d",
    ])
    func malformedRelativeDates(text: String) {
        let compilation = compile(spec("fields:\n  d:\n    type: date\n    rules:\n      - min: \"\(text)\"\n"))
        #expect(messages(compilation) == ["invalid relative date '\(text)'"])
    }

    @Test(arguments: ["today+100001d", "today-3001m", "today+251y", "today+768614336404564650y"])
    func relativeDatesOutOfRange(text: String) {
        let compilation = compile(spec("fields:\n  d:\n    type: date\n    rules:\n      - max: \(text)\n"))
        #expect(messages(compilation) == ["relative date '\(text)' is out of range"])
    }

    @Test func relativeDatesAtTheBoundsCompileAndValidate() throws {
        let program = try program(
            spec("fields:\n  d:\n    type: date\n    rules:\n      - min: today-250y\n      - max: today+100000d\n"))
        #expect(try program.validate(["d": "2024-05-01"]).valid)
        #expect(try program.validate(["d": "1700-01-01"]).valid == false)
    }

    @Test func diagnosticsOfferTodayOnlyWhereItIsAccepted() {
        let compilation = compile(
            spec(
                "fields:\n  d:\n    type: date\n    default: soon\n    rules:\n      - one_of: [today]\n      - min: soon\n"
            ))
        #expect(
            messages(compilation) == [
                "default for date field 'd' must be a date (YYYY-MM-DD) or today±N, and 'soon' is not one",
                "'one_of' needs a date (YYYY-MM-DD) for date field 'd', not a string 'today'",
                "'min' needs a date (YYYY-MM-DD) or today±N for date field 'd', not a string 'soon'",
            ])
    }

    @Test func aQuotedLanguageVersionSaysSo() {
        let compilation = compile("formspec: \"1\"\nform: f\nfields:\n  a: {}\n")
        #expect(messages(compilation) == ["'formspec' is the number 1, not the string \"1\""])
    }

    @Test func aWarningsBoundDoesNotContradictAnErrorsBound() throws {
        // Values up to 10 are valid: they get the warning.
        let program = try program(
            spec(
                "fields:\n  age:\n    type: integer\n    rules:\n      - min: 18\n        severity: warning\n      - max: 10\n"
            ))
        let report = try program.validate(["age": 9])
        #expect(report.valid)
        #expect(report.fields["age"]?.warnings.map(\.rule) == ["min"])
        #expect(
            messages(
                compile(spec("fields:\n  age:\n    type: integer\n    rules:\n      - min: 18\n      - max: 10\n")))
                == [
                    "contradictory bounds on field 'age': no value is min 18 and max 10"
                ])
    }

    @Test func aByteOrderMarkStartsTheFileAndIsNotContent() throws {
        // Editors on Windows write one; libyaml, told the encoding, read it as content.
        let text = "\u{FEFF}" + spec("fields:\n  name:\n    rules:\n      - min_lenght: 2\n")
        let compilation = compile(text)
        #expect(messages(compilation) == ["unknown rule 'min_lenght'"])
        // The BOM takes no column: the diagnostic points where the reader sees the key.
        #expect(compilation.diagnostics.first?.location?.start.line == 6)
        #expect(compilation.diagnostics.first?.location?.start.column == 9)
        #expect(try program("\u{FEFF}" + spec("fields:\n  name: {}\n")).fields.map(\.name) == ["name"])
    }

    @Test func dateArithmeticSaturatesForAnyStoredValue() {
        let extremes = [Int.min, Int.min + 1, -1, 0, 1, Int.max - 1, Int.max]
        for days in extremes {
            for amount in extremes {
                for unit in [DateOffset.Unit.day, .month, .year] {
                    let moved = CivilDate(days: days).adding(DateOffset(amount: amount, unit: unit))
                    #expect(moved >= CivilDate.earliest && moved <= CivilDate.latest)
                }
            }
            _ = CivilDate(days: days).description
        }
        #expect(CivilDate(iso: "2024-01-31")?.adding(DateOffset(amount: 1, unit: .month)).description == "2024-02-29")
        #expect(CivilDate(iso: "2024-03-01")?.adding(DateOffset(amount: -1, unit: .day)).description == "2024-02-29")
        #expect(CivilDate(iso: "0001-03-15")?.adding(DateOffset(amount: -3, unit: .month)).description == "0000-12-15")
        #expect(DateOffset(amount: Int.min, unit: .day).description == "today-9223372036854775808d")
    }
}

/// A folder under the system's temporary directory, removed when the value goes away.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "formspec-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func write(_ name: String, _ text: String) throws {
        let file = path + "/" + name
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: file, atomically: false, encoding: .utf8)
    }
}
