@_spi(Tooling) import FormSpecRuntime

extension Checker {
    /// Field types whose values are text, where `case: insensitive` means something.
    static let caseFoldableTypes: Set<FieldType> = [.text, .secret, .choice]

    /// Whether rule item `item` on `field` compares without regard to case: `case: insensitive`,
    /// checked (a known value, on a text, secret or choice field: on another, either value is an
    /// error). `case: sensitive` is the default and may be written.
    mutating func ignoresCase(_ item: RuleSyntax, field: FieldInfo) -> Bool {
        ignoresCase(item, type: field.type, compared: field.named + (field.itemOf == nil ? " is" : " are"))
    }

    /// ``ignoresCase(_:field:)`` for values of `type`, which the error names as `compared`
    /// ("field 'x' is", "the items of 'tags' are").
    mutating func ignoresCase(_ item: RuleSyntax, type: FieldType, compared: String) -> Bool {
        guard let written = item.textCase,
            let textCase = known(
                written, as: TextCase.self, what: "'case' value", plural: "'case' values",
                list: "sensitive (default), insensitive")
        else { return false }
        guard Self.caseFoldableTypes.contains(type) else {
            diagnostics.error(
                "'case: \(written.value)' compares text, and \(compared) \(type.rawValue)", at: written.location,
                notes: [.init("'case' applies to text, secret and choice fields")])
            return false
        }
        return textCase == .insensitive
    }
}
