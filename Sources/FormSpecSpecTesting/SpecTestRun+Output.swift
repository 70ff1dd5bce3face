import FormSpecCompiler
import FormSpecDiagnostics
@_spi(Tooling) import FormSpecRuntime

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

extension SpecTestRun {
    /// The run as JUnit XML, for CI: one `<testsuite>` per spec file (named after the form) and one
    /// `<testcase>` per test, failures with their diff as text. Compile-fail tests are included.
    package var junitXML: String { junitXML(runError: nil) }

    /// ``junitXML``, with `runError` (what kept the run from testing anything: no spec found, a
    /// `--filter` that matches no test) as an `<error>` of its own, so that a CI dashboard does not
    /// read an empty report as a pass.
    package func junitXML(runError: String?) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let errors = runError == nil ? 0 : 1
        out += "<testsuites name=\"formspec\" tests=\"\(results.count + errors)\" failures=\"\(failedCount)\""
        out += " errors=\"\(errors)\" time=\"\(Self.time(duration))\">\n"
        if let runError {
            let message = XMLEscaping.attribute(runError)
            out += "  <testsuite name=\"formspec\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\" time=\"0\">\n"
            out += "    <testcase name=\"run\" classname=\"formspec\" time=\"0\">\n"
            out += "      <error message=\"\(message)\" type=\"run\">\(XMLEscaping.text(runError))</error>\n"
            out += "    </testcase>\n  </testsuite>\n"
        }
        for spec in specs {
            out += "  <testsuite name=\"\(XMLEscaping.attribute(spec.form))\" tests=\"\(spec.tests.count)\""
            out += " failures=\"\(spec.failedCount)\" errors=\"0\" skipped=\"0\" time=\"\(Self.time(spec.duration))\""
            out += " file=\"\(XMLEscaping.attribute(spec.path))\">\n"
            for test in spec.tests {
                out += "    <testcase name=\"\(XMLEscaping.attribute(test.name))\""
                out += " classname=\"\(XMLEscaping.attribute(test.form))\""
                out += " file=\"\(XMLEscaping.attribute(test.specPath))\" line=\"\(test.line)\""
                out += " time=\"\(Self.time(test.duration))\""
                guard let failure = test.failure, !test.passed else {
                    out += "/>\n"
                    continue
                }
                let headline = failure.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? failure
                out +=
                    ">\n      <failure message=\"\(XMLEscaping.attribute(headline))\" type=\"\(test.kind.rawValue)\">"
                out += XMLEscaping.text(failure)
                out += "</failure>\n    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    /// The run as a JSON document: `{"passed": N, "failed": N, "duration": S, "specs": [{"path",
    /// "form", "duration", "tests": [{"spec", "form", "test", "line", "kind", "passed", "duration",
    /// "failure"?, "recorded"}]}]}`.
    /// - Parameter pretty: Whether to indent the document.
    package func json(pretty: Bool = true) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings, numbers and booleans cannot fail.
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Seconds with millisecond precision, as JUnit consumers expect.
    static func time(_ seconds: Double) -> String {
        let milliseconds = Int((max(0, seconds) * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}

/// Escaping for XML 1.0 text and attribute values.
enum XMLEscaping {
    /// `text` safe inside an element: markup characters escaped, characters XML 1.0 forbids shown as `\u{…}`.
    static func text(_ text: String) -> String {
        escape(text, attribute: false)
    }

    /// `text` safe inside a double-quoted attribute; line breaks and tabs kept as character references.
    static func attribute(_ text: String) -> String {
        escape(text, attribute: true)
    }

    private static func escape(_ text: String, attribute: Bool) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += attribute ? "&quot;" : "\""
            case "'": out += attribute ? "&apos;" : "'"
            case "\n": out += attribute ? "&#10;" : "\n"
            case "\t": out += attribute ? "&#9;" : "\t"
            case "\r": out += "&#13;"
            default:
                let value = scalar.value
                if value < 0x20 || value == 0xFFFE || value == 0xFFFF || (0x7F...0x84).contains(value)
                    || (0x86...0x9F).contains(value)
                {
                    out += "\\u{\(String(value, radix: 16, uppercase: true))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
