/// A parsed ECMAScript `u`-mode pattern: the syntax tree before lowering, with source spans.
struct PatternAST: Hashable {
    /// The whole pattern (a disjunction).
    var root: PatternNode
    /// How many capturing groups the pattern has (named or not).
    var captureCount: Int
    /// The capture group names, in source order.
    var groupNames: [String]
}

/// One node of the syntax tree. `span` counts Unicode scalars from the start of the pattern.
struct PatternNode: Hashable {
    /// What a node is. Only the cases holding nodes are boxed, so literals cost no allocation.
    enum Kind: Hashable {
        /// An empty alternative or group body.
        case empty
        /// One literal scalar: a pattern character or a character escape (`\n`, `\u{1F600}`, …).
        case literal(UInt32)
        /// `.`
        case dot
        /// A class escape outside a class: `\d \D \w \W \s \S \p{…} \P{…}`.
        case classEscape(ScalarSet)
        /// `[…]` or `[^…]`.
        case characterClass(negated: Bool, items: [ClassItem])
        /// `(…)`, `(?<name>…)`, `(?:…)` or a modifier group `(?i:…)`.
        indirect case group(PatternNode, GroupKind)
        /// `(?=…)`, `(?!…)`, `(?<=…)`, `(?<!…)`.
        indirect case lookaround(PatternNode, PatternLookaround)
        /// `^ $ \b \B`.
        case assertion(PatternAssertion)
        /// An atom with a quantifier; `max == nil` is unbounded.
        indirect case repetition(PatternNode, min: Int, max: Int?, lazy: Bool)
        /// A backreference `\N` or `\k<name>`. Parsed so the whole pattern can be checked, then
        /// refused: a pattern holding one never reaches lowering.
        case backreference
        /// Terms in order.
        case concatenation([PatternNode])
        /// `a|b|…`
        case alternation([PatternNode])
    }

    /// What the node is.
    var kind: Kind
    /// Where it is in the source, in Unicode scalars.
    var span: Range<Int>
}

/// The kind of a group that is not a lookaround.
enum GroupKind: Hashable {
    /// `(?:…)`
    case nonCapturing
    /// `(…)` (`name == nil`) or `(?<name>…)`.
    case capturing(name: String?)
    /// An ES2025 modifier group `(?ims-ims:…)`: the flags it turns on and the ones it turns off.
    case modifiers(add: PatternFlags, remove: PatternFlags)
}

/// One element of a character class.
enum ClassItem: Hashable {
    /// A single scalar.
    case scalar(UInt32)
    /// `a-z`: both ends included, `lower <= upper`.
    case range(UInt32, UInt32)
    /// A class escape inside the class (`[\d\p{L}]`).
    case set(ScalarSet)
}
