import FormSpecPattern

/// Writes `05-unicode-data.js`, the tables the JavaScript runtime's text semantics read, from Swift
/// itself: the standard library of the toolchain that runs the test (`String.count`, `Character`
/// and `Unicode.Scalar.Properties`) and FormSpec's `CaseFolding`. `JavaScriptUnicodeTests` checks
/// the committed file against it and proves the JavaScript answers equal Swift's.
enum JavaScriptUnicodeData {
    static let path = "Sources/FormSpecCLISupport/JavaScript/runtime/05-unicode-data.js"

    /// Every scalar value (surrogates excluded).
    static let scalars: [Unicode.Scalar] = (0...0x10FFFF as ClosedRange<UInt32>).compactMap(Unicode.Scalar.init)

    // MARK: Grapheme breaking

    /// The stdlib's `Unicode._GraphemeBreakProperty` cases, numbered as `10-unicode.js` numbers them.
    enum Break: UInt8, CaseIterable {
        case any = 0, control, extend, zwj, spacingMark, prepend, pictographic, regionalIndicator, l, v, t, lv, lvt
    }

    /// The stdlib's grapheme breaking state machine (`StringGraphemeBreaking.swift`) decides with
    /// the class of each scalar; the class is not public API. Each scalar's class is read off
    /// `String.count` on a few probes around it instead, every rule tried against scalars whose
    /// class is known (U+05D0 HEBREW LETTER ALEF: Any, outside the stdlib's quick-break ranges;
    /// U+1F600: Extended_Pictographic; U+1100, U+1161, U+11A8: Hangul L, V, T):
    ///
    /// - X + U+0301 breaks only after Control (GB4; every other class is followed by Extend, GB9);
    /// - ALEF + X joins only before Extend, ZWJ (GB9) and SpacingMark (GB9a), which then differ by
    ///   GB11: 😀 X 😀 joins only for ZWJ, 😀 X ZWJ 😀 only for Extend;
    /// - X + ALEF joins only after Prepend (GB9b);
    /// - 😀 ZWJ X joins only before Extended_Pictographic (GB11), once the classes above are out;
    /// - the Hangul classes by which of L + X, X + V, X + T, X + X join (GB6–8), and
    ///   Regional_Indicator by X X joining but not X X X (GB12, GB13).
    static func graphemeBreak(_ x: UInt32) -> Break {
        let alef: UInt32 = 0x5D0, emoji: UInt32 = 0x1F600, zwj: UInt32 = 0x200D
        if count([x, 0x301]) == 2 { return .control }
        if count([alef, x]) == 1 {
            if count([emoji, x, emoji]) == 1 { return .zwj }
            return count([emoji, x, zwj, emoji]) == 1 ? .extend : .spacingMark
        }
        if count([x, alef]) == 1 { return .prepend }
        if count([emoji, zwj, x]) == 1 { return .pictographic }
        let afterL = count([0x1100, x]) == 1, beforeV = count([x, 0x1161]) == 1
        let beforeT = count([x, 0x11A8]) == 1, twice = count([x, x]) == 1
        switch (afterL, beforeV, beforeT, twice) {
        case (true, true, false, true): return .l
        case (true, true, true, true): return .v
        case (false, false, true, true): return .t
        case (true, true, true, false): return .lv
        case (true, false, true, false): return .lvt
        case (false, false, false, true) where count([x, x, x]) == 2: return .regionalIndicator
        default: return .any
        }
    }

    /// Whether the stdlib gives a class to `x` from hard-coded ranges before its table
    /// (`Unicode._GraphemeBreakProperty.init(from:)`); `10-unicode.js` has the same ranges, so
    /// the table leaves these scalars out.
    static func isHardCoded(_ x: UInt32) -> Bool {
        switch x {
        case 0...0x7E, 0x200D, 0x1100...0x11FF, 0xA960...0xA97C, 0xAC00...0xD7A3, 0xD7B0...0xD7C6, 0xD7CB...0xD7FB,
            0x1F1E6...0x1F1FF, 0x1FC00...0x1FFFD, 0xE01F0...0xE0FFF:
            return true
        default:
            return false
        }
    }

    /// InCB=Consonant as the stdlib has it (`_isInCBConsonant`): X + U+094D DEVANAGARI SIGN VIRAMA
    /// (an InCB=Linker) + U+0915 DEVANAGARI LETTER KA (a consonant) is one character only when X is
    /// a consonant (GB9c).
    static func isConsonant(_ x: UInt32) -> Bool {
        count([x, 0x301]) == 1 && count([x, 0x94D, 0x915]) == 1
    }

    /// `String.count` of the scalars.
    static func count(_ values: [UInt32]) -> Int {
        var scalars = String.UnicodeScalarView()
        for value in values { scalars.append(Unicode.Scalar(value)!) }
        return String(scalars).count
    }

    // MARK: Character and scalar properties

    /// The scalar sets the runtime reads, each as the stdlib defines it.
    static let properties: [(name: String, doc: String, test: @Sendable (Unicode.Scalar) -> Bool)] = [
        (
            "FS_ALPHABETIC",
            "Unicode.Scalar.Properties.isAlphabetic: fsScalarIsAlphabetic (Character.isLetter, ContainsRule).",
            { $0.properties.isAlphabetic }
        ),
        (
            "FS_WHITE_SPACE",
            "Unicode.Scalar.Properties.isWhitespace: fsScalarIsWhitespace (Character.isWhitespace, ContainsRule).",
            { $0.properties.isWhitespace }
        ),
        (
            "FS_NUMERIC", "Unicode.Scalar.Properties.numericType != nil: fsScalarIsNumeric (Character.isNumber).",
            { $0.properties.numericType != nil }
        ),
        (
            "FS_DECIMAL_NUMBER", "generalCategory == .decimalNumber: fsScalarIsDecimalDigit (ContainsRule's digit).",
            { $0.properties.generalCategory == .decimalNumber }
        ),
        (
            "FS_UPPERCASE_CHARACTER",
            "Character(scalar).isUppercase: fsScalarIsUppercaseCharacter (Character.isUppercase, ContainsRule).",
            { Character($0).isUppercase }
        ),
        (
            "FS_LOWERCASE_CHARACTER",
            "Character(scalar).isLowercase: fsScalarIsLowercaseCharacter (Character.isLowercase, ContainsRule).",
            { Character($0).isLowercase }
        ),
        (
            "FS_CHANGES_WHEN_UPPERCASED",
            "String(scalar).uppercased() != String(scalar): fsScalarChangesWhenUppercased (Character.isUppercase and isLowercase of several scalars).",
            { String($0).uppercased() != String($0) }
        ),
        (
            "FS_CHANGES_WHEN_LOWERCASED",
            "String(scalar).lowercased() != String(scalar): fsScalarChangesWhenLowercased (Character.isUppercase and isLowercase of several scalars).",
            { String($0).lowercased() != String($0) }
        ),
    ]

    // MARK: Encoding

    /// A number as base-32 digits, most significant first: the last from `0-9A-V`, earlier ones
    /// from `a-z!#$%&*` (the encoding of FormSpec's pattern tables, `ScalarSet.init(encodedRanges:)`).
    static func digits(_ number: UInt32) -> String {
        let last = Array("0123456789ABCDEFGHIJKLMNOPQRSTUV")
        let earlier = Array("abcdefghijklmnopqrstuvwxyz!#$%&*")
        var text = String(last[Int(number % 32)])
        var rest = number / 32
        while rest > 0 {
            text.insert(earlier[Int(rest % 32)], at: text.startIndex)
            rest /= 32
        }
        return text
    }

    /// Maximal runs of consecutive scalar values with the same non-nil value of `value`.
    static func runs<T: Equatable>(_ value: (UInt32) -> T?) -> [(range: ClosedRange<UInt32>, value: T)] {
        var runs: [(range: ClosedRange<UInt32>, value: T)] = []
        for scalar in scalars {
            guard let item = value(scalar.value) else { continue }
            if let last = runs.last, last.value == item, last.range.upperBound + 1 == scalar.value {
                runs[runs.count - 1].range = last.range.lowerBound...scalar.value
            } else {
                runs.append((scalar.value...scalar.value, item))
            }
        }
        return runs
    }

    /// Ranges as numbers: the gap since the previous range's end (the first: since 0), the length
    /// minus one, then `extra`'s numbers for the range.
    static func encode<T>(_ runs: [(range: ClosedRange<UInt32>, value: T)], extra: (T) -> [UInt32] = { _ in [] })
        -> String
    {
        var text = ""
        var next: UInt32 = 0
        for (range, value) in runs {
            text += digits(range.lowerBound - next) + digits(range.upperBound - range.lowerBound)
            for number in extra(value) { text += digits(number) }
            next = range.upperBound + 1
        }
        return text
    }

    static func table(_ name: String, _ doc: String, _ text: String) -> String {
        "\n/** \(doc) */\nconst \(name) = \"\(text)\";\n"
    }

    // MARK: The file

    static func source() -> String {
        var out = """
            // GENERATED by `FORMSPEC_RECORD=1 swift test --filter JavaScriptUnicode` from the Swift standard
            // library that ran it and FormSpec's CaseFolding (Tests/FormSpecJavaScriptTests/JavaScriptUnicodeData.swift).
            // Do not edit. The tables `10-unicode.js` reads, decoded on first use.
            //
            // Numbers are base-32 digits, most significant first: the last digit from 0-9A-V, earlier ones
            // from a-z!#$%&* (fsDecodeNumbers). A scalar set is pairs of numbers: the gap since the previous
            // range's end (the first: since U+0000) and the range's length minus one (fsRanges). Each table
            // is one `const`, read only by the function its comment names, when first called: a module whose
            // program never calls that function may leave the table out.

            """
        let breaks = runs { value -> UInt8? in
            guard !isHardCoded(value) else { return nil }
            let kind = graphemeBreak(value)
            return kind == .any ? nil : kind.rawValue
        }
        out += table(
            "FS_GRAPHEME_BREAK",
            "Grapheme_Cluster_Break classes outside the stdlib's hard-coded ranges, read off String.count: fsGraphemeBreak (every character walk). Ranges with a third number, the class (FS_GB_…).",
            encode(breaks, extra: { [UInt32($0)] }))
        out += table(
            "FS_INCB_CONSONANT",
            "InCB=Consonant as the stdlib has it, read off String.count: fsIsInCBConsonant (every character walk).",
            encode(runs { isConsonant($0) ? true : nil }))
        for property in properties {
            let set = runs { property.test(Unicode.Scalar($0)!) ? true : nil }
            out += table(property.name, property.doc, encode(set))
        }
        // Only case folding reads the last two: a module without case-insensitive rules leaves them
        // out (JavaScriptRuntimeEmbeddingTests says how).
        out += "\n/*! @feature case-folding */\n"
        out += table(
            "FS_SIMPLE_FOLDING",
            "FormSpec's CaseFolding.simpleFold past ASCII: CaseFolding. Pairs of the gap since the previous scalar (minus one) and the zigzag-encoded difference to the folding.",
            simpleFoldings())
        out += table(
            "FS_FULL_FOLDING",
            "FormSpec's CaseFolding.fullFold where it gives more than one scalar: CaseFolding. The gap since the previous scalar (minus one), the count, the scalars.",
            fullFoldings())
        return out
    }

    static func simpleFoldings() -> String {
        var text = ""
        var previous: Int64 = -1
        for scalar in scalars where scalar.value >= 0x80 {
            let folded = CaseFolding.simpleFold(scalar.value)
            guard folded != scalar.value else { continue }
            let difference = Int64(folded) - Int64(scalar.value)
            let zigzag = difference >= 0 ? UInt32(2 * difference) : UInt32(-2 * difference - 1)
            text += digits(UInt32(Int64(scalar.value) - previous - 1)) + digits(zigzag)
            previous = Int64(scalar.value)
        }
        return text
    }

    static func fullFoldings() -> String {
        var text = ""
        var previous: Int64 = -1
        for scalar in scalars {
            let folded = CaseFolding.fullFold(String(scalar)).unicodeScalars.map(\.value)
            guard folded.count > 1 else { continue }
            text += digits(UInt32(Int64(scalar.value) - previous - 1)) + digits(UInt32(folded.count))
            for value in folded { text += digits(value) }
            previous = Int64(scalar.value)
        }
        return text
    }
}
