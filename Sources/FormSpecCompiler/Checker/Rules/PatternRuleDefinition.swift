import FormSpecDiagnostics
import FormSpecPattern
@_spi(Tooling) import FormSpecRuntime
import FormSpecYAML

/// `pattern: REGEX` / `not_pattern: REGEX`, compiled once here so a bad pattern is a diagnostic
/// at the pattern's own column and the lowered program carries the automata.
struct PatternRuleDefinition: RuleDefinition {
    let declarations = [
        RuleDeclaration(
            "pattern", usage: "`pattern: P`", appliesTo: .textual,
            passes:
                "the [pattern](#patterns) finds a match anywhere in the value (write `^…$` to match the whole value); matching takes linear time and backreferences are refused",
            argumentSchema: #"{"type": "string"}"#,
            messages: [
                BuiltInMessage(
                    key: "pattern", en: "{label} has an invalid format",
                    zhHans: "{label}格式不正确", zhHant: "{label}格式不正確",
                    ja: "{label}の形式が正しくありません")
            ],
            example: "'^[a-z]+$'"),
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
            example: "'[0-9]'"),
    ]

    func check(_ item: RuleSyntax, field: FieldInfo, checker: inout Checker) -> CheckedRuleBody? {
        guard let source = Read.string(item.argument, "'\(item.key.value)'", &checker.diagnostics) else { return nil }
        do {
            let rule = try PatternRule(source: source.value, negated: item.key.value == "not_pattern")
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

    /// Where `error` sits in the file. The pattern's offset maps to a column exactly when the
    /// scalar is on one line and written without escapes (its source span is as wide as its value,
    /// plus the quotes); otherwise the whole scalar is the best honest answer.
    static func location(of error: PatternSyntaxError, in node: YAMLNode) -> SourceLocation {
        let location = node.location
        guard let scalar = node.scalar, location.start.line == location.end.line else { return location }
        let quotes: Int
        switch scalar.style {
        case .plain: quotes = 0
        case .singleQuoted, .doubleQuoted: quotes = 1
        case .literal, .folded: return location
        }
        let text = scalar.text
        guard location.end.column - location.start.column == text.count + 2 * quotes else { return location }
        let scalars = Array(text.unicodeScalars)
        let offset = min(max(0, error.offset), scalars.count)
        let end = min(scalars.count, offset + max(1, error.length))
        func columns(_ range: Range<Int>) -> Int { String(String.UnicodeScalarView(scalars[range])).count }
        let startColumn = location.start.column + quotes + columns(0..<offset)
        // Past the last character (e.g. "unterminated group"), point one column after the text.
        let width = max(1, columns(offset..<end))
        return SourceLocation(
            path: location.path, start: SourcePosition(line: location.start.line, column: startColumn),
            end: SourcePosition(line: location.start.line, column: startColumn + width))
    }
}
