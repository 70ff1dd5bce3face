/// `check: NAME`: an external check the embedding app registers (sync or async), stubbed in tests
/// and on the CLI. Without an outcome the evaluation fails; it never silently passes.
@_spi(Program) public struct ExternalCheckRule: Sendable, Hashable {
    /// When a check is asked about a value (`check_when:`).
    @_spi(Program) public enum RunsWhen: String, Sendable, Hashable, CaseIterable {
        /// Only once every other rule of the field that applies passes (the default): a malformed
        /// value never reaches the check's server.
        case valid
        /// Whenever the rule applies, whatever the field's other rules say.
        case always
    }

    /// The registered name.
    package var name: String
    /// When the check is asked.
    package var runsWhen: RunsWhen

    @_spi(Program) public init(name: String, runsWhen: RunsWhen = .valid) {
        self.name = name
        self.runsWhen = runsWhen
    }

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

extension ExternalCheckRule: Codable {
    private enum CodingKeys: String, CodingKey {
        case name
        case runsWhen = "check_when"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        let written = try container.decodeIfPresent(String.self, forKey: .runsWhen) ?? RunsWhen.valid.rawValue
        guard let runsWhen = RunsWhen(rawValue: written) else {
            throw DecodingError.dataCorruptedError(
                forKey: .runsWhen, in: container, debugDescription: "check_when is valid or always, not '\(written)'")
        }
        self.runsWhen = runsWhen
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        if runsWhen != .valid { try container.encode(runsWhen.rawValue, forKey: .runsWhen) }
    }
}
