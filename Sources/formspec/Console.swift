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

/// Where the commands print messages: stderr for diagnostics and errors, and whether each stream
/// may be coloured.
enum Console {
    /// Whether ANSI colours are allowed at all (`NO_COLOR` unset, `TERM` not `dumb`).
    static var colorsAllowed: Bool {
        if getenv("NO_COLOR") != nil { return false }
        if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
        return true
    }

    /// Whether stdout is a terminal.
    static var stdoutIsTerminal: Bool { FileIO.isTerminal(1) }

    /// Whether to colour what goes to stdout.
    static var stdoutColored: Bool { stdoutIsTerminal && colorsAllowed }

    /// Whether to colour what goes to stderr.
    static var stderrColored: Bool { FileIO.isTerminal(2) && colorsAllowed }

    /// Writes `text` to stderr, its terminal control characters made visible (``TerminalText``):
    /// diagnostics quote specs and inputs. On a colour terminal the renderers' own colour
    /// sequences are kept.
    static func printError(_ text: String) {
        FileIO.write(escapedForStderr(text), to: 2)
    }

    /// Writes `text` to stderr as ``printError(_:)`` does, for a command whose output goes there
    /// (`check --format text`): when the write fails, exits with status 2 at once, as
    /// ``writeOutput(_:)`` does for stdout (with nowhere left to say why).
    static func writeErrorOutput(_ text: String) {
        if FileIO.write(escapedForStderr(text), to: 2) { return }
        terminate(2)
    }

    /// `text` with its terminal control characters made visible, keeping the renderers' colours on
    /// a colour terminal.
    private static func escapedForStderr(_ text: String) -> String {
        stderrColored
            ? TerminalText.escapedKeepingColors(text) : TerminalText.escaped(text, keepingLineBreaks: true)
    }

    /// Writes `text` to stdout, or, when that fails (a full disk, a closed pipe), prints why and
    /// exits with status 2 at once: nothing after a lost write is worth computing.
    static func writeOutput(_ text: String) {
        if FileIO.write(text, to: 1) { return }
        let reason = String(cString: strerror(errno))
        printError("formspec: error: cannot write to stdout: \(reason)\n")
        terminate(2)
    }

    /// Prints `formspec: error: MESSAGE` (and notes) to stderr and returns the exit code to throw.
    ///
    /// - Parameters:
    ///   - message: What went wrong, without a trailing period.
    ///   - notes: Hints printed as `formspec: note: …`.
    ///   - code: The exit code.
    /// - Returns: `ExitCode(code)`, for `throw Console.fail(…)`.
    static func fail(_ message: String, notes: [String] = [], code: Int32) -> ExitCode {
        report(.error, message, notes: notes)
        return ExitCode(code)
    }

    /// Prints a message with no place in a file (`formspec: warning: …`) to stderr.
    static func report(_ severity: Diagnostic.Severity, _ message: String, notes: [String] = []) {
        let diagnostic = Diagnostic(severity, message, at: nil, notes: notes.map { Diagnostic.Note($0) })
        printError(DiagnosticRenderer(colored: stderrColored).render(diagnostic))
    }

    /// Exits the process at once (output already written unbuffered or flushed).
    static func terminate(_ code: Int32) -> Never {
        exit(code)
    }

    /// `1 error`, `2 warnings`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
