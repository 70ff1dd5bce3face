import FormSpec
@_spi(Program) @_spi(Tooling) import FormSpecRuntime
import FormSpecTestSupport
import Foundation
import Testing

@Suite("formspec compile")
struct CompileCommandTests {
    @Test("--emit json writes the program, which decodes and validates")
    func json() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try cli.write("signup.form.yaml", Fixtures.signup)
        let result = try cli.run(["compile", "signup.form.yaml", "--emit", "json"])
        #expect(result.status == 0)
        let program = try JSONDecoder().decode(Program.self, from: Data(result.stdout.utf8))
        #expect(program.form == "signup")
        #expect(program.fields.map(\.name) == ["username", "password"])
        let report = try program.validate(["username": "al", "password": "long enough"])
        #expect(report[field: "username"]?.errors.map(\.message) == ["At least 3 characters"])
    }

    @Test("-o writes the output to a file")
    func outputFile() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try cli.write("signup.form.yaml", Fixtures.signup)
        let result = try cli.run(["compile", "signup.form.yaml", "--emit", "json", "-o", "signup.json"])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        let data = try Data(contentsOf: URL(fileURLWithPath: cli.path("signup.json")))
        #expect(try JSONDecoder().decode(Program.self, from: data).form == "signup")
    }

    @Test("--emit swift declares an enum named after the form that embeds the program")
    func swift() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try cli.write("signup.form.yaml", Fixtures.signup)
        let result = try cli.run(["compile", "signup.form.yaml", "--emit", "swift", "-o", "SignupForm.swift"])
        #expect(result.status == 0)
        let source = try String(contentsOfFile: cli.path("SignupForm.swift"), encoding: .utf8)
        #expect(source.contains("import FormSpecLive\n"))
        #expect(source.contains("public struct Input: Swift.Codable, Swift.Sendable, Swift.Equatable {"))
        #expect(source.contains("public enum SignupForm {"))
        let program = "public static func program() throws -> FormSpecRuntime.Program { try Tables.built.get() }"
        #expect(source.contains(program))
        #expect(source.contains("    enum Tables {"))
        #expect(!source.contains("JSONDecoder"))

        // Type-check the generated file against the FormSpecRuntime module that was just built.
        let modules = try #require(CLI.executable).deletingLastPathComponent().appendingPathComponent("Modules")
        guard let swiftc = PathExecutable.named("swiftc"), FileManager.default.fileExists(atPath: modules.path) else {
            return
        }
        try cli.write("main.swift", "let program = try SignupForm.program()\nprint(program.form)\n")
        let process = Process()
        process.executableURL = swiftc
        process.arguments = [
            "-typecheck", "-swift-version", "6", "-warnings-as-errors", "-I", modules.path,
            cli.path("SignupForm.swift"),
            cli.path("main.swift"),
        ]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test(
        "--emit swift: a form named live or compiled is LiveForm or CompiledForm, which hides no library type",
        arguments: [["live", "compiled"], ["live_form", "compiled_form"]])
    func swiftFormsNamedLikeLibraryTypes(_ forms: [String]) throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        var files: [String] = []
        for form in forms {
            try cli.write("\(form).form.yaml", "formspec: 1\nform: \(form)\nfields:\n  name: {required: true}\n")
            let result = try cli.run(["compile", "\(form).form.yaml", "--emit", "swift", "-o", "\(form).swift"])
            #expect(result.status == 0, "\(result.stderr)")
            files.append(cli.path("\(form).swift"))
        }
        let modules = try #require(CLI.executable).deletingLastPathComponent().appendingPathComponent("Modules")
        let swiftc = try #require(PathExecutable.named("swiftc"), "swiftc is not on the PATH")
        let output = try Subprocess.run(
            swiftc, ["-typecheck", "-swift-version", "6", "-warnings-as-errors", "-I", modules.path] + files,
            in: cli.folder, mergingStandardError: true)
        #expect(output.status == 0, "\(output.stdout.prefix(4000))")
    }

    @Test("--alongside refuses a form whose Swift type another spec of the module has")
    func alongsideRefusesOneSwiftNameForTwoForms() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try cli.write("x.form.yaml", "formspec: 1\nform: x\nfields:\n  a: {}\n")
        try cli.write("x_form.form.yaml", "formspec: 1\nform: x_form\nfields:\n  a: {}\n")
        try cli.write("y.form.yaml", "formspec: 1\nform: y\nfields:\n  a: {}\n")
        let clash = try cli.run([
            "compile", "x_form.form.yaml", "--emit", "swift", "-o", "x_form.swift", "--alongside", "x.form.yaml",
            "--alongside", "y.form.yaml",
        ])
        #expect(clash.status == 1)
        #expect(
            clash.stderr.contains(
                "x_form.form.yaml:2:7: error: form 'x_form' is Swift type 'XForm', as form 'x' of 'x.form.yaml' is"))
        #expect(clash.stderr.contains("x.form.yaml:2:7: note: 'x' is here"))
        #expect(!FileManager.default.fileExists(atPath: cli.path("x_form.swift")))
        // Different names, and the spec itself among the others (the plugin leaves it out; it is no clash).
        let fine = try cli.run([
            "compile", "y.form.yaml", "--emit", "swift", "--alongside", "x.form.yaml", "--alongside", "./y.form.yaml",
        ])
        #expect(fine.status == 0, "\(fine.stderr)")
        let json = try cli.run(["compile", "y.form.yaml", "--emit", "json", "--alongside", "x.form.yaml"])
        #expect(json.status == 2)
        #expect(json.stderr.contains("--alongside applies to --emit swift"))
    }

    @Test("a spec with errors exits 1 with its diagnostics")
    func specErrors() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try cli.write("broken.form.yaml", Fixtures.broken)
        let result = try cli.run(["compile", "broken.form.yaml", "--emit", "json"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("broken.form.yaml:6:9: error:"))
    }

    @Test("a rule library is not a form: exit 1")
    func library() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try cli.write("common.rules.yaml", Fixtures.library)
        let result = try cli.run(["compile", "common.rules.yaml", "--emit", "swift"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("rule library"))
    }

    @Test("--emit js -o makes the folder and the folders above it; a file in the way is a clear error")
    func javaScriptFolder() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try cli.write("signup.form.yaml", Fixtures.signup)
        let made = try cli.run(["compile", "signup.form.yaml", "--emit", "js", "-o", "web/build/forms"])
        #expect(made.status == 0)
        #expect(FileManager.default.fileExists(atPath: cli.path("web/build/forms/signup.js")))
        #expect(FileManager.default.fileExists(atPath: cli.path("web/build/forms/signup.d.ts")))
        // Again into the folder that now exists.
        #expect(try cli.run(["compile", "signup.form.yaml", "--emit", "js", "-o", "web/build/forms"]).status == 0)

        try cli.write("taken", "a file")
        let blocked = try cli.run(["compile", "signup.form.yaml", "--emit", "js", "-o", "taken/forms"])
        #expect(blocked.status == 1)
        #expect(blocked.stderr.contains("cannot create 'taken/forms': Not a directory"))
    }

    @Test("--emit js -o FILE.js writes the module there and its declarations beside it (.mjs: .d.mts)")
    func javaScriptModuleFile() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try cli.write("signup.form.yaml", Fixtures.signup)
        let folder = try cli.run(["compile", "signup.form.yaml", "--emit", "js", "-o", "reference"])
        #expect(folder.status == 0)
        let module = try String(contentsOfFile: cli.path("reference/signup.js"), encoding: .utf8)
        let declarations = try String(contentsOfFile: cli.path("reference/signup.d.ts"), encoding: .utf8)

        let named = try cli.run(["compile", "signup.form.yaml", "--emit", "js", "-o", "out.js"])
        #expect(named.status == 0, "\(named.stderr)")
        #expect(try String(contentsOfFile: cli.path("out.js"), encoding: .utf8) == module)
        #expect(try String(contentsOfFile: cli.path("out.d.ts"), encoding: .utf8) == declarations)

        let mjs = try cli.run(["compile", "signup.form.yaml", "--emit", "js", "-o", "reference/form.mjs"])
        #expect(mjs.status == 0, "\(mjs.stderr)")
        #expect(try String(contentsOfFile: cli.path("reference/form.mjs"), encoding: .utf8) == module)
        #expect(try String(contentsOfFile: cli.path("reference/form.d.mts"), encoding: .utf8) == declarations)

        // A folder whose name ends in .js stays a folder; a missing parent is an error, as for -o FILE.
        try FileManager.default.createDirectory(atPath: cli.path("vendor.js"), withIntermediateDirectories: false)
        #expect(try cli.run(["compile", "signup.form.yaml", "--emit", "js", "-o", "vendor.js"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: cli.path("vendor.js/signup.js")))
        let missing = try cli.run(["compile", "signup.form.yaml", "--emit", "js", "-o", "nowhere/form.js"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("nowhere/form.js"))
    }

    /// The libraries the dynamic loader maps for an executable, by file name (`ldd`); nil where
    /// there is no `ldd` (macOS).
    static func loadedLibraries(of executable: URL) throws -> [String]? {
        guard let ldd = PathExecutable.named("ldd") else { return nil }
        let output = try Subprocess.run(ldd, [executable.path], in: executable.deletingLastPathComponent())
        guard output.status == 0 else { return nil }
        // `\tlibswiftCore.so => /path/libswiftCore.so (0x…)`, or `\t/lib64/ld-linux-x86-64.so.2 (0x…)`.
        return output.stdout.split(separator: "\n").compactMap { line in
            line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map {
                String($0.split(separator: "/").last ?? $0)
            }
        }
    }

    @Test("the executable loads FoundationEssentials at most: full Foundation and ICU cost every run ~4 ms")
    func noFullFoundation() throws {
        let executable = try #require(CLI.executable)
        guard let libraries = try Self.loadedLibraries(of: executable) else { return }
        #expect(libraries.contains { $0.hasPrefix("libswiftCore") })
        #expect(
            !libraries.contains { $0.hasPrefix("libFoundation.") || $0.hasPrefix("libFoundationInternationalization") })
        #expect(!libraries.contains { $0.contains("ICU") })
    }

    @Test("a usage error (missing --emit) exits 2")
    func usage() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try cli.write("signup.form.yaml", Fixtures.signup)
        let result = try cli.run(["compile", "signup.form.yaml"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--emit"))
    }

}
