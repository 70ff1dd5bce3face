import Foundation

/// Writes a form's own validator into its JavaScript module: `VALIDATE_REPORT(input, texts, kit,
/// full)`, what `validate(object, options)` answers in new mode, not strict (either report shape),
/// written out as straight-line code for this form's fields and rules (its members read by name,
/// types, lengths, ranges and `same_as` tested inline, each pattern's DFA a function of its own),
/// so that the usual validation does not walk the program's tables. The runtime (70-report.js)
/// calls it when the module has one; it answers `undefined` for an input it leaves to the runtime
/// (a key that is not a field, a value of another JS type than its field reads directly, a message
/// or requirement that shows a value), so every report stays the runtime's.
///
/// Only flat forms of text, secret and integer fields whose every rule is a length, pattern,
/// `format`, `contains`, range (against a literal) or `same_as`/`different_from` rule, without
/// `when:`, defaults, checks or form rules, get one: for the others this writes nothing.
enum JavaScriptValidatorEmitter {
    /// The validator's source for a program's JSON (before big integers become BigInt literals),
    /// or nil when the program has something it does not write out.
    static func source(programJSON: String) -> String? {
        guard let program = try? JSONSerialization.jsonObject(with: Data(programJSON.utf8)) as? [String: Any],
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
        var tests = ""
        var dfas: [String] = []
        var matchers: [String] = []
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
            var body = ""
            var emptyChecks = ""
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
                        matchers: &matchers, field: index, rule: ruleIndex)
                else { return nil }
                let nameLiteral = JavaScriptEmitter.stringLiteral(ruleName)
                let issue = "{ rule: \(nameLiteral), message: M[\(position)] }"
                body += "        p = \(test);\n"
                body +=
                    "        if (c !== undefined) c.push({ rule: \(nameLiteral), passed: p, requirement: R[\(position)] });\n"
                if severity == "warning" {
                    body += "        if (!p) w = fsAdd(w, \(issue));\n"
                } else if firstOnly {
                    body += "        if (!p && e === undefined) e = [\(issue)];\n"
                } else {
                    body += "        if (!p) e = fsAdd(e, \(issue));\n"
                }
                // The checklist of an empty value: a text rule that holds for "" passes.
                let passedWhenEmpty = types[index] == "integer" ? "false" : "kit.emptyPasses[\(position)]"
                emptyChecks +=
                    "            c.push({ rule: \(nameLiteral), passed: \(passedWhenEmpty), requirement: R[\(position)] });\n"
                position += 1
            }
            tests +=
                "    // \(SwiftSourceEmitter.singleLine(name))\n    e = w = undefined;\n    c = full ? [] : undefined;\n"
            if field["required"] as? Bool == true {
                tests += "    if (c !== undefined) {\n"
                tests +=
                    "        c.push({ rule: \"required\", passed: \(value) !== undefined, requirement: texts.required[\(index)].render(undefined) });\n"
                tests += "    }\n"
                tests += "    if (\(value) === undefined) {\n"
                tests += "        e = [{ rule: \"required\", message: texts.required[\(index)].render(undefined) }];\n"
            } else {
                tests += "    if (\(value) === undefined) {\n"
            }
            if !emptyChecks.isEmpty { tests += "        if (c !== undefined) {\n\(emptyChecks)        }\n" }
            tests += "    } else {\n\(body)    }\n"
            tests += "    if (c !== undefined) {\n"
            tests += "        const report = { valid: e === undefined, errors: e ?? [] };\n"
            tests += "        if (w !== undefined) report.warnings = w;\n"
            tests += "        report.checks = c;\n"
            tests += "        fields[\(literal)] = report;\n"
            tests += "    }\n"
            tests += "    if (e !== undefined) (errors ??= {})[\(literal)] = e;\n"
            tests += "    if (w !== undefined) (warnings ??= {})[\(literal)] = w;\n"
        }
        let values = fields.indices.map { "v\($0)" }.joined(separator: ", ")
        var out = """
            // The form's own validator (FormSpec's JavaScriptValidatorEmitter): `validate(object)` in new
            // mode, not strict, written out for these fields and rules; `full` asks for the full report,
            // else its `errors` shape. It answers undefined for an input it leaves to the runtime
            // below, which makes the same report.
            let GENERATED_RULES;

            """
        out += matchers.joined()
        out += """
            /** `list` with `item` added: a new list when it is undefined. */
            function fsAdd(list, item) {
                if (list === undefined) return [item];
                list.push(item);
                return list;
            }

            """
        out += """
            function VALIDATE_REPORT(input, texts, kit, full) {
                const M = kit.messages(texts);
                const R = full ? kit.requirements(texts) : M;
                if (M === null || R === null) return undefined;
                let \(values);
                const keys = Object.keys(input);
                for (let index = 0; index < keys.length; index++) {
                    switch (keys[index]) {

            """
        out += reads
        out += "            default: return undefined;\n        }\n    }\n"
        out += normalize
        if !dfas.isEmpty {
            out += "    const D = (GENERATED_RULES ??= [\(dfas.joined(separator: ", "))]);\n"
        }
        out += "    const fields = full ? {} : undefined;\n"
        out += "    let errors, warnings, e, w, c, p;\n"
        out += tests
        out += """
                if (full) return { form: \(JavaScriptEmitter.stringLiteral(program["form"] as? String ?? "")), valid: errors === undefined, fields, form_errors: [] };
                if (errors === undefined && warnings === undefined) return { valid: true };
                const report = { valid: errors === undefined };
                if (errors !== undefined) report.errors = errors;
                if (warnings !== undefined) report.warnings = warnings;
                return report;
            }

            """
        return out
    }

    /// The JS expression that holds when rule `payload` passes for `value` (a field value read
    /// by the validator: a non-empty well-formed string, or a safe integer), or nil when the rule
    /// is not one the validator writes out.
    private static func test(
        _ payload: [String: Any], value: String, type: String, fields: [[String: Any]], types: [String],
        dfas: inout [String], matchers: inout [String], field: Int, rule: Int
    ) -> String? {
        let (kind, body) = payload.first!
        guard let body = body as? [String: Any] else { return nil }
        switch kind {
        case "length" where type != "integer":
            guard let limit = body["limit"] as? Int, limit >= 0, limit < 1 << 53, let bound = body["bound"] as? String
            else { return nil }
            switch (body["unit"] as? String, bound) {
            // A character is at least one UTF-16 unit: count graphemes only when the units do not decide.
            case ("graphemes", "min"): return "\(value).length >= \(limit) && kit.graphemes(\(value)) >= \(limit)"
            case ("graphemes", "max"): return "\(value).length <= \(limit) || kit.graphemes(\(value)) <= \(limit)"
            case ("utf16", "min"): return "\(value).length >= \(limit)"
            case ("utf16", "max"): return "\(value).length <= \(limit)"
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
            let search = patternFunction(main["dfa"] as! [String: Any], index: index, source: body["source"] as? String)
            if let search { matchers.append(search) }
            let call = search != nil ? "fsPattern\(index)(\(value))" : "D[\(index)].isMatchText(\(value))"
            return (expected != negated ? "" : "!") + call
        case "format" where type != "integer", "contains" where type != "integer":
            // The runtime's own rule, on the text.
            dfas.append("kit.rule(\(field), \(rule))")
            return "D[\(dfas.count - 1)].passes(\(value))"
        case "range" where type == "integer":
            let comparisons = [
                "min": ">=", "at_least": ">=", "max": "<=", "at_most": "<=", "greater_than": ">", "less_than": "<",
            ]
            guard let comparison = (body["comparison"] as? String).flatMap({ comparisons[$0] }),
                let operand = body["operand"] as? [String: Any], let literal = operand["literal"] as? [String: Any],
                literal.count == 1, let bound = literal["integer"] as? Int, bound.magnitude < 1 << 53
            else { return nil }
            return "\(value) \(comparison) \(bound)"
        case "field_comparison" where type != "integer":
            guard body["case_insensitive"] as? Bool != true, let negated = body["negated"] as? Bool,
                let other = body["other"] as? Int, types.indices.contains(other), types[other] != "integer",
                Set(body.keys).isSubset(of: ["case_insensitive", "negated", "other"])
            else { return nil }
            // An empty other field never equals; `equal` compares as the runtime does.
            let equal = "v\(other) !== undefined && (\(value) === v\(other) || kit.equal(\(value), v\(other)))"
            return negated ? "!(\(equal))" : equal
        default:
            return nil
        }
    }

    /// A pattern's DFA (`dfa`, as the program stores it) as a JS function of its own,
    /// `fsPattern<index>(text)`: whether the pattern matches somewhere in `text`, each state a case
    /// testing the character against its ranges, for ASCII text; at the first other character it
    /// asks the runtime's DFA (`GENERATED_RULES[index]`), which reads the text's UTF-8 bytes. Nil
    /// for a DFA too large to be worth writing out.
    private static func patternFunction(_ dfa: [String: Any], index: Int, source: String?) -> String? {
        guard let classStarts = dfa["classStarts"] as? [Int], let table = dfa["table"] as? [Int],
            let eof = dfa["eof"] as? [Int], let start = dfa["start"] as? Int
        else { return nil }
        let classCount = classStarts.count + 1
        let stateCount = table.count / classCount
        guard table.count == stateCount * classCount, start > 0, start < stateCount else {
            return nil
        }
        // What a character does in a state: "t" (a match ended before it), "f" (no match can
        // follow), or the next state.
        func outcome(_ state: Int, _ byte: Int) -> String {
            let entry = table[state * classCount + classStarts.filter { $0 <= byte }.count]
            if entry & 1 != 0 { return "t" }
            return entry >> 1 == 0 ? "f" : String(entry >> 1)
        }
        // The states ASCII text reaches (the others read the later bytes of other characters).
        var reached = [start]
        var next = 0
        while next < reached.count {
            for byte in 0..<128 {
                if let target = Int(outcome(reached[next], byte)), !reached.contains(target) { reached.append(target) }
            }
            next += 1
        }
        var cases = ""
        var rangeCount = 0
        for state in reached.sorted() {
            var ranges: [(outcome: String, low: Int, high: Int)] = []
            for byte in 0..<128 {
                let next = outcome(state, byte)
                if let last = ranges.last, last.outcome == next, last.high == byte - 1 {
                    ranges[ranges.count - 1].high = byte
                } else {
                    ranges.append((next, byte, byte))
                }
            }
            rangeCount += ranges.count
            // The outcome of the most characters is the default; the others test their ranges.
            var sizes: [String: Int] = [:]
            for range in ranges { sizes[range.outcome, default: 0] += range.high - range.low + 1 }
            let common = sizes.max { $0.value < $1.value || $0.value == $1.value && $0.key > $1.key }!.key
            func action(_ next: String, braced: Bool = true) -> String {
                switch next {
                case "t": return "return true;"
                case "f": return "return false;"
                case String(state): return "continue;"
                default: return braced ? "{ state = \(next); continue; }" : "state = \(next); continue;"
                }
            }
            cases += "            case \(state):\n"
            var seen: [String] = []
            for range in ranges where range.outcome != common && !seen.contains(range.outcome) {
                seen.append(range.outcome)
                let condition = ranges.filter { $0.outcome == range.outcome }.map { range in
                    range.low == range.high
                        ? "code === \(range.low)"
                        : range.low == 0 ? "code <= \(range.high)" : "code >= \(range.low) && code <= \(range.high)"
                }.joined(separator: " || ")
                cases += "                if (\(condition)) \(action(range.outcome))\n"
            }
            cases += "                \(action(common, braced: false))\n"
        }
        guard reached.count <= 32, rangeCount <= 256 else { return nil }
        let accepting = eof.indices.filter { $0 > 0 && eof[$0] != 0 }.map { "state === \($0)" }
        let comment = source.map { "// /\(SwiftSourceEmitter.singleLine($0))/\n" } ?? ""
        return """
            \(comment)function fsPattern\(index)(text) {
                let state = \(start);
                for (let index = 0; index < text.length; index++) {
                    const code = text.charCodeAt(index);
                    if (code >= 128) return GENERATED_RULES[\(index)].isMatchText(text);
                    switch (state) {
            \(cases)        }
                }
                return \(accepting.isEmpty ? "false" : accepting.joined(separator: " || "));
            }

            """
    }
}
