/// `one_of: [..]` / `not_one_of: [..]`: membership in a literal list (text compared exactly).
public struct MembershipRule: Sendable, Codable, Hashable {
    public var values: [Scalar]
    /// `true` for `not_one_of`.
    public var negated: Bool

    public init(values: [Scalar], negated: Bool) {
        self.values = values
        self.negated = negated
    }

    /// Whether `value` passes.
    public func passes(_ value: Scalar) -> Bool {
        // A loop, not `contains(where: value.exactlyEquals)`: that closure is a heap allocation.
        for candidate in values where value.exactlyEquals(candidate) { return !negated }
        return negated
    }
}
