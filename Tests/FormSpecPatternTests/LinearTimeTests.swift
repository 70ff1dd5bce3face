import Testing

@testable import FormSpecPattern

/// The classic catastrophic-backtracking patterns and an adversarial subject builder for each.
/// Built as IR so the test stands without the parser; `source` is what the IR spells.
struct CatastrophicCase: CustomTestStringConvertible, Sendable {
    let source: String
    let ir: PatternIR
    /// The subject of about `n` bytes: `prefix`, `unit` repeated, `suffix`.
    var prefix = ""
    var unit = "a"
    var suffix = "!"
    var testDescription: String { source }

    func subject(_ n: Int) -> String { prefix + String(repeating: unit, count: n / unit.count) + suffix }

    static let all: [CatastrophicCase] = {
        let a = IR.literal("a")
        let lower = IR.set(0x61...0x7A)
        let upper = IR.set(0x41...0x5A)
        let alnum = IR.set(0x30...0x39, 0x41...0x5A, 0x61...0x7A)
        return [
            .init(source: "(a+)+$", ir: IR.seq(IR.plus(IR.plus(a)), IR.end)),
            .init(source: "(a|aa)+$", ir: IR.seq(IR.plus(IR.alt(a, IR.literal("aa"))), IR.end)),
            .init(
                source: "(.*a){12}", ir: IR.count(IR.seq(IR.star(IR.dot), a), 12, 12),
                prefix: String(repeating: "a", count: 11), unit: "b", suffix: ""),
            .init(
                source: "^(\\w+\\s?)*$",
                ir: IR.seq(IR.start, IR.star(IR.seq(IR.plus(IR.word), IR.opt(IR.space))), IR.end)),
            .init(
                source: "^(([a-z])+.)+[A-Z]([a-z])+$",
                ir: IR.seq(IR.start, IR.plus(IR.seq(IR.plus(lower), IR.dot)), upper, IR.plus(lower), IR.end),
                suffix: ""),
            .init(
                source: "(x+x+)+y",
                ir: IR.seq(IR.plus(IR.seq(IR.plus(IR.literal("x")), IR.plus(IR.literal("x")))), IR.literal("y")),
                unit: "x", suffix: ""),
            .init(source: "(a*)*b", ir: IR.seq(IR.star(IR.star(a)), IR.literal("b"))),
            .init(
                source: "^(a?){25}a{25}$",
                ir: IR.seq(IR.start, IR.count(IR.opt(a), 25, 25), IR.count(a, 25, 25), IR.end),
                suffix: ""),
            // A long email regex from the ReDoS literature.
            .init(
                source:
                    "^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$",
                ir: IR.seq(
                    IR.start, alnum,
                    IR.star(IR.seq(IR.opt(IR.alt(IR.oneOf("-."), IR.plus(IR.literal("_")))), IR.plus(alnum))),
                    IR.literal("@"), IR.plus(IR.set(0x30...0x39, 0x61...0x7A)), IR.literal("."),
                    IR.alt(
                        IR.count(lower, 2, 3), IR.seq(IR.count(lower, 2, 3), IR.literal("."), IR.count(lower, 2, 3))),
                    IR.end)),
            .init(
                source: "^[\\w.+-]+@([\\w-]+\\.)+[\\w-]{2,}$",
                ir: IR.seq(
                    IR.start, IR.plus(IR.alt(IR.word, IR.oneOf(".+-"))), IR.literal("@"),
                    IR.plus(IR.seq(IR.plus(IR.alt(IR.word, IR.literal("-"))), IR.literal("."))),
                    IR.count(IR.alt(IR.word, IR.literal("-")), 2, nil), IR.end),
                prefix: "a@", unit: "a."),
            // Nested lookarounds: every `a` must be preceded by `a`s and followed by `a`s up to `!`.
            .init(
                source: "((?<=(a+)+)a(?=(a|aa)*!))+$",
                ir: IR.seq(
                    IR.plus(
                        IR.seq(
                            IR.behind(IR.plus(IR.plus(a))), a,
                            IR.ahead(IR.seq(IR.star(IR.alt(a, IR.literal("aa"))), IR.literal("!"))))),
                    IR.end)),
            .init(
                source: "(?<!b)(?=(a+)+\\d)(a|aa)+(?!(a|b)*!)$",
                ir: IR.seq(
                    IR.behind(IR.literal("b"), negated: true), IR.ahead(IR.seq(IR.plus(IR.plus(a)), IR.digit)),
                    IR.plus(IR.alt(a, IR.literal("aa"))),
                    IR.ahead(IR.seq(IR.star(IR.oneOf("ab")), IR.literal("!")), negated: true),
                    IR.end)),
        ]
    }()
}

/// Work grows linearly: 5× the input costs less than 8× the steps, and the steps never exceed
/// (NFA states + 1) per byte per automaton — the PikeVM's bound — on either engine.
@Test(arguments: CatastrophicCase.all)
func matchingWorkIsLinearInTheInput(_ example: CatastrophicCase) throws {
    let pattern = try Pattern(ir: example.ir, source: example.source)
    let automata = pattern.program.conjuncts.flatMap { [$0.main] + $0.lookarounds }
    let perByte = automata.reduce(0) { $0 + $1.nfa.states.count + 1 }
    for engine in [Pattern.Engine.automatic, .pikeVM] {
        let small = example.subject(20_000)
        let large = example.subject(100_000)
        let (smallMatched, smallSteps) = pattern.cost(small, engine: engine)
        let (largeMatched, largeSteps) = pattern.cost(large, engine: engine)
        #expect(!smallMatched && !largeMatched, "adversarial subjects do not match")
        #expect(Double(largeSteps) < 8 * Double(smallSteps), "\(engine): \(smallSteps) -> \(largeSteps) steps")
        #expect(largeSteps <= perByte * (large.utf8.count + 1), "\(engine): \(largeSteps) steps")
    }
}

@Test func catastrophicPatternsGetADFAWhereTheyHaveNoLookarounds() throws {
    for example in CatastrophicCase.all where !example.source.contains("(?") {
        let pattern = try Pattern(ir: example.ir, source: example.source)
        #expect(pattern.program.conjuncts.allSatisfy { $0.main.dfa != nil }, "\(example.source)")
        // The DFA reads each byte at most once.
        let subject = example.subject(100_000)
        #expect(pattern.cost(subject).steps <= subject.utf8.count)
    }
}
