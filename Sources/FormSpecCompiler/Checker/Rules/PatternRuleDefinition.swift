import FormSpecDiagnostics
import FormSpecPattern
@_spi(Program) @_spi(Tooling) import FormSpecRuntime
import FormSpecYAML

/// `pattern: REGEX` / `not_pattern: REGEX`, compiled once here so a bad pattern is a diagnostic
/// at the pattern's own column and the lowered program carries the automata.
struct PatternRuleDefinition: RuleDefinition {
    let declarations = [
        RuleDeclaration(
            "pattern", usage: "`pattern: P`", appliesTo: .textual,
            passes:
                "the [pattern](#patterns) finds a match anywhere in the value (write `^…$` to match the whole value); matching takes linear time and backreferences are refused; `flags:` takes `i`, `m` and `s`",
            argumentSchema: #"{"type": "string"}"#,
            messages: [
                BuiltInMessage(
                    key: "pattern", en: "{label} has an invalid format",
                    zhHans: "{label}格式不正确", zhHant: "{label}格式不正確",
                    ja: "{label}の形式が正しくありません")
            ],
            modifiers: ["flags"], example: "'^[a-z]+$'"),
        RuleDeclaration(
            "not_pattern", usage: "`not_pattern: P`", appliesTo: .textual,
            passes: "the pattern finds no match",
            argumentSchema: #"{"type": "string"}"#,
            messages: [
                BuiltInMessage(
                    key: "not_pattern", en: "{label} contains something that is not allowed",
                    zhHans: "{label}包含不允许的内容", zhHant: "{label}包含不允許的內容",
                    ja: "{label}に使用できない内容が含まれています")
            ],
            modifiers: ["flags"], example: "'[0-9]'"),
    ]

    func check(_ item: RuleSyntax, field: FieldInfo, checker: inout Checker) -> CheckedRuleBody? {
        let flags = Self.flags(item.flags, diagnostics: &checker.diagnostics)
        guard let source = Read.string(item.argument, "'\(item.key.value)'", &checker.diagnostics),
            let flags
        else { return nil }
        do {
            let key = Checker.PatternKey(source: source.value, flags: flags)
            let pattern: Pattern
            if let compiled = checker.compiledPatterns[key] {
                pattern = compiled
            } else {
                pattern = try Pattern(source.value, flags: flags)
                checker.compiledPatterns[key] = pattern
            }
            let rule = PatternRule(pattern: pattern, negated: item.key.value == "not_pattern")
            return CheckedRuleBody(
                rule: .pattern(rule), messageKey: item.key.value,
                placeholders: [item.key.value: .text(source.value)])
        } catch {
            checker.diagnostics.error(
                "invalid pattern: \(error.message)", at: Self.location(of: error, in: item.argument),
                notes: error.note.map { [.init($0)] } ?? [])
            return nil
        }
    }

    /// The flags `flags:` names (none when it is absent), or `nil` after a diagnostic.
    static func flags(_ written: Located<String>?, diagnostics: inout DiagnosticCollector) -> PatternFlags? {
        guard let written else { return [] }
        switch PatternFlags.parse(written.value) {
        case .success(let flags):
            return flags
        case .failure(.unknown(let letter)):
            let lower = Character(letter.lowercased())
            let hint: String
            if letter != lower, PatternFlags.flag(lower) != nil {
                hint = "did you mean '\(lower)'?"
            } else if letter == "u" || letter == "v" {
                hint = "'u' is always on and 'v' is not supported"
            } else if letter == "g" || letter == "y" || letter == "d" {
                hint = "'\(letter)' changes where a search starts or what it reports, never whether a value matches"
            } else {
                hint = "flags are letters from 'ims'"
            }
            diagnostics.error(
                "unknown pattern flag '\(letter)' in 'flags: \(written.value)'", at: written.location,
                notes: [.init(hint), .init("flags: i (ignore case), m (multiline ^ and $), s (. matches line breaks)")])
            return nil
        case .failure(.repeated(let letter)):
            diagnostics.error(
                "pattern flag '\(letter)' is written twice in 'flags: \(written.value)'", at: written.location)
            return nil
        }
    }

    /// Where `error` sits in the file (see ``Checker/location(of:in:at:)``).
    static func location(of error: PatternSyntaxError, in node: YAMLNode) -> SourceLocation {
        guard let scalar = node.scalar else { return node.location }
        let offset = max(0, error.offset)
        return Checker.location(of: offset..<offset + max(1, error.length), in: scalar.text, at: node.location)
    }
}
