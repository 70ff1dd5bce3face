@testable import FormSpecPattern

// Hand-built IR for the automata tests, so they do not depend on the parser.

enum IR {
    static func scalar(_ value: Unicode.Scalar) -> PatternIR { .scalars(ScalarSet([value.value...value.value])) }
    static func literal(_ text: String) -> PatternIR { .concatenation(text.unicodeScalars.map(scalar)) }
    static func set(_ ranges: ClosedRange<UInt32>...) -> PatternIR { .scalars(ScalarSet(ranges)) }
    static func oneOf(_ text: String) -> PatternIR {
        .scalars(ScalarSet(text.unicodeScalars.map { $0.value...$0.value }))
    }
    /// `.`: everything but the ECMAScript line terminators.
    static let dot = PatternIR.scalars(ScalarSet([0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029]).inverted)
    static let digit = set(0x30...0x39)
    static let word = set(0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A)
    /// `\s` as ECMAScript defines it (WhiteSpace and LineTerminator).
    static let space = set(
        0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A, 0x2028...0x2029, 0x202F...0x202F,
        0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF)
    static func seq(_ parts: PatternIR...) -> PatternIR { .concatenation(parts) }
    static func alt(_ parts: PatternIR...) -> PatternIR { .alternation(parts) }
    static func star(_ body: PatternIR) -> PatternIR { .repetition(body, min: 0, max: nil) }
    static func plus(_ body: PatternIR) -> PatternIR { .repetition(body, min: 1, max: nil) }
    static func opt(_ body: PatternIR) -> PatternIR { .repetition(body, min: 0, max: 1) }
    static func count(_ body: PatternIR, _ low: Int, _ high: Int?) -> PatternIR {
        .repetition(body, min: low, max: high)
    }
    static let start = PatternIR.assertion(.start)
    static let end = PatternIR.assertion(.end)
    static func ahead(_ body: PatternIR, negated: Bool = false) -> PatternIR {
        .lookaround(body, PatternLookaround(ahead: true, negated: negated))
    }
    static func behind(_ body: PatternIR, negated: Bool = false) -> PatternIR {
        .lookaround(body, PatternLookaround(ahead: false, negated: negated))
    }
}

extension Pattern {
    /// Compiles hand-built IR (the tests' way in until the parser lands).
    static func compiled(_ ir: PatternIR) throws -> Pattern { try Pattern(ir: ir, source: "<ir>") }

    /// Runs on the PikeVM only and returns the verdict.
    func matchesOnPikeVM(_ text: String) -> Bool {
        var steps = 0
        return run(text, engine: .pikeVM, steps: &steps)
    }

    /// The verdict and the engines' work for `text`.
    func cost(_ text: String, engine: Engine = .automatic) -> (matched: Bool, steps: Int) {
        var steps = 0
        let matched = run(text, engine: engine, steps: &steps)
        return (matched, steps)
    }
}
