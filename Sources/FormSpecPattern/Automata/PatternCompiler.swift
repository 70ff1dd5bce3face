/// Compiles a pattern's IR to automata: the main automaton, one automaton per lookaround (an
/// oracle, innermost first) and, where the subset construction stays under its cap, a DFA each.
enum PatternCompiler {
    /// The most NFA states one pattern may compile to, lookarounds included (a counter state is
    /// charged ``counterEstimate``). Counted repetition of anything but a single scalar set copies
    /// its operand, so `(?:ab){1000}{1000}` would need millions and is refused before anything is
    /// built. A large class inside a repetition compiles to a whole-scalar state (4 states a
    /// copy), so `\p{L}{1,1000}` needs about 5,000. The limit bounds an automaton's memory to
    /// about ten megabytes and the PikeVM to 250,000 state visits per byte at the very worst (it
    /// stays linear in the input).
    static let stateLimit = 250_000

    /// A repetition of one scalar set with more copies than this (its `max`, or `min` when
    /// unbounded) compiles to a counter state instead of copies, so `a{1000000}` costs what
    /// `a{1001}` does. Up to it, copies keep the automaton small enough for a DFA (the fast path).
    static let countingThreshold = 1_000

    /// What a counter state is charged against ``stateLimit``: more than its five states, because
    /// at match time its counting set may hold up to one bit per input scalar. 250,000 / 32 bounds
    /// a pattern to about 7,800 counters, so a run's counting memory to about a kilobyte per
    /// input byte at the very worst. A pattern too large with ``countingThreshold`` is tried
    /// once more counting every single-scalar repetition longer than this charge.
    static let counterEstimate = 32

    /// In an automaton too large for a DFA anyway, a repeated class whose byte automaton has more
    /// states than this compiles to a whole-scalar state instead (4 states with its skip chain),
    /// so it never costs more than the byte automaton it replaces.
    static let scalarSetThreshold = 4

    /// The deepest IR nesting accepted; every later pass recurses over the IR.
    static let depthLimit = 500

    /// Compiles `ir`. `sourceLength` (in scalars) is where a size error points.
    /// `countingThreshold` is ``countingThreshold`` but for tests, which lower it to compare
    /// counter states with the reference on short subjects.
    static func compile(_ ir: PatternIR, sourceLength: Int, countingThreshold: Int = countingThreshold)
        throws(PatternSyntaxError) -> PatternProgram
    {
        let whole = max(1, sourceLength)
        guard depth(of: ir) <= depthLimit else {
            throw PatternSyntaxError(
                message: "pattern nests too deeply (more than \(depthLimit) levels)", offset: 0, length: whole)
        }
        // Normalising may nest a little deeper; every later pass recurses, so keep the depth bound.
        var normalisation = PatternNormalisation(peelingAbove: min(countingThreshold, 16))
        let normalised = normalisation.normalise(ir)
        let ir = depth(of: normalised) <= depthLimit ? normalised : ir
        // Class sizes do not depend on the threshold: measured once, for every estimate and for
        // the compilers (each class's byte automaton is built to measure it).
        var classSizes: [ScalarSet: Int] = [:]
        var threshold = countingThreshold
        var states = automatonEstimate(ir, countingThreshold: threshold, &classSizes).states
        if states > stateLimit, counterEstimate < threshold {
            threshold = counterEstimate
            states = automatonEstimate(ir, countingThreshold: threshold, &classSizes).states
        }
        guard states <= stateLimit else {
            // Said in the pattern's terms: a long pattern without repetitions is large in itself.
            guard Self.hasRepetition(ir) else {
                throw PatternSyntaxError(
                    message: "pattern is too large (more than \(stateLimit) automaton states)", offset: 0,
                    length: whole, note: "to compare with a long fixed text, use equals or one_of")
            }
            throw PatternSyntaxError(
                message: "pattern is too large after expanding repetitions (more than \(stateLimit) automaton states)",
                offset: 0, length: whole,
                note:
                    "only a repetition of a single character or class is counted; others are copied, so use smaller counts there; to bound a length, add a max_length rule"
            )
        }
        var conjuncts: [PatternProgram.Conjunct] = []
        for (part, expected) in splitLeadingLookaheads(ir) {
            var compiler = ConjunctCompiler(countingThreshold: threshold, classSizes: classSizes)
            let main = try compiler.automaton(part, forward: true)
            // Only the PikeVM is slow enough for a prefilter to pay; a DFA reads a byte in a nanosecond.
            let pikeVM = main.dfa == nil || !compiler.lookarounds.isEmpty
            conjuncts.append(
                .init(
                    expected: expected, lookarounds: compiler.lookarounds, main: main,
                    required: pikeVM ? RequiredLiteral.of(part) : []))
        }
        return PatternProgram(conjuncts: conjuncts)
    }

    /// `^(?=A)(?!B)R` holds iff `^A` finds a match, `^B` does not and `^R` does: at position 0 a
    /// lookahead is just an anchored search. Splitting the common password shape this way turns
    /// lookaheads (PikeVM with oracles) into plain automata that get a DFA.
    static func splitLeadingLookaheads(_ ir: PatternIR) -> [(PatternIR, Bool)] {
        guard case .concatenation(let parts) = ir, parts.first == .assertion(.start) else { return [(ir, true)] }
        var result: [(PatternIR, Bool)] = []
        var index = 1
        while index < parts.count, case .lookaround(let body, let kind) = parts[index], kind.ahead {
            result.append((.concatenation([.assertion(.start), body]), !kind.negated))
            index += 1
        }
        result.append((.concatenation([.assertion(.start)] + parts[index...]), true))
        return result
    }

    /// Whether the IR repeats anything, without recursion.
    static func hasRepetition(_ ir: PatternIR) -> Bool {
        var stack = [ir]
        while let node = stack.popLast() {
            switch node {
            case .empty, .scalars, .assertion: break
            case .repetition: return true
            case .concatenation(let parts), .alternation(let parts): stack += parts
            case .lookaround(let body, _): stack.append(body)
            }
        }
        return false
    }

    /// The IR's nesting depth, without recursion (the IR may be arbitrarily deep).
    static func depth(of ir: PatternIR) -> Int {
        var deepest = 0
        var stack: [(PatternIR, Int)] = [(ir, 1)]
        while let (node, level) = stack.popLast() {
            deepest = max(deepest, level)
            if level > depthLimit { return level }
            switch node {
            case .empty, .scalars, .assertion: break
            case .concatenation(let parts), .alternation(let parts):
                for part in parts { stack.append((part, level + 1)) }
            case .repetition(let body, _, _), .lookaround(let body, _):
                stack.append((body, level + 1))
            }
        }
        return deepest
    }

    /// An upper bound on the NFA states `ir` compiles to, capped at `stateLimit + 1`. Each
    /// lookaround counts its own automaton (and the loop that restarts it at every position).
    static func estimate(_ ir: PatternIR, countingThreshold: Int = countingThreshold) -> Int {
        var classSizes: [ScalarSet: Int] = [:]
        return automatonEstimate(ir, countingThreshold: countingThreshold, &classSizes).states
    }

    /// Whether `body{low,high}` compiles to a counter state: a single scalar set repeated more
    /// than `threshold` times.
    static func counts(_ body: PatternIR, low: Int, high: Int?, threshold: Int) -> Bool {
        guard case .scalars = body else { return false }
        return (high ?? low) > threshold
    }

    /// The states of `set`'s byte automaton (shared suffixes and all), or `stateLimit + 1`.
    static func classSize(_ set: ScalarSet) -> Int {
        var builder = NFABuilder(forward: true)
        return (try? builder.scalars(set, next: 0)).map { _ in builder.nfa.states.count } ?? stateLimit + 1
    }

    /// An automaton's estimated size and whether it uses whole-scalar states: only when plain
    /// byte classes would make it too large for a DFA anyway (long repetitions of large classes),
    /// so every pattern that had a DFA keeps it.
    static func automatonEstimate(_ ir: PatternIR, countingThreshold: Int, _ classSizes: inout [ScalarSet: Int]) -> (
        states: Int, scalarStates: Bool
    ) {
        let both = estimate(ir, repeated: false, countingThreshold, &classSizes)
        return both.plain <= 4 * DFA.stateCap ? (both.plain, false) : (both.scalar, true)
    }

    /// The estimates with plain byte classes and with whole-scalar states, in one pass (so nested
    /// lookarounds are measured once each).
    private static func estimate(
        _ ir: PatternIR, repeated: Bool, _ threshold: Int, _ classSizes: inout [ScalarSet: Int]
    ) -> (plain: Int, scalar: Int) {
        let cap = stateLimit + 1
        func add(_ a: (plain: Int, scalar: Int), _ b: (plain: Int, scalar: Int)) -> (plain: Int, scalar: Int) {
            (min(cap, a.plain + b.plain), min(cap, a.scalar + b.scalar))
        }
        switch ir {
        case .empty:
            return (0, 0)
        case .scalars(let set):
            // A class's size is what it really compiles to, measured once per class.
            let size = classSizes[set] ?? classSize(set)
            classSizes[set] = size
            return (size, repeated && size > scalarSetThreshold ? 4 : size)
        case .concatenation(let parts), .alternation(let parts):
            var total = (plain: 1, scalar: 1)
            for part in parts {
                total = add(total, estimate(part, repeated: repeated, threshold, &classSizes))
                if total.scalar >= cap { return (cap, cap) }
            }
            return total
        case .repetition(let body, let low, let high):
            if counts(body, low: low, high: high, threshold: threshold) { return (counterEstimate, counterEstimate) }
            let copies = high ?? max(low, 1)
            if copies == 0 { return (1, 1) }
            let inner = estimate(body, repeated: true, threshold, &classSizes)
            func times(_ size: Int) -> Int {
                let (product, overflow) = (size + 1).multipliedReportingOverflow(by: copies)
                return overflow ? cap : min(cap, product + 1)
            }
            return (times(inner.plain), times(inner.scalar))
        case .assertion:
            return (1, 1)
        case .lookaround(let body, _):
            // A lookaround's body is its own automaton, which decides on whole-scalar states itself.
            let inner = estimate(body, repeated: false, threshold, &classSizes)
            let size = min(cap, (inner.plain <= 4 * DFA.stateCap ? inner.plain : inner.scalar) + prefixLoopEstimate)
            return (size, size)
        }
    }

    /// States of the `[^]*` loop that restarts an unanchored automaton at every scalar.
    static let prefixLoopEstimate = 16
}

/// The compiled form of a pattern: a conjunction of automata, each with its lookaround oracles.
struct PatternProgram: Sendable, Hashable {
    /// One automaton that must find a match (`expected`) or must not.
    struct Conjunct: Sendable, Hashable {
        var expected: Bool
        /// The lookaround oracles the main automaton (and later oracles) read, innermost first.
        var lookarounds: [Automaton]
        var main: Automaton
        /// Bytes every match of `main` contains (see ``RequiredLiteral``), or empty.
        var required: [UInt8] = []
    }

    var conjuncts: [Conjunct]
}

/// One automaton and how to run it.
struct Automaton: Sendable, Hashable {
    var nfa: NFA
    /// `false` for a lookahead oracle, which reads the text from the end backwards.
    var forward: Bool
    /// Whether the automaton restarts at every scalar (a search, or an oracle marking every
    /// position) or only at the start (the pattern begins with `^` in its reading direction).
    var anchored: Bool
    /// The DFA for the same language, when it has no oracle assertions and fits under the cap.
    var dfa: DFA?
}

/// Compiles one conjunct: its main automaton and the lookarounds it refers to.
struct ConjunctCompiler {
    /// Single-scalar repetitions with more copies than this compile to counter states.
    let countingThreshold: Int
    private(set) var lookarounds: [Automaton] = []
    private var lookaroundIndex: [LookaroundKey: Int] = [:]
    /// How many repetitions enclose the IR being compiled.
    private var repetitionDepth = 0
    /// Whether the automaton being compiled uses whole-scalar states for large repeated classes.
    private var scalarStates = false
    /// Byte automaton sizes of the classes seen so far.
    private var classSizes: [ScalarSet: Int] = [:]

    /// - Parameter classSizes: Sizes already measured (``PatternCompiler/classSize(_:)``).
    init(countingThreshold: Int, classSizes: [ScalarSet: Int] = [:]) {
        self.countingThreshold = countingThreshold
        self.classSizes = classSizes
    }

    private struct LookaroundKey: Hashable {
        var body: PatternIR
        var ahead: Bool
    }

    /// Builds the automaton for `ir` read in the given direction. It searches (restarting at every
    /// scalar) unless `ir` starts with `^` in the reading direction.
    mutating func automaton(_ ir: PatternIR, forward: Bool) throws(PatternSyntaxError) -> Automaton {
        var builder = NFABuilder(forward: forward)
        let match = builder.add(.init(kind: .match, argument: 0, count: 0))
        // A lookaround's body is compiled on its own, outside the repetitions around it.
        let outer = (repetitionDepth, scalarStates)
        repetitionDepth = 0
        scalarStates =
            PatternCompiler.automatonEstimate(ir, countingThreshold: countingThreshold, &classSizes)
            .scalarStates
        var start = try compile(ir, next: match, &builder)
        (repetitionDepth, scalarStates) = outer
        let anchored = Self.anchoredAtStart(ir, forward: forward)
        if !anchored {
            // `[^]*?` in front: re-enter the pattern at every scalar boundary.
            let loop = builder.addUnion([])
            let any = try builder.scalars(.all, next: loop)
            builder.setUnion(loop, [start, any])
            start = loop
        }
        builder.nfa.start = start
        let nfa = builder.nfa
        // An NFA several times larger than the DFA cap (long counted repetitions) almost always
        // exceeds it; not trying keeps compiling such patterns fast.
        let dfa = nfa.states.count > 4 * DFA.stateCap ? nil : DFA(nfa, stateCap: DFA.stateCap)
        return Automaton(nfa: nfa, forward: forward, anchored: anchored, dfa: dfa)
    }

    /// Compiles `ir` so that it continues to `next`, returning its first state.
    private mutating func compile(_ ir: PatternIR, next: Int32, _ builder: inout NFABuilder) throws(PatternSyntaxError)
        -> Int32
    {
        switch ir {
        case .empty:
            return next
        case .scalars(let set):
            if scalarStates, repetitionDepth > 0 {
                let size = classSizes[set] ?? PatternCompiler.classSize(set)
                classSizes[set] = size
                if size > PatternCompiler.scalarSetThreshold { return builder.scalarSet(set, next: next) }
            }
            return try builder.scalars(set, next: next)
        case .concatenation(let parts):
            var current = next
            if builder.forward {
                for part in parts.reversed() { current = try compile(part, next: current, &builder) }
            } else {
                for part in parts { current = try compile(part, next: current, &builder) }
            }
            return current
        case .alternation(let alternatives):
            var starts: [Int32] = []
            for alternative in alternatives { starts.append(try compile(alternative, next: next, &builder)) }
            return builder.addUnion(starts)
        case .repetition(let body, let low, let high):
            if let high, high < low { return builder.addUnion([]) }
            if case .scalars(let set) = body,
                PatternCompiler.counts(body, low: low, high: high, threshold: countingThreshold)
            {
                return builder.counter(set, min: low, max: high, next: next)
            }
            repetitionDepth += 1
            defer { repetitionDepth -= 1 }
            var current = next
            if let high {
                for _ in 0..<(high - low) {
                    let copy = try compile(body, next: current, &builder)
                    current = builder.addUnion([copy, next])
                }
            } else {
                let loop = builder.addUnion([])
                let copy = try compile(body, next: loop, &builder)
                builder.setUnion(loop, [copy, next])
                current = low > 0 ? copy : loop
            }
            for _ in 0..<(high == nil ? max(0, low - 1) : low) { current = try compile(body, next: current, &builder) }
            return current
        case .assertion(let assertion):
            let code: Assertion
            switch assertion {
            case .start: code = builder.forward ? .start : .end
            case .end: code = builder.forward ? .end : .start
            case .wordBoundary: code = .wordBoundary
            case .notWordBoundary: code = .notWordBoundary
            }
            return builder.add(.init(kind: .assertion, argument: code.code, count: next))
        case .lookaround(let body, let kind):
            let index = try lookaround(body, ahead: kind.ahead)
            let code = Assertion.oracle(index, negated: kind.negated)
            return builder.add(.init(kind: .assertion, argument: code.code, count: next))
        }
    }

    /// The oracle index for a lookaround, compiling its automaton (after its own inner ones) once.
    private mutating func lookaround(_ body: PatternIR, ahead: Bool) throws(PatternSyntaxError) -> Int {
        let key = LookaroundKey(body: body, ahead: ahead)
        if let index = lookaroundIndex[key] { return index }
        // A lookbehind reads forwards and marks where `body` ends; a lookahead reads backwards
        // and marks where it starts.
        let automaton = try self.automaton(body, forward: !ahead)
        lookarounds.append(automaton)
        lookaroundIndex[key] = lookarounds.count - 1
        return lookarounds.count - 1
    }

    /// Whether every match of `ir` begins with `^` (or, reading backwards, ends with `$`).
    static func anchoredAtStart(_ ir: PatternIR, forward: Bool) -> Bool {
        switch ir {
        case .assertion(let assertion):
            return assertion == (forward ? .start : .end)
        case .concatenation(let parts):
            guard let first = forward ? parts.first : parts.last else { return false }
            return anchoredAtStart(first, forward: forward)
        case .alternation(let alternatives):
            return !alternatives.isEmpty && alternatives.allSatisfy { anchoredAtStart($0, forward: forward) }
        case .repetition(let body, let low, _):
            return low > 0 && anchoredAtStart(body, forward: forward)
        case .empty, .scalars, .lookaround:
            return false
        }
    }
}

/// Appends states to an NFA under construction.
struct NFABuilder {
    var nfa = NFA()
    let forward: Bool
    /// Byte states by their transitions, so equal ones are built once.
    private var byteStates: [[NFA.Transition]: Int32] = [:]

    /// Indexes into `nfa.sets`.
    private var setIndex: [ScalarSet: Int32] = [:]

    /// Each class's byte automaton with an open exit (see ``classTemplate(_:)``).
    private var classTemplates: [ScalarSet: ClassTemplate] = [:]

    /// A class's byte automaton whose exit is not yet joined: its states in build order (children
    /// first); a transition's `next` is the index of another template state, or `-1` for the exit.
    private struct ClassTemplate {
        var states: [[NFA.Transition]]
        var entry: Int
    }

    init(forward: Bool) { self.forward = forward }

    /// A whole-scalar state for `set` continuing to `next`, after its own skip chain (see
    /// ``NFA/Kind/scalarSet``).
    mutating func scalarSet(_ set: ScalarSet, next: Int32) -> Int32 {
        let index = setNumber(set)
        // Not hash-consed: the chain must sit right before the state.
        var skip = next
        for _ in 0..<3 {
            let first = Int32(nfa.transitions.count)
            nfa.transitions.append(.init(low: 0, high: 255, next: skip))
            skip = add(.init(kind: .bytes, argument: first, count: 1))
        }
        return add(.init(kind: .scalarSet, argument: index, count: next))
    }

    /// A counter state for `set{min,max}` continuing to `next`, after its skip chain (see
    /// ``NFA/Kind/counter``), and the entry state that starts a count; returns the entry.
    mutating func counter(_ set: ScalarSet, min: Int, max: Int?, next: Int32) -> Int32 {
        let counter = Int32(nfa.counters.count)
        nfa.counters.append(.init(set: setNumber(set), min: min, max: max))
        // The chain leads back to the counter state, which comes right after it.
        let state = Int32(nfa.states.count + 3)
        var skip = state
        for _ in 0..<3 {
            let first = Int32(nfa.transitions.count)
            nfa.transitions.append(.init(low: 0, high: 255, next: skip))
            skip = add(.init(kind: .bytes, argument: first, count: 1))
        }
        _ = add(.init(kind: .counter, argument: counter, count: next))
        return add(.init(kind: .counterEntry, argument: counter, count: state))
    }

    /// The index of `set` in `nfa.sets`, adding it once.
    private mutating func setNumber(_ set: ScalarSet) -> Int32 {
        if let existing = setIndex[set] { return existing }
        let index = Int32(nfa.sets.count)
        nfa.sets.append(set)
        setIndex[set] = index
        return index
    }

    mutating func add(_ state: NFA.State) -> Int32 {
        nfa.states.append(state)
        return Int32(nfa.states.count - 1)
    }

    mutating func addUnion(_ targets: [Int32]) -> Int32 {
        let first = Int32(nfa.targets.count)
        nfa.targets += targets
        return add(.init(kind: .union, argument: first, count: Int32(targets.count)))
    }

    /// Points union `state` at `targets` (used to close loops).
    mutating func setUnion(_ state: Int32, _ targets: [Int32]) {
        nfa.states[Int(state)] = .init(kind: .union, argument: Int32(nfa.targets.count), count: Int32(targets.count))
        nfa.targets += targets
    }

    /// The UTF-8 byte automaton of `set` (reversed when reading backwards), ending at `next`.
    mutating func scalars(_ set: ScalarSet, next: Int32) throws(PatternSyntaxError) -> Int32 {
        let template = try classTemplate(set)
        guard nfa.states.count + template.states.count <= PatternCompiler.stateLimit * 2 else {
            throw PatternSyntaxError(message: "pattern is too large", offset: 0)
        }
        // Nodes with the same transitions are one state (hash-consing), here across every class
        // built so far: suffixes such as `[80-BF]` -> next are shared by all classes ending at `next`.
        var stateOf = [Int32](repeating: 0, count: template.states.count)
        for (index, open) in template.states.enumerated() {
            var transitions: [NFA.Transition] = []
            transitions.reserveCapacity(open.count)
            for transition in open {
                // Two template states may be one state here; their adjacent ranges join again.
                transitions.appendJoining(
                    low: transition.low, high: transition.high,
                    next: transition.next < 0 ? next : stateOf[Int(transition.next)])
            }
            if let existing = byteStates[transitions] {
                stateOf[index] = existing
                continue
            }
            let first = Int32(nfa.transitions.count)
            nfa.transitions += transitions
            stateOf[index] = add(.init(kind: .bytes, argument: first, count: Int32(transitions.count)))
            byteStates[transitions] = stateOf[index]
        }
        return stateOf[template.entry]
    }

    /// `set`'s byte automaton with its exit left open, derived once per class and builder: a class
    /// used many times (`[\p{L}\p{N}_]{1,100}`, a hundred copies) then costs a copy of a few dozen
    /// states each, not a fresh walk over hundreds of UTF-8 ranges.
    private mutating func classTemplate(_ set: ScalarSet) throws(PatternSyntaxError) -> ClassTemplate {
        if let template = classTemplates[set] { return template }
        // Trie nodes: each child is a byte range and either another node or the end (`-1`).
        var nodes: [[(range: ClosedRange<UInt8>, child: Int)]] = [[]]
        for range in set.ranges {
            for sequence in UTF8Sequences.sequences(range) {
                let bytes = forward ? sequence : sequence.reversed()
                var node = 0
                for (position, byteRange) in bytes.enumerated() {
                    if position == bytes.count - 1 {
                        nodes[node].append((byteRange, -1))
                    } else if let existing = nodes[node].first(where: { $0.range == byteRange && $0.child >= 0 }) {
                        node = existing.child
                    } else {
                        nodes.append([])
                        nodes[node].append((byteRange, nodes.count - 1))
                        node = nodes.count - 1
                    }
                }
            }
        }
        guard nodes.count <= PatternCompiler.stateLimit * 2 else {
            throw PatternSyntaxError(message: "pattern is too large", offset: 0)
        }
        // Children before parents, so every transition's target already exists; trie nodes with
        // the same transitions collapse into one template state (the trie's many identical
        // suffixes, which keeps large Unicode classes small).
        var template = ClassTemplate(states: [], entry: 0)
        var templateStateOf = [Int32](repeating: 0, count: nodes.count)
        var seen: [[NFA.Transition]: Int32] = [:]
        for node in nodes.indices.reversed() {
            var transitions: [NFA.Transition] = []
            for (range, child) in nodes[node].sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
                transitions.appendJoining(
                    low: range.lowerBound, high: range.upperBound, next: child < 0 ? -1 : templateStateOf[child])
            }
            if let existing = seen[transitions] {
                templateStateOf[node] = existing
                continue
            }
            templateStateOf[node] = Int32(template.states.count)
            seen[transitions] = templateStateOf[node]
            template.states.append(transitions)
        }
        template.entry = Int(templateStateOf[0])
        classTemplates[set] = template
        return template
    }

}

extension [NFA.Transition] {
    /// Appends a transition on `low...high`, widening the last one instead when it goes to the same
    /// state and ends right before `low` (transitions are appended in byte order).
    fileprivate mutating func appendJoining(low: UInt8, high: UInt8, next: Int32) {
        if let last = self.last, last.next == next, Int(last.high) + 1 == Int(low) {
            self[count - 1].high = high
        } else {
            append(.init(low: low, high: high, next: next))
        }
    }
}
