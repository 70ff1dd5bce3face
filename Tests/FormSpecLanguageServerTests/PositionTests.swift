import FormSpecDiagnostics
import Testing

@testable import FormSpecLanguageServer

/// The compiler counts 1-based lines and columns in Unicode scalars; LSP counts 0-based lines and
/// UTF-16 code units. These pin the conversion on the characters where the two differ.
@Suite struct PositionTests {
    @Test func asciiColumnsMapOneToOne() {
        let index = LineIndex("formspec: 1\nform: signup\n")
        let location = SourceLocation(
            path: "x", start: SourcePosition(line: 2, column: 7), end: SourcePosition(line: 2, column: 13))
        #expect(index.lspRange(of: location) == range(1, 6, 1, 12))
    }

    @Test func anAstralCharacterIsTwoUTF16UnitsButOneColumn() {
        // "😀" is one scalar (one compiler column) and two UTF-16 code units.
        let index = LineIndex("label: \"😀 hi\"\nx: 😀😀 typo\n")
        let typo = SourceLocation(
            path: "x", start: SourcePosition(line: 2, column: 7), end: SourcePosition(line: 2, column: 11))
        #expect(index.lspRange(of: typo) == range(1, 8, 1, 12))
        #expect(index.sourcePosition(of: LSPPosition(line: 1, character: 8)) == SourcePosition(line: 2, column: 7))
    }

    /// A byte order mark a client keeps in `didOpen`'s text is not in the compiler's columns (the
    /// loader drops it): line 1's positions move one past it (were: one character to the left).
    @Test func aByteOrderMarkIsNotACompilerColumn() {
        let index = LineIndex("\u{FEFF}formspecc: 1\nform: a\n")
        let key = SourceLocation(
            path: "x", start: SourcePosition(line: 1, column: 1), end: SourcePosition(line: 1, column: 10))
        #expect(index.lspRange(of: key) == range(0, 1, 0, 10))
        #expect(index.sourcePosition(of: LSPPosition(line: 0, character: 3)) == SourcePosition(line: 1, column: 3))
        #expect(index.lspPosition(of: SourcePosition(line: 2, column: 1)) == LSPPosition(line: 1, character: 0))
    }

    @Test func combiningMarksCountAsScalarsNotGraphemes() {
        // "é" written as e + U+0301 is two scalars and two UTF-16 units.
        let index = LineIndex("e\u{301}: x")
        #expect(index.lspPosition(of: SourcePosition(line: 1, column: 4)) == LSPPosition(line: 0, character: 3))
    }

    @Test func crlfIsOneLineBreakForBoth() {
        let index = LineIndex("a: 1\r\nb: 2\r\n")
        #expect(index.lspPosition(of: SourcePosition(line: 2, column: 1)) == LSPPosition(line: 1, character: 0))
        #expect(index.utf16Offset(of: LSPPosition(line: 1, character: 0)) == 6)
    }

    @Test func yamlOnlyLineBreaksDoNotShiftLines() {
        // libyaml breaks lines at U+2028; the loader maps its positions onto the lines LSP and
        // editors count, so both read U+2028 as a character of line 1.
        let index = LineIndex("a: \"x\u{2028}y\"\nb: 2")
        #expect(index.lspPosition(of: SourcePosition(line: 1, column: 7)) == LSPPosition(line: 0, character: 6))
        #expect(index.lspPosition(of: SourcePosition(line: 2, column: 1)) == LSPPosition(line: 1, character: 0))
    }

    @Test func positionsPastTheEndClamp() {
        let index = LineIndex("ab\ncd")
        #expect(index.utf16Offset(of: LSPPosition(line: 0, character: 99)) == 2)
        #expect(index.utf16Offset(of: LSPPosition(line: 9, character: 0)) == 5)
        #expect(index.lspPosition(of: SourcePosition(line: 1, column: 99)) == LSPPosition(line: 0, character: 2))
        #expect(index.lspPosition(of: SourcePosition(line: 0, column: 0)) == LSPPosition(line: 0, character: 0))
    }

    @Test func aPositionInsideASurrogatePairMovesToItsStart() {
        let index = LineIndex("😀x")
        #expect(index.utf16Offset(of: LSPPosition(line: 0, character: 1)) == 0)
    }

    @Test func anEmptySpanCoversOneCharacter() {
        let index = LineIndex("😀x\n")
        let caret = SourceLocation(path: "x", start: SourcePosition(line: 1, column: 1))
        #expect(index.lspRange(of: caret) == range(0, 0, 0, 2))
        let atLineEnd = SourceLocation(path: "x", start: SourcePosition(line: 1, column: 3))
        #expect(index.lspRange(of: atLineEnd) == range(0, 3, 0, 3))
    }

    @Test func incrementalEditsUseUTF16Ranges() {
        var document = Document(uri: "file:///a.form.yaml", version: 1, text: "a: 😀 min_lenght\nb: 2\n")
        // Replace "ght" (UTF-16 characters 13..<16 on line 0, after the two-unit emoji) with "gth".
        document.apply(range: range(0, 13, 0, 16), text: "gth")
        #expect(document.text == "a: 😀 min_length\nb: 2\n")
        document.apply(range: range(1, 0, 2, 0), text: "")
        #expect(document.text == "a: 😀 min_length\n")
        document.apply(range: nil, text: "new")
        #expect(document.text == "new")
    }

    @Test func fileURIsRoundTripWithPercentEncoding() {
        let path = "/tmp/my specs/ü.form.yaml"
        let uri = DocumentURI.uri(ofPath: path)
        #expect(uri == "file:///tmp/my%20specs/%C3%BC.form.yaml")
        #expect(DocumentURI.path(of: uri) == path)
        #expect(DocumentURI.path(of: "file://localhost/a/b.yaml") == "/a/b.yaml")
        #expect(DocumentURI.path(of: "untitled:Untitled-1") == "untitled:Untitled-1")
    }

    private func range(_ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int) -> LSPRange {
        LSPRange(start: LSPPosition(line: l1, character: c1), end: LSPPosition(line: l2, character: c2))
    }
}
