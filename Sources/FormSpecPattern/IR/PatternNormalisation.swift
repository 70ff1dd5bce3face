/// Rewrites of ``PatternIR`` that keep its language — every pair of positions a node can match
/// between stays the same, so every verdict does — but let the compiler count instead of copy: a
/// counted repetition of one scalar set compiles to a single counter state, so the rewrites aim
/// to leave large counts on single-scalar bodies.
///
/// The recursion follows the IR, whose depth the compiler has bounded before calling this.
struct PatternNormalisation {
    /// Repetitions with more copies than this are worth peeling (see ``peel(_:low:high:)``).
    let peelingAbove: Int
    /// IR nodes peeling may still add. Peeling duplicates the rest of a repetition's body up to
    /// four times, so nested peels could grow the IR exponentially; past this budget they stop.
    private var budget = 100_000

    init(peelingAbove: Int) { self.peelingAbove = peelingAbove }

    /// `ir` with the rewrites below applied bottom-up.
    mutating func normalise(_ ir: PatternIR) -> PatternIR {
        switch ir {
        case .empty, .scalars, .assertion:
            return ir
        case .concatenation(let parts):
            return Self.concatenation(parts.map { normalise($0) })
        case .alternation(let alternatives):
            return Self.alternation(alternatives.map { normalise($0) })
        case .lookaround(let body, let kind):
            return .lookaround(normalise(body), kind)
        case .repetition(let body, let low, let high):
            return repetition(normalise(body), low: low, high: high)
        }
    }

    /// The alternation of already normalised `alternatives`.
    static func alternation(_ alternatives: [PatternIR]) -> PatternIR {
        var alternatives = alternatives
        // ε ∪ X = X when X matches the empty string at every position anyway.
        if alternatives.contains(where: { $0 != .empty && alwaysNullable($0) }) {
            alternatives.removeAll { $0 == .empty }
        }
        return alternatives.count == 1 ? alternatives[0] : .alternation(alternatives)
    }

    /// `body{low,high}` with `body` already normalised.
    mutating func repetition(_ body: PatternIR, low: Int, high: Int?) -> PatternIR {
        if let high, high < low { return .repetition(body, min: low, max: high) }
        if body == .empty || high == 0 { return .empty }
        var body = body
        var low = low
        // An unconditionally nullable body matches the empty string at every position, so any
        // k < low iterations can be padded with empty ones up to `low`: R{n,m} ≡ R{0,m}.
        if low > 0, Self.alwaysNullable(body) { low = 0 }
        // (ε|X){0,m} ≡ X{0,m}: k iterations of ε|X are i <= k iterations of X.
        if low == 0, case .alternation(let alternatives) = body, alternatives.contains(.empty) {
            let rest = alternatives.filter { $0 != .empty }
            if rest.isEmpty { return .empty }
            body = rest.count == 1 ? rest[0] : .alternation(rest)
        }
        // (R{a,b}){c,d}: j outer iterations are R repeated j·a ... j·b times, so the node is R
        // repeated any count in the union of [j·a, j·b] for j in c...d. When those intervals
        // leave no gap, that is R{c·a,d·b}: fewer copies, and one count for a single scalar set.
        if case .repetition(let inner, let a, let b) = body, b.map({ $0 >= a }) ?? true {
            if b == 0 { return .empty }
            let first = max(low, 1)
            let top = high.flatMap { high in b.map { Self.saturating(high, $0) } }
            // Interval j + 1 starts at most one past the end of interval j iff (j+1)·a <= j·b + 1,
            // i.e. a - 1 <= j·(b - a); the right side grows with j, so checking j = `first` is
            // enough. An unbounded b makes every interval reach infinity.
            let contiguous = b.map { high == first || Self.saturating(first, $0 - a) >= a - 1 } ?? true
            if contiguous {
                if low > 0 { return repetition(inner, low: Self.saturating(first, a), high: top) }
                // Zero outer iterations add the empty run, adjacent to [a, …] when a <= 1.
                if a <= 1 { return repetition(inner, low: 0, high: top) }
                return .repetition(repetition(inner, low: a, high: top), min: 0, max: 1)
            }
        }
        if (high ?? low) > peelingAbove, let peeled = peel(body, low: low, high: high) { return peeled }
        return .repetition(body, min: low, max: high)
    }

    /// `(A|^C|B$){n,m}` without the anchored alternatives inside the repetition: a non-empty
    /// match of `^C` starts at the input's start, so only the first iteration can be one (an
    /// earlier one would have to match the empty string there), and a match of `B$` ends at the
    /// input's end, so only the last. Hence `A{n,m} | ^C A{n-1,m-1} | A{n-1,m-1} B$ |
    /// ^C A{n-2,m-2} B$` (counts clamped at 0, terms whose maximum is negative left out). Empty
    /// iterations of A around C or B are dropped, so A must be non-nullable unless n = 0.
    /// `(?:\^|[0-9]$){1,1000}` thus leaves `\^` alone in its repetitions, ready to be counted.
    private mutating func peel(_ body: PatternIR, low: Int, high: Int?) -> PatternIR? {
        guard case .alternation(let alternatives) = body else { return nil }
        var rest: [PatternIR] = []
        var first: [PatternIR] = []
        var last: [PatternIR] = []
        for alternative in alternatives {
            let start = ConjunctCompiler.anchoredAtStart(alternative, forward: true)
            let end = ConjunctCompiler.anchoredAtStart(alternative, forward: false)
            if start != end, Self.minimumLength(alternative) == 0 { return nil }
            switch (start, end) {
            case (true, true): return nil
            case (true, false): first.append(alternative)
            case (false, true): last.append(alternative)
            case (false, false): rest.append(alternative)
            }
        }
        guard !first.isEmpty || !last.isEmpty, low == 0 || rest.allSatisfy({ Self.minimumLength($0) > 0 }) else {
            return nil
        }
        let size = rest.reduce(0) { $0 + Self.size(of: $1, cap: budget) }
        guard size * 4 <= budget else {
            budget = 0
            return nil
        }
        budget -= size * 4
        let repeated = rest.isEmpty ? nil : Self.alternation(rest)
        /// The rest repeated `drop` times fewer, or nil when that matches nothing.
        func middle(dropping drop: Int) -> PatternIR? {
            if let high, high < drop { return nil }
            let (from, to) = (max(low - drop, 0), high.map { $0 - drop })
            guard let repeated else { return from == 0 ? .empty : nil }
            return repetition(repeated, low: from, high: to)
        }
        var terms: [PatternIR] = []
        let starts = first.isEmpty ? nil : Self.alternation(first)
        let ends = last.isEmpty ? nil : Self.alternation(last)
        if let plain = middle(dropping: 0) { terms.append(plain) }
        if let starts, let tail = middle(dropping: 1) { terms.append(Self.concatenation([starts, tail])) }
        if let ends, let head = middle(dropping: 1) { terms.append(Self.concatenation([head, ends])) }
        if let starts, let ends, let inner = middle(dropping: 2) {
            terms.append(Self.concatenation([starts, inner, ends]))
        }
        if terms.isEmpty { return .scalars(ScalarSet()) }
        return Self.alternation(terms)
    }

    /// The concatenation of already normalised `parts`, flattened.
    static func concatenation(_ parts: [PatternIR]) -> PatternIR {
        var flat: [PatternIR] = []
        for part in parts {
            switch part {
            case .empty: continue
            case .concatenation(let inner): flat += inner
            default: flat.append(part)
            }
        }
        // R{a,b} R{c,d} ≡ R{a+c,b+d}: i then j iterations are i + j, and the sums of two intervals
        // are an interval. (Peeling leaves such neighbours; merged, they are one count.)
        var merged: [PatternIR] = []
        for part in flat {
            if case .repetition(let body, let c, let d) = part, d.map({ $0 >= c }) ?? true,
                case .repetition(let previous, let a, let b)? = merged.last, previous == body,
                b.map({ $0 >= a }) ?? true
            {
                merged[merged.count - 1] = .repetition(
                    body, min: saturatingSum(a, c), max: b.flatMap { b in d.map { saturatingSum(b, $0) } })
            } else {
                merged.append(part)
            }
        }
        switch merged.count {
        case 0: return .empty
        case 1: return merged[0]
        default: return .concatenation(merged)
        }
    }

    private static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }

    /// Whether `ir` matches the empty string at every position, whatever surrounds it (no
    /// assertion or lookaround on the way).
    static func alwaysNullable(_ ir: PatternIR) -> Bool {
        switch ir {
        case .empty: return true
        case .scalars, .assertion, .lookaround: return false
        case .concatenation(let parts): return parts.allSatisfy(alwaysNullable)
        case .alternation(let alternatives): return alternatives.contains(where: alwaysNullable)
        case .repetition(let body, let low, let high):
            return (high.map { $0 >= low } ?? true) && (low == 0 || alwaysNullable(body))
        }
    }

    /// The fewest scalars a match of `ir` consumes (assertions and lookarounds consume none).
    static func minimumLength(_ ir: PatternIR) -> Int {
        switch ir {
        case .empty, .assertion, .lookaround: return 0
        case .scalars: return 1
        case .concatenation(let parts):
            return parts.reduce(0) { saturatingSum($0, minimumLength($1)) }
        case .alternation(let alternatives): return alternatives.map(minimumLength).min() ?? Int.max
        case .repetition(let body, let low, _): return low == 0 ? 0 : saturating(low, minimumLength(body))
        }
    }

    /// The number of IR nodes in `ir`, counting no further than `cap`.
    static func size(of ir: PatternIR, cap: Int) -> Int {
        var count = 0
        var stack = [ir]
        while let node = stack.popLast(), count <= cap {
            count += 1
            switch node {
            case .empty, .scalars, .assertion: break
            case .concatenation(let parts), .alternation(let parts): stack += parts
            case .repetition(let body, _, _), .lookaround(let body, _): stack.append(body)
            }
        }
        return count
    }

    /// `a · b`, or `Int.max` when it overflows: a count that large can never be reached anyway.
    static func saturating(_ a: Int, _ b: Int) -> Int {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? Int.max : product
    }
}
