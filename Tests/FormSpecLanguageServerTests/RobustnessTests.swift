@_spi(Tooling) import FormSpecRuntime
import FormSpecTestSupport
import Foundation
import Testing

@testable import FormSpecLanguageServer

/// Mangled specs and positions anywhere (past line ends, inside surrogate pairs, negative) must
/// never crash the server: every request gets an answer.
@Suite struct RobustnessTests {
    /// Pieces spliced into the spec: YAML punctuation, astral characters, line breaks of every kind.
    static let pieces = [
        "{", "}", "[", "]", ":", ": ", "- ", "\n", "\r\n", "\r", "\u{2028}", "😀", "e\u{301}", "\"", "'", "#", "|",
        ">", "&a", "*a", "\t", "    ", "field: ", "use: ", "same_as: ", "when: {field: ", "\u{0}", "zh-Hant: ",
    ]

    @Test(arguments: 0..<40) func mangledSpecsAndWildPositionsGetAnswers(seed: Int) {
        var random = SplitMix64(state: UInt64(seed))
        var text = ServerTests.form
        for _ in 0..<Int.random(in: 1...8, using: &random) {
            var scalars = Array(text.unicodeScalars)
            let at = Int.random(in: 0...scalars.count, using: &random)
            if Bool.random(using: &random), at < scalars.count {
                scalars.removeSubrange(at..<min(scalars.count, at + Int.random(in: 1...6, using: &random)))
            } else {
                scalars.insert(contentsOf: Self.pieces.randomElement(using: &random)!.unicodeScalars, at: at)
            }
            text = String(String.UnicodeScalarView(scalars))
        }
        let client = InProcessClient(files: ["/specs/common.rules.yaml": ServerTests.library])
        let path = "/specs/signup.form.yaml"
        client.open(path, text)
        _ = client.published()
        let uri = Value.string(DocumentURI.uri(ofPath: path))
        let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
        for _ in 0..<30 {
            let line = Int64.random(in: -1...Int64(lineCount + 1), using: &random)
            let character = Int64.random(in: -1...40, using: &random)
            let position: Value = ["line": .integer(line), "character": .integer(character)]
            for method in ["textDocument/completion", "textDocument/hover", "textDocument/definition"] {
                let reply = client.request(method, ["textDocument": ["uri": uri], "position": position])
                #expect(reply["result"] != nil, "\(method) at \(line):\(character) gave \(reply)")
            }
            // An edit at a random range, including ranges that run backwards or past the end.
            let end = Int64.random(in: -1...Int64(lineCount + 1), using: &random)
            client.change(
                path, version: Int64(seed),
                [
                    [
                        "range": [
                            "start": position, "end": ["line": .integer(end), "character": .integer(character)],
                        ],
                        "text": .string(Self.pieces.randomElement(using: &random)!),
                    ]
                ])
        }
        _ = client.published()
    }
}
