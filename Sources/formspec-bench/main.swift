// Measures FormSpec's live re-validation cost per keystroke, and batch validation throughput.
//
//     swift run -c release formspec-bench                      # live: µs per keystroke (signup spec)
//     swift run -c release formspec-bench --keystrokes 200000
//     swift run -c release formspec-bench --batch              # Program.validate records per second
//     swift run -c release formspec-bench --spec path/to/signup.form.yaml

import Foundation
import FormSpec

struct Options {
    var specPath: String?
    var keystrokes = 100_000
    var records = 200_000
    var batch = false

    static func parse(_ arguments: [String]) -> Options {
        var options = Options()
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--batch": options.batch = true
            case "--spec": options.specPath = iterator.next()
            case "--keystrokes": options.keystrokes = iterator.next().flatMap(Int.init) ?? options.keystrokes
            case "--records": options.records = iterator.next().flatMap(Int.init) ?? options.records
            case "-h", "--help":
                print("usage: formspec-bench [--batch] [--keystrokes N] [--records N] [--spec PATH]")
                exit(0)
            default:
                FileHandle.standardError.write(Data("formspec-bench: unknown argument '\(argument)'\n".utf8))
                exit(2)
            }
        }
        return options
    }
}

/// `Specs/signup.form.yaml` under the current directory, else under this file's repository root.
func defaultSpecPath() -> String {
    let relative = "Specs/signup.form.yaml"
    if FileManager.default.fileExists(atPath: relative) { return relative }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    return root.appendingPathComponent(relative).path
}

func nanoseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    let index = min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.down)))
    return sorted[index]
}

func format(_ value: Double) -> String { String(format: "%.2f", value) }

/// A user filling in the sign-up form: every prefix of each value, as a text box reports it,
/// including a typo fixed with a backspace.
func typingSequence() -> [(field: String, value: String)] {
    var steps: [(String, String)] = []
    func type(_ text: String, into field: String, after prefix: String = "") {
        var current = prefix
        for character in text {
            current.append(character)
            steps.append((field, current))
        }
    }
    type("alice_01", into: "username")
    type("Passw0rd!", into: "password")
    type("Passw0rd?", into: "confirm_password")
    steps.append(("confirm_password", "Passw0rd"))
    type("!", into: "confirm_password", after: "Passw0rd")
    return steps
}

@MainActor
func benchmarkLive(_ compiled: CompiledForm, keystrokes: Int) {
    let sequence = typingSequence().map { (field: $0.field, value: Value.string($0.value)) }
    let form = LiveForm(compiled)
    let clock = ContinuousClock()

    // Warm up (caches, allocator).
    for step in 0..<2_000 {
        let (field, value) = sequence[step % sequence.count]
        if step % sequence.count == 0 { form.reset(to: [:]) }
        form.set(value, forField: field)
    }

    form.reset(to: [:])
    form.resetEvaluationCounts()
    var samples: [Double] = []
    samples.reserveCapacity(keystrokes)
    var submittable = 0
    let total = clock.measure {
        for step in 0..<keystrokes {
            let position = step % sequence.count
            if position == 0, step > 0 { form.reset(to: [:]) }
            let (field, value) = sequence[position]
            let start = clock.now
            form.set(value, forField: field)
            samples.append(nanoseconds(clock.now - start))
            if position == sequence.count - 1, form.canSubmit { submittable += 1 }
        }
    }
    let cycles = (keystrokes + sequence.count - 1) / sequence.count
    let evaluations = form.evaluationCount - (cycles - 1) * compiled.program.fields.count  // minus the resets
    samples.sort()
    let mean = samples.reduce(0, +) / Double(samples.count)
    print("live re-validation: \(compiled.path)")
    print("  keystrokes          \(keystrokes) (\(sequence.count)-keystroke sign-up, \(cycles) times)")
    print("  field evaluations   \(format(Double(evaluations) / Double(keystrokes))) per keystroke")
    print("  mean                \(format(mean / 1000)) µs per keystroke")
    print("  p50                 \(format(percentile(samples, 0.50) / 1000)) µs")
    print("  p99                 \(format(percentile(samples, 0.99) / 1000)) µs")
    print("  max                 \(format((samples.last ?? 0) / 1000)) µs")
    print("  wall time           \(format(nanoseconds(total) / 1e6)) ms (incl. resets)")
    print("  submittable at end  \(submittable) of \(keystrokes / sequence.count) completed sign-ups")
}

func benchmarkBatch(_ compiled: CompiledForm, records: Int) {
    let samples: [Value] = [
        ["username": "alice_01", "password": "Passw0rd!", "confirm_password": "Passw0rd!"],
        ["username": "alice", "password": "Passw0rd!", "confirm_password": "Passw0rd!"],
        ["username": "bob_the_builder", "password": "password", "confirm_password": "password"],
        ["username": "", "password": "", "confirm_password": ""],
        ["username": "山田太郎さん", "password": "Pa5s!wdX", "confirm_password": "Pa5s!wdY"],
    ]
    let program = compiled.program
    let context = EvaluationContext()
    let clock = ContinuousClock()
    var valid = 0
    for sample in samples { _ = try? program.validate(sample, context: context) }  // warm up
    let elapsed = clock.measure {
        for index in 0..<records {
            if (try? program.validate(samples[index % samples.count], context: context))?.valid == true { valid += 1 }
        }
    }
    let seconds = nanoseconds(elapsed) / 1e9
    print("batch validation (Program.validate): \(compiled.path)")
    print("  records             \(records) (\(valid) valid)")
    print("  throughput          \(Int(Double(records) / seconds)) records/s")
    print("  per record          \(format(nanoseconds(elapsed) / Double(records) / 1000)) µs")
}

let options = Options.parse(CommandLine.arguments)
let compiled: CompiledForm
do {
    compiled = try CompiledForm.load(contentsOf: options.specPath ?? defaultSpecPath())
} catch {
    FileHandle.standardError.write(Data(error.rendered.utf8))
    exit(2)
}
#if DEBUG
print("note: debug build; measure with `swift run -c release formspec-bench`\n")
#endif
if options.batch {
    benchmarkBatch(compiled, records: options.records)
} else {
    MainActor.assumeIsolated { benchmarkLive(compiled, keystrokes: options.keystrokes) }
}
