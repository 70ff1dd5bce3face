/// Lowers a ``PatternAST`` to ``PatternIR``: classes and escapes become scalar sets, groups and
/// captures disappear, nested concatenations and alternations are flattened, and laziness is
/// dropped (it never changes whether a match exists).
///
/// Recursion follows the tree, whose group nesting the parser bounds by
/// ``PatternParser/maximumDepth``.
struct PatternLowering {
    /// One shared set per literal scalar, so a long literal pattern does not allocate a set per
    /// character.
    private var literals: [UInt32: ScalarSet] = [:]
    /// Classes already lowered: a pattern repeating one class (hostile input does) builds its set once.
    private var classes: [ClassKey: ScalarSet] = [:]

    private struct ClassKey: Hashable {
        var negated: Bool
        var items: [ClassItem]
    }

    /// Creates a lowering pass.
    init() {}

    /// Lowers `node` and everything below it.
    mutating func lower(_ node: PatternNode) -> PatternIR {
        switch node.kind {
        case .empty, .backreference:
            // The parser refuses every backreference before lowering; `.empty` keeps this total.
            return .empty
        case .literal(let value):
            if let set = literals[value] { return .scalars(set) }
            let set = ScalarSet([value...value])
            literals[value] = set
            return .scalars(set)
        case .dot:
            return .scalars(UnicodeProperties.dot)
        case .classEscape(let set):
            return .scalars(set)
        case .characterClass(let negated, let items):
            let key = ClassKey(negated: negated, items: items)
            if let set = classes[key] { return .scalars(set) }
            let union = ScalarSet(
                items.flatMap { item -> [ClosedRange<UInt32>] in
                    switch item {
                    case .scalar(let value): [value...value]
                    case .range(let lower, let upper): [lower...upper]
                    case .set(let set): set.ranges
                    }
                })
            let set = negated ? union.inverted : union
            classes[key] = set
            return .scalars(set)
        case .group(let body, _):
            return lower(body)
        case .lookaround(let body, let kind):
            return .lookaround(lower(body), kind)
        case .assertion(let assertion):
            return .assertion(assertion)
        case .repetition(let body, let min, let max, _):
            let inner = lower(body)
            if min == 1, max == 1 { return inner }
            return .repetition(inner, min: min, max: max)
        case .concatenation(let parts):
            var flat: [PatternIR] = []
            flat.reserveCapacity(parts.count)
            for part in parts {
                switch lower(part) {
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
                switch lower(alternative) {
                case .alternation(let inner): flat.append(contentsOf: inner)
                case let other: flat.append(other)
                }
            }
            return flat.count == 1 ? flat[0] : .alternation(flat)
        }
    }
}
