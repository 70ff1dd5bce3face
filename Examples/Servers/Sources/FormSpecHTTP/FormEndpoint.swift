public import FormSpec
public import Foundation

/// How one endpoint checks its request bodies against a compiled form: the part of an HTTP
/// adapter that knows no server framework. The Hummingbird and Vapor adapters read the body and
/// headers, call ``check(_:body:contentType:acceptLanguage:)`` and turn the outcome into their
/// own response.
///
/// ```swift
/// let signup = FormEndpoint(try CompiledForm.load(contentsOf: "Specs/signup.form.yaml"))
/// ```
public struct FormEndpoint: Sendable {
    /// The form; register its external checks (async closures are fine) before serving.
    public var form: CompiledForm
    /// The largest body read, in bytes; a larger one is refused with 413 before it is parsed.
    public var maxBodyBytes: Int
    /// What a 422 carries under `report`: the short form (`errors`, the default) or the full
    /// report with every checklist.
    public var reportShape: Report.JSONShape
    /// Options every validation starts from (mode, strictness, today); the locale comes from each
    /// request's `Accept-Language`.
    public var options: ValidationOptions
    /// Reads a valid body as the endpoint's typed input.
    public var decoder: JSONDecoder

    /// Creates an endpoint.
    /// - Parameters:
    ///   - form: The compiled form, its checks registered.
    ///   - maxBodyBytes: The body size limit (default 64 KiB: a form, not an upload).
    ///   - reportShape: What a 422 carries (default: the short `errors` form).
    ///   - options: Base options; `strict: true` refuses unknown fields.
    ///   - decoder: Decodes a valid body into the typed input.
    public init(
        _ form: CompiledForm, maxBodyBytes: Int = 64 * 1024, reportShape: Report.JSONShape = .errors,
        options: ValidationOptions = ValidationOptions(), decoder: JSONDecoder = JSONDecoder()
    ) {
        self.form = form
        self.maxBodyBytes = maxBodyBytes
        self.reportShape = reportShape
        self.options = options
        self.decoder = decoder
    }

    /// Validates one request body and, when it passes, decodes it as `Input`.
    ///
    /// - Parameters:
    ///   - type: The typed input a valid body decodes to (`Report`-only callers pass `EmptyInput`).
    ///   - body: The body's bytes.
    ///   - contentType: The `Content-Type` header; JSON (`application/json`, `…+json`) is required.
    ///   - acceptLanguage: The `Accept-Language` header: picks the messages' locale.
    /// - Returns: The input and the report (valid, perhaps with warnings, and its locale).
    /// - Throws: ``FormProblem``: 413 too large, 415 not JSON, 400 malformed JSON or not an
    ///   object, 422 invalid (with the report), 500 when a check is not registered or the valid
    ///   body does not decode as `Input`.
    public func check<Input: Decodable>(
        _ type: Input.Type, body: some Collection<UInt8>, contentType: String?, acceptLanguage: String?
    ) async throws(FormProblem) -> Accepted<Input> {
        let locale = acceptLanguage.flatMap(form.locale(forAcceptLanguage:))
        guard body.count <= maxBodyBytes else { throw .tooLarge(limit: maxBodyBytes) }
        guard Self.isJSON(contentType) else { throw .notJSON(contentType) }
        var options = self.options
        options.locale = locale ?? options.locale
        let report: Report
        do {
            report = try await form.validate(json: body, options: options)
        } catch {
            switch error {
            case .invalidJSON(let reason): throw .badBody("the body is not valid JSON: \(reason)")
            case .notAnObject(let kind): throw .badBody("the body must be a JSON object, not \(kind)")
            case .cancelled: throw .unavailable
            default: throw .serverError(error.description)
            }
        }
        guard report.valid else {
            throw .invalid(report, shape: reportShape, contentLanguage: locale ?? form.program.locale)
        }
        do {
            let input = try decoder.decode(Input.self, from: Data(body))
            return Accepted(input: input, report: report, locale: locale)
        } catch {
            throw .serverError("the valid body does not decode as \(Input.self): \(error)")
        }
    }

    /// Whether a `Content-Type` names JSON (`application/json`, `application/problem+json`, with
    /// parameters such as `charset=utf-8`).
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let media = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        let type = media.trimmingCharacters(in: .whitespaces).lowercased()
        return type == "application/json" || (type.hasPrefix("application/") && type.hasSuffix("+json"))
    }
}

/// A body that passed: its typed input, the report (which may hold warnings), and the locale its
/// messages are in (`nil`: the spec's own).
public struct Accepted<Input> {
    public var input: Input
    public var report: Report
    public var locale: String?
}

extension Accepted: Sendable where Input: Sendable {}

/// An input type for endpoints that only need the report: decodes from any JSON object.
public struct EmptyInput: Decodable, Sendable, Equatable {
    public init() {}
    public init(from decoder: any Decoder) throws {}
}
