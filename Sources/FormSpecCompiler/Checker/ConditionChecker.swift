import FormSpecDiagnostics
@_spi(Program) @_spi(Tooling) import FormSpecRuntime
import FormSpecYAML

extension Checker {
    static let conditionKeys = [
        "field", "equals", "not_equals", "one_of", "contains", "empty", "less_than", "greater_than", "at_least",
        "at_most", "matches", "flags", "mode", "all", "any", "not",
    ]

    /// The keys that say what a condition is: a field's test, a mode, or a combination.
    static let conditionKinds: Set<String> = ["field", "mode", "all", "any", "not"]

    /// The tests a field condition takes, in the order they are read.
    static let fieldTestKeys = [
        "equals", "not_equals", "one_of", "contains", "empty", "less_than", "greater_than", "at_least", "at_most",
        "matches",
    ]

    /// The ordered comparisons a condition takes (`min`/`max` are rule names only).
    static let comparisonKeys: [RangeRule.Comparison] = [.lessThan, .greaterThan, .atLeast, .atMost]

    /// Checks a `when:` condition.
    mutating func checkCondition(_ node: YAMLNode) -> Condition? {
        guard var reader = MappingReader(node, what: "a condition", diagnostics: &diagnostics) else { return nil }
        defer { reader.reportUnknown(in: "a condition", known: Self.conditionKeys, diagnostics: &diagnostics) }
        // `flags` is read beside `matches`; without it, it says where it belongs.
        let hasMatches = reader.pairs.contains { $0.key.scalar?.text == "matches" }
        if !hasMatches, let flags = reader.takePair("flags") {
            diagnostics.error(
                "'flags' needs 'matches' beside it", at: flags.key.location,
                notes: [.init("pattern flags apply to a field's 'matches': {field: NAME, matches: PATTERN, flags: i}")])
        }
        // One condition tests one thing; two kinds in one mapping are two conditions.
        let kinds = reader.pairs.filter { Self.conditionKinds.contains($0.key.scalar?.text ?? "") }
        if kinds.count > 1 {
            let first = kinds[0].key.scalar?.text ?? ""
            for pair in kinds.dropFirst() {
                diagnostics.error(
                    "'\(pair.key.scalar?.text ?? "")' cannot go with '\(first)' in one condition",
                    at: pair.key.location,
                    notes: [
                        .init(
                            "a condition is one of 'field', 'mode', 'all', 'any' or 'not'; to need both, write each as an item of 'all:'"
                        )
                    ])
            }
            for key in Self.conditionKeys { _ = reader.take(key) }
            return nil
        }
        if let mode = Read.string(reader.take("mode"), "'mode'", &diagnostics) {
            guard let parsed = known(mode, as: Mode.self, what: "mode", plural: "modes") else { return nil }
            return .mode(parsed)
        }
        for combinator in ["all", "any"] {
            if let list = reader.take(combinator) {
                guard let items = Read.list(list, "'\(combinator)'", &diagnostics) else { return nil }
                if items.isEmpty {
                    diagnostics.error(
                        "'\(combinator)' needs at least one condition", at: list.location,
                        notes: [
                            .init(
                                combinator == "all"
                                    ? "an empty 'all' always holds: leave 'when:' out"
                                    : "an empty 'any' never holds, so the field would never be checked")
                        ])
                    return nil
                }
                let conditions = items.compactMap { checkCondition($0) }
                guard conditions.count == items.count else { return nil }
                return combinator == "all" ? .all(conditions) : .any(conditions)
            }
        }
        if let inner = reader.take("not") {
            return checkCondition(inner).map(Condition.not)
        }
        guard let name = Read.string(reader.take("field"), "'field'", &diagnostics) else {
            diagnostics.error(
                "a condition needs 'field', 'mode', 'all', 'any' or 'not'", at: node.location)
            // A field's tests without it (`{feild: kind, equals: a}`): the misspelt key is the one
            // to report, not every test beside it as unknown.
            for key in Self.fieldTestKeys + ["flags"] { _ = reader.take(key) }
            return nil
        }
        guard let field = resolveField(name) else {
            for key in Self.fieldTestKeys { _ = reader.take(key) }
            return nil
        }
        var tests: [Condition.FieldTest] = []
        // A test that was written but did not check needs no second error.
        var rejected = false
        // A list of scalars' items, which `contains` tests (item 0 stands for them all).
        let scalarItems = field.type == .list && field.itemType != .group ? field.itemIndices : []
        if let pair = reader.takePair("contains") {
            if let first = scalarItems.first.flatMap({ fieldInfo[fieldOrder[$0]] }) {
                if let literal = literal(pair.value, for: first, rule: "contains") {
                    tests.append(.contains(literal, items: scalarItems))
                } else {
                    rejected = true
                }
            } else {
                rejected = true
                let (message, hint): (String, String?) =
                    if field.type != .list {
                        (
                            "'contains' tests the items of a list, and '\(field.name)' is \(field.type.rawValue)",
                            field.type == .choice
                                ? "to test a choice, use equals: X or one_of: [X, …]"
                                : field.type.isTextual ? "to search text, use matches: PATTERN" : nil
                        )
                    } else if field.itemType == .group {
                        (
                            "'contains' tests the items of a list of scalars, and the items of '\(field.name)' are groups",
                            "test whether it is given with 'empty: false'"
                        )
                    } else {
                        ("'contains' never holds: '\(field.name)' holds no item (max_items: 0)", nil)
                    }
                diagnostics.error(message, at: pair.key.location, notes: hint.map { [.init($0)] } ?? [])
            }
        }
        if field.type == .list || field.type == .group {
            for key in ["equals", "not_equals", "one_of"] {
                guard let pair = reader.takePair(key) else { continue }
                diagnostics.error(
                    "'\(key)' cannot test \(field.type.rawValue) field '\(field.name)'", at: pair.key.location,
                    notes: [
                        .init(
                            scalarItems.isEmpty
                                ? "test whether it is given with 'empty: false', or test one of its fields"
                                : "test whether one of its items is X with 'contains: X', or whether it is given with 'empty: false'"
                        )
                    ])
                rejected = true
            }
        } else {
            if let value = reader.take("equals") {
                if let literal = literal(value, for: field, rule: "equals") {
                    tests.append(.equals(literal))
                } else {
                    rejected = true
                }
            }
            if let value = reader.take("not_equals") {
                if let literal = literal(value, for: field, rule: "not_equals") {
                    tests.append(.notEquals(literal))
                } else {
                    rejected = true
                }
            }
            if let value = reader.take("one_of") {
                if let items = Read.list(value, "'one_of'", &diagnostics) {
                    let literals = items.compactMap { literal($0, for: field, rule: "one_of") }
                    if literals.count == items.count { tests.append(.oneOf(literals)) } else { rejected = true }
                } else {
                    rejected = true
                }
            }
        }
        if let value = reader.take("empty") {
            if let empty = Read.bool(value, "'empty'", &diagnostics) {
                tests.append(.empty(empty))
            } else {
                rejected = true
            }
        }
        for comparison in Self.comparisonKeys {
            guard let value = reader.takePair(comparison.rawValue) else { continue }
            guard field.type.isOrdered else {
                diagnostics.error(
                    "'\(comparison.rawValue)' compares numbers, dates or times, and '\(field.name)' is \(field.type.rawValue)",
                    at: value.key.location,
                    notes: field.type.isTextual || field.type == .choice
                        ? [.init("to test text, use equals, one_of or matches: PATTERN")] : [])
                rejected = true
                continue
            }
            if let operand = operand(value.value, for: field, rule: comparison.rawValue, allowsOffset: true) {
                tests.append(.compare(comparison, operand))
            } else {
                rejected = true
            }
        }
        let flagsNode = hasMatches ? reader.take("flags") : nil
        if let value = reader.takePair("matches") {
            if !(field.type.isTextual || field.type == .choice) {
                diagnostics.error(
                    "'matches' searches text, and '\(field.name)' is \(field.type.rawValue)", at: value.key.location,
                    notes: field.type.isOrdered
                        ? [
                            .init(
                                "to compare numbers, dates or times, use less_than, greater_than, at_least or at_most")
                        ]
                        : [])
                rejected = true
            } else if let source = Read.string(value.value, "'matches'", &diagnostics),
                let flags = PatternRuleDefinition.flags(
                    Read.string(flagsNode, "'flags'", &diagnostics), diagnostics: &diagnostics),
                PatternRuleDefinition.checkYAMLSpelling(of: value.value, "the pattern", diagnostics: &diagnostics)
            {
                do {
                    tests.append(.matches(try PatternRule(source: source.value, flags: flags, negated: false)))
                } catch {
                    rejected = true
                    diagnostics.error(
                        "invalid pattern: \(error.message)",
                        at: PatternRuleDefinition.location(of: error, in: value.value),
                        notes: error.note.map { [.init($0)] } ?? [])
                }
            } else {
                rejected = true
            }
        }
        switch tests.count {
        case 0:
            if rejected { return nil }
            diagnostics.error(
                "a field condition needs one of: \(Self.fieldTestKeys.joined(separator: ", "))", at: node.location)
            return nil
        case 1:
            return .field(field.index, tests[0])
        default:
            return .all(tests.map { .field(field.index, $0) })
        }
    }
}
