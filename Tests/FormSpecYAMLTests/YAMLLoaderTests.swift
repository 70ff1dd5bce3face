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

    /// An input document may hold a secret anywhere: its diagnostics quote neither keys nor alias
    /// names, only places.
    @Test func inputDiagnosticsQuoteNothingOfTheDocument() throws {
        let alias = #expect(throws: Diagnostic.self) { try load("password: *Pa55word\n") }
        #expect(alias?.message == "unknown alias (no anchor of that name before it)")
        #expect(alias?.location?.start == SourcePosition(line: 1, column: 11))
        let nested = try load("password: {hunter2: 1, hunter2: 2}\n")
        let rendered = nested.diagnostics.map { "\($0.message) \($0.notes.map(\.message))" }.joined()
        #expect(!rendered.contains("hunter2"))
        #expect(nested.diagnostics.count == 1)
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

    @Test func unknownAliasIsAnError() {
        #expect(throws: Diagnostic.self) { try load("a: *nope\n") }
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
