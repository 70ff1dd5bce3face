@_spi(Tooling) import FormSpecRuntime
import Foundation
import Testing

@testable import FormSpecLanguageServer

/// Round trips over real pipes on a 1,000-field spec. The bounds are loose enough for a debug
/// build on a busy machine; they catch a request that went quadratic, not a slow millisecond.
/// For release numbers: `swift build -c release --product formspec`, then
/// `FORMSPEC_BIN=.build/release/formspec swift test --filter aThousandFieldSpec`.
@Suite(.serialized) struct TimingTests {
    /// A spec with `count` fields, each with a few rules, a `use:` of an imported define and a
    /// reference to the previous field.
    static func bigSpec(fields count: Int) -> String {
        var lines = ["formspec: 1", "form: big", "import: [common.rules.yaml]", "fields:"]
        for index in 0..<count {
            lines += [
                "  field_\(index):", "    label: Field \(index)", "    required: true", "    rules:",
                "      - min_length: 3", "      - max_length: 40", "        message: Too long", "      - use: handle",
            ]
            if index > 0 { lines.append("      - different_from: field_\(index - 1)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func aThousandFieldSpecIsAnsweredInMilliseconds() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formspec-lsp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(ServerTests.library.utf8).write(to: folder.appendingPathComponent("common.rules.yaml"))
        let text = Self.bigSpec(fields: 1000)
        let uri = Value.string(DocumentURI.uri(ofPath: folder.appendingPathComponent("big.form.yaml").path))
        let client = try StdioClient(folder: folder)
        defer { _ = client.finish() }
        try client.request("initialize", ["capabilities": [:]])
        client.notify("initialized", [:])

        let clock = ContinuousClock()
        func milliseconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        }
        func position(_ line: Int, _ character: Int) -> Value {
            ["line": .integer(Int64(line)), "character": .integer(Int64(character))]
        }

        var start = clock.now
        client.notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": uri, "languageId": "yaml", "version": 1, "text": .string(text)]])
        let opened = try client.receive()
        let openTime = milliseconds(clock.now - start)
        #expect(opened["params"]?["diagnostics"] == [])

        // A typo in the last field's rule, then its fix: each change is compiled and published.
        let lastRule = text.split(separator: "\n", omittingEmptySubsequences: false).count - 6
        start = clock.now
        client.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": uri, "version": 2],
                "contentChanges": [
                    ["range": ["start": position(lastRule, 8), "end": position(lastRule, 11)], "text": "mni"]
                ],
            ])
        let broken = try client.receive()
        let changeTime = milliseconds(clock.now - start)
        #expect(broken["params"]?["diagnostics"]?.array?.first?["message"] == "unknown rule 'mni_length'")

        var timings: [String: Double] = [:]
        let requests: [(String, String, Value)] = [
            ("completion (rule names)", "textDocument/completion", position(lastRule, 8)),
            ("completion (1,000 field names)", "textDocument/completion", position(lastRule + 4, 24)),
            ("hover (field reference)", "textDocument/hover", position(lastRule + 4, 26)),
            ("definition (field reference)", "textDocument/definition", position(lastRule + 4, 26)),
            ("definition (imported define)", "textDocument/definition", position(lastRule + 3, 15)),
        ]
        for (name, method, at) in requests {
            var best = Double.infinity
            for _ in 0..<5 {
                start = clock.now
                let reply = try client.request(method, ["textDocument": ["uri": uri], "position": at])
                best = min(best, milliseconds(clock.now - start))
                #expect(reply["result"] != nil && reply["result"] != .null, "\(name) gave no answer")
            }
            timings[name] = best
        }
        let report = (["didOpen -> diagnostics": openTime, "didChange -> diagnostics": changeTime] + timings)
            .sorted { $0.key < $1.key }.map { "  \($0.key): \(String(format: "%.1f", $0.value)) ms" }
            .joined(separator: "\n")
        print("formspec lsp on a 1,000-field spec (\(text.utf8.count) bytes), over pipes:\n\(report)")
        for (name, time) in timings { #expect(time < 1000, "\(name) took \(time) ms") }
        #expect(openTime < 30_000)
        #expect(try client.request("shutdown", .null)["result"] == .null)
        client.notify("exit", .null)
    }
}

extension Dictionary {
    fileprivate static func + (lhs: Self, rhs: Self) -> Self { lhs.merging(rhs) { $1 } }
}
