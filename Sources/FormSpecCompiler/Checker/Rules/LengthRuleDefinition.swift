@_spi(Program) @_spi(Tooling) import FormSpecRuntime
import FormSpecYAML

/// `min_length: N` / `max_length: N`, with `unit: scalars | utf8 | utf16`.
struct LengthRuleDefinition: RuleDefinition {
    let declarations = [
        RuleDeclaration(
            "min_length", usage: "`min_length: N`", appliesTo: .textual,
            passes:
                "length ≥ N, counted in grapheme clusters unless `unit:` says otherwise (N from 0 to 1,000,000,000)",
            argumentSchema: ##"{"$ref": "#/definitions/nonNegativeCount"}"##,
            messages: [
                BuiltInMessage(
                    key: "min_length", en: "{label} must be at least {min} characters",
                    zhHans: "{label}至少需要{min}个字符", zhHant: "{label}至少需要{min}個字元",
                    ja: "{label}は{min}文字以上で入力してください"),
                BuiltInMessage(
                    key: "min_length.one", en: "{label} must be at least {min} character",
                    zhHans: "{label}至少需要{min}个字符", zhHant: "{label}至少需要{min}個字元",
                    ja: "{label}は{min}文字以上で入力してください", usedWhen: "N = 1"),
                BuiltInMessage(
                    key: "min_length.utf8", en: "{label} must be at least {min} bytes",
                    zhHans: "{label}至少需要{min}个字节", zhHant: "{label}至少需要{min}個位元組",
                    ja: "{label}は{min}バイト以上で入力してください", usedWhen: "`unit: utf8`"),
                BuiltInMessage(
                    key: "min_length.utf8.one", en: "{label} must be at least {min} byte",
                    zhHans: "{label}至少需要{min}个字节", zhHant: "{label}至少需要{min}個位元組",
                    ja: "{label}は{min}バイト以上で入力してください", usedWhen: "`unit: utf8`, N = 1"),
            ],
            modifiers: ["unit"], example: "3"),
        RuleDeclaration(
            "max_length", usage: "`max_length: N`", appliesTo: .textual,
            passes: "length ≤ N, counted as for `min_length`",
            argumentSchema: ##"{"$ref": "#/definitions/nonNegativeCount"}"##,
            messages: [
                BuiltInMessage(
                    key: "max_length", en: "{label} must be at most {max} characters",
                    zhHans: "{label}不能超过{max}个字符", zhHant: "{label}不得超過{max}個字元",
                    ja: "{label}は{max}文字以内で入力してください"),
                BuiltInMessage(
                    key: "max_length.one", en: "{label} must be at most {max} character",
                    zhHans: "{label}不能超过{max}个字符", zhHant: "{label}不得超過{max}個字元",
                    ja: "{label}は{max}文字以内で入力してください", usedWhen: "N = 1"),
                BuiltInMessage(
                    key: "max_length.utf8", en: "{label} must be at most {max} bytes",
                    zhHans: "{label}不能超过{max}个字节", zhHant: "{label}不得超過{max}個位元組",
                    ja: "{label}は{max}バイト以内で入力してください", usedWhen: "`unit: utf8`"),
                BuiltInMessage(
                    key: "max_length.utf8.one", en: "{label} must be at most {max} byte",
                    zhHans: "{label}不能超过{max}个字节", zhHant: "{label}不得超過{max}個位元組",
                    ja: "{label}は{max}バイト以内で入力してください", usedWhen: "`unit: utf8`, N = 1"),
            ],
            modifiers: ["unit"], example: "5"),
    ]

    func check(_ item: RuleSyntax, field: FieldInfo, checker: inout Checker) -> CheckedRuleBody? {
        var unit = LengthRule.Unit.graphemes
        if let written = item.unit {
            let list = "graphemes (default), scalars, utf8, utf16"
            if let parsed = checker.known(
                written, as: LengthRule.Unit.self, what: "unit", plural: "units", list: list,
                synonyms: [
                    "bytes": "utf8", "octets": "utf8", "characters": "graphemes", "chars": "graphemes",
                    "codepoints": "scalars", "code_points": "scalars", "code_units": "utf16",
                ])
            {
                unit = parsed
            }
        }
        guard let limit = checker.count(item.argument, rule: item.key.value) else { return nil }
        let isMin = item.key.value == "min_length"
        // (`max_length: 0` is a field that must stay empty, such as a trap for bots: no warning.)
        if isMin, limit == 0 {
            checker.diagnostics.warning(
                "'min_length: 0' makes this rule always pass", at: item.argument.location,
                notes: [.init("an empty value is checked by 'required'; leave the rule out, or give a length above 0")])
        }
        return CheckedRuleBody(
            rule: .length(LengthRule(bound: isMin ? .min : .max, limit: limit, unit: unit)),
            // A limit in bytes says bytes; the other units count what people call characters.
            messageKey: DefaultMessages.key(item.key.value + (unit == .utf8 ? ".utf8" : ""), count: limit),
            placeholders: [isMin ? "min" : "max": .text(String(limit)), item.key.value: .text(String(limit))])
    }
}

extension Checker {
    /// A non-negative whole number argument.
    mutating func count(_ node: FormSpecYAML.YAMLNode, rule: String) -> Int? {
        guard case .integer(let value) = node.resolved, node.scalar != nil else {
            // A whole number written as a float (`1e3`), or past 64 bits: say the range, for it is
            // a whole number.
            if case .float(let value) = node.resolved, value.isFinite, value.rounded() == value,
                let scalar = node.scalar
            {
                let digits =
                    value >= 0 && value <= 1_000_000_000
                    ? " written in digits (\(Int(value)))" : " from 0 to 1000000000"
                diagnostics.error(
                    "'\(rule)' needs a whole number\(digits), not \(Diagnostics.excerpt(scalar.text))",
                    at: node.location)
                return nil
            }
            // `2.5`: the number itself says what is wrong with it.
            var shown = node.kindDescription
            if case .float = node.resolved, let scalar = node.scalar { shown = Diagnostics.excerpt(scalar.text) }
            diagnostics.error("'\(rule)' needs a whole number, not \(shown)", at: node.location)
            return nil
        }
        guard value >= 0, value <= 1_000_000_000 else {
            diagnostics.error("'\(rule)' needs a number from 0 to 1000000000, not \(value)", at: node.location)
            return nil
        }
        return Int(value)
    }
}
