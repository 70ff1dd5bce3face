/// A deterministic automaton built eagerly from an ``NFA`` by the subset construction.
///
/// Eager rather than lazy: the tables are built once when the spec compiles, are immutable (so a
/// `Pattern` is a plain `Sendable` value shared by every thread without locks), encode as flat
/// integer arrays in the lowered program, and could drive a validator written in another language.
/// The price is a cap: a pattern whose DFA would exceed ``stateCap`` states keeps only its NFA and
/// runs on the PikeVM, which is slower by a constant factor but still linear.
///
/// Assertions are resolved one byte late, as in Rust's `regex-automata`: a DFA state keeps the
/// NFA's assertion states it has reached, plus whether it is at the start and whether the previous
/// byte was a word byte; the transition on byte `b` first resolves them knowing whether `b` is a
/// word byte, notes whether the match state was reached *before* `b` (the low bit of a table
/// entry), then steps over `b`. At the end of the input ``eofMatch`` resolves them with `$` true.
/// Lookaround oracles are not representable; an NFA that reads them gets no DFA.
struct DFA: Sendable, Hashable {
    /// The most DFA states built before giving up on a DFA for this NFA. 1,000 states over a few
    /// dozen byte classes is at most a few hundred kilobytes of table; form patterns need tens.
    static let stateCap = 1_000

    /// Bounds the construction work (NFA states visited over all closures, plus set sizes hashed),
    /// so compiling a pattern whose DFA would be too large gives up within milliseconds.
    static let workCap = 500_000

    /// The byte class of each byte value (256 entries): bytes no transition or word test tells
    /// apart share a class, so a table row has `classCount` entries instead of 256.
    var classes: [UInt8]
    var classCount: Int
    /// `state * classCount + class` -> `next << 1 | matchedBefore`. State 0 is dead.
    var table: [Int32]
    /// Whether the input may end in each state with a match.
    var eofMatch: [Bool]
    var start: Int32

    var stateCount: Int { eofMatch.count }

    /// Builds the DFA for `nfa`, or returns `nil` when it has oracle assertions, whole-scalar or
    /// counter states, or needs more than `stateCap` states.
    init?(_ nfa: NFA, stateCap: Int) {
        if nfa.hasOracleAssertions || nfa.hasScalarSets || nfa.hasCounters { return nil }
        let words = nfa.hasWordAssertions
        // Byte classes: a new class starts wherever some range starts or ends.
        var boundary = [Bool](repeating: false, count: 257)
        for transition in nfa.transitions {
            boundary[Int(transition.low)] = true
            boundary[Int(transition.high) + 1] = true
        }
        if words {
            for byte in 0..<256 where byte > 0 && isWordByte(UInt8(byte)) != isWordByte(UInt8(byte - 1)) {
                boundary[byte] = true
            }
        }
        var classes = [UInt8](repeating: 0, count: 256)
        var representatives: [UInt8] = [0]
        for byte in 1..<256 {
            if boundary[byte] { representatives.append(UInt8(byte)) }
            classes[byte] = UInt8(representatives.count - 1)
        }
        let classCount = representatives.count

        var builder = SubsetBuilder(nfa: nfa)
        var keys: [Key: Int32] = [:]
        var sets: [(set: [Int32], context: Context)] = [([], Context(atStart: false, previousWord: false))]
        keys[Key(set: [], context: sets[0].context)] = 0
        var table: [Int32] = []
        var eofMatch: [Bool] = []

        func state(_ set: [Int32], _ context: Context) -> Int32? {
            if set.isEmpty { return 0 }
            builder.work += set.count
            let key = Key(set: set, context: context)
            if let index = keys[key] { return index }
            guard sets.count < stateCap else { return nil }
            sets.append((set, context))
            keys[key] = Int32(sets.count - 1)
            return Int32(sets.count - 1)
        }

        let initial = builder.closure([nfa.start], assertions: { _ in nil })
        guard let start = state(initial, Context(atStart: true, previousWord: false)) else { return nil }
        var next = 0
        while next < sets.count {
            let (set, context) = sets[next]
            next += 1
            // Assertions resolve the same way for every byte of the same word-ness: at most two
            // resolved closures per state. Then each class's successors come from the transitions
            // covering it, and classes with the same successors share one closure.
            var seeds = [[Int32]](repeating: [], count: classCount)
            var matchedBefore = [Bool](repeating: false, count: classCount)
            for word in words ? [false, true] : [false] {
                let resolved = builder.closure(set) { context.holds($0, nextWord: word, atEnd: false) }
                let matched = resolved.contains { nfa.states[Int($0)].kind == .match }
                for index in resolved where nfa.states[Int(index)].kind == .bytes {
                    let state = nfa.states[Int(index)]
                    for transition in nfa.transitions[Int(state.argument)..<Int(state.argument + state.count)] {
                        for byteClass in Int(classes[Int(transition.low)])...Int(classes[Int(transition.high)])
                        where !words || isWordByte(representatives[byteClass]) == word {
                            seeds[byteClass].append(transition.next)
                        }
                    }
                }
                for byteClass in 0..<classCount where !words || isWordByte(representatives[byteClass]) == word {
                    matchedBefore[byteClass] = matched
                }
            }
            var targets: [SeedKey: Int32] = [:]
            for byteClass in 0..<classCount {
                let word = words && isWordByte(representatives[byteClass])
                seeds[byteClass].sort()
                seeds[byteClass].removeAdjacentDuplicates()
                let key = SeedKey(seeds: seeds[byteClass], word: word)
                let target: Int32
                if key.seeds.isEmpty {
                    target = 0
                } else if let known = targets[key] {
                    target = known
                } else {
                    let stepped = builder.closure(key.seeds, assertions: { _ in nil })
                    guard let made = state(stepped, Context(atStart: false, previousWord: word)),
                        builder.work <= Self.workCap
                    else { return nil }
                    targets[key] = made
                    target = made
                }
                table.append(target << 1 | (matchedBefore[byteClass] ? 1 : 0))
            }
            let final = builder.closure(set) { context.holds($0, nextWord: false, atEnd: true) }
            eofMatch.append(final.contains { nfa.states[Int($0)].kind == .match })
        }
        self.classes = classes
        self.classCount = classCount
        self.table = table
        self.eofMatch = eofMatch
        self.start = start
    }

    /// Creates a DFA from decoded tables, which the caller has validated.
    init(classes: [UInt8], classCount: Int, table: [Int32], eofMatch: [Bool], start: Int32) {
        self.classes = classes
        self.classCount = classCount
        self.table = table
        self.eofMatch = eofMatch
        self.start = start
    }

    /// What a DFA state knows about its position besides the NFA states.
    struct Context: Hashable {
        var atStart: Bool
        var previousWord: Bool

        func holds(_ assertion: Assertion, nextWord: Bool, atEnd: Bool) -> Bool? {
            switch assertion {
            case .start: return atStart
            case .end: return atEnd
            case .wordBoundary: return previousWord != nextWord
            case .notWordBoundary: return previousWord == nextWord
            default: return nil
            }
        }
    }

    // The construction hashes thousands of state sets; hashing their bytes in one call is several
    // times cheaper than the element-by-element hash an array gets by default.

    private struct SeedKey: Hashable {
        var seeds: [Int32]
        var word: Bool

        func hash(into hasher: inout Hasher) {
            seeds.withUnsafeBytes { hasher.combine(bytes: $0) }
            hasher.combine(word)
        }
    }

    private struct Key: Hashable {
        var set: [Int32]
        var context: Context

        func hash(into hasher: inout Hasher) {
            set.withUnsafeBytes { hasher.combine(bytes: $0) }
            hasher.combine(context)
        }
    }

    // MARK: Running

    /// Whether the automaton matches anywhere in `bytes` read in the given direction; `steps` counts bytes read.
    @inline(__always)
    func isMatch(_ bytes: UnsafeBufferPointer<UInt8>, forward: Bool, steps: inout Int) -> Bool {
        table.withUnsafeBufferPointer { table in
            classes.withUnsafeBufferPointer { classes in
                let width = classCount
                var state = Int(start)
                var read = 0
                defer { steps &+= read }
                for offset in 0..<bytes.count {
                    let byte = bytes[forward ? offset : bytes.count - 1 - offset]
                    let entry = table[state &* width &+ Int(classes[Int(byte)])]
                    read &+= 1
                    if entry & 1 != 0 { return true }
                    state = Int(entry >> 1)
                    if state == 0 { return false }
                }
                return eofMatch[state]
            }
        }
    }

    /// Sets `row[p] = 1` for every text position `p` where a match ends (reading backwards: starts).
    /// `row` has `bytes.count + 1` entries, zeroed by the caller.
    func markMatches(
        _ bytes: UnsafeBufferPointer<UInt8>, forward: Bool, into row: UnsafeMutableBufferPointer<UInt8>,
        steps: inout Int
    ) {
        let count = bytes.count
        var state = Int(start)
        for offset in 0..<count {
            let entry = table[state &* classCount &+ Int(classes[Int(bytes[forward ? offset : count - 1 - offset])])]
            steps &+= 1
            if entry & 1 != 0 { row[forward ? offset : count - offset] = 1 }
            state = Int(entry >> 1)
            if state == 0 { return }
        }
        if eofMatch[state] { row[forward ? count : 0] = 1 }
    }
}

/// Epsilon closures over an NFA for the subset construction.
private struct SubsetBuilder {
    let nfa: NFA
    private var mark: [UInt32]
    private var generation: UInt32 = 0
    private var stack: [Int32] = []
    /// NFA states visited so far, to bound the construction.
    var work = 0

    init(nfa: NFA) {
        self.nfa = nfa
        mark = [UInt32](repeating: 0, count: nfa.states.count)
    }

    /// The states reachable from `seeds` without reading a byte, keeping only byte, match and
    /// unresolved assertion states (the ones that tell DFA states apart), sorted.
    /// `assertions` says whether an assertion holds, or `nil` when that is not known yet.
    mutating func closure(_ seeds: [Int32], assertions: (Assertion) -> Bool?) -> [Int32] {
        generation &+= 1
        var result: [Int32] = []
        stack.removeAll(keepingCapacity: true)
        for seed in seeds.reversed() { stack.append(seed) }
        while let index = stack.popLast() {
            guard mark[Int(index)] != generation else { continue }
            mark[Int(index)] = generation
            work += 1
            let state = nfa.states[Int(index)]
            switch state.kind {
            case .bytes, .match, .scalarSet, .counterEntry, .counter:
                result.append(index)
            case .union:
                for target in nfa.targets[Int(state.argument)..<Int(state.argument + state.count)].reversed() {
                    stack.append(target)
                }
            case .assertion:
                switch assertions(Assertion(code: state.argument)) {
                case true?: stack.append(state.count)
                case false?: break
                case nil: result.append(index)
                }
            }
        }
        result.sort()
        return result
    }
}

extension Array where Element: Equatable {
    /// Removes each element equal to the one before it (all duplicates, when sorted).
    fileprivate mutating func removeAdjacentDuplicates() {
        guard count > 1 else { return }
        var kept = 1
        for index in 1..<count where self[index] != self[kept - 1] {
            self[kept] = self[index]
            kept += 1
        }
        removeLast(count - kept)
    }
}
