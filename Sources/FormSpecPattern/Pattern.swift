/// A compiled ECMAScript `u`-mode pattern that answers "does the text contain a match" in time
/// linear in the text.
///
/// Compiling parses the source, lowers it to ``PatternIR`` and builds automata over UTF-8 bytes:
/// a Thompson NFA, an eager DFA where one fits (the fast path) and one automaton per lookaround
/// (its oracle). Matching never backtracks: the DFA reads each byte once; otherwise the PikeVM
/// reads each byte once per NFA state. A value is immutable and safe to share across threads.
///
/// Equality and hashing compare ``source`` and ``flags`` only: the automata are a function of them.
package struct Pattern: Sendable, Hashable {
    /// The pattern as written.
    package let source: String
    /// The flags it was compiled with (`u` is implied).
    package let flags: PatternFlags
    /// The automata.
    let program: PatternProgram
    /// The DFA tables in flat memory when every conjunct runs on a DFA alone (the usual form
    /// pattern): what ``matches(utf8:)`` runs, with no copy of the automata per call.
    let dfas: DFAMatcher?

    /// Compiles `source` with `flags`.
    /// - Throws: ``PatternSyntaxError`` when the pattern is invalid, refused (backreferences), or
    ///   too large once its repetitions are expanded.
    package init(_ source: String, flags: PatternFlags = []) throws(PatternSyntaxError) {
        try self.init(ir: PatternSyntax.lower(source, flags: flags), source: source, flags: flags)
    }

    /// Compiles an already lowered pattern; `source` and `flags` are kept for messages and equality.
    /// - Throws: ``PatternSyntaxError`` when the automata would be too large or too deep.
    package init(ir: PatternIR, source: String, flags: PatternFlags = []) throws(PatternSyntaxError) {
        self.init(
            source: source, flags: flags,
            program: try PatternCompiler.compile(ir, sourceLength: source.unicodeScalars.count))
    }

    init(source: String, flags: PatternFlags, program: PatternProgram) {
        self.source = source
        self.flags = flags
        self.program = program
        self.dfas = DFAMatcher(program)
    }

    /// Whether `text` contains a match (an unanchored search; write `^…$` to anchor).
    package func matches(_ text: String) -> Bool {
        if let dfas, let result = text.utf8.withContiguousStorageIfAvailable({ dfas.matches($0) }) { return result }
        var steps = 0
        return run(text, engine: .automatic, steps: &steps)
    }

    /// Whether the UTF-8 bytes contain a match. The bytes must be valid UTF-8 (as every Swift
    /// `String` is); on invalid input the answer is unspecified but the call is still safe.
    package func matches(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if let dfas { return dfas.matches(bytes) }
        var steps = 0
        return run(bytes, engine: .automatic, steps: &steps)
    }

    /// The DFA tables when every conjunct runs on a DFA alone: a handle a hot loop keeps per
    /// pattern and runs with no reference counting, valid while this pattern is alive.
    package var dfaTables: DFATables? { dfas?.tables }

    package static func == (lhs: Pattern, rhs: Pattern) -> Bool {
        lhs.source == rhs.source && lhs.flags == rhs.flags
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(source)
        hasher.combine(flags)
    }

    // MARK: Running

    /// Which engine runs an automaton that has a DFA.
    enum Engine {
        case automatic
        /// Always the PikeVM (tests compare the two engines).
        case pikeVM
    }

    func run(_ text: String, engine: Engine, steps: inout Int) -> Bool {
        if let result = text.utf8.withContiguousStorageIfAvailable({ run($0, engine: engine, steps: &steps) }) {
            return result
        }
        return Array(text.utf8).withUnsafeBufferPointer { run($0, engine: engine, steps: &steps) }
    }

    /// Runs every conjunct; `steps` counts the engines' unit of work (bytes read by a DFA, NFA
    /// states entered by a PikeVM).
    func run(_ bytes: UnsafeBufferPointer<UInt8>, engine: Engine, steps: inout Int) -> Bool {
        for conjunct in program.conjuncts where run(conjunct, bytes, engine: engine, steps: &steps) != conjunct.expected
        {
            return false
        }
        return true
    }

    private func run(
        _ conjunct: PatternProgram.Conjunct, _ bytes: UnsafeBufferPointer<UInt8>, engine: Engine, steps: inout Int
    ) -> Bool {
        if engine == .automatic, conjunct.lookarounds.isEmpty, let dfa = conjunct.main.dfa {
            return dfa.isMatch(bytes, forward: true, steps: &steps)
        }
        // The PikeVM costs a state visit per byte and state: first check for bytes every match contains.
        if !conjunct.required.isEmpty, !RequiredLiteral.occurs(conjunct.required, in: bytes) { return false }
        let rowLength = bytes.count + 1
        var scratchCount = PikeVM.scratchCount(for: conjunct.main.nfa)
        for lookaround in conjunct.lookarounds {
            scratchCount = max(scratchCount, PikeVM.scratchCount(for: lookaround.nfa))
        }
        // Stack memory for form-sized inputs; the standard library moves large requests to the heap.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: conjunct.lookarounds.count * rowLength) {
            oracles in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: max(1, scratchCount)) { scratch in
                oracles.initialize(repeating: 0)
                scratch.initialize(repeating: 0)
                for (index, lookaround) in conjunct.lookarounds.enumerated() {
                    let row = UnsafeMutableBufferPointer(rebasing: oracles[index * rowLength..<(index + 1) * rowLength])
                    if engine == .automatic, let dfa = lookaround.dfa {
                        dfa.markMatches(bytes, forward: lookaround.forward, into: row, steps: &steps)
                    } else {
                        _ = PikeVM.run(
                            lookaround.nfa, bytes, forward: lookaround.forward,
                            oracles: UnsafeBufferPointer(oracles), row: row, scratch: scratch, steps: &steps)
                    }
                }
                return PikeVM.run(
                    conjunct.main.nfa, bytes, forward: true, oracles: UnsafeBufferPointer(oracles), row: nil,
                    scratch: scratch, steps: &steps)
            }
        }
    }
}

/// Every conjunct's DFA of one pattern, copied once into flat memory: the match loop of a pattern
/// whose conjuncts all run on a DFA without lookarounds.
///
/// A class, not a struct of arrays: running a pattern then retains one reference instead of
/// copying a ``PatternProgram/Conjunct`` (and retaining each of its arrays) per conjunct per call,
/// and the inner loop indexes raw buffers with no bounds or uniqueness checks. It owns the memory
/// ``DFATables`` points into; immutable after `init`, hence `@unchecked Sendable`.
final class DFAMatcher: @unchecked Sendable {
    let tables: DFATables

    /// The matcher for `program`, or `nil` when some conjunct has lookarounds or no DFA.
    init?(_ program: PatternProgram) {
        var dfas: [(Bool, DFA)] = []
        for conjunct in program.conjuncts {
            guard conjunct.lookarounds.isEmpty, let dfa = conjunct.main.dfa else { return nil }
            dfas.append((conjunct.expected, dfa))
        }
        // Each row gets one more entry, the state's end-of-input verdict, and every next state is
        // stored premultiplied by the row length: the inner loop then adds instead of multiplying.
        let total = dfas.reduce(0) { $0 + $1.1.eofMatch.count * ($1.1.classCount + 1) }
        guard total <= Int(Int32.max >> 1) else { return nil }
        let headers = UnsafeMutableBufferPointer<DFATables.Header>.allocate(capacity: dfas.count)
        let classes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 256 * dfas.count)
        let matchingBytes = UnsafeMutableBufferPointer<Bool>.allocate(capacity: 256 * dfas.count)
        matchingBytes.initialize(repeating: false)
        let shapes = dfas.map { Self.fixedShape($0.1) }
        let positionSets = UnsafeMutableBufferPointer<Bool>.allocate(
            capacity: max(1, shapes.reduce(0) { $0 + ($1?.count ?? 0) }))
        positionSets.initialize(repeating: false)
        var positionOffset = 0
        let table = UnsafeMutableBufferPointer<Int32>.allocate(capacity: max(1, total))
        var tableOffset = 0
        var accelerators: [DFATables.Accelerator] = []
        for (index, (expected, dfa)) in dfas.enumerated() {
            let width = dfa.classCount
            let stride = width + 1
            // The dead state keeps row 0; the states a word test can skip through come next (a
            // state's row offset then says whether it is one), in the DFA's order, then the rest.
            let stateAccelerators = (0..<dfa.stateCount).map { $0 == 0 ? nil : Self.accelerator(dfa, state: $0) }
            let order =
                [0] + (1..<dfa.stateCount).filter { stateAccelerators[$0] != nil }
                + (1..<dfa.stateCount).filter { stateAccelerators[$0] == nil }
            var row = [Int](repeating: 0, count: dfa.stateCount)
            for (position, state) in order.enumerated() { row[state] = position * stride }
            let accelerated = stateAccelerators.reduce(0) { $0 + ($1 == nil ? 0 : 1) }
            headers[index] = DFATables.Header(
                expected: expected, start: row[Int(dfa.start)], width: width, classes: 256 * index,
                table: tableOffset, searchesOneByte: false, fixedLength: -1, positions: 0)
            headers[index].lastAccelerated = accelerated * stride
            _ = UnsafeMutableBufferPointer(rebasing: classes[256 * index..<256 * (index + 1)]).initialize(
                from: dfa.classes)
            if let searched = Self.searchedBytes(dfa) {
                headers[index].searchesOneByte = true
                _ = UnsafeMutableBufferPointer(rebasing: matchingBytes[256 * index..<256 * (index + 1)]).update(
                    from: searched)
            }
            if let shape = shapes[index] {
                headers[index].fixedLength = shape.count / 256
                headers[index].positions = positionOffset
                if let ranges = Self.ranges(shape) {
                    headers[index].ranges.length = headers[index].fixedLength
                    (headers[index].ranges.headLow, headers[index].ranges.headHigh) = ranges.head
                    (headers[index].ranges.tailLow, headers[index].ranges.tailHigh) = ranges.tail
                }
                _ = UnsafeMutableBufferPointer(rebasing: positionSets[positionOffset..<positionOffset + shape.count])
                    .update(from: shape)
                positionOffset += shape.count
            }
            for state in 0..<dfa.eofMatch.count {
                let offset = tableOffset + row[state]
                for byteClass in 0..<width {
                    let entry = dfa.table[state * width + byteClass]
                    table[offset + byteClass] = Int32(row[Int(entry >> 1)] << 1) | (entry & 1)
                }
                // The end-of-input verdict, and an accelerated state's accelerator.
                var last: Int32 = dfa.eofMatch[state] ? 1 : 0
                if let accelerator = stateAccelerators[state] {
                    last |= Int32(accelerators.count) << 1
                    accelerators.append(accelerator)
                }
                table[offset + width] = last
            }
            tableOffset += dfa.eofMatch.count * stride
        }
        let acceleratorBuffer = UnsafeMutableBufferPointer<DFATables.Accelerator>.allocate(
            capacity: max(1, accelerators.count))
        _ = acceleratorBuffer.initialize(from: accelerators)
        tables = DFATables(
            headers: UnsafeBufferPointer(headers), classes: UnsafeBufferPointer(classes),
            table: UnsafeBufferPointer(table), matchingBytes: UnsafeBufferPointer(matchingBytes),
            positionSets: UnsafeBufferPointer(positionSets), accelerators: UnsafeBufferPointer(acceleratorBuffer))
    }

    /// How state `state` of `dfa` (not the dead one) may be skipped through a word at a time: the
    /// bytes that leave it (or enter a match) are all flagged by one of ``DFATables/Accelerator``'s
    /// word tests, and enough bytes stay for the test to pay (as in `[^@\s]+` or `[a-z]+`);
    /// `nil` otherwise. The test may flag bytes that stay too: those take a table step.
    static func accelerator(_ dfa: DFA, state: Int) -> DFATables.Accelerator? {
        let stay = Int32(state << 1)
        let stays = (0..<256).map { dfa.table[state * dfa.classCount + Int(dfa.classes[$0])] == stay }
        // A state few bytes keep is left at once: nothing to skip.
        guard stays.filter({ $0 }).count >= 8 else { return nil }
        let leaving = (0..<0x80).filter { !stays[$0] }
        let flagsHigh = stays[0x80...].contains(false)
        // Leaving bytes below `!` (controls, space) and up to three others, each flagged.
        let others = leaving.filter { $0 > 0x20 }
        if others.count <= 3 {
            var stops = others.map(UInt8.init)
            // Padding repeats a stop (or NUL, flagged anyway or harmlessly).
            while stops.count < 3 { stops.append(stops.first ?? 0) }
            return DFATables.Accelerator(
                kind: .stops, flagsHigh: flagsHigh, belowSpace: leaving.contains { $0 <= 0x20 },
                stops: (stops[0], stops[1], stops[2]), low: 0, high: 0)
        }
        // Or every ASCII byte that stays in one range (bytes past ASCII always flagged).
        guard let low = (0..<0x80).first(where: { stays[$0] }), let high = (0..<0x80).last(where: { stays[$0] }),
            (low...high).allSatisfy({ stays[$0] })
        else { return nil }
        return DFATables.Accelerator(
            kind: .range, flagsHigh: true, belowSpace: false, stops: (0, 0, 0), low: UInt8(low), high: UInt8(high))
    }

    /// For a fixed shape (`fixedShape`) of 8 through 16 positions whose every set is one range of
    /// ASCII bytes: the ranges' low and high ends of the first and of the last eight positions, a
    /// byte each, the first position lowest; `nil` otherwise.
    static func ranges(_ shape: [Bool]) -> (head: (UInt64, UInt64), tail: (UInt64, UInt64))? {
        let length = shape.count / 256
        guard (8...16).contains(length) else { return nil }
        var ends: [(low: UInt8, high: UInt8)] = []
        for position in 0..<length {
            let set = shape[position * 256..<(position + 1) * 256]
            guard let low = set.firstIndex(of: true).map({ $0 - position * 256 }),
                let high = set.lastIndex(of: true).map({ $0 - position * 256 }), high < 0x80,
                set[(position * 256 + low)...(position * 256 + high)].allSatisfy({ $0 })
            else { return nil }
            ends.append((UInt8(low), UInt8(high)))
        }
        func words(_ positions: ArraySlice<(low: UInt8, high: UInt8)>) -> (UInt64, UInt64) {
            positions.enumerated().reduce((UInt64(0), UInt64(0))) { words, entry in
                let shift = UInt64(8 * entry.offset)
                return (words.0 | UInt64(entry.element.low) << shift, words.1 | UInt64(entry.element.high) << shift)
            }
        }
        return (words(ends.prefix(8)), words(ends.suffix(8)))
    }

    /// When `dfa` matches exactly the inputs of one length whose byte at each position is in a
    /// set of its own (as `^[A-Z]{3}-[0-9]{4}$` does): the sets, 256 flags per position one after
    /// another; `nil` otherwise (or past 64 positions).
    ///
    /// Read off the DFA itself: from the start state every byte leads to one same next state or
    /// to the dead one, no transition enters a match early, and the only state that matches at
    /// the end of the input is the last of the chain, which leads nowhere. The table loop then
    /// gives `true` exactly for an input of the chain's length whose every byte is in its
    /// position's set, which is what ``DFATables`` checks instead, byte by byte without a state
    /// to carry.
    static func fixedShape(_ dfa: DFA) -> [Bool]? {
        var sets: [Bool] = []
        var state = Int(dfa.start)
        while sets.count <= 64 * 256 {
            var next = 0
            var set = [Bool](repeating: false, count: 256)
            for byte in 0..<256 {
                let entry = dfa.table[state * dfa.classCount + Int(dfa.classes[byte])]
                guard entry & 1 == 0 else { return nil }
                let target = Int(entry >> 1)
                guard target != 0 else { continue }
                guard next == 0 || next == target else { return nil }
                next = target
                set[byte] = true
            }
            if dfa.eofMatch[state] { return next == 0 ? sets : nil }
            // A state that leads nowhere and does not match: the pattern never matches.
            guard next != 0 else { return nil }
            sets.append(contentsOf: set)
            state = next
        }
        return nil
    }

    /// The bytes the DFA searches for, when it is a search for one byte of a set (as `[a-z]` or
    /// `[^A-Za-z0-9]` unanchored are): on valid UTF-8 it matches exactly when one of them occurs.
    /// `nil` otherwise.
    ///
    /// The candidate set is read off the start state (the ASCII bytes after which the DFA can end
    /// in a match, plus either every byte past ASCII or none), then proved: every state the DFA
    /// reaches on valid UTF-8, paired with whether a candidate byte was seen, must agree with the
    /// byte search at every step and at the end. A DFA that fails the proof keeps its table loop.
    static func searchedBytes(_ dfa: DFA) -> [Bool]? {
        // A search for one byte has a handful of states (its UTF-8 decoding included); the proof
        // costs up to 2 × 4 × 256 steps per state and sequence, so larger DFAs are not tried.
        guard dfa.stateCount <= 32 else { return nil }
        let start = Int(dfa.start)
        func entry(_ state: Int, _ byte: Int) -> Int32 {
            dfa.table[state * dfa.classCount + Int(dfa.classes[byte])]
        }
        var ascii = [Bool](repeating: false, count: 256)
        for byte in 0..<0x80 {
            let next = entry(start, byte)
            ascii[byte] = next & 1 == 0 && next >> 1 != 0 && dfa.eofMatch[Int(next >> 1)]
        }
        for nonASCII in [false, true] {
            var candidate = ascii
            for byte in 0x80..<0x100 { candidate[byte] = nonASCII }
            if agreesWithSearch(dfa, for: candidate) { return candidate }
        }
        return nil
    }

    /// Whether `dfa` gives on every valid UTF-8 input what "does a byte of `bytes` occur" gives.
    private static func agreesWithSearch(_ dfa: DFA, for bytes: [Bool]) -> Bool {
        // Valid UTF-8 as the compiler builds it: nine byte-range sequences whose first ranges do
        // not overlap, so a lead byte picks its sequence.
        let sequences = UTF8Sequences.sequences(0...0x10FFFF)
        var sequenceOfLead = [Int?](repeating: nil, count: 256)
        for (index, sequence) in sequences.enumerated() {
            for byte in sequence[0] { sequenceOfLead[Int(byte)] = index }
        }
        // Past its lead byte, a character's rest often matches another sequence's rest (`[80-BF]`
        // twice): the first sequence with the same rest stands for both, so the walk visits each
        // DFA state once per distinct rest.
        let sameRest = sequences.indices.map { index in
            (0..<sequences[index].count).map { due in
                sequences.firstIndex { $0.count == sequences[index].count && $0[due...] == sequences[index][due...] }!
            }
        }
        // A product state: the DFA's state, where the input is in a character's encoding (its
        // sequence, and the byte due next; 0 at a character boundary), and whether a searched byte
        // was seen.
        struct Position: Hashable {
            var state: Int
            var sequence: Int
            var due: Int
            var seen: Bool
        }
        let startPosition = Position(state: Int(dfa.start), sequence: 0, due: 0, seen: false)
        var visited: Set<Position> = [startPosition]
        var pending = [startPosition]
        while let position = pending.popLast() {
            // The input may end only at a character boundary.
            if position.due == 0, dfa.eofMatch[position.state] != position.seen { return false }
            for byte in 0..<256 {
                var next = position
                if position.due == 0 {
                    guard let sequence = sequenceOfLead[byte] else { continue }  // never starts a character
                    next.sequence = sequence
                } else {
                    guard sequences[position.sequence][position.due].contains(UInt8(byte)) else { continue }
                }
                next.due = next.due + 1 == sequences[next.sequence].count ? 0 : next.due + 1
                if next.due > 0 { next.sequence = sameRest[next.sequence][next.due] } else { next.sequence = 0 }
                let entry = dfa.table[position.state * dfa.classCount + Int(dfa.classes[byte])]
                // A match found before this byte: the search must have seen one already.
                if entry & 1 != 0 {
                    guard position.seen else { return false }
                    continue
                }
                // A dead end gives "no match" whatever follows; the search could still find one.
                guard entry >> 1 != 0 else { return false }
                next.state = Int(entry >> 1)
                next.seen = position.seen || bytes[byte]
                if visited.insert(next).inserted { pending.append(next) }
            }
        }
        return true
    }

    deinit {
        tables.accelerators.deallocate()
        tables.headers.deallocate()
        tables.classes.deallocate()
        tables.table.deallocate()
        tables.matchingBytes.deallocate()
        tables.positionSets.deallocate()
    }

    /// Whether `bytes` satisfy every conjunct.
    func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { tables.matches(bytes) }
}

/// A ``DFAMatcher``'s tables: plain pointers, so a copy retains nothing. Valid only while the
/// matcher (its ``Pattern``) is alive.
package struct DFATables: @unchecked Sendable {
    /// One conjunct: where its tables start and what it must give.
    ///
    /// The match loop is inlinable (the evaluator runs it per text rule, a call and a copy of
    /// the tables costing as much as a short value's bytes): hence `@usableFromInline`.
    @usableFromInline struct Header {
        @usableFromInline var expected: Bool
        /// The start state's row (a state is the offset of its row in the conjunct's table).
        @usableFromInline var start: Int
        /// The number of byte classes; a row has one more entry, the end-of-input verdict.
        @usableFromInline var width: Int
        /// Offsets into `classes` (a multiple of 256) and `table`.
        @usableFromInline var classes: Int
        @usableFromInline var table: Int
        /// Whether the conjunct is a search for one byte of a set (`[a-z]`): its bytes are
        /// `matchingBytes[classes ..< classes + 256]`.
        @usableFromInline var searchesOneByte: Bool
        /// When the conjunct matches exactly the inputs of this length whose byte at each
        /// position is in that position's set: the length, and where the sets start in
        /// `positionSets` (256 flags per position); -1 otherwise.
        @usableFromInline var fixedLength: Int
        @usableFromInline var positions: Int
        /// When the fixed length is 8 through 16 and every position's set is one range of ASCII
        /// bytes: those ranges, checked a word at a time (``FixedRanges``); `length` -1 otherwise.
        @usableFromInline var ranges = FixedRanges()
        @usableFromInline var hasRanges: Bool { ranges.length >= 0 }
        /// The row offset of the last state with an ``Accelerator`` (they come first, after the
        /// dead state); 0 when none has one.
        @usableFromInline var lastAccelerated = 0
    }

    /// How a DFA state that most bytes keep (`[^@\s]+`, `[a-z]+`) is skipped through eight bytes
    /// at a time: a word test flags every byte that may leave the state, and the bytes before the
    /// first flagged one are skipped without a table step (each would lead back to the state).
    @usableFromInline struct Accelerator {
        @usableFromInline enum Kind: UInt8 {
            /// Flags bytes past ASCII (`flagsHigh`), below `!` (`belowSpace`) and the `stops`.
            case stops
            /// Flags every byte outside `low ... high` (an ASCII range).
            case range
        }

        @usableFromInline var kind: Kind
        @usableFromInline var flagsHigh: Bool
        @usableFromInline var belowSpace: Bool
        @usableFromInline var stops: (UInt8, UInt8, UInt8)
        @usableFromInline var low: UInt8
        @usableFromInline var high: UInt8

        /// How many of the eight bytes of `word` (the first byte lowest) come before the first
        /// flagged one; 8 when none is. As ``inRanges(_:_:_:)`` and the JSON scanner's string test:
        /// past the first flagged byte a borrow may flag others wrongly, but the lowest flag is
        /// exact.
        @inlinable @inline(__always)
        func plainPrefix(_ word: UInt64) -> Int {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            var flags: UInt64
            switch kind {
            case .stops:
                @inline(__always) func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
                flags =
                    zeroBytes(word ^ (ones &* UInt64(stops.0))) | zeroBytes(word ^ (ones &* UInt64(stops.1)))
                    | zeroBytes(word ^ (ones &* UInt64(stops.2)))
                if flagsHigh { flags |= word & highs }
                // A byte below 0x21 (with no high bit) borrows from 0x21.
                if belowSpace { flags |= (word &- ones &* 0x21) & ~word & highs }
            case .range:
                // With the high bit set, a byte minus `low` keeps it when the byte is at least
                // `low`; `high` with the high bit set minus a byte keeps it when the byte is at
                // most `high`. A byte past ASCII is flagged by its own high bit.
                let atLeast = (word | highs) &- ones &* UInt64(low)
                let atMost = (ones &* UInt64(high) | highs) &- word
                flags = ~(atLeast & atMost) & highs | word & highs
            }
            return flags.trailingZeroBitCount &>> 3
        }
    }

    @usableFromInline let headers: UnsafeBufferPointer<Header>
    @usableFromInline let classes: UnsafeBufferPointer<UInt8>
    /// Rows of `width` transitions, `next << 1 | entersMatch` with `next` a row offset (0 is the
    /// dead state), then the row's end-of-input verdict (1 when the state matches at the end).
    @usableFromInline let table: UnsafeBufferPointer<Int32>
    /// Per conjunct that searches for one byte of a set, 256 flags: whether the byte is one.
    @usableFromInline let matchingBytes: UnsafeBufferPointer<Bool>
    /// Per conjunct of a fixed length, 256 flags per position: whether the byte may be there.
    @usableFromInline let positionSets: UnsafeBufferPointer<Bool>
    /// The accelerated states' ``Accelerator``s: state row `r`'s is the one numbered
    /// `table[r + width] >> 1` (that entry's low bit is the state's end-of-input verdict).
    @usableFromInline let accelerators: UnsafeBufferPointer<Accelerator>

    /// A pattern of one conjunct that matches exactly the inputs of one length, 8 through 16
    /// bytes, whose byte at each position is in that position's ASCII range (an SKU, an order
    /// id): what ``isMatch(_:_:)`` checks for it, for a caller to check without a call.
    package struct FixedRanges: Sendable {
        /// The length; -1 for none.
        package var length = -1
        /// The ranges' low and high ends of the first eight positions and of the last eight, a
        /// byte a position (the first position lowest).
        @usableFromInline var headLow: UInt64 = 0
        @usableFromInline var headHigh: UInt64 = 0
        @usableFromInline var tailLow: UInt64 = 0
        @usableFromInline var tailHigh: UInt64 = 0

        package init() {}

        /// Whether `bytes` match (``DFATables/matches(_:)``'s answer).
        @inlinable @inline(__always)
        package func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard bytes.count == length, let base = bytes.baseAddress else { return false }
            let raw = UnsafeRawPointer(base)
            let head = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            let tail = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self))
            return DFATables.inRanges(head, headLow, headHigh) && DFATables.inRanges(tail, tailLow, tailHigh)
        }
    }

    /// The pattern's ``FixedRanges``, when it is such a pattern.
    package var fixedRanges: FixedRanges? {
        guard headers.count == 1, let header = headers.first, header.expected, header.hasRanges else { return nil }
        return header.ranges
    }

    /// Whether `bytes` satisfy every conjunct.
    @inlinable
    package func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for header in headers where isMatch(header, bytes) != header.expected { return false }
        return true
    }

    /// Whether every byte of `word` is ASCII and within its range: `low` and `high` hold each
    /// byte's range ends (ASCII too). With the high bit set, a byte minus its low end borrows
    /// nothing and keeps the high bit when it is at least the low end; the high end with the high
    /// bit set minus an ASCII byte keeps it when the byte is at most the high end.
    @inlinable @inline(__always)
    static func inRanges(_ word: UInt64, _ low: UInt64, _ high: UInt64) -> Bool {
        let highBits: UInt64 = 0x8080_8080_8080_8080
        guard word & highBits == 0 else { return false }
        return ((word | highBits) &- low) & ((high | highBits) &- word) & highBits == highBits
    }

    /// ``DFA/isMatch(_:forward:steps:)`` over the flat tables: stops at the first match and, for
    /// an anchored pattern, at the first byte that leaves it (the dead state).
    @inlinable @inline(__always)
    func isMatch(_ header: Header, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if header.fixedLength >= 0 {
            // Independent table reads, no state carried from byte to byte.
            // Two word loads (overlapping below 16 bytes), each byte tested against its range.
            if header.hasRanges { return header.ranges.matches(bytes) }
            guard bytes.count == header.fixedLength else { return false }
            guard let base = bytes.baseAddress else { return true }
            let sets = positionSets.baseAddress! + header.positions
            for offset in 0..<bytes.count where !sets[offset &* 256 &+ Int(base[offset])] { return false }
            return true
        }
        if header.searchesOneByte {
            // No state to carry from byte to byte: one table read each.
            let matching = matchingBytes.baseAddress! + header.classes
            for byte in bytes where matching[Int(byte)] { return true }
            return false
        }
        let rows = table.baseAddress! + header.table
        var state = header.start
        if let base = bytes.baseAddress, let classes = classes.baseAddress {
            let byteClass = classes + header.classes
            let count = bytes.count
            var offset = 0
            while offset < count {
                // A state most bytes keep: skip those a word at a time (the dead state has row 0).
                if state <= header.lastAccelerated, state != 0, offset &+ 8 <= count {
                    let accelerator = accelerators[Int(rows[state &+ header.width] &>> 1)]
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
                    let plain = accelerator.plainPrefix(word)
                    offset &+= plain
                    if plain == 8 { continue }
                }
                let entry = rows[state &+ Int(byteClass[Int(base[offset])])]
                if entry & 1 != 0 { return true }
                state = Int(entry &>> 1)
                if state == 0 { return false }
                offset &+= 1
            }
        }
        return rows[state &+ header.width] & 1 != 0
    }
}
