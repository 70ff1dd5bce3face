import FormSpec
import Foundation
import Testing

@_spi(Program) @_spi(Tooling) @testable import FormSpecRuntime

/// `not_contains_field`, the first rule declared as a ``ValueRule``: one file in the runtime and a
/// line in the registry, with nothing in the compiler, the codec or the evaluator naming it.
@Suite("not_contains_field")
struct NotContainsFieldTests {
    static let source = """
        formspec: 1
        form: account
        fields:
          username: {}
          password:
            type: secret
            rules:
              - not_contains_field: username
        """

    @Test(
        "verdicts: anywhere in the value, exact scalars, empty other never matches",
        arguments: [
            ("alice", "xxalicexx", false), ("alice", "alice", false), ("alice", "alic", true),
            ("alice", "ALICE", true), ("", "anything", true), ("é", "caf\u{65}\u{301}", true),
            ("é", "café", false), ("aab", "aaab", false), ("abab", "abaabab", false), ("山田", "我是山田", false),
        ])
    func verdicts(username: String, password: String, passes: Bool) throws {
        let form = try CompiledForm(source: Self.source)
        let report = try form.validateSynchronously(["username": .string(username), "password": .string(password)])
        #expect(report.valid == passes, "\(username) in \(password)")
        if !passes {
            #expect(report.fields["password"]?.errors.map(\.message) == ["Password must not contain Username"])
        }
    }

    @Test("the message exists in every bundled locale")
    func locales() throws {
        let form = try CompiledForm(source: Self.source)
        let input: [String: Value] = ["username": "bob", "password": "bobby"]
        let messages = try ["en", "zh-Hans", "zh-Hant", "ja"].map { locale in
            try form.validateSynchronously(input, options: ValidationOptions(locale: locale)).fields["password"]?.errors
                .first?
                .message
        }
        #expect(
            messages == [
                "Password must not contain Username", "Password不能包含Username", "Password不得包含Username",
                "PasswordにUsernameを含めることはできません",
            ])
    }

    @Test("the program codec writes the rule under its name and reads it back")
    func codecRoundTrip() throws {
        let compilation = Compiler.compile(source: Self.source, path: "t.form.yaml", provider: InMemorySources([:]))
        let program = try #require(compilation.spec?.program)
        let data = try JSONEncoder().encode(program)
        #expect(String(decoding: data, as: UTF8.self).contains(#""not_contains_field":{"other":0}"#))
        let decoded = try JSONDecoder().decode(Program.self, from: data)
        guard case .value(let rule)? = decoded.fields.last?.rules.first?.rule else {
            Issue.record("the decoded rule is not a value rule")
            return
        }
        #expect(rule == AnyValueRule(NotContainsFieldRule(argument: .field(0))))
        #expect(rule != AnyValueRule(NotContainsFieldRule(argument: .field(1))))
        #expect(decoded.fields.last?.reads == [0])
    }

    @Test("an unknown rule name in a program is a decoding error, not a crash")
    func unknownRuleInProgram() {
        let json = #"{"no_such_rule":{"other":0}}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Rule.self, from: Data(json.utf8)) }
    }

    @Test("the search is linear: a megabyte of near-matches is answered at once")
    func linearSearch() {
        let haystack = String(repeating: "a", count: 1 << 20) + "b"
        let needle = String(repeating: "a", count: 1 << 19) + "c"
        #expect(!haystack.utf8.containsSubsequence(needle.utf8))
        #expect(haystack.utf8.containsSubsequence((String(repeating: "a", count: 1 << 19) + "b").utf8))
        #expect("".utf8.containsSubsequence("".utf8))
        #expect(!"ab".utf8.containsSubsequence("abc".utf8))
    }
}
