/// A byte string that every match of a pattern contains, found at compile time: when the input
/// lacks it there is no match, which a scan decides far faster than the PikeVM (a lookaround
/// pattern such as `(?<![A-Za-z])admin(?![A-Za-z])` rejects most inputs by looking for `admin`).
enum RequiredLiteral {
    /// The longest such string the analysis finds (empty when it finds none). It is conservative:
    /// runs of single scalars next to each other (zero-width assertions and lookarounds between
    /// them do not separate them), through mandatory repetitions and alternatives that all require
    /// the same string.
    static func of(_ ir: PatternIR) -> [UInt8] {
        switch ir {
        case .empty, .assertion, .lookaround:
            return []
        case .scalars(let set):
            return literal(set) ?? []
        case .repetition(let body, let low, _):
            return low > 0 ? of(body) : []
        case .alternation(let alternatives):
            guard let first = alternatives.first.map(of), !first.isEmpty else { return [] }
            return alternatives.dropFirst().allSatisfy { of($0) == first } ? first : []
        case .concatenation(let parts):
            var best: [UInt8] = []
            var run: [UInt8] = []
            for part in flattened(parts) {
                switch part {
                case .empty, .assertion, .lookaround:
                    continue
                case .scalars(let set):
                    if let bytes = literal(set) {
                        run += bytes
                        continue
                    }
                default:
                    let inner = of(part)
                    if inner.count > best.count { best = inner }
                }
                if run.count > best.count { best = run }
                run = []
            }
            return run.count > best.count ? run : best
        }
    }

    /// `parts` with nested concatenations spliced in, so their literals join their neighbours'.
    private static func flattened(_ parts: [PatternIR]) -> [PatternIR] {
        parts.flatMap { part -> [PatternIR] in
            if case .concatenation(let inner) = part { return flattened(inner) }
            return [part]
        }
    }

    /// The UTF-8 encoding of a set's only scalar.
    private static func literal(_ set: ScalarSet) -> [UInt8]? {
        guard set.ranges.count == 1, let range = set.ranges.first, range.lowerBound == range.upperBound,
            let scalar = Unicode.Scalar(range.lowerBound)
        else { return nil }
        return Array(String(scalar).utf8)
    }

    /// Whether `needle` (not empty) occurs in `bytes`.
    static func occurs(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        needle.withUnsafeBufferPointer { needle in
            let first = needle[0]
            let count = bytes.count - needle.count
            guard count >= 0 else { return false }
            var index = 0
            while index <= count {
                if bytes[index] == first {
                    var matched = 1
                    while matched < needle.count, bytes[index + matched] == needle[matched] { matched += 1 }
                    if matched == needle.count { return true }
                }
                index += 1
            }
            return false
        }
    }
}
