/// `check: NAME`: an external check the embedding app registers (sync or async), stubbed in tests
/// and on the CLI. Without an outcome the evaluation fails; it never silently passes.
package struct ExternalCheckRule: Sendable, Codable, Hashable {
    /// The registered name.
    package var name: String

    package init(name: String) { self.name = name }

    /// The check's outcome for `value`.
    /// - Throws: ``EvaluationError/unresolvedCheck(check:field:)`` when nothing answers.
    package func passes(_ value: Scalar, fieldName: String, in environment: RuleEnvironment) throws(EvaluationError)
        -> Bool
    {
        guard let outcome = environment.checks(name, fieldName, value) else {
            throw .unresolvedCheck(check: name, field: fieldName)
        }
        return outcome
    }
}
