/// Every error the syntax layer reports, in one place so the wording is easy to find and test.
extension PatternSyntaxError {
    static func unmatchedParenthesis(at offset: Int) -> Self {
        Self(message: "unmatched ')'", offset: offset, note: "escape it as '\\)' to match a parenthesis")
    }

    static func unterminatedGroup(at offset: Int) -> Self {
        Self(message: "unterminated group: this '(' has no ')'", offset: offset)
    }

    static func invalidGroup(at offset: Int, length: Int) -> Self {
        Self(
            message: "invalid group", offset: offset, length: length,
            note:
                "groups are '(…)', '(?:…)', '(?<name>…)', '(?=…)', '(?!…)', '(?<=…)', '(?<!…)' and modifier groups like '(?i:…)'"
        )
    }

    static func unknownModifier(_ letter: Character, at offset: Int) -> Self {
        Self(
            message: "unknown flag '\(letter)' in modifier group", offset: offset,
            note: "modifier groups take the flags 'i', 'm' and 's', as in '(?i:…)' or '(?-i:…)'"
        )
    }

    static func inlineFlags(_ flags: PatternFlags, at offset: Int, length: Int) -> Self {
        Self(
            message: "inline flags '(?\(flags.description))' are not ECMAScript", offset: offset, length: length,
            note:
                "write 'flags: \(flags.description)' beside the pattern, or a modifier group '(?\(flags.description):…)'"
        )
    }

    static func repeatedModifier(_ letter: Character, at offset: Int) -> Self {
        Self(message: "repeated flag '\(letter)' in modifier group", offset: offset)
    }

    static func emptyModifiers(at offset: Int, length: Int) -> Self {
        Self(
            message: "modifier group turns no flag on or off", offset: offset, length: length,
            note: "name a flag after the '-', as in '(?-i:…)', or write '(?:…)'"
        )
    }

    static func nestedTooDeeply(at offset: Int) -> Self {
        Self(message: "groups nested more than \(PatternParser.maximumDepth) deep", offset: offset)
    }

    static func tooManyCaptures(at offset: Int) -> Self {
        Self(
            message: "too many capture groups (more than \(PatternParser.maximumCaptures))", offset: offset,
            note: "use non-capturing groups '(?:…)'"
        )
    }

    static func nothingToRepeat(at offset: Int, length: Int) -> Self {
        Self(message: "nothing to repeat", offset: offset, length: length)
    }

    static func lookaroundRepeated(at offset: Int, length: Int) -> Self {
        Self(message: "a lookaround cannot be repeated", offset: offset, length: length)
    }

    static func loneQuantifierBrackets(at offset: Int) -> Self {
        Self(
            message: "lone quantifier brackets", offset: offset,
            note: "escape a literal brace as '\\{' or '\\}'"
        )
    }

    static func loneClosingBracket(at offset: Int) -> Self {
        Self(message: "lone ']'", offset: offset, note: "escape it as '\\]' to match a bracket")
    }

    static func incompleteQuantifier(at offset: Int, length: Int) -> Self {
        Self(
            message: "incomplete quantifier", offset: offset, length: length,
            note: "counted quantifiers are '{n}', '{n,}' and '{n,m}'"
        )
    }

    static func quantifierOutOfOrder(at offset: Int, length: Int) -> Self {
        Self(message: "numbers out of order in {} quantifier", offset: offset, length: length)
    }

    static func unterminatedClass(at offset: Int) -> Self {
        Self(message: "unterminated character class", offset: offset)
    }

    static func rangeOutOfOrder(at offset: Int, length: Int) -> Self {
        Self(message: "range out of order in character class", offset: offset, length: length)
    }

    static func classEscapeInRange(at offset: Int, length: Int) -> Self {
        Self(
            message: "a class escape like '\\d' cannot be the end of a range", offset: offset, length: length,
            note: "escape the '-' as '\\-' to match it literally"
        )
    }

    static func escapeAtEnd(at offset: Int) -> Self {
        Self(message: "'\\' at end of pattern", offset: offset)
    }

    static func invalidEscape(at offset: Int, length: Int) -> Self {
        Self(
            message: "invalid escape", offset: offset, length: length,
            note: "only syntax characters '^$\\.*+?()[]{}|/' may be escaped to match themselves"
        )
    }

    static func invalidClassEscape(at offset: Int, length: Int) -> Self {
        Self(message: "invalid escape in character class", offset: offset, length: length)
    }

    static func invalidDecimalEscape(at offset: Int, length: Int) -> Self {
        Self(
            message: "invalid decimal escape", offset: offset, length: length,
            note: "'\\0' may not be followed by a digit; write '\\x00' or '\\u0000'"
        )
    }

    static func invalidControlEscape(at offset: Int, length: Int) -> Self {
        Self(
            message: "invalid control escape: '\\c' must be followed by an ASCII letter", offset: offset, length: length
        )
    }

    static func invalidHexEscape(at offset: Int, length: Int) -> Self {
        Self(
            message: "invalid escape: '\\x' must be followed by two hexadecimal digits", offset: offset, length: length)
    }

    static func invalidUnicodeEscape(at offset: Int, length: Int) -> Self {
        Self(
            message: "invalid Unicode escape", offset: offset, length: length,
            note: "write '\\uHHHH' with four hexadecimal digits or '\\u{H…}' up to 10FFFF"
        )
    }

    static func invalidPropertyEscape(at offset: Int, length: Int) -> Self {
        Self(
            message: "invalid Unicode property escape", offset: offset, length: length,
            note: "write '\\p{Name}' or '\\p{Name=Value}'"
        )
    }

    static func unknownProperty(_ name: String, at offset: Int) -> Self {
        Self(message: "unknown Unicode property name '\(name)'", offset: offset, length: name.unicodeScalars.count)
    }

    static func unknownPropertyValue(_ value: String, of name: String, at offset: Int) -> Self {
        Self(
            message: "unknown value '\(value)' for Unicode property '\(name)'", offset: offset,
            length: value.unicodeScalars.count
        )
    }

    static func invalidGroupName(at offset: Int, length: Int) -> Self {
        Self(message: "invalid capture group name", offset: offset, length: length)
    }

    static func duplicateGroupName(_ name: String, at offset: Int, length: Int) -> Self {
        Self(message: "duplicate capture group name '\(name)'", offset: offset, length: length)
    }

    static func invalidNamedReference(at offset: Int, length: Int) -> Self {
        Self(message: "invalid named reference: '\\k' must be followed by '<name>'", offset: offset, length: length)
    }

    static func unknownGroupName(_ name: String, at offset: Int, length: Int) -> Self {
        Self(message: "no capture group named '\(name)'", offset: offset, length: length)
    }

    static func backreferenceOutOfRange(_ number: Int, groups: Int, at offset: Int, length: Int) -> Self {
        Self(
            message: "invalid escape '\\\(number)': the pattern has \(groups) capture group\(groups == 1 ? "" : "s")",
            offset: offset, length: length
        )
    }

    static func backreferenceRefused(at offset: Int, length: Int) -> Self {
        Self(
            message:
                "backreferences are not supported: they are not regular, and FormSpec guarantees matching in linear time",
            offset: offset, length: length,
            note:
                "to compare two fields use 'same_as:'; to repeat text, spell the repetition out (e.g. '(ab)\\1' as '(ab)ab')"
        )
    }
}
