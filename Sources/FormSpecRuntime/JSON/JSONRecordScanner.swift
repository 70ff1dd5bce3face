import FormSpecPattern

/// Reads one JSON object (a JSON Lines record) straight into a program's field slots
/// (``EvaluationScratch/values``), without building a ``Value`` tree for the whole object.
///
/// Keys are matched by their exact bytes against the field names, encoded once. A member whose key
/// names no field is validated and skipped without allocating when its value is a scalar. Field
/// values are decoded in place: a string without escapes becomes a `String` straight from the
/// input bytes, `true`/`false`/`null` need no decoding at all.
///
/// A form with groups and lists (``Program/isNested``) is read the way ``Program/visitNested(_:assign:unknown:)``
/// walks a parsed tree: a group's object is scanned against the group's own keys, a list's array
/// item by item into its item fields, so a nested record builds no tree either. An array or object
/// that no field takes (an unknown key's value, an item past the list's fields) is checked and
/// skipped without a tree too, unless it holds something unusual (an escape, an exponent, many
/// keys): that one is parsed, to check it.
///
/// The scanner never decides on its own that a line is malformed: anything it does not handle on
/// its fast path (an escaped key, a duplicate key, a field given twice by its path and inside its
/// group or list, a nested array or object that fails to parse, any syntax error, text after the
/// object) makes ``scan(_:into:collectUnknownKeys:today:decidingInPlace:)``
/// return `false`, and the caller parses the line with ``JSONReader`` instead. So the outcome for
/// every line, and the wording and place of every error, are exactly ``JSONReader``'s.
package struct JSONRecordScanner {
    /// The keys of the record's own object (index 0) and of each group's object.
    private let scopes: [KeyScope]
    /// Every scope's keys, a row per scope (in `scopes[s]`'s order): what the usual member's key
    /// is compared with, read without taking up the scope's ``KeyScope`` (a retain and a release
    /// per object).
    private let expectedKeys: RaggedTable<ExpectedKey>

    /// A key as the words a member's key is compared with (``FieldKeyTable/KeyWords``), and the
    /// field it names.
    struct ExpectedKey {
        var words: FieldKeyTable.KeyWords
        var field: Int
    }
    /// For each field, the scope of its members when it is a group; -1 otherwise.
    private let memberScope: UncheckedTable<Int>
    /// Each list's item fields in position order, a row per field (empty for a field that is no
    /// list), so that reading a list retains no array of its own.
    private let itemFields: RaggedTable<Int>
    /// What reading each field's value needs, in one entry per field (see ``FieldScan``).
    private let fieldScans: UncheckedTable<FieldScan>
    /// Which fields the current record gave (bit `f & 63` of word `f >> 6`), to find duplicate
    /// keys without a set, and the fields a line lacks a word at a time. All clear between
    /// records.
    private var seen: [UInt64]
    /// Bits past the last field in `seen`'s last word are set: never a field the line lacks.
    private let pastLastField: UInt64
    /// The fields whose default is not empty, as `seen`'s bits: a lacking field outside them is
    /// emptied without reading the defaults.
    private let hasDefault: [UInt64]
    /// The pattern and length checks of the fields decided in place, each field's in one run
    /// (``FieldScan/patterns``, ``FieldScan/lengths``).
    private let patternChecks: UncheckedTable<PatternCheck>
    private let lengthChecks: UncheckedTable<LengthRule>
    /// The options of the choices decided in place, their UTF-8 bytes a row each, so that a
    /// look-up retains no array per option.
    private let options: RaggedTable<UInt8>
    /// Choice field `f`'s options are rows `optionStart[f] ..< optionStart[f + 1]` of ``options``
    /// (none for a field decided otherwise).
    private let optionStart: UncheckedTable<Int32>
    /// The program read into (`scratch` in ``scan(_:into:collectUnknownKeys:today:decidingInPlace:)``
    /// belongs to it), whose pattern tables `patternChecks` points into.
    private let program: Program
    /// The fields this line decided in place, as `seen`'s bits; all clear between records.
    private var decided: [UInt64]
    /// Whether the current scan decides fields in place.
    private var decides = false
    /// The fields that pass when a line lacks them (simple, optional, no default), and the
    /// groups with members after them (what an evaluation must visit to skip those members when
    /// the group is not an object), as `seen`'s bits: what sets a line's
    /// ``EvaluationScratch/fieldsToEvaluate``.
    private let passesWhenLacking: [UInt64]
    private let hasMembersAfter: [UInt64]
    /// The groups with members after them that have no default (so a line that lacks one leaves
    /// it empty, not an object), as `seen`'s bits, and for each what to take out of the listed
    /// fields when a line lacks it: an evaluation skips its members (``FieldPlan/skipEnd``)
    /// without a look, and the group itself when it passes without a value.
    private let emptyWhenLacking: [UInt64]
    private let unlistedWhenLacking: [Unlisted]

    /// What reading a value of one field needs, read from one entry (one bounds check per value,
    /// not one per table).
    struct FieldScan {
        var type: FieldType
        /// How the field may be decided where its value is read (``FieldPlan/isUnread``).
        var inPlace: InPlace
        /// Whether the field trims its text.
        var trims: Bool
        /// What a field decided in place checks, gathered from its rules: a text's patterns
        /// (`patternChecks[patterns]`) and lengths (`lengthChecks[lengths]`), an integer's bounds
        /// (all its ranges as one closed interval `low ... high`), a list's item counts.
        var patterns: Range<Int32>
        var lengths: Range<Int32>
        var low: Int64
        var high: Int64
    }

    /// A pattern a field decided in place must match (or not, when `negated`).
    struct PatternCheck {
        /// The pattern's ``DFATables/FixedRanges`` when it has them (an SKU's, an order id's:
        /// checked with two word tests instead of running the automaton); `length` -1 otherwise.
        var ranges: DFATables.FixedRanges
        var tables: DFATables
        var negated: Bool
    }

    /// Fields to take out of ``EvaluationScratch/fieldsToEvaluate``: bits `mask` of word `word`
    /// when they lie in one word, `range` otherwise (`word` -1).
    struct Unlisted {
        var word: Int
        var mask: UInt64
        var range: Range<Int>
    }
    /// The fields whose value nothing reads but their own rules (``FieldPlan/isReadByOthers``
    /// off), and the groups read only by their own members (``FieldPlan/isReadByMembersOnly``),
    /// as `seen`'s bits: when the evaluation that follows does not list one the line lacks,
    /// nothing reads its slot, and it is not emptied.
    private let readByNoOther: [UInt64]

    /// How a field's value may be decided where it is read.
    enum InPlace: UInt8 {
        case no, text, integer
        /// A choice: decided when its text is one of the options (`choiceOptions`), byte for byte
        /// (``ExactText``), and passes its patterns and lengths.
        case choice
        /// A group without rules: nothing to evaluate when it is an object (its slot is still
        /// written, for its members).
        case group
        /// A list whose rules are item counts only: nothing to evaluate when its count is within
        /// them (``FieldScan/low`` ... ``FieldScan/high``; its slot is still written, for its items).
        case list
    }
    /// The byte ranges of unknown keys in the objects being read (each object's after the ones of
    /// the objects around it), to find duplicates among an object's own.
    private var unknownKeys: [Range<Int>] = []

    /// Creates a scanner for a program's fields.
    package init(program: Program) {
        let fields = program.fields
        seen = Array(repeating: 0, count: (fields.count + 63) / 64)
        pastLastField = fields.count % 64 == 0 ? 0 : ~((1 << UInt64(fields.count % 64)) - 1)
        var hasDefault = Array(repeating: UInt64(0), count: (fields.count + 63) / 64)
        for (index, value) in program.defaultValues.enumerated() {
            if case .empty = value { continue }
            hasDefault[index >> 6] |= 1 << UInt64(index & 63)
        }
        self.hasDefault = hasDefault
        let plans = program.storage.plans
        let lowered = program.lowered
        let inPlace: [InPlace] = plans.enumerated().map { index, plan in
            if fields[index].type == .group, plan.isSimple, plan.first == plan.end { return .group }
            if fields[index].type == .list, plan.isSimple, Self.itemCountBounds(plan, lowered) != nil { return .list }
            guard plan.isUnread else { return .no }
            if fields[index].type == .choice { return .choice }
            return plan.rules == .integer ? .integer : .text
        }
        var options = RaggedTable<UInt8>.Builder()
        var optionStart: [Int32] = [0]
        for index in inPlace.indices {
            if inPlace[index] == .choice {
                for option in fields[index].options { options.appendRow(option.value.utf8) }
            }
            optionStart.append(Int32(options.rowCount))
        }
        self.options = RaggedTable(options)
        self.optionStart = UncheckedTable(optionStart)
        self.program = program
        let (scans, patterns, lengths) = Self.inPlaceChecks(fields, plans, inPlace, lowered)
        fieldScans = UncheckedTable(scans)
        (patternChecks, lengthChecks) = (UncheckedTable(patterns), UncheckedTable(lengths))
        decided = Array(repeating: 0, count: (fields.count + 63) / 64)
        var passesWhenLacking = Array(repeating: UInt64(0), count: (fields.count + 63) / 64)
        var hasMembersAfter = passesWhenLacking
        let relativeDefaults = Set(program.relativeDefaultFields)
        for (index, plan) in plans.enumerated() {
            let bit: UInt64 = 1 << UInt64(index & 63)
            if plan.isSimple, !plan.required, hasDefault[index >> 6] & bit == 0, !relativeDefaults.contains(index) {
                passesWhenLacking[index >> 6] |= bit
            }
            if Int(plan.skipEnd) > index + 1 { hasMembersAfter[index >> 6] |= bit }
        }
        self.passesWhenLacking = passesWhenLacking
        self.hasMembersAfter = hasMembersAfter
        var emptyWhenLacking = hasMembersAfter
        for index in relativeDefaults { emptyWhenLacking[index >> 6] &= ~(1 << UInt64(index & 63)) }
        for word in emptyWhenLacking.indices { emptyWhenLacking[word] &= ~hasDefault[word] }
        self.emptyWhenLacking = emptyWhenLacking
        unlistedWhenLacking = plans.indices.map { group in
            let bit: UInt64 = 1 << UInt64(group & 63)
            let start = passesWhenLacking[group >> 6] & bit != 0 ? group : group + 1
            let range = start..<max(start, Int(plans[group].skipEnd))
            guard !range.isEmpty, range.lowerBound >> 6 == (range.upperBound - 1) >> 6 else {
                return Unlisted(word: -1, mask: 0, range: range)
            }
            let ones: UInt64 = range.count == 64 ? ~0 : (1 << UInt64(range.count)) - 1
            return Unlisted(word: range.lowerBound >> 6, mask: ones << UInt64(range.lowerBound & 63), range: range)
        }
        var readByNoOther = Array(repeating: UInt64(0), count: (fields.count + 63) / 64)
        func isSet(_ words: [UInt64], _ index: Int) -> Bool { words[index >> 6] >> UInt64(index & 63) & 1 != 0 }
        for (index, plan) in plans.enumerated() {
            // A group read only by its members, which a line that lacks it leaves empty and
            // unlisted with them (``unlistMembersOfLackingGroups(seen:in:)``): nothing reads
            // its slot then, which may keep what the line before left.
            let unlistedWithMembers = isSet(emptyWhenLacking, index) && isSet(passesWhenLacking, index)
            if !plan.isReadByOthers || unlistedWithMembers && plan.isReadByMembersOnly {
                readByNoOther[index >> 6] |= 1 << UInt64(index & 63)
            }
        }
        self.readByNoOther = readByNoOther
        unknownKeys.reserveCapacity(16)
        guard let layout = program.storage.nestedLayout else {
            scopes = [KeyScope(fields.indices.map { (name: fields[$0].name, position: $0) })]
            expectedKeys = Self.expectedKeys(scopes)
            memberScope = UncheckedTable(Array(repeating: -1, count: fields.count))
            itemFields = RaggedTable(rows: Array(repeating: [Int](), count: fields.count))
            return
        }
        // At the root any field's path names it too (as in `visitNested`); the top-level fields go
        // first, in spec order, so that the usual key is the one after the last found.
        let topLevel = fields.indices.filter { !fields[$0].name.contains(".") }
        let paths = fields.indices.filter { fields[$0].name.contains(".") }
        var scopes = [KeyScope((topLevel + paths).map { (name: fields[$0].name, position: $0) })]
        var memberScope = Array(repeating: -1, count: fields.count)
        for (field, members) in layout.memberEntries.enumerated() where fields[field].type == .group {
            memberScope[field] = scopes.count
            scopes.append(KeyScope(members))
        }
        self.scopes = scopes
        expectedKeys = Self.expectedKeys(scopes)
        self.memberScope = UncheckedTable(memberScope)
        itemFields = RaggedTable(rows: layout.items)
    }

    /// ``expectedKeys`` for `scopes`.
    private static func expectedKeys(_ scopes: [KeyScope]) -> RaggedTable<ExpectedKey> {
        RaggedTable(
            rows: scopes.map { scope in
                scope.fields.indices.map { ExpectedKey(words: scope.table.words[$0], field: scope.fields[$0]) }
            })
    }

    /// Scans the JSON object that `line` starts with into `scratch`'s field slots.
    ///
    /// The object's line ends at the first `\n` (which is never skipped as whitespace, so the
    /// scan never reads past it) or at the end of `line`: a caller can pass a stretch of JSON
    /// Lines and learn where the first one ends from the same pass that reads it.
    ///
    /// - Parameters:
    ///   - line: The record's bytes (surrounding blanks allowed), maybe followed by a `\n` and
    ///     more lines.
    ///   - scratch: Filled as after ``EvaluationScratch/load(_:program:today:collectUnknownKeys:)``:
    ///     each field the line gives, read as its type, the others their defaults; the unknown keys
    ///     when `collectUnknownKeys` is set.
    ///   - collectUnknownKeys: Whether to list keys that name no field (strict mode).
    ///   - today: What relative date defaults count from (the evaluation's today); `nil` for the
    ///     current date.
    ///   - decidingInPlace: Whether only an evaluation for the short report follows: a field
    ///     nothing else reads (``FieldPlan/isUnread``) whose value passes every rule is then
    ///     decided here, its slot left unwritten, and the fields left to evaluate are listed
    ///     (``EvaluationScratch/fieldsToEvaluate``).
    /// - Returns: Where the object's line ends when `scratch` holds its members: the index of the
    ///   `\n` after it, or `line.count`. `nil` when the line must be read by ``JSONReader`` (it is
    ///   malformed, or uses something the fast path leaves to the reader); `scratch` must then be
    ///   reset again before use.
    package mutating func scan(
        _ line: UnsafeBufferPointer<UInt8>, into scratch: inout EvaluationScratch,
        collectUnknownKeys: Bool, today: CivilDate? = nil, decidingInPlace: Bool = false
    ) -> Int? {
        let program = program
        // The defaults go only into the fields the line lacks, once it is read (most lines give
        // every field).
        scratch.clearRecordLists()
        decides = decidingInPlace
        if !unknownKeys.isEmpty { unknownKeys.removeAll(keepingCapacity: true) }

        // The slots and the bit words are written through pointers (one uniqueness check per
        // line, not one per value); the unknown keys' names are collected apart meanwhile. The
        // words are taken out of `self` meanwhile, and are all clear again when it ends.
        var unknownNames: [String] = []
        swap(&unknownNames, &scratch.unknownKeys)
        var seenWords: [UInt64] = []
        var decidedWords: [UInt64] = []
        swap(&seenWords, &seen)
        swap(&decidedWords, &decided)
        defer {
            swap(&seenWords, &seen)
            swap(&decidedWords, &decided)
        }
        let lineEnd: Int? = scratch.values.withUnsafeMutableBufferPointer { values in
            seenWords.withUnsafeMutableBufferPointer { seen in
                decidedWords.withUnsafeMutableBufferPointer { decided in
                    let slots = Slots(values: values, seen: seen, decided: decided)
                    var cursor = Cursor(bytes: line)
                    cursor.skipWhitespace()
                    guard cursor.take(UInt8(ascii: "{")),
                        scanMembers(
                            &cursor, scope: 0, of: -1, depth: 1, into: slots, unknownNames: &unknownNames,
                            program: program, collectUnknownKeys: collectUnknownKeys)
                    else { return nil }
                    cursor.skipWhitespace()
                    guard cursor.atEnd || line[cursor.position] == UInt8(ascii: "\n") else { return nil }
                    return cursor.position
                }
            }
        }
        let read = lineEnd != nil
        swap(&unknownNames, &scratch.unknownKeys)
        if decidingInPlace, read {
            // What the evaluation must visit: what the line gave and was not decided, what it
            // lacks that does not pass without a value, and the groups that may skip members.
            // (Written over the last line's list, which has as many words.)
            if scratch.fieldsToEvaluate.count != seenWords.count {
                scratch.fieldsToEvaluate = Array(repeating: 0, count: seenWords.count)
            }
            scratch.fieldsToEvaluate.withUnsafeMutableBufferPointer { listed in
                for word in seenWords.indices {
                    let seen = seenWords[word]
                    let lacking = Self.lacking(
                        seen, isLastWord: word == seenWords.count - 1, pastLastField: pastLastField)
                    let decided = decidedWords[word]
                    listed[word] =
                        seen & ~decided | lacking & ~passesWhenLacking[word] | hasMembersAfter[word] & ~decided
                }
            }
            unlistMembersOfLackingGroups(seen: seenWords, in: &scratch.fieldsToEvaluate)
        } else if !scratch.fieldsToEvaluate.isEmpty {
            scratch.fieldsToEvaluate.removeAll(keepingCapacity: true)
        }
        if decidingInPlace {
            for word in decidedWords.indices { decidedWords[word] = 0 }
        }
        guard read else {
            for word in seenWords.indices { seenWords[word] = 0 }
            return nil
        }
        guard program.relativeDefaultFields.isEmpty else {
            let given = scratch.values.indices.map { seenWords[$0 >> 6] >> UInt64($0 & 63) & 1 != 0 }
            scratch.fillDefaults(program, except: given, today: today)
            for word in seenWords.indices { seenWords[word] = 0 }
            return lineEnd
        }
        // The defaults into the fields the line lacks, found a word of `seen` at a time, and
        // `seen` cleared for the next line, in one pass. When only the listed fields are
        // evaluated, a lacking field that is not listed and that nothing else reads keeps its
        // slot as it is, like a field decided in place (most are the fields of the items past a
        // list's count).
        // (The list is taken out of `scratch` meanwhile: a copy would retain it.)
        var listed: [UInt64] = []
        swap(&listed, &scratch.fieldsToEvaluate)
        defer { swap(&listed, &scratch.fieldsToEvaluate) }
        let lastWord = seenWords.count - 1
        scratch.values.withUnsafeMutableBufferPointer { values in
            program.defaultValues.withUnsafeBufferPointer { defaults in
                seenWords.withUnsafeMutableBufferPointer { seen in
                    for word in 0..<seen.count {
                        let lacking = Self.lacking(
                            seen[word], isLastWord: word == lastWord, pastLastField: pastLastField)
                        seen[word] = 0
                        let unread = listed.isEmpty ? 0 : readByNoOther[word] & ~listed[word]
                        var emptied = lacking & ~hasDefault[word] & ~unread
                        while emptied != 0 {
                            let index = word &<< 6 | emptied.trailingZeroBitCount
                            emptied &= emptied &- 1
                            // Usually empty already (the same item was absent from the last line).
                            if case .empty = values[index] { continue }
                            values[index] = .empty
                        }
                        var defaulted = lacking & hasDefault[word]
                        while defaulted != 0 {
                            let index = word &<< 6 | defaulted.trailingZeroBitCount
                            defaulted &= defaulted &- 1
                            values[index] = defaults[index]
                        }
                    }
                }
            }
        }
        return lineEnd
    }

    /// Takes out of `listed` (``EvaluationScratch/fieldsToEvaluate``) the members of each group
    /// the line lacks (`seen`) that is left empty: the evaluation skips them, inactive, without a
    /// look (the group is not an object). The group goes too when it passes without a value.
    /// Past a list's count its items are such groups: most lines lack some.
    private func unlistMembersOfLackingGroups(seen: [UInt64], in listed: inout [UInt64]) {
        listed.withUnsafeMutableBufferPointer { listed in
            for word in seen.indices {
                var groups =
                    Self.lacking(seen[word], isLastWord: word == seen.count - 1, pastLastField: pastLastField)
                    & emptyWhenLacking[word]
                while groups != 0 {
                    let group = word &<< 6 | groups.trailingZeroBitCount
                    groups &= groups &- 1
                    let unlisted = unlistedWhenLacking[group]
                    if unlisted.word >= 0 {
                        listed[unlisted.word] &= ~unlisted.mask
                    } else {
                        Self.clearBits(unlisted.range, in: listed)
                    }
                }
            }
        }
    }

    /// Clears bits `range` (bit `f & 63` of word `f >> 6`) of `words`.
    @inline(__always)
    private static func clearBits(_ range: Range<Int>, in words: UnsafeMutableBufferPointer<UInt64>) {
        var index = range.lowerBound
        while index < range.upperBound {
            let bit = index & 63
            let count = min(64 &- bit, range.upperBound &- index)
            let ones: UInt64 = count == 64 ? ~0 : (1 &<< UInt64(count)) &- 1
            words[index &>> 6] &= ~(ones &<< UInt64(bit))
            index &+= count
        }
    }

    /// Whether `utf8` is one of choice field `field`'s options, byte for byte.
    private func isOption(_ field: Int, _ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        for option in Int(optionStart[field])..<Int(optionStart[field &+ 1]) where options.rowEquals(option, utf8) {
            return true
        }
        return false
    }

    /// Whether text field `field`'s value, `utf8`, passes every pattern and length of the field.
    @inline(__always)
    private func textPasses(_ scan: FieldScan, _ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        for check in Int(scan.patterns.lowerBound)..<Int(scan.patterns.upperBound) {
            // Each part read where it is (a copy of the whole entry is 144 bytes).
            let ranges = patternChecks[check].ranges
            let passes = ranges.length >= 0 ? ranges.matches(utf8) : patternChecks[check].tables.matches(utf8)
            guard passes != patternChecks[check].negated else { return false }
        }
        for check in Int(scan.lengths.lowerBound)..<Int(scan.lengths.upperBound) {
            guard lengthChecks[check].passes(utf8: utf8) == true else { return false }
        }
        return true
    }

    /// The checks of the fields decided in place (see `patternChecks`), from their lowered rules:
    /// a field whose plan is `.text` has patterns and lengths only, one whose plan is `.integer`
    /// ranges with an integer bound only.
    private static func inPlaceChecks(
        _ fields: [FieldProgram], _ plans: UncheckedTable<FieldPlan>, _ inPlace: [InPlace], _ lowered: LoweredRules
    ) -> ([FieldScan], [PatternCheck], [LengthRule]) {
        var scans: [FieldScan] = []
        var patterns: [PatternCheck] = []
        var lengths: [LengthRule] = []
        for (index, (plan, kind)) in zip(plans, inPlace).enumerated() {
            let patternStart = Int32(patterns.count)
            let lengthStart = Int32(lengths.count)
            var lower = Int64.min
            var upper = Int64.max
            if kind == .list, let bounds = itemCountBounds(plan, lowered) { (lower, upper) = bounds }
            for position in Int(plan.first)..<Int(plan.end) where plan.isUnread {
                let instruction = lowered.instructions[position]
                let table = Int(instruction.payload)
                switch (plan.rules, instruction.op) {
                case (.text, .pattern):
                    if let tables = lowered.patternTables[table] {
                        patterns.append(
                            PatternCheck(
                                ranges: tables.fixedRanges ?? DFATables.FixedRanges(), tables: tables,
                                negated: lowered.patternNegated[table]))
                    }
                case (.text, .length): lengths.append(lowered.lengths[table])
                case (.integer, .range):
                    guard let bound = lowered.rangeIntegerBounds[table] else { continue }
                    // An interval that cannot hold a value (a bound past Int64) is empty.
                    switch lowered.rangeComparisons[table] {
                    case .min, .atLeast: lower = max(lower, bound)
                    case .max, .atMost: upper = min(upper, bound)
                    case .greaterThan:
                        if bound == .max { (lower, upper) = (1, 0) } else { lower = max(lower, bound + 1) }
                    case .lessThan:
                        if bound == .min { (lower, upper) = (1, 0) } else { upper = min(upper, bound - 1) }
                    }
                default: continue
                }
            }
            scans.append(
                FieldScan(
                    type: fields[index].type, inPlace: kind, trims: fields[index].trim,
                    patterns: patternStart..<Int32(patterns.count), lengths: lengthStart..<Int32(lengths.count),
                    low: lower, high: upper))
        }
        return (scans, patterns, lengths)
    }

    /// A list's item-count rules (`min_items`, `max_items`) as one interval of counts; `nil` when
    /// the list has another rule.
    private static func itemCountBounds(_ plan: FieldPlan, _ lowered: LoweredRules) -> (Int64, Int64)? {
        var lower = Int64.min
        var upper = Int64.max
        for instruction in lowered.instructions[Int(plan.first)..<Int(plan.end)] {
            guard instruction.op == .value,
                let bound = lowered.valueRules[Int(instruction.payload)] as? any ItemCountBound
            else { return nil }
            if let fewest = bound.fewestItems { lower = max(lower, Int64(fewest)) }
            if let most = bound.mostItems { upper = min(upper, Int64(most)) }
        }
        return (lower, upper)
    }

    /// The fields a line lacks in a word of `seen`: its clear bits, but for those past the last
    /// field (`pastLastField`, in the last word).
    @inline(__always)
    private static func lacking(_ seen: UInt64, isLastWord: Bool, pastLastField: UInt64) -> UInt64 {
        ~(seen | (isLastWord ? pastLastField : 0))
    }

    /// Where a scan writes: the field slots, and which fields the line gave and which it decided
    /// in place, as bit words (bit `f & 63` of word `f >> 6`).
    private struct Slots {
        let values: UnsafeMutableBufferPointer<FieldValue>
        let seen: UnsafeMutableBufferPointer<UInt64>
        let decided: UnsafeMutableBufferPointer<UInt64>

        /// Marks field `field` given by the line; `false` when it was already.
        @inline(__always)
        func markSeen(_ field: Int) -> Bool {
            let bit: UInt64 = 1 &<< UInt64(field & 63)
            let word = seen[field &>> 6]
            guard word & bit == 0 else { return false }
            seen[field &>> 6] = word | bit
            return true
        }

        /// Marks field `field` decided where it was read.
        @inline(__always)
        func markDecided(_ field: Int) {
            decided[field &>> 6] |= 1 &<< UInt64(field & 63)
        }
    }

    /// Reads the members of an object (its `{` taken) through its `}`: the record's own object
    /// (`parent` -1) or group `parent`'s, whose keys are in `scope`. `depth` counts the open
    /// objects and arrays as ``JSONReader`` does (1 for the record's own).
    private mutating func scanMembers(
        _ cursor: inout Cursor, scope: Int, of parent: Int, depth: Int,
        into slots: Slots, unknownNames: inout [String], program: Program,
        collectUnknownKeys: Bool
    ) -> Bool {
        let line = cursor.bytes
        let keys = expectedKeys.range(scope)
        let (keysStart, keysEnd) = (keys.lowerBound, keys.upperBound)
        // Duplicates are looked for among this object's unknown keys only; the list is back to the
        // enclosing object's when this one ends.
        let firstUnknown = unknownKeys.count
        defer { if unknownKeys.count > firstUnknown { unknownKeys.removeSubrange(firstUnknown...) } }
        cursor.skipWhitespace()
        if cursor.take(UInt8(ascii: "}")) { return true }
        // Records usually list the keys in spec order: try the one after the last found first.
        var guess = keysStart
        while true {
            // The key's bytes, for an unknown key only.
            var key = 0..<0
            // The key's index in `expectedKeys`.
            let entry: Int?
            if guess < keysEnd, let length = memberLength(of: guess, in: scope, at: cursor.position, in: line) {
                // The usual key: the next field's name, quoted, exactly, and its colon (a compact
                // record has no whitespace before it; the other branch skips any).
                entry = guess
                cursor.position &+= length
            } else {
                cursor.skipWhitespace()
                if guess < keysEnd, let length = memberLength(of: guess, in: scope, at: cursor.position, in: line) {
                    entry = guess
                    cursor.position &+= length
                } else {
                    guard let found = Self.otherKey(&cursor, in: scopes[scope]) else { return false }
                    key = found.key
                    entry = found.entry.map { keysStart &+ $0 }
                }
            }
            cursor.skipWhitespace()
            if let entry {
                let field = expectedKeys[flat: entry].field
                // A key given twice, or a field given both by its path and inside its group.
                guard slots.markSeen(field) else { return false }
                guess = entry &+ 1
                guard
                    scanValue(
                        &cursor, of: field, depth: depth, into: slots, unknownNames: &unknownNames, program: program,
                        collectUnknownKeys: collectUnknownKeys)
                else { return false }
            } else {
                guard
                    skipUnknownMember(
                        &cursor, key: key, firstUnknown: firstUnknown, of: parent, depth: depth,
                        unknownNames: &unknownNames, program: program, collectUnknownKeys: collectUnknownKeys)
                else { return false }
            }
            guard let more = cursor.separator(closing: UInt8(ascii: "}")) else { return false }
            if !more { return true }
        }
    }

    /// When `line` at `position` starts with key `index` of ``expectedKeys`` (of scope `scope`)
    /// as a JSON string right followed by a colon, the length of both; `nil` otherwise. The usual
    /// short name compared a word or two at a time, the others by ``FieldKeyTable``.
    @inline(__always)
    private func memberLength(
        of index: Int, in scope: Int, at position: Int, in line: UnsafeBufferPointer<UInt8>
    ) -> Int? {
        let key = expectedKeys[flat: index].words
        guard key.length > 0, line.count &- position >= max(key.length, 8) else {
            return scopes[scope].table.memberLength(
                of: index &- expectedKeys.range(scope).lowerBound, at: position, in: line)
        }
        return FieldKeyTable.memberLength(key, at: position, in: line)
    }

    /// A key that is not the expected next one, its colon taken: its bytes and the entry it names
    /// in `keys` (`nil` for an unknown key); `nil` when it is not a plain key followed by a colon.
    /// Apart from ``scanMembers(_:scope:of:depth:into:unknownNames:program:collectUnknownKeys:)``,
    /// like the next function, to keep the usual member's path small.
    @inline(never)
    private static func otherKey(_ cursor: inout Cursor, in keys: KeyScope) -> (key: Range<Int>, entry: Int?)? {
        guard let key = cursor.plainKey() else { return nil }
        let entry = keys.table.index(of: UnsafeBufferPointer(rebasing: cursor.bytes[key]))
        cursor.skipWhitespace()
        guard cursor.take(UInt8(ascii: ":")) else { return nil }
        return (key, entry)
    }

    /// Checks and skips the value of an unknown key (`key`, its colon taken) in an object whose
    /// unknown keys start at `firstUnknown` in ``unknownKeys``, and lists its name when
    /// `collectUnknownKeys` is set; `false` when the line must go to the reader.
    @inline(never)
    private mutating func skipUnknownMember(
        _ cursor: inout Cursor, key: Range<Int>, firstUnknown: Int, of parent: Int, depth: Int,
        unknownNames: inout [String], program: Program, collectUnknownKeys: Bool
    ) -> Bool {
        let line = cursor.bytes
        guard cursor.addsKey(key, to: &unknownKeys, after: firstUnknown) else { return false }
        guard cursor.skipValue(depth: depth, keys: &unknownKeys) else { return false }
        if collectUnknownKeys {
            let name = String(decoding: UnsafeBufferPointer(rebasing: line[key]), as: UTF8.self)
            unknownNames.append(parent < 0 ? name : program.fields[parent].name + "." + name)
        }
        return true
    }

    /// Reads field `field`'s value, inside an object or array `depth` deep: a group's object and a
    /// list's array are read into their members' and items' fields, like a parsed tree by
    /// ``Program/visitNested(_:assign:unknown:)``; any other value is read as the field's type.
    private mutating func scanValue(
        _ cursor: inout Cursor, of field: Int, depth: Int, into slots: Slots,
        unknownNames: inout [String], program: Program, collectUnknownKeys: Bool
    ) -> Bool {
        let line = cursor.bytes
        if let content = cursor.plainString() {
            let bytes = UnsafeBufferPointer(rebasing: line[content])
            let scan = fieldScans[field]
            // A field nothing else reads, whose text passes every rule (and is one of a choice's
            // options): decided here. The text must be what `read` makes of it: not empty, nothing
            // to trim.
            if decides, scan.inPlace == .text || scan.inPlace == .choice, let first = bytes.first,
                let last = bytes.last, !scan.trims || (Self.isPlainASCII(first) && Self.isPlainASCII(last)),
                scan.inPlace == .text || isOption(field, bytes), textPasses(scan, bytes)
            {
                slots.markDecided(field)
                return true
            }
            slots.values[field] = read(bytes, forField: field, program: program)
            return true
        }
        // An integer field's usual value: read straight into its slot, as the reader and
        // `FieldType.read` read it.
        let scan = fieldScans[field]
        if scan.type == .integer, let number = cursor.shortInteger() {
            if decides, scan.inPlace == .integer, number >= scan.low, number <= scan.high {
                slots.markDecided(field)
                return true
            }
            slots.values[field] = .value(.integer(number))
            return true
        }
        return scanOtherValue(
            &cursor, of: field, depth: depth, into: slots, unknownNames: &unknownNames, program: program,
            collectUnknownKeys: collectUnknownKeys)
    }

    /// ``scanValue(_:of:depth:into:unknownNames:program:collectUnknownKeys:)`` for a value that is
    /// not a plain string or an integer field's short integer: a group's object, a list's array,
    /// anything else. Apart, so that the usual values' calls are cheap (fewer registers to save).
    @inline(never)
    private mutating func scanOtherValue(
        _ cursor: inout Cursor, of field: Int, depth: Int, into slots: Slots,
        unknownNames: inout [String], program: Program, collectUnknownKeys: Bool
    ) -> Bool {
        let scope = memberScope[field]
        if scope >= 0, depth < JSONReader.maxDepth, cursor.take(UInt8(ascii: "{")) {
            // What a group reads from any object (`FieldType.read`): usually in its slot already,
            // from the line before.
            switch slots.values[field] {
            case .value(.boolean(true)): break
            default: slots.values[field] = .value(.boolean(true))
            }
            guard
                scanMembers(
                    &cursor, scope: scope, of: field, depth: depth &+ 1, into: slots, unknownNames: &unknownNames,
                    program: program, collectUnknownKeys: collectUnknownKeys)
            else { return false }
            if decides, fieldScans[field].inPlace == .group { slots.markDecided(field) }
            return true
        }
        if !itemFields.isEmpty(field), depth < JSONReader.maxDepth, cursor.take(UInt8(ascii: "[")) {
            guard
                let count = scanItems(
                    &cursor, of: field, depth: depth &+ 1, into: slots, unknownNames: &unknownNames, program: program,
                    collectUnknownKeys: collectUnknownKeys)
            else { return false }
            slots.values[field] = FieldType.listValue(count: count)
            let scan = fieldScans[field]
            if decides, scan.inPlace == .list, count > 0, Int64(count) >= scan.low,
                Int64(count) <= scan.high
            {
                slots.markDecided(field)
            }
            return true
        }
        guard let value = cursor.value(depth: depth) else { return false }
        slots.values[field] = program.read(value, forField: field)
        return true
    }

    /// Reads the items of list `list`'s array (its `[` taken) through its `]` into its item fields;
    /// items past them are validated and skipped. Returns how many items the array has.
    private mutating func scanItems(
        _ cursor: inout Cursor, of list: Int, depth: Int, into slots: Slots,
        unknownNames: inout [String], program: Program, collectUnknownKeys: Bool
    ) -> Int? {
        let items = itemFields.range(list)
        cursor.skipWhitespace()
        if cursor.take(UInt8(ascii: "]")) { return 0 }
        var count = 0
        while true {
            cursor.skipWhitespace()
            if count < items.count {
                let item = itemFields[flat: items.lowerBound &+ count]
                // Given by its path (`line_items.0`) too.
                guard slots.markSeen(item) else { return nil }
                // An item of a list of groups goes straight to the group's reading: `scanValue`'s
                // shortcuts (a plain string, an integer field's number) never decide a group, and
                // `scanOtherValue` reads whatever else the item is as `scanValue` would.
                let read =
                    memberScope[item] >= 0
                    ? scanOtherValue(
                        &cursor, of: item, depth: depth, into: slots, unknownNames: &unknownNames, program: program,
                        collectUnknownKeys: collectUnknownKeys)
                    : scanValue(
                        &cursor, of: item, depth: depth, into: slots, unknownNames: &unknownNames, program: program,
                        collectUnknownKeys: collectUnknownKeys)
                guard read else { return nil }
            } else {
                guard cursor.skipValue(depth: depth, keys: &unknownKeys) else { return nil }
            }
            count &+= 1
            guard let more = cursor.separator(closing: UInt8(ascii: "]")) else { return nil }
            if !more { return count }
        }
    }
}

/// The keys one object of a record may have: their bytes, and the field each names.
///
/// A class: the scanner takes one up per object it reads, and a struct of five arrays was five
/// retains and releases per line item.
private final class KeyScope: Sendable {
    let table: FieldKeyTable
    /// The field of each key, by its position in ``table``.
    let fields: [Int]

    init(_ entries: [(name: String, position: Int)]) {
        table = FieldKeyTable(entries.map(\.name))
        fields = entries.map(\.position)
    }
}

extension JSONRecordScanner {
    /// A plain string value (no escapes, well-formed UTF-8) read as field `field`'s type: what
    /// ``Program/read(_:forField:today:)`` gives for it, with a shortcut for the usual text value
    /// that needs no trimming (its first and last bytes are ASCII and not whitespace), which skips
    /// the Unicode whitespace lookups.
    func read(_ content: UnsafeBufferPointer<UInt8>, forField field: Int, program: Program) -> FieldValue {
        // Times and date-times are read from the bytes themselves: a date-time is longer than a
        // string stored inline, and the value keeps its spelling without the text. Plain ASCII
        // ends mean trimming would change nothing.
        let type = fieldScans[field].type
        if type == .time || type == .datetime, let first = content.first, let last = content.last,
            Self.isPlainASCII(first), Self.isPlainASCII(last)
        {
            let read: Scalar? =
                type == .time
                ? CivilTime(utf8: content).map { .time($0) } : OffsetDateTime(utf8: content).map { .datetime($0) }
            return read.map { .value($0) }
                ?? .invalid(rule: "type", input: .string(String(decoding: content, as: UTF8.self)))
        }
        // Up to 15 bytes of UTF-8 the string is stored inline: no allocation.
        let text = String(decoding: content, as: UTF8.self)
        if type.isTextual, let first = content.first, let last = content.last,
            !fieldScans[field].trims || (Self.isPlainASCII(first) && Self.isPlainASCII(last))
        {
            return .value(.text(text))
        }
        return program.read(.string(text), forField: field)
    }

    /// Whether `byte` is an ASCII character that is not Unicode whitespace.
    private static func isPlainASCII(_ byte: UInt8) -> Bool {
        byte < 0x80 && byte != 0x20 && !(0x09...0x0D).contains(byte)
    }
}

/// Field names encoded as UTF-8 key bytes, looked up by exact bytes.
struct FieldKeyTable {
    private let names: [[UInt8]]
    /// Field indexes by key length (lengths past the table share the last bucket).
    private let byLength: [[Int]]
    /// Each name as a JSON string without escapes and the member's colon (`"name":`), one after
    /// another, and where each starts (`quotedStart[f] ..< quotedStart[f + 1]`); an empty range
    /// for a name that needs an escape in JSON.
    private let quoted: [UInt8]
    private let quotedStart: [Int]
    /// Per name of at most 16 bytes quoted with its colon: its first eight bytes (zero past its end), the mask
    /// of those that are its own, and its last eight bytes when it is longer than eight; what a
    /// key is compared with in one or two word loads. A name needing an escape or longer has
    /// `length` 0 there.
    let words: [KeyWords]

    struct KeyWords {
        var head: UInt64 = 0
        var mask: UInt64 = 0
        var tail: UInt64 = 0
        var length = 0
    }

    init(_ fieldNames: [String]) {
        names = fieldNames.map { Array($0.utf8) }
        var buckets = Array(repeating: [Int](), count: 65)
        for (index, name) in names.enumerated() { buckets[min(name.count, 64)].append(index) }
        byLength = buckets
        var quoted: [UInt8] = []
        var quotedStart = [0]
        for name in fieldNames {
            var json: [UInt8] = []
            JSONWriter.appendString(name, to: &json)
            // Only quotes added: the name needs no escape, so a record spells it this way.
            if json.count == name.utf8.count + 2 {
                quoted.append(contentsOf: json)
                quoted.append(UInt8(ascii: ":"))
            }
            quotedStart.append(quoted.count)
        }
        self.quoted = quoted
        self.quotedStart = quotedStart
        words = fieldNames.indices.map { field in
            let name = quoted[quotedStart[field]..<quotedStart[field + 1]]
            guard !name.isEmpty, name.count <= 16 else { return KeyWords() }
            func word(_ bytes: ArraySlice<UInt8>) -> UInt64 {
                bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
            }
            let headCount = min(name.count, 8)
            return KeyWords(
                head: word(name.prefix(headCount)), mask: headCount == 8 ? ~0 : (1 << (8 * UInt64(headCount))) - 1,
                tail: name.count > 8 ? word(name.suffix(8)) : 0, length: name.count)
        }
    }

    /// When `bytes` at `position` start with field `field`'s name as a JSON string right followed
    /// by a colon (a compact record's member), the length of both; `nil` otherwise (or when there
    /// is no field `field`).
    @inline(__always)
    func memberLength(of field: Int, at position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard field < names.count else { return nil }
        // The usual case: a short name, and at least eight bytes left to load.
        let key = words[field]
        if key.length > 0, bytes.count &- position >= max(key.length, 8) {
            return Self.memberLength(key, at: position, in: bytes)
        }
        let start = quotedStart[field]
        let count = quotedStart[field + 1] - start
        guard count > 0, bytes.count - position >= count else { return nil }
        let equal = quoted.withUnsafeBufferPointer { quoted in
            Self.memoryEqual(quoted.baseAddress! + start, bytes.baseAddress! + position, count)
        }
        return equal ? count : nil
    }

    /// ``memberLength(of:at:in:)`` for a short name's words (`key.length` > 0) with at least
    /// `max(key.length, 8)` bytes left at `position`.
    @inline(__always)
    static func memberLength(_ key: KeyWords, at position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let start = UnsafeRawPointer(bytes.baseAddress! + position)
        guard UInt64(littleEndian: start.loadUnaligned(as: UInt64.self)) & key.mask == key.head else { return nil }
        if key.length > 8 {
            let last = UInt64(littleEndian: start.loadUnaligned(fromByteOffset: key.length - 8, as: UInt64.self))
            guard last == key.tail else { return nil }
        }
        return key.length
    }

    /// The field whose name is `key`.
    func index(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        for index in byLength[min(key.count, 64)] where names[index].count == key.count {
            let equal = names[index].withUnsafeBufferPointer { name in
                Self.memoryEqual(name.baseAddress, key.baseAddress, key.count)
            }
            if equal { return index }
        }
        return nil
    }

    /// Whether `count` bytes at `a` and `b` are equal: eight at a time, then one at a time.
    static func memoryEqual(_ a: UnsafePointer<UInt8>?, _ b: UnsafePointer<UInt8>?, _ count: Int) -> Bool {
        guard count > 0, let a, let b else { return true }
        var offset = 0
        while offset &+ 8 <= count {
            let wordA = UnsafeRawPointer(a + offset).loadUnaligned(as: UInt64.self)
            let wordB = UnsafeRawPointer(b + offset).loadUnaligned(as: UInt64.self)
            guard wordA == wordB else { return false }
            offset &+= 8
        }
        while offset < count {
            guard a[offset] == b[offset] else { return false }
            offset &+= 1
        }
        return true
    }
}

/// A position in one record's bytes, with the fast-path readers. Every reader returns `nil` or
/// `false` for anything it leaves to ``JSONReader``.
private struct Cursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    var atEnd: Bool { position == bytes.count }

    /// Moves past JSON whitespace but a `\n`, which ends a JSON Lines record (a line has none, so
    /// a scan of a line skips all its whitespace); one comparison when there is none (a compact
    /// record has none between its tokens).
    @inline(__always)
    mutating func skipWhitespace() {
        guard position < bytes.count, bytes[position] <= 0x20 else { return }
        skipSomeWhitespace()
    }

    private mutating func skipSomeWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0D, 0x09: position &+= 1
            default: return
            }
        }
    }

    /// Moves past the whitespace after an object's member or an array's item, and the comma or
    /// `close` that follows: `true` after a comma, `false` after `close`, `nil` for anything else.
    /// One comparison for the usual comma right after the value.
    @inline(__always)
    mutating func separator(closing close: UInt8) -> Bool? {
        guard position < bytes.count else { return nil }
        var byte = bytes[position]
        if byte <= 0x20 {
            skipSomeWhitespace()
            guard position < bytes.count else { return nil }
            byte = bytes[position]
        }
        if byte == UInt8(ascii: ",") {
            position &+= 1
            return true
        }
        guard byte == close else { return nil }
        position &+= 1
        return false
    }

    mutating func take(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position &+= 1
        return true
    }

    /// A key without escapes, as the range of its bytes between the quotes.
    mutating func plainKey() -> Range<Int>? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = position
        guard let end = stringEnd(allowEscapes: false) else { return nil }
        return start..<end
    }

    /// Moves past a string's closing quote (the opening one already taken) and returns where the
    /// string's bytes end; `nil` for a control character, invalid UTF-8, an unterminated string, or
    /// any escape when `allowEscapes` is off. Escapes are checked by ``JSONReader`` later.
    private mutating func stringEnd(allowEscapes: Bool) -> Int? {
        let start = position
        var ascii = true
        while position < bytes.count {
            // Eight bytes at a time: skip to the first that needs a look (most of a form's strings
            // have none but the closing quote).
            if position &+ 8 <= bytes.count {
                let word = UnsafeRawPointer(bytes.baseAddress! + position).loadUnaligned(as: UInt64.self)
                let plain = Self.plainPrefix(UInt64(littleEndian: word))
                position &+= plain
                if plain == 8 { continue }
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let end = position
                position &+= 1
                if !ascii, !Self.isValidUTF8(UnsafeBufferPointer(rebasing: bytes[start..<end])) { return nil }
                return end
            }
            if byte == UInt8(ascii: "\\") {
                guard allowEscapes, position &+ 1 < bytes.count else { return nil }
                position &+= 2
                continue
            }
            if byte < 0x20 { return nil }
            if byte >= 0x80 { ascii = false }
            position &+= 1
        }
        return nil
    }

    /// How many of the eight bytes of `word` (the first byte is the lowest) come
    /// before the first quote, backslash, control character or byte past ASCII; 8 when none is.
    ///
    /// The bit tricks of "Bit Twiddling Hacks" (a zero byte after XOR with the byte sought; a byte
    /// below 0x20), which flag a byte's high bit. Past the first flagged byte a borrow can flag
    /// others wrongly, but the lowest flag is exact: every byte below it is plain and borrows
    /// nothing.
    @inline(__always)
    static func plainPrefix(_ word: UInt64) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
        let flags =
            (word & highs) | ((word &- ones &* 0x20) & ~word & highs) | zeroBytes(word ^ (ones &* 0x22))
            | zeroBytes(word ^ (ones &* 0x5C))
        return flags.trailingZeroBitCount &>> 3
    }

    /// A string value without escapes, as the range of its bytes (well-formed UTF-8) between the
    /// quotes; `nil`, with the position unchanged, for anything else.
    @inline(__always)
    mutating func plainString() -> Range<Int>? {
        let start = position
        guard take(UInt8(ascii: "\"")) else { return nil }
        let contentStart = position
        guard let end = stringEnd(allowEscapes: false) else {
            position = start
            return nil
        }
        return contentStart..<end
    }

    /// An integral JSON number of at most 18 bytes (sign included), read as ``JSONReader`` reads
    /// it; `nil`, with the position unchanged, for anything else.
    @inline(__always)
    mutating func shortInteger() -> Int64? {
        // One pass: the digits are read as they are checked. JSON's integer grammar is
        // `-?(0|[1-9][0-9]*)`; anything after the digits but a fraction or an exponent ends the
        // number (the scanner then checks what follows, as after any value).
        let start = position
        var index = position
        let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
        if negative { index &+= 1 }
        let digitsStart = index
        var value: Int64 = 0
        // Up to seven digits with eight bytes to load: read at once (SWAR).
        if bytes.count &- index >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
            let digits = Self.leadingDigits(word)
            if digits < 8 {
                guard digits > 0, digits == 1 || bytes[index] != UInt8(ascii: "0") else { return nil }
                index &+= digits
                if index < bytes.count {
                    let next = bytes[index]
                    if next == UInt8(ascii: ".") || next | 0x20 == UInt8(ascii: "e") { return nil }
                }
                position = index
                let number = Int64(Self.decimalValue(word, digits: digits))
                return negative ? -number : number
            }
        }
        while index < bytes.count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            value = value &* 10 &+ Int64(digit)
            index &+= 1
        }
        let digits = index &- digitsStart
        guard digits > 0, digits == 1 || bytes[digitsStart] != UInt8(ascii: "0"), index &- start <= 18 else {
            return nil
        }
        if index < bytes.count {
            let next = bytes[index]
            // A fraction or an exponent: the reader's.
            if next == UInt8(ascii: ".") || next | 0x20 == UInt8(ascii: "e") { return nil }
        }
        position = index
        return negative ? -value : value
    }

    /// How many of the eight bytes of `word` (the first byte is the lowest) are ASCII digits
    /// before the first that is not; 8 when all are.
    @inline(__always)
    static func leadingDigits(_ word: UInt64) -> Int {
        // A byte is a digit when its high half is 3 and stays 3 after adding 6 (0x30...0x39). A
        // carry out of a byte past 0xF9 can only disturb the bytes after it, past the first flag.
        let high: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        let threes: UInt64 = 0x3030_3030_3030_3030
        let flags = ((word & high) ^ threes) | (((word &+ 0x0606_0606_0606_0606) & high) ^ threes)
        return flags.trailingZeroBitCount &>> 3
    }

    /// The number spelled by the first `digits` (1 through 7) bytes of `word`, all ASCII digits,
    /// the most significant first (Lemire's eight-digit parse, the digits moved to the top).
    @inline(__always)
    static func decimalValue(_ word: UInt64, digits: Int) -> UInt64 {
        // Borrows of the bytes past the digits go up, and are shifted out.
        var value = (word &- 0x3030_3030_3030_3030) &<< UInt64(8 &* (8 &- digits))
        value = value &* 10 &+ (value &>> 8)
        let mask: UInt64 = 0x0000_00FF_0000_00FF
        value = ((value & mask) &* 0x000F_4240_0000_0064 &+ ((value &>> 16) & mask) &* 0x0000_2710_0000_0001) &>> 32
        return value & 0xFFFF_FFFF
    }

    /// A field's value, decoded; `nil` when the line must go to ``JSONReader``. `depth` counts the
    /// objects and arrays around the value.
    mutating func value(depth: Int) -> Value? {
        guard position < bytes.count else { return nil }
        let start = position
        switch bytes[position] {
        case UInt8(ascii: "\""):
            position += 1
            let contentStart = position
            var escaped = false
            var ascii = true
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") { break }
                if byte == UInt8(ascii: "\\") {
                    escaped = true
                    position += 2
                    continue
                }
                if byte < 0x20 { return nil }
                if byte >= 0x80 { ascii = false }
                position += 1
            }
            guard position < bytes.count else { return nil }
            let content = UnsafeBufferPointer(rebasing: bytes[contentStart..<position])
            position += 1
            if escaped { return parsed(start..<position) }
            if !ascii, !Self.isValidUTF8(content) { return nil }
            return .string(String(decoding: content, as: UTF8.self))
        case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
        case UInt8(ascii: "n"): return literal("null") ? .null : nil
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            guard skipNumberToken() else { return nil }
            // The token follows JSON's number grammar (checked above): read it as the reader does,
            // without setting up a reader (which words the error of an exponent out of range).
            let token = UnsafeBufferPointer(rebasing: bytes[start..<position])
            let isIntegral = !token.contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }
            return JSONReader.number(token, isIntegral: isIntegral)
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            guard skipNested(depth: depth) else { return nil }
            return parsed(start..<position)
        default: return nil
        }
    }

    /// Validates and skips an unknown member's value (or a list item past the list's fields), with
    /// `depth` objects and arrays around it; `keys` holds the key ranges of the objects around it
    /// being read (as it was on return). Scalars allocate nothing, nor do arrays and objects of
    /// plain values once `keys` has grown to hold their keys.
    mutating func skipValue(depth: Int, keys: inout [Range<Int>]) -> Bool {
        guard position < bytes.count else { return false }
        let start = position
        switch bytes[position] {
        case UInt8(ascii: "\""):
            position += 1
            var escaped = false
            let contentStart = position
            guard let end = stringEnd(allowEscapes: true) else { return false }
            for byte in bytes[contentStart..<end] where byte == UInt8(ascii: "\\") {
                escaped = true
                break
            }
            // Escapes are rare in inputs; the reader checks them (\u pairs and all).
            return !escaped || parsed(start..<position) != nil
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let digitsStart = position
            guard skipNumberToken() else { return false }
            // Only a number with an exponent or very many digits can be out of `Double`'s range.
            let token = bytes[digitsStart..<position]
            if token.count > 300 || token.contains(UInt8(ascii: "e")) || token.contains(UInt8(ascii: "E")) {
                return parsed(start..<position) != nil
            }
            return true
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            if skipPlainContainer(depth: depth, keys: &keys) { return true }
            // Anything else is left to the reader: escapes, exponents, many keys, or an error.
            position = start
            guard skipNested(depth: depth) else { return false }
            return parsed(start..<position) != nil
        default: return false
        }
    }

    /// Skips the array or object at `position` when it is well-formed JSON that ``JSONReader``
    /// reads without a closer look: no escape, no number with an exponent or over 300 bytes, at
    /// most 32 keys an object and none twice (``addsKey(_:to:after:)``), at most ``JSONReader/maxDepth`` deep with the
    /// `depth` around it. `false` (its position anywhere inside) when it is not, malformed or
    /// only unusual.
    private mutating func skipPlainContainer(depth around: Int, keys: inout [Range<Int>]) -> Bool {
        let depth = around + 1
        guard depth <= JSONReader.maxDepth else { return false }
        let close = bytes[position] == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
        let firstKey = keys.count
        defer { if keys.count > firstKey { keys.removeSubrange(firstKey...) } }
        position += 1
        skipWhitespace()
        if take(close) { return true }
        while true {
            skipWhitespace()
            if close == UInt8(ascii: "}") {
                guard let key = plainKey(), addsKey(key, to: &keys, after: firstKey) else { return false }
                skipWhitespace()
                guard take(UInt8(ascii: ":")) else { return false }
                skipWhitespace()
            }
            guard position < bytes.count else { return false }
            switch bytes[position] {
            case UInt8(ascii: "\""):
                position += 1
                guard stringEnd(allowEscapes: false) != nil else { return false }
            case UInt8(ascii: "t"): guard literal("true") else { return false }
            case UInt8(ascii: "f"): guard literal("false") else { return false }
            case UInt8(ascii: "n"): guard literal("null") else { return false }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let start = position
                guard skipNumberToken(), position - start <= 300 else { return false }
                let token = bytes[start..<position]
                if token.contains(UInt8(ascii: "e")) || token.contains(UInt8(ascii: "E")) { return false }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                guard skipPlainContainer(depth: depth, keys: &keys) else { return false }
            default: return false
            }
            guard let more = separator(closing: close) else { return false }
            if !more { return true }
        }
    }

    /// Appends key `key` to one object's keys, `keys[first...]`, unless it is among them (byte for
    /// byte, as the reader compares keys: `ExactText`) or they are 32 already (a scan per key is
    /// quadratic: past a few the reader's set does it); whether it did.
    func addsKey(_ key: Range<Int>, to keys: inout [Range<Int>], after first: Int) -> Bool {
        guard keys.count - first < 32 else { return false }
        for earlier in keys[first...] where bytes[earlier].elementsEqual(bytes[key]) { return false }
        keys.append(key)
        return true
    }

    /// The value of `range` read by ``JSONReader`` (exact same semantics as the generic path).
    private func parsed(_ range: Range<Int>) -> Value? {
        try? JSONReader.parse(UnsafeBufferPointer(rebasing: bytes[range]))
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard count > 0, position + count <= bytes.count, let base = bytes.baseAddress else { return false }
        // In bounds, checked once above.
        let start = base + position
        for index in 0..<count where start[index] != word.utf8Start[index] { return false }
        position += count
        return true
    }

    /// Skips the bytes a number can be made of; the grammar is checked by ``JSONReader``'s parse
    /// of the token (for field values) or below (for skipped ones).
    private mutating func skipNumberToken() -> Bool {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        while position < bytes.count, Self.isDigit(bytes[position]) { position += 1 }
        let integerDigits = position - integerStart
        guard integerDigits > 0 else { return false }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") { return false }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            let fractionStart = position
            while position < bytes.count, Self.isDigit(bytes[position]) { position += 1 }
            guard position > fractionStart else { return false }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            let exponentStart = position
            while position < bytes.count, Self.isDigit(bytes[position]) { position += 1 }
            guard position > exponentStart else { return false }
        }
        return position > start
    }

    /// Moves past a nested array or object, with `depth` objects and arrays around it, by matching
    /// brackets outside strings (no recursion, so depth costs no stack); its contents are checked
    /// by the reader afterwards, its depth here (the reader of the value alone would not count the
    /// levels around it). `false` at a `\n`, which ends the record's line.
    private mutating func skipNested(depth around: Int) -> Bool {
        var depth = around
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                guard stringEnd(allowEscapes: true) != nil else { return false }
                continue
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                guard depth <= JSONReader.maxDepth else { return false }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == around {
                    position += 1
                    return true
                }
            case UInt8(ascii: "\n"): return false
            default: break
            }
            position += 1
        }
        return false
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// Whether `bytes` are well-formed UTF-8 (no overlong forms, surrogates or values past U+10FFFF).
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: return false
            }
            guard index + length <= count else { return false }
            let second = bytes[index + 1]
            guard second >= low, second <= high else { return false }
            for offset in 2..<max(2, length) where bytes[index + offset] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }
}
