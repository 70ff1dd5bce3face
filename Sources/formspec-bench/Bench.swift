// Measures FormSpec's live re-validation cost per keystroke, and batch validation throughput.
//
//     swift run -c release formspec-bench                      # live: µs per keystroke (signup spec)
//     swift run -c release formspec-bench --keystrokes 200000 [--by-keystroke]
//     swift run -c release formspec-bench --batch              # Program.validate records per second
//     swift run -c release formspec-bench --spec path/to/signup.form.yaml
//     swift build -c release && .build/release/formspec-bench --cli   # `formspec validate --jsonl` lines/s
//     swift run -c release formspec-bench --patterns           # ns per match, new vs previous pattern engine
//     swift run -c release formspec-bench --list-keystrokes     # a keystroke in a 100-item list vs flat

import ArgumentParser
import FormSpec
@_spi(Tooling) import FormSpecRuntime
import Foundation

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

/// What a view shows after a keystroke: the edited field's message and checklist, and whether the
/// form can be submitted. Reading them is part of a keystroke's cost.
@MainActor
func readBack(_ field: LiveField, _ form: LiveForm) -> Int {
    (field.message?.utf8.count ?? 0) &+ field.checklist.count &+ (form.canSubmit ? 1 : 0)
}

/// One keystroke as an app sees it: set the value by name, then read what the view shows.
@MainActor
func benchmarkLive(_ compiled: CompiledForm, keystrokes: Int, byPosition: Bool = false) {
    let sequence = typingSequence().map { (field: $0.field, value: Value.string($0.value)) }
    let form = LiveForm(compiled)
    let shown = sequence.map { form[$0.field]! }
    let clock = ContinuousClock()
    var checksum = 0

    // Warm up (caches, allocator).
    for step in 0..<2_000 {
        let (field, value) = sequence[step % sequence.count]
        if step % sequence.count == 0 { form.reset(to: [:]) }
        form.set(value, forField: field)
        checksum &+= readBack(shown[step % sequence.count], form)
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
            checksum &+= readBack(shown[position], form)
            samples.append(nanoseconds(clock.now - start))
            if position == sequence.count - 1, form.canSubmit { submittable += 1 }
        }
    }
    // A second pass timed a whole sign-up at a time (two clock reads per 28 keystrokes instead of
    // two per keystroke): the median sign-up's mean, and the best one's, which is what a quiet
    // machine gives (a shared machine only ever adds time).
    var signUps: [Double] = []
    signUps.reserveCapacity(keystrokes / sequence.count)
    for _ in 0..<max(1, keystrokes / sequence.count) {
        form.reset(to: [:])
        let start = clock.now
        for position in sequence.indices {
            let (field, value) = sequence[position]
            form.set(value, forField: field)
            checksum &+= readBack(shown[position], form)
        }
        signUps.append(nanoseconds(clock.now - start) / Double(sequence.count))
    }
    signUps.sort()
    let cycles = (keystrokes + sequence.count - 1) / sequence.count
    let evaluations = form.evaluationCount - (cycles - 1) * compiled.program.fields.count  // minus the resets
    // Sample `i` is step `i % sequence.count`: split before sorting, not while measuring.
    let byStep =
        byPosition
        ? sequence.indices.map { step in stride(from: step, to: samples.count, by: sequence.count).map { samples[$0] } }
        : []
    samples.sort()
    let mean = samples.reduce(0, +) / Double(samples.count)
    print("live re-validation: \(compiled.path)")
    print("  keystrokes          \(keystrokes) (\(sequence.count)-keystroke sign-up, \(cycles) times)")
    print("  per keystroke       set(_:forField:), then read the field's message, checklist and canSubmit")
    print("  field evaluations   \(format(Double(evaluations) / Double(keystrokes))) per keystroke")
    print("  mean                \(format(mean / 1000)) µs per keystroke")
    print("  p50                 \(format(percentile(samples, 0.50) / 1000)) µs")
    print("  p99                 \(format(percentile(samples, 0.99) / 1000)) µs")
    print("  max                 \(format((samples.last ?? 0) / 1000)) µs")
    print("  wall time           \(format(nanoseconds(total) / 1e6)) ms (incl. resets)")
    print(
        "  whole sign-ups      \(signUps.count), mean per keystroke: median \(format(percentile(signUps, 0.5) / 1000)) µs, best \(format((signUps.first ?? 0) / 1000)) µs"
    )
    print(
        "  submittable at end  \(submittable) of \(keystrokes / sequence.count) completed sign-ups (a field's debounce still pending counts as not)"
    )
    print("  read-back checksum  \(checksum)")
    if byPosition {
        for (position, step) in sequence.enumerated() {
            let median = percentile(byStep[position].sorted(), 0.5) / 1000
            print(
                "  \(step.field) \(FieldType.canonicalText(step.value) ?? "")".padding(
                    toLength: 36, withPad: " ", startingAt: 0) + "p50 \(format(median)) µs")
        }
    }
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

/// Writes `lines` sign-up inputs as JSONL: a realistic mix of valid, invalid and Unicode records.
func writeJSONL(to path: String, lines: Int) throws {
    let samples = [
        #"{"username":"alice_01","password":"Passw0rd!","confirm_password":"Passw0rd!"}"#,
        #"{"username":"alice","password":"Passw0rd!","confirm_password":"Passw0rd!"}"#,
        #"{"username":"bob_the_builder","password":"password","confirm_password":"password"}"#,
        #"{"username":"","password":"","confirm_password":""}"#,
        #"{"username":"山田太郎さん","password":"Pa5s!wdX","confirm_password":"Pa5s!wdY"}"#,
    ]
    var text = ""
    text.reserveCapacity(lines * 80)
    for index in 0..<lines {
        text += samples[index % samples.count]
        text += "\n"
    }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
}

/// Runs the `formspec` executable beside this one on a generated JSONL file and reports lines/s.
func benchmarkCLI(spec: String, lines: Int, runs: Int) throws {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("formspec")
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
        throw ValidationError("no formspec executable at \(binary.path); run `swift build -c release` first")
    }
    let input = FileManager.default.temporaryDirectory.appendingPathComponent("formspec-bench-\(lines).jsonl").path
    try writeJSONL(to: input, lines: lines)
    defer { try? FileManager.default.removeItem(atPath: input) }
    var best = Double.infinity
    let clock = ContinuousClock()
    for _ in 0..<runs {
        let process = Process()
        process.executableURL = binary
        process.arguments = ["validate", spec, input, "--jsonl", "--format", "json"]
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        let elapsed = try clock.measure {
            try process.run()
            process.waitUntilExit()
        }
        guard process.terminationReason == .exit, [0, 1].contains(process.terminationStatus) else {
            throw ValidationError("formspec validate failed with status \(process.terminationStatus)")
        }
        best = min(best, nanoseconds(elapsed) / 1e9)
    }
    print("formspec validate --jsonl: \(spec)")
    print("  lines               \(lines) (best of \(runs) runs, whole process incl. start-up)")
    print("  wall time           \(format(best * 1000)) ms")
    print("  throughput          \(Int(Double(lines) / best)) lines/s")
}

/// Start-up of a program an app reads at run time: `JSONDecoder` over its JSON (`--emit json`), then
/// wrapping it and one validation of an empty input. Medians of 200 runs. (`--emit swift` files
/// build theirs from literals instead: the Benchmarks package's `Start-up` group compares the two.)
func benchmarkStartup(_ compiled: CompiledForm) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    let json = try encoder.encode(compiled.program)
    var decode: [Double] = []
    var first: [Double] = []
    for _ in 0..<200 {
        let start = DispatchTime.now().uptimeNanoseconds
        let program = try JSONDecoder().decode(Program.self, from: json)
        let decoded = DispatchTime.now().uptimeNanoseconds
        _ = try? CompiledForm(program: program).validateSynchronously([:])
        let validated = DispatchTime.now().uptimeNanoseconds
        decode.append(Double(decoded - start) / 1000)
        first.append(Double(validated - decoded) / 1000)
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    print("program JSON        \(json.count) bytes")
    print("decode (median)     \(format(median(decode))) µs")
    print("first validate      \(format(median(first))) µs")
}

@main
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formspec-bench",
        abstract: "Measures live re-validation per keystroke, batch validation, or the CLI on a JSONL file.")

    @Option(help: "The spec to measure (default: Specs/signup.form.yaml).")
    var spec: String?

    @Flag(help: "Measure Program.validate records per second instead of keystrokes.")
    var batch = false

    @Flag(help: "Measure `formspec validate --jsonl` (the release binary beside this one) on generated input.")
    var cli = false

    @Flag(help: "Measure pattern matching: ns per match, FormSpec's engine vs the previous (Swift Regex).")
    var patterns = false

    @Option(help: "Check the pattern engine against a differential corpus (matches.json) instead.")
    var patternCorpus: String?

    @Flag(help: "Time keystrokes in one item of a 100-item list of groups against the same fields flat.")
    var listKeystrokes = false

    @Flag(help: "Time decoding the compiled program from JSON (--emit json read at run time) and a first validation.")
    var startup = false

    @Option(help: "Keystrokes to simulate.")
    var keystrokes = 100_000

    @Flag(help: "Also print the mean time of each keystroke of the typing sequence.")
    var byKeystroke = false

    @Option(help: "Records for --batch.")
    var records = 200_000

    @Option(help: "JSONL lines for --cli.")
    var lines = 100_000

    @Option(help: "Runs for --cli (the best is reported).")
    var runs = 3

    @MainActor
    mutating func run() async throws {
        let path = spec ?? defaultSpecPath()
        let compiled: CompiledForm
        do {
            compiled = try CompiledForm.load(contentsOf: path)
        } catch {
            FileHandle.standardError.write(Data(error.rendered.utf8))
            throw ExitCode(2)
        }
        #if DEBUG
            print("note: debug build; measure with `swift run -c release formspec-bench`\n")
        #endif
        if let patternCorpus {
            try checkPatternCorpus(at: patternCorpus)
        } else if patterns {
            benchmarkPatterns(previousLimitSeconds: 0.1)
        } else if startup {
            try benchmarkStartup(compiled)
        } else if cli {
            try benchmarkCLI(spec: path, lines: lines, runs: runs)
        } else if batch {
            benchmarkBatch(compiled, records: records)
        } else if listKeystrokes {
            try ListBenchmark.run(keystrokes: keystrokes)
        } else {
            benchmarkLive(compiled, keystrokes: keystrokes, byPosition: byKeystroke)
        }
    }
}
