import FormSpec
@_spi(Tooling) import FormSpecRuntime
import Testing

/// A text field whose value happens to equal a secret's value must not show it through `{value}`:
/// found by `Fuzz/specgen.py` (seed 18818, round 10) in `validate --format json`.
@Suite("a value equal to a secret is masked in every output")
struct SecretEqualValueTests {
    static let spec = """
        formspec: 1
        form: f
        fields:
          password: {type: secret}
          nickname:
            rules:
              - same_as: other
                message: "{label} must match, not {value}"
              - max_length: 3
                message: "{value} is too long"
          other: {}
        """
    static let record = #"{"password":"hunter2!","nickname":"hunter2!","other":"x"}"#

    @Test func reportsFromTheLibraryMaskIt() throws {
        let program = try CompiledForm(source: Self.spec, path: "f.form.yaml").program
        let report = try program.validate(["password": "hunter2!", "nickname": "hunter2!", "other": "x"])
        let json = report.json()
        #expect(!json.contains("hunter2!"))
        #expect(json.contains("Nickname must match, not ••••"))
        // A value that equals no secret is shown as written.
        let plain = try program.validate(["password": "hunter2!", "nickname": "bob1", "other": "x"])
        #expect(plain.json().contains("bob1 is too long"))
    }

    @Test(arguments: [[], ["--report", "full"], ["--format", "text"]])
    func theCommandLineMasksIt(options: [String]) throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try cli.write("f.form.yaml", Self.spec)
        try cli.write("in.jsonl", Self.record + "\n")
        let result = try cli.run(["validate", "f.form.yaml", "in.jsonl"] + options)
        #expect(result.status == 1)
        #expect(!(result.stdout + result.stderr).contains("hunter2!"))
        #expect(result.stdout.contains("••••"))
    }
}
