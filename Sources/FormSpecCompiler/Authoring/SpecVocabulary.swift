@_spi(Program) @_spi(Tooling) import FormSpecRuntime

/// The words of the spec language, as the compiler itself knows them: keys, rule names, enum values,
/// the rules' one-line documentation and their built-in messages.
///
/// Editor tooling (the language server's completion and hover) reads this instead of keeping a
/// second copy, so a key or rule added to the compiler shows up in the editor without more work.
package enum SpecVocabulary {
    /// Keys of a spec file's top-level mapping.
    package static var topLevelKeys: [String] { SyntaxParser.topLevelKeys }
    /// Keys of a field's mapping.
    package static var fieldKeys: [String] { SyntaxParser.fieldKeys }
    /// Every rule key, in the catalog's order.
    package static var ruleNames: [String] { RuleCatalog.names }
    /// Whether field rule `name` applies to a field of `type`, as the checker decides it (`true`
    /// for a name that is no field rule: the checker reports it otherwise).
    package static func rule(_ name: String, appliesTo type: FieldType) -> Bool {
        RuleCatalog.declaration(for: name)?.applies(to: type) ?? true
    }
    /// Whether rule `name` applies to a list whose items are `itemType`: not one that reads them as
    /// scalars (`each`) on a list of groups.
    package static func rule(_ name: String, appliesToListOf itemType: FieldType) -> Bool {
        guard let declaration = RuleCatalog.declaration(for: name) else { return true }
        return declaration.applies(to: .list) && !(itemType == .group && declaration.needsScalarItems)
    }
    /// Keys a rule item may carry beside its rule key.
    package static var ruleModifierKeys: [String] { SyntaxParser.modifierKeys }
    /// The field types `case: insensitive` applies to.
    package static var caseFoldableTypes: Set<FieldType> { Checker.caseFoldableTypes }
    /// Whether a rule item of rule `name` takes modifier `key`: the common ones (`message`,
    /// `when`…) every rule takes; `unit`, `count`, `flags`, `case`, `debounce` and `check_when`
    /// only the rules whose declarations list them (the checker refuses them elsewhere).
    package static func rule(_ name: String, takesModifier key: String) -> Bool {
        guard RuleCatalog.declarations.contains(where: { $0.modifiers.contains(key) }) else { return true }
        return RuleCatalog.declaration(for: name)?.modifiers.contains(key) ?? false
    }
    /// Rule keys of `form_rules:` items.
    package static var formRuleKeys: [String] { SyntaxParser.formRuleKeys }
    /// The modifiers a form rule takes: `message` and `when`.
    package static var formRuleModifierKeys: [String] { SyntaxParser.formRuleModifierKeys }
    /// Keys of a `tests:` item.
    package static var testKeys: [String] { SyntaxParser.testKeys }
    /// Keys of `tests:` written as a mapping (`today:` for every test, `cases:`).
    package static var testSectionKeys: [String] { SyntaxParser.testSectionKeys }
    /// Keys of a test's `expect:` mapping.
    package static var expectKeys: [String] { Checker.expectationKeys }
    /// Keys of a `when:` condition.
    package static var conditionKeys: [String] { Checker.conditionKeys }
    /// Keys of a `{value: …, label: …}` choice option.
    package static let optionKeys = ["value", "label"]
    /// How many items a list without `max_items` holds.
    package static var defaultListCapacity: Int { Checker.defaultListCapacity }
    /// The most items `max_items` may allow.
    package static var maxListCapacity: Int { Checker.maxListCapacity }
    /// The keys of an expected check in a test's `checks:` (both forms).
    package static let expectedCheckKeys: Set<String> = ["rule", "passed", "failed", "requirement"]

    /// Field types (`type:`).
    package static var fieldTypes: [String] { FieldType.allCases.map(\.rawValue) }
    /// Rule severities (`severity:`).
    package static let severities = [Severity.error, .warning].map(\.rawValue)
    /// When a check is asked (`check_when:`).
    package static let checkWhenValues = ExternalCheckRule.RunsWhen.allCases.map(\.rawValue)
    /// Length units (`unit:`).
    package static var lengthUnits: [String] { LengthRule.Unit.allCases.map(\.rawValue) }
    /// How comparisons treat case (`case:`).
    package static var textCases: [String] { TextCase.allCases.map(\.rawValue) }
    /// Common values of a pattern's `flags:` (any letters from `ims`, each once, in any order).
    package static let patternFlags = ["i", "m", "s", "im", "is", "ms", "ims"]
    /// Field report modes (`report:`).
    package static let reportModes = ["all", "first"]
    /// Validation modes (`mode:`).
    package static var modes: [String] { Mode.allCases.map(\.rawValue) }
    /// Text formats (`format:`).
    package static var formats: [String] { FormatRule.Format.allCases.map(\.rawValue) }
    /// Character classes (`contains:`).
    package static var characterClasses: [String] { ContainsRule.CharacterClass.allCases.map(\.rawValue) }
    /// Locales with built-in messages.
    package static var builtInLocales: [String] { DefaultMessages.locales }

    /// The one-line documentation of rule `name` (a field rule or a form rule), or `nil` for a name
    /// that is not a rule.
    package static func documentation(ofRule name: String) -> String? { RuleCatalog.anyDeclaration(for: name)?.summary }

    /// The one-line documentation of key `key` of a `when:` condition, or `nil` for another key.
    package static func documentation(ofConditionKey key: String) -> String? { conditionKeyDocumentation[key] }

    static let conditionKeyDocumentation: [String: String] = [
        "field": "The field whose value the condition tests.",
        "equals": "True when the field's value equals this literal.",
        "not_equals": "True when the field's value differs from this literal (or the field is empty).",
        "one_of": "True when the field's value is one of these literals.",
        "contains":
            "True when one of the items of the list (a list of scalars, such as a multi-select) equals this literal. False when the list is empty.",
        "empty": "`true` when the field must be empty, `false` when it must not.",
        "less_than":
            "True when the field's value (number, date, time or datetime) is less than X: a literal, `{field: NAME}`, `{field: NAME, offset: STEP}`, or for dates `today±N`. False when either side is empty.",
        "greater_than":
            "True when the field's value (number, date, time or datetime) is greater than X: a literal, `{field: NAME}`, `{field: NAME, offset: STEP}`, or for dates `today±N`. False when either side is empty.",
        "at_least":
            "True when the field's value (number, date, time or datetime) is at least X: a literal, `{field: NAME}`, `{field: NAME, offset: STEP}`, or for dates `today±N`. False when either side is empty.",
        "at_most":
            "True when the field's value (number, date, time or datetime) is at most X: a literal, `{field: NAME}`, `{field: NAME, offset: STEP}`, or for dates `today±N`. False when either side is empty.",
        "matches":
            "True when the pattern finds a match in the field's text (an unanchored search, like the `pattern` rule). False when the field is empty.",
        "flags":
            "The pattern flags of `matches`: `i` (ignore case), `m` (multiline `^` and `$`), `s` (`.` matches line breaks).",
        "mode": "The mode given by the caller: new, edit or show.",
        "all": "True when every condition in the list holds.",
        "any": "True when at least one condition in the list holds.",
        "not": "True when the condition does not hold.",
    ]

    /// The one-line documentation of key `key` of a field, a rule item, or the top level.
    package static func documentation(ofKey key: String) -> String? { keyDocumentation[key] }

    /// The built-in message templates of rule `name` in `locale`, as `(variant, template)` pairs:
    /// one pair for most rules, one per variant where the message depends on the argument
    /// (`format.email`, `min.date`). Empty for rules without a message of their own (`use`).
    package static func defaultMessages(ofRule name: String, locale: String = "en") -> [(key: String, template: String)]
    {
        guard let catalog = DefaultMessages.catalog[locale] else { return [] }
        return catalog.filter { $0.key == name || $0.key.hasPrefix(name + ".") }
            .sorted { ($0.key != name ? 1 : 0, $0.key) < ($1.key != name ? 1 : 0, $1.key) }
            .map { (key: $0.key, template: $0.value) }
    }

    static let keyDocumentation: [String: String] = [
        "formspec": "The language version; always `1`.",
        "form": "The form's name: a lowercase identifier.",
        "title": "Human-readable title of the form.",
        "locale": "Locale of plain-string messages in this file (default `en`).",
        "import": "Rule libraries whose `define:` entries this file may `use:` (paths relative to this file).",
        "define": "Reusable named rules: NAME -> one rule item, referred to with `use: NAME`.",
        "fields":
            "The form's fields, in order: field name -> field (also a group's, or a list of groups', nested fields).",
        "form_rules": "Form-level rules (`require_changes`, `at_least_one_of`), reported in `form_errors`.",
        "tests": "Spec tests: an input and the report it must produce.",
        "type":
            "text (default), secret, integer, number, boolean, date, time (`HH:MM[:SS]`), datetime (RFC 3339 with an offset), choice, list (with `of:`) or group (with `fields:`).",
        "of":
            "A list's item type: a scalar type (`of: choice` with `options:` is a multi-select) or `group` with `fields:` (a repeatable group).",
        "label": "The field's name in messages (`{label}`); defaults to the field name humanized.",
        "default":
            "The value used when the input lacks the field; for dates also `today` or `today±N` (`today-18y`), counted from the validation's today.",
        "trim": "Strip leading and trailing whitespace before checking (default false).",
        "debounce": "How long live embedding waits before acting (`500ms`, `1s`).",
        "when": "A condition: when false the field or rule is inactive (not checked, not reported).",
        "report": "`all` (default) lists every failing message; `first` lists only the first.",
        "rules": "The field's rules, run in the order written.",
        "options":
            "The values a `choice` field (or a list `of: choice`) accepts: scalars or `{value: V, label: L}`.",
        "message": "The message shown when the rule fails: a string or a map locale -> string.",
        "requirement": "The checklist text shown whether the rule passes or fails (defaults to the message).",
        "severity": "`error` (default) or `warning`.",
        "unit": "How length rules count: graphemes (default), scalars, utf8 or utf16.",
        "count": "How many characters of each class `contains:` needs (default 1).",
        "check_when":
            "On `check:`: `valid` (default) asks the check only once the field's other rules pass; `always` asks it whenever the rule applies.",
        "flags":
            "Pattern flags, letters from `ims`: `i` ignores case (Unicode simple case folding), `m` makes `^` and `$` match at line breaks, `s` lets `.` match line breaks.",
        "case":
            "`sensitive` (default) compares text exactly; `insensitive` compares it under Unicode full case folding (`ß` = `SS`).",
        "required": "`true`, `false` (default), or the message shown when the field is empty.",
        "name": "The test's name, shown when it fails.",
        "input": "The input object: field name -> value.",
        "expect": "`valid`, `{valid: false}`, or `{errors: {field: [messages]}, form_errors: [messages]}`.",
        "original": "Edit mode: the original values the input is compared with.",
        "stubs": "Outcomes of external checks: check name -> true | false.",
        "field": "The field whose value the condition (or comparison) reads.",
        "offset":
            "Added to the other field's value in a comparison: `30d`, `-1m`, `+2y` for dates; `90m`, `-2h`, `30s` for times (`m` is minutes), also `1d` for datetimes; a number for integers and numbers.",
        "empty": "`true` when the field must be empty, `false` when it must not.",
        "mode": "The mode given by the caller: new, edit or show.",
        "today": "The date `today` stands for in date rules (YYYY-MM-DD), so tests do not change with the calendar.",
        "cases": "The tests, when `tests:` is a mapping that pins `today:` for all of them.",
        "warnings": "Fields and the warning messages the report must list for them.",
        "checks": "Fields and the rules that must pass or fail in the report's checks.",
    ]
}

extension Compiler {
    /// The path the compiler reads for `import: relative` written in the file at `file`, so tools
    /// resolve imports exactly as compilation does.
    package static func resolveImport(_ relative: String, from file: String) -> String {
        PathUtilities.resolve(relative, from: file)
    }

    /// `path` without `.` and `folder/..` steps: the name the compiler gives a file in diagnostics.
    package static func normalizePath(_ path: String) -> String { PathUtilities.normalize(path) }
}
