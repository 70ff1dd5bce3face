/// The stored form of a compiled pattern spelled as one array of integers, for programs embedded
/// in generated Swift (`formspec compile --emit swift`): an `[Int32]` literal the compiler lays out
/// as static data, read back with no JSON and no `Codable`.
///
/// It holds the same arrays as the JSON form (``Pattern``'s `Codable` conformance), each preceded by
/// its length, and is checked by the same code, so damaged words are an error, never a crash:
///
///     version, conjunct count, then per conjunct:
///       expected (0/1), lookaround count, each lookaround's automaton, the main automaton,
///       required byte count, the bytes
///     an automaton: forward, anchored, start, |states| states…, |transitions| transitions…,
///       |targets| targets…, set count (|set| ranges…)…, counter count (set, min, max or -1)…,
///       0 (no DFA) or 1 then |classStarts| classStarts…, |table| table…, |eof| eof…, start
extension Pattern {
    /// The automata as words.
    package var words: [Int32] {
        var words: [Int32] = [Int32(Self.encodingVersion), Int32(program.conjuncts.count)]
        for conjunct in program.conjuncts.map(StoredConjunct.init) {
            words.append(conjunct.expected ? 1 : 0)
            words.append(Int32(conjunct.lookarounds.count))
            for automaton in conjunct.lookarounds + [conjunct.main] { automaton.write(into: &words) }
            words.appendCounted((conjunct.required ?? []).map(Int32.init))
        }
        return words
    }

    /// Rebuilds a pattern from ``words``; `source` and `flags` are the ones it was compiled from.
    /// - Throws: ``StoredPatternError`` when the words are truncated, of another version or inconsistent.
    package init(source: String, flags: PatternFlags, words: [Int32]) throws(StoredPatternError) {
        var reader = WordReader(words: words)
        guard try reader.next() == Int32(Self.encodingVersion) else {
            throw StoredPatternError(reason: "unsupported pattern encoding version")
        }
        var conjuncts: [PatternProgram.Conjunct] = []
        for _ in 0..<(try reader.count()) {
            let expected = try reader.next() != 0
            let lookarounds = try (0..<reader.count()).map { _ throws(StoredPatternError) in
                try StoredAutomaton(reading: &reader)
            }
            let main = try StoredAutomaton(reading: &reader)
            let required = try reader.counted().map { word throws(StoredPatternError) in
                guard let byte = UInt8(exactly: word) else {
                    throw StoredPatternError(reason: "required byte out of range")
                }
                return byte
            }
            let stored = StoredConjunct(
                expected: expected, lookarounds: lookarounds, main: main, required: required.isEmpty ? nil : required)
            conjuncts.append(try stored.validated())
        }
        guard reader.isAtEnd else { throw StoredPatternError(reason: "words left over after the last conjunct") }
        self.init(source: source, flags: flags, program: PatternProgram(conjuncts: conjuncts))
    }
}

extension StoredAutomaton {
    fileprivate func write(into words: inout [Int32]) {
        words += [forward ? 1 : 0, anchored ? 1 : 0, start]
        words.appendCounted(states)
        words.appendCounted(transitions)
        words.appendCounted(targets)
        words.append(Int32(sets?.count ?? 0))
        for set in sets ?? [] { words.appendCounted(set.map { Int32(bitPattern: $0) }) }
        words.append(Int32(counters?.count ?? 0))
        for counter in counters ?? [] { words += counter.map { Int32(clamping: $0) } }
        guard let dfa else { return words.append(0) }
        words.append(1)
        words.appendCounted(dfa.classStarts.map { Int32($0) })
        words.appendCounted(dfa.table)
        words.appendCounted(dfa.eof.map { Int32($0) })
        words.append(dfa.start)
    }

    fileprivate init(reading reader: inout WordReader) throws(StoredPatternError) {
        let forward = try reader.next() != 0
        let anchored = try reader.next() != 0
        let start = try reader.next()
        let states = try reader.counted()
        let transitions = try reader.counted()
        let targets = try reader.counted()
        let sets = try (0..<reader.count()).map { _ throws(StoredPatternError) in
            try reader.counted().map { UInt32(bitPattern: $0) }
        }
        let counters = try (0..<reader.count()).map { _ throws(StoredPatternError) in
            [Int(try reader.next()), Int(try reader.next()), Int(try reader.next())]
        }
        var dfa: StoredDFA?
        if try reader.next() != 0 {
            dfa = StoredDFA(
                classStarts: try reader.counted().map(Int.init), table: try reader.counted(),
                eof: try reader.counted().map(Int.init), start: try reader.next())
        }
        self.init(
            forward: forward, anchored: anchored, start: start, states: states, transitions: transitions,
            targets: targets, sets: sets.isEmpty ? nil : sets, counters: counters.isEmpty ? nil : counters, dfa: dfa)
    }
}

extension [Int32] {
    fileprivate mutating func appendCounted(_ words: [Int32]) {
        append(Int32(words.count))
        append(contentsOf: words)
    }
}

/// Reads words front to back; running past the end is an error.
private struct WordReader {
    let words: [Int32]
    var position = 0

    var isAtEnd: Bool { position == words.count }

    mutating func next() throws(StoredPatternError) -> Int32 {
        guard position < words.count else { throw StoredPatternError(reason: "pattern words end too early") }
        defer { position += 1 }
        return words[position]
    }

    /// A length or count: never negative, never more than the words left.
    mutating func count() throws(StoredPatternError) -> Int {
        let count = Int(try next())
        guard count >= 0, count <= words.count - position else {
            throw StoredPatternError(reason: "pattern words end too early")
        }
        return count
    }

    mutating func counted() throws(StoredPatternError) -> [Int32] {
        let count = try count()
        defer { position += count }
        return Array(words[position..<position + count])
    }
}
