/// Suggests the closest of `candidates` to a misspelt `word`, the way compilers do.
///
/// - Parameters:
///   - word: What the user wrote.
///   - candidates: The names that would have been valid.
/// - Returns: The closest candidate when it is plausibly a typo of `word`, else `nil`.
public func closestMatch(to word: String, in candidates: some Sequence<String>) -> String? {
    let target = Array(word.lowercased().unicodeScalars)
    guard !target.isEmpty else { return nil }
    var best: (name: String, distance: Int)?
    for candidate in candidates {
        let distance = editDistance(target, Array(candidate.lowercased().unicodeScalars))
        if distance < (best?.distance ?? .max) { best = (candidate, distance) }
    }
    guard let best else { return nil }
    // Allow roughly one edit per three characters, at least one, so `min_lenght` finds `min_length`
    // but `foo` does not "find" `max`.
    let allowed = max(1, min(target.count, best.name.count) / 3)
    return best.distance <= allowed ? best.name : nil
}

/// Damerau-Levenshtein (optimal string alignment) distance: a swap of two neighbours counts as one edit.
func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                current[j] = min(current[j], previous2[j - 2] + 1)
            }
        }
        (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
}
