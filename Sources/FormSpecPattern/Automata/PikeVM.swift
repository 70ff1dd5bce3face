/// Simulates an ``NFA`` on all its states at once (Thompson's construction run as a PikeVM, minus
/// captures): one pass over the input, each NFA state entered at most once per position, so the
/// time is O(bytes × states) whatever the pattern — no backtracking.
///
/// It is the general engine: it runs automata that read lookaround oracles, count (counter
/// states keep a counting set each, O(1) amortised per byte) or whose DFA would exceed the state
/// cap. All memory is the caller's scratch (see ``scratchCount(for:)``), except the counting sets,
/// which a run with counter states allocates as it needs them.
enum PikeVM {
    /// The `Int32` scratch one run needs for `nfa`: two sparse sets and a closure stack.
    static func scratchCount(for nfa: NFA) -> Int { 5 * nfa.states.count }

    /// Runs `nfa` over `bytes` in the given direction.
    ///
    /// - Parameters:
    ///   - oracles: the lookaround rows computed so far, `bytes.count + 1` entries each (1: holds).
    ///   - row: when given, every text position where a match ends (reading backwards: starts) is
    ///     set to 1 and the whole input is read; otherwise the run stops at the first match.
    ///   - scratch: at least ``scratchCount(for:)`` entries.
    ///   - steps: incremented once per NFA state entered (the unit of work, for linear-time tests).
    /// - Returns: whether a match was found.
    static func run(
        _ nfa: NFA, _ bytes: UnsafeBufferPointer<UInt8>, forward: Bool, oracles: UnsafeBufferPointer<UInt8>,
        row: UnsafeMutableBufferPointer<UInt8>?, scratch: UnsafeMutableBufferPointer<Int32>, steps: inout Int
    ) -> Bool {
        nfa.states.withUnsafeBufferPointer { states in
            nfa.transitions.withUnsafeBufferPointer { transitions in
                nfa.targets.withUnsafeBufferPointer { targets in
                    var machine = Machine(
                        states: states, transitions: transitions, targets: targets, sets: nfa.sets,
                        counters: nfa.counters, bytes: bytes, forward: forward, oracles: oracles, scratch: scratch)
                    defer { steps &+= machine.steps }
                    return machine.run(start: nfa.start, row: row)
                }
            }
        }
    }

    private struct Machine {
        let states: UnsafeBufferPointer<NFA.State>
        let transitions: UnsafeBufferPointer<NFA.Transition>
        let targets: UnsafeBufferPointer<Int32>
        let sets: [ScalarSet]
        let counters: [NFA.Counter]
        /// The counting set of each counter state during this run.
        var counts: [CountingSet]
        let bytes: UnsafeBufferPointer<UInt8>
        let forward: Bool
        let oracles: UnsafeBufferPointer<UInt8>
        let count: Int
        /// Sparse sets (Briggs–Torczon): `dense[0..<size]` lists members, `sparse[s]` is where `s`
        /// sits in `dense`; membership needs no clearing between positions.
        let first: SparseSet
        let second: SparseSet
        let stack: UnsafeMutablePointer<Int32>
        var steps = 0

        init(
            states: UnsafeBufferPointer<NFA.State>, transitions: UnsafeBufferPointer<NFA.Transition>,
            targets: UnsafeBufferPointer<Int32>, sets: [ScalarSet], counters: [NFA.Counter],
            bytes: UnsafeBufferPointer<UInt8>, forward: Bool, oracles: UnsafeBufferPointer<UInt8>,
            scratch: UnsafeMutableBufferPointer<Int32>
        ) {
            self.states = states
            self.transitions = transitions
            self.targets = targets
            self.sets = sets
            self.counters = counters
            // A run increments a count at most once per byte, so no two live counts of a bounded
            // counter are `width` apart or more.
            counts = counters.map { CountingSet(width: $0.max.map { Swift.min($0, bytes.count) + 1 } ?? 0) }
            self.bytes = bytes
            self.forward = forward
            self.oracles = oracles
            self.count = bytes.count
            let size = states.count
            let base = scratch.baseAddress!
            first = SparseSet(dense: base, sparse: base + size)
            second = SparseSet(dense: base + 2 * size, sparse: base + 3 * size)
            stack = base + 4 * size
        }

        /// The byte read at step `offset` (0-based in reading order).
        @inline(__always)
        func byte(_ offset: Int) -> UInt8 { bytes[forward ? offset : count - 1 - offset] }

        /// The scalar whose UTF-8 encoding is read from step `offset` on (reading backwards: the
        /// one ending there) and its length in bytes, or `nil` for malformed or truncated input.
        func scalar(at offset: Int) -> (value: UInt32, length: Int)? {
            // Reading backwards, step over the continuation bytes to the lead byte first.
            var length = 1
            var lead = byte(offset)
            if !forward {
                while lead & 0xC0 == 0x80 {
                    guard length < 4, offset + length < count else { return nil }
                    lead = byte(offset + length)
                    length += 1
                }
            }
            let expected: Int
            var value: UInt32
            switch lead {
            case 0x00...0x7F: return (UInt32(lead), 1)
            case 0xC2...0xDF: (expected, value) = (2, UInt32(lead & 0x1F))
            case 0xE0...0xEF: (expected, value) = (3, UInt32(lead & 0x0F))
            case 0xF0...0xF4: (expected, value) = (4, UInt32(lead & 0x07))
            default: return nil
            }
            if forward {
                guard offset + expected <= count else { return nil }
            } else {
                guard length == expected else { return nil }
            }
            // Continuation bytes in text order: forwards they follow the lead, backwards they precede it.
            for index in 1..<expected {
                let continuation = forward ? byte(offset + index) : byte(offset + expected - 1 - index)
                guard continuation & 0xC0 == 0x80 else { return nil }
                value = value << 6 | UInt32(continuation & 0x3F)
            }
            let shortest: UInt32 = expected == 2 ? 0x80 : expected == 3 ? 0x800 : 0x10000
            guard value >= shortest, value <= 0x10FFFF else { return nil }
            return (value, expected)
        }

        /// Whether `assertion` holds before reading step `offset`.
        func holds(_ code: Int32, at offset: Int) -> Bool {
            switch code {
            case Assertion.start.code: return offset == 0
            case Assertion.end.code: return offset == count
            case Assertion.wordBoundary.code, Assertion.notWordBoundary.code:
                let before = offset > 0 && isWordByte(byte(offset - 1))
                let after = offset < count && isWordByte(byte(offset))
                return (before != after) == (code == Assertion.wordBoundary.code)
            default:
                guard let (index, negated) = Assertion(code: code).oracle else { return false }
                let position = forward ? offset : count - offset
                let slot = index * (count + 1) + position
                guard slot < oracles.count else { return false }
                return (oracles[slot] != 0) != negated
            }
        }

        /// Adds `state` and everything reachable from it without reading a byte to `set`;
        /// returns whether the match state was reached.
        mutating func addClosure(_ set: inout SparseSet, _ state: Int32, at offset: Int) -> Bool {
            // States join the set when pushed, so the stack never holds more than the NFA's states.
            guard !set.contains(state) else { return false }
            set.insert(state)
            stack[0] = state
            var depth = 1
            var matched = false
            while depth > 0 {
                depth -= 1
                let entry = states[Int(stack[depth])]
                steps &+= 1
                switch entry.kind {
                case .bytes, .scalarSet: break
                case .match: matched = true
                case .counterEntry:
                    // At most once per position (the sparse set), so the count 0 is added once.
                    counts[Int(entry.argument)].add()
                    if !set.contains(entry.count) {
                        set.insert(entry.count)
                        stack[depth] = entry.count
                        depth += 1
                    }
                case .counter:
                    // The count 0 of an entry reached later at this position only matters when
                    // `min` is 0, and then any count already lets the state exit.
                    if counts[Int(entry.argument)].reaches(counters[Int(entry.argument)].min),
                        !set.contains(entry.count)
                    {
                        set.insert(entry.count)
                        stack[depth] = entry.count
                        depth += 1
                    }
                case .union:
                    var target = Int(entry.argument + entry.count) - 1
                    while target >= Int(entry.argument) {
                        let next = targets[target]
                        if !set.contains(next) {
                            set.insert(next)
                            stack[depth] = next
                            depth += 1
                        }
                        target -= 1
                    }
                case .assertion:
                    if holds(entry.argument, at: offset), !set.contains(entry.count) {
                        set.insert(entry.count)
                        stack[depth] = entry.count
                        depth += 1
                    }
                }
            }
            return matched
        }

        mutating func run(start: Int32, row: UnsafeMutableBufferPointer<UInt8>?) -> Bool {
            var current = first
            var next = second
            var found = false
            let counting = !counters.isEmpty
            var matched = addClosure(&current, start, at: 0)
            var offset = 0
            while true {
                if matched {
                    found = true
                    guard let row else { return true }
                    row[forward ? offset : count - offset] = 1
                }
                if offset == count || current.size == 0 { return found }
                let byte = self.byte(offset)
                next.clear()
                matched = false
                // Counting sets step before any closure below adds a count 0 to them (which must
                // not be incremented by the scalar read here).
                if counting { stepCounters(current, at: offset) }
                for member in 0..<current.size {
                    let state = current.dense[member]
                    let entry = states[Int(state)]
                    switch entry.kind {
                    case .bytes:
                        for index in Int(entry.argument)..<Int(entry.argument + entry.count) {
                            let transition = transitions[index]
                            if transition.low <= byte, byte <= transition.high {
                                if addClosure(&next, transition.next, at: offset + 1) { matched = true }
                            }
                        }
                    case .scalarSet:
                        guard let (value, length) = scalar(at: offset), sets[Int(entry.argument)].contains(value)
                        else { continue }
                        // The rest of the scalar's bytes go through the skip chain before this state.
                        let target = length == 1 ? entry.count : state - 5 + Int32(length)
                        if addClosure(&next, target, at: offset + 1) { matched = true }
                    case .counter:
                        let length = counts[Int(entry.argument)].advance
                        guard length > 0 else { continue }
                        // Back to this state, through the skip chain for a multi-byte scalar.
                        let target = length == 1 ? state : state - 5 + Int32(length)
                        if addClosure(&next, target, at: offset + 1) { matched = true }
                    case .union, .assertion, .match, .counterEntry:
                        continue
                    }
                }
                swap(&current, &next)
                offset += 1
            }
        }

        /// Reads the scalar at `offset` for every counter state in `set`: a scalar in its set
        /// increments the counts (the state is then re-entered once the scalar is read), any other
        /// empties them.
        mutating func stepCounters(_ set: SparseSet, at offset: Int) {
            for member in 0..<set.size {
                let entry = states[Int(set.dense[member])]
                guard entry.kind == .counter else { continue }
                steps &+= 1
                let counter = counters[Int(entry.argument)]
                if let (value, length) = scalar(at: offset), sets[Int(counter.set)].contains(value) {
                    counts[Int(entry.argument)].increment(max: counter.max, length: length)
                } else {
                    counts[Int(entry.argument)].clear()
                }
            }
        }
    }

    /// The counting set of one counter state: the counts with which the repetition has reached
    /// the current position. Every count increments together, so they are kept as the *stamps*
    /// `ticks − count` of when each started; the oldest stamp is the largest count.
    ///
    /// Bounded counters keep their live stamps as bits in a ring of `width` bits (a count above
    /// `max` is dropped, so live stamps span at most `max + 1` values, and at most the input's
    /// length + 1): memory is at most one bit per input byte and `max`, whichever is smaller,
    /// allocated on first use. Unbounded counters keep only the oldest stamp, the one that
    /// decides whether the state may exit. Each operation is O(1) amortised: a bit is set once
    /// per add and cleared once, and the scans between live stamps move forwards only.
    struct CountingSet {
        /// Increments so far (each read of a scalar in the set).
        private var ticks = 0
        /// The oldest and newest live stamps; meaningless when `empty`.
        private var oldest = 0
        private var newest = 0
        private(set) var empty = true
        /// The length of the scalar the last step read, when it incremented the counts; 0 when
        /// the step emptied the set.
        private(set) var advance = 0
        private let width: Int
        private var bits: [UInt64] = []

        /// `width`: the ring's size in bits, 0 for an unbounded counter.
        init(width: Int) { self.width = width }

        /// Adds the count 0 (a new start at the current position).
        mutating func add() {
            if empty {
                (oldest, newest, empty) = (ticks, ticks, false)
                if width > 0 { set(ticks) }
            } else if width > 0, newest != ticks {
                newest = ticks
                set(ticks)
            }
        }

        /// Whether some count is at least `min`.
        func reaches(_ min: Int) -> Bool { !empty && ticks - oldest >= min }

        /// Increments every count, dropping those above `max`.
        mutating func increment(max: Int?, length: Int) {
            guard !empty else {
                advance = 0
                return
            }
            ticks += 1
            if let max {
                while !empty, ticks - oldest > max {
                    unset(oldest)
                    if oldest == newest {
                        empty = true
                    } else {
                        oldest = nextStamp(after: oldest)
                    }
                }
            }
            advance = empty ? 0 : length
        }

        /// Drops every count.
        mutating func clear() {
            advance = 0
            guard !empty else { return }
            empty = true
            guard width > 0 else { return }
            var stamp = oldest
            while true {
                unset(stamp)
                if stamp == newest { return }
                stamp = nextStamp(after: stamp)
            }
        }

        private mutating func set(_ stamp: Int) {
            if bits.isEmpty { bits = [UInt64](repeating: 0, count: (width + 63) / 64) }
            let slot = stamp % width
            bits[slot >> 6] |= 1 << UInt64(slot & 63)
        }

        private mutating func unset(_ stamp: Int) {
            let slot = stamp % width
            bits[slot >> 6] &= ~(1 << UInt64(slot & 63))
        }

        /// The first live stamp after `stamp`; there is one (`newest` at the latest).
        private func nextStamp(after stamp: Int) -> Int {
            var next = stamp + 1
            while next < newest {
                let slot = next % width
                let word = bits[slot >> 6] >> UInt64(slot & 63)
                // Bits past `width` in the last word are never set.
                if word != 0 { return Swift.min(next + word.trailingZeroBitCount, newest) }
                next += Swift.min(64 - (slot & 63), width - slot)
            }
            return newest
        }
    }

    /// A set of state numbers below a fixed bound, cleared in O(1).
    private struct SparseSet {
        let dense: UnsafeMutablePointer<Int32>
        let sparse: UnsafeMutablePointer<Int32>
        var size = 0

        init(dense: UnsafeMutablePointer<Int32>, sparse: UnsafeMutablePointer<Int32>) {
            self.dense = dense
            self.sparse = sparse
        }

        @inline(__always)
        func contains(_ value: Int32) -> Bool {
            let slot = Int(sparse[Int(value)])
            // Stale entries from earlier positions are rejected by the `dense` check.
            return slot >= 0 && slot < size && dense[slot] == value
        }

        @inline(__always)
        mutating func insert(_ value: Int32) {
            dense[size] = value
            sparse[Int(value)] = Int32(size)
            size += 1
        }

        mutating func clear() { size = 0 }
    }
}
