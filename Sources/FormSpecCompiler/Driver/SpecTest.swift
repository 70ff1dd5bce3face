public import FormSpecDiagnostics
public import FormSpecRuntime

/// One test case written in a spec's `tests:` section (docs/reference.md), checked and ready to run.
public struct SpecTest: Sendable {
    /// What the test expects of the report.
    public enum Expectation: Sendable, Equatable {
        /// `expect: valid`.
        case valid
        /// `expect: {valid: false}` alone: only validity is checked.
        case invalid
        /// `expect: {errors: …, form_errors: …}`: exactly these fields fail with exactly these messages,
        /// in order; `formErrors` is checked only when given.
        case errors(fields: [(name: String, messages: [String])], formErrors: [String]?)

        public static func == (lhs: Expectation, rhs: Expectation) -> Bool {
            switch (lhs, rhs) {
            case (.valid, .valid), (.invalid, .invalid): true
            case let (.errors(a, fa), .errors(b, fb)):
                fa == fb && a.count == b.count
                    && zip(a, b).allSatisfy { $0.name == $1.name && $0.messages == $1.messages }
            default: false
            }
        }
    }

    /// The test's name.
    public var name: String
    /// Where the test is written (its `- name:` item).
    public var location: SourceLocation
    /// The input object.
    public var input: Value
    /// What the report must show.
    public var expectation: Expectation
    /// The locale to validate in (`nil`: the spec's).
    public var locale: String?
    /// The mode (`new` when not given).
    public var mode: Mode
    /// Original values for edit mode.
    public var original: Value?
    /// Stubbed outcomes of external checks.
    public var stubs: [String: Bool]
}
