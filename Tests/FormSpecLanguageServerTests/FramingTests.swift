import Testing

@testable import FormSpecLanguageServer

/// The base protocol's framing: `Content-Length` headers, a blank line, the body.
@Suite struct FramingTests {
    private func frames(_ input: String) -> [Frame] {
        frames(Array(input.utf8))
    }

    private func frames(_ bytes: [UInt8]) -> [Frame] {
        var reader = MessageReader(bytes: bytes)
        var out: [Frame] = []
        while true {
            let frame = reader.next()
            out.append(frame)
            if frame == .end || out.count > 20 { return out }
        }
    }

    @Test func readsConsecutiveFrames() {
        #expect(
            frames("Content-Length: 2\r\n\r\n{}Content-Length: 4\r\n\r\nnull")
                == [.message(Array("{}".utf8)), .message(Array("null".utf8)), .end])
    }

    @Test func headerNamesAreCaseInsensitiveAndOtherHeadersAreIgnored() {
        let input = "content-type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-LENGTH:  2 \r\n\r\n[]"
        #expect(frames(input) == [.message(Array("[]".utf8)), .end])
    }

    @Test func bareLineFeedsAreTolerated() {
        #expect(frames("Content-Length: 2\n\n{}") == [.message(Array("{}".utf8)), .end])
    }

    @Test func aHeaderWithoutALengthIsSkippedAndReadingGoesOn() {
        let result = frames("garbage\r\n\r\nContent-Length: x\r\n\r\nContent-Length: 2\r\n\r\n{}")
        #expect(result.count == 4)
        guard result.count == 4 else { return }
        if case .malformed = result[0] {} else { Issue.record("expected a malformed frame, got \(result[0])") }
        if case .malformed = result[1] {} else { Issue.record("expected a malformed frame, got \(result[1])") }
        #expect(result[2] == .message(Array("{}".utf8)))
    }

    @Test func aTruncatedBodyIsReportedThenTheInputEnds() {
        let result = frames("Content-Length: 10\r\n\r\n{}")
        #expect(result.count == 2)
        if case .malformed(let reason) = result.first {
            #expect(reason.contains("8 bytes before"))
            #expect(!reason.contains("{}"))
        } else {
            Issue.record("expected a malformed frame, got \(result)")
        }
        #expect(result.last == .end)
    }

    @Test func anOversizedLengthIsRejectedWithoutAllocatingIt() {
        let result = frames("Content-Length: 99999999999\r\n\r\n{}")
        if case .malformed(let reason) = result.first {
            #expect(reason.contains("exceeds the limit"))
        } else {
            Issue.record("expected a malformed frame, got \(result)")
        }
    }

    @Test func anOversizedLengthLosesOneMessageNotTheSession() {
        // The body is short: the next header comes long before the declared end.
        let result = frames(
            "Content-Length: 67108865\r\n\r\n{\"method\":\"initialized\"}Content-Length: 2\r\n\r\n{}")
        #expect(result.count == 3)
        if case .malformed(let reason) = result.first {
            #expect(reason.contains("over the limit"))
        } else {
            Issue.record("expected a malformed frame, got \(result)")
        }
        #expect(result.dropFirst().first == .message(Array("{}".utf8)))
        #expect(result.last == .end)
    }

    @Test func anOversizedBodyOfTheDeclaredLengthIsDroppedWhole() {
        let body = String(repeating: "x", count: MessageReader.maxBodySize + 1)
        let result = frames("Content-Length: \(body.utf8.count)\r\n\r\n" + body + "Content-Length: 2\r\n\r\n{}")
        #expect(result.count == 3)
        #expect(result.dropFirst().first == .message(Array("{}".utf8)))
    }

    @Test func anEndlessHeaderIsCutOff() {
        let result = frames(String(repeating: "x", count: MessageReader.maxHeaderSize + 10))
        if case .malformed = result.first {} else { Issue.record("expected a malformed frame, got \(result)") }
        #expect(result.last == .end)
    }
}
