@_spi(Program) @_spi(Tooling) import FormSpecRuntime

/// `format: email | url | uuid | luhn | e164`.
struct FormatRuleDefinition: RuleDefinition {
    let declarations = [
        RuleDeclaration(
            "format", usage: "`format: F`", appliesTo: [.text],
            passes: """
                the value has format F. `email`: `local@domain` with one `@`; a local part of at most 64 \
                printable characters without spaces or quotes, dots not leading, trailing or doubled; a domain \
                of two or more dot-separated labels (letters, digits, inner hyphens), the last one two or more \
                letters. `url`: `scheme://host[:port][/path][?query][#fragment]` with a letter-led scheme, a \
                host name, `localhost`, an IPv4 or bracketed IPv6 address, no whitespace anywhere. `uuid`: \
                8-4-4-4-12 hexadecimal digits, either case. `luhn`: two or more digits (spaces and dashes \
                ignored) whose Luhn check digit is right, as on card numbers. `e164`: a phone number, `+` \
                and 8 to 15 digits once spaces, dashes, dots and parentheses are removed
                """,
            argumentSchema: #"{"type": "string", "enum": ["#
                + FormatRule.Format.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") + "]}",
            messages: [
                BuiltInMessage(
                    key: "format.email", en: "{label} must be a valid email address",
                    zhHans: "{label}必须是有效的电子邮件地址", zhHant: "{label}必須是有效的電子郵件地址",
                    ja: "{label}には有効なメールアドレスを入力してください"),
                BuiltInMessage(
                    key: "format.url", en: "{label} must be a valid URL",
                    zhHans: "{label}必须是有效的网址", zhHant: "{label}必須是有效的網址",
                    ja: "{label}には有効なURLを入力してください"),
                BuiltInMessage(
                    key: "format.uuid", en: "{label} must be a valid UUID",
                    zhHans: "{label}必须是有效的 UUID", zhHant: "{label}必須是有效的 UUID",
                    ja: "{label}には有効なUUIDを入力してください"),
                BuiltInMessage(
                    key: "format.luhn", en: "{label} must be a valid card number",
                    zhHans: "{label}必须是有效的卡号", zhHant: "{label}必須是有效的卡號",
                    ja: "{label}には有効なカード番号を入力してください"),
                BuiltInMessage(
                    key: "format.e164",
                    en: "{label} must be a phone number in international format (+ and country code)",
                    zhHans: "{label}必须是国际格式的电话号码（+ 和国家代码）",
                    zhHant: "{label}必須是國際格式的電話號碼（+ 和國碼）",
                    ja: "{label}は国際形式の電話番号（+と国番号）で入力してください"),
            ],
            example: "email")
    ]

    func check(_ item: RuleSyntax, field: FieldInfo, checker: inout Checker) -> CheckedRuleBody? {
        guard let name = Read.string(item.argument, "'format'", &checker.diagnostics) else { return nil }
        guard let format = checker.known(name, as: FormatRule.Format.self, what: "format", plural: "formats") else {
            return nil
        }
        return CheckedRuleBody(
            rule: .format(FormatRule(format: format)), messageKey: "format.\(format.rawValue)",
            placeholders: ["format": .text(format.rawValue)])
    }
}
