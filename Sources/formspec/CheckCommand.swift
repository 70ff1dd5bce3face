import ArgumentParser
import FormSpecCLISupport
import FormSpecCompiler
import FormSpecDiagnostics
@_spi(Tooling) import FormSpecRuntime
import FormSpecSpecTesting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `formspec check PATH…`: compiles specs and prints every diagnostic.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Compile specs and report every problem in them.",
        discussion: """
            Each PATH is a spec file or a folder, searched recursively for *.form.yaml and \
            *.rules.yaml (in sorted order, hidden folders skipped). Diagnostics are printed to \
            stderr as PATH:LINE:COL: error|warning: MESSAGE with the source line; with \
            --format json a JSON array of them is also printed to stdout. The last line on stderr \
            is a summary. Exits 0 when there is no error (warnings allowed), 1 otherwise, and 2 \
            for a usage error or output that cannot be written (the diagnostics on stderr in text).
            """)

    @Argument(help: "Spec files or folders to check.", completion: .file())
    var paths: [String]

    @OptionGroup var imports: ImportOptions

    @OptionGroup var output: FormatOptions

    func run() throws {
        var problems: [Diagnostic] = []
        // Each problem once, by its place and message (``Diagnostic/description``): a library's
        // problem is the same problem reached from each form that imports it, its notes perhaps
        // telling another way there (an import chain).
        var reported = Set<String>()
        let colored = Console.stderrColored
        let format = output.resolved
        // In text, the diagnostics on stderr are the output: a failed write ends the run (exit 2).
        let printDiagnostics = format == .text ? Console.writeErrorOutput : Console.printError

        func note(_ diagnostic: Diagnostic) {
            guard reported.insert(diagnostic.description).inserted else { return }
            problems.append(diagnostic)
            printDiagnostics(DiagnosticRenderer(colored: colored).render(diagnostic))
        }

        var files: [String] = []
        for path in paths {
            switch SpecFinder.kind(of: path) {
            case .missing(let reason):
                note(.error("cannot read '\(path)': \(reason)", at: nil))
            case .file:
                files.append(path)
            case .folder:
                let found = SpecFolder.search(in: path, endingWith: [".form.yaml", ".rules.yaml"])
                for entry in found.unopenable {
                    note(.error("cannot read '\(entry)': \(SpecFolder.unopenableReason)", at: nil))
                }
                if found.files.isEmpty, found.unopenable.isEmpty {
                    note(.warning("no *.form.yaml or *.rules.yaml files in '\(path)'", at: nil))
                }
                files += found.files
            }
        }
        // Each file once, however it was reached (a folder and a file in it, a link).
        var unique = Set<String>()
        files = files.filter { unique.insert(FileKind.realPath($0) ?? $0).inserted }

        for file in files {
            let compilation = Compiler.compile(path: file, options: imports.compileOptions)
            let fresh = compilation.diagnostics.filter { reported.insert($0.description).inserted }
            problems += fresh
            if !fresh.isEmpty {
                printDiagnostics(DiagnosticRenderer(sources: compilation.sources, colored: colored).render(fresh))
            }
        }

        let errors = problems.count { $0.severity == .error }
        let warnings = problems.count { $0.severity == .warning }
        if format == .json {
            Console.writeOutput(DiagnosticJSON.encode(problems))
        }
        printDiagnostics(
            "checked \(Console.count(files.count, "file")): \(Console.count(errors, "error")), \(Console.count(warnings, "warning"))\n"
        )
        if errors > 0 { throw ExitCode(1) }
    }
}

/// What a path given to `formspec check` names (folders are searched by ``SpecFolder``).
enum SpecFinder {
    /// What a path names.
    enum Kind {
        case file, folder
        case missing(reason: String)
    }

    /// Whether `path` is a file, a folder, or cannot be read (with the system's reason).
    static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing(reason: "No such file or directory") }
        if info.st_mode & S_IFMT == S_IFDIR { return .folder }
        do throws(FileError) {
            try FileIO.checkReadable(path: path)
        } catch {
            return .missing(reason: error.reason)
        }
        return .file
    }
}
