/// A hand-written parser for the ECMAScript 2025 `Pattern` grammar with the `u` flag (no `v` flag,
/// no Annex B; with modifier groups `(?ims-ims:…)`), producing a ``PatternAST``.
///
/// Groups are parsed with an explicit stack rather than recursion, so no pattern text can overflow
/// the call stack; nesting deeper than ``maximumDepth`` is an error so that the later, recursive
/// stages (lowering, automata, hashing) stay bounded too. Classes do not nest in `u` mode.
struct PatternParser {
    /// How deeply groups may nest. ECMAScript has no limit; FormSpec needs one to bound recursion
    /// downstream, and no form pattern comes close.
    static let maximumDepth = 500
    /// V8 (the oracle) refuses more capture groups than this.
    static let maximumCaptures = 32_767

    private let scalars: [UInt32]
    private var position = 0
    private var captureCount = 0
    private var groupNames: [String: Range<Int>] = [:]
    /// Where each named group sits: for every group around it, the `(` offset and which of its
    /// alternatives holds it (ES2025 allows a name twice only in different alternatives).
    private var namePlacements: [String: [[AlternativeStep]]] = [:]
    private var orderedNames: [String] = []

    private struct AlternativeStep: Equatable {
        var groupStart: Int
        var alternative: Int
    }
    private var backreferences: [Backreference] = []

    private enum Backreference {
        case number(Int, Range<Int>)
        case name(String, Range<Int>)
    }

    /// What the last term of the current alternative was, to decide what a quantifier may follow.
    private enum LastTerm {
        case none, atom, assertion, lookaround, quantified
    }

    /// An open group (or the whole pattern, at the bottom of the stack).
    private struct Frame {
        enum Opener {
            case pattern
            case group(GroupKind)
            case lookaround(PatternLookaround)
        }
        var opener: Opener
        /// Offset of the `(` (0 for the pattern).
        var start: Int
        var alternatives: [PatternNode] = []
        var terms: [PatternNode] = []
        var alternativeStart: Int
        var last: LastTerm = .none

        /// Appends a term to the current alternative and records what kind it was.
        mutating func append(_ node: PatternNode, as kind: LastTerm) {
            terms.append(node)
            last = kind
        }

        /// Closes the current alternative at `end`.
        mutating func finishAlternative(end: Int) {
            let span = alternativeStart..<end
            switch terms.count {
            case 0: alternatives.append(PatternNode(kind: .empty, span: span))
            case 1: alternatives.append(terms[0])
            default: alternatives.append(PatternNode(kind: .concatenation(terms), span: span))
            }
            terms = []
            last = .none
        }

        /// The group's body once every alternative is finished.
        func body(span: Range<Int>) -> PatternNode {
            alternatives.count == 1 ? alternatives[0] : PatternNode(kind: .alternation(alternatives), span: span)
        }
    }

    /// Prepares to parse `source`.
    init(_ source: String) {
        scalars = source.unicodeScalars.map(\.value)
    }

    /// Parses the whole pattern.
    /// - Throws: ``PatternSyntaxError`` for the first syntax error, or for a backreference.
    mutating func parse() throws(PatternSyntaxError) -> PatternAST {
        var frames = [Frame(opener: .pattern, start: 0, alternativeStart: 0)]
        while let scalar = peek() {
            let start = position
            switch scalar {
            case ascii("|"):
                position += 1
                frames[frames.count - 1].finishAlternative(end: start)
                frames[frames.count - 1].alternativeStart = position
            case ascii("("):
                guard frames.count <= Self.maximumDepth else { throw .nestedTooDeeply(at: start) }
                let opener = try parseGroupOpener(in: frames)
                frames.append(Frame(opener: opener, start: start, alternativeStart: position))
            case ascii(")"):
                guard frames.count > 1 else { throw .unmatchedParenthesis(at: start) }
                position += 1
                var frame = frames.removeLast()
                frame.finishAlternative(end: start)
                let body = frame.body(span: frame.start..<position)
                let span = frame.start..<position
                switch frame.opener {
                case .pattern:
                    break
                case .group(let kind):
                    frames[frames.count - 1].append(PatternNode(kind: .group(body, kind), span: span), as: .atom)
                case .lookaround(let kind):
                    frames[frames.count - 1].append(
                        PatternNode(kind: .lookaround(body, kind), span: span), as: .lookaround)
                }
            case ascii("*"), ascii("+"), ascii("?"), ascii("{"):
                try parseQuantifier(into: &frames[frames.count - 1])
            case ascii("}"):
                throw .loneQuantifierBrackets(at: start)
            case ascii("]"):
                throw .loneClosingBracket(at: start)
            case ascii("^"), ascii("$"):
                position += 1
                let assertion: PatternAssertion = scalar == ascii("^") ? .start : .end
                frames[frames.count - 1].append(
                    PatternNode(kind: .assertion(assertion), span: start..<position), as: .assertion)
            case ascii("."):
                position += 1
                frames[frames.count - 1].append(PatternNode(kind: .dot, span: start..<position), as: .atom)
            case ascii("["):
                let node = try parseClass()
                frames[frames.count - 1].append(node, as: .atom)
            case ascii("\\"):
                let node = try parseAtomEscape()
                let isAssertion = if case .assertion = node.kind { true } else { false }
                frames[frames.count - 1].append(node, as: isAssertion ? .assertion : .atom)
            default:
                position += 1
                frames[frames.count - 1].append(PatternNode(kind: .literal(scalar), span: start..<position), as: .atom)
            }
        }
        guard frames.count == 1, var root = frames.popLast() else {
            throw .unterminatedGroup(at: frames[frames.count - 1].start)
        }
        root.finishAlternative(end: position)
        let ast = PatternAST(
            root: root.body(span: 0..<position), captureCount: captureCount, groupNames: orderedNames)
        try checkBackreferences()
        return ast
    }

    // MARK: Groups

    /// Parses `(`, `(?:`, `(?<name>`, `(?=`, `(?!`, `(?<=` or `(?<!`.
    private mutating func parseGroupOpener(in frames: [Frame]) throws(PatternSyntaxError) -> Frame.Opener {
        let start = position
        position += 1
        guard peek() == ascii("?") else {
            try countCapture(at: start)
            return .group(.capturing(name: nil))
        }
        position += 1
        switch peek() {
        case ascii(":"):
            position += 1
            return .group(.nonCapturing)
        case ascii("-"), ascii("i"), ascii("m"), ascii("s"):
            return .group(try parseModifiers(openerStart: start))
        case ascii("="), ascii("!"):
            let negated = peek() == ascii("!")
            position += 1
            return .lookaround(PatternLookaround(ahead: true, negated: negated))
        case ascii("<"):
            if peek(1) == ascii("=") || peek(1) == ascii("!") {
                let negated = peek(1) == ascii("!")
                position += 2
                return .lookaround(PatternLookaround(ahead: false, negated: negated))
            }
            position += 1
            let name = try parseGroupName(openerStart: start)
            let placement = frames.map { AlternativeStep(groupStart: $0.start, alternative: $0.alternatives.count) }
            if let others = namePlacements[name] {
                // ES2025: the same name again only where both groups cannot take part in one match,
                // in different alternatives of a disjunction around both.
                guard others.allSatisfy({ Self.areExclusive($0, placement) }) else {
                    throw .duplicateGroupName(name, at: start, length: position - start)
                }
            } else {
                groupNames[name] = start..<position
                orderedNames.append(name)
            }
            namePlacements[name, default: []].append(placement)
            try countCapture(at: start)
            return .group(.capturing(name: name))
        default:
            throw .invalidGroup(at: start, length: min(position + 1, scalars.count) - start)
        }
    }

    /// Whether groups at `first` and `second` lie in different alternatives of one group around
    /// both (or of the pattern), so that no match takes part in both.
    private static func areExclusive(_ first: [AlternativeStep], _ second: [AlternativeStep]) -> Bool {
        for (a, b) in zip(first, second) {
            guard a.groupStart == b.groupStart else { return false }
            if a.alternative != b.alternative { return true }
        }
        return false
    }

    /// Parses the flags of a modifier group after `(?`, up to and including the `:`.
    private mutating func parseModifiers(openerStart start: Int) throws(PatternSyntaxError) -> GroupKind {
        var add = PatternFlags()
        var remove = PatternFlags()
        var removing = false
        while let scalar = peek(), scalar != ascii(":") {
            if scalar == ascii("-"), !removing {
                removing = true
                position += 1
                continue
            }
            guard let letter = Unicode.Scalar(scalar).map(Character.init), let flag = PatternFlags.flag(letter) else {
                if let letter = Unicode.Scalar(scalar), Self.isASCIILetter(scalar) {
                    throw .unknownModifier(Character(letter), at: position)
                }
                if scalar == ascii(")"), !add.isEmpty, !removing {
                    throw .inlineFlags(add, at: start, length: position + 1 - start)
                }
                throw .invalidGroup(at: start, length: min(position + 1, scalars.count) - start)
            }
            if add.contains(flag) || remove.contains(flag) { throw .repeatedModifier(letter, at: position) }
            if removing { remove.insert(flag) } else { add.insert(flag) }
            position += 1
        }
        guard peek() == ascii(":") else { throw .unterminatedGroup(at: start) }
        position += 1
        if removing, add.isEmpty, remove.isEmpty {
            throw .emptyModifiers(at: start, length: position - start)
        }
        return .modifiers(add: add, remove: remove)
    }

    private mutating func countCapture(at offset: Int) throws(PatternSyntaxError) {
        captureCount += 1
        guard captureCount <= Self.maximumCaptures else { throw .tooManyCaptures(at: offset) }
    }

    /// Parses `RegExpIdentifierName >` (the `<` is already consumed) and returns the name.
    private mutating func parseGroupName(openerStart: Int) throws(PatternSyntaxError) -> String {
        var name = String.UnicodeScalarView()
        while true {
            guard let scalar = peek() else {
                throw .invalidGroupName(at: openerStart, length: position - openerStart)
            }
            if scalar == ascii(">") {
                position += 1
                guard !name.isEmpty else { throw .invalidGroupName(at: openerStart, length: position - openerStart) }
                return String(name)
            }
            var value = scalar
            if scalar == ascii("\\") {
                // Only `\u` escapes may spell a name character.
                guard peek(1) == ascii("u") else {
                    throw .invalidGroupName(at: openerStart, length: position + 1 - openerStart)
                }
                position += 2
                guard let escaped = parseUnicodeEscapeBody() else {
                    throw .invalidGroupName(at: openerStart, length: position - openerStart)
                }
                value = escaped
            } else {
                position += 1
            }
            let valid =
                name.isEmpty
                ? UnicodeProperties.isIdentifierStart(value) : UnicodeProperties.isIdentifierPart(value)
            guard valid, let unicodeScalar = Unicode.Scalar(value) else {
                throw .invalidGroupName(at: openerStart, length: position - openerStart)
            }
            name.append(unicodeScalar)
        }
    }

    // MARK: Quantifiers

    /// Parses a quantifier at `*`, `+`, `?` or `{` and applies it to the last term of `frame`.
    private mutating func parseQuantifier(into frame: inout Frame) throws(PatternSyntaxError) {
        let start = position
        let min: Int
        let max: Int?
        switch peek() {
        case ascii("*"):
            (min, max) = (0, nil)
            position += 1
        case ascii("+"):
            (min, max) = (1, nil)
            position += 1
        case ascii("?"):
            (min, max) = (0, 1)
            position += 1
        default:
            guard let counts = parseBraces() else {
                if frame.last == .atom {
                    throw .incompleteQuantifier(at: start, length: incompleteBraceLength(from: start))
                }
                throw .loneQuantifierBrackets(at: start)
            }
            (min, max) = counts
        }
        let lazy = peek() == ascii("?")
        if lazy { position += 1 }
        switch frame.last {
        case .atom:
            break
        case .lookaround:
            throw .lookaroundRepeated(at: start, length: position - start)
        case .none, .assertion, .quantified:
            throw .nothingToRepeat(at: start, length: position - start)
        }
        if let max, Self.clampedToV8(min) > Self.clampedToV8(max) {
            throw .quantifierOutOfOrder(at: start, length: position - start)
        }
        guard let atom = frame.terms.popLast() else { throw .nothingToRepeat(at: start, length: position - start) }
        // Past the check only V8's clamping lets `max < min` through (both beyond 2³¹ − 1, where V8
        // treats them as equal); do the same so no later stage ever sees `max < min`.
        let node = PatternNode(
            kind: .repetition(atom, min: min, max: max.map { Swift.max($0, min) }, lazy: lazy),
            span: atom.span.lowerBound..<position)
        frame.append(node, as: .quantified)
    }

    /// V8 compares `{n,m}` counts after clamping them to 2³¹ − 1, so `a{3000000000,2999999999}` is
    /// valid there; the oracle decides, so FormSpec does the same.
    private static func clampedToV8(_ count: Int) -> Int { Swift.min(count, Int(Int32.max)) }

    /// Parses `{n}`, `{n,}` or `{n,m}` at `{`; on anything else returns `nil` without consuming.
    private mutating func parseBraces() -> (Int, Int?)? {
        let start = position
        position += 1
        guard let min = parseCount() else {
            position = start
            return nil
        }
        var max: Int? = min
        if peek() == ascii(",") {
            position += 1
            max = parseCount()
        }
        guard peek() == ascii("}") else {
            position = start
            return nil
        }
        position += 1
        return (min, max)
    }

    /// Decimal digits as a count, clamped to `Int.max`; `nil` if there are none.
    private mutating func parseCount() -> Int? {
        var value: Int? = nil
        while let scalar = peek(), let digit = Self.decimalValue(scalar) {
            let (times, overflow1) = (value ?? 0).multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(digit)
            value = overflow1 || overflow2 ? Int.max : sum
            position += 1
        }
        return value
    }

    /// How much of a malformed `{…` to underline: up to and including a `}` on the same run of
    /// digits and commas, else just the brace.
    private func incompleteBraceLength(from start: Int) -> Int {
        var end = start + 1
        while end < scalars.count, Self.decimalValue(scalars[end]) != nil || scalars[end] == ascii(",") {
            end += 1
        }
        if end < scalars.count, scalars[end] == ascii("}") { end += 1 }
        return end - start
    }

    // MARK: Escapes

    /// What an escape stands for.
    private enum Escape {
        case scalar(UInt32)
        case set(ScalarSet)
        case assertion(PatternAssertion)
        case backreference
    }

    /// Parses `\…` outside a class.
    private mutating func parseAtomEscape() throws(PatternSyntaxError) -> PatternNode {
        let start = position
        let escape = try parseEscape(inClass: false)
        let span = start..<position
        switch escape {
        case .scalar(let value): return PatternNode(kind: .literal(value), span: span)
        case .set(let set): return PatternNode(kind: .classEscape(set), span: span)
        case .assertion(let assertion): return PatternNode(kind: .assertion(assertion), span: span)
        case .backreference: return PatternNode(kind: .backreference, span: span)
        }
    }

    /// Parses one escape at `\`, as an AtomEscape or (with `inClass`) a ClassEscape.
    private mutating func parseEscape(inClass: Bool) throws(PatternSyntaxError) -> Escape {
        let start = position
        position += 1
        guard let scalar = peek() else { throw .escapeAtEnd(at: start) }
        position += 1
        switch scalar {
        case ascii("b"):
            return inClass ? .scalar(0x08) : .assertion(.wordBoundary)
        case ascii("B"):
            if inClass { throw .invalidClassEscape(at: start, length: 2) }
            return .assertion(.notWordBoundary)
        case ascii("d"): return .set(UnicodeProperties.digit)
        case ascii("D"): return .set(UnicodeProperties.digit.inverted)
        case ascii("w"): return .set(UnicodeProperties.word)
        case ascii("W"): return .set(UnicodeProperties.nonWord)
        case ascii("s"): return .set(UnicodeProperties.whitespace)
        case ascii("S"): return .set(UnicodeProperties.whitespace.inverted)
        case ascii("p"), ascii("P"):
            let set = try parsePropertyBody(escapeStart: start)
            return .set(scalar == ascii("P") ? set.inverted : set)
        case ascii("f"): return .scalar(0x0C)
        case ascii("n"): return .scalar(0x0A)
        case ascii("r"): return .scalar(0x0D)
        case ascii("t"): return .scalar(0x09)
        case ascii("v"): return .scalar(0x0B)
        case ascii("c"):
            guard let letter = peek(), Self.isASCIILetter(letter) else {
                throw .invalidControlEscape(at: start, length: 2)
            }
            position += 1
            return .scalar(letter % 32)
        case ascii("0"):
            if let next = peek(), Self.decimalValue(next) != nil {
                throw inClass
                    ? .invalidClassEscape(at: start, length: 3) : .invalidDecimalEscape(at: start, length: 3)
            }
            return .scalar(0)
        case ascii("1")...ascii("9"):
            if inClass { throw .invalidClassEscape(at: start, length: 2) }
            position -= 1
            let number = parseCount() ?? 0
            backreferences.append(.number(number, start..<position))
            return .backreference
        case ascii("k"):
            if inClass { throw .invalidClassEscape(at: start, length: 2) }
            guard peek() == ascii("<") else { throw .invalidNamedReference(at: start, length: 2) }
            position += 1
            let name: String
            do {
                name = try parseGroupName(openerStart: start)
            } catch {
                throw .invalidNamedReference(at: start, length: position - start)
            }
            backreferences.append(.name(name, start..<position))
            return .backreference
        case ascii("x"):
            guard let high = peek().flatMap(Self.hexValue), let low = peek(1).flatMap(Self.hexValue) else {
                throw .invalidHexEscape(at: start, length: 2)
            }
            position += 2
            return .scalar(high * 16 + low)
        case ascii("u"):
            guard let value = parseUnicodeEscapeBody() else {
                throw .invalidUnicodeEscape(at: start, length: position - start)
            }
            return .scalar(value)
        case ascii("-") where inClass:
            return .scalar(scalar)
        default:
            guard Self.isSyntaxCharacter(scalar) || scalar == ascii("/") else {
                throw inClass ? .invalidClassEscape(at: start, length: 2) : .invalidEscape(at: start, length: 2)
            }
            return .scalar(scalar)
        }
    }

    /// Parses what follows `\u`: `HHHH` (joining a `\uHHHH\uHHHH` surrogate pair into one scalar)
    /// or `{H…}` up to 10FFFF. Returns `nil` (position past what was read) when malformed.
    private mutating func parseUnicodeEscapeBody() -> UInt32? {
        if peek() == ascii("{") {
            position += 1
            var value: UInt32 = 0
            var digits = 0
            while let scalar = peek(), let digit = Self.hexValue(scalar) {
                position += 1
                digits += 1
                value = value * 16 + digit
                // Leading zeros are allowed, so only the value is bounded, not the digit count.
                if value > 0x10FFFF { return nil }
            }
            guard digits > 0, peek() == ascii("}") else { return nil }
            position += 1
            return value
        }
        guard let lead = fourHexDigits(at: position) else { return nil }
        position += 4
        if (0xD800...0xDBFF).contains(lead), peek() == ascii("\\"), peek(1) == ascii("u"),
            let trail = fourHexDigits(at: position + 2), (0xDC00...0xDFFF).contains(trail)
        {
            position += 6
            return 0x10000 + ((lead - 0xD800) << 10) + (trail - 0xDC00)
        }
        return lead
    }

    private func fourHexDigits(at offset: Int) -> UInt32? {
        guard offset + 4 <= scalars.count else { return nil }
        var value: UInt32 = 0
        for index in offset..<offset + 4 {
            guard let digit = Self.hexValue(scalars[index]) else { return nil }
            value = value * 16 + digit
        }
        return value
    }

    /// Parses `{Name}` or `{Name=Value}` after `\p` / `\P` and returns the (uninverted) set.
    private mutating func parsePropertyBody(escapeStart: Int) throws(PatternSyntaxError) -> ScalarSet {
        guard peek() == ascii("{") else { throw .invalidPropertyEscape(at: escapeStart, length: 2) }
        position += 1
        let nameStart = position
        var name = ""
        var value: String? = nil
        var valueStart = position
        while true {
            guard let scalar = peek() else {
                throw .invalidPropertyEscape(at: escapeStart, length: position - escapeStart)
            }
            position += 1
            if scalar == ascii("}") { break }
            if scalar == ascii("="), value == nil {
                value = ""
                valueStart = position
                continue
            }
            // Names are letters and `_`; values may also hold digits.
            let isLetter = Self.isASCIILetter(scalar) || scalar == ascii("_")
            guard isLetter || (value != nil && Self.decimalValue(scalar) != nil),
                let character = Unicode.Scalar(scalar).map(Character.init)
            else {
                throw .invalidPropertyEscape(at: escapeStart, length: position - escapeStart)
            }
            if value == nil { name.append(character) } else { value?.append(character) }
        }
        let length = position - escapeStart
        guard !name.isEmpty, value?.isEmpty != true else {
            throw .invalidPropertyEscape(at: escapeStart, length: length)
        }
        if let value, let set = UnicodeProperties.set(name: name, value: value) {
            return set
        } else if let value {
            guard UnicodeProperties.isPropertyName(name) else { throw .unknownProperty(name, at: nameStart) }
            throw .unknownPropertyValue(value, of: name, at: valueStart)
        }
        guard let set = UnicodeProperties.set(name: name, value: nil) else {
            throw .unknownProperty(name, at: nameStart)
        }
        return set
    }

    // MARK: Classes

    /// Parses `[…]` or `[^…]` at `[`.
    private mutating func parseClass() throws(PatternSyntaxError) -> PatternNode {
        let start = position
        position += 1
        let negated = peek() == ascii("^")
        if negated { position += 1 }
        var items: [ClassItem] = []
        while true {
            guard let scalar = peek() else { throw .unterminatedClass(at: start) }
            if scalar == ascii("]") {
                position += 1
                return PatternNode(kind: .characterClass(negated: negated, items: items), span: start..<position)
            }
            let firstStart = position
            let first = try parseClassAtom()
            // `-` is a range only between two atoms; before `]` (or at the start) it is literal.
            guard peek() == ascii("-"), let after = peek(1), after != ascii("]") else {
                items.append(first)
                continue
            }
            position += 1
            let second = try parseClassAtom()
            guard case .scalar(let lower) = first, case .scalar(let upper) = second else {
                throw .classEscapeInRange(at: firstStart, length: position - firstStart)
            }
            guard lower <= upper else { throw .rangeOutOfOrder(at: firstStart, length: position - firstStart) }
            items.append(.range(lower, upper))
        }
    }

    private mutating func parseClassAtom() throws(PatternSyntaxError) -> ClassItem {
        guard let scalar = peek() else { throw .unterminatedClass(at: position) }
        guard scalar == ascii("\\") else {
            position += 1
            return .scalar(scalar)
        }
        switch try parseEscape(inClass: true) {
        case .scalar(let value): return .scalar(value)
        case .set(let set): return .set(set)
        case .assertion, .backreference:
            // parseEscape(inClass: true) throws for these instead.
            return .set(ScalarSet())
        }
    }

    // MARK: Backreferences

    /// Every backreference is either invalid ECMAScript (no such group) or refused by FormSpec.
    private func checkBackreferences() throws(PatternSyntaxError) {
        guard let first = backreferences.first else { return }
        switch first {
        case .number(let number, let span):
            guard number <= captureCount else {
                throw .backreferenceOutOfRange(
                    number, groups: captureCount, at: span.lowerBound, length: span.count)
            }
            throw .backreferenceRefused(at: span.lowerBound, length: span.count)
        case .name(let name, let span):
            guard groupNames[name] != nil else {
                throw .unknownGroupName(name, at: span.lowerBound, length: span.count)
            }
            throw .backreferenceRefused(at: span.lowerBound, length: span.count)
        }
    }

    // MARK: Characters

    private func peek(_ ahead: Int = 0) -> UInt32? {
        position + ahead < scalars.count ? scalars[position + ahead] : nil
    }

    private static func isSyntaxCharacter(_ scalar: UInt32) -> Bool {
        switch scalar {
        case ascii("^"), ascii("$"), ascii("\\"), ascii("."), ascii("*"), ascii("+"), ascii("?"), ascii("("),
            ascii(")"), ascii("["), ascii("]"), ascii("{"), ascii("}"), ascii("|"):
            true
        default: false
        }
    }

    private static func isASCIILetter(_ scalar: UInt32) -> Bool {
        (ascii("a")...ascii("z")).contains(scalar) || (ascii("A")...ascii("Z")).contains(scalar)
    }

    private static func decimalValue(_ scalar: UInt32) -> Int? {
        (ascii("0")...ascii("9")).contains(scalar) ? Int(scalar - ascii("0")) : nil
    }

    private static func hexValue(_ scalar: UInt32) -> UInt32? {
        switch scalar {
        case ascii("0")...ascii("9"): scalar - ascii("0")
        case ascii("a")...ascii("f"): scalar - ascii("a") + 10
        case ascii("A")...ascii("F"): scalar - ascii("A") + 10
        default: nil
        }
    }
}

/// The scalar value of an ASCII character, for readable comparisons.
private func ascii(_ character: Unicode.Scalar) -> UInt32 { character.value }
