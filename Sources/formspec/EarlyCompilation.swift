import FormSpecCLISupport
import FormSpecCompiler

/// The spec of `formspec validate SPEC …`, compiled on a thread of its own while the main thread
/// parses the command line, so the two halves of start-up share the cores: parsing the arguments
/// is 15M of start-up's 51M instructions with the nested bench spec, compiling it 28M. `validate`
/// of an empty file: 12.9 → 11.4 ms with that spec, 9.8 → 9.1 ms with the sign-up bench spec
/// (wall medians of 200 interleaved runs, `Scripts/bench/ab.py`).
///
/// Only the usual shape is compiled early: `validate` first, the spec right after it, and no
/// `--import-root` anywhere (it changes how the spec compiles). Whatever the command turns out to
/// be, nothing is printed early: `validate` takes the compilation and reports it as its own, and
/// any other outcome (a usage error, a different spec) leaves it unused.
enum EarlyCompilation {
    nonisolated(unsafe) private static var started: (path: String, result: BackgroundResult<Compilation>)?

    /// Starts compiling the spec `arguments` (the command line without the program's name) name
    /// for `validate`, if they have the usual shape.
    static func start(arguments: [String]) {
        guard arguments.count >= 2, arguments[0] == "validate", !arguments[1].hasPrefix("-"),
            !arguments.contains(where: { $0.hasPrefix("--import-root") })
        else { return }
        let path = arguments[1]
        if let result = BackgroundResult.start(stackSize: 16 << 20, { Compiler.compile(path: path) }) {
            started = (path, result)
        }
    }

    /// The early compilation of `path` with `options`, waited for; `nil` when none was started
    /// for them (the caller compiles).
    static func take(path: String, options: CompileOptions) -> Compilation? {
        guard let started, started.path == path, options.importRoot == nil else { return nil }
        self.started = nil
        return started.result.wait()
    }
}
