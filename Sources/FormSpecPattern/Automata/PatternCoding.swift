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
        let conjuncts = try container.decode([PatternProgram.Conjunct].self, forKey: .conjuncts)
        self.init(source: source, flags: flags, program: PatternProgram(conjuncts: conjuncts))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.encodingVersion, forKey: .version)
        try container.encode(source, forKey: .source)
        if !flags.isEmpty { try container.encode(flags.description, forKey: .flags) }
        try container.encode(program.conjuncts, forKey: .conjuncts)
    }
}

extension PatternProgram.Conjunct: Codable {
    private enum CodingKeys: String, CodingKey { case expected, lookarounds, main, required }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        expected = try container.decode(Bool.self, forKey: .expected)
        lookarounds = []
        // Each lookaround may read only the oracles before it; the main automaton reads any.
        for (index, automaton) in try container.decode([Automaton].self, forKey: .lookarounds).enumerated() {
            guard automaton.nfa.maxOracle < index else {
                throw DecodingError.dataCorruptedError(
                    forKey: .lookarounds, in: container, debugDescription: "lookaround reads a later oracle")
            }
            lookarounds.append(automaton)
        }
        main = try container.decode(Automaton.self, forKey: .main)
        // A wrong literal would only give wrong verdicts, but bytes must be bytes.
        required = try container.decodeIfPresent([UInt8].self, forKey: .required) ?? []
        guard main.nfa.maxOracle < lookarounds.count, main.forward else {
            throw DecodingError.dataCorruptedError(
                forKey: .main, in: container, debugDescription: "main automaton reads a missing oracle")
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(expected, forKey: .expected)
        try container.encode(lookarounds, forKey: .lookarounds)
        try container.encode(main, forKey: .main)
        if !required.isEmpty { try container.encode(required, forKey: .required) }
    }
}

extension Automaton: Codable {
    private enum CodingKeys: String, CodingKey {
        case forward, anchored, start, states, transitions, targets, sets, counters, dfa
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        forward = try container.decode(Bool.self, forKey: .forward)
        anchored = try container.decode(Bool.self, forKey: .anchored)
        func corrupt(_ key: CodingKeys, _ why: String) -> DecodingError {
            DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: why)
        }
        var nfa = NFA()
        let targets = try container.decode([Int32].self, forKey: .targets)
        let flatTransitions = try container.decode([Int32].self, forKey: .transitions)
        let flatStates = try container.decode([Int32].self, forKey: .states)
        guard flatStates.count % 3 == 0, flatTransitions.count % 3 == 0, !flatStates.isEmpty else {
            throw corrupt(.states, "state and transition arrays must hold triples")
        }
        let stateCount = Int32(clamping: flatStates.count / 3)
        let valid = 0..<stateCount
        for flat in try container.decodeIfPresent([[UInt32]].self, forKey: .sets) ?? [] {
            guard flat.count % 2 == 0 else { throw corrupt(.sets, "set ranges must be pairs") }
            var ranges: [ClosedRange<UInt32>] = []
            for index in stride(from: 0, to: flat.count, by: 2) {
                guard flat[index] <= flat[index + 1], flat[index + 1] <= 0x10FFFF else {
                    throw corrupt(.sets, "set range out of order or beyond U+10FFFF")
                }
                ranges.append(flat[index]...flat[index + 1])
            }
            nfa.sets.append(ScalarSet(ranges))
        }
        for flat in try container.decodeIfPresent([[Int]].self, forKey: .counters) ?? [] {
            guard flat.count == 3, (0..<nfa.sets.count).contains(flat[0]), flat[1] >= 0,
                flat[2] == -1 || flat[2] >= flat[1]
            else { throw corrupt(.counters, "counter must be a set index, a minimum and a maximum (-1: none)") }
            nfa.counters.append(.init(set: Int32(flat[0]), min: flat[1], max: flat[2] == -1 ? nil : flat[2]))
        }
        guard targets.allSatisfy(valid.contains) else { throw corrupt(.targets, "target out of range") }
        for index in stride(from: 0, to: flatTransitions.count, by: 3) {
            let (low, high, next) = (flatTransitions[index], flatTransitions[index + 1], flatTransitions[index + 2])
            guard (0...255).contains(low), (0...255).contains(high), valid.contains(next) else {
                throw corrupt(.transitions, "transition out of range")
            }
            nfa.transitions.append(.init(low: UInt8(low), high: UInt8(high), next: next))
        }
        for index in stride(from: 0, to: flatStates.count, by: 3) {
            let (rawKind, argument, count) = (flatStates[index], flatStates[index + 1], flatStates[index + 2])
            guard let kind = UInt8(exactly: rawKind).flatMap(NFA.Kind.init(rawValue:)) else {
                throw corrupt(.states, "unknown state kind \(rawKind)")
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
            guard fits else { throw corrupt(.states, "state out of range") }
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
            else { throw corrupt(.states, "whole-scalar or counter state without its skip chain") }
            if state.kind == .counter {
                // A counting set belongs to one state.
                guard counterStates[Int(state.argument)] == nil else { throw corrupt(.states, "counter shared") }
                counterStates[Int(state.argument)] = Int32(index)
            }
        }
        for state in nfa.states where state.kind == .counterEntry {
            guard counterStates[Int(state.argument)] == state.count else {
                throw corrupt(.states, "counter entry not leading to its counter state")
            }
        }
        nfa.start = try container.decode(Int32.self, forKey: .start)
        guard valid.contains(nfa.start) else { throw corrupt(.start, "start state out of range") }
        self.nfa = nfa
        dfa = try container.decodeIfPresent(DFA.self, forKey: .dfa)
        if dfa != nil, nfa.hasOracleAssertions || nfa.hasScalarSets || nfa.hasCounters {
            throw corrupt(.dfa, "a DFA cannot read lookaround oracles, whole scalars or counters")
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(forward, forKey: .forward)
        try container.encode(anchored, forKey: .anchored)
        try container.encode(nfa.start, forKey: .start)
        try container.encode(nfa.states.flatMap { [Int32($0.kind.rawValue), $0.argument, $0.count] }, forKey: .states)
        try container.encode(
            nfa.transitions.flatMap { [Int32($0.low), Int32($0.high), $0.next] }, forKey: .transitions)
        try container.encode(nfa.targets, forKey: .targets)
        if !nfa.sets.isEmpty {
            try container.encode(
                nfa.sets.map { $0.ranges.flatMap { [$0.lowerBound, $0.upperBound] } }, forKey: .sets)
        }
        if !nfa.counters.isEmpty {
            try container.encode(nfa.counters.map { [Int($0.set), $0.min, $0.max ?? -1] }, forKey: .counters)
        }
        try container.encodeIfPresent(dfa, forKey: .dfa)
    }
}

extension DFA: Codable {
    private enum CodingKeys: String, CodingKey { case classStarts, table, eof, start }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let starts = try container.decode([Int].self, forKey: .classStarts)
        let table = try container.decode([Int32].self, forKey: .table)
        let eof = try container.decode([Int].self, forKey: .eof)
        let start = try container.decode(Int32.self, forKey: .start)
        let classCount = starts.count + 1
        let states = eof.count
        guard starts.allSatisfy({ (1..<256).contains($0) }), zip(starts, starts.dropFirst()).allSatisfy({ $0 < $1 }),
            states > 0, table.count == states * classCount,
            table.allSatisfy({ $0 >= 0 && Int($0 >> 1) < states }), (0..<Int32(states)).contains(start)
        else {
            throw DecodingError.dataCorruptedError(
                forKey: .table, in: container, debugDescription: "DFA tables are inconsistent")
        }
        var classes = [UInt8](repeating: 0, count: 256)
        for (index, first) in starts.enumerated() {
            for byte in first..<256 { classes[byte] = UInt8(index + 1) }
        }
        self.init(
            classes: classes, classCount: classCount, table: table, eofMatch: eof.map { $0 != 0 }, start: start)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        // Classes are runs of consecutive bytes, so the first byte of each run after the first says it all.
        let starts = (1..<256).filter { classes[$0] != classes[$0 - 1] }
        try container.encode(starts, forKey: .classStarts)
        try container.encode(table, forKey: .table)
        try container.encode(eofMatch.map { $0 ? 1 : 0 }, forKey: .eof)
        try container.encode(start, forKey: .start)
    }
}

extension NFA {
    /// The highest lookaround index an assertion reads, or -1.
    var maxOracle: Int {
        states.lazy.filter { $0.kind == .assertion }.compactMap { Assertion(code: $0.argument).oracle?.index }.max()
            ?? -1
    }
}
