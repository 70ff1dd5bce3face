/// One step of the path from a spec's root to a node: a mapping key, or "an item of a list".
enum PathStep: Hashable {
    case key(String)
    case item
}

/// What a node at some path of a spec is, by the spec language's grammar: which keys its mapping
/// takes, or which values it takes.
///
/// Completion (from the text before the cursor), hover and go-to-definition (from the parsed
/// YAML) all ask this one function, so they agree on what `same_as:` or `when:` holds.
enum SpecSlot: Equatable {
    case topLevel
    /// `fields:` — keys are field names.
    case fields
    /// One field's mapping.
    case field
    /// A list of rule items (`rules:`, `all:`, `any:`).
    case ruleList
    /// A rule item: one rule key plus modifiers; `form` for `form_rules:` items.
    case ruleItem(form: Bool)
    /// `form_rules:`.
    case formRuleList
    /// `define:` — keys are define names.
    case defines
    /// A `when:` condition.
    case condition
    case conditionList
    /// `min:`/`max:`/… argument: a literal or `{field: NAME, offset: STEP}`.
    case comparand
    /// `equals:`/`not_equals:`/`multiple_of:` argument: a literal or `{field: NAME}` (no offset).
    case fieldOperand
    /// A literal of the field's type: a condition's `equals:`, an item of `one_of:`.
    case literal
    /// `one_of:`/`not_one_of:`: a list of literals.
    case literalList
    /// `tests:`.
    case testList
    case test
    case expect
    /// A mapping keyed by field names (`input:`, `original:`, `expect: errors:`).
    case fieldValues
    /// What a test's input gives inside a group or list (`contacts: [{name: Ann}]`): values, not
    /// spec keys.
    case nestedValues
    /// A mapping keyed by locales (`message:`, `requirement:`, `label:` maps).
    case messages
    case optionList
    case option
    /// `import:`, a path or a list of paths.
    case imports
    // Slots of scalar values.
    case fieldType, severity, checkWhen, unit, textCase, patternFlags, reportMode, mode, format, characterClass, locale
    /// A list's `of:`: a field type other than `list` (the compiler refuses a list of lists).
    case itemType
    case fieldName, fieldNameList, defineName, importPath
    /// `unique_items:` of a list of groups: a field of its items, by name.
    case itemFieldName
    /// Anything else: free text, numbers, literals.
    case other

    /// The slot of the node at `path` from the root.
    static func of(_ path: [PathStep]) -> SpecSlot {
        path.reduce(.topLevel) { $0.child($1) }
    }

    /// The slot of the node reached from this one by `step`.
    func child(_ step: PathStep) -> SpecSlot {
        switch (self, step) {
        case (.topLevel, .key(let key)):
            switch key {
            case "fields": return .fields
            case "define": return .defines
            case "form_rules": return .formRuleList
            case "tests": return .testList
            case "import": return .imports
            case "locale": return .locale
            default: return .other
            }
        case (.fields, .key): return .field
        case (.field, .key(let key)):
            switch key {
            case "rules": return .ruleList
            case "when": return .condition
            case "type": return .fieldType
            case "report": return .reportMode
            case "label", "required": return .messages
            case "options": return .optionList
            case "fields": return .fields
            case "of": return .itemType
            default: return .other
            }
        case (.ruleList, .item): return .ruleItem(form: false)
        case (.formRuleList, .item): return .ruleItem(form: true)
        case (.defines, .key): return .ruleItem(form: false)
        case (.ruleItem, .key(let key)):
            switch key {
            case "all", "any", "each": return .ruleList
            case "not": return .ruleItem(form: false)
            case "when": return .condition
            case "severity": return .severity
            case "check_when": return .checkWhen
            case "unit": return .unit
            case "case": return .textCase
            case "flags": return .patternFlags
            case "format": return .format
            case "contains": return .characterClass
            case "same_as", "different_from", "not_contains_field": return .fieldName
            case "at_least_one_of": return .fieldNameList
            case "unique_items": return .itemFieldName
            case "use": return .defineName
            case "message", "requirement": return .messages
            case "min", "max", "at_least", "at_most", "greater_than", "less_than": return .comparand
            case "equals", "not_equals", "multiple_of": return .fieldOperand
            case "one_of", "not_one_of": return .literalList
            default: return .other
            }
        case (.characterClass, .item): return .characterClass
        case (.literalList, .item): return .literal
        case (.fieldNameList, .item): return .fieldName
        case (.comparand, .key("field")), (.fieldOperand, .key("field")): return .fieldName
        case (.condition, .key(let key)):
            switch key {
            case "field": return .fieldName
            case "mode": return .mode
            case "flags": return .patternFlags
            case "less_than", "greater_than", "at_least", "at_most": return .comparand
            case "equals", "not_equals", "contains": return .literal
            case "one_of": return .literalList
            case "all", "any": return .conditionList
            case "not": return .condition
            default: return .other
            }
        case (.conditionList, .item): return .condition
        case (.testList, .item): return .test
        case (.test, .key(let key)):
            switch key {
            case "input", "original": return .fieldValues
            case "expect": return .expect
            case "mode": return .mode
            case "locale": return .locale
            default: return .other
            }
        case (.expect, .key("errors")), (.expect, .key("warnings")), (.expect, .key("checks")): return .fieldValues
        case (.fieldValues, _), (.nestedValues, _): return .nestedValues
        case (.testList, .key("cases")): return .testList
        case (.optionList, .item): return .option
        case (.option, .key("label")): return .messages
        case (.imports, .item): return .importPath
        default: return .other
        }
    }

    /// The slot a scalar written directly at this slot fills: `import: x.rules.yaml` (no list) is
    /// a path, `contains: digit` a class.
    var scalarSlot: SpecSlot {
        switch self {
        case .imports: .importPath
        case .fieldNameList: .fieldName
        default: self
        }
    }
}
