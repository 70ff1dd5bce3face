import FormSpecDiagnostics
import Testing

@testable import FormSpecYAML

/// The libyaml loader: exact marks, styles, anchors, duplicates and hostile input.
struct YAMLLoaderTests {
    func load(_ text: String) throws -> LoadedYAML { try YAMLLoader.load(text, path: "t.yaml") }

    @Test func keepsStartAndEndMarksInCharacters() throws {
        let root = try #require(try load("a: 1\nnamé: \"héllo\"\n").root)
        let pairs = try #require(root.mapping)
        #expect(pairs[1].key.location.start == SourcePosition(line: 2, column: 1))
        #expect(pairs[1].key.location.end == SourcePosition(line: 2, column: 5))
        #expect(pairs[1].value.location.start == SourcePosition(line: 2, column: 7))
        #expect(pairs[1].value.location.end == SourcePosition(line: 2, column: 14))
        #expect(pairs[1].value.scalar == YAMLScalar("héllo", style: .doubleQuoted))
    }

    @Test func resolvesPlainScalarsByTheCoreSchema() throws {
        let root = try #require(
            try load("[1, '1', true, 'true', ~, 2.5, 0x10, 99999999999999999999, hello, .inf]").root)
        let resolved = try #require(root.sequence).map(\.resolved)
        #expect(resolved[0] == .integer(1))
        #expect(resolved[1] == .string("1"))
        #expect(resolved[2] == .bool(true))
        #expect(resolved[3] == .string("true"))
        #expect(resolved[4] == .null)
        #expect(resolved[5] == .float(2.5))
        #expect(resolved[6] == .integer(16))
        #expect(resolved[7] == .float(1e20))
        #expect(resolved[8] == .string("hello"))
        #expect(resolved[9] == .float(.infinity))
    }

    @Test func anchorsAliasesAndMergeKeys() throws {
        let root = try #require(try load("base: &b {x: 1, y: 2}\nc:\n  <<: *b\n  y: 3\nd: *b\n").root)
        let pairs = try #require(root.mapping)
        let merged = try #require(pairs[1].value.mapping)
        #expect(merged.map { $0.key.scalar!.text } == ["y", "x"])
        #expect(merged[0].value.resolved == .integer(3), "explicit keys win over merged ones")
        #expect(pairs[2].value.mapping?.count == 2)
    }

    @Test func aSecondMergeKeyIsADuplicateKey() throws {
        let loaded = try load("a: &a {x: 1}\nb: &b {y: 2}\nc:\n  <<: *a\n  <<: *b\nd:\n  <<: [*a, *b]\n")
        let pairs = try #require(loaded.root?.mapping)
        #expect(pairs[2].value.mapping?.map { $0.key.scalar!.text } == ["x"], "the first merge is kept")
        #expect(pairs[3].value.mapping?.map { $0.key.scalar!.text } == ["x", "y"])
        #expect(loaded.diagnostics.count == 1)
        let diagnostic = try #require(loaded.diagnostics.first)
        #expect(diagnostic.message.hasPrefix("duplicate key"))
        #expect(diagnostic.location?.start == SourcePosition(line: 5, column: 3))
        #expect(diagnostic.notes.first?.location?.start == SourcePosition(line: 4, column: 3))
        #expect(diagnostic.notes.last?.message == "merge several mappings with one key: '<<: [*a, *b]'")
    }

    @Test func duplicateKeysAreReportedAndTheFirstKept() throws {
        let loaded = try load("a: 1\nb: 2\na: 3\n")
        #expect(loaded.root?.mapping?.count == 2)
        #expect(loaded.diagnostics.count == 1)
        let diagnostic = try #require(loaded.diagnostics.first)
        #expect(diagnostic.message == "duplicate key")
        #expect(diagnostic.location?.start == SourcePosition(line: 3, column: 1))
        #expect(diagnostic.notes.first?.location?.start == SourcePosition(line: 1, column: 1))
        var quoting = YAMLLoader.Limits()
        quoting.quotesText = true
        let spec = try YAMLLoader.load("a: 1\nb: 2\na: 3\n", path: "t.yaml", limits: quoting)
        #expect(spec.diagnostics.first?.message == "duplicate key 'a'")
    }

    /// Keys match as written, scalar by scalar, as JSON's do: a precomposed and a decomposed `café`
    /// are two keys, not a duplicate (Swift's `String` equality would make them one).
    @Test func keysThatDifferOnlyInNormalizationAreTwoKeys() throws {
        let loaded = try load("caf\u{E9}: 1\ncafe\u{301}: 2\ncaf\u{E9}: 3\n")
        #expect(loaded.root?.mapping?.count == 2)
        #expect(loaded.diagnostics.map(\.message) == ["duplicate key"])
        #expect(loaded.diagnostics.first?.location?.start.line == 3)
    }

    /// A file that is not UTF-8 is named so, at the byte that starts no character (Latin-1's `é`
    /// before `t`: libyaml names the `t`), and UTF-16 by its byte order mark.
    @Test func aFileThatIsNotUTF8SaysSoAtItsByte() {
        func error(_ bytes: [UInt8]) -> Diagnostic? {
            do {
                _ = try YAMLLoader.load(bytes, path: "t.yaml")
                return nil
            } catch { return error }
        }
        let latin1 = error(Array("a: caf".utf8) + [0xE9, 0x74, 0x0A])
        #expect(latin1?.message == "the file is not UTF-8 text: byte 0xE9 starts no UTF-8 character here")
        #expect(latin1?.location?.start == SourcePosition(line: 1, column: 7))
        // An overlong form and an encoded surrogate are no UTF-8 either.
        #expect(error(Array("a: ".utf8) + [0xC0, 0xAF])?.message.hasPrefix("the file is not UTF-8 text") == true)
        #expect(error(Array("a: ".utf8) + [0xED, 0xA0, 0x80])?.message.hasPrefix("the file is not UTF-8 text") == true)
        let utf16 = error([0xFF, 0xFE, 0x61, 0x00, 0x3A, 0x00])
        #expect(utf16?.message == "the file is UTF-16 (it starts with a UTF-16 byte order mark), not UTF-8")
    }

    @Test func aTabWhereIndentationGoesSaysSo() {
        let error = #expect(throws: Diagnostic.self) { try load("a:\n\tb: 1\n") }
        #expect(error?.notes.map(\.message).contains("YAML indents with spaces; replace this tab with spaces") == true)
    }

    @Test func aYAMLDirectiveOfAnotherVersionIsAWarning() throws {
        let loaded = try load("%YAML 1.1\n---\na: yes\n")
        #expect(loaded.diagnostics.map(\.message) == ["FormSpec reads YAML 1.2; this file says '%YAML 1.1'"])
        #expect(loaded.diagnostics.first?.severity == .warning)
        #expect(try load("%YAML 1.2\n---\na: 1\n").diagnostics.isEmpty)
    }

    /// A scalar's source (kept for spec files) maps each scalar of its text to where it is written.
    @Test(arguments: [
        ("a: \"x\\\\d\\u00e9y\"\n", [5, 6, 8, 9, 15]),
        ("a: 'it''s'\n", [5, 6, 7, 9]),
        ("a: |\n  ab\n  c\n", [2 << 8 | 3, 2 << 8 | 4, 2 << 8 | 5, 3 << 8 | 3, 3 << 8 | 4]),
    ])
    func scalarPositionsFollowTheSource(text: String, places: [Int]) throws {
        var limits = YAMLLoader.Limits()
        limits.quotesText = true
        let node = try #require(try YAMLLoader.load(text, path: "t.yaml", limits: limits).root?.mapping?.first?.value)
        let positions = try #require(node.scalar?.scalarPositions(startingAt: node.location.start))
        // One line unless packed as line << 8 | column (1-based).
        let expected = places.map {
            $0 > 255 ? SourcePosition(line: $0 >> 8, column: $0 & 0xFF) : SourcePosition(line: 1, column: $0)
        }
        #expect(Array(positions.prefix(expected.count)) == expected, "\(positions)")
    }

    /// An input document may hold a secret anywhere: its diagnostics quote neither keys nor alias
    /// names, only places.
    @Test func inputDiagnosticsQuoteNothingOfTheDocument() throws {
        let alias = try load("password: *Pa55word\n").diagnostics.first
        #expect(alias?.message == "unknown alias (no anchor of that name before it)")
        #expect(alias?.location?.start == SourcePosition(line: 1, column: 11))
        let nested = try load("password: {hunter2: 1, hunter2: 2}\n")
        let rendered = nested.diagnostics.map { "\($0.message) \($0.notes.map(\.message))" }.joined()
        #expect(!rendered.contains("hunter2"))
        #expect(nested.diagnostics.count == 1)
    }

    /// An unknown alias and a merge of something that is no mapping are reported, and the rest of
    /// the file is still read (was: the first one ended the load, hiding every other problem).
    @Test func aliasAndMergeMistakesLetTheRestBeRead() throws {
        var limits = YAMLLoader.Limits()
        limits.quotesText = true
        let loaded = try YAMLLoader.load(
            "a: {<<: hello}\nb: *later\nc: {<<: [5]}\nd: &d [*d]\ne: 1\n", path: "t.yaml", limits: limits)
        #expect(
            loaded.diagnostics.map(\.message) == [
                "a merge key '<<' takes a mapping or a list of mappings", "unknown alias '*later'",
                "a merge key '<<' takes a mapping or a list of mappings",
                "alias '*d' is inside its own anchor: a node cannot contain itself",
            ])
        // `b`, whose value is the unknown alias, is left out; `d` is a list without the item.
        #expect(loaded.root?.mapping?.map { $0.key.scalar?.text } == ["a", "c", "d", "e"])
        #expect(loaded.root?.mapping?.first { $0.key.scalar?.text == "d" }?.value.sequence?.isEmpty == true)
    }

    @Test func malformedYAMLIsADiagnosticWithAPlace() {
        let error = #expect(throws: Diagnostic.self) { try load("a: [1, 2\nb: 3\n") }
        #expect(error?.message.hasPrefix("malformed YAML") == true)
        #expect(error?.location?.start.line == 2)
    }

    @Test func invalidUTF8PointsAtTheByte() {
        let error = #expect(throws: Diagnostic.self) {
            try YAMLLoader.load(Array("a: 1\nb: ".utf8) + [0xFF, 0x0A], path: "t.yaml")
        }
        #expect(error?.message.contains("UTF-8") == true)
        #expect(error?.location?.start == SourcePosition(line: 2, column: 4))
    }

    @Test func billionLaughsFailsFast() {
        var text = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        for (previous, name) in zip("abcdefghi", "bcdefghij") {
            text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
        }
        let error = #expect(throws: Diagnostic.self) { try load(text) }
        #expect(error?.message.contains("alias expansion exceeds") == true)
    }

    @Test func tenThousandDeepNestingIsRejected() {
        let text = "a: " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let error = #expect(throws: Diagnostic.self) { try load(text) }
        #expect(error?.message == "nesting is deeper than 200 levels")
    }

    @Test func oneDocumentOnly() {
        let error = #expect(throws: Diagnostic.self) { try load("a: 1\n---\nb: 2\n") }
        #expect(error?.message.contains("one YAML document") == true)
    }

    @Test func emptyFileHasNoRoot() throws {
        #expect(try load("").root == nil)
        #expect(try load("# only a comment\n").root == nil)
    }

    @Test func unknownAliasIsAnError() throws {
        let loaded = try load("a: *nope\n")
        #expect(loaded.diagnostics.map(\.severity) == [.error])
        // A document that is only an unknown alias has nothing else to read: that is the error.
        let alone = #expect(throws: Diagnostic.self) { try load("*nope\n") }
        #expect(alone?.message == "unknown alias (no anchor of that name before it)")
    }

    @Test func aKeyThatIsACollectionIsSteppedOverAndTheRestRead() throws {
        let loaded = try load("a: 1\n[b]: 2\n{c: d}: 3\ne: 4\ne: 5\n")
        let keys = try #require(loaded.root?.mapping).map { $0.key.scalar?.text }
        #expect(keys == ["a", "e"])
        #expect(
            loaded.diagnostics.map(\.message) == [
                "mapping keys must be plain strings, not a list",
                "mapping keys must be plain strings, not a mapping",
                "duplicate key",
            ])
        #expect(loaded.diagnostics.first?.location?.start == SourcePosition(line: 2, column: 1))
    }

    /// Hexadecimal and octal integers past `Int64` are whole numbers of their exact value (they
    /// were the nearest double, or text), and only the core schema's spellings are numbers.
    @Test func hexadecimalAndOctalIntegersOfAnySize() throws {
        let root = try #require(
            try load("[0x8000000000000004, 0o1000000000000000000000, 0x10000000000000001, +0x10, 0X10, 0x1p3, 0o8]")
                .root)
        let items = try #require(root.sequence)
        let texts = items.compactMap { $0.scalar?.text }
        #expect(ResolvedScalar.decimalDigits(ofInteger: texts[0]) == "9223372036854775812")
        #expect(ResolvedScalar.decimalDigits(ofInteger: texts[1]) == "9223372036854775808")
        #expect(ResolvedScalar.decimalDigits(ofInteger: texts[2]) == "18446744073709551617")
        #expect(items.prefix(3).allSatisfy { if case .float = $0.resolved { true } else { false } })
        #expect(
            items.dropFirst(3).map(\.resolved) == [.string("+0x10"), .string("0X10"), .string("0x1p3"), .string("0o8")])
        #expect(ResolvedScalar.decimalDigits(ofInteger: "0x") == nil)
        // A huge literal is past a double's range: text, at once (the conversion is quadratic).
        let huge = "0x" + String(repeating: "f", count: 1_000_000)
        #expect(
            try load("[\(huge), 0x\(String(repeating: "0", count: 100_000))1]").root?.sequence?.map(\.resolved) == [
                .string(huge), .integer(1),
            ])
        #expect(ResolvedScalar.decimalDigits(ofInteger: "12") == nil)
        // `!!int` takes a whole number past `Int64`, in any core spelling, and no fraction.
        let tagged = try load("[!!int 18446744073709551617, !!int 0x10000000000000001, !!int 1.5]")
        #expect(tagged.diagnostics.map(\.message) == ["a tagged value must be an integer, not a number"])
    }

    @Test func coreTagsAreReadAndOthersReported() throws {
        var limits = YAMLLoader.Limits()
        limits.quotesText = true
        let loaded = try YAMLLoader.load(
            "[!!str 3, !!int \"3\", !!float 5, !!bool 'true', !!null ~, ! 4, !!int abc, !!binary aGk=, !x 1, !!map [1]]",
            path: "t.yaml", limits: limits)
        let items = try #require(loaded.root?.sequence)
        #expect(
            items.prefix(6).map(\.resolved) == [
                .string("3"), .integer(3), .integer(5), .bool(true), .null, .string("4"),
            ])
        // A string tagged !!str is a string, not "a number out of range".
        #expect(items[0].kindDescription == "a string")
        #expect(
            loaded.diagnostics.map(\.message) == [
                "a value tagged '!!int' must be an integer, not a string",
                "unsupported YAML tag '!!binary'",
                "unsupported YAML tag '!x'",
                "a value tagged '!!map' must be a mapping, not a list",
            ])
        // An input's diagnostics quote nothing of it, not even a tag.
        let input = try load("a: !secret-tag 1\n")
        #expect(input.diagnostics.map(\.message) == ["unsupported YAML tag"])
    }
}
