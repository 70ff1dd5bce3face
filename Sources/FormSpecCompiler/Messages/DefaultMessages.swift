@_spi(Tooling) import FormSpecRuntime

/// The built-in message templates, by locale and message key.
///
/// Rules declare their own messages (``RuleDeclaration/messages``); this file holds the rest: type
/// failures, choice options, character-class and list words. `{name}` placeholders are filled at
/// compile time.
enum DefaultMessages {
    /// The locales that ship built-in messages.
    static let locales = BuiltInMessage.locales

    /// Messages that belong to no rule.
    static let vocabulary: [BuiltInMessage] = [
        BuiltInMessage(
            key: "type.text", en: "{label} must be text",
            zhHans: "{label}必须是文本", zhHant: "{label}必須是文字",
            ja: "{label}はテキストで入力してください"),
        BuiltInMessage(
            key: "type.integer", en: "{label} must be a whole number",
            zhHans: "{label}必须是整数", zhHant: "{label}必須是整數",
            ja: "{label}は整数で入力してください"),
        BuiltInMessage(
            key: "type.number", en: "{label} must be a number",
            zhHans: "{label}必须是数字", zhHant: "{label}必須是數字",
            ja: "{label}は数値で入力してください"),
        BuiltInMessage(
            key: "type.boolean", en: "{label} must be true or false",
            zhHans: "{label}必须为“是”或“否”", zhHant: "{label}必須為「是」或「否」",
            ja: "{label}は「はい」または「いいえ」で指定してください"),
        BuiltInMessage(
            key: "type.date", en: "{label} must be a date (YYYY-MM-DD)",
            zhHans: "{label}必须是日期（YYYY-MM-DD）", zhHant: "{label}必須是日期（YYYY-MM-DD）",
            ja: "{label}は日付（YYYY-MM-DD）で入力してください"),
        BuiltInMessage(
            key: "type.time", en: "{label} must be a time (HH:MM or HH:MM:SS)",
            zhHans: "{label}必须是时间（HH:MM 或 HH:MM:SS）", zhHant: "{label}必須是時間（HH:MM 或 HH:MM:SS）",
            ja: "{label}は時刻（HH:MM または HH:MM:SS）で入力してください"),
        BuiltInMessage(
            key: "type.datetime", en: "{label} must be a date and time with an offset (2024-05-01T09:30:00+02:00)",
            zhHans: "{label}必须是带时区偏移的日期时间（2024-05-01T09:30:00+02:00）",
            zhHant: "{label}必須是帶時區偏移的日期時間（2024-05-01T09:30:00+02:00）",
            ja: "{label}はタイムゾーンのオフセット付きの日時（2024-05-01T09:30:00+02:00）で入力してください"),
        BuiltInMessage(
            key: "type.choice", en: "{label} must be one of {options}",
            zhHans: "{label}必须是{options}之一", zhHant: "{label}必須是{options}其中之一",
            ja: "{label}は{options}のいずれかを選択してください"),
        BuiltInMessage(
            key: "type.list", en: "{label} must be a list",
            zhHans: "{label}必须是列表", zhHant: "{label}必須是清單",
            ja: "{label}はリストで入力してください"),
        BuiltInMessage(
            key: "type.group", en: "{label} must be an object of fields",
            zhHans: "{label}必须是包含字段的对象", zhHant: "{label}必須是包含欄位的物件",
            ja: "{label}はフィールドのオブジェクトで入力してください"),
        BuiltInMessage(
            key: "choice", en: "{label} must be one of {options}",
            zhHans: "{label}必须是{options}之一", zhHant: "{label}必須是{options}其中之一",
            ja: "{label}は{options}のいずれかを選択してください"),
        // Character classes as `contains` names them: `class.digit` after a count of 1, and
        // `class.digit.other` after any other count ("at least 2 digits"). A `letter` is one of any
        // script, so its words name kana and kanji too, not only the Latin alphabet.
        BuiltInMessage(
            key: "class.uppercase", en: "uppercase letter",
            zhHans: "大写字母", zhHant: "大寫字母",
            ja: "大文字"),
        BuiltInMessage(
            key: "class.uppercase.other", en: "uppercase letters",
            zhHans: "大写字母", zhHant: "大寫字母",
            ja: "大文字"),
        BuiltInMessage(
            key: "class.lowercase", en: "lowercase letter",
            zhHans: "小写字母", zhHant: "小寫字母",
            ja: "小文字"),
        BuiltInMessage(
            key: "class.lowercase.other", en: "lowercase letters",
            zhHans: "小写字母", zhHant: "小寫字母",
            ja: "小文字"),
        BuiltInMessage(
            key: "class.letter", en: "letter",
            zhHans: "字母或汉字", zhHant: "字母或漢字",
            ja: "英字・かな・漢字"),
        BuiltInMessage(
            key: "class.letter.other", en: "letters",
            zhHans: "字母或汉字", zhHant: "字母或漢字",
            ja: "英字・かな・漢字"),
        BuiltInMessage(
            key: "class.digit", en: "digit",
            zhHans: "数字", zhHant: "數字",
            ja: "数字"),
        BuiltInMessage(
            key: "class.digit.other", en: "digits",
            zhHans: "数字", zhHant: "數字",
            ja: "数字"),
        BuiltInMessage(
            key: "class.symbol", en: "symbol",
            zhHans: "符号", zhHant: "符號",
            ja: "記号"),
        BuiltInMessage(
            key: "class.symbol.other", en: "symbols",
            zhHans: "符号", zhHant: "符號",
            ja: "記号"),
        BuiltInMessage(
            key: "class.whitespace", en: "whitespace character",
            zhHans: "空白字符", zhHant: "空白字元",
            ja: "空白文字"),
        BuiltInMessage(
            key: "class.whitespace.other", en: "whitespace characters",
            zhHans: "空白字符", zhHant: "空白字元",
            ja: "空白文字"),
        BuiltInMessage(
            key: "list.separator", en: ", ",
            zhHans: "、", zhHant: "、",
            ja: "、"),
        BuiltInMessage(
            key: "list.or", en: " or ",
            zhHans: "或", zhHant: "或",
            ja: "または"),
        BuiltInMessage(
            key: "list.and", en: " and ",
            zhHans: "和", zhHant: "和",
            ja: "と"),
        BuiltInMessage(
            key: "unknown_field", en: "Unknown field “{field}”",
            zhHans: "未知字段“{field}”", zhHant: "未知的欄位「{field}」",
            ja: "不明な項目「{field}」"),
        BuiltInMessage(
            key: "date.today", en: "today",
            zhHans: "今天", zhHant: "今天",
            ja: "今日"),
        // A bound with an offset reads "Check-in + 30 days" (`{field: check_in, offset: 30d}`).
        BuiltInMessage(
            key: "offset.d", en: "{count} days",
            zhHans: "{count}天", zhHant: "{count}天",
            ja: "{count}日"),
        BuiltInMessage(
            key: "offset.d.one", en: "1 day",
            zhHans: "1天", zhHant: "1天",
            ja: "1日"),
        BuiltInMessage(
            key: "offset.m", en: "{count} months",
            zhHans: "{count}个月", zhHant: "{count}個月",
            ja: "{count}か月"),
        BuiltInMessage(
            key: "offset.m.one", en: "1 month",
            zhHans: "1个月", zhHant: "1個月",
            ja: "1か月"),
        BuiltInMessage(
            key: "offset.y", en: "{count} years",
            zhHans: "{count}年", zhHant: "{count}年",
            ja: "{count}年"),
        BuiltInMessage(
            key: "offset.y.one", en: "1 year",
            zhHans: "1年", zhHant: "1年",
            ja: "1年"),
        // Steps of times and date-times (`offset: 90m`); `m` is minutes there, so its words have
        // their own key.
        BuiltInMessage(
            key: "offset.h", en: "{count} hours",
            zhHans: "{count}小时", zhHant: "{count}小時",
            ja: "{count}時間"),
        BuiltInMessage(
            key: "offset.h.one", en: "1 hour",
            zhHans: "1小时", zhHant: "1小時",
            ja: "1時間"),
        BuiltInMessage(
            key: "offset.min", en: "{count} minutes",
            zhHans: "{count}分钟", zhHant: "{count}分鐘",
            ja: "{count}分"),
        BuiltInMessage(
            key: "offset.min.one", en: "1 minute",
            zhHans: "1分钟", zhHant: "1分鐘",
            ja: "1分"),
        BuiltInMessage(
            key: "offset.s", en: "{count} seconds",
            zhHans: "{count}秒", zhHant: "{count}秒",
            ja: "{count}秒"),
        BuiltInMessage(
            key: "offset.s.one", en: "1 second",
            zhHans: "1秒", zhHant: "1秒",
            ja: "1秒"),
    ]

    /// The message key of a type failure on a field of `type`; the switch makes a new type a build
    /// error until it has a message.
    static func typeMessageKey(_ type: FieldType) -> String {
        switch type {
        case .text, .secret: "type.text"
        case .integer: "type.integer"
        case .number: "type.number"
        case .boolean: "type.boolean"
        case .date: "type.date"
        case .time: "type.time"
        case .datetime: "type.datetime"
        case .choice: "type.choice"
        case .list: "type.list"
        case .group: "type.group"
        }
    }

    /// The key of `key`'s message for an argument of `count`: its `.one` variant for 1, when it has
    /// one ("at most 1 item"), else `key`.
    static func key(_ key: String, count: Int) -> String {
        let one = key + ".one"
        return count == 1 && catalog["en"]?[one] != nil ? one : key
    }

    /// Every built-in message: the vocabulary, then each field rule's and form rule's.
    static let all: [BuiltInMessage] =
        vocabulary + RuleCatalog.declarations.flatMap(\.messages) + RuleCatalog.formRuleDeclarations.flatMap(\.messages)

    /// locale -> message key -> template.
    static let catalog: [String: [String: String]] = {
        var catalog: [String: [String: String]] = [:]
        for locale in locales {
            var templates: [String: String] = [:]
            for message in all {
                let added = templates.updateValue(message.template(in: locale) ?? "", forKey: message.key)
                precondition(added == nil, "built-in message '\(message.key)' is declared twice")
            }
            catalog[locale] = templates
        }
        return catalog
    }()
}
