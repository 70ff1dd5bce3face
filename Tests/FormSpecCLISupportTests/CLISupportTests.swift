import FormSpec
import FormSpecCLISupport
@_spi(Tooling) import FormSpecRuntime
import Foundation
import Testing

@Suite("CLI support")
struct CLISupportTests {
    /// Every line a reader with a tiny buffer yields, as strings (`nil` for an oversized line).
    func lines(of text: String, bufferSize: Int, maxLineLength: Int = 1 << 20) throws -> [(Int, String?)] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lines-\(UUID().uuidString)")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let descriptor = open(url.path, O_RDONLY)
        let reader = LineReader(
            descriptor: descriptor, path: url.path, ownsDescriptor: true, bufferSize: bufferSize,
            maxLineLength: maxLineLength)
        var result: [(Int, String?)] = []
        try reader.forEachLine { line in
            result.append((line.number, line.isOversized ? nil : String(decoding: line.bytes, as: UTF8.self)))
        }
        return result
    }

    @Test(
        "LineReader splits lines across buffer boundaries, drops \\r, keeps a last unterminated line",
        arguments: [1, 2, 3, 7, 64])
    func lineReader(bufferSize: Int) throws {
        let read = try lines(of: "alpha\r\nbeta\n\ngamma delta\nend", bufferSize: bufferSize)
        #expect(read.map(\.0) == [1, 2, 3, 4, 5])
        #expect(read.map(\.1) == ["alpha", "beta", "", "gamma delta", "end"])
    }

    @Test(
        "scriptSafe escapes </, U+2028 and U+2029 byte by byte and leaves the rest",
        arguments: [
            ("{\"m\":\"</script>\"}", #"{"m":"<\/script>"}"#),
            // A combining mark after `/` makes `/\u{301}` one Character; the bytes still hold `</`.
            ("</\u{301}", "<\\/\u{301}"),
            ("a\u{2028}b\u{2029}c", #"a\u2028b\u2029c"#),
            // Other characters of the same lead byte (E2): `€` (E2 82 AC), `‧` (E2 80 A7).
            ("€‧<a<", "€‧<a<"),
            ("<<//", #"<<\//"#),
            ("", ""),
        ])
    func scriptSafe(input: String, expected: String) {
        #expect(JavaScriptEmitter.scriptSafe(input) == expected)
    }

    @Test("createDirectory makes missing folders, accepts existing ones, and names a file in the way")
    func createDirectory() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mkdir-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileIO.createDirectory(root + "/a/b/c")
        try FileIO.createDirectory(root + "/a/b/c")
        try FileIO.createDirectory(root + "/a/b/")
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: root + "/a/b/c", isDirectory: &isFolder) && isFolder.boolValue)
        try FileIO.write(Array("x".utf8), toPath: root + "/file")
        #expect(throws: FileError(path: root + "/file/d", operation: .create, reason: "Not a directory")) {
            try FileIO.createDirectory(root + "/file/d")
        }
        // Said in words: "File exists" read as if the folder were there (a tester's `-o afile`).
        #expect(
            throws: FileError(
                path: root + "/file", operation: .create, reason: "a file of that name is there, not a folder")
        ) {
            try FileIO.createDirectory(root + "/file")
        }
    }

    @Test("a descriptor is read to its end: the limit's bytes are read, one more is refused, a bad one is named")
    func descriptorReading() throws {
        // Past one 64 KiB read, so the limit is checked across reads.
        let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0) }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("read-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        func read(limit: Int) throws(FileError) -> [UInt8] {
            let descriptor = open(url.path, O_RDONLY)
            defer { close(descriptor) }
            return try FileIO.read(descriptor: descriptor, path: "input", limit: limit)
        }
        #expect(try read(limit: 70_000) == bytes)
        #expect(try read(limit: .max) == bytes)
        let tooLong = #expect(throws: FileError.self) { try read(limit: 69_999) }
        #expect(tooLong?.exceedsLimit == true)
        #expect(
            tooLong?.description
                == "cannot read 'input': the input is larger than 69999 bytes (raise the limit with --max-input-bytes)")
        let closed = #expect(throws: FileError.self) { try FileIO.read(descriptor: -1, path: "input") }
        #expect(closed?.exceedsLimit == false)
        #expect(closed?.reason == String(cString: strerror(EBADF)))
    }

    @Test("LineReader skips a line over its limit without keeping it")
    func oversizedLine() throws {
        let read = try lines(of: "short\n0123456789abcdef\nafter\n", bufferSize: 4, maxLineLength: 10)
        #expect(read.map(\.1) == ["short", nil, "after"])
        #expect(read.map(\.0) == [1, 2, 3])
    }

    @Test("type names are UpperCamelCase plus Form")
    func typeNames() {
        #expect(SwiftSourceEmitter.typeName(forForm: "signup") == "SignupForm")
        #expect(SwiftSourceEmitter.typeName(forForm: "tax_return_2024") == "TaxReturn2024Form")
        #expect(SwiftSourceEmitter.typeName(forForm: "contact_form") == "ContactForm")
    }

    @Test("the raw-string delimiter outgrows every quote-hash and backslash-hash run")
    func rawDelimiter() {
        #expect(SwiftSourceEmitter.rawDelimiter(for: #"{"a": "b"}"#) == "#")
        #expect(SwiftSourceEmitter.rawDelimiter(for: ##"{"pattern": "\"#"}"##) == "##")
        #expect(SwiftSourceEmitter.rawDelimiter(for: ##"{"p": "\\#(x)"}"##) == "##")
        #expect(SwiftSourceEmitter.rawDelimiter(for: "\"## \\##") == "###")
    }

    @Test("YAML inputs: plain scalars are typed, quoted ones are strings, order is kept")
    func yamlValues() throws {
        let yaml = "name: Mei\nage: 42\nheight: 1.6\nsubscribed: true\nzip: '01234'\nnothing: ~\ntags: [a, b]\n"
        let value = try InputDecoder.decode(Array(yaml.utf8), path: "in.yaml", syntax: .yaml)
        let expected: Value = [
            "name": "Mei", "age": 42, "height": 1.6, "subscribed": true, "zip": "01234", "nothing": nil,
            "tags": ["a", "b"],
        ]
        #expect(value == expected)
    }

    @Test("without an extension, text starting with { is JSON and anything else YAML")
    func syntaxGuess() throws {
        #expect(try InputDecoder.decode(Array(#"{"a": 1}"#.utf8), path: "-") == ["a": 1])
        #expect(try InputDecoder.decode(Array("a: 1\n".utf8), path: "-") == ["a": 1])
        #expect(throws: InputError.self) { try InputDecoder.decode(Array("  \n".utf8), path: "-") }
        // A JSON number out of range is JSON's error, not a cue to read the text as YAML (which
        // read it as a string, so stdin and a .json file gave different verdicts).
        do {
            _ = try InputDecoder.decode(Array(#"{"t": 1e1000000001}"#.utf8), path: "-")
            Issue.record("accepted")
        } catch {
            #expect(error.message == "1:7: invalid number: exponent too large")
        }
        // YAML that starts like JSON is still YAML, whatever its numbers.
        let yaml = try InputDecoder.decode(Array(#"{"n": 1e-1000000001, m: x}"#.utf8), path: "-")
        #expect(yaml == ["n": "1e-1000000001", "m": "x"])
    }

    @Test("a JSON error message never quotes the offending number")
    func sanitizedNumbers() {
        // A number's digits could be a secret field's value: no reader message repeats them.
        for bad in ["{\"a\": 0123456789}", "{\"a\": 1234.}", "{\"a\": 98765e}", "[-9876543210x]"] {
            do {
                _ = try InputDecoder.decode(Array(bad.utf8), path: "-", syntax: .json)
                Issue.record("\(bad) was accepted")
            } catch {
                #expect(!error.message.contains("9876"), "\(error.message)")
            }
        }
    }

    @Test("diagnostics as JSON: one object a line with a place, or null for none")
    func diagnosticJSON() throws {
        let located = Diagnostic.error(
            "unknown rule 'x'", at: SourceLocation(path: "a.form.yaml", start: SourcePosition(line: 2, column: 3)),
            notes: [Diagnostic.Note("did you mean 'y'?")])
        let placeless = Diagnostic.warning("no specs", at: nil)
        let text = DiagnosticJSON.encode([located, placeless])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(array[0]["line"] as? Int == 2)
        #expect(array[0]["column"] as? Int == 3)
        #expect((array[0]["notes"] as? [[String: Any]])?.first?["message"] as? String == "did you mean 'y'?")
        #expect(array[1]["path"] is NSNull)
        #expect(DiagnosticJSON.encode([]) == "[]\n")
    }

    @Test("the text report marks passed, failed and not-run requirements")
    func textReport() {
        let report = Report(
            form: "signup", valid: false,
            fields: [
                "username": FieldReport(
                    valid: false, errors: [Issue(rule: "min_length", message: "Too short")],
                    checks: [Check(rule: "min_length", passed: false, requirement: "At least 3")]),
                "bio": FieldReport(
                    valid: true, errors: [],
                    checks: [Check(rule: "max_length", passed: false, requirement: "At most 9")]),
                // A value of another type: no rule read it.
                "age": FieldReport(
                    valid: false, errors: [Issue(rule: "type", message: "Age must be a whole number")],
                    checks: [
                        Check(rule: "required", passed: true, requirement: "Age is required"),
                        Check(rule: "min", passed: false, requirement: "At least 18"),
                    ]),
                // None of the options: no rule read it either.
                "size": FieldReport(
                    valid: false, errors: [Issue(rule: "choice", message: "Size must be one of s or m")],
                    checks: [Check(rule: "not_equals", passed: false, requirement: "Not s")]),
            ],
            fieldOrder: ["username", "bio", "age", "size"], formErrors: [], changed: ["username"])
        let text = TextReportFormatter().format(report, source: "line 4")
        #expect(
            text == """
                line 4: signup: INVALID
                  ✗ username
                      ✗ At least 3
                      error: Too short
                  ✓ bio
                      ○ At most 9
                  ✗ age
                      ✓ Age is required
                      ○ At least 18
                      error: Age must be a whole number
                  ✗ size
                      ○ Not s
                      error: Size must be one of s or m
                  changed: username

                """)
    }
}
