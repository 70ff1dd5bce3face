import FormSpec
import FormSpecCLISupport
@_spi(Program) @_spi(Tooling) import FormSpecRuntime
import FormSpecTestSupport
import Foundation

/// One validation both runtimes perform: an input and its options, and the Swift runtime's bytes
/// (`--report full` and `--report errors`) or the error it threw. A line of a cases file that
/// `run-cases.mjs` reads.
struct JavaScriptCase: Encodable {
    struct Options: Encodable {
        var locale: String?
        var mode: String?
        /// JSON text.
        var original: String?
        var today: String
        var stubs: [String: Bool]?
        var strict: Bool?
    }

    struct Expectation: Encodable {
        var full: String?
        var errors: String?
        var error: String?
    }

    var name: String
    /// JSON text, numbers as written.
    var input: String
    var options: Options
    var expect: Expectation

    /// The case with the Swift runtime's answer filled in.
    init(name: String, input: Value, options: Options, program: Program, stubs: [String: Bool]) {
        // Read back as the CLI reads a document, so both runtimes get the same text.
        self.init(name: name, text: JSONWriter.write(input), options: options, program: program, stubs: stubs)
    }

    /// The case of JSON text `text` (which may be malformed) with the Swift runtime's answer.
    init(name: String, text: String, options: Options, program: Program, stubs: [String: Bool]) {
        self.name = name
        self.input = text
        self.options = options
        let original = options.original.flatMap { try? JSONReader.parse($0) }
        let mode: Mode = options.mode.flatMap(Mode.init(rawValue:)) ?? (original == nil ? .new : .edit)
        let context = EvaluationContext(
            locale: options.locale, mode: mode, original: original, strict: options.strict ?? false,
            today: CivilDate(iso: options.today)!, checks: EvaluationContext.stubs(stubs))
        // `validateJSON` reads its text as the CLI reads a JSON Lines line: the same words for a
        // blank or malformed one.
        var records = RecordValidator(program: program, context: context)
        if case .unreadable(let message) = Array(text.utf8).withUnsafeBufferPointer({ records.read(line: $0) }) {
            expect = Expectation(error: message)
            return
        }
        let input: Value
        do throws(JSONReader.Error) {
            input = try JSONReader.parse(text)
        } catch {
            expect = Expectation(error: "invalid JSON at column \(error.column): \(error.message)")
            return
        }
        do {
            let report = try program.validate(input, context: context)
            expect = Expectation(full: report.json(.full), errors: report.json(.errors))
        } catch {
            expect = Expectation(error: "\(error)")
        }
    }
}

/// The cases of every shipped spec: its spec tests, and random inputs derived from them.
enum JavaScriptCases {
    /// The date every case runs on unless its spec test pins another.
    static let today = "2026-03-15"

    /// Every `*.form.yaml` under `Specs/` and `Examples/`, and this target's own `Specs/`: what the
    /// JavaScript module must get right beyond the shipped specs (integers past 2^53, decimals
    /// past a double's precision).
    static let specs: [String] = {
        let folders = ["Specs", "Examples", "Tests/FormSpecJavaScriptTests/Specs"]
        let files = folders.flatMap { Repository.files(under: $0, endingWith: [".form.yaml"]) }
        return files.filter { !$0.contains("/invalid/") && !$0.contains("FormSpecRoot") && !$0.contains("/.build") }
    }()

    /// A compiled spec with its spec tests.
    static func compile(_ path: String) -> CompiledSpec? {
        Compiler.compile(path: Repository.path(path)).spec
    }

    /// The spec tests of `spec`, as cases.
    static func specTests(of spec: CompiledSpec) -> [JavaScriptCase] {
        spec.tests.map { test in
            let options = JavaScriptCase.Options(
                locale: test.locale, mode: test.mode.rawValue, original: test.original.map(JSONWriter.write),
                today: test.today?.description ?? today, stubs: test.stubs.isEmpty ? nil : test.stubs)
            return JavaScriptCase(
                name: test.name, input: test.input, options: options, program: spec.program, stubs: test.stubs)
        }
    }

    /// JSON texts that are not JSON, or not an object: both runtimes' readers refuse each with the
    /// same words at the same column. (Not a lone surrogate escape: `JSON.parse` reads one, and
    /// `validate` of the object then has a string Swift cannot hold.)
    static let malformedTexts = [
        "", " ", "{", "}", "[]", "\"text\"", "12", "null", #"{"a""#, #"{"a":"#, #"{"a":1"#, #"{"a":1,"#,
        #"{"a":1,}"#, #"{"a" 1}"#, #"{a:1}"#, #"{"a":t}"#, #"{"a":tx}"#, #"{"a":tru"#, #"{"a":fo}"#,
        #"{"a":nul"#, #"{"a":nulL}"#, #"{"a":TRUE}"#, #"{"a":-}"#, #"{"a":01}"#, #"{"a":1.}"#, #"{"a":1e}"#,
        #"{"a":.5}"#, #"{"a":"\x"}"#, #"{"a":"\u12"}"#, #"{"a":"x"#, "{\"a\":\"\u{1}\"}",
        #"{"a":1}x"#, #"{"a":1} {}"#, #"{"a":1,"a":2}"#, #"{"a":[1,]}"#, #"{"a":[1 2]}"#, #"{"é":tx}"#,
        #"{"日本":nul}"#, String(repeating: "[", count: 250),
    ]

    /// The ``malformedTexts`` as cases of `spec`.
    static func malformedInputs(of spec: CompiledSpec) -> [JavaScriptCase] {
        malformedTexts.enumerated().map { index, text in
            JavaScriptCase(
                name: "malformed \(index)", text: text, options: JavaScriptCase.Options(today: today),
                program: spec.program,
                stubs: [:])
        }
    }

    /// `count` random inputs for `spec`: its spec tests' inputs with values replaced, removed and
    /// added at random, under random locales, modes and strictness.
    static func randomInputs(of spec: CompiledSpec, count: Int, seed: UInt64) -> [JavaScriptCase] {
        var random = SplitMix64(state: seed)
        let seeds = spec.tests.map(\.input) + [Value.object([])]
        let stubs = Dictionary(uniqueKeysWithValues: spec.program.checkNames.map { ($0, true) })
        var cases: [JavaScriptCase] = []
        for index in 0..<count {
            var input = seeds[Int(random.next() % UInt64(seeds.count))]
            let mutations = 1 + Int(random.next() % 4)
            for _ in 0..<mutations { input = mutate(input, &random, depth: 0) }
            var options = JavaScriptCase.Options(today: today)
            options.locale = [nil, "en", "ja", "zh-TW", "zh-Hans", "fr", "en-GB"][Int(random.next() % 7)]
            if random.next() % 4 == 0 { options.strict = true }
            var caseStubs = stubs
            for name in stubs.keys where random.next() % 2 == 0 { caseStubs[name] = false }
            options.stubs = caseStubs.isEmpty ? nil : caseStubs
            if random.next() % 5 == 0 {
                options.mode = "edit"
                // Now and then without original values: both runtimes then compare with the defaults.
                if random.next() % 4 != 0 {
                    options.original = JSONWriter.write(seeds[Int(random.next() % UInt64(seeds.count))])
                }
            }
            cases.append(
                JavaScriptCase(
                    name: "random \(index)", input: input, options: options, program: spec.program, stubs: caseStubs))
        }
        return cases
    }

    /// For each list at the form's root, its first spec test's input with that list 10,001 items
    /// long: longer than any list holds, so both runtimes count the items and fail `max_items`.
    static func longLists(of spec: CompiledSpec) -> [JavaScriptCase] {
        let seed: [Value.Member] = if case .object(let members)? = spec.tests.first?.input { members } else { [] }
        let stubs = Dictionary(uniqueKeysWithValues: spec.program.checkNames.map { ($0, true) })
        return spec.program.fields.filter { $0.type == .list && !$0.name.contains(".") }.map { list in
            var members = seed.filter { $0.key != list.name }
            members.append(Value.Member(list.name, .array(Array(repeating: "a", count: 10_001))))
            return JavaScriptCase(
                name: "\(list.name) 10,001 items long", input: .object(members),
                options: JavaScriptCase.Options(today: today, stubs: stubs.isEmpty ? nil : stubs),
                program: spec.program, stubs: stubs)
        }
    }

    private static func mutate(_ value: Value, _ random: inout SplitMix64, depth: Int) -> Value {
        switch value {
        case .object(var members) where depth < 4:
            switch random.next() % 6 {
            case 0 where !members.isEmpty: members.remove(at: Int(random.next() % UInt64(members.count)))
            case 1:
                // A key the object may have already: both runtimes' readers refuse the duplicate.
                members.append(Value.Member(["extra", "é", "contacts", "0"][Int(random.next() % 4)], leaf(&random)))
            default:
                guard !members.isEmpty else { break }
                let at = Int(random.next() % UInt64(members.count))
                members[at].value = mutate(members[at].value, &random, depth: depth + 1)
            }
            return .object(members)
        case .array(var items) where depth < 4:
            switch random.next() % 5 {
            case 0 where !items.isEmpty: items.remove(at: Int(random.next() % UInt64(items.count)))
            case 1 where !items.isEmpty: items.append(items[Int(random.next() % UInt64(items.count))])
            case 2: items.append(leaf(&random))
            default:
                guard !items.isEmpty else { break }
                let at = Int(random.next() % UInt64(items.count))
                items[at] = mutate(items[at], &random, depth: depth + 1)
            }
            return .array(items)
        case .string(let text) where random.next() % 3 == 0:
            // Keep the value's shape, change its content.
            let edits = ["", " ", "A", "1", "é", "\u{301}", "👍🏽", "\r\n", "@", ".", "-", "  "]
            let edit = edits[Int(random.next() % UInt64(edits.count))]
            return .string(random.next() % 2 == 0 ? text + edit : edit + text)
        default:
            return leaf(&random)
        }
    }

    private static let leaves: [Value] = [
        .null, .bool(true), .bool(false), .integer(0), .integer(-1), .integer(17), .integer(Int64.max),
        .integer(Int64.min), .number(ExactDecimal("0.30000000000000000001")!),
        .number(ExactDecimal("1e3")!), .number(ExactDecimal("-2.50")!),
        .number(ExactDecimal("12345678901234567890123")!), "", " ", "abc", "Passw0rd!", "alice_01",
        "ALICE@EXAMPLE.COM", "alice@example.com", "not an email", "https://example.com/a?b=c", "2026-03-15",
        "2024-02-29", "2023-02-29", "1999-12-31", "09:30", "23:59:59", "24:00", "2026-03-15T09:30:00Z",
        "2026-03-15T09:30:00+09:00", "4111 1111 1111 1111", "4111111111111112", "+14155552671", "+0123",
        "true", "false", "12", "12.5", "1e400", "-0", "0x10", "ß", "Straße", "İstanbul", "ǅ", "Ω", "ﬀ",
        "e\u{301}", "👨‍👩‍👧‍👦", "🇯🇵🇫🇷", "\u{0}", "\u{7F}\u{8}\u{C}", "\"quoted\" \\ back", "日本語のテキスト",
        "x\u{2028}y", .array([]), .array(["a", "b"]), .array(["a", "a"]), .object([]),
        .object([Value.Member("name", "Bo"), Value.Member("phone", "+14155552671")]),
    ]

    private static func leaf(_ random: inout SplitMix64) -> Value {
        leaves[Int(random.next() % UInt64(leaves.count))]
    }

    /// Writes `cases` as JSON Lines.
    static func jsonLines(_ cases: [JavaScriptCase]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = Data()
        for item in cases {
            data.append(try encoder.encode(item))
            data.append(0x0A)
        }
        return data
    }
}
