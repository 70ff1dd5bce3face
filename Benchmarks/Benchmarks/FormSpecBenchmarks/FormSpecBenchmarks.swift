// The batch path, `Program.validate`, a `LiveForm` keystroke and compiling a spec, each with its
// wall clock and malloc count per iteration. Every iteration is one record, one keystroke or one
// compilation, so `Malloc (total)` reads directly as allocations per record (or keystroke).

import Benchmark
import FormSpec
@_spi(Tooling) import FormSpecRuntime
import Foundation

/// The repository's root, found from this file's path.
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// The README's sign-up spec and the end-to-end benchmark's spec.
let readmeSignup = repository.appendingPathComponent("Specs/signup.form.yaml").path
let benchSignup = repository.appendingPathComponent("Benchmarks/signup-bench.form.yaml").path

func load(_ path: String) -> CompiledForm {
    do {
        return try CompiledForm.load(contentsOf: path)
    } catch {
        fatalError("cannot compile \(path): \(error.rendered)")
    }
}

/// Valid records of the benchmark spec, as JSON Lines bytes.
let benchLines: [[UInt8]] = [
    #"{"username":"alice_01","password":"Passw0rd!","confirm_password":"Passw0rd!","email":"alice@example.com","age":31}"#,
    #"{"username":"bob","password":"Secr3t#pw","confirm_password":"Secr3t#pw","email":"bob@mail.example.org","age":45}"#,
    #"{"username":"carol_x","password":"c0rrect-H0rse","confirm_password":"c0rrect-H0rse","email":"c@x.io","age":19}"#,
].map { Array($0.utf8) }

/// Valid records of the README's sign-up spec.
let readmeLines: [[UInt8]] = [
    #"{"username":"alice_01","password":"Passw0rd!","confirm_password":"Passw0rd!"}"#,
    #"{"username":"bobby_t","password":"Secr3t#pw","confirm_password":"Secr3t#pw"}"#,
].map { Array($0.utf8) }

/// The batch path's state for one spec, set up once (spec compiled, buffers grown), so that a
/// sample measures records and nothing else.
final class BatchRun: @unchecked Sendable {
    let lines: [[UInt8]]
    var records: RecordValidator
    var output: [UInt8] = []
    var next = 0
    var valid = 0

    init(spec: String, lines: [[UInt8]]) {
        let program = load(spec).program
        var context = EvaluationContext()
        try? context.prepare(for: program)
        records = RecordValidator(program: program, context: context)
        self.lines = lines
        output.reserveCapacity(1 << 16)
        for _ in 0..<1_000 { record() }  // warm up the reused buffers
    }

    /// One record: read the line into field slots, evaluate, write the `--report errors` line into
    /// a reused buffer.
    func record() {
        let reading = lines[next].withUnsafeBufferPointer { records.read(line: $0) }
        next = next + 1 == lines.count ? 0 : next + 1
        precondition(reading == .read)
        do {
            if try records.evaluate() { valid += 1 }
        } catch {
            fatalError("\(error)")
        }
        records.appendErrors(to: &output)
        output.append(UInt8(ascii: "\n"))
        if output.count > 60_000 { output.removeAll(keepingCapacity: true) }
    }
}

/// The batch path, one record per iteration. The state is made when the benchmark is registered,
/// not in the measured closure: `Malloc (total)` is then the records' own allocations (the spec's
/// compilation used to be counted in every sample).
func batchBenchmark(_ name: String, spec: String, lines: [[UInt8]]) {
    let run = BatchRun(spec: spec, lines: lines)
    Benchmark(name) { benchmark in
        for _ in benchmark.scaledIterations { run.record() }
        blackHole(run.valid)
    }
}

/// `Program.validate` on an already parsed value (the embedding API's batch call); set up once,
/// as ``batchBenchmark(_:spec:lines:)``.
func validateBenchmark(_ name: String, spec: String, lines: [[UInt8]]) {
    let program = load(spec).program
    var context = EvaluationContext()
    try? context.prepare(for: program)
    let prepared = context
    let values = lines.compactMap { try? JSONReader.parse($0) }
    Benchmark(name) { benchmark in
        var valid = 0
        for index in benchmark.scaledIterations {
            if (try? program.validate(values[index % values.count], context: prepared))?.valid == true { valid += 1 }
        }
        blackHole(valid)
    }
}

/// A user typing the README sign-up form: one iteration is one keystroke as an app sees it,
/// `LiveForm.set` then reading what the view shows (the field's message and checklist, and
/// `canSubmit`), as `formspec-bench --keystrokes` measures it. After a completed sign-up the next
/// keystroke types over the filled form (no reset inside the measurement).
func keystrokeBenchmark() {
    // A sample is 1,000 keystrokes (reported per keystroke): one alone would be dominated by the
    // sample's own bookkeeping, and would always be the first keystroke into a fresh form.
    let configuration = Benchmark.Configuration(scalingFactor: .kilo)
    Benchmark("LiveForm keystroke (README sign-up)", configuration: configuration) { benchmark async in
        let compiled = load(readmeSignup)
        var steps: [(String, Value)] = []
        for (field, text) in [("username", "alice_01"), ("password", "Passw0rd!"), ("confirm_password", "Passw0rd!")] {
            var current = ""
            for character in text {
                current.append(character)
                steps.append((field, .string(current)))
            }
        }
        let sequence = steps
        // The measurement calls stay on this benchmark's task; only the form lives on the main actor.
        nonisolated(unsafe) let benchmark = benchmark
        await MainActor.run {
            let form = LiveForm(compiled)
            let shown = sequence.map { form[$0.0]! }
            var checksum = 0
            @MainActor func keystroke(_ index: Int) {
                let position = index % sequence.count
                _ = form.set(sequence[position].1, forField: sequence[position].0)
                let field = shown[position]
                checksum &+= (field.message?.utf8.count ?? 0) &+ field.checklist.count &+ (form.canSubmit ? 1 : 0)
            }
            for index in 0..<2_000 {
                if index % sequence.count == 0 { form.reset(to: [:]) }
                keystroke(index)
            }
            form.reset(to: [:])
            benchmark.startMeasurement()
            for index in benchmark.scaledIterations { keystroke(index) }
            benchmark.stopMeasurement()
            blackHole(checksum)
        }
    }
}

/// Compiling a spec from its text (YAML load, check, lower).
func compileBenchmark(_ name: String, spec: String) {
    Benchmark(name) { benchmark in
        guard let source = try? String(contentsOfFile: spec, encoding: .utf8) else { fatalError("cannot read \(spec)") }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try? CompiledForm(source: source, path: spec))
        }
        benchmark.stopMeasurement()
    }
}

/// The generated Swift of the bench spec (`SignupBenchForm`, by FormSpecPlugin at build time): a
/// typed input validated by the generated `validate`, against the same records as `Program.validate`
/// above.
func typedBenchmarks() {
    let program: Program
    do {
        program = try SignupBenchForm.program()
    } catch {
        fatalError("cannot decode SignupBenchForm's program: \(error)")
    }
    let form = CompiledForm(program: program)
    let inputs = benchLines.map { line in
        do {
            return try JSONDecoder().decode(SignupBenchForm.Input.self, from: Data(line))
        } catch {
            fatalError("a bench line is not a SignupBenchForm.Input: \(error)")
        }
    }
    Benchmark("Generated validate, typed input (bench spec)") { benchmark async in
        var valid = 0
        for index in benchmark.scaledIterations {
            if (try? await SignupBenchForm.validate(inputs[index % inputs.count], with: form))?.valid == true {
                valid += 1
            }
        }
        blackHole(valid)
    }
    // The same typed input without `await` (no check to run here): what the record itself costs,
    // apart from the hop to the async function and back that the benchmark above pays per call.
    Benchmark("Typed input, validateSynchronously(encoding:) (bench spec)") { benchmark in
        var valid = 0
        for index in benchmark.scaledIterations {
            if (try? form.validateSynchronously(encoding: inputs[index % inputs.count]))?.valid == true { valid += 1 }
        }
        blackHole(valid)
    }
}

/// What an app pays once at start-up for an embedded program: the generated file's tables built
/// into a `Program` (what `program()` does on first use), against decoding the same program from
/// its JSON (what generated files did before), each followed by a first validation of `{}`.
/// `order.form.yaml` links `Specs/order.form.yaml`, the largest shipped program (72 KB of JSON, its lists'
/// items written once; 660 KB written out item by item).
func startupBenchmarks() {
    func startup(_ name: String, build: @escaping @Sendable () throws -> Program) {
        let json: Data
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            json = try encoder.encode(try build())
        } catch {
            fatalError("cannot build \(name)'s program: \(error)")
        }
        let first = { @Sendable (program: Program) in
            blackHole(try? CompiledForm(program: program).validateSynchronously(.object([])))
        }
        Benchmark("Start-up, generated tables (\(name))") { benchmark in
            for _ in benchmark.scaledIterations { if let program = try? build() { first(program) } }
        }
        Benchmark("Start-up, JSON decoding (\(name))") { benchmark in
            for _ in benchmark.scaledIterations {
                if let program = try? JSONDecoder().decode(Program.self, from: json) { first(program) }
            }
        }
    }
    startup("bench spec") { try SignupBenchForm.Tables.program() }
    startup("Specs/order") { try OrderForm.Tables.program() }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal, .peakMemoryResident],
        maxDuration: .seconds(2), maxIterations: 2_000_000)

    batchBenchmark("Batch record: scan + validate + errors line (bench spec)", spec: benchSignup, lines: benchLines)
    batchBenchmark(
        "Batch record: scan + validate + errors line (README sign-up)", spec: readmeSignup, lines: readmeLines)
    validateBenchmark("Program.validate (bench spec)", spec: benchSignup, lines: benchLines)
    validateBenchmark("Program.validate (README sign-up)", spec: readmeSignup, lines: readmeLines)
    typedBenchmarks()
    startupBenchmarks()
    keystrokeBenchmark()
    compileBenchmark("Compile spec (README sign-up)", spec: readmeSignup)
    compileBenchmark("Compile spec (bench spec)", spec: benchSignup)
}
