import FormSpecDiagnostics
@_spi(Program) @_spi(Tooling) import FormSpecRuntime

/// What checking a rule item produced: the runtime rule, its default message key and placeholders.
struct CheckedRuleBody {
    var rule: Rule
    var messageKey: String
    var placeholders: [String: PlaceholderValue] = [:]
    /// The name reported for the rule when it is not the rule key (`use:` reports the define's name).
    var reportedName: String?
    /// For `use:`, the define's message and requirement, used unless the use site gives its own.
    var inheritedMessage: MessageSource?
    var inheritedRequirement: MessageSource?
    /// Rule nodes after `use:` expansion, this one included.
    var size = 1
    /// Nesting depth after `use:` expansion, this one included.
    var height = 1
    /// Whether the rule (or one nested in it) compares the field with a secret field, so the
    /// field's value may be the secret.
    var comparesWithSecret = false
}

/// One family of rules: the keys it owns (their declarations) and how it checks and lowers an
/// item.
protocol RuleDefinition: Sendable {
    /// The declaration of each rule key this definition handles.
    var declarations: [RuleDeclaration] { get }
    /// Checks `item` (whose key is one of ``declarations``) on `field`, emitting diagnostics.
    func check(_ item: RuleSyntax, field: FieldInfo, checker: inout Checker) -> CheckedRuleBody?
}

/// Every rule the language knows, in one list: the registry everything else is derived from.
enum RuleCatalog {
    static let definitions: [any RuleDefinition] = [
        RequiredRuleDefinition(),
        LengthRuleDefinition(),
        PatternRuleDefinition(),
        ContainsRuleDefinition(),
        FormatRuleDefinition(),
        EqualityRuleDefinition(),
        MembershipRuleDefinition(),
        FieldComparisonRuleDefinition(),
        RangeRuleDefinition(),
        MultipleOfRuleDefinition(),
        CombinatorRuleDefinition(),
        UseRuleDefinition(),
        CheckRuleDefinition(),
        EachRuleDefinition(),
        // Rules declared in the runtime as value rules (`ValueRules.all`), checked from their declarations.
        ValueRuleDefinition(),
    ]

    /// Every field rule's declaration, in the catalogue's order.
    static let declarations: [RuleDeclaration] = definitions.flatMap(\.declarations)

    /// The form rules (`form_rules:`), checked by the checker itself.
    static let formRuleDeclarations: [RuleDeclaration] = FormRuleDeclarations.all

    /// Every rule key.
    static let names: [String] = declarations.map(\.name)

    private static let byName: [String: (definition: any RuleDefinition, declaration: RuleDeclaration)] = {
        var table: [String: (definition: any RuleDefinition, declaration: RuleDeclaration)] = [:]
        for definition in definitions {
            for declaration in definition.declarations { table[declaration.name] = (definition, declaration) }
        }
        return table
    }()

    /// The definition owning `name`.
    static func definition(for name: String) -> (any RuleDefinition)? { byName[name]?.definition }

    /// The declaration of field rule `name`.
    static func declaration(for name: String) -> RuleDeclaration? { byName[name]?.declaration }

    /// The declaration of field rule or form rule `name`.
    static func anyDeclaration(for name: String) -> RuleDeclaration? {
        byName[name]?.declaration ?? formRuleDeclarations.first { $0.name == name }
    }
}
