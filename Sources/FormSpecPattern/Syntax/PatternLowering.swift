/// Lowers a ``PatternAST`` to ``PatternIR``: classes and escapes become scalar sets, groups and
/// captures disappear, nested concatenations and alternations are flattened, and laziness is
/// dropped (it never changes whether a match exists).
///
/// Flags are applied here, so the automata never see them: under `i` a character or class becomes
/// every scalar with the same simple case folding (ECMAScript `u`-mode Canonicalize; a negated
/// class is the complement of its items' closure), and `\b`/`\B` count U+017F and U+212A as word
/// characters; under `s`, `.` is every scalar; under `m`, `^` and `$` become lookarounds that also
/// hold next to a line terminator.
///
/// Recursion follows the tree, whose group nesting the parser bounds by
/// ``PatternParser/maximumDepth``.
struct PatternLowering {
    /// One shared set per literal scalar, so a long literal pattern does not allocate a set per
    /// character.
    private var literals: [UInt32: ScalarSet] = [:]
    /// Classes already lowered: a pattern repeating one class (hostile input does) builds its set once.
    private var classes: [ClassKey: ScalarSet] = [:]

    /// Folded sets already computed, by the set before folding.
    private var folded: [ScalarSet: ScalarSet] = [:]

    private struct ClassKey: Hashable {
        var negated: Bool
        var ignoreCase: Bool
        var items: [ClassItem]
    }

    /// Creates a lowering pass.
    init() {}

    /// Lowers `node` and everything below it, with `flags` in force.
    mutating func lower(_ node: PatternNode, flags: PatternFlags = []) -> PatternIR {
        let ignoreCase = flags.contains(.ignoreCase)
        switch node.kind {
        case .empty, .backreference:
            // The parser refuses every backreference before lowering; `.empty` keeps this total.
            return .empty
        case .literal(let value):
            if ignoreCase { return .scalars(fold(ScalarSet([value...value]))) }
            if let set = literals[value] { return .scalars(set) }
            let set = ScalarSet([value...value])
            literals[value] = set
            return .scalars(set)
        case .dot:
            return .scalars(flags.contains(.dotAll) ? .all : UnicodeProperties.dot)
        case .classEscape(let set):
            return .scalars(ignoreCase ? fold(set) : set)
        case .characterClass(let negated, let items):
            let key = ClassKey(negated: negated, ignoreCase: ignoreCase, items: items)
            if let set = classes[key] { return .scalars(set) }
            var union = ScalarSet(
                items.flatMap { item -> [ClosedRange<UInt32>] in
                    switch item {
                    case .scalar(let value): [value...value]
                    case .range(let lower, let upper): [lower...upper]
                    case .set(let set): (ignoreCase ? fold(set) : set).ranges
                    }
                })
            if ignoreCase { union = fold(union) }
            let set = negated ? union.inverted : union
            classes[key] = set
            return .scalars(set)
        case .group(let body, .modifiers(let add, let remove)):
            return lower(body, flags: flags.union(add).subtracting(remove))
        case .group(let body, _):
            return lower(body, flags: flags)
        case .lookaround(let body, let kind):
            return .lookaround(lower(body, flags: flags), kind)
        case .assertion(let assertion):
            return Self.assertion(assertion, flags: flags)
        case .repetition(let body, let min, let max, _):
            let inner = lower(body, flags: flags)
            if min == 1, max == 1 { return inner }
            return .repetition(inner, min: min, max: max)
        case .concatenation(let parts):
            var flat: [PatternIR] = []
            flat.reserveCapacity(parts.count)
            for part in parts {
                switch lower(part, flags: flags) {
                case .empty: continue
                case .concatenation(let inner): flat.append(contentsOf: inner)
                case let other: flat.append(other)
                }
            }
            switch flat.count {
            case 0: return .empty
            case 1: return flat[0]
            default: return .concatenation(flat)
            }
        case .alternation(let alternatives):
            var flat: [PatternIR] = []
            flat.reserveCapacity(alternatives.count)
            for alternative in alternatives {
                switch lower(alternative, flags: flags) {
                case .alternation(let inner): flat.append(contentsOf: inner)
                case let other: flat.append(other)
                }
            }
            return flat.count == 1 ? flat[0] : .alternation(flat)
        }
    }

    /// The scalars a set matches under `i`: its closure under simple case folding. `\W` is the one
    /// escape that is not the closure of its set without `i`: ECMAScript's WordCharacters gain
    /// U+017F and U+212A (which fold into `[A-Za-z0-9_]`), so `\W` loses them. No other escape has
    /// exactly `\W`'s set, so it is recognised by value.
    private mutating func fold(_ set: ScalarSet) -> ScalarSet {
        if set == UnicodeProperties.nonWord { return UnicodeProperties.foldedWord.inverted }
        if let done = folded[set] { return done }
        let result = CaseFolding.closure(set)
        folded[set] = result
        return result
    }

    /// An assertion under `flags`: `^`/`$` under `m` and `\b`/`\B` under `i` as lookarounds over
    /// one scalar (the automata's assertions know only input edges and ASCII word characters).
    private static func assertion(_ assertion: PatternAssertion, flags: PatternFlags) -> PatternIR {
        let behind = PatternLookaround(ahead: false, negated: true)
        let ahead = PatternLookaround(ahead: true, negated: true)
        switch assertion {
        case .start where flags.contains(.multiline):
            // No scalar before, or a line terminator before.
            return .lookaround(.scalars(UnicodeProperties.lineTerminators.inverted), behind)
        case .end where flags.contains(.multiline):
            return .lookaround(.scalars(UnicodeProperties.lineTerminators.inverted), ahead)
        case .wordBoundary where flags.contains(.ignoreCase), .notWordBoundary where flags.contains(.ignoreCase):
            let word = PatternIR.scalars(UnicodeProperties.foldedWord)
            let wordBefore = PatternIR.lookaround(word, PatternLookaround(ahead: false, negated: false))
            let wordAfter = PatternIR.lookaround(word, PatternLookaround(ahead: true, negated: false))
            let noWordBefore = PatternIR.lookaround(word, behind)
            let noWordAfter = PatternIR.lookaround(word, ahead)
            if assertion == .wordBoundary {
                return .alternation([
                    .concatenation([wordBefore, noWordAfter]), .concatenation([noWordBefore, wordAfter]),
                ])
            }
            return .alternation([
                .concatenation([wordBefore, wordAfter]), .concatenation([noWordBefore, noWordAfter]),
            ])
        default:
            return .assertion(assertion)
        }
    }
}
