/// The stored form of a compiled pattern: flat integer arrays, versioned, so a lowered program
/// decodes without re-parsing and another language could run the same tables.
///
/// ```json
/// {"version": 3, "source": "^a+$", "flags": "i", "conjuncts": [{"expected": true, "lookarounds": [],
///   "main": {"forward": true, "anchored": true, "start": 3,
///            "states": [kind, argument, count, ...], "transitions": [low, high, next, ...],
///            "targets": [...], "sets": [[low, high, low, high, ...], ...],
///            "counters": [[set, min, max or -1], ...],
///            "dfa": {"classStarts": [97, 98], "table": [next << 1 | matched, ...],
///                    "eof": [0 or 1 per state], "start": 1}}}]}
/// ```
///
/// NFA state kinds: 0 bytes (`argument` = first transition, `count` = how many), 1 union
/// (`argument` = first target, `count` = how many), 2 assertion (`argument` = 0 `^`, 1 `$`, 2 `\b`,
/// 3 `\B`, 4 + 2k lookaround k holds, 5 + 2k it does not; `count` = next state), 3 match,
/// 4 whole scalar (`argument` = index into `sets`, each a flat list of scalar ranges; `count` =
/// next state; the three states before it are its skip chain, each a byte state reading any byte),
/// 5 counter entry (`argument` = index into `counters`, `count` = that counter's state), 6 counter
/// (`argument` = index into `counters`, each its set's index, `min` and `max`, -1 when unbounded;
/// `count` = next state; a skip chain like kind 4's before it, leading back to the counter state).
/// `sets` and `counters` are left out when empty. A conjunct's optional `required` lists bytes
/// every match contains (a prefilter for the PikeVM).
/// DFA byte classes are runs of byte values: `classStarts` lists the first byte of classes 1, 2, …
/// (class 0 starts at byte 0); the table has one row of `classStarts.count + 1` entries per state.
/// `flags` (the letters of ``PatternFlags``, already applied to the automata) is left out when empty.
/// Decoding checks every index, so a damaged program is a decoding error, never a crash.
extension Pattern: Codable {
    /// The encoding's version; bump it when the layout changes.
    static let encodingVersion = 3

    private enum CodingKeys: String, CodingKey { case version, source, flags, conjuncts }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .version)
        guard version == Self.encodingVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: container, debugDescription: "unsupported pattern encoding version \(version)")
        }
        let source = try container.decode(String.self, forKey: .source)
        let letters = try container.decodeIfPresent(String.self, forKey: .flags) ?? ""
        guard case .success(let flags) = PatternFlags.parse(letters) else {
            throw DecodingError.dataCorruptedError(
                forKey: .flags, in: container, debugDescription: "invalid pattern flags '\(letters)'")
        }
        let stored = try container.decode([StoredConjunct].self, forKey: .conjuncts)
        do {
            let conjuncts = try stored.map { conjunct throws(StoredPatternError) in try conjunct.validated() }
            self.init(source: source, flags: flags, program: PatternProgram(conjuncts: conjuncts))
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .conjuncts, in: container, debugDescription: error.reason)
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.encodingVersion, forKey: .version)
        try container.encode(source, forKey: .source)
        if !flags.isEmpty { try container.encode(flags.description, forKey: .flags) }
        try container.encode(program.conjuncts.map(StoredConjunct.init), forKey: .conjuncts)
    }
}

/// Why stored automata were refused: they are inconsistent, so running them could read out of bounds.
package struct StoredPatternError: Error, Sendable {
    package let reason: String
}

/// A conjunct as stored: its automata as flat arrays.
struct StoredConjunct: Codable {
    var expected: Bool
    var lookarounds: [StoredAutomaton]
    var main: StoredAutomaton
    var required: [UInt8]?

    init(_ conjunct: PatternProgram.Conjunct) {
        expected = conjunct.expected
        lookarounds = conjunct.lookarounds.map(StoredAutomaton.init)
        main = StoredAutomaton(conjunct.main)
        required = conjunct.required.isEmpty ? nil : conjunct.required
    }

    init(expected: Bool, lookarounds: [StoredAutomaton], main: StoredAutomaton, required: [UInt8]?) {
        self.expected = expected
        self.lookarounds = lookarounds
        self.main = main
        self.required = required
    }

    /// The conjunct, after checking that every automaton reads only oracles that exist.
    func validated() throws(StoredPatternError) -> PatternProgram.Conjunct {
        var automata: [Automaton] = []
        // Each lookaround may read only the oracles before it; the main automaton reads any.
        for (index, stored) in lookarounds.enumerated() {
            let automaton = try stored.validated()
            guard automaton.nfa.maxOracle < index else {
                throw StoredPatternError(reason: "lookaround reads a later oracle")
            }
            automata.append(automaton)
        }
        let main = try main.validated()
        guard main.nfa.maxOracle < automata.count, main.forward else {
            throw StoredPatternError(reason: "main automaton reads a missing oracle")
        }
        // A wrong literal would only give wrong verdicts, but bytes must be bytes.
        return .init(expected: expected, lookarounds: automata, main: main, required: required ?? [])
    }
}

/// An automaton as stored: its NFA and DFA as flat integer arrays.
struct StoredAutomaton: Codable {
    var forward: Bool
    var anchored: Bool
    var start: Int32
    /// `[kind, argument, count]` per state.
    var states: [Int32]
    /// `[low, high, next]` per transition.
    var transitions: [Int32]
    var targets: [Int32]
    /// Each set's ranges as `[low, high, …]`; `nil` when there are none.
    var sets: [[UInt32]]?
    /// `[set, min, max or -1]` per counter; `nil` when there are none.
    var counters: [[Int]]?
    var dfa: StoredDFA?

    init(_ automaton: Automaton) {
        let nfa = automaton.nfa
        forward = automaton.forward
        anchored = automaton.anchored
        start = nfa.start
        states = nfa.states.flatMap { [Int32($0.kind.rawValue), $0.argument, $0.count] }
        transitions = nfa.transitions.flatMap { [Int32($0.low), Int32($0.high), $0.next] }
        targets = nfa.targets
        sets = nfa.sets.isEmpty ? nil : nfa.sets.map { $0.ranges.flatMap { [$0.lowerBound, $0.upperBound] } }
        counters = nfa.counters.isEmpty ? nil : nfa.counters.map { [Int($0.set), $0.min, $0.max ?? -1] }
        dfa = automaton.dfa.map(StoredDFA.init)
    }

    init(
        forward: Bool, anchored: Bool, start: Int32, states: [Int32], transitions: [Int32], targets: [Int32],
        sets: [[UInt32]]?, counters: [[Int]]?, dfa: StoredDFA?
    ) {
        self.forward = forward
        self.anchored = anchored
        self.start = start
        self.states = states
        self.transitions = transitions
        self.targets = targets
        self.sets = sets
        self.counters = counters
        self.dfa = dfa
    }

    /// The automaton, after checking every index, so damaged tables are an error, never a crash.
    func validated() throws(StoredPatternError) -> Automaton {
        func corrupt(_ why: String) -> StoredPatternError { StoredPatternError(reason: why) }
        var nfa = NFA()
        guard states.count % 3 == 0, transitions.count % 3 == 0, !states.isEmpty else {
            throw corrupt("state and transition arrays must hold triples")
        }
        let stateCount = Int32(clamping: states.count / 3)
        let valid = 0..<stateCount
        for flat in sets ?? [] {
            guard flat.count % 2 == 0 else { throw corrupt("set ranges must be pairs") }
            var ranges: [ClosedRange<UInt32>] = []
            for index in stride(from: 0, to: flat.count, by: 2) {
                guard flat[index] <= flat[index + 1], flat[index + 1] <= 0x10FFFF else {
                    throw corrupt("set range out of order or beyond U+10FFFF")
                }
                ranges.append(flat[index]...flat[index + 1])
            }
            nfa.sets.append(ScalarSet(ranges))
        }
        for flat in counters ?? [] {
            guard flat.count == 3, (0..<nfa.sets.count).contains(flat[0]), flat[1] >= 0,
                flat[2] == -1 || flat[2] >= flat[1]
            else { throw corrupt("counter must be a set index, a minimum and a maximum (-1: none)") }
            nfa.counters.append(.init(set: Int32(flat[0]), min: flat[1], max: flat[2] == -1 ? nil : flat[2]))
        }
        guard targets.allSatisfy(valid.contains) else { throw corrupt("target out of range") }
        for index in stride(from: 0, to: transitions.count, by: 3) {
            let (low, high, next) = (transitions[index], transitions[index + 1], transitions[index + 2])
            guard (0...255).contains(low), (0...255).contains(high), valid.contains(next) else {
                throw corrupt("transition out of range")
            }
            nfa.transitions.append(.init(low: UInt8(low), high: UInt8(high), next: next))
        }
        for index in stride(from: 0, to: states.count, by: 3) {
            let (rawKind, argument, count) = (states[index], states[index + 1], states[index + 2])
            guard let kind = UInt8(exactly: rawKind).flatMap(NFA.Kind.init(rawValue:)) else {
                throw corrupt("unknown state kind \(rawKind)")
            }
            let fits: Bool
            switch kind {
            case .bytes:
                fits = argument >= 0 && count >= 0 && Int(argument) + Int(count) <= nfa.transitions.count
            case .union:
                fits = argument >= 0 && count >= 0 && Int(argument) + Int(count) <= targets.count
            case .assertion:
                fits = argument >= 0 && valid.contains(count)
            case .match:
                fits = true
            case .scalarSet:
                fits = argument >= 0 && Int(argument) < nfa.sets.count && valid.contains(count)
            case .counterEntry, .counter:
                fits = argument >= 0 && Int(argument) < nfa.counters.count && valid.contains(count)
            }
            guard fits else { throw corrupt("state out of range") }
            nfa.states.append(.init(kind: kind, argument: argument, count: count))
        }
        nfa.targets = targets
        // Every whole-scalar and counter state needs its skip chain right before it: any byte to
        // `next` (a counter: to itself), then to the state before.
        var counterStates = [Int32?](repeating: nil, count: nfa.counters.count)
        for (index, state) in nfa.states.enumerated() where state.kind == .scalarSet || state.kind == .counter {
            let exit = state.kind == .counter ? Int32(index) : state.count
            guard index >= 3,
                (1...3).allSatisfy({ step in
                    let skip = nfa.states[index - 4 + step]
                    let target = step == 1 ? exit : Int32(index - 5 + step)
                    return skip.kind == .bytes && skip.count == 1
                        && nfa.transitions[Int(skip.argument)] == .init(low: 0, high: 255, next: target)
                })
            else { throw corrupt("whole-scalar or counter state without its skip chain") }
            if state.kind == .counter {
                // A counting set belongs to one state.
                guard counterStates[Int(state.argument)] == nil else { throw corrupt("counter shared") }
                counterStates[Int(state.argument)] = Int32(index)
            }
        }
        for state in nfa.states where state.kind == .counterEntry {
            guard counterStates[Int(state.argument)] == state.count else {
                throw corrupt("counter entry not leading to its counter state")
            }
        }
        nfa.start = start
        guard valid.contains(nfa.start) else { throw corrupt("start state out of range") }
        let dfa = try dfa?.validated()
        if dfa != nil, nfa.hasOracleAssertions || nfa.hasScalarSets || nfa.hasCounters {
            throw corrupt("a DFA cannot read lookaround oracles, whole scalars or counters")
        }
        return Automaton(nfa: nfa, forward: forward, anchored: anchored, dfa: dfa)
    }
}

/// A DFA as stored: byte classes as runs (`classStarts` lists the first byte of classes 1, 2, …),
/// the transition table, and whether each state matches at the end.
struct StoredDFA: Codable {
    var classStarts: [Int]
    var table: [Int32]
    var eof: [Int]
    var start: Int32

    init(_ dfa: DFA) {
        // Classes are runs of consecutive bytes, so the first byte of each run after the first says it all.
        classStarts = (1..<256).filter { dfa.classes[$0] != dfa.classes[$0 - 1] }
        table = dfa.table
        eof = dfa.eofMatch.map { $0 ? 1 : 0 }
        start = dfa.start
    }

    init(classStarts: [Int], table: [Int32], eof: [Int], start: Int32) {
        self.classStarts = classStarts
        self.table = table
        self.eof = eof
        self.start = start
    }

    func validated() throws(StoredPatternError) -> DFA {
        let classCount = classStarts.count + 1
        let states = eof.count
        guard classStarts.allSatisfy({ (1..<256).contains($0) }),
            zip(classStarts, classStarts.dropFirst()).allSatisfy({ $0 < $1 }),
            states > 0, table.count == states * classCount,
            table.allSatisfy({ $0 >= 0 && Int($0 >> 1) < states }), (0..<Int32(states)).contains(start)
        else { throw StoredPatternError(reason: "DFA tables are inconsistent") }
        var classes = [UInt8](repeating: 0, count: 256)
        for (index, first) in classStarts.enumerated() {
            for byte in first..<256 { classes[byte] = UInt8(index + 1) }
        }
        return DFA(classes: classes, classCount: classCount, table: table, eofMatch: eof.map { $0 != 0 }, start: start)
    }
}

extension NFA {
    /// The highest lookaround index an assertion reads, or -1.
    var maxOracle: Int {
        states.lazy.filter { $0.kind == .assertion }.compactMap { Assertion(code: $0.argument).oracle?.index }.max()
            ?? -1
    }
}
