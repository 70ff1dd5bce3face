/// A Thompson NFA over UTF-8 bytes, stored as flat arrays so it is cheap to copy, compare, encode
/// and emit to another language.
///
/// States are numbered from 0. Byte states move on a byte in one of their ranges; union states
/// move to any of their targets without consuming input; assertion states move to `next` when a
/// zero-width condition holds at the current position; the match state accepts. A counter state
/// stands for a whole counted repetition of one scalar set (see ``Kind/counter``).
struct NFA: Sendable, Hashable {
    /// What a state does.
    enum Kind: UInt8, Sendable {
        /// Consumes one byte within one of the state's transitions' ranges (none: a dead end).
        case bytes = 0
        /// Moves to each target without consuming input.
        case union = 1
        /// Moves to `next` without consuming input when the assertion (`argument`) holds.
        case assertion = 2
        /// Accepts.
        case match = 3
        /// Consumes one whole scalar in `sets[argument]` (decoded at the position in the reading
        /// direction) and continues to `count` after its last byte. A scalar of L > 1 bytes moves
        /// to the skip chain right before this state instead: states `self - 3`, `self - 2`,
        /// `self - 1` each read any byte, leading to `count`, `self - 3` and `self - 2`, so L bytes
        /// enter at `self - 5 + L`. A repeated large class then costs 4 states per copy instead of
        /// its whole byte automaton.
        case scalarSet = 4
        /// Starts a count: adds the value 0 to the counting set of the counter state `count`
        /// (whose counter is `argument`), then moves to it without consuming input.
        case counterEntry = 5
        /// `σ{min,max}` as one state with a *counting set* (Turoňová et al., "Regex matching with
        /// counting-set automata", OOPSLA 2020): the repetition counts reached so far on the way
        /// to this position. Reading a scalar in σ (`sets[counters[argument].set]`) increments
        /// every count and stays here, dropping counts above `max`; any other scalar empties the
        /// set. Moves to `count` without consuming input when some count is at least `min`. Like
        /// a whole-scalar state it has a skip chain of three any-byte states right before it,
        /// which here lead back to the counter state itself.
        case counter = 6
    }

    /// The bounds and scalar set of one counter state.
    struct Counter: Sendable, Hashable {
        /// Index into `sets`.
        var set: Int32
        var min: Int
        /// `nil`: unbounded.
        var max: Int?
    }

    /// One state.
    struct State: Sendable, Hashable {
        var kind: Kind
        /// For `.bytes`: the first index into `transitions`; for `.union`: into `targets`;
        /// for `.assertion`: the ``Assertion`` code; for `.scalarSet`: the index into `sets`; for
        /// `.counterEntry` and `.counter`: the index into `counters`.
        var argument: Int32
        /// For `.bytes` and `.union`: how many transitions or targets; for `.assertion`,
        /// `.scalarSet` and `.counter`: the next state; for `.counterEntry`: the counter state.
        var count: Int32
    }

    /// A byte range and where it leads.
    struct Transition: Sendable, Hashable {
        var low: UInt8
        var high: UInt8
        var next: Int32
    }

    var states: [State] = []
    var transitions: [Transition] = []
    var targets: [Int32] = []
    /// The sets `.scalarSet` states test.
    var sets: [ScalarSet] = []
    /// The counters of `.counter` states, one each.
    var counters: [Counter] = []
    var start: Int32 = 0

    /// Whether any state reads a whole scalar (no DFA is built then).
    var hasScalarSets: Bool { states.contains { $0.kind == .scalarSet } }

    /// Whether any state counts (no DFA is built then: the PikeVM keeps the counting sets).
    var hasCounters: Bool { !counters.isEmpty }

    /// Whether any assertion state tests a word boundary (byte classes then split word bytes).
    var hasWordAssertions: Bool {
        states.contains { $0.kind == .assertion && Assertion(code: $0.argument).isWordTest }
    }

    /// Whether any assertion state reads a lookaround oracle (no DFA is built then).
    var hasOracleAssertions: Bool {
        states.contains { $0.kind == .assertion && Assertion(code: $0.argument).oracle != nil }
    }
}

/// The zero-width conditions an NFA can test, in the direction the automaton reads its input:
/// `start` holds before the first byte read and `end` after the last, so a reversed automaton
/// (for lookaheads) has its `^` and `$` swapped at compile time.
struct Assertion: Hashable, Sendable {
    let code: Int32

    init(code: Int32) { self.code = code }

    static let start = Assertion(code: 0)
    static let end = Assertion(code: 1)
    static let wordBoundary = Assertion(code: 2)
    static let notWordBoundary = Assertion(code: 3)

    /// Lookaround `index` holds (or, when `negated`, does not hold) at the position.
    static func oracle(_ index: Int, negated: Bool) -> Assertion {
        Assertion(code: 4 + 2 * Int32(index) + (negated ? 1 : 0))
    }

    var isWordTest: Bool { code == 2 || code == 3 }

    /// The lookaround index and whether it is negated, for an oracle assertion.
    var oracle: (index: Int, negated: Bool)? {
        code >= 4 ? (Int(code - 4) / 2, code & 1 == 1) : nil
    }
}

/// Whether `byte` is an ASCII word character `[A-Za-z0-9_]`, as `\b` and `\w` define it.
@inline(__always)
func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
        return true
    default:
        return false
    }
}
