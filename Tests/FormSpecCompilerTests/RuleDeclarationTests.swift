import FormSpec
@_spi(Program) @_spi(Tooling) import FormSpecRuntime
import Testing

@testable import FormSpecCompiler

/// Every rule, on every field type it applies to, compiles from its declaration's example and has a
/// message in every bundled locale; every field type has a type message in every bundled locale. A
/// rule or type added without its messages fails here (a locale added without translations does not
/// build: ``BuiltInMessage`` has one stored property per locale).
@Suite("Rule declarations")
struct RuleDeclarationTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var rule: String
        var type: FieldType
        var testDescription: String { "\(rule) on \(type.rawValue)" }
    }

    static let cases: [Case] = RuleCatalog.declarations.flatMap { rule in
        FieldType.allCases.filter(rule.applies(to:)).map { Case(rule: rule.name, type: $0) }
    }

    /// The keys a field of `type` needs besides `type:`: options for a choice, items for a list,
    /// fields for a group.
    static func shape(of type: FieldType) -> String {
        switch type {
        case .choice: "\n    options: [a, b]"
        case .list: "\n    of: text"
        case .group: "\n    fields: {x: {}}"
        default: ""
        }
    }

    /// A spec with a field `f` of `type` carrying `rule`, a second field `other` of the same type, and
    /// a define `present` for `use`.
    static func spec(rule: String, argument: String, type: FieldType) -> String {
        let options = shape(of: type)
        return """
            formspec: 1
            form: example
            define:
              present:
                required: true
            fields:
              f:
                type: \(type.rawValue)\(options)
                rules:
                  - \(rule): \(argument)
              other:
                type: \(type.rawValue)\(options)
            """
    }

    @Test("each rule compiles on each type it applies to, with a message in every bundled locale", arguments: cases)
    func ruleHasMessages(_ item: Case) throws {
        let declaration = try #require(RuleCatalog.declaration(for: item.rule))
        let source = Self.spec(rule: item.rule, argument: declaration.example(item.type), type: item.type)
        let program = try program(source)
        let rule = try #require(program.fields.first?.rules.first)
        for locale in DefaultMessages.locales {
            let message = rule.message.templates[locale]?.source ?? ""
            #expect(!message.isEmpty, "\(item.rule) on \(item.type.rawValue) has no '\(locale)' message")
        }
    }

    @Test("each rule refuses the types it does not apply to", arguments: RuleCatalog.declarations.map(\.name))
    func ruleRefusesOtherTypes(_ name: String) throws {
        let declaration = try #require(RuleCatalog.declaration(for: name))
        for type in FieldType.allCases where !declaration.applies(to: type) {
            let compilation = compile(Self.spec(rule: name, argument: declaration.example(type), type: type))
            #expect(
                compilation.diagnostics.contains { $0.message.contains("does not apply to \(type.rawValue) field") },
                "\(name) on \(type.rawValue): \(compilation.renderedDiagnostics())")
        }
    }

    @Test("each format compiles and has a message in every bundled locale", arguments: FormatRule.Format.allCases)
    func formatHasMessages(_ format: FormatRule.Format) throws {
        let program = try program(Self.spec(rule: "format", argument: format.rawValue, type: .text))
        let rule = try #require(program.fields.first?.rules.first)
        for locale in DefaultMessages.locales {
            let message = rule.message.templates[locale]?.source ?? ""
            #expect(!message.isEmpty, "format \(format.rawValue) has no '\(locale)' message")
        }
    }

    /// A list sent to a `choice` field used to fail with an empty message in every locale.
    @Test("every field type has a type message in every bundled locale", arguments: FieldType.allCases)
    func typeHasMessages(_ type: FieldType) throws {
        let options = Self.shape(of: type)
        let program = try program(
            """
            formspec: 1
            form: example
            fields:
              f:
                type: \(type.rawValue)\(options)
            """)
        let field = try #require(program.fields.first)
        for locale in DefaultMessages.locales {
            let message = field.typeMessage.templates[locale]?.source ?? ""
            #expect(!message.isEmpty, "\(type.rawValue) has no '\(locale)' type message")
        }
    }

    @Test("a list sent to a choice field fails with the choice's type message")
    func listToChoice() throws {
        let form = try CompiledForm(
            source: """
                formspec: 1
                form: example
                fields:
                  size:
                    type: choice
                    options: [s, m, l]
                """)
        let report = try form.validateSynchronously(["size": ["s", "m"]])
        #expect(report.messages == ["size": ["Size must be one of s, m or l"]])
        let japanese = try form.validateSynchronously(["size": ["s"]], options: ValidationOptions(locale: "ja"))
        #expect(japanese.messages == ["size": ["Sizeはs、mまたはlのいずれかを選択してください"]])
    }

    @Test("every built-in message key is declared once, and the form rules have theirs")
    func messageKeysAreUnique() {
        let keys = DefaultMessages.all.map(\.key)
        #expect(Set(keys).count == keys.count)
        for rule in RuleCatalog.formRuleDeclarations {
            #expect(!rule.messages.isEmpty, "\(rule.name) has no message")
        }
        // `use` reports the define's message, `each` each item rule's own.
        #expect(RuleCatalog.declarations.filter(\.messages.isEmpty).map(\.name) == ["use", "each"])
    }
}
