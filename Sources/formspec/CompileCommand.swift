import ArgumentParser
import FormSpecCLISupport
import FormSpecCompiler
import FormSpecDiagnostics
@_spi(Tooling) import FormSpecRuntime
import FormSpecSpecTesting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `formspec compile SPEC --emit json|swift|js [-o FILE|DIR]`: writes the compiled form.
struct CompileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compile",
        abstract: "Write the compiled form as JSON, Swift source or a JavaScript module.",
        discussion: """
            --emit json writes the lowered program as JSON (sorted keys, pretty-printed). \
            --emit swift writes a Swift file declaring `public enum NAMEForm`: the typed input, \
            the field paths, the program and `validate` (needs FormSpecLive). \
            --emit js writes FORM.js, one self-contained ES module (no imports, no eval) \
            exporting validate, validateJSON, reportJSON, createForm and form, and FORM.d.ts, its \
            TypeScript declarations, into the folder given with -o (created if missing); \
            -o FILE.js (or .mjs) names the module instead, its declarations beside it (FILE.d.ts, \
            FILE.d.mts). \
            Diagnostics go to stderr. Exits 0 on success; 1 when the spec has errors or a file \
            cannot be read or written; 2 on a usage error or when standard output cannot be written.
            """)

    /// What `--emit` writes.
    enum Emit: String, ExpressibleByArgument, CaseIterable {
        case json, swift, js
    }

    @Argument(help: "The spec (NAME.form.yaml).", completion: .file(extensions: ["yaml"]))
    var spec: String

    @OptionGroup var imports: ImportOptions

    @Option(
        help: ArgumentHelp(
            "What to write: the lowered program as json, a swift source file, or a js module and its .d.ts.",
            valueName: "json|swift|js"))
    var emit: Emit

    @Option(
        name: [.customShort("o"), .customLong("output")],
        help: ArgumentHelp(
            "Write to FILE instead of stdout (with --emit js: into the folder DIR, or the module to FILE.js and its declarations beside it).",
            valueName: "file|dir"))
    var output: String?

    @Option(
        help: ArgumentHelp(
            "Another spec compiled into the same Swift module (FormSpecPlugin passes the target's others): with --emit swift, two forms whose Swift types would have one name are an error.",
            valueName: "spec"))
    var alongside: [String] = []

    func validate() throws {
        if !alongside.isEmpty, emit != .swift {
            throw ValidationError("--alongside applies to --emit swift: only Swift types share a module")
        }
        if emit == .js, output == nil {
            throw ValidationError(
                "--emit js writes two files (the module and its .d.ts): name their folder with -o DIR, "
                    + "or the module with -o FILE.js")
        }
    }

    func run() throws {
        let program = try SpecLoading.program(at: spec, failureCode: 1, options: imports.compileOptions)
        switch emit {
        case .json: try write(encode(program) + "\n")
        case .swift:
            try checkSwiftName(of: program)
            try write(SwiftSourceEmitter.source(program: program, specPath: spec))
        case .js:
            // `validate()` refused --emit js without -o.
            try writeJavaScript(program, into: output ?? ".")
        }
    }

    /// Refuses a form whose Swift type (`XForm` for `x` and for `x_form`) a spec given with
    /// `--alongside` gets too: the module would fail to build on a type declared twice, far from
    /// the cause.
    private func checkSwiftName(of program: Program) throws {
        let typeName = SwiftSourceEmitter.typeName(forForm: program.form)
        // The spec itself may be among the others, spelt another way (`./x.form.yaml`).
        func resolved(_ path: String) -> String {
            URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        }
        let own = resolved(spec)
        for other in alongside where resolved(other) != own {
            guard let form = Compiler.declaredForm(path: other),
                SwiftSourceEmitter.typeName(forForm: form.name) == typeName
            else { continue }
            let diagnostic = Diagnostic.error(
                "form '\(program.form)' is Swift type '\(typeName)', as form '\(form.name)' of '\(other)' is: "
                    + "the forms of one module need Swift types of their own",
                at: Compiler.declaredForm(path: spec)?.location,
                notes: [.init("'\(form.name)' is here", at: form.location), .init("rename one of the two forms")])
            Console.printError(DiagnosticRenderer(colored: Console.stderrColored).render([diagnostic]))
            throw ExitCode(1)
        }
    }

    /// The program as JSON with sorted keys, pretty-printed.
    private func encode(_ program: Program) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(program), as: UTF8.self)
        } catch {
            throw Console.fail("cannot encode the program of '\(spec)': \(error)", code: 1)
        }
    }

    /// Writes `text` to `-o FILE`, or to stdout.
    private func write(_ text: String) throws {
        if let output {
            do throws(FileError) {
                try FileIO.write(Array(text.utf8), toPath: output)
            } catch {
                throw Console.fail(error.description, code: 1)
            }
        } else if !FileIO.write(text, to: 1) {
            // As every command: output that cannot be written is exit 2, apart from a spec's errors.
            throw Console.fail("cannot write to stdout", code: 2)
        }
    }

    /// Writes the module and its declarations: into folder `output`, or, when `output` names a
    /// module (`app/signup.js`, `app/signup.mjs`), to it and beside it (`app/signup.d.ts`,
    /// `app/signup.d.mts`, the names TypeScript looks for beside a module).
    private func writeJavaScript(_ program: Program, into output: String) throws {
        let files: [JavaScriptEmitter.File]
        do {
            files = try JavaScriptEmitter.files(program: program, specPath: spec)
        } catch {
            throw Console.fail("cannot encode the program of '\(spec)': \(error)", code: 1)
        }
        var paths = files.map { output + "/" + $0.name }
        if let module = Self.moduleFile(output) {
            paths = files.map { $0.name.hasSuffix(".d.ts") ? module.declarations : module.path }
        } else {
            do throws(FileError) {
                try FileIO.createDirectory(output)
            } catch {
                throw Console.fail(error.description, code: 1)
            }
        }
        for (file, path) in zip(files, paths) {
            do throws(FileError) {
                try FileIO.write(Array(file.contents.utf8), toPath: path)
            } catch {
                throw Console.fail(error.description, code: 1)
            }
        }
    }

    /// When `-o` names a module file (`….js` or `….mjs`, not a folder that exists): its path and
    /// its declarations' path.
    static func moduleFile(_ output: String) -> (path: String, declarations: String)? {
        for (suffix, declarations) in [(".mjs", ".d.mts"), (".js", ".d.ts")]
        where output.hasSuffix(suffix) && output.count > suffix.count && !output.hasSuffix("/" + suffix) {
            guard !FileIO.isDirectory(output) else { return nil }
            return (output, String(output.dropLast(suffix.count)) + declarations)
        }
        return nil
    }
}
