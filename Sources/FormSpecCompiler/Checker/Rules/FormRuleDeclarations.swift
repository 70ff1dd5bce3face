@_spi(Tooling) import FormSpecRuntime

/// The form rules of `form_rules:` (checked by the checker itself, reported in `form_errors`).
enum FormRuleDeclarations {
    static let all = [
        RuleDeclaration(
            "require_changes", usage: "`require_changes: true`",
            passes:
                "not in edit mode, or some active field's value differs from the original (by exact comparison, after reading and trimming)",
            argumentSchema: #"{"type": "boolean"}"#,
            messages: [
                BuiltInMessage(
                    key: "require_changes", en: "Nothing has changed",
                    zhHans: "没有任何更改", zhHant: "沒有任何變更",
                    ja: "変更がありません")
            ],
            example: "true"),
        RuleDeclaration(
            "at_least_one_of", usage: "`at_least_one_of: [F, F…]` (two or more fields)",
            passes: "at least one of the fields is not empty",
            argumentSchema: #"{"type": "array", "minItems": 2, "items": {"type": "string"}}"#,
            messages: [
                BuiltInMessage(
                    key: "at_least_one_of", en: "Give at least one of {fields}",
                    zhHans: "请至少填写{fields}中的一项", zhHant: "請至少填寫{fields}其中一項",
                    ja: "{fields}のうち少なくとも1つを入力してください")
            ],
            example: "[f, other]"),
    ]
}
