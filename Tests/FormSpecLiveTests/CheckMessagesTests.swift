@_spi(Program) @_spi(Tooling) import FormSpecRuntime
import Testing

@testable import FormSpecLive

/// The message of a check that threw: its label and reason are filled in once, so a label or a
/// reason that holds a placeholder's spelling is shown as it is (JavaScript's twin is tested in
/// Tests/JavaScript/live-form.test.mjs, where `$&` in a reason was also read as a pattern).
struct CheckMessagesTests {
    @Test func aLabelOrReasonHoldingAPlaceholderIsShownAsWritten() {
        let english = LocaleChain(requested: nil, specLocale: "en")
        // Filled in turn, the `{reason}` in the label became the reason.
        #expect(
            CheckMessages.failure(reason: "timed out", label: "Code {reason}", chain: english)
                == "Could not check Code {reason}: timed out")
        #expect(
            CheckMessages.failure(reason: "limit $& {label} reached", label: "Price $$", chain: english)
                == "Could not check Price $$: limit $& {label} reached")
        let japanese = LocaleChain(requested: "ja", specLocale: "en")
        #expect(
            CheckMessages.failure(reason: "{label}", label: "{reason}", chain: japanese)
                == "{reason}を確認できませんでした: {label}")
    }
}
