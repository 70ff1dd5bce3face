/// `same_as: FIELD` / `different_from: FIELD`: compares with another field's value (with
/// `case: insensitive`, text under full default case folding). Reported on the field that owns
/// the rule, and re-checked whenever the other field changes.
@_spi(Program) public struct FieldComparisonRule: Sendable, Hashable {
    /// The other field's index.
    package var other: Int
    /// `true` for `different_from`.
    package var negated: Bool
    /// `case: insensitive`.
    package var caseInsensitive: Bool

    @_spi(Program) public init(other: Int, negated: Bool, caseInsensitive: Bool = false) {
        self.other = other
        self.negated = negated
        self.caseInsensitive = caseInsensitive
    }

    /// Whether `value` passes. An empty other field never equals a value.
    package func passes(_ value: Scalar, in environment: RuleEnvironment) -> Bool {
        // No partial application (`map(value.exactlyEquals)`): its closure is a heap allocation.
        guard case .value(let scalar) = environment.values[other] else { return negated }
        return value.equals(scalar, caseInsensitive: caseInsensitive) != negated
    }
}

extension FieldComparisonRule: Codable {
    private enum CodingKeys: String, CodingKey { case other, negated, caseInsensitive = "case_insensitive" }

    /// Decodes a rule; `case_insensitive` is absent from programs that compare exactly.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            other: try container.decode(Int.self, forKey: .other),
            negated: try container.decode(Bool.self, forKey: .negated),
            caseInsensitive: try container.decodeIfPresent(Bool.self, forKey: .caseInsensitive) ?? false)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(other, forKey: .other)
        try container.encode(negated, forKey: .negated)
        if caseInsensitive { try container.encode(true, forKey: .caseInsensitive) }
    }
}
