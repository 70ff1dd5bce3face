/// A compiled ECMAScript `u`-mode pattern that answers "does the text contain a match" in time
/// linear in the text.
///
/// Compiling parses the source, lowers it to ``PatternIR`` and builds automata over UTF-8 bytes:
/// a Thompson NFA, an eager DFA where one fits (the fast path) and one automaton per lookaround
/// (its oracle). Matching never backtracks: the DFA reads each byte once; otherwise the PikeVM
/// reads each byte once per NFA state. A value is immutable and safe to share across threads.
///
/// Equality and hashing compare ``source`` only: the automata are a function of it.
public struct Pattern: Sendable, Hashable {
    /// The pattern as written.
    public let source: String
    /// The automata.
    let program: PatternProgram

    /// Compiles `source`.
    /// - Throws: ``PatternSyntaxError`` when the pattern is invalid, refused (backreferences), or
    ///   too large once its repetitions are expanded.
    public init(_ source: String) throws(PatternSyntaxError) {
        try self.init(ir: PatternSyntax.lower(source), source: source)
    }

    /// Compiles an already lowered pattern; `source` is kept for messages.
    /// - Throws: ``PatternSyntaxError`` when the automata would be too large or too deep.
    public init(ir: PatternIR, source: String) throws(PatternSyntaxError) {
        self.source = source
        self.program = try PatternCompiler.compile(ir, sourceLength: source.unicodeScalars.count)
    }

    init(source: String, program: PatternProgram) {
        self.source = source
        self.program = program
    }

    /// Whether `text` contains a match (an unanchored search; write `^…$` to anchor).
    public func matches(_ text: String) -> Bool {
        var steps = 0
        return run(text, engine: .automatic, steps: &steps)
    }

    /// Whether the UTF-8 bytes contain a match. The bytes must be valid UTF-8 (as every Swift
    /// `String` is); on invalid input the answer is unspecified but the call is still safe.
    public func matches(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var steps = 0
        return run(bytes, engine: .automatic, steps: &steps)
    }

    public static func == (lhs: Pattern, rhs: Pattern) -> Bool { lhs.source == rhs.source }

    public func hash(into hasher: inout Hasher) { hasher.combine(source) }

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
