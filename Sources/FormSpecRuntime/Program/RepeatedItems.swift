/// A list's items as a program's portable forms write them: the first item's fields once, and how
/// many items the list holds.
///
/// The compiler lays a list out as one copy of its item's fields per item it can hold (`contacts.0`,
/// `contacts.0.name`, …, `contacts.2.phone`), so a list of groups with `max_items: 1000` is
/// thousands of fields. The JSON program (`formspec compile --emit json`), the Swift tables and the
/// JavaScript module write such a list's first item and this run instead, and whoever reads them
/// makes the other items with ``fields(from:)``: item `k` is the first item with `.0` in its names
/// made `.k`, every reference to a field of the first item moved `k` items on, and the test that
/// the item exists (the list has more than 0 items) asking for more than `k`.
///
/// A run is written only where that rebuilds the compiler's fields exactly
/// (``Program/repeatedItems(in:range:)`` checks every item), so reading one never changes a
/// program. A list inside a list's first item is written once too.
@_spi(Program) public struct RepeatedItems: Sendable, Hashable {
    /// The list field's index. Its first item starts right after it, at `list + 1`.
    public let list: Int
    /// How many items the list holds: the first and `count - 1` made from it.
    public let count: Int

    @_spi(Program) public init(list: Int, count: Int) {
        self.list = list
        self.count = count
    }

    /// The most fields a run may make, past which a program that names one is refused: ten times
    /// what the compiler lays out for a whole form.
    package static let maxFields = 1_000_000

    /// Every item's fields, the first item's (`first`, laid out from `list + 1`) followed by each
    /// other item's, made from them.
    @_spi(Program) public func fields(from first: [FieldProgram]) -> [FieldProgram] {
        var fields = first
        fields.reserveCapacity(first.count * count)
        for item in 1..<max(count, 1) {
            let shift = ItemShift(list: list, first: first, item: item)
            for field in first { fields.append(shift.field(field)) }
        }
        return fields
    }

    /// Whether `first`, laid out from `list + 1`, can be the first item of list `list`: it has
    /// fields, the first named after the list's first item (`NAME.0`) and the others inside it,
    /// and all the items together stay under ``maxFields``.
    package func canRepeat(_ first: [FieldProgram], listName: String) -> Bool {
        guard count >= 1, !first.isEmpty, first.count <= Self.maxFields / count,
            first[0].name == listName + ".0"
        else { return false }
        return Program.fieldsInside(0, of: first).count == first.count - 1
    }
}

/// A stretch of a program's fields as its portable forms write them (see ``RepeatedItems``).
package indirect enum WrittenFields: Equatable {
    /// Fields written one by one.
    case fields(Range<Int>)
    /// A list's items: its first item's fields as written (a list inside it written once too),
    /// and the run that makes the other items.
    case items(RepeatedItems, first: [WrittenFields])

    /// How `fields` are written: one by one, but for the lists whose items can be made from their
    /// first (``Program/repeatedItems(in:range:)``), at every depth.
    package static func of(_ fields: [FieldProgram]) -> [WrittenFields] { of(fields, in: fields.indices) }

    /// How the fields in `range` are written.
    private static func of(_ fields: [FieldProgram], in range: Range<Int>) -> [WrittenFields] {
        var written: [WrittenFields] = []
        var next = range.lowerBound
        for run in Program.repeatedItems(in: fields, range: range) {
            let start = run.list + 1
            let size = Program.itemSize(ofList: run.list, in: fields)
            if next < start { written.append(.fields(next..<start)) }
            written.append(.items(run, first: of(fields, in: start..<(start + size))))
            next = start + run.count * size
        }
        if next < range.upperBound { written.append(.fields(next..<range.upperBound)) }
        return written
    }

    /// The fields `written` stands for, each list's items made from its first: what a reader of
    /// the written form gets.
    package static func fields(_ written: [WrittenFields], of fields: [FieldProgram]) -> [FieldProgram] {
        written.flatMap { stretch -> [FieldProgram] in
            switch stretch {
            case .fields(let range): Array(fields[range])
            case .items(let run, let first): run.fields(from: Self.fields(first, of: fields))
            }
        }
    }
}

extension Program {
    /// The lists of `fields[range]` whose items are each their first item moved
    /// (``RepeatedItems``), in order; not those inside such a list's items (``WrittenFields``
    /// looks for them in its first item).
    package static func repeatedItems(in fields: [FieldProgram], range: Range<Int>) -> [RepeatedItems] {
        var runs: [RepeatedItems] = []
        var index = range.lowerBound
        while index < range.upperBound {
            defer { index += 1 }
            guard fields[index].type == .list, let run = repeatedItems(ofList: index, in: fields) else { continue }
            runs.append(run)
            index = run.list + run.count * itemSize(ofList: index, in: fields)
        }
        return runs
    }

    /// The run of list `list`, when it holds two items or more and each is its first item moved.
    private static func repeatedItems(ofList list: Int, in fields: [FieldProgram]) -> RepeatedItems? {
        let name = fields[list].name
        let size = itemSize(ofList: list, in: fields)
        guard size > 0 else { return nil }
        var count = 0
        while list + 1 + count * size < fields.count, fields[list + 1 + count * size].name == "\(name).\(count)" {
            count += 1
        }
        guard count >= 2 else { return nil }
        let first = Array(fields[(list + 1)..<(list + 1 + size)])
        let run = RepeatedItems(list: list, count: count)
        guard run.canRepeat(first, listName: name) else { return nil }
        for item in 1..<count {
            let shift = ItemShift(list: list, first: first, item: item)
            let start = list + 1 + item * size
            for offset in 0..<size where shift.field(first[offset]) != fields[start + offset] { return nil }
        }
        return run
    }

    /// How many fields list `list`'s first item has: itself (`NAME.0`, right after the list) and
    /// the fields named inside it that follow; 0 when the list has no item.
    fileprivate static func itemSize(ofList list: Int, in fields: [FieldProgram]) -> Int {
        guard list + 1 < fields.count, fields[list + 1].name == fields[list].name + ".0" else { return 0 }
        return 1 + fieldsInside(list + 1, of: fields).count
    }
}

/// Makes item `item` of a list from its first item's fields (see ``RepeatedItems``).
private struct ItemShift {
    let list: Int
    /// The first item's fields' indexes.
    let block: Range<Int>
    let item: Int
    /// How far item `item`'s fields are from the first item's.
    let distance: Int
    /// The first item's name (`contacts.0`) and this item's (`contacts.4`).
    let firstName: String
    let name: String

    init(list: Int, first: [FieldProgram], item: Int) {
        self.list = list
        self.block = (list + 1)..<(list + 1 + first.count)
        self.item = item
        self.distance = item * first.count
        self.firstName = first.first?.name ?? ""
        // `NAME.0` made `NAME.item`.
        self.name = String(decoding: firstName.utf8.dropLast(1), as: UTF8.self) + String(item)
    }

    func index(_ index: Int) -> Int { block.contains(index) ? index + distance : index }

    func field(_ field: FieldProgram) -> FieldProgram {
        var field = field
        field.name = name + String(decoding: field.name.utf8.dropFirst(firstName.utf8.count), as: UTF8.self)
        field.condition = field.condition.map(condition)
        field.rules = field.rules.map(rule)
        field.reads = field.reads.map(index).sorted()
        return field
    }

    func rule(_ rule: RuleProgram) -> RuleProgram {
        var rule = rule
        rule.condition = rule.condition.map(condition)
        switch rule.rule {
        case .equality(var equality):
            equality.operand = operand(equality.operand)
            rule.rule = .equality(equality)
        case .fieldComparison(var comparison):
            comparison.other = index(comparison.other)
            rule.rule = .fieldComparison(comparison)
        case .range(var range):
            range.operand = operand(range.operand)
            rule.rule = .range(range)
        case .all(let items): rule.rule = .all(items.map(self.rule))
        case .any(let items): rule.rule = .any(items.map(self.rule))
        case .not(let item): rule.rule = .not(self.rule(item))
        case .value(let value): rule.rule = .value(self.value(value))
        case .required, .length, .pattern, .contains, .format, .membership, .multipleOf, .check: break
        }
        return rule
    }

    func value(_ rule: AnyValueRule) -> AnyValueRule {
        let argument: RuleArgument =
            switch rule.base.checkedArgument {
            case .field(let other): .field(index(other))
            case .count(let count): .count(count)
            case .items(let items): .items(items.map(index))
            }
        let made = type(of: rule.base).init(argument: argument)
        return AnyValueRule(rule.base.isCaseInsensitive ? made.ignoringCase() : made)
    }

    func operand(_ operand: Operand) -> Operand {
        switch operand {
        case .field(let other): .field(index(other))
        case .fieldOffset(let other, let offset): .fieldOffset(index(other), offset)
        case .literal, .today: operand
        }
    }

    func condition(_ condition: Condition) -> Condition {
        switch condition {
        case .field(list, .compare(.greaterThan, .literal(.integer(0)))):
            // The first item exists while the list has more than 0 items; this one, more than `item`.
            .field(list, .compare(.greaterThan, .literal(.integer(Int64(item)))))
        case .field(let tested, let test):
            switch test {
            case .compare(let comparison, let operand):
                .field(index(tested), .compare(comparison, self.operand(operand)))
            case .contains(let literal, let items): .field(index(tested), .contains(literal, items: items.map(index)))
            case .equals, .notEquals, .oneOf, .empty, .matches: .field(index(tested), test)
            }
        case .mode: condition
        case .all(let conditions): .all(conditions.map(self.condition))
        case .any(let conditions): .any(conditions.map(self.condition))
        case .not(let inner): .not(self.condition(inner))
        }
    }
}
