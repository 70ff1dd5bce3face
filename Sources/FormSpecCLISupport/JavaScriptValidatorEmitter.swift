@_spi(Tooling) import FormSpecRuntime

/// Writes a form's own validator into its JavaScript module: `VALIDATE_REPORT(input, call)`, what
/// `validate(object, options)` answers in new mode, not strict (either report shape; `call` holds
/// the texts in the options' locale and the rest it reads, 70-report.js). It is straight-line code
/// for this form's fields and rules: members read by name; types, lengths, ranges and `same_as`
/// tested inline; a field's patterns that ask about one class of characters, like a password's
/// `[A-Z]` and `[0-9]`, tested together in one pass over the text; other patterns on a table of
/// their DFA for ASCII. So the usual validation does not walk the program's tables. The runtime
/// calls it when the module has one; it answers `undefined` for an input it leaves to the runtime
/// (a key that is not a field, a value of another JS type than its field reads directly), so every
/// report stays the runtime's. A message or requirement that shows a value leaves every input to
/// the runtime.
///
/// Only flat forms of text, secret and integer fields whose every rule is a length, pattern,
/// `format`, `contains`, range (against a literal) or `same_as`/`different_from` rule, without
/// `when:`, defaults, checks or form rules, get one: for the others this writes nothing.
enum JavaScriptValidatorEmitter {
    /// A program's JSON as the untyped values this emitter reads it through: objects as
    /// `[String: Any]`, arrays as `[Any]`, integers as `Int`, other numbers as `Double`, `null`
    /// as ``JSONNull``.
    static func untyped(_ value: Value) -> Any {
        switch value {
        case .null: JSONNull()
        case .bool(let bool): bool
        case .integer(let integer): Int(integer)
        case .number(let number): Double(number.description) ?? .nan
        case .string(let string): string
        case .array(let items): items.map(untyped)
        case .object(let members):
            Dictionary(members.map { ($0.key, untyped($0.value)) }, uniquingKeysWith: { _, last in last })
        }
    }

    /// `null` in ``untyped(_:)``'s values.
    struct JSONNull {}

    /// The validator's source for a program's JSON (before big integers become BigInt literals),
    /// or nil when the program has something it does not write out.
    static func source(programJSON: String) -> String? {
        guard let program = (try? JSONReader.parse(programJSON)).map(Self.untyped) as? [String: Any],
            let fields = program["fields"] as? [[String: Any]], !fields.isEmpty,
            (program["formRules"] as? [Any])?.isEmpty == true,
            Set(program.keys).isSubset(of: ["fields", "form", "formRules", "locale", "title", "unknownFieldMessage"])
        else { return nil }
        let fieldKeys: Set<String> = [
            "choiceMessage", "debounceMilliseconds", "label", "labelTranslations", "name", "options", "reads",
            "reportsFirstOnly", "required", "requiredMessage", "rules", "trim", "type", "typeMessage",
        ]
        var names: Set<String> = []
        var types: [String] = []
        for field in fields {
            guard Set(field.keys).isSubset(of: fieldKeys), let name = field["name"] as? String, name != "__proto__",
                names.insert(name).inserted, let type = field["type"] as? String,
                ["text", "secret", "integer"].contains(type),
                (field["options"] as? [Any])?.isEmpty ?? true
            else { return nil }
            types.append(type)
        }

        var reads = ""
        var normalize = ""
        var codes: [FieldCode] = []
        var dfas: [String] = []
        var tables: [String] = []
        var position = 0
        for (index, field) in fields.enumerated() {
            let name = field["name"] as! String
            let literal = JavaScriptEmitter.stringLiteral(name)
            let value = "v\(index)"
            reads += "            case \(literal): \(value) = input[\(literal)]; break;\n"
            let rules = (field["rules"] as? [[String: Any]]) ?? []
            if types[index] == "integer" {
                normalize += "    if (\(value) === null || \(value) === \"\") \(value) = undefined;\n"
                normalize +=
                    "    else if (\(value) !== undefined && !Number.isSafeInteger(\(value))) return undefined;\n"
            } else if field["trim"] as? Bool == true {
                normalize += "    if (\(value) === null) \(value) = undefined;\n"
                normalize += "    else if (\(value) !== undefined) {\n"
                normalize +=
                    "        if (typeof \(value) !== \"string\" || !\(value).isWellFormed()) return undefined;\n"
                normalize += "        \(value) = kit.trimmed(\(value));\n"
                normalize += "        if (\(value) === \"\") \(value) = undefined;\n"
                normalize += "    }\n"
            } else if rules.contains(where: {
                ["format", "contains"].contains(($0["rule"] as? [String: Any])?.keys.first)
            }) {
                normalize += "    if (\(value) === null || \(value) === \"\") \(value) = undefined;\n"
                normalize +=
                    "    else if (\(value) !== undefined && (typeof \(value) !== \"string\" || !\(value).isWellFormed())) return undefined;\n"
            } else {
                // Lengths, patterns and `equal` read a lone surrogate as U+FFFD, as the runtime's
                // well-formed copy of the text has it.
                normalize += "    if (\(value) === null || \(value) === \"\") \(value) = undefined;\n"
                normalize +=
                    "    else if (\(value) !== undefined && typeof \(value) !== \"string\") return undefined;\n"
            }
            let firstOnly = field["reportsFirstOnly"] as? Bool == true
            var code = FieldCode(
                name: name, value: value, index: index, required: field["required"] as? Bool == true)
            var classes = ClassScan()
            for (ruleIndex, rule) in rules.enumerated() {
                let severity = rule["severity"] as? String ?? "error"
                guard
                    Set(rule.keys).isSubset(of: [
                        "debounceMilliseconds", "message", "name", "requirement", "rule", "severity",
                    ]),
                    let ruleName = rule["name"] as? String, let payload = rule["rule"] as? [String: Any],
                    payload.count == 1,
                    ["error", "warning"].contains(severity),
                    let test = test(
                        payload, value: value, type: types[index], fields: fields, types: types, dfas: &dfas,
                        classes: &classes, field: index, rule: ruleIndex)
                else { return nil }
                let issue = "{ rule: \(JavaScriptEmitter.stringLiteral(ruleName)), message: M[\(position)] }"
                code.rules.append(
                    RuleCode(
                        name: ruleName, position: position, test: test,
                        isWarning: severity == "warning",
                        failure: severity == "warning"
                            ? "w = fsAdd(w, \(issue))"
                            : firstOnly ? "if (e === undefined) e = [\(issue)]" : "e = fsAdd(e, \(issue))",
                        // The checklist of an empty value: a text rule that holds for "" passes.
                        passedWhenEmpty: types[index] == "integer" ? "false" : "kit.emptyPasses[\(position)]"))
                position += 1
            }
            if classes.count > 0 {
                // A length in graphemes is the length of ASCII text without a CR, which the pass sees.
                if code.rules.contains(where: \.test.countsGraphemes), let bit = classes.addLineBreaks() {
                    code.plain = "k\(index) >= 0 && (k\(index) & \(bit)) === 0"
                }
                // The field's class patterns, tested together in one pass (-1: not ASCII).
                tables.append(
                    "const fsClassTable\(index) = new Uint8Array([\(classes.table.map(String.init).joined(separator: ","))]);\n"
                )
                code.prelude =
                    "const k\(index) = fsClasses(\(value), fsClassTable\(index), \(classes.some), \(classes.every));"
            }
            codes.append(code)
        }
        var out = """
            // The form's own validator (FormSpec's JavaScriptValidatorEmitter): `validate(object)` in new
            // mode, not strict, written out for these fields and rules, once for the `errors` report
            // shape and once for the full one. It answers undefined for an input it leaves to the
            // runtime below, which makes the same report.
            let GENERATED_RULES;

            """
        out += tables.joined()
        out += """
            /** Whether `text` has at least `limit` graphemes, reading no more ASCII than it needs. */
            function fsAtLeast(text, limit, kit) {
                let count = 0, previous = 0;
                for (let index = 0; index < text.length; index++) {
                    const code = text.charCodeAt(index);
                    if (code >= 128) return kit.graphemes(text) >= limit;
                    // CR LF is one grapheme; ASCII characters are one each otherwise.
                    if ((code !== 10 || previous !== 13) && ++count >= limit) return true;
                    previous = code;
                }
                return false;
            }
            /**
             * A field's class patterns in one pass over ASCII `text`: bit k of `table[code]` says whether
             * the character is in pattern k's class, `some` has the bits of patterns that ask for one
             * such character and `every` those that ask that all be. The bits of the patterns that
             * match, or -1 when the text is not ASCII.
             */
            function fsClasses(text, table, some, every) {
                let seen = 0, all = every;
                for (let index = 0; index < text.length; index++) {
                    const code = text.charCodeAt(index);
                    if (code >= 128) return -1;
                    const bits = table[code];
                    seen |= bits;
                    all &= bits;
                    if ((seen & some) === some && all === 0) break;
                }
                return (seen & some) | all;
            }
            /** `list` with `item` added: a new list when it is undefined. */
            function fsAdd(list, item) {
                if (list === undefined) return [item];
                list.push(item);
                return list;
            }
            function VALIDATE_REPORT(input, call) {
                return call.full ? fsValidateFull(input, call) : fsValidateErrors(input, call);
            }

            """
        let form = JavaScriptEmitter.stringLiteral(program["form"] as? String ?? "")
        for full in [false, true] {
            out += "function \(full ? "fsValidateFull" : "fsValidateErrors")(input, call) {\n"
            out += "    const texts = call.texts, kit = call.kit, M = call.messages"
            out += full ? ", R = call.requirements;\n" : ";\n"
            out += "    let \(fields.indices.map { "v\($0)" }.joined(separator: ", "));\n"
            out += "    const keys = Object.keys(input);\n"
            out += "    for (let index = 0; index < keys.length; index++) {\n        switch (keys[index]) {\n"
            out += reads
            out += "            default: return undefined;\n        }\n    }\n"
            out += normalize
            if !dfas.isEmpty {
                out += "    const D = (GENERATED_RULES ??= [\(dfas.joined(separator: ", "))]);\n"
            }
            out +=
                full
                ? "    const fields = {};\n    let valid = true, e, w, c, p;\n" : "    let errors, warnings, e, w, p;\n"
            for code in codes { out += code.source(full: full) }
            out +=
                full
                ? "    return { form: \(form), valid, fields, form_errors: [] };\n"
                : """
                    if (errors === undefined && warnings === undefined) return { valid: true };
                    const report = { valid: errors === undefined };
                    if (errors !== undefined) report.errors = errors;
                    if (warnings !== undefined) report.warnings = warnings;
                    return report;

                """
            out += "}\n"
        }
        return out
    }

    /// What rule `payload` tests for `value` (a field value read by the validator: a non-empty
    /// well-formed string, or a safe integer), or nil when the rule is not one the validator writes
    /// out.
    private static func test(
        _ payload: [String: Any], value: String, type: String, fields: [[String: Any]], types: [String],
        dfas: inout [String], classes: inout ClassScan, field: Int, rule: Int
    ) -> RuleTest? {
        let (kind, body) = payload.first!
        guard let body = body as? [String: Any] else { return nil }
        switch kind {
        case "length" where type != "integer":
            guard let limit = body["limit"] as? Int, limit >= 0, limit < 1 << 52, let bound = body["bound"] as? String
            else { return nil }
            switch (body["unit"] as? String, bound) {
            // A character is at least one UTF-16 unit: count graphemes only when the units do not decide.
            case ("graphemes", "min"): return .graphemes(minimum: true, limit: limit)
            case ("graphemes", "max"): return .graphemes(minimum: false, limit: limit)
            case ("utf16", "min"): return .expression("\(value).length >= \(limit)")
            case ("utf16", "max"): return .expression("\(value).length <= \(limit)")
            default: return nil
            }
        case "pattern" where type != "integer":
            guard let compiled = body["compiled"] as? [String: Any], compiled["version"] as? Int == 3,
                let conjuncts = compiled["conjuncts"] as? [[String: Any]], conjuncts.count == 1,
                (conjuncts[0]["lookarounds"] as? [Any])?.isEmpty == true,
                let main = conjuncts[0]["main"] as? [String: Any], main["dfa"] is [String: Any],
                let expected = conjuncts[0]["expected"] as? Bool, let negated = body["negated"] as? Bool
            else { return nil }
            dfas.append("kit.dfa(\(field), \(rule))")
            let index = dfas.count - 1
            let dfa = ASCIIDFA(main["dfa"] as! [String: Any])
            let call: String
            if let (all, members) = dfa?.characterClass, let bit = classes.add(all: all, members: members) {
                // Answered by the field's one pass over the text (above), unless it is not ASCII.
                call = "(k\(field) >= 0 ? (k\(field) & \(bit)) !== 0 : D[\(index)].isMatchText(\(value)))"
            } else {
                call = "D[\(index)].isMatchText(\(value))"
            }
            return .expression((expected != negated ? "" : "!") + call)
        case "format" where type != "integer", "contains" where type != "integer":
            // The runtime's own rule, on the text.
            dfas.append("kit.rule(\(field), \(rule))")
            return .expression("D[\(dfas.count - 1)].passes(\(value))")
        case "range" where type == "integer":
            let comparisons = [
                "min": ">=", "at_least": ">=", "max": "<=", "at_most": "<=", "greater_than": ">", "less_than": "<",
            ]
            guard let comparison = (body["comparison"] as? String).flatMap({ comparisons[$0] }),
                let operand = body["operand"] as? [String: Any], let literal = operand["literal"] as? [String: Any],
                literal.count == 1, let bound = literal["integer"] as? Int, bound.magnitude < 1 << 53
            else { return nil }
            return .expression("\(value) \(comparison) \(bound)")
        case "field_comparison" where type != "integer":
            guard body["case_insensitive"] as? Bool != true, let negated = body["negated"] as? Bool,
                let other = body["other"] as? Int, types.indices.contains(other), types[other] != "integer",
                Set(body.keys).isSubset(of: ["case_insensitive", "negated", "other"])
            else { return nil }
            // An empty other field never equals; `equal` compares as the runtime does.
            let equal = "v\(other) !== undefined && (\(value) === v\(other) || kit.equal(\(value), v\(other)))"
            return .expression(negated ? "!(\(equal))" : equal)
        default:
            return nil
        }
    }
}

/// A field's part of the validator, written out for either report shape by `source(full:)`.
struct FieldCode {
    var name: String
    /// The JS variable holding the field's value (`undefined` when empty).
    var value: String
    var index: Int
    var required: Bool
    var rules: [RuleCode] = []
    /// A statement the rules' tests read (the field's class patterns in one pass), if any.
    var prelude: String?
    /// A JS expression that holds when the text is ASCII without a CR, so that its length in
    /// graphemes is its `length` (read off the pass), if the prelude tells.
    var plain: String?

    /// A rule's test as JS.
    func expression(_ test: RuleTest) -> String {
        switch test {
        case .expression(let expression):
            return expression
        // A character is at least one UTF-16 unit: count graphemes only when the units do not decide.
        case .graphemes(minimum: true, let limit):
            let counted = "fsAtLeast(\(value), \(limit), kit)"
            return "\(value).length >= \(limit) && \(plain.map { "(\($0) || \(counted))" } ?? counted)"
        case .graphemes(minimum: false, let limit):
            let counted = "!fsAtLeast(\(value), \(limit + 1), kit)"
            return "\(value).length <= \(limit) || \(plain.map { "!(\($0)) && \(counted)" } ?? counted)"
        }
    }

    func source(full: Bool) -> String {
        let literal = JavaScriptEmitter.stringLiteral(name)
        let requirement = "texts.required[\(index)].render(undefined)"
        let warns = rules.contains(where: \.isWarning)
        var out = "    // \(SwiftSourceEmitter.singleLine(name))\n    e = \(warns ? "w = " : "")undefined;\n"
        if full {
            out += "    c = [];\n"
            if required {
                out +=
                    "    c.push({ rule: \"required\", passed: \(value) !== undefined, requirement: \(requirement) });\n"
            }
        }
        var empty = required ? "        e = [{ rule: \"required\", message: \(requirement) }];\n" : ""
        var present = prelude.map { "        \($0)\n" } ?? ""
        for rule in rules {
            let name = JavaScriptEmitter.stringLiteral(rule.name)
            present += "        p = \(expression(rule.test));\n"
            if full {
                present += "        c.push({ rule: \(name), passed: p, requirement: R[\(rule.position)] });\n"
                empty +=
                    "        c.push({ rule: \(name), passed: \(rule.passedWhenEmpty), requirement: R[\(rule.position)] });\n"
            }
            present += "        if (!p) \(rule.failure);\n"
        }
        if empty.isEmpty {
            out += "    if (\(value) !== undefined) {\n\(present)    }\n"
        } else {
            out += "    if (\(value) === undefined) {\n\(empty)    } else {\n\(present)    }\n"
        }
        if full {
            out += "    if (e !== undefined) valid = false;\n"
            out += "    const report\(index) = { valid: e === undefined, errors: e ?? [] };\n"
            if warns { out += "    if (w !== undefined) report\(index).warnings = w;\n" }
            out += "    report\(index).checks = c;\n"
            out += "    fields[\(literal)] = report\(index);\n"
        } else {
            out += "    if (e !== undefined) (errors ??= {})[\(literal)] = e;\n"
            if warns { out += "    if (w !== undefined) (warnings ??= {})[\(literal)] = w;\n" }
        }
        return out
    }
}

/// What a rule tests, as the validator writes it.
enum RuleTest {
    /// A JS expression that holds when the rule passes.
    case expression(String)
    /// A length in graphemes, at least or at most `limit`: written by its field, which may know
    /// the text's length in graphemes from its class pass.
    case graphemes(minimum: Bool, limit: Int)

    var countsGraphemes: Bool {
        if case .graphemes = self { return true }
        return false
    }
}

/// A rule's part of its field's code.
struct RuleCode {
    var name: String
    /// Its position among the program's rules: its message's `M[position]`, requirement's `R[position]`.
    var position: Int
    /// What it tests.
    var test: RuleTest
    var isWarning: Bool
    /// The statement that records its failure.
    var failure: String
    /// Its checklist line's `passed` when the value is empty.
    var passedWhenEmpty: String
}

/// A text field's patterns that ask about one class of ASCII characters (`ASCIIDFA.characterClass`),
/// up to eight, tested together in one pass over the text by the validator's `fsClasses`.
struct ClassScan {
    /// By ASCII code, the bits of the patterns whose class has the character.
    private(set) var table = [Int](repeating: 0, count: 128)
    /// The bits of patterns that ask for some member, and of those that ask that every character be one.
    private(set) var some = 0
    private(set) var every = 0
    private(set) var count = 0

    /// The bit that the pass sets when it reads a CR (which joins a following LF into one
    /// grapheme), or nil when the field already has eight bits.
    mutating func addLineBreaks() -> Int? {
        guard count < 8 else { return nil }
        let bit = 1 << count
        count += 1
        table[13] |= bit
        some |= bit
        return bit
    }

    /// The bit of a pattern added, or nil when the field already has eight.
    mutating func add(all: Bool, members: [Bool]) -> Int? {
        guard count < 8 else { return nil }
        let bit = 1 << count
        count += 1
        for code in members.indices where members[code] { table[code] |= bit }
        if all { every |= bit } else { some |= bit }
        return bit
    }
}

/// A pattern's DFA as the program stores it (`dfa`: `classStarts`, `table`, `eof`, `start`), read
/// for ASCII text, where a character is one byte.
struct ASCIIDFA {
    /// What a character does in a state.
    enum Step: Hashable {
        /// A match ended before it: the pattern matches.
        case matched
        /// No match can follow: the pattern does not match.
        case failed
        case state(Int)
    }

    let classStarts: [Int]
    let table: [Int]
    let eof: [Int]
    let start: Int

    init?(_ dfa: [String: Any]) {
        guard let classStarts = dfa["classStarts"] as? [Int], let table = dfa["table"] as? [Int],
            let eof = dfa["eof"] as? [Int], let start = dfa["start"] as? Int
        else { return nil }
        let classCount = classStarts.count + 1
        let stateCount = table.count / classCount
        guard table.count == stateCount * classCount, eof.count == stateCount, start > 0, start < stateCount,
            table.allSatisfy({ $0 >= 0 && $0 >> 1 < stateCount })
        else { return nil }
        (self.classStarts, self.table, self.eof, self.start) = (classStarts, table, eof, start)
    }

    func step(_ state: Int, _ byte: Int) -> Step {
        var column = 0
        while column < classStarts.count && classStarts[column] <= byte { column += 1 }
        let entry = table[state * (classStarts.count + 1) + column]
        if entry & 1 != 0 { return .matched }
        return entry >> 1 == 0 ? .failed : .state(entry >> 1)
    }

    private func next(_ step: Step, _ byte: Int) -> Step {
        guard case .state(let state) = step else { return step }
        return self.step(state, byte)
    }

    /// Whether the text ends matched after `step`.
    private func accepts(_ step: Step) -> Bool {
        switch step {
        case .matched: return true
        case .failed: return false
        case .state(let state): return eof[state] != 0
        }
    }

    /// When what the pattern asks of ASCII text that is not empty is about one class of characters
    /// (`members`, by code): whether some character is one (`all` false: `[a-z]`, `\d`), or whether
    /// every character is (`all` true: `^[a-z0-9_]+$`). Nil for any other pattern. Decided by
    /// walking the DFA beside the class's own two- or three-state automaton over every ASCII text.
    var characterClass: (all: Bool, members: [Bool])? {
        let members = (0..<128).map { accepts(next(.state(start), $0)) }
        for all in [false, true] {
            // The class's automaton: 0 nothing read, 1 a member read (some: ever; all: only
            // members read), 2 a non-member read (all only).
            func classNext(_ state: Int, _ byte: Int) -> Int {
                if all { return state == 2 || !members[byte] ? 2 : 1 }
                return state == 1 || members[byte] ? 1 : 0
            }
            var seen: Set<[Int]> = []
            var pending: [(Step, Int)] = []
            func visit(_ step: Step, _ state: Int) -> Bool {
                let key: [Int] =
                    switch step {
                    case .matched: [-1, state]
                    case .failed: [-2, state]
                    case .state(let dfaState): [dfaState, state]
                    }
                guard seen.insert(key).inserted else { return true }
                pending.append((step, state))
                return accepts(step) == (state == 1)
            }
            var agrees = (0..<128).allSatisfy { visit(next(.state(start), $0), classNext(0, $0)) }
            while agrees, let (step, state) = pending.popLast() {
                agrees = (0..<128).allSatisfy { visit(next(step, $0), classNext(state, $0)) }
            }
            if agrees { return (all, members) }
        }
        return nil
    }
}
