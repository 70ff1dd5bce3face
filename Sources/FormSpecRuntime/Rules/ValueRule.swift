/// A rule decided by the field's value, its argument and the environment, declared in one file.
///
/// The file holds the rule's ``declaration`` (its name, the types it applies to, its argument, its
/// documentation and its messages in every bundled locale) and its test (``passes(_:in:)``). Nothing
/// else names the rule: the compiler checks and lowers every value rule from its declaration, the
/// program codec writes it under its name, the evaluator calls it through ``ValueRules``, and the
/// reference, schema and language server read the declaration. Adding one is its file and a line in
/// ``ValueRules/all``.
package protocol ValueRule: Sendable, Hashable, Codable {
    /// What the rule is; its `name` is also its key in the program's JSON.
    static var declaration: RuleDeclaration { get }
    /// The argument the rule takes, which the compiler reads and checks.
    static var argument: RuleArgumentKind { get }
    /// The rule made from its checked argument.
    init(argument: RuleArgument)
    /// Whether the field's `value` passes.
    func passes(_ value: Scalar, in environment: RuleEnvironment) -> Bool
    /// The fields the rule reads besides its own (re-checked when they change).
    var fieldsRead: [Int] { get }
    /// Whether the rule takes `case: insensitive` (compares text under full default case folding).
    static var takesCase: Bool { get }
    /// The rule comparing without regard to case; called only when ``takesCase``.
    func ignoringCase() -> Self
    /// The argument the rule was made from: with ``isCaseInsensitive``, all that generated Swift
    /// needs to make it again.
    var checkedArgument: RuleArgument { get }
    /// Whether ``ignoringCase()`` made it.
    var isCaseInsensitive: Bool { get }
    /// For a rule of lists: whether it holds for a list with no items. An empty list is empty, so
    /// its rules do not run, but a checklist shows this one's real status. `nil` for other rules.
    var passesWithNoItems: Bool? { get }
}

extension ValueRule {
    package var passesWithNoItems: Bool? { nil }
    package static var takesCase: Bool { false }
    package func ignoringCase() -> Self { self }
    package var isCaseInsensitive: Bool { false }
}

/// The kinds of argument a value rule can take.
package enum RuleArgumentKind: Sendable {
    /// Another field's name, of one of `types`: `not_contains_field: username`.
    case field(types: Set<FieldType>)
    /// A whole number of items, 0 or more: `min_items: 1`.
    case count
    /// `true`, on a list: the rule reads the list's items (`unique_items: true`).
    case items
}

/// A value rule's argument as the compiler checked it.
@_spi(Program) public enum RuleArgument: Sendable {
    /// The other field's index.
    case field(Int)
    /// A count of items.
    case count(Int)
    /// The list's item fields, by index (every item the list can hold).
    case items([Int])

    /// The field index, for a rule whose argument kind is ``RuleArgumentKind/field(types:)``.
    package var fieldIndex: Int {
        if case .field(let index) = self { return index }
        preconditionFailure("not a field argument")
    }

    /// The count, for a rule whose argument kind is ``RuleArgumentKind/count``.
    package var count: Int {
        if case .count(let count) = self { return count }
        preconditionFailure("not a count argument")
    }

    /// The item fields, for a rule whose argument kind is ``RuleArgumentKind/items``.
    package var items: [Int] {
        if case .items(let items) = self { return items }
        preconditionFailure("not an items argument")
    }
}

/// The registry of value rules: one line per rule.
package enum ValueRules {
    package static let all: [any ValueRule.Type] = [
        NotContainsFieldRule.self,
        MinItemsRule.self,
        MaxItemsRule.self,
        UniqueItemsRule.self,
    ]

    /// The rule type named `name`.
    package static func type(named name: String) -> (any ValueRule.Type)? {
        all.first { $0.declaration.name == name }
    }
}

/// A value rule in a program: any ``ValueRule``, compared and hashed as itself.
@_spi(Program) public struct AnyValueRule: Sendable, Hashable {
    package let base: any ValueRule

    package init(_ base: any ValueRule) { self.base = base }

    /// The value rule named `name` made from its argument, as generated Swift writes it.
    /// - Throws: `DecodingError.dataCorrupted` when this runtime has no rule of that name.
    @_spi(Program) public init(named name: String, argument: RuleArgument, caseInsensitive: Bool) throws {
        guard let type = ValueRules.type(named: name) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "unknown rule '\(name)'"))
        }
        let rule = type.init(argument: argument)
        self.init(caseInsensitive ? rule.ignoringCase() : rule)
    }

    /// The rule's name (`not_contains_field`).
    package var name: String { type(of: base).declaration.name }

    public static func == (lhs: AnyValueRule, rhs: AnyValueRule) -> Bool {
        AnyHashable(lhs.base) == AnyHashable(rhs.base)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(base)) }
}
