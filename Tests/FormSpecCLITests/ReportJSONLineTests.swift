@testable import FormSpec
import Testing

@Suite("report JSON lines")
struct ReportJSONLineTests {
    static let reports: [Report] = [
        Report(form: "signup", valid: true, fields: [:], fieldOrder: [], formErrors: [], changed: nil),
        Report(
            form: "signup", valid: false,
            fields: [
                "username": FieldReport(
                    valid: false, errors: [Issue(rule: "min_length", message: "At least \"3\"\ncharacters\\ \u{1}\t\r")],
                    warnings: [Issue(rule: "pattern", message: "Prefer lowercase")],
                    checks: [
                        Check(rule: "required", passed: true, requirement: "Required"),
                        Check(rule: "min_length", passed: false, requirement: "至少三个字符 e\u{301} 👨‍👩‍👧"),
                    ]),
                "inactive": FieldReport(valid: true, errors: []),
                "bio": FieldReport(valid: true, errors: []),
            ],
            fieldOrder: ["username", "bio", "missing"],
            formErrors: [Issue(rule: "unknown_field", message: "Unknown field “x”")], changed: ["username", "bio"]),
        Report(form: "edit", valid: true, fields: [:], fieldOrder: [], formErrors: [], changed: []),
    ]

    @Test("the byte writer writes exactly what JSONWriter writes, plus a newline", arguments: reports.indices)
    func matchesJSONWriter(index: Int) {
        let report = Self.reports[index]
        var bytes: [UInt8] = []
        ReportJSONLine.append(report, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == JSONWriter.write(report) + "\n")
    }
}
