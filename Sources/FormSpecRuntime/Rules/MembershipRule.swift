/// `one_of: [..]` / `not_one_of: [..]`: membership in a literal list (text compared exactly).
package struct MembershipRule: Sendable, Codable, Hashable {
    package var values: [Scalar]
    /// `true` for `not_one_of`.
    package var negated: Bool

    package init(values: [Scalar], negated: Bool) {
        self.values = values
        self.negated = negated
    }

    /// Whether `value` passes.
    package func passes(_ value: Scalar) -> Bool {
        // A loop, not `contains(where: value.exactlyEquals)`: that closure is a heap allocation.
        for candidate in values where value.exactlyEquals(candidate) { return !negated }
        return negated
    }
}
