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
                        states: states, transitions: transitions, targets: targets, bytes: bytes, forward: forward,
                        oracles: oracles, scratch: scratch)
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
            targets: UnsafeBufferPointer<Int32>, bytes: UnsafeBufferPointer<UInt8>, forward: Bool,
            oracles: UnsafeBufferPointer<UInt8>, scratch: UnsafeMutableBufferPointer<Int32>
        ) {
            self.states = states
            self.transitions = transitions
            self.targets = targets
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
                case .bytes: break
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
                    let entry = states[Int(current.dense[member])]
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
