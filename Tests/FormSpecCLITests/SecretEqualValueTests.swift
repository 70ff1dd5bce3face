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

    /// A number typed as the secret is written, and an unknown key holding the secret (found by a
    /// tester): `012` for a PIN of 12 showed as `12`, and strict mode printed the key.
    static let numbers = """
        formspec: 1
        form: p
        fields:
          pw: {type: secret}
          pin: {type: integer, rules: [{equals: 0, message: "pin {value}", requirement: r}]}
          amount: {type: number, rules: [{equals: 0, message: "amount {value}", requirement: r}]}
        """

    @Test(arguments: [
        (#"{"pw":"012","pin":"012"}"#, "pin ••••"), (#"{"pw":"12.0","amount":"12.0"}"#, "amount ••••"),
        (#"{"pw":"1e2","amount":100}"#, "amount ••••"), (#"{"pw":"12","pin":"012"}"#, "pin ••••"),
        (#"{"pw":"0012.50","amount":12.5}"#, "amount ••••"), (#"{"pw":"13","pin":12}"#, "pin 12"),
        (#"{"pw":"abc","pin":12}"#, "pin 12"),
    ])
    func aNumberTypedAsTheSecretIsMasked(record: String, message: String) throws {
        let cli = try CLI()
        defer { cli.cleanUp() }
        try cli.write("p.form.yaml", Self.numbers)
        try cli.write("in.jsonl", record + "\n")
        for options in [["--report", "errors"], ["--report", "full"], ["--format", "text"], ["--jobs", "1"]] {
            let result = try cli.run(["validate", "p.form.yaml", "in.jsonl"] + options)
            #expect(result.stdout.contains(message), "\(options): \(result.stdout)")
        }
    }

    @Test func anUnknownKeyHoldingTheSecretIsMaskedInStrictMode() throws {
        let program = try CompiledForm(source: Self.numbers, path: "p.form.yaml").program
        let context = EvaluationContext(strict: true)
        // Matched as written, as a check's reason is (see `Program.shownKey`): another letter case
        // is a different key.
        let input = try JSONReader.parse(#"{"pw":"hunter2xyz","HUNTER2xyz":1,"note hunter2xyz":2,"other":3}"#)
        let report = try program.validate(input, context: context)
        #expect(
            report.formErrors.map(\.message) == [
                "Unknown field “HUNTER2xyz”", "Unknown field “••••”", "Unknown field “other”",
            ])
        let cli = try CLI()
        defer { cli.cleanUp() }
        try cli.write("p.form.yaml", Self.numbers)
        try cli.write("in.jsonl", #"{"pw":"hunter2xyz","x_hunter2xyz":4,"note hunter2xyz":2}"# + "\n")
        for options in [["--report", "errors"], ["--report", "full"], ["--format", "text"]] {
            let result = try cli.run(["validate", "p.form.yaml", "in.jsonl", "--strict"] + options)
            #expect(!(result.stdout + result.stderr).contains("hunter2"), "\(options): \(result.stdout)")
            #expect(result.stdout.contains("••••"))
        }
    }
}
