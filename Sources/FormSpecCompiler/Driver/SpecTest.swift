public import FormSpecDiagnostics
public import FormSpecRuntime

/// One test case written in a spec's `tests:` section (docs/reference.md), checked and ready to run.
public struct SpecTest: Sendable {
    /// The messages expected on one field, in order.
    public struct FieldMessages: Sendable, Equatable {
        /// The field's name.
        public var field: String
        /// The messages, in report order.
        public var messages: [String]

        /// Creates an expectation of one field's messages.
        public init(field: String, messages: [String]) {
            self.field = field
            self.messages = messages
        }
    }

    /// The checklist expected of one field (`expect: {checks: {FIELD: …}}`).
    public enum FieldChecks: Sendable, Equatable {
        /// The full form, a list of `{rule, passed}` (and optionally `requirement`): the field's checklist
        /// is exactly this, in order.
        case exact([ExpectedCheck])
        /// The compact form, `{passed: [RULE…], failed: [RULE…]}`: the rule names of the passed (failed)
        /// checks are exactly this list, in order; an omitted list is not compared.
        case byOutcome(passed: [String]?, failed: [String]?)
    }

    /// One line of an expected checklist.
    public struct ExpectedCheck: Sendable, Equatable {
        /// The rule's name.
        public var rule: String
        /// Whether the check passes.
        public var passed: Bool
        /// The requirement text; `nil` leaves it unchecked.
        public var requirement: String?

        /// Creates an expected check.
        public init(rule: String, passed: Bool, requirement: String? = nil) {
            self.rule = rule
            self.passed = passed
            self.requirement = requirement
        }
    }

    /// What a test expects of the report. Each part that is `nil` (or empty, for `checks`) is not compared.
    ///
    /// `expect: valid` is `valid: true` with no errors and no form errors; `expect: {errors: …}` is exact
    /// (fields not listed must have no errors), and so is `warnings:`.
    public struct Expectation: Sendable, Equatable {
        /// Whether the report must be valid.
        public var valid: Bool?
        /// Exactly these fields fail, with exactly these messages, in order.
        public var errors: [FieldMessages]?
        /// Exactly these form-level messages, in order.
        public var formErrors: [String]?
        /// Exactly these fields warn, with exactly these messages, in order.
        public var warnings: [FieldMessages]?
        /// The checklists of the fields named, in the order written.
        public var checks: [(field: String, checks: FieldChecks)]

        /// Creates an expectation.
        public init(
            valid: Bool? = nil, errors: [FieldMessages]? = nil, formErrors: [String]? = nil,
            warnings: [FieldMessages]? = nil, checks: [(field: String, checks: FieldChecks)] = []
        ) {
            self.valid = valid
            self.errors = errors
            self.formErrors = formErrors
            self.warnings = warnings
            self.checks = checks
        }

        /// `expect: valid`.
        public static let valid = Expectation(valid: true)
        /// `expect: invalid` (or `{valid: false}` alone): only validity is compared.
        public static let invalid = Expectation(valid: false)

        public static func == (lhs: Expectation, rhs: Expectation) -> Bool {
            lhs.valid == rhs.valid && lhs.errors == rhs.errors && lhs.formErrors == rhs.formErrors
                && lhs.warnings == rhs.warnings && lhs.checks.count == rhs.checks.count
                && zip(lhs.checks, rhs.checks).allSatisfy { $0.field == $1.field && $0.checks == $1.checks }
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
    /// The date `today` means in this test: its own `today:`, else the file's `tests: {today: …}`;
    /// `nil` when neither pins it (the runner's date is used).
    public var today: CivilDate?
}
