/// The outcome of validating one input against a form (docs/reference.md).
///
/// To send a report (an HTTP response, a log line), write it with ``json(_:)`` or ``jsonBytes(_:)``:
/// they give byte for byte what `formspec validate --format json` prints, fields in the spec's
/// order. The `Codable` conformance describes the same document, but `JSONEncoder` chooses its own
/// key order (on Linux it changes from one run to the next) unless asked for `.sortedKeys`.
public struct Report: Sendable, Equatable, Codable {
    /// The form's identifier.
    public var form: String
    /// Whether every active field and every form rule passed (warnings do not count).
    public var valid: Bool
    /// The active fields' reports, by name. Inactive fields are absent.
    public var fields: [String: FieldReport]
    /// The order fields appear in, for output (the spec's order).
    public var fieldOrder: [String]
    /// Form-level failures: form rules, and unknown fields in strict mode.
    public var formErrors: [Issue]
    /// In edit mode, the fields whose value differs from the original; `nil` otherwise.
    public var changed: [String]?

    /// Creates a report.
    public init(
        form: String, valid: Bool, fields: [String: FieldReport], fieldOrder: [String], formErrors: [Issue],
        changed: [String]?
    ) {
        self.form = form
        self.valid = valid
        self.fields = fields
        self.fieldOrder = fieldOrder
        self.formErrors = formErrors
        self.changed = changed
    }

    /// The report of the field named `name`, if it is active.
    public subscript(field name: String) -> FieldReport? { fields[name] }

    public static func == (lhs: Report, rhs: Report) -> Bool {
        lhs.form == rhs.form && lhs.valid == rhs.valid && lhs.fields == rhs.fields
            && lhs.formErrors == rhs.formErrors && lhs.changed == rhs.changed
    }

    private enum CodingKeys: String, CodingKey {
        case form, valid, fields, formErrors = "form_errors", changed
    }

    private struct FieldKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        form = try container.decode(String.self, forKey: .form)
        valid = try container.decode(Bool.self, forKey: .valid)
        let fieldContainer = try container.nestedContainer(keyedBy: FieldKey.self, forKey: .fields)
        var fields: [String: FieldReport] = [:]
        for key in fieldContainer.allKeys {
            fields[key.stringValue] = try fieldContainer.decode(FieldReport.self, forKey: key)
        }
        self.fields = fields
        fieldOrder = fields.keys.sorted()
        formErrors = try container.decodeIfPresent([Issue].self, forKey: .formErrors) ?? []
        changed = try container.decodeIfPresent([String].self, forKey: .changed)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(form, forKey: .form)
        try container.encode(valid, forKey: .valid)
        var fieldContainer = container.nestedContainer(keyedBy: FieldKey.self, forKey: .fields)
        for name in fieldOrder {
            if let field = fields[name] { try fieldContainer.encode(field, forKey: FieldKey(stringValue: name)) }
        }
        try container.encode(formErrors, forKey: .formErrors)
        try container.encodeIfPresent(changed, forKey: .changed)
    }
}

// MARK: - JSON

extension Report {
    /// Which JSON document ``Report/json(_:)`` writes: the CLI's `--report full` or `--report errors`.
    public enum JSONShape: String, Sendable, Hashable, CaseIterable {
        /// The whole report: every active field's errors, warnings and checklist, the form errors,
        /// and `changed` in edit mode.
        case full
        /// Only what failed: `{"valid":true}`, or the errors and warnings by field and the form
        /// errors, each left out when empty.
        case errors
    }

    /// The report as compact JSON (no trailing newline), the bytes `formspec validate --format json
    /// --report full|errors` prints for the same input: fixed key order, fields in spec order.
    public func jsonBytes(_ shape: JSONShape = .full) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(512)
        switch shape {
        case .full: JSONWriter.append(self, to: &bytes)
        case .errors: JSONWriter.appendErrors(self, to: &bytes)
        }
        return bytes
    }

    /// The report as compact JSON text; see ``jsonBytes(_:)``.
    public func json(_ shape: JSONShape = .full) -> String {
        String(decoding: jsonBytes(shape), as: UTF8.self)
    }
}

/// One active field's outcome.
public struct FieldReport: Sendable, Equatable, Codable {
    /// Whether the field has no error (warnings allowed).
    public var valid: Bool
    /// Failing error-severity rules, in priority order (only the first with `report: first`).
    public var errors: [Issue]
    /// Failing warning-severity rules.
    public var warnings: [Issue]
    /// Every applicable rule's status, for a requirement checklist.
    public var checks: [Check]

    /// Creates a field report.
    public init(valid: Bool, errors: [Issue], warnings: [Issue] = [], checks: [Check] = []) {
        self.valid = valid
        self.errors = errors
        self.warnings = warnings
        self.checks = checks
    }

    private enum CodingKeys: String, CodingKey { case valid, errors, warnings, checks }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        valid = try container.decode(Bool.self, forKey: .valid)
        errors = try container.decodeIfPresent([Issue].self, forKey: .errors) ?? []
        warnings = try container.decodeIfPresent([Issue].self, forKey: .warnings) ?? []
        checks = try container.decodeIfPresent([Check].self, forKey: .checks) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(valid, forKey: .valid)
        try container.encode(errors, forKey: .errors)
        if !warnings.isEmpty { try container.encode(warnings, forKey: .warnings) }
        try container.encode(checks, forKey: .checks)
    }
}

/// A failing rule: its name and its message in the requested locale.
public struct Issue: Sendable, Hashable, Codable {
    /// The rule's name (`min_length`, `required`, `type`, …).
    public var rule: String
    /// The message, localized.
    public var message: String

    /// Creates an issue.
    public init(rule: String, message: String) {
        self.rule = rule
        self.message = message
    }
}

/// One line of a requirement checklist.
public struct Check: Sendable, Hashable, Codable {
    /// The rule's name.
    public var rule: String
    /// Whether the requirement is met.
    public var passed: Bool
    /// The requirement text, localized.
    public var requirement: String

    /// Creates a check.
    public init(rule: String, passed: Bool, requirement: String) {
        self.rule = rule
        self.passed = passed
        self.requirement = requirement
    }
}
