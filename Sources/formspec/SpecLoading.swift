import ArgumentParser
import FormSpecCLISupport
import FormSpecCompiler
import FormSpecDiagnostics
@_spi(Tooling) import FormSpecRuntime
import FormSpecSpecTesting

/// Compiling the SPEC argument of `validate` and `compile`.
enum SpecLoading {
    /// Compiles the form at `path`, printing its diagnostics to stderr.
    ///
    /// - Parameters:
    ///   - path: The spec file.
    ///   - failureCode: The exit code when it cannot be read, has errors or is a rule library.
    ///   - options: Compiler settings (the import root).
    /// - Returns: The compiled program.
    /// - Throws: `ExitCode(failureCode)` after printing what is wrong.
    static func program(at path: String, failureCode: Int32, options: CompileOptions = CompileOptions()) throws
        -> Program
    {
        do throws(FileError) {
            try FileIO.checkReadable(path: path)
        } catch {
            throw Console.fail(error.description, code: failureCode)
        }
        let compilation = Compiler.compile(path: path, options: options)
        if !compilation.diagnostics.isEmpty {
            Console.printError(compilation.renderedDiagnostics(colored: Console.stderrColored))
        }
        if compilation.hasErrors {
            let errors = compilation.diagnostics.count { $0.severity == .error }
            throw Console.fail("'\(path)' has \(Console.count(errors, "error"))", code: failureCode)
        }
        if compilation.isLibrary {
            throw Console.fail(
                "'\(path)' is a rule library (define: only), not a form",
                notes: ["give a NAME.form.yaml that has form: and fields:"], code: failureCode)
        }
        guard let program = compilation.spec?.program else {
            throw Console.fail("'\(path)' did not compile to a form", code: failureCode)
        }
        return program
    }
}
