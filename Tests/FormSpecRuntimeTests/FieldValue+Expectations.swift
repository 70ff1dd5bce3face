@_spi(Program) @_spi(Tooling) @testable import FormSpecRuntime

extension FieldValue {
    /// A value that fails `rule` when read, as the tests expect one: `==` on field values compares
    /// an unreadable value's rule, not its input (``FieldValue/isSame(as:)`` does).
    static func invalid(rule: String) -> FieldValue {
        .invalid(rule: rule, input: .null)
    }
}
