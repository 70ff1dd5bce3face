@_spi(Tooling) import FormSpecRuntime

/// Why a validation call could not produce a report.
///
/// A field that fails its rules is not an error: it is in the ``/FormSpecRuntime/Report``. These are problems with
/// the call itself.
public enum FormValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The input is not an object of field values (it is the kind named).
    case notAnObject(String)
    /// An `Encodable` input could not be encoded as JSON, or its JSON could not be read.
    case unencodable(String)
    /// A JSON body is not valid JSON (the reason names the line and column).
    case invalidJSON(String)
    /// The spec uses `check: NAME` and no check is registered under that name.
    case unregisteredCheck(check: String, field: String)
    /// The check is registered as `async`, and the synchronous `validate` was called: call
    /// `await validate(…)` so it can run first.
    case asyncCheckNeedsAwait(check: String, field: String)
    /// The task running an asynchronous validation was cancelled.
    case cancelled

    /// A sentence saying what went wrong and how to fix it.
    public var description: String {
        switch self {
        case .notAnObject(let kind): "input must be an object of field values, not \(kind)"
        case .unencodable(let reason): "the input could not be encoded as a JSON object: \(reason)"
        case .invalidJSON(let reason): "the input is not valid JSON: \(reason)"
        case .unregisteredCheck(let check, let field):
            "external check '\(check)' (field '\(field)') is not registered: "
                + "register it with checks.register(\"\(check)\") { … }"
        case .asyncCheckNeedsAwait(let check, let field):
            "external check '\(check)' (field '\(field)') is async: call 'await validate(…)' instead of 'validateSynchronously(…)' so it can run"
        case .cancelled: "the validation was cancelled"
        }
    }

    init(_ error: EvaluationError) {
        switch error {
        case .notAnObject(let kind): self = .notAnObject(kind)
        case .unresolvedCheck(let check, let field): self = .unregisteredCheck(check: check, field: field)
        }
    }
}
