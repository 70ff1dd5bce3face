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

/// `formspec compile SPEC --emit json|swift [-o FILE]`: writes the compiled form.
struct CompileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compile",
        abstract: "Write the compiled form as JSON or as Swift source.",
        discussion: """
            --emit json writes the lowered program as JSON (sorted keys, pretty-printed). \
            --emit swift writes a Swift file declaring `public enum NAMEForm` with the program's \
            JSON in `programJSON` and `program()` to decode it (needs FormSpecRuntime). \
            Diagnostics go to stderr. Exits 0 on success, 1 when the spec has errors or the \
            output cannot be written.
            """)

    /// What `--emit` writes.
    enum Emit: String, ExpressibleByArgument, CaseIterable {
        case json, swift
    }

    @Argument(help: "The spec (NAME.form.yaml).", completion: .file(extensions: ["yaml"]))
    var spec: String

    @OptionGroup var imports: ImportOptions

    @Option(
        help: ArgumentHelp(
            "What to write: the lowered program as json, or a swift source file.", valueName: "json|swift"))
    var emit: Emit

    @Option(
        name: [.customShort("o"), .customLong("output")],
        help: ArgumentHelp("Write to FILE instead of stdout.", valueName: "file"))
    var output: String?

    func run() throws {
        let program = try SpecLoading.program(at: spec, failureCode: 1, options: imports.compileOptions)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let json: String
        do {
            json = String(decoding: try encoder.encode(program), as: UTF8.self)
        } catch {
            throw Console.fail("cannot encode the program of '\(spec)': \(error)", code: 1)
        }
        let text: String
        switch emit {
        case .json: text = json + "\n"
        case .swift: text = SwiftSourceEmitter.source(program: program, programJSON: json, specPath: spec)
        }
        if let output {
            do throws(FileError) {
                try FileIO.write(Array(text.utf8), toPath: output)
            } catch {
                throw Console.fail(error.description, code: 1)
            }
        } else if !FileIO.write(text, to: 1) {
            throw Console.fail("cannot write to stdout", code: 1)
        }
    }
}
