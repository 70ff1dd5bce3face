import FormSpecDiagnostics
import FormSpecRuntime

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

/// One family of rules: which keys it owns, which field types it applies to, and how it checks
/// and lowers its argument.
protocol RuleDefinition: Sendable {
    /// The rule keys this definition handles.
    var names: [String] { get }
    /// The field types the rules apply to; `nil` for every type.
    var appliesTo: Set<FieldType>? { get }
    /// Checks `item` (whose key is one of ``names``) on `field`, emitting diagnostics.
    func check(_ item: RuleSyntax, field: FieldInfo, checker: inout Checker) -> CheckedRuleBody?
}

extension RuleDefinition {
    var appliesTo: Set<FieldType>? { nil }
}

/// Every rule the language knows, in one list.
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
    ]

    /// Every rule key.
    static let names: [String] = definitions.flatMap(\.names)

    /// The definition owning `name`.
    static func definition(for name: String) -> (any RuleDefinition)? {
        definitions.first { $0.names.contains(name) }
    }
}

extension Set where Element == FieldType {
    static let textual: Set<FieldType> = [.text, .secret]
    static let ordered: Set<FieldType> = [.integer, .number, .date]
    static let numeric: Set<FieldType> = [.integer, .number]

    var sortedDescription: String {
        let names = FieldType.allCases.filter(contains).map(\.rawValue)
        return names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}
