import FormSpecDiagnostics

/// A compiled form: what the compiler lowers a spec into and the evaluator runs.
///
/// Fields are addressed by index; patterns, messages and literals are prepared at compile time,
/// so evaluating a record does no parsing and no lookup by name.
///
/// The types a program is made of (`FieldProgram`, `RuleProgram`, the rules, conditions and
/// messages) and their initializers are `@_spi(Program)`: FormSpec's own modules, and the Swift
/// files `formspec compile --emit swift` generates (which build their program from literals),
/// import them that way. They are not public API and may change with any release.
public struct Program: Sendable, Codable {
    let storage: Storage

    /// The form's identifier.
    public var form: String { storage.form }
    /// The form's human title.
    public var title: String? { storage.title }
    /// The locale of the spec's plain-string messages: the second step of the fallback chain.
    public var locale: String { storage.locale }
    /// The fields, in spec order.
    package var fields: [FieldProgram] { storage.fields }
    /// Form-level rules, in spec order.
    package var formRules: [FormRuleProgram] { storage.formRules }
    /// The names of the external checks the form uses, sorted.
    package var checkNames: [String] { storage.checkNames }
    /// Message templates for form-level problems the runtime itself raises (`unknown_field`).
    package var unknownFieldMessage: LocalizedText { _read { yield storage.unknownFieldMessage } }
    /// Field index by name (exact scalars, like every text comparison).
    package var fieldIndex: FieldNameIndex { _read { yield storage.fieldIndex } }
    /// For each field, its choice options' values (empty for other types).
    var optionSets: [Set<ExactText>] { storage.optionSets }
    /// Each field's value when an input lacks it (its default, read as its type); empty for a
    /// relative default, which ``defaultValue(ofField:today:)`` resolves.
    var defaultValues: [FieldValue] { storage.defaultValues }
    /// Each field's relative date default (`default: today±N`), by index.
    var defaultOffsets: [DateOffset?] { storage.defaultOffsets }
    /// The indexes of the fields with a relative default: what a reset must resolve (usually none).
    var relativeDefaultFields: [Int] { storage.relativeDefaultFields }
    /// The indexes of the `secret` fields: what ``shownValue(of:in:)`` compares a value with.
    var secretFields: [Int] { storage.secretFields }
    /// The message locales when the caller asks for none: the spec's, then `en`.
    var defaultChain: LocaleChain { _read { yield storage.defaultChain } }
    /// The rules and conditions as the evaluator runs them.
    var lowered: LoweredRules { _read { yield storage.lowered } }
    /// Every text rendered for ``defaultChain``.
    var defaultTexts: ProgramTexts { _read { yield storage.defaultTexts } }

    /// Creates a program.
    @_spi(Program) public init(
        form: String, title: String?, locale: String, fields: [FieldProgram], formRules: [FormRuleProgram],
        unknownFieldMessage: LocalizedText
    ) {
        storage = Storage(
            form: form, title: title, locale: locale, fields: fields, formRules: formRules,
            unknownFieldMessage: unknownFieldMessage)
    }

    /// The program's tables behind one reference. Every evaluation passes a `Program` along; as a
    /// 400-byte struct it was copied to the stack at each call (several times per record), now
    /// it is one pointer. Immutable, hence `Sendable`.
    final class Storage: Sendable {
        // What the properties of the same names above read.
        let form: String
        let title: String?
        let locale: String
        let fields: [FieldProgram]
        let formRules: [FormRuleProgram]
        let checkNames: [String]
        let unknownFieldMessage: LocalizedText
        let fieldIndex: FieldNameIndex
        let optionSets: [Set<ExactText>]
        let defaultValues: [FieldValue]
        let defaultOffsets: [DateOffset?]
        let relativeDefaultFields: [Int]
        let secretFields: [Int]
        let defaultChain: LocaleChain
        let lowered: LoweredRules
        let defaultTexts: ProgramTexts
        /// Whether the form has groups or lists (see `Program+Nested.swift`).
        let isNested: Bool
        /// For a nested form, each field's parent and children, so reading an input never builds paths.
        let nestedLayout: NestedLayout?
        /// Whether each field is an item of a list of groups (`contacts.1`): such an item that is
        /// there but is no object, `null` and `""` included, fails `type` (``Program/read(_:forField:today:)``).
        let isGroupItem: [Bool]
        /// Each field's evaluation plan (see ``FieldPlan``).
        let plans: UncheckedTable<FieldPlan>
        /// The fields a report of failures may find valid from their value alone, a bit each (bit
        /// `f & 63` of word `f >> 6`; see ``validFromValue(fields:plans:lowered:)``).
        let validFromValue: UncheckedTable<UInt64>

        init(
            form: String, title: String?, locale: String, fields: [FieldProgram], formRules: [FormRuleProgram],
            unknownFieldMessage: LocalizedText
        ) {
            self.form = form
            self.title = title
            self.locale = locale
            self.fields = fields
            self.formRules = formRules
            self.unknownFieldMessage = unknownFieldMessage
            self.fieldIndex = FieldNameIndex(fields.map(\.name))
            self.isNested = fields.contains { !$0.type.isScalar }
            let nestedLayout = isNested ? NestedLayout(fields) : nil
            self.nestedLayout = nestedLayout
            var isGroupItem = Array(repeating: false, count: fields.count)
            for items in nestedLayout?.items ?? [] {
                for item in items where fields[item].type == .group { isGroupItem[item] = true }
            }
            self.isGroupItem = isGroupItem
            let optionSets = fields.map(\.optionSet)
            self.optionSets = optionSets
            // By index here and below: iterating `fields` copies each field whole.
            self.defaultValues = fields.indices.map { index in
                fields[index].type.read(
                    fields[index].defaultValue, trim: fields[index].trim, options: optionSets[index])
            }
            self.defaultOffsets = fields.map(\.defaultOffset)
            self.relativeDefaultFields = fields.indices.filter { fields[$0].defaultOffset != nil }
            self.secretFields = fields.indices.filter { fields[$0].type == .secret }
            let defaultChain = LocaleChain(requested: nil, specLocale: locale)
            self.defaultChain = defaultChain
            var checks = Set<String>()
            for index in fields.indices { fields[index].rules.forEach { $0.collectChecks(into: &checks) } }
            self.checkNames = checks.sorted()
            let lowered = LoweredRules(fields: fields, formRules: formRules)
            self.lowered = lowered
            let plans = Self.plans(fields: fields, formRules: formRules, lowered: lowered, layout: nestedLayout)
            self.plans = UncheckedTable(plans)
            self.validFromValue = UncheckedTable(Self.validFromValue(fields: fields, plans: plans, lowered: lowered))
            self.defaultTexts = ProgramTexts(
                fields: fields, formRules: formRules, unknownFieldMessage: unknownFieldMessage, chain: defaultChain)
        }
    }

    private enum CodingKeys: String, CodingKey {
        case form, title, locale, fields, formRules, unknownFieldMessage
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let fields = try Self.decodeFields(try container.nestedUnkeyedContainer(forKey: .fields))
        let formRules = try container.decode([FormRuleProgram].self, forKey: .formRules)
        try Self.checkFieldReferences(fields: fields, formRules: formRules, codingPath: container.codingPath)
        self.init(
            form: try container.decode(String.self, forKey: .form),
            title: try container.decodeIfPresent(String.self, forKey: .title),
            locale: try container.decode(String.self, forKey: .locale),
            fields: fields, formRules: formRules,
            unknownFieldMessage: try container.decode(LocalizedText.self, forKey: .unknownFieldMessage))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(form, forKey: .form)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encode(locale, forKey: .locale)
        try Self.encode(fields, into: container.nestedUnkeyedContainer(forKey: .fields))
        try container.encode(formRules, forKey: .formRules)
        try container.encode(unknownFieldMessage, forKey: .unknownFieldMessage)
    }

    /// The same program built again from its fields: equal in every way, but with tables of its
    /// own. A batch worker thread evaluates with one, so that threads do not retain and release
    /// the same buffers (contended reference counts cost more than the rules).
    package func isolatedCopy() -> Program {
        Program(
            form: form, title: title, locale: locale, fields: fields, formRules: formRules,
            unknownFieldMessage: unknownFieldMessage)
    }

    /// For each field, the fields whose rules or conditions read it (besides itself): what must be
    /// re-checked when it changes.
    package var dependents: [[Int]] {
        var result = Array(repeating: [Int](), count: fields.count)
        for index in fields.indices {
            for read in fields[index].reads where read != index && !result[read].contains(index) {
                result[read].append(index)
            }
        }
        return result
    }
}

/// One field of a compiled form.
@_spi(Program) public struct FieldProgram: Sendable, Codable, Equatable {
    /// The field's name (its key in inputs and reports).
    package var name: String
    /// The human label used in messages, in the spec's locale.
    package var label: String
    /// The label's translations by locale tag (`label: {en: Email, ja: メール}`); `nil` when none.
    package var labelTranslations: [String: String]?
    /// The field's type.
    package var type: FieldType
    /// Whether the field is required regardless of conditions (`required:` on the field).
    package var required: Bool
    /// The message when a required field is empty.
    package var requiredMessage: LocalizedText
    /// The message when a value cannot be read as the type.
    package var typeMessage: LocalizedText
    /// The value used when the input lacks the field.
    package var defaultValue: Value?
    /// A `date` field's default relative to the evaluation's today (`default: today-18y`), resolved
    /// per validation; `nil` when the default is fixed (``defaultValue``) or absent.
    package var defaultOffset: DateOffset?
    /// Whether to strip surrounding whitespace before checking.
    package var trim: Bool
    /// Live-embedding debounce in milliseconds.
    package var debounceMilliseconds: Int?
    /// When the field is active; inactive fields are neither checked nor reported.
    package var condition: Condition?
    /// Whether the report lists only the first failing message.
    package var reportsFirstOnly: Bool
    /// The field's rules, in priority order.
    package var rules: [RuleProgram]
    /// For `choice` fields, the options.
    package var options: [ChoiceOption]
    /// The message when a value is not among the options.
    package var choiceMessage: LocalizedText
    /// Every other field this field's rules and conditions read, as the lowering stored it
    /// (``fieldsRead``); what a live form re-checks after a change.
    package var reads: [Int]

    /// The fields this field's condition and rules (and their conditions) read, computed from them:
    /// what the lowering stores as ``reads``, and what an evaluation plan trusts rather than a
    /// decoded program's `reads`. It may hold the field itself.
    package var fieldsRead: Set<Int> {
        Set(condition?.fieldsRead ?? []).union(rules.lazy.flatMap(\.fieldsRead))
    }

    /// The label in the first locale of `chain` that has one.
    package func label(_ chain: LocaleChain) -> String { chain.pick(labelTranslations) ?? label }

    /// The options' values, for membership tests.
    package var optionSet: Set<ExactText> { Set(options.map { ExactText($0.value) }) }

    /// Creates a field.
    @_spi(Program) public init(
        name: String, label: String, labelTranslations: [String: String]? = nil, type: FieldType, required: Bool,
        requiredMessage: LocalizedText,
        typeMessage: LocalizedText, defaultValue: Value?, defaultOffset: DateOffset? = nil, trim: Bool,
        debounceMilliseconds: Int?,
        condition: Condition?, reportsFirstOnly: Bool, rules: [RuleProgram], options: [ChoiceOption],
        choiceMessage: LocalizedText, reads: [Int]
    ) {
        self.name = name
        self.label = label
        self.labelTranslations = labelTranslations
        self.type = type
        self.required = required
        self.requiredMessage = requiredMessage
        self.typeMessage = typeMessage
        self.defaultValue = defaultValue
        self.defaultOffset = defaultOffset
        self.trim = trim
        self.debounceMilliseconds = debounceMilliseconds
        self.condition = condition
        self.reportsFirstOnly = reportsFirstOnly
        self.rules = rules
        self.options = options
        self.choiceMessage = choiceMessage
        self.reads = reads
    }
}

/// One option of a `choice` field.
public struct ChoiceOption: Sendable, Hashable, Codable {
    /// The value as inputs give it (numbers and booleans in their JSON spelling).
    public var value: String
    /// The human label, in the spec's locale (a live form's options carry it in the form's locale).
    public var label: String
    /// The label's translations by locale tag (`label: {en: Small, ja: 小}`); `nil` when it has none.
    public var translations: [String: String]?

    /// Creates an option.
    public init(value: String, label: String, translations: [String: String]? = nil) {
        self.value = value
        self.label = label
        self.translations = translations
    }

    /// The option with its label in the first locale of `chain` that has one.
    package func localized(_ chain: LocaleChain) -> ChoiceOption {
        var option = self
        option.label = chain.pick(translations) ?? label
        return option
    }
}

/// Whether a failing rule makes the form invalid.
public enum Severity: String, Sendable, Hashable, Codable {
    case error, warning
}

/// One rule item of a field, with its modifiers.
@_spi(Program) public struct RuleProgram: Sendable, Codable, Equatable {
    /// The rule's name in reports (`min_length`, or the `define:` name for `use:`).
    package var name: String
    /// What the rule tests.
    package var rule: Rule
    /// The message when it fails.
    package var message: LocalizedText
    /// The checklist text shown whether it passes or fails.
    package var requirement: LocalizedText
    /// When the rule applies; a rule whose condition is false is skipped.
    package var condition: Condition?
    /// Error (default) or warning.
    package var severity: Severity
    /// For external checks: debounce in milliseconds.
    package var debounceMilliseconds: Int?

    /// Creates a rule item.
    @_spi(Program) public init(
        name: String, rule: Rule, message: LocalizedText, requirement: LocalizedText, condition: Condition?,
        severity: Severity, debounceMilliseconds: Int? = nil
    ) {
        self.name = name
        self.rule = rule
        self.message = message
        self.requirement = requirement
        self.condition = condition
        self.severity = severity
        self.debounceMilliseconds = debounceMilliseconds
    }

    func collectChecks(into names: inout Set<String>) {
        switch rule {
        case .check(let check): names.insert(check.name)
        case .all(let items), .any(let items): items.forEach { $0.collectChecks(into: &names) }
        case .not(let item): item.collectChecks(into: &names)
        default: break
        }
    }
}

/// What a rule tests. Each case's logic lives in its own file under `Rules/`.
@_spi(Program) public indirect enum Rule: Sendable, Codable, Equatable {
    case required
    case length(LengthRule)
    case pattern(PatternRule)
    case contains(ContainsRule)
    case format(FormatRule)
    case equality(EqualityRule)
    case membership(MembershipRule)
    case fieldComparison(FieldComparisonRule)
    case range(RangeRule)
    case multipleOf(MultipleOfRule)
    case all([RuleProgram])
    case any([RuleProgram])
    case not(RuleProgram)
    case check(ExternalCheckRule)
    /// A rule declared as a ``ValueRule`` (`not_contains_field`).
    case value(AnyValueRule)
}

/// A form-level rule.
@_spi(Program) public struct FormRuleProgram: Sendable, Codable {
    /// What a form rule tests.
    @_spi(Program) public enum Kind: Sendable, Codable {
        /// Edit mode: some field must differ from the original.
        case requireChanges
        /// At least one of these fields must be non-empty.
        case atLeastOneOf([Int])
    }

    /// The rule's name in reports.
    package var name: String
    /// What it tests.
    package var kind: Kind
    /// The message when it fails.
    package var message: LocalizedText
    /// When it applies.
    package var condition: Condition?

    /// Creates a form rule.
    @_spi(Program) public init(name: String, kind: Kind, message: LocalizedText, condition: Condition?) {
        self.name = name
        self.kind = kind
        self.message = message
        self.condition = condition
    }
}

/// The mode a form is shown in, given by the caller.
public enum Mode: String, Sendable, Hashable, Codable, CaseIterable {
    case new, edit, show
}
