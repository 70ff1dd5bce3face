import Foundation
import Testing

/// `default: today` counts from `--today` on every input path of `formspec validate`.
struct RelativeDefaultCLITests {
    static let spec = """
        formspec: 1
        form: p
        fields:
          birthday:
            type: date
            default: today
            rules:
              - min: 2026-03-11
                message: too early
        """

    @Test(arguments: [["--format", "json"], ["--format", "json", "--jobs", "2"]])
    func jsonLinesCountFromTheGivenToday(extra: [String]) throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try cli.write("p.form.yaml", Self.spec)
        try cli.write("in.jsonl", "{}\n{\"birthday\": \"2026-03-11\"}\n")
        let before = try cli.run(["validate", "p.form.yaml", "in.jsonl", "--today", "2026-03-10"] + extra)
        #expect(before.status == 1)
        #expect(before.lines.first?.contains("too early") == true)
        let on = try cli.run(["validate", "p.form.yaml", "in.jsonl", "--today", "2026-03-11"] + extra)
        #expect(on.status == 0, "\(on.stdout)")
    }

    @Test func aWholeDocumentCountsFromTheGivenToday() throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try cli.write("p.form.yaml", Self.spec)
        try cli.write("in.json", "{}")
        #expect(try cli.run(["validate", "p.form.yaml", "in.json", "--today", "2026-03-10"]).status == 1)
        #expect(try cli.run(["validate", "p.form.yaml", "in.json", "--today", "2026-03-12"]).status == 0)
    }
}
