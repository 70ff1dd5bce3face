/// The pattern engine's intermediate representation: what the syntax layer lowers an ECMAScript
/// `u`-mode pattern into and what the automata layer compiles.
///
/// There is no syntax sugar left here: character classes, escapes (`\d`, `\w`, `\s`, `\p{…}`),
/// `.` and `[^]` are all a ``ScalarSet``; quantifiers are one ``PatternIR/repetition(_:min:max:)``;
/// captures are gone (FormSpec only asks "is there a match", so groups, names, greediness and
/// laziness never change a verdict). Anchors and lookarounds stay as zero-width nodes.
package indirect enum PatternIR: Sendable, Hashable, Codable {
    /// Matches the empty string (an empty alternative, `()`, `(?:)`).
    case empty
    /// Matches one Unicode scalar from the set. An empty set (`[]`) matches nothing.
    case scalars(ScalarSet)
    /// Each part in order.
    case concatenation([PatternIR])
    /// Any one of the alternatives.
    case alternation([PatternIR])
    /// `min` to `max` repetitions (`max == nil`: unbounded). Counts are as written, clamped to
    /// `Int.max`; the automata layer refuses a pattern whose expansion exceeds its size limit.
    case repetition(PatternIR, min: Int, max: Int?)
    /// A zero-width assertion.
    case assertion(PatternAssertion)
    /// A zero-width lookaround: `(?=…)`, `(?!…)`, `(?<=…)`, `(?<!…)`.
    case lookaround(PatternIR, PatternLookaround)
}

/// A zero-width assertion of the pattern language (no `m` flag: `^` and `$` are input edges).
package enum PatternAssertion: String, Sendable, Hashable, Codable {
    /// `^`: the start of the input.
    case start
    /// `$`: the very end of the input (never before a trailing newline).
    case end
    /// `\b`: between an ASCII word character `[A-Za-z0-9_]` and a non-word character or edge.
    case wordBoundary
    /// `\B`: not at a word boundary.
    case notWordBoundary
}

/// Which way a lookaround looks and whether it is negated.
package struct PatternLookaround: Sendable, Hashable, Codable {
    /// `true` for lookahead (`(?=`, `(?!`), `false` for lookbehind (`(?<=`, `(?<!`).
    package var ahead: Bool
    /// `true` for the negative forms (`(?!`, `(?<!`).
    package var negated: Bool

    /// Creates a lookaround kind.
    package init(ahead: Bool, negated: Bool) {
        self.ahead = ahead
        self.negated = negated
    }
}

/// A set of Unicode scalar values as sorted, non-overlapping, non-adjacent closed ranges.
///
/// Values are code points `0...0x10FFFF`. Surrogates (`0xD800...0xDFFF`) may appear in a set (a
/// class can name them) but never occur in a Swift `String`, so they never match.
package struct ScalarSet: Sendable, Hashable, Codable {
    /// The ranges, sorted by lower bound, with a gap of at least one value between neighbours.
    package private(set) var ranges: [ClosedRange<UInt32>]

    /// The empty set.
    package init() { ranges = [] }

    /// The union of `ranges`, in any order, overlapping or not.
    package init(_ ranges: some Sequence<ClosedRange<UInt32>>) {
        let sorted = ranges.sorted { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<UInt32>] = []
        merged.reserveCapacity(sorted.count)
        for range in sorted {
            if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                if range.upperBound > last.upperBound {
                    merged[merged.count - 1] = last.lowerBound...range.upperBound
                }
            } else {
                merged.append(range)
            }
        }
        self.ranges = merged
    }

    /// Every scalar value (`[^]`).
    package static let all = ScalarSet([0...0x10FFFF])

    /// Whether the set holds `value`.
    package func contains(_ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < value {
                low = middle + 1
            } else if ranges[middle].lowerBound > value {
                high = middle
            } else {
                return true
            }
        }
        return false
    }

    /// Every value not in the set (within `0...0x10FFFF`).
    package var inverted: ScalarSet {
        var result: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            next = range.upperBound &+ 1
        }
        if next <= 0x10FFFF, ranges.last?.upperBound != 0x10FFFF { result.append(next...0x10FFFF) }
        return ScalarSet(result)
    }

    /// The values in either set.
    package func union(_ other: ScalarSet) -> ScalarSet { ScalarSet(ranges + other.ranges) }

    /// The values in both sets.
    package func intersection(_ other: ScalarSet) -> ScalarSet {
        inverted.union(other.inverted).inverted
    }

    /// The values in `self` but not in `other`.
    package func subtracting(_ other: ScalarSet) -> ScalarSet { intersection(other.inverted) }
}
