import FormSpec
import Foundation
import Testing

@_spi(Tooling) @testable import FormSpecRuntime

/// `case: insensitive` on the comparison rules and `flags:` on patterns, end to end: compiled from
/// a spec, validated, and carried through the program's JSON.
@Suite("case: insensitive and pattern flags")
struct CaseInsensitiveTests {
    static let source = """
        formspec: 1
        form: account
        fields:
          email: {}
          confirm:
            rules:
              - same_as: email
                case: insensitive
          other:
            rules:
              - different_from: email
                case: insensitive
          role:
            rules:
              - one_of: [Admin, Straße]
                case: insensitive
          name:
            rules:
              - not_one_of: [root]
                case: insensitive
              - not_contains_field: email
                case: insensitive
          word:
            rules:
              - equals: KELVIN
                case: insensitive
              - not_equals: ΣΊΣΥΦΟΣ
                case: insensitive
          code:
            rules:
              - pattern: '^[a-z]{3}$'
                flags: i
        """

    private static func errors(_ input: [String: String]) throws -> [String: Int] {
        let form = try CompiledForm(source: source)
        let report = try form.validateSynchronously(input.mapValues { .string($0) })
        return report.fields.compactMapValues { $0.errors.isEmpty ? nil : $0.errors.count }
    }

    @Test(
        "same_as and different_from fold both fields",
        arguments: [
            ("Alice@Example.com", "alice@EXAMPLE.COM", true), ("straße@x.de", "STRASSE@x.de", true),
            ("ivan@x", "İvan@x", false), ("ivan@x", "ıvan@x", false), ("a", "b", false),
        ])
    func sameAsFolds(email: String, confirm: String, equal: Bool) throws {
        #expect(try Self.errors(["email": email, "confirm": confirm])["confirm"] == (equal ? nil : 1))
        #expect(try Self.errors(["email": email, "other": confirm])["other"] == (equal ? 1 : nil))
    }

    @Test(
        "literals are folded once, values when compared",
        arguments: [
            ("role", "ADMIN", true), ("role", "strasse", true), ("role", "STRAẞE", true), ("role", "Admins", false),
            ("name", "ROOT", false), ("name", "Root", false), ("name", "rooted", true),
            ("word", "kelvin", true), ("word", "\u{212A}ELVIN", true), ("word", "kelvn", false),
        ])
    func literalRules(field: String, value: String, passes: Bool) throws {
        #expect(try Self.errors([field: value])[field] == (passes ? nil : 1), "\(field): \(value)")
    }

    @Test("not_equals folds final sigma")
    func finalSigma() throws {
        #expect(try Self.errors(["word": "kelvin σίσυφος"])["word"] == 1)  // not KELVIN
        #expect(try Self.errors(["word": "σίσυφος"])["word"] == 2)  // equals fails, not_equals fails
    }

    @Test("not_contains_field folds haystack and needle")
    func notContainsFolds() throws {
        #expect(try Self.errors(["email": "Bob", "name": "xxBOBxx"])["name"] == 1)
        #expect(try Self.errors(["email": "bob", "name": "Rob"])["name"] == nil)
    }

    @Test("flags: i makes the pattern ignore case, K and ſ included")
    func patternFlags() throws {
        #expect(try Self.errors(["code": "AbC"])["code"] == nil)
        #expect(try Self.errors(["code": "\u{212A}\u{17F}a"])["code"] == nil)
        #expect(try Self.errors(["code": "ab1"])["code"] == 1)
    }

    @Test("the program's JSON carries case and flags, and only when they are on")
    func codecRoundTrips() throws {
        let compiled = try program(Self.source)
        let text = String(decoding: try JSONEncoder().encode(compiled), as: UTF8.self)
        #expect(text.contains(#""case_insensitive":true"#))
        #expect(text.contains(#""flags":"i""#))
        let decoded = try JSONDecoder().decode(Program.self, from: Data(text.utf8))
        let input = Value.object([
            .init("email", .string("A@B")), .init("confirm", .string("a@b")), .init("code", .string("XYZ")),
        ])
        #expect(try decoded.validate(input) == compiled.validate(input))
        let plain = try program("formspec: 1\nform: f\nfields:\n  a:\n    rules:\n      - equals: x\n")
        #expect(!String(decoding: try JSONEncoder().encode(plain), as: UTF8.self).contains("case_insensitive"))
    }
}
