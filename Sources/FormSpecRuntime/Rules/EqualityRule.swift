import FormSpecPattern

/// `equals: X` / `not_equals: X`: exact equality (text by Unicode scalars), or with
/// `case: insensitive` equality of text under full default case folding.
@_spi(Program) public struct EqualityRule: Sendable, Hashable {
    package var operand: Operand
    /// `true` for `not_equals`.
    package var negated: Bool
    /// `case: insensitive`: text compares under full default case folding; a text literal operand
    /// is stored folded.
    package var caseInsensitive: Bool

    @_spi(Program) public init(operand: Operand, negated: Bool, caseInsensitive: Bool = false) {
        self.operand = caseInsensitive ? operand.caseFolded : operand
        self.negated = negated
        self.caseInsensitive = caseInsensitive
    }

    /// Whether `value` passes. A comparison with an empty field counts as "not equal".
    package func passes(_ value: Scalar, in environment: RuleEnvironment) -> Bool {
        // No partial application (`map(value.exactlyEquals)`): its closure is a heap allocation.
        guard let other = operand.resolve(in: environment) else { return negated }
        return value.equals(other, caseInsensitive: caseInsensitive) != negated
    }
}

extension EqualityRule: Codable {
    private enum CodingKeys: String, CodingKey { case operand, negated, caseInsensitive = "case_insensitive" }

    /// Decodes a rule; `case_insensitive` is absent from programs that compare exactly.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            operand: try container.decode(Operand.self, forKey: .operand),
            negated: try container.decode(Bool.self, forKey: .negated),
            caseInsensitive: try container.decodeIfPresent(Bool.self, forKey: .caseInsensitive) ?? false)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(operand, forKey: .operand)
        try container.encode(negated, forKey: .negated)
        if caseInsensitive { try container.encode(true, forKey: .caseInsensitive) }
    }
}

/// Whether a comparison rule compares text exactly (the default) or without regard to case
/// (`case: insensitive`, Unicode full default case folding).
package enum TextCase: String, CaseIterable, Sendable {
    case sensitive
    case insensitive
}

extension Scalar {
    /// ``exactlyEquals(_:)``, or for two texts with `caseInsensitive`, equality under full default
    /// case folding (allocation-free).
    @inline(__always)
    package func equals(_ other: Scalar, caseInsensitive: Bool) -> Bool {
        if caseInsensitive, case .text(let a) = self, case .text(let b) = other { return CaseFolding.equal(a, b) }
        return exactlyEquals(other)
    }

    /// The scalar with a text's full default case folding; other scalars as they are.
    package var caseFolded: Scalar {
        if case .text(let text) = self { return .text(CaseFolding.fullFold(text)) }
        return self
    }
}

extension Operand {
    /// The operand with a text literal case folded.
    package var caseFolded: Operand {
        if case .literal(let value) = self { return .literal(value.caseFolded) }
        return self
    }
}
