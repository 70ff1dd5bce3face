import FormSpecPattern

/// A deliberately simple matcher over ``PatternIR`` used only to check the syntax layer's
/// lowering against node: for each node it computes the set of end positions reachable from a
/// start position. Polynomial on the short corpus subjects, no automata, nothing clever.
struct ReferenceMatcher {
    private let ir: PatternIR
    private let text: [UInt32]

    /// Whether `ir` finds a match anywhere in `text` (an unanchored search, as `RegExp.test`).
    static func matches(_ ir: PatternIR, _ text: String) -> Bool {
        let matcher = ReferenceMatcher(ir: ir, text: text.unicodeScalars.map(\.value))
        return (0...matcher.text.count).contains { !matcher.ends(of: ir, from: $0).isEmpty }
    }

    private init(ir: PatternIR, text: [UInt32]) {
        self.ir = ir
        self.text = text
    }

    /// Every position at which a match of `node` starting at `start` can end.
    private func ends(of node: PatternIR, from start: Int) -> Set<Int> {
        ends(of: node, from: [start])
    }

    private func ends(of node: PatternIR, from starts: Set<Int>) -> Set<Int> {
        switch node {
        case .empty:
            return starts
        case .scalars(let set):
            return Set(starts.compactMap { $0 < text.count && set.contains(text[$0]) ? $0 + 1 : nil })
        case .concatenation(let parts):
            var positions = starts
            for part in parts where !positions.isEmpty {
                positions = ends(of: part, from: positions)
            }
            return positions
        case .alternation(let alternatives):
            return alternatives.reduce(into: Set<Int>()) { $0.formUnion(ends(of: $1, from: starts)) }
        case .repetition(let body, let min, let max):
            // Mandatory iterations; the position set stops changing long before huge counts end.
            var positions = starts
            var count = 0
            while count < min, !positions.isEmpty {
                let next = ends(of: body, from: positions)
                count += 1
                if next == positions { break }
                positions = next
            }
            // Optional iterations: keep every position reached until nothing new appears.
            var reached = positions
            var frontier = positions
            var optional = 0
            while !frontier.isEmpty, max.map({ optional < $0 - min }) ?? true {
                let next = ends(of: body, from: frontier)
                frontier = next.subtracting(reached)
                reached.formUnion(next)
                optional += 1
            }
            return reached
        case .assertion(let assertion):
            return starts.filter { holds(assertion, at: $0) }
        case .lookaround(let body, let kind):
            return starts.filter { position in
                let found: Bool
                if kind.ahead {
                    found = !ends(of: body, from: position).isEmpty
                } else {
                    found = (0...position).contains { ends(of: body, from: $0).contains(position) }
                }
                return found != kind.negated
            }
        }
    }

    private func holds(_ assertion: PatternAssertion, at position: Int) -> Bool {
        switch assertion {
        case .start: return position == 0
        case .end: return position == text.count
        case .wordBoundary: return isWord(position - 1) != isWord(position)
        case .notWordBoundary: return isWord(position - 1) == isWord(position)
        }
    }

    private func isWord(_ position: Int) -> Bool {
        guard position >= 0, position < text.count else { return false }
        let value = text[position]
        return (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || value == 0x5F
            || (0x61...0x7A).contains(value)
    }
}
