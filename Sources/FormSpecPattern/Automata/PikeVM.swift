/// Simulates an ``NFA`` on all its states at once (Thompson's construction run as a PikeVM, minus
/// captures): one pass over the input, each NFA state entered at most once per position, so the
/// time is O(bytes × states) whatever the pattern — no backtracking.
///
/// It is the general engine: it runs automata that read lookaround oracles and those whose DFA
/// would exceed the state cap. All memory is the caller's scratch (see ``scratchCount(for:)``).
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
                        states: states, transitions: transitions, targets: targets, sets: nfa.sets, bytes: bytes,
                        forward: forward, oracles: oracles, scratch: scratch)
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
            targets: UnsafeBufferPointer<Int32>, sets: [ScalarSet], bytes: UnsafeBufferPointer<UInt8>, forward: Bool,
            oracles: UnsafeBufferPointer<UInt8>, scratch: UnsafeMutableBufferPointer<Int32>
        ) {
            self.states = states
            self.transitions = transitions
            self.targets = targets
            self.sets = sets
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
        func addClosure(_ set: inout SparseSet, _ state: Int32, at offset: Int, steps: inout Int) -> Bool {
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
            var matched = addClosure(&current, start, at: 0, steps: &steps)
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
                for member in 0..<current.size {
                    let state = current.dense[member]
                    let entry = states[Int(state)]
                    if entry.kind == .scalarSet {
                        guard let (value, length) = scalar(at: offset), sets[Int(entry.argument)].contains(value)
                        else { continue }
                        // The rest of the scalar's bytes go through the skip chain before this state.
                        let target = length == 1 ? entry.count : state - 5 + Int32(length)
                        if addClosure(&next, target, at: offset + 1, steps: &steps) { matched = true }
                        continue
                    }
                    guard entry.kind == .bytes else { continue }
                    for index in Int(entry.argument)..<Int(entry.argument + entry.count) {
                        let transition = transitions[index]
                        if transition.low <= byte, byte <= transition.high {
                            if addClosure(&next, transition.next, at: offset + 1, steps: &steps) { matched = true }
                        }
                    }
                }
                swap(&current, &next)
                offset += 1
            }
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
