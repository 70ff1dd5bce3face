/// Suggests the closest of `candidates` to a misspelt `word`, the way compilers do.
///
/// The work is bounded whatever the input: words longer than ``didYouMeanMaxLength`` get no
/// suggestion, candidates whose length alone rules them out are skipped without comparing, at most
/// ``didYouMeanMaxCandidates`` candidates are compared, and each comparison stops as soon as it
/// exceeds the allowed distance. A spec with thousands of misspelt names over thousands of
/// candidates therefore costs milliseconds, not minutes.
///
/// - Parameters:
///   - word: What the user wrote.
///   - candidates: The names that would have been valid.
/// - Returns: The closest candidate when it is plausibly a typo of `word`, else `nil`; the first
///   such candidate in order on a tie.
package func closestMatch(to word: String, in candidates: some Sequence<String>) -> String? {
    var budget = didYouMeanMaxCandidates
    return closestMatch(to: word, in: candidates, comparisons: &budget)
}

/// ``closestMatch(to:in:)`` drawing on a shared budget of comparisons, so a caller that asks for
/// many suggestions (a spec with thousands of misspelt names) bounds their total work; each
/// comparison spends one unit, and an exhausted budget yields no suggestion.
package func closestMatch(to word: String, in candidates: some Sequence<String>, comparisons budget: inout Int)
    -> String?
{
    guard word.utf8.count <= didYouMeanMaxLength * 4 else { return nil }
    let target = Array(word.lowercased().unicodeScalars)
    guard !target.isEmpty, target.count <= didYouMeanMaxLength else { return nil }
    // Allow roughly one edit per three characters, at least one, so `min_lenght` finds `min_length`
    // but `foo` does not "find" `max`. The bound uses the shorter of the two names, so it is at
    // most this for any candidate.
    let widest = max(1, target.count / 3)
    var best: (name: String, distance: Int)?
    var compared = 0
    var scratch = EditDistanceScratch()
    for candidate in candidates {
        // A spent budget ends the search before looking at any more names: a spec with thousands
        // of misspelt names over a hundred thousand fields stays bounded.
        if budget <= 0 { break }
        // A length difference of d needs at least d edits: most candidates end here, uncompared.
        let length = candidate.unicodeScalars.count
        guard abs(length - target.count) <= widest else { continue }
        let allowed = max(1, min(target.count, length) / 3)
        guard abs(length - target.count) <= allowed else { continue }
        compared += 1
        if compared > didYouMeanMaxCandidates || budget <= 0 { break }
        budget -= 1
        let bound = min(allowed, (best?.distance ?? .max) - 1)
        guard bound >= 0 else { break }
        scratch.load(candidate)
        if let distance = scratch.distance(from: target, atMost: bound) {
            best = (candidate, distance)
            if distance == 0 { break }
        }
    }
    return best?.name
}

/// Buffers reused across the comparisons of one suggestion, so comparing a thousand candidates
/// allocates nothing per candidate.
private struct EditDistanceScratch {
    var word: [Unicode.Scalar] = []
    var rows = DistanceRows()

    /// Loads `candidate`, lowercased.
    mutating func load(_ candidate: String) {
        word.removeAll(keepingCapacity: true)
        for scalar in candidate.unicodeScalars {
            if scalar.isASCII {
                let value = scalar.value
                word.append((65...90).contains(value) ? Unicode.Scalar(UInt8(value + 32)) : scalar)
            } else {
                word.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            }
        }
    }

    mutating func distance(from target: [Unicode.Scalar], atMost limit: Int) -> Int? {
        editDistance(target, word, atMost: limit, rows: &rows)
    }
}

/// Words longer than this (in Unicode scalars) get no did-you-mean: no name is that long.
package let didYouMeanMaxLength = 64
/// At most this many candidates are compared for one suggestion.
package let didYouMeanMaxCandidates = 1_000

/// Damerau-Levenshtein (optimal string alignment) distance: a swap of two neighbours counts as one edit.
func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    editDistance(a, b, atMost: max(a.count, b.count)) ?? max(a.count, b.count)
}

/// The optimal-string-alignment distance of `a` and `b` when it is at most `limit`, else `nil`;
/// gives up as soon as a whole row exceeds `limit`.
func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost limit: Int) -> Int? {
    var rows = DistanceRows()
    return editDistance(a, b, atMost: limit, rows: &rows)
}

/// The three rows of the distance table.
private struct DistanceRows {
    var previous2: [Int] = []
    var previous: [Int] = []
    var current: [Int] = []
}

/// ``editDistance(_:_:atMost:)`` computing in `rows` (three buffers, reused by the caller).
private func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost limit: Int, rows: inout DistanceRows)
    -> Int?
{
    if abs(a.count - b.count) > limit { return nil }
    if a.isEmpty { return b.count <= limit ? b.count : nil }
    if b.isEmpty { return a.count <= limit ? a.count : nil }
    var previous2: [Int] = []
    var previous: [Int] = []
    var current: [Int] = []
    swap(&previous2, &rows.previous2)
    swap(&previous, &rows.previous)
    swap(&current, &rows.current)
    defer {
        swap(&previous2, &rows.previous2)
        swap(&previous, &rows.previous)
        swap(&current, &rows.current)
    }
    previous2.removeAll(keepingCapacity: true)
    previous2.append(contentsOf: repeatElement(0, count: b.count + 1))
    previous.removeAll(keepingCapacity: true)
    previous.append(contentsOf: 0...b.count)
    current.removeAll(keepingCapacity: true)
    current.append(contentsOf: repeatElement(0, count: b.count + 1))
    for i in 1...a.count {
        current[0] = i
        var rowMinimum = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                current[j] = min(current[j], previous2[j - 2] + 1)
            }
            rowMinimum = min(rowMinimum, current[j])
        }
        // Every later cell comes from a cell of this row (a transposition from the row before is
        // never cheaper than the diagonal through this one), so a row over the limit ends the search.
        if rowMinimum > limit { return nil }
        (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count] <= limit ? previous[b.count] : nil
}
