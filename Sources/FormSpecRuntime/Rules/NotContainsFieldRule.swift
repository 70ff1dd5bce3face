import FormSpecPattern

/// `not_contains_field: FIELD`: the text does not contain another field's value ("the password must
/// not contain the username"), exactly or with `case: insensitive` under full default case folding.
/// An empty other field never matches.
package struct NotContainsFieldRule: ValueRule {
    package static let declaration = RuleDeclaration(
        "not_contains_field", usage: "`not_contains_field: FIELD`", appliesTo: .textual,
        passes: """
            the value does not contain FIELD's value (a text or secret field) anywhere, compared as exact \
            Unicode scalars (with `case: insensitive`, under Unicode case folding); an empty FIELD never matches
            """,
        argumentSchema: #"{"type": "string"}"#,
        messages: [
            BuiltInMessage(
                key: "not_contains_field", en: "{label} must not contain {other}",
                zhHans: "{label}不能包含{other}", zhHant: "{label}不得包含{other}",
                ja: "{label}に{other}を含めることはできません")
        ],
        modifiers: ["case"], example: "other")

    package static let argument = RuleArgumentKind.field(types: .textual)

    package static let takesCase = true

    /// The other field's index.
    package var other: Int
    /// `case: insensitive`: both texts are case folded before searching.
    package var caseInsensitive = false

    package init(argument: RuleArgument) { other = argument.fieldIndex }

    package var checkedArgument: RuleArgument { .field(other) }

    package var isCaseInsensitive: Bool { caseInsensitive }

    package var fieldsRead: [Int] { [other] }

    package func ignoringCase() -> Self {
        var rule = self
        rule.caseInsensitive = true
        return rule
    }

    package func passes(_ value: Scalar, in environment: RuleEnvironment) -> Bool {
        guard case .value(let scalar) = environment.values[other] else { return true }
        let needle = scalar.textValue
        guard !needle.isEmpty else { return true }
        if caseInsensitive { return !CaseFolding.contains(value.textValue, needle) }
        return !value.textValue.utf8.containsSubsequence(needle.utf8)
    }

    private enum CodingKeys: String, CodingKey { case other, caseInsensitive = "case_insensitive" }

    /// Decodes a rule; `case_insensitive` is absent from programs that compare exactly.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        other = try container.decode(Int.self, forKey: .other)
        caseInsensitive = try container.decodeIfPresent(Bool.self, forKey: .caseInsensitive) ?? false
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(other, forKey: .other)
        if caseInsensitive { try container.encode(true, forKey: .caseInsensitive) }
    }
}

extension String.UTF8View {
    /// Whether `needle` occurs in these bytes, in time linear in both (Knuth–Morris–Pratt): both are
    /// input, so a quadratic search would let one record cost seconds. On valid UTF-8 a byte match is
    /// a match of whole Unicode scalars. The needle and its failure table live in temporary memory
    /// (the stack, for form-sized values), so a check allocates nothing.
    package func containsSubsequence(_ needle: String.UTF8View) -> Bool {
        let length = needle.count
        guard length > 0 else { return true }
        guard length <= count else { return false }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { pattern in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: length) { failure in
                _ = pattern.initialize(from: needle)
                // failure[i]: the length of the longest proper border of pattern[0...i].
                failure[0] = 0
                var border = 0
                for index in 1..<length {
                    while border > 0 && pattern[index] != pattern[border] { border = failure[border - 1] }
                    if pattern[index] == pattern[border] { border += 1 }
                    failure[index] = border
                }
                var matched = 0
                for byte in self {
                    while matched > 0 && byte != pattern[matched] { matched = failure[matched - 1] }
                    if byte == pattern[matched] { matched += 1 }
                    if matched == length { return true }
                }
                return false
            }
        }
    }
}
