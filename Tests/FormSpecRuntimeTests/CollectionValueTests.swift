import Testing

@_spi(Program) @_spi(Tooling) @testable import FormSpecRuntime

/// How lists and groups are read, and the list rules on their own.
struct CollectionValueTests {
    @Test("a list's value is its item count, however long; an empty one is empty; anything else is a type failure")
    func listValues() {
        #expect(FieldType.list.read(["a", "b"], trim: false) == .value(.integer(2)))
        #expect(FieldType.list.read([], trim: false) == .empty)
        #expect(FieldType.list.read(nil, trim: false) == .empty)
        #expect(FieldType.list.read(.null, trim: false) == .empty)
        #expect(FieldType.list.read("a", trim: false) == .invalid(rule: "type"))
        #expect(FieldType.list.read(["a": "b"], trim: false) == .invalid(rule: "type"))
        // However long: max_items (at most 1,000) fails on the count.
        let huge = Value.array(Array(repeating: .null, count: 1_000_001))
        #expect(FieldType.list.read(huge, trim: false) == .value(.integer(1_000_001)))
    }

    @Test("a group's value says it is an object")
    func groupValues() {
        #expect(FieldType.group.read(["a": "b"], trim: false) == .value(.boolean(true)))
        #expect(FieldType.group.read([:], trim: false) == .value(.boolean(true)))
        #expect(FieldType.group.read(nil, trim: false) == .empty)
        #expect(FieldType.group.read(["a"], trim: false) == .invalid(rule: "type"))
        #expect(FieldType.group.read("a", trim: false) == .invalid(rule: "type"))
    }

    @Test("min_items and max_items compare the count; unique_items compares the present items exactly")
    func listRules() {
        let environment = RuleEnvironment(
            values: [.value(.integer(3)), .value(.integer(1)), .value(.number(ExactDecimal("1.0")!)), .empty],
            today: CivilDate(iso: "2025-01-01")!, checks: { _, _, _ in nil })
        #expect(MinItemsRule(argument: .count(3)).passes(.integer(3), in: environment))
        #expect(!MinItemsRule(argument: .count(4)).passes(.integer(3), in: environment))
        #expect(MaxItemsRule(argument: .count(3)).passes(.integer(3), in: environment))
        #expect(!MaxItemsRule(argument: .count(2)).passes(.integer(3), in: environment))
        // Items 1 and 2 are the same number written differently; item 3 is empty and left out.
        #expect(!UniqueItemsRule(argument: .items([1, 2, 3])).passes(.integer(3), in: environment))
        #expect(UniqueItemsRule(argument: .items([1, 3])).passes(.integer(2), in: environment))
        // Only the first `count` items are the list's.
        #expect(UniqueItemsRule(argument: .items([1, 2, 3])).passes(.integer(1), in: environment))
    }
}
