/// `one_of: [..]` / `not_one_of: [..]`: membership in a literal list (text compared exactly, or
/// with `case: insensitive` under full default case folding).
@_spi(Program) public struct MembershipRule: Sendable, Hashable {
    package var values: [Scalar]
    /// `true` for `not_one_of`.
    package var negated: Bool
    /// `case: insensitive`: text compares under full default case folding; text values are stored
    /// folded.
    package var caseInsensitive: Bool

    @_spi(Program) public init(values: [Scalar], negated: Bool, caseInsensitive: Bool = false) {
        self.values = caseInsensitive ? values.map(\.caseFolded) : values
        self.negated = negated
        self.caseInsensitive = caseInsensitive
    }

    /// Whether `value` passes.
    package func passes(_ value: Scalar) -> Bool {
        // A loop, not `contains(where: value.exactlyEquals)`: that closure is a heap allocation.
        for candidate in values where value.equals(candidate, caseInsensitive: caseInsensitive) { return !negated }
        return negated
    }
}

extension MembershipRule: Codable {
    private enum CodingKeys: String, CodingKey { case values, negated, caseInsensitive = "case_insensitive" }

    /// Decodes a rule; `case_insensitive` is absent from programs that compare exactly.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            values: try container.decode([Scalar].self, forKey: .values),
            negated: try container.decode(Bool.self, forKey: .negated),
            caseInsensitive: try container.decodeIfPresent(Bool.self, forKey: .caseInsensitive) ?? false)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(values, forKey: .values)
        try container.encode(negated, forKey: .negated)
        if caseInsensitive { try container.encode(true, forKey: .caseInsensitive) }
    }
}
