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
            let flags,
            Self.checkYAMLSpelling(of: item.argument, "the pattern", diagnostics: &checker.diagnostics)
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

    /// YAML escapes in double quotes that mean something else, or nothing, in a pattern: the
    /// character after the backslash, what YAML makes of it, and what a pattern means by it.
    private static let yamlEscapes: [Character: (made: String, meant: String)] = [
        "b": ("U+0008 BACKSPACE", " (a word boundary)"),
        "P": ("U+2029 PARAGRAPH SEPARATOR", " (a property's complement, \\P{…})"),
        "a": ("U+0007 BELL", ""),
        "e": ("U+001B ESCAPE", ""),
        "N": ("U+0085 NEXT LINE", ""),
        "L": ("U+2028 LINE SEPARATOR", ""),
        "_": ("U+00A0 NO-BREAK SPACE", ""),
    ]

    /// Mistakes YAML makes out of a pattern that is valid as written: an escape in double quotes
    /// read by YAML, not the pattern (`"\bcat\b"` holds two backspaces), the line break a block
    /// scalar (`|`, `>`) keeps at its end, and slashes around it as JavaScript writes a literal
    /// (`/^a$/`, matched with its slashes). Reported before the pattern is compiled (`"\P{L}"` does
    /// not compile), as an error for the escapes and a warning for the others. Whether to go on.
    static func checkYAMLSpelling(of node: YAMLNode, _ what: String, diagnostics: inout DiagnosticCollector) -> Bool {
        guard let scalar = node.scalar else { return true }
        let text = scalar.text
        switch scalar.style {
        case .doubleQuoted:
            if let escape = yamlEscapeMistake(in: scalar.source ?? "", from: node.location) {
                let (letter, made, meant) = (escape.letter, escape.made, escape.meant)
                diagnostics.error(
                    "YAML reads '\\\(letter)' in double quotes as \(made), not the pattern's '\\\(letter)'\(meant)",
                    at: escape.location,
                    notes: [
                        .init(
                            "write the pattern in single quotes ('\\\(letter)') or double the backslash "
                                + "(\"\\\\\(letter)\")")
                    ])
                return false
            }
        case .literal, .folded:
            if text.hasSuffix("\n") {
                diagnostics.warning(
                    "\(what) ends with a line break (a '|' or '>' block keeps its last one), so only a value holding one can match",
                    at: node.location,
                    notes: [.init("write '|-' (or '>-') to drop it, or put the pattern on the key's line in quotes")])
            }
        case .plain, .singleQuoted:
            break
        }
        // A JavaScript literal: flags after it, or anchors inside (`/home/` is a path, not one).
        if text.count > 2, text.hasPrefix("/"),
            let close = text.lastIndex(of: "/"), close != text.startIndex,
            text[text.index(after: close)...].allSatisfy({ "dgimsuvy".contains($0) }),
            close != text.index(after: text.startIndex)
        {
            let flags = text[text.index(after: close)...]
            let inner = text[text.index(after: text.startIndex)..<close]
            guard !flags.isEmpty || inner.hasPrefix("^") || inner.hasSuffix("$") else { return true }
            diagnostics.warning(
                "\(what) is written between slashes, as JavaScript writes a literal: the slashes are matched as characters",
                at: node.location,
                notes: [
                    .init(
                        "write the pattern without them ('\(text[text.index(after: text.startIndex)..<close])')"
                            + (flags.isEmpty ? "" : ", and its flags as 'flags: \(flags)'"))
                ])
        }
        return true
    }

    /// The first escape of a double-quoted scalar's `source` that YAML reads as a character the
    /// pattern never meant, and where its backslash is (the scalar starts at `location`). `\b` in a
    /// class (`[\b]`) is left alone: there the pattern means a backspace too.
    private static func yamlEscapeMistake(in source: String, from location: SourceLocation) -> (
        letter: Character, made: String, meant: String, location: SourceLocation
    )? {
        let scalars = Array(source.unicodeScalars)
        var position = location.start
        // The pattern as decoded so far: inside a class, and after a pattern backslash.
        var inClass = false
        var patternEscape = false
        func decoded(_ scalar: Unicode.Scalar) {
            defer { patternEscape = !patternEscape && scalar == "\\" }
            guard !patternEscape else { return }
            if scalar == "[" { inClass = true } else if scalar == "]" { inClass = false }
        }
        var index = 0
        // One scalar on, keeping the position (a line ends at LF, CRLF and CR).
        func advance() {
            let scalar = scalars[index]
            index += 1
            let isCRBeforeLF = scalar == "\r" && index < scalars.count && scalars[index] == "\n"
            if (scalar == "\n" || scalar == "\r") && !isCRBeforeLF {
                position = SourcePosition(line: position.line + 1, column: 1)
            } else {
                position.column += 1
            }
        }
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "\\", index + 1 < scalars.count else {
                if index > 0, scalar != "\"" { decoded(scalar) }
                advance()
                continue
            }
            let at = position
            advance()
            let letter = Character(scalars[index])
            advance()
            if let (made, meant) = yamlEscapes[letter], !(letter == "b" && inClass) {
                let end = SourcePosition(line: at.line, column: at.column + 2)
                return (letter, made, meant, SourceLocation(path: location.path, start: at, end: end))
            }
            // What the escape makes, for the pattern's state: `\\` a backslash, `\"` a quote, the
            // rest a character that is neither.
            decoded(letter == "\\" ? "\\" : letter == "\"" ? "\"" : "x")
        }
        return nil
    }

    /// Where `error` sits in the file (see ``Checker/location(of:in:at:)``).
    static func location(of error: PatternSyntaxError, in node: YAMLNode) -> SourceLocation {
        guard let scalar = node.scalar else { return node.location }
        let offset = max(0, error.offset)
        return Checker.location(
            of: offset..<offset + max(1, error.length), in: scalar.text, at: node.location, scalar: scalar)
    }
}
