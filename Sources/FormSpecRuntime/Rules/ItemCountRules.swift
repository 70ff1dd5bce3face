import FormSpecDiagnostics
import FormSpecPattern

/// `min_items: N`: a list has at least N items. The list's value is its item count, so an empty
/// list is empty (it fails `required`, and `min_items` is not run on it).
/// A rule that bounds a list's item count and nothing else (`min_items`, `max_items`): what the
/// record scanner checks on a count it has just read.
package protocol ItemCountBound {
    /// The fewest items the rule takes, when it sets a lower bound.
    var fewestItems: Int? { get }
    /// The most items the rule takes, when it sets an upper bound.
    var mostItems: Int? { get }
}

package struct MinItemsRule: ValueRule, ItemCountBound {
    package static let declaration = RuleDeclaration(
        "min_items", usage: "`min_items: N`", appliesTo: .lists,
        passes: "the list has at least N items (an empty list is empty: write `required: true` to refuse it)",
        argumentSchema: #"{"type": "integer", "minimum": 0, "maximum": 1000}"#,
        messages: [
            BuiltInMessage(
                key: "min_items", en: "{label}: at least {min_items} items",
                zhHans: "{label}至少需要{min_items}项", zhHant: "{label}至少需要{min_items}項",
                ja: "{label}は{min_items}件以上必要です"),
            BuiltInMessage(
                key: "min_items.one", en: "{label}: at least {min_items} item",
                zhHans: "{label}至少需要{min_items}项", zhHant: "{label}至少需要{min_items}項",
                ja: "{label}は{min_items}件以上必要です", usedWhen: "N = 1"),
        ],
        example: "1")

    package static let argument = RuleArgumentKind.count

    /// The fewest items.
    package var minimum: Int
    package var fewestItems: Int? { minimum }
    package var mostItems: Int? { nil }

    package init(argument: RuleArgument) { minimum = argument.count }

    package var passesWithNoItems: Bool? { minimum <= 0 }

    package var checkedArgument: RuleArgument { .count(minimum) }

    package var fieldsRead: [Int] { [] }

    package func passes(_ value: Scalar, in environment: RuleEnvironment) -> Bool {
        guard case .integer(let count) = value else { return false }
        return count >= Int64(minimum)
    }
}

/// `max_items: N`: a list has at most N items. A list holds at most this many items (items past it
/// are not checked, the list fails); a list without `max_items` holds at most 100.
package struct MaxItemsRule: ValueRule, ItemCountBound {
    package static let declaration = RuleDeclaration(
        "max_items", usage: "`max_items: N`", appliesTo: .lists,
        passes: """
            the list has at most N items (1000 at most; a list without `max_items` takes at most 100 \
            items, as if it had `max_items: 100`)
            """,
        argumentSchema: #"{"type": "integer", "minimum": 0, "maximum": 1000}"#,
        messages: [
            BuiltInMessage(
                key: "max_items", en: "{label}: at most {max_items} items",
                zhHans: "{label}最多{max_items}项", zhHant: "{label}最多{max_items}項",
                ja: "{label}は{max_items}件以内にしてください"),
            BuiltInMessage(
                key: "max_items.one", en: "{label}: at most {max_items} item",
                zhHans: "{label}最多{max_items}项", zhHant: "{label}最多{max_items}項",
                ja: "{label}は{max_items}件以内にしてください", usedWhen: "N = 1"),
        ],
        example: "3")

    package static let argument = RuleArgumentKind.count

    /// The most items.
    package var maximum: Int
    package var fewestItems: Int? { nil }
    package var mostItems: Int? { maximum }

    package init(argument: RuleArgument) { maximum = argument.count }

    package var passesWithNoItems: Bool? { true }

    package var checkedArgument: RuleArgument { .count(maximum) }

    package var fieldsRead: [Int] { [] }

    package func passes(_ value: Scalar, in environment: RuleEnvironment) -> Bool {
        guard case .integer(let count) = value else { return false }
        return count <= Int64(maximum)
    }
}

/// `unique_items: true`: no two items of a list of scalars are equal (compared exactly, like
/// `equals`, or with `case: insensitive` under full default case folding); `unique_items: FIELD` on a
/// list of groups: no two items have equal values of their field `FIELD`. Empty and unreadable
/// values are left out, and so are items past what the list holds (they fail `max_items`, and are
/// not read).
package struct UniqueItemsRule: ValueRule {
    package static let declaration = RuleDeclaration(
        "unique_items", usage: "`unique_items: true` (of scalars), `unique_items: FIELD` (of groups)",
        appliesTo: .lists,
        passes: """
            no two items of a list of scalars are equal, or, on a list of groups, no two items' \
            FIELD (a field of the item, by its name: `unique_items: phone`) are (compared as \
            `equals` compares, and with `case: insensitive` under Unicode case folding when the items \
            or FIELD are text, secret or choice; empty and unreadable values are left out, and so are \
            items past what the list holds, which fail `max_items`; a FIELD its own `when:` turns off \
            is compared all the same, as other rules read an inactive field's value)
            """,
        argumentSchema: ##"{"anyOf": [{"const": true}, {"$ref": "#/definitions/identifier"}]}"##,
        messages: [
            BuiltInMessage(
                key: "unique_items", en: "{label} must not list an item twice",
                zhHans: "{label}不能有重复项", zhHant: "{label}不得有重複項目",
                ja: "{label}に同じ項目を重複して入れることはできません"),
            BuiltInMessage(
                key: "unique_items.field", en: "{label} must not have the same {other} twice",
                zhHans: "{label}中的{other}不能重复", zhHant: "{label}中的{other}不得重複",
                ja: "{label}の{other}が重複しています", usedWhen: "`unique_items: FIELD`"),
        ],
        modifiers: ["case"], example: "true")

    package static let argument = RuleArgumentKind.items

    package static let takesCase = true

    /// What the rule compares, in item order: the list's item fields, or each item's field
    /// `FIELD` in a list of groups.
    package var items: [Int]
    /// `case: insensitive`: two texts that differ only in case are the same item.
    package var caseInsensitive = false

    package init(argument: RuleArgument) { items = argument.items }

    package var passesWithNoItems: Bool? { true }

    package var checkedArgument: RuleArgument { .items(items) }

    package var isCaseInsensitive: Bool { caseInsensitive }

    package var fieldsRead: [Int] { items }

    package func ignoringCase() -> Self {
        var rule = self
        rule.caseInsensitive = true
        return rule
    }

    package func passes(_ value: Scalar, in environment: RuleEnvironment) -> Bool {
        guard case .integer(let count) = value else { return true }
        let present = items.prefix(Int(count)).compactMap { environment.values[$0].scalar }
        guard let first = present.first else { return true }
        // Time linear in the input, or n log n comparisons: an item may be megabytes long, and
        // comparing every pair (up to 1000 items) made one record cost minutes.
        let texts = present.compactMap { if case .text(let text) = $0 { text } else { nil } }
        if texts.count == present.count {
            // Texts by their exact scalars, each folded once.
            var seen = Set<ExactText>(minimumCapacity: texts.count)
            for text in texts {
                guard seen.insert(ExactText(caseInsensitive ? CaseFolding.fullFold(text) : text)).inserted else {
                    return false
                }
            }
            return true
        }
        if present.allSatisfy({ first.compare($0) != nil }) {
            // Numbers, dates and times in their order (1.0 and 1.00 are one number), then neighbours.
            let sorted = present.sorted { $0.compare($1) ?? 0 < 0 }
            return !zip(sorted, sorted.dropFirst()).contains { $0.compare($1) == 0 }
        }
        // Booleans, and a choice's options of several kinds: pair by pair.
        for (offset, item) in present.enumerated() {
            for other in present[(offset + 1)...] where item.equals(other, caseInsensitive: caseInsensitive) {
                return false
            }
        }
        return true
    }

    private enum CodingKeys: String, CodingKey { case items, caseInsensitive = "case_insensitive" }

    /// Decodes a rule; `case_insensitive` is absent from programs that compare exactly.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        items = try container.decode([Int].self, forKey: .items)
        caseInsensitive = try container.decodeIfPresent(Bool.self, forKey: .caseInsensitive) ?? false
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        if caseInsensitive { try container.encode(true, forKey: .caseInsensitive) }
    }
}
