import FormSpecDiagnostics
@_spi(Tooling) import FormSpecRuntime

/// Renders a ``Report`` as a checklist for people:
///
/// ```
/// registration: INVALID
///   ✓ username
///       ✓ A minimum of 4 characters
///   ✓ website
///       ○ A full web address
///   ✗ password
///       ✗ A minimum of 8 characters
///       ✓ One uppercase letter
///       error: A minimum of 8 characters
///   form errors:
///       error: Give an email or a phone number
///   changed: password
/// ```
///
/// Only texts from the report are shown (requirements and messages), never input values, and
/// every control character in them is shown escaped (``TerminalText``).
package struct TextReportFormatter: Sendable {
    /// Whether to colour marks and verdicts with ANSI escapes (only on a terminal).
    package var colored: Bool

    /// Creates a formatter.
    package init(colored: Bool = false) {
        self.colored = colored
    }

    /// The report as text, ending in a newline.
    ///
    /// - Parameters:
    ///   - report: The report to show.
    ///   - source: Where the input came from (`a.json`, `line 3`), shown before the form name.
    /// - Returns: The checklist.
    package func format(_ report: Report, source: String? = nil) -> String {
        var out = ""
        if let source { out += safe(source) + ": " }
        out += bold(safe(report.form)) + ": " + (report.valid ? paint("VALID", .green) : paint("INVALID", .red)) + "\n"
        for name in report.fieldOrder {
            guard let field = report.fields[name] else { continue }
            out += "  " + mark(field.valid) + " " + bold(safe(name)) + "\n"
            // A failing check on a field with no error or warning at all was not run (an empty
            // optional field, a rule whose condition is off), nor on a value of another type than
            // the field's or none of its options, which no rule reads: shown as open, not failed.
            let notJudged =
                (field.errors.isEmpty && field.warnings.isEmpty)
                || field.errors.contains { $0.rule == "type" || $0.rule == "choice" }
            for check in field.checks {
                let symbol = check.passed ? mark(true) : notJudged ? paint("○", .dim) : mark(false)
                out += "      " + symbol + " " + safe(check.requirement) + "\n"
            }
            for issue in field.errors {
                out += "      " + paint("error:", .red) + " " + safe(issue.message) + "\n"
            }
            for issue in field.warnings {
                out += "      " + paint("warning:", .yellow) + " " + safe(issue.message) + "\n"
            }
        }
        if !report.formErrors.isEmpty {
            out += "  " + paint("form errors:", .red) + "\n"
            for issue in report.formErrors {
                out += "      " + paint("error:", .red) + " " + safe(issue.message) + " (" + safe(issue.rule) + ")\n"
            }
        }
        if let changed = report.changed {
            out += "  changed: " + (changed.isEmpty ? "nothing" : safe(changed.joined(separator: ", "))) + "\n"
        }
        return out
    }

    /// An input that produced no report, as one line: `line 3: error: …`.
    package func formatError(_ message: String, source: String?) -> String {
        (source.map { safe($0) + ": " } ?? "") + paint("error:", .red) + " " + safe(message) + "\n"
    }

    private enum Color: String {
        case red = "1;31", green = "1;32", yellow = "1;33", dim = "2"
    }

    private func mark(_ passed: Bool) -> String {
        passed ? paint("✓", .green) : paint("✗", .red)
    }

    private func paint(_ text: String, _ color: Color) -> String {
        colored ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
    }

    /// Text from the spec or the input, with terminal control characters made visible.
    private func safe(_ text: String) -> String { TerminalText.escaped(text) }

    private func bold(_ text: String) -> String {
        colored ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }
}
