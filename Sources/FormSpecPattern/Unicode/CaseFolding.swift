/// Unicode case folding (CaseFolding.txt, Unicode ``CaseFolding/unicodeVersion``): simple folding
/// for the pattern engine's `i` flag (ECMAScript `u`-mode Canonicalize) and full default folding
/// for comparing text without regard to case.
///
/// The tables are decoded on first use. Turkic foldings (status T) are never applied: `I` folds to
/// `i` and `İ` to `i` + U+0307, whatever the locale.
package enum CaseFolding {
    /// The Unicode version of the tables.
    package static let unicodeVersion = CaseFoldingTables.unicodeVersion

    /// The simple case folding of `scalar` (statuses C and S): one scalar, `scalar` itself when it
    /// does not fold.
    package static func simpleFold(_ scalar: UInt32) -> UInt32 {
        if scalar < 0x80 {
            return scalar &- 0x41 < 26 ? scalar | 0x20 : scalar
        }
        let table = simple
        var low = 0
        var high = table.keys.count
        while low < high {
            let middle = (low + high) / 2
            let key = table.keys[middle]
            if key < scalar {
                low = middle + 1
            } else if key > scalar {
                high = middle
            } else {
                return table.values[middle]
            }
        }
        return scalar
    }

    /// Appends the full default case folding of `scalar` (statuses C and F) to `output`.
    package static func appendFullFolding(of scalar: Unicode.Scalar, to output: inout String.UnicodeScalarView) {
        if let expansion = full[scalar.value] {
            for value in expansion { output.append(Unicode.Scalar(value)!) }
        } else {
            output.append(Unicode.Scalar(simpleFold(scalar.value))!)
        }
    }

    /// Whether ``fullFold(_:)`` would return `text` unchanged because it is ASCII without an upper
    /// case letter: the common case, answered from the UTF-8 bytes without allocating.
    @inlinable
    package static func isFoldedASCII(_ text: String) -> Bool {
        if let answer = text.utf8.withContiguousStorageIfAvailable({ bytes in
            !bytes.contains { $0 >= 0x80 || $0 &- 0x41 < 26 }
        }) {
            return answer
        }
        return !text.utf8.contains { $0 >= 0x80 || $0 &- 0x41 < 26 }
    }

    /// The full default case folding of `text` (CaseFolding.txt statuses C and F), scalar by
    /// scalar. Two texts are equal without regard to case when their foldings are equal.
    /// - Returns: `text` itself, without allocating, when it is ASCII with no upper case letter.
    package static func fullFold(_ text: String) -> String {
        if isFoldedASCII(text) { return text }
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { appendFullFolding(of: scalar, to: &output) }
        return String(output)
    }

    /// Whether `a` and `b` are equal under full default case folding: their foldings have the same
    /// scalars. Allocates nothing; ASCII texts are compared byte by byte.
    package static func equal(_ a: String, _ b: String) -> Bool {
        let ascii = a.utf8.withContiguousStorageIfAvailable { left in
            b.utf8.withContiguousStorageIfAvailable { right in asciiEqual(left, right) }
        }
        if let ascii = ascii ?? nil, let answer = ascii { return answer }
        var left = FoldedScalars(a)
        var right = FoldedScalars(b)
        while true {
            let x = left.next()
            guard x == right.next() else { return false }
            if x == nil { return true }
        }
    }

    /// ``equal(_:_:)`` for ASCII bytes, or `nil` as soon as a byte past ASCII could change the
    /// answer (`ß` folds to `ss`).
    private static func asciiEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool? {
        let common = min(a.count, b.count)
        for index in 0..<common {
            let x = a[index]
            let y = b[index]
            guard x < 0x80, y < 0x80 else { return nil }
            if x != y, x | 0x20 != y | 0x20 || (x | 0x20) &- 0x61 >= 26 { return false }
        }
        let rest = a.count > common ? a[common...] : b[common...]
        if rest.isEmpty { return true }
        return rest.allSatisfy { $0 < 0x80 } ? false : nil
    }

    /// Whether `needle`'s folding occurs in `haystack`'s folding (full default case folding), in
    /// time linear in both (Knuth–Morris–Pratt over folded scalars). An empty needle occurs.
    package static func contains(_ haystack: String, _ needle: String) -> Bool {
        // A scalar folds to at most three: room for the folded needle, on the stack when it is
        // form-sized (the standard library moves large requests to the heap).
        let capacity = 3 * needle.unicodeScalars.count
        guard capacity > 0 else { return true }
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: capacity) { pattern in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: capacity) { failure in
                var count = 0
                var folding = FoldedScalars(needle)
                while let scalar = folding.next() {
                    pattern[count] = scalar
                    count += 1
                }
                return search(FoldedScalars(haystack), for: UnsafeBufferPointer(rebasing: pattern[..<count]), failure)
            }
        }
    }

    /// Knuth–Morris–Pratt: whether `pattern` occurs in `text`; `failure` is scratch of at least
    /// `pattern.count` entries.
    private static func search(
        _ text: FoldedScalars, for pattern: UnsafeBufferPointer<UInt32>, _ failure: UnsafeMutableBufferPointer<Int>
    ) -> Bool {
        guard !pattern.isEmpty else { return true }
        // failure[i]: the length of the longest proper border of pattern[0...i].
        failure[0] = 0
        var border = 0
        for index in pattern.indices.dropFirst() {
            while border > 0 && pattern[index] != pattern[border] { border = failure[border - 1] }
            if pattern[index] == pattern[border] { border += 1 }
            failure[index] = border
        }
        var matched = 0
        var text = text
        while let scalar = text.next() {
            while matched > 0 && scalar != pattern[matched] { matched = failure[matched - 1] }
            if scalar == pattern[matched] { matched += 1 }
            if matched == pattern.count { return true }
        }
        return false
    }

    /// The scalars of a text's full default case folding, one at a time, without allocating.
    struct FoldedScalars: IteratorProtocol {
        private var base: String.UnicodeScalarView.Iterator
        /// The rest of a multi-scalar folding (at most three scalars, so at most two pending).
        private var pending: (UInt32, UInt32) = (0, 0)
        private var pendingCount = 0

        init(_ text: String) { base = text.unicodeScalars.makeIterator() }

        mutating func next() -> UInt32? {
            if pendingCount > 0 {
                let value = pending.0
                pending.0 = pending.1
                pendingCount -= 1
                return value
            }
            guard let scalar = base.next()?.value else { return nil }
            if scalar < 0x80 { return scalar &- 0x41 < 26 ? scalar | 0x20 : scalar }
            if let expansion = CaseFolding.full[scalar] {
                pendingCount = expansion.count - 1
                if pendingCount > 0 { pending.0 = expansion[1] }
                if pendingCount > 1 { pending.1 = expansion[2] }
                return expansion[0]
            }
            return CaseFolding.simpleFold(scalar)
        }
    }

    /// Every scalar whose simple folding is the simple folding of a member of `set`: what a class
    /// matches under the `i` flag (before any negation of the class).
    static func closure(_ set: ScalarSet) -> ScalarSet {
        var added: [ClosedRange<UInt32>] = []
        func addOrbit(_ members: [UInt32]) {
            for member in members where !set.contains(member) { added.append(member...member) }
        }
        var size = 0
        for range in set.ranges where size <= 64 { size += Int(range.upperBound - range.lowerBound) + 1 }
        if size <= 64 {
            // A literal or a small class (the common case, and what a hostile pattern repeats):
            // look up each scalar's class instead of walking every class.
            for range in set.ranges {
                for scalar in range { if let members = orbits[simpleFold(scalar)] { addOrbit(members) } }
            }
        } else {
            for members in orbits.values where members.contains(where: set.contains) { addOrbit(members) }
        }
        return added.isEmpty ? set : set.union(ScalarSet(added))
    }

    // MARK: Tables

    /// Non-ASCII scalars with a simple folding, sorted, and their foldings. ASCII letters are
    /// computed, not stored.
    private static let simple: (keys: [UInt32], values: [UInt32]) = {
        let numbers = decodeNumbers(CaseFoldingTables.simple)
        var keys: [UInt32] = []
        var values: [UInt32] = []
        var previous: Int64 = -1
        var index = 0
        while index + 1 < numbers.count {
            let scalar = previous + 1 + Int64(numbers[index])
            let zigzag = Int64(numbers[index + 1])
            let difference = zigzag & 1 == 0 ? zigzag / 2 : -(zigzag + 1) / 2
            previous = scalar
            index += 2
            guard scalar >= 0x80 else { continue }
            keys.append(UInt32(scalar))
            values.append(UInt32(scalar + difference))
        }
        return (keys, values)
    }()

    /// Every simple folding class with more than one member, by the scalar it folds to (which is
    /// one of the members).
    private static let orbits: [UInt32: [UInt32]] = {
        var orbits: [UInt32: [UInt32]] = [:]
        for (key, value) in zip(simple.keys, simple.values) {
            orbits[value, default: [value]].append(key)
        }
        for letter: UInt32 in 0x61...0x7A { orbits[letter, default: [letter]].append(letter - 0x20) }
        return orbits
    }()

    /// Full foldings of more than one scalar.
    fileprivate static let full: [UInt32: [UInt32]] = {
        let numbers = decodeNumbers(CaseFoldingTables.full)
        var table: [UInt32: [UInt32]] = [:]
        var previous: Int64 = -1
        var index = 0
        while index + 1 < numbers.count {
            let scalar = previous + 1 + Int64(numbers[index])
            let count = Int(numbers[index + 1])
            guard index + 2 + count <= numbers.count else { break }
            table[UInt32(scalar)] = Array(numbers[(index + 2)..<(index + 2 + count)])
            previous = scalar
            index += 2 + count
        }
        return table
    }()

    /// The numbers of a generated table: base-32 digits as in `ScalarSet.init(encodedRanges:)`,
    /// with line breaks and spaces ignored.
    @inline(never)
    private static func decodeNumbers(_ text: StaticString) -> [UInt32] {
        var numbers: [UInt32] = []
        var number: UInt32 = 0
        text.withUTF8Buffer { bytes in
            for byte in bytes {
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: " ") { continue }
                guard let (digit, isLast) = ScalarSet.decodeDigit(byte) else { return }
                number = number &* 32 &+ digit
                if isLast {
                    numbers.append(number)
                    number = 0
                }
            }
        }
        return numbers
    }
}
