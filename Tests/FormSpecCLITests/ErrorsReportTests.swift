import FormSpec
import FormSpecCLISupport
@_spi(Program) @_spi(Tooling) import FormSpecRuntime
import Foundation
import Testing

/// The batch path's two shortcuts against the embedding API they stand for: the scanner against
/// `JSONReader` + `Program.validate`, and the short report written from the evaluator's outcome
/// lists against the one projected from the `Report`.
@Suite("errors report and record scanner")
struct ErrorsReportTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static var specs: [String] {
        let folder = repository.appendingPathComponent("Specs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".form.yaml") }.sorted().map { folder.appendingPathComponent($0).path }
            + [repository.appendingPathComponent("Benchmarks/signup-bench.form.yaml").path]
    }

    static let nestedBench = repository.appendingPathComponent("Benchmarks/nested-order-bench.form.yaml").path

    /// Inputs that reach every kind of outcome: absent, empty, wrong type, short, long, valid-looking.
    static func inputs(for program: Program) -> [String] {
        let candidates = [
            #""""#, #""x""#, #""Hello World 123!""#, #""alice_01""#, #""a@b.co""#, "42", "-3", "2.5", "true",
            #""2024-02-29""#, #""2999-01-01""#, "null", "[1]", #""\u001b[2J""#,
            // The scanner's own readings: padded and long text, numbers it reads without the reader.
            #"" padded ""#, #""\t""#, #""Zoë Ünïcode-name""#, #""a_much_longer_value_than_15""#, "1e2", "5.0",
            "-0", "12345678901234567890",
        ]
        var inputs = ["{}"]
        let names = program.fields.map(\.name)
        for candidate in candidates {
            inputs.append("{" + names.map { "\"\($0)\":\(candidate)" }.joined(separator: ",") + ",\"extra\":1}")
            for name in names { inputs.append("{\"\(name)\":\(candidate)}") }
        }
        return inputs
    }

    @Test("the short report written from outcome lists equals the one projected from the Report", arguments: specs)
    func errorsFromScratchMatchReport(spec: String) throws {
        let program = try CompiledForm.load(contentsOf: spec).program
        for (locale, strict) in [(nil, false), ("ja", true)] as [(String?, Bool)] {
            var context = EvaluationContext(
                locale: locale, strict: strict, today: CivilDate(iso: "2025-06-01") ?? .today(),
                checks: { _, _, _ in true })
            try context.prepare(for: program)
            let texts = context.texts(for: program)
            let encoding = ReportEncoding(program: program, texts: texts)
            var scanner = JSONRecordScanner(program: program)
            var scratch = EvaluationScratch(program)
            for input in Self.inputs(for: program) {
                let value = try JSONReader.parse(input)
                let expected = try program.validate(value, context: context).json(.errors)
                let bytes = Array(input.utf8)
                let scanned = bytes.withUnsafeBufferPointer {
                    scanner.scan(
                        $0, into: &scratch, collectUnknownKeys: strict, today: context.today) != nil
                }
                // A nested form's input that gives a field twice (`line_items` and `line_items.0`) is
                // left to the reader.
                #expect(scanned || program.isNested, "\(input)")
                if !scanned, case .object(let members) = value {
                    scratch.load(members, program: program, today: context.today, collectUnknownKeys: strict)
                }
                try program.evaluate(&scratch, context: context)
                var written: [UInt8] = []
                JSONWriter.appendErrors(
                    of: scratch, program: program, texts: texts, encoding: encoding, mode: context.mode, strict: strict,
                    to: &written)
                #expect(String(decoding: written, as: UTF8.self) == expected, "\(spec): \(input)")
                let full = program.report(from: scratch, texts: texts, mode: .new, strict: strict).json()
                #expect(try full == program.validate(value, context: context).json(), "\(input)")
            }
        }
    }

    /// Nested orders that reach the evaluator's planned paths: text rules on bytes (a length on
    /// non-ASCII text needs the text), integer ranges, absent, empty and unreadable values, items
    /// that are not objects, and a field whose `required` rule has a `when:`; and valid orders
    /// whose only listed fields are that one and `gift` (no rules), each given or not, readable
    /// or not, with an unknown key (a form error in strict mode).
    static let nestedInputs: [String] = {
        let item = #"{"sku": "ABC-1234", "quantity": 2, "unit_cents": 1999}"#
        let address = #"{"street": "Dam 1", "city": "Amsterdam", "postcode": "1012 JS", "country": "NL"}"#
        let long = String(repeating: "é", count: 61)
        let order = #""order_id": "ORD-00000001", "email": "a@b.co", "address": \#(address), "line_items": [\#(item)]"#
        let gifts = [
            #""gift": false"#, #""gift": true"#, #""gift": null"#, #""gift": "maybe""#, #""gift": "false""#,
            #""gift": true, "gift_message": "For you""#, #""gift_message": null"#, #""gift": false, "extra": 1"#,
        ]
        return gifts.map { "{\(order), \($0)}" } + [
            #"{"order_id": "ORD-00000001", "email": "a@b.co", "address": \#(address), "line_items": [\#(item)]}"#,
            #"{"order_id": "ORD-1", "email": "", "address": {"street": "\#(long)", "city": "Ä", "postcode": 1234, "#
                + #""country": "XX"}, "line_items": [\#(item), {"sku": "abc", "quantity": 0, "unit_cents": 1000001, "#
                + #""note": "\#(long)\#(long)"}, 5, null, {"quantity": "7", "unit_cents": 2.5, "note": ""}]}"#,
            #"{"line_items": [\#(item), {"quantity": 99, "unit_cents": 1, "note": 3}], "gift": true}"#,
            #"{"gift": true, "gift_message": "\#(String(repeating: "x", count: 101))", "address": "Dam 1"}"#,
            #"{"gift": "yes", "line_items": [\#(Array(repeating: item, count: 21).joined(separator: ","))]}"#,
            #"{"address": {}, "line_items": [{}, {"sku": "ABC-1234", "quantity": -1, "unit_cents": 1e3}]}"#,
        ]
    }()

    @Test("fields evaluated by their plans get the outcome lists of the general path", arguments: specs + [nestedBench])
    func plannedFieldsMatchTheGeneralPath(spec: String) throws {
        let program = try CompiledForm.load(contentsOf: spec).program
        let inputs = Self.inputs(for: program) + (spec == Self.nestedBench ? Self.nestedInputs : [])
        for (mode, strict) in [(Mode.new, false), (.edit, true)] {
            var context = EvaluationContext(
                mode: mode, original: mode == .edit ? .object([]) : nil, strict: strict,
                today: CivilDate(iso: "2025-06-01") ?? .today(), checks: { _, _, _ in true })
            try context.prepare(for: program)
            var planned = EvaluationScratch(program)
            var general = EvaluationScratch(program)
            for input in inputs {
                guard case .object(let members) = try JSONReader.parse(input) else { continue }
                planned.load(members, program: program, today: context.today, collectUnknownKeys: strict)
                general.load(members, program: program, today: context.today, collectUnknownKeys: strict)
                try program.evaluate(&planned, context: context)
                try program.evaluate(&general, context: context, usesPlans: false)
                #expect(planned.valid == general.valid, "\(input)")
                #expect(planned.results == general.results, "\(input)")
                #expect(planned.failedResults == general.failedResults, "\(input)")
                #expect(planned.activeFields == general.activeFields, "\(input)")
                for field in program.fields.indices {
                    #expect(planned.isActive(field) == general.isActive(field), "\(input): \(field)")
                    #expect(planned.isValid(field) == general.isValid(field), "\(input): \(field)")
                    #expect(planned.results(of: field) == general.results(of: field), "\(input): \(field)")
                }
            }
        }
    }

    @Test(
        "evaluated for the short report only, a record gets the short report of a full evaluation",
        arguments: specs + [nestedBench])
    func errorsOnlyEvaluationWritesTheSameReport(spec: String) throws {
        let program = try CompiledForm.load(contentsOf: spec).program
        let inputs = Self.inputs(for: program) + (spec == Self.nestedBench ? Self.nestedInputs : [])
        for (locale, strict) in [(nil, false), ("ja", true)] as [(String?, Bool)] {
            var context = EvaluationContext(
                locale: locale, strict: strict, today: CivilDate(iso: "2025-06-01") ?? .today(),
                checks: { _, _, _ in true })
            try context.prepare(for: program)
            var full = RecordValidator(program: program, context: context)
            var short = RecordValidator(program: program, context: context)
            for input in inputs {
                let bytes = Array(input.utf8)
                try Self.expectSameShortReport(bytes, full: &full, short: &short, "\(input)")
                guard case .read = bytes.withUnsafeBufferPointer({ short.read(line: $0) }) else { continue }
                // Read and evaluated in full again, the same validator gives the whole report.
                _ = try short.evaluate()
                #expect(short.report() == full.report(), "\(input)")
            }
        }
    }

    @Test("a scanned line gets the defaults of the fields it lacks, not the previous line's values")
    func scannedLinesStartFromDefaults() throws {
        let program = try CompiledForm(
            source: """
                formspec: 1
                form: defaults
                fields:
                  name: {default: bob}
                  start: {type: date, default: today+1d}
                  note: {}
                """
        ).program
        let today = CivilDate(iso: "2026-01-31")!
        var scanner = JSONRecordScanner(program: program)
        var scratch = EvaluationScratch(program)
        func scan(_ text: String) -> [FieldValue] {
            let scanned = Array(text.utf8).withUnsafeBufferPointer {
                scanner.scan($0, into: &scratch, collectUnknownKeys: false, today: today) != nil
            }
            #expect(scanned, "\(text)")
            return scratch.values
        }
        let full = scan(#"{"name": "alice", "start": "2000-01-01", "note": "hi"}"#)
        #expect(full == [.value(.text("alice")), .value(.date(CivilDate(iso: "2000-01-01")!)), .value(.text("hi"))])
        let defaults: [FieldValue] = [.value(.text("bob")), .value(.date(CivilDate(iso: "2026-02-01")!)), .empty]
        #expect(scan("{}") == defaults)
        _ = scan(#"{"name": "alice", "start": "2000-01-01", "note": "hi"}"#)
        #expect(scan(#"{"note": "x"}"#) == [defaults[0], defaults[1], .value(.text("x"))])
    }

    @Test("the scanner finds a quote, backslash, control or non-ASCII byte at every offset of a string")
    func scannerFindsSpecialBytesAtEveryOffset() throws {
        let program = try CompiledForm(source: Fixtures.signup).program
        let username = try #require(program.fieldIndex["username"])
        var scanner = JSONRecordScanner(program: program)
        var scratch = EvaluationScratch(program)
        // Escapes and UTF-8 are decoded; a raw control byte and invalid UTF-8 are left to the reader,
        // which refuses them.
        let specials: [(bytes: [UInt8], readable: Bool)] = [
            (Array(#"\""#.utf8), true), (Array(#"\\"#.utf8), true), (Array(#"\u0041"#.utf8), true),
            (Array("é".utf8), true), ([0x01], false), ([0x1F], false), ([0xFF], false),
        ]
        for length in 0..<20 {
            for position in 0...length {
                for special in specials {
                    var text = Array(repeating: UInt8(ascii: "a"), count: length)
                    text.insert(contentsOf: special.bytes, at: position)
                    let line = Array(#"{"username": ""#.utf8) + text + Array(#""}"#.utf8)
                    let scanned = line.withUnsafeBufferPointer {
                        scanner.scan($0, into: &scratch, collectUnknownKeys: false) != nil
                    }
                    let read = try? JSONReader.parse(line)
                    #expect((read != nil) == special.readable, "\(line)")
                    if scanned {
                        guard case .object(let members) = read, let member = members.first else {
                            Issue.record("scanned a line the reader refuses: \(line)")
                            continue
                        }
                        #expect(scratch.values[username] == program.read(member.value, forField: username))
                    } else {
                        #expect(!special.readable, "fell back on \(line)")
                    }
                }
            }
        }
    }

    @Test("keys match field names by their exact bytes, in any order")
    func scannerMatchesWholeKeys() throws {
        let program = try CompiledForm(source: Fixtures.signup).program
        let username = try #require(program.fieldIndex["username"])
        let password = try #require(program.fieldIndex["password"])
        var scanner = JSONRecordScanner(program: program)
        var scratch = EvaluationScratch(program)
        func scan(_ text: String) -> Bool {
            Array(text.utf8).withUnsafeBufferPointer {
                scanner.scan($0, into: &scratch, collectUnknownKeys: true) != nil
            }
        }
        // The next field's name is tried first: its prefix and its extension are other keys.
        #expect(scan(#"{"usernamex": "a", "user": "b", "username": "c", "usernam": "d"}"#))
        #expect(scratch.values[username] == .value(.text("c")))
        #expect(scratch.unknownKeys == ["usernamex", "user", "usernam"])
        #expect(scan(#"{"password": "p", "username": "u"}"#))
        #expect(scratch.values[username] == .value(.text("u")))
        #expect(scratch.values[password] == .value(.text("p")))
        #expect(scratch.unknownKeys.isEmpty)
        // A key cut short at the end of the line is malformed, not a field.
        #expect(!scan(#"{"username"#))
    }

    @Test("for the short report, a lacking field is evaluated when its default (fixed or relative) can fail")
    func shortReportEvaluatesLackingDefaults() throws {
        let program = try CompiledForm(
            source: """
                formspec: 1
                form: defaults
                fields:
                  code: {default: "toolong", rules: [{max_length: 3}]}
                  start: {type: date, default: today+1d, rules: [{max: today}]}
                  note: {rules: [{max_length: 3}]}
                """
        ).program
        var context = EvaluationContext(today: CivilDate(iso: "2026-01-31")!)
        try context.prepare(for: program)
        var records = RecordValidator(program: program, context: context)
        var report: [String] = []
        for line in [#"{"note": "abc"}"#, #"{"code": "abc", "start": "2026-01-01", "note": "abc"}"#, "{}"] {
            _ = Array(line.utf8).withUnsafeBufferPointer { records.read(line: $0, errorsOnly: true) }
            _ = try records.evaluate(errorsOnly: true)
            var bytes: [UInt8] = []
            records.appendErrors(to: &bytes)
            report.append(String(decoding: bytes, as: UTF8.self))
        }
        #expect(report[0].contains(#""code""#) && report[0].contains(#""start""#), "\(report[0])")
        #expect(report[1] == #"{"valid":true}"#)
        #expect(report[2] == report[0])
    }

    @Test("an integer decided where it is read gets the short report of a full evaluation, at every bound")
    func integerRangesDecidedInPlace() throws {
        let program = try CompiledForm(
            source: """
                formspec: 1
                form: ranges
                fields:
                  open: {type: integer, rules: [{greater_than: 5}, {less_than: 10}]}
                  closed: {type: integer, rules: [{min: -3}, {max: 3}, {at_least: -2}, {at_most: 7}]}
                  top: {type: integer, rules: [{greater_than: 9223372036854775807}]}
                  bottom: {type: integer, rules: [{less_than: -9223372036854775808}]}
                  edges: {type: integer, rules: [{at_least: 9223372036854775807}]}
                """
        ).program
        let numbers = [
            "-9223372036854775808", "9223372036854775807", "-4", "-3", "-2", "0", "3", "4", "5", "6", "9", "10",
        ]
        try Self.expectSameShortReports(
            program,
            numbers.map {
                (#"{"open":\#($0),"closed":\#($0),"top":\#($0),"bottom":\#($0),"edges":\#($0)}"#, "\($0)")
            })
    }

    @Test("a choice decided where it is read gets the short report of a full evaluation")
    func choicesDecidedInPlace() throws {
        let program = try CompiledForm(
            source: """
                formspec: 1
                form: choices
                fields:
                  country: {type: choice, options: [NL, BE, "é", "1", "true"]}
                  size: {type: choice, options: [S, M, XL], rules: [{not_equals: M}]}
                  kept: {type: choice, trim: false, options: [" a ", b]}
                  read: {type: choice, options: [x, y]}
                  shown: {rules: [{required: true, when: {field: read, equals: x}}]}
                """
        ).program
        // Options, near misses (case, a decomposed é, spaces trimmed or kept, numbers and booleans
        // matched by their JSON text), and values of other types.
        let values = [
            #""NL""#, #""nl""#, #""NLD""#, #""é""#, #""e\u0301""#, "\"e\u{301}\"", #"" BE ""#, #""""#, "1", #""1""#,
            "true", #""true""#, "null", "[]", "{}", #""S""#, #""M""#, #""XL""#, #"" a ""#, #""a""#, #""b""#, #""x""#,
            #""z""#,
        ]
        try Self.expectSameShortReports(
            program,
            values.map { (#"{"country":\#($0),"size":\#($0),"kept":\#($0),"read":\#($0),"shown":"s"}"#, "\($0)") })
    }

    @Test("a list's count decided where it is read gets the short report of a full evaluation, at every bound")
    func listCountsDecidedInPlace() throws {
        let program = try CompiledForm(
            source: """
                formspec: 1
                form: lists
                fields:
                  tags:
                    type: list
                    of: text
                    rules: [{min_items: 2}, {max_items: 3}]
                  stops:
                    type: list
                    of: group
                    required: true
                    rules: [{max_items: 2}]
                    fields:
                      city: {required: true}
                  unique:
                    type: list
                    of: text
                    rules: [{unique_items: true}]
                """
        ).program
        let lines = (0...5).map { count in
            let tags = (0..<count).map { "\"t\($0)\"" }.joined(separator: ",")
            let stops = (0..<count).map { #"{"city":"c\#($0)"}"# }.joined(separator: ",")
            return (#"{"tags":[\#(tags)],"stops":[\#(stops)],"unique":["a","a"]}"#, "\(count)")
        }
        try Self.expectSameShortReports(program, lines)
    }

    @Test("a line lacking items and members gets the short report of a full evaluation, whatever the line before left")
    func lackingFieldsAfterFullerLines() throws {
        // `code` and `zip` are read by a sibling's condition: a line that lacks them must not see
        // the value the line before gave. `note` and `memo` are read by nothing else: their slots
        // may keep it while no evaluation looks.
        let program = try CompiledForm(
            source: """
                formspec: 1
                form: lacking
                fields:
                  stops:
                    type: list
                    of: group
                    rules: [{max_items: 3}]
                    fields:
                      city: {required: true, rules: [{min_length: 2}]}
                      code: {}
                      note:
                        rules:
                          - required: true
                            when: {field: code, equals: X}
                  address:
                    type: group
                    fields:
                      city: {required: true}
                      zip: {}
                      memo:
                        rules:
                          - required: true
                            when: {field: zip, equals: Z}
                """
        ).program
        let full =
            #"{"stops":[{"city":"Ams"},{"city":"Rot","code":"X","note":"n"},{"city":"Ber"}],"#
            + #""address":{"city":"Gent","zip":"Z","memo":"m"}}"#
        let unnoted =
            #"{"stops":[{"city":"Ams"},{"city":"Rot","code":"X"},{"city":"B"}],"#
            + #""address":{"city":"Gent","zip":"Z"}}"#
        let lines = [
            (full, "every member given"),
            (#"{"stops":[{"city":"Ams"}]}"#, "one item, no address"),
            (unnoted, "notes missing where code and zip ask for them"),
            (#"{"stops":[{"city":"Ams"},{"city":"Rot"}],"address":{"city":"Gent"}}"#, "no code, no zip"),
            (full, "every member again"),
            (
                #"{"stops":[{"city":"Ams"},{"city":"Rot","note":"x"}],"address":{"city":"Gent","memo":"y"}}"#,
                "notes without code or zip"
            ),
            (unnoted, "notes missing again"),
            (#"{"stops":[],"address":{"city":"Gent"}}"#, "no items"),
        ]
        try Self.expectSameShortReports(program, lines)
    }

    @Test("an item a line lacks is seen empty by what reads it from outside the item, whatever the line before gave")
    func lackingItemsReadFromOutside() throws {
        // An item's group is read by its own members only, so its slot may keep the line before's
        // while the line lacks it: no evaluation looks. The language has no way to read an item
        // from outside it, but a decoded program may: here `summary` is required when the second
        // item is an object (field 4, `stops.1`), and `note` when its `code` (field 6) is X.
        let compiled = try CompiledForm(
            source: """
                formspec: 1
                form: outside
                fields:
                  stops:
                    type: list
                    of: group
                    rules: [{max_items: 3}]
                    fields:
                      city: {required: true, rules: [{min_length: 2}]}
                      code: {}
                  flag: {}
                  summary:
                    rules:
                      - required: true
                        when: {field: flag, equals: X}
                  note:
                    rules:
                      - required: true
                        when: {field: flag, equals: X}
                """
        ).program
        // The two rules' conditions on `flag` (field 10), pointed at the item instead.
        // (Every item written out: the program's own JSON writes the list's first item only.)
        var json = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(compiled)) as? [String: Any])
        var fields = try #require(
            JSONSerialization.jsonObject(with: JSONEncoder().encode(compiled.fields)) as? [[String: Any]])
        for (field, read) in [
            (11, ["equals": ["boolean": true], "field": 4]), (12, ["equals": ["text": "X"], "field": 6]),
        ] {
            var rules = try #require(fields[field]["rules"] as? [[String: Any]])
            #expect((rules[0]["condition"] as? [String: Any])?["field"] as? Int == 10)
            rules[0]["condition"] = read
            fields[field]["rules"] = rules
        }
        json["fields"] = fields
        let program = try JSONDecoder().decode(Program.self, from: JSONSerialization.data(withJSONObject: json))
        #expect(program.fields[4].name == "stops.1" && program.fields[6].name == "stops.1.code")
        #expect(program.fields[11].fieldsRead == [4] && program.fields[12].fieldsRead == [6])
        let two = #"{"stops":[{"city":"Ams"},{"city":"Rot","code":"X"}],"summary":"s","note":"n"}"#
        let lines = [
            (two, "two stops"), (#"{"stops":[{"city":"Ams"}]}"#, "one stop"),
            (two, "two stops again"), (#"{"stops":[]}"#, "no stops"),
            (#"{"stops":[{"city":"Ams"},{"city":"Rot"},{"city":"Ber"}]}"#, "three stops"),
            (#"{"stops":[{"city":"Ams"}],"summary":"s"}"#, "one stop and a summary"),
        ]
        try Self.expectSameShortReports(program, lines)
    }

    @Test("items the line lacks get the short report of a full evaluation when their fields straddle bit words")
    func lackingItemsAcrossBitWords() throws {
        // Each item is a group of 23 fields, so that items past the first lie across the 64-bit
        // words that list the fields to evaluate.
        let members = (0..<20).map { "      m\($0): {rules: [{max_length: 3}]}" }.joined(separator: "\n")
        let program = try CompiledForm(
            source: """
                formspec: 1
                form: wide
                fields:
                  items:
                    type: list
                    of: group
                    rules: [{max_items: 6}]
                    fields:
                      name: {required: true}
                      code: {}
                      note:
                        rules:
                          - required: true
                            when: {field: code, equals: X}
                \(members)
                  after: {required: true}
                """
        ).program
        func line(_ items: Int, code: String = "X", note: Bool = true, after: Bool = true) -> String {
            let item = #"{"name":"n","code":"\#(code)""# + (note ? #","note":"y","m19":"abc"}"# : "}")
            let list = Array(repeating: item, count: items).joined(separator: ",")
            return #"{"items":[\#(list)]"# + (after ? #","after":"a"}"# : "}")
        }
        var lines: [(line: String, comment: String)] = []
        for count in [6, 0, 3, 5, 1, 6, 2, 4] {
            lines.append((line(count), "\(count) items"))
            lines.append((line(count, note: false), "\(count) items without notes"))
            lines.append((line(count, code: "Y", note: false, after: false), "\(count) items, no after"))
        }
        try Self.expectSameShortReports(program, lines)
    }

    /// Reads each of `lines` both ways (``expectSameShortReport(_:full:short:_:)``), in order, with
    /// one pair of validators of `program`: each line finds the slots the one before left.
    static func expectSameShortReports(_ program: Program, _ lines: [(line: String, comment: String)]) throws {
        let context = EvaluationContext()
        var full = RecordValidator(program: program, context: context)
        var short = RecordValidator(program: program, context: context)
        for (line, comment) in lines {
            try expectSameShortReport(Array(line.utf8), full: &full, short: &short, "\(comment)")
        }
    }

    /// Reads `line` with `full` as any batch does and with `short` as `--report errors` does, and
    /// expects the same verdict and the same short report from both.
    static func expectSameShortReport(
        _ line: [UInt8], full: inout RecordValidator, short: inout RecordValidator, _ comment: Comment
    ) throws {
        let readings = line.withUnsafeBufferPointer { (full.read(line: $0), short.read(line: $0, errorsOnly: true)) }
        #expect(readings.0 == readings.1, comment)
        guard readings.0 == .read else { return }
        #expect(try full.evaluate() == short.evaluate(errorsOnly: true), comment)
        var expected: [UInt8] = []
        full.appendErrors(to: &expected)
        var written: [UInt8] = []
        short.appendErrors(to: &written)
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self), comment)
    }

    @Test("integers of every length, sign and neighbour are read as the reader reads them")
    func scannerReadsIntegersAsTheReader() throws {
        let program = try CompiledForm(
            source: """
                formspec: 1
                form: numbers
                fields:
                  count: {type: integer}
                  note: {}
                """
        ).program
        var scanner = JSONRecordScanner(program: program)
        var scratch = EvaluationScratch(program)
        var reader = EvaluationScratch(program)
        var rng = SystemRandomNumberGenerator()
        var tokens = ["0", "-0", "00", "01", "-01", "-", "1.5", "1e3", "7E1", "12345678", "99999999", "100000000"]
        for length in 1...20 {
            for _ in 0..<20 {
                tokens.append(String((0..<length).map { _ in Character(String(Int.random(in: 0...9, using: &rng))) }))
            }
        }
        tokens += tokens.map { "-" + $0 }
        // What follows the number: the record's end, another member, whitespace, or text padding
        // the line past eight bytes so that the digits are read a word at a time.
        let layouts = [
            { (token: String) in #"{"count":\#(token)}"# },
            { (token: String) in #"{"count":\#(token),"note":"some text after"}"# },
            { (token: String) in #"{"count": \#(token) , "note": "x"}"# },
            { (token: String) in #"{"note":"x","count":\#(token)}"# },
        ]
        for token in tokens {
            for layout in layouts {
                let line = layout(token)
                let scanned = Array(line.utf8).withUnsafeBufferPointer {
                    scanner.scan($0, into: &scratch, collectUnknownKeys: false) != nil
                }
                guard case .object(let members)? = try? JSONReader.parse(line) else {
                    #expect(!scanned, "\(line)")
                    continue
                }
                reader.load(members, program: program, collectUnknownKeys: false)
                if scanned { #expect(scratch.values == reader.values, "\(line)") }
            }
        }
    }

    @Test("the scanner leaves to the reader what its fast path does not handle")
    func scannerFallsBack() throws {
        let program = try CompiledForm(source: Fixtures.signup).program
        var scanner = JSONRecordScanner(program: program)
        var scratch = EvaluationScratch(program)
        func scans(_ text: String) -> Bool {
            Array(text.utf8).withUnsafeBufferPointer {
                scanner.scan($0, into: &scratch, collectUnknownKeys: false) != nil
            }
        }
        #expect(scans(#" { "username" : "alice" , "password": "x", "note": [1, {"a": 2}] } "#))
        #expect(scans(#"{"username": "al\"ice", "other": "\u00e9"}"#))
        #expect(scratch.values[0] == .value(.text("al\"ice")))
        for fallback in [
            #"{"user\u006eame": "alice"}"#,  // escaped key
            #"{"username": "a", "username": "b"}"#,  // duplicate field
            #"{"x": 1, "x": 2}"#,  // duplicate unknown key
            #"{"x": {"a": 1, "a": 2}}"#,  // duplicate nested key
            #"{"username": "a"} x"#, "[]", "", #"{"username": "a",}"#, #"{"x": 01}"#,
            #"{"x": "\ud800"}"#, "{\"x\": \"\u{1}\"}",
        ] {
            #expect(!scans(fallback), "\(fallback)")
        }
        let manyKeys = "{" + (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"
        #expect(!scans(manyKeys))  // past 32 unknown keys the reader finds duplicates with a set
        var invalid: [UInt8] = Array(#"{"username": ""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8)
        #expect(
            !invalid.withUnsafeMutableBufferPointer { buffer in
                scanner.scan(UnsafeBufferPointer(buffer), into: &scratch, collectUnknownKeys: false) != nil
            })
    }
}

extension ErrorsReportTests {
    /// The runtime's record pipeline: a line scanned or parsed, a decoded value, and what it refuses.
    @Test("RecordValidator: lines and values give the Report's bytes; what is not an object is refused")
    func recordValidator() throws {
        let program = try CompiledForm.load(contentsOf: Self.specs[0]).program
        var context = EvaluationContext(today: CivilDate(iso: "2025-06-01") ?? .today(), checks: { _, _, _ in true })
        try context.prepare(for: program)
        var records = RecordValidator(program: program, context: context)
        for input in Self.inputs(for: program) {
            let value = try JSONReader.parse(input)
            let expected = try program.validate(value, context: context).json(.errors)
            for source in ["line", "value"] {
                let reading =
                    source == "line"
                    ? Array(input.utf8).withUnsafeBufferPointer { records.read(line: $0) } : records.read(value)
                #expect(reading == .read, "\(input)")
                _ = try records.evaluate()
                var written: [UInt8] = []
                records.appendErrors(to: &written)
                #expect(String(decoding: written, as: UTF8.self) == expected, "\(source): \(input)")
                #expect(records.report() == (try program.validate(value, context: context)), "\(source): \(input)")
            }
        }
        let refused: [(String, String)] = [
            ("  \t", "empty line: expected a JSON object"),
            ("{\"a\":", "invalid JSON at column 6: unexpected end of input, expected a value"),
            // A misspelt literal near the end is misspelt, not cut short; a cut-off one is short.
            ("{\"a\":t}", "invalid JSON at column 6: invalid literal, expected 'true'"),
            ("{\"a\":nu", "invalid JSON at column 6: unexpected end of input"),
            ("fo", "invalid JSON at column 1: invalid literal, expected 'false'"),
            ("[1, 2]", "input must be an object, not an array"),
            ("\"text\"", "input must be an object, not a string"),
        ]
        for (line, message) in refused {
            let reading = Array(line.utf8).withUnsafeBufferPointer { records.read(line: $0) }
            #expect(reading == .unreadable(message), "\(line)")
        }
    }

    @Test("a nested record is scanned into the slots the reader and the tree walk fill")
    func scannerReadsNestedRecords() throws {
        let program = try CompiledForm.load(contentsOf: Self.nestedBench).program
        let item = #"{"sku": "ABC-1234", "quantity": 2, "unit_cents": 1999}"#
        let address = #"{"street": "Dam 1", "city": "Amsterdam", "postcode": "1012 JS", "country": "NL"}"#
        let deep = String(repeating: "[", count: 197) + String(repeating: "]", count: 197)
        let inputs = [
            #"{"order_id": "ORD-00000001", "address": \#(address), "line_items": [\#(item), \#(item)]}"#,
            #"{"line_items": [\#(item), "x", null, {}, {"sku": 5, "extra": {"a": [1]}}], "gift": true}"#,
            // Items past the list's fields (20) are validated and skipped; the count is still read.
            #"{"line_items": [\#(Array(repeating: item, count: 25).joined(separator: ","))]}"#,
            #"{"line_items": [\#(Array(repeating: "1", count: 10_001).joined(separator: ","))]}"#,
            #"{"line_items": [], "address": null}"#, #"{"address": [], "line_items": {}}"#,
            #"{"address": {"zip": 1, "city": "A", "more": {}}, "other": [1, 2]}"#,
            // A field by its path at the root; given twice, the reader decides.
            #"{"address.city": "Gent", "line_items.0.sku": "ABC-0001"}"#,
            #"{"address": {"city": "A"}, "address.city": "B"}"#,
            #"{"line_items": [\#(item)], "line_items.0": {}}"#,
            // Duplicates inside a group or an item, among known and unknown keys.
            #"{"address": {"city": "A", "city": "B"}}"#, #"{"address": {"x": 1, "x": 2}}"#,
            #"{"address": {"x": 1}, "x": 2, "line_items": [{"x": 1}, {"x": 2, "y": 3}]}"#,
            // Depth counted from the record's own object, as the reader counts it.
            #"{"line_items": [{"note": \#(deep)}]}"#, #"{"line_items": [{"note": [\#(deep)]}]}"#,
            #"{"line_items": [\#(item),]}"#, #"{"address": {"city": "A",}}"#, #"{"line_items": [\#(item)"#,
            // Integers the scanner reads into the slots itself, and numbers it leaves to the reader.
            #"{"line_items": [{"quantity": -0, "unit_cents": 123456789012345678}, {"quantity": -12345678901234567}, "#
                + #"{"quantity": 1234567890123456789, "unit_cents": -123456789012345678}, {"quantity": 1e2}, "#
                + #"{"quantity": 2.0, "unit_cents": 2.5}, {"quantity": 0, "unit_cents": 9223372036854775808}, "#
                + #"{"quantity": "7", "unit_cents": true}]}"#,
            #"{"line_items": [{"quantity": 01}]}"#, #"{"line_items": [{"quantity": -}]}"#,
            #"{"line_items": [{"quantity": 1E2, "unit_cents": 0e0}, {"quantity": -10}]}"#,
            #"{"line_items": [{"quantity": -01}]}"#, #"{"line_items": [{"quantity": 12x}]}"#,
            #"{"line_items": [{"quantity": 1.}]}"#, #"{"line_items": [{"quantity": 5"#,
        ]
        var scanner = JSONRecordScanner(program: program)
        var scratch = EvaluationScratch(program)
        var expected = EvaluationScratch(program)
        var fellBack = 0
        for input in inputs {
            for strict in [false, true] {
                let scanned = Array(input.utf8).withUnsafeBufferPointer {
                    scanner.scan($0, into: &scratch, collectUnknownKeys: strict) != nil
                }
                guard case .object(let members) = try? JSONReader.parse(input) else {
                    #expect(!scanned, "scanned a line the reader refuses: \(input)")
                    continue
                }
                guard scanned else {
                    fellBack += 1
                    continue
                }
                expected.load(members, program: program, collectUnknownKeys: strict)
                #expect(scratch.values == expected.values, "\(input)")
                #expect(scratch.unknownKeys == expected.unknownKeys, "\(input)")
            }
        }
        // Only the two records that give a field twice (by its path, and in its group or list) are
        // left to the reader; the duplicate keys are the reader's errors.
        #expect(fellBack == 2 * 2)
    }

    /// A compact record of the nested bench spec, with an unknown key holding containers.
    static let compactNestedRecord =
        #"{"order_id":"ORD-00000001","email":"a@b.nl","address":{"street":"Dam 1","city":"Gent","#
        + #""postcode":"1012 JS","country":"NL"},"line_items":[{"sku":"ABC-1234","quantity":2,"#
        + #""unit_cents":1999,"note":"x"},{"sku":"XYZ-0001","quantity":1,"unit_cents":5}],"gift":false,"#
        + #""extra":[1,{"a":null}]}"#

    @Test("whitespace wherever JSON allows it is scanned, not left to the reader, into the same slots")
    func scannerSkipsWhitespaceBetweenTokens() throws {
        let program = try CompiledForm.load(contentsOf: Self.nestedBench).program
        let compact = Self.compactNestedRecord
        // Every place between two tokens: after `{ [ , :` and before `} ] , :` outside strings.
        var boundaries: [Int] = []
        var inString = false
        for (offset, byte) in compact.utf8.enumerated() {
            if byte == UInt8(ascii: "\"") { inString.toggle() }
            guard !inString, "{}[],:".utf8.contains(byte) else { continue }
            boundaries += [offset, offset + 1]
        }
        let bytes = Array(compact.utf8)
        func spaced(at places: [Int], with whitespace: String) -> String {
            var line: [UInt8] = []
            var start = 0
            for place in Set(places).sorted() {
                line += bytes[start..<place] + Array(whitespace.utf8)
                start = place
            }
            return String(decoding: line + bytes[start...], as: UTF8.self)
        }
        let inputs =
            boundaries.map { spaced(at: [$0], with: " ") } + [
                spaced(at: boundaries, with: " "), spaced(at: boundaries, with: "\t \r"),
                // What Python's `json.dumps` writes by default.
                compact.replacingOccurrences(of: "\",\"", with: "\", \"").replacingOccurrences(of: "\":", with: "\": "),
            ]
        var scanner = JSONRecordScanner(program: program)
        var scratch = EvaluationScratch(program)
        var expected = EvaluationScratch(program)
        guard case .object(let members) = try JSONReader.parse(compact) else {
            Issue.record("the reader refuses the compact record")
            return
        }
        expected.load(members, program: program, collectUnknownKeys: true)
        for input in inputs {
            let scanned = Array(input.utf8).withUnsafeBufferPointer {
                scanner.scan($0, into: &scratch, collectUnknownKeys: true) != nil
            }
            #expect(scanned, "left to the reader: \(input)")
            #expect(scratch.values == expected.values, "\(input)")
            #expect(scratch.unknownKeys == expected.unknownKeys, "\(input)")
        }
    }

    @Test("a record's line ends at its newline: the scan finds it and never reads past it")
    func scanEndsAtTheNewline() throws {
        let program = try CompiledForm.load(contentsOf: Self.nestedBench).program
        let record = Self.compactNestedRecord
        let next = #"{"order_id":"ORD-00000002"}"#
        var records = RecordValidator(program: program, context: EvaluationContext())
        func leadingLineEnd(_ text: String) -> Int? {
            Array(text.utf8).withUnsafeBufferPointer { records.readLeadingLine(of: $0, errorsOnly: true) }
        }
        let end = record.utf8.count
        // Where the line ends: at its `\n` (blanks and a `\r` before it are the record's), or
        // at the end of the bytes.
        #expect(leadingLineEnd(record) == end)
        #expect(leadingLineEnd(record + "\n" + next) == end)
        #expect(leadingLineEnd(record + " \t\r\n" + next) == end + 3)
        #expect(leadingLineEnd(" " + record + "\n") == end + 1)
        // A record that goes on past a `\n` is not one line's record: left to the line reader,
        // which finds the line and leaves its error to `JSONReader`.
        let broken = [
            record.replacingOccurrences(of: #""email":"#, with: "\n\"email\":"),
            record.replacingOccurrences(of: #"[1,{"a""#, with: "[1,\n{\"a\""),
            record.replacingOccurrences(of: #""Dam 1""#, with: "\"Dam\n1\""),
            record.replacingOccurrences(of: #""Dam 1""#, with: "\"Dam\\\n1\""),
            record.replacingOccurrences(of: "}]", with: "}\n]"), "\n" + record, record + "x\n",
        ]
        for text in broken {
            #expect(text.contains("\n"))
            #expect(leadingLineEnd(text + "\n" + next) == nil, "\(text)")
        }
        // A line holding a `\n` where JSON allows whitespace (no JSON Lines line does) is still
        // read, by `JSONReader`, into the same values.
        func report(_ text: String) throws -> Report? {
            let reading = Array(text.utf8).withUnsafeBufferPointer { records.read(line: $0) }
            guard case .read = reading else { return nil }
            _ = try records.evaluate()
            return records.report()
        }
        let expected = try #require(try report(record))
        for text in broken.prefix(2) + [record.replacingOccurrences(of: "}]", with: "}\n]")] {
            #expect(try report(text) == expected, "\(text)")
        }
    }
}
