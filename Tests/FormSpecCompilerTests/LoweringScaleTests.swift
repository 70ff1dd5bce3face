import Testing

@testable import FormSpecCompiler

/// Lowering renders each message once per distinct source and label, found in a dictionary: its
/// keys must hash apart when they name other fields, or every item of a long list shares one
/// bucket and lowering takes quadratic time (a list of 1,000 rows comparing their fields took 12 s
/// in a release build, 0.6 s with the fields in the hash).
struct LoweringScaleTests {
    static func key(naming placeholder: PlaceholderValue) -> Lowering.RenderedMessages.Key {
        Lowering.RenderedMessages.Key(
            source: MessageSource(custom: nil, defaultKey: "different_from", placeholders: ["other": placeholder]),
            label: FieldLabel(text: "Name"))
    }

    @Test("messages that name other fields hash apart (they all hashed alike)")
    func keysNamingOtherFieldsHashApart() {
        let labels = Set((0..<1_000).map { Self.key(naming: .label($0)).hashValue })
        #expect(labels.count == 1_000)
        let lists = Set((0..<1_000).map { Self.key(naming: .labels([$0, $0 + 1], or: false)).hashValue })
        #expect(lists.count == 1_000)
    }

    @Test("equal keys still hash alike, whatever the order their placeholders were added in")
    func equalKeysHashAlike() {
        var first = MessageSource(custom: nil, defaultKey: "at_most", placeholders: [:])
        first.placeholders["other"] = .label(3)
        first.placeholders["at_most"] = .text("5")
        var second = MessageSource(custom: nil, defaultKey: "at_most", placeholders: [:])
        second.placeholders["at_most"] = .text("5")
        second.placeholders["other"] = .label(3)
        let label = FieldLabel(text: "Name")
        #expect(
            Lowering.RenderedMessages.Key(source: first, label: label).hashValue
                == Lowering.RenderedMessages.Key(source: second, label: label).hashValue)
    }
}
