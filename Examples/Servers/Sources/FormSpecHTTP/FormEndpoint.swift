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
    /// Options every validation starts from (mode, strictness, today, and the locale used when
    /// `Accept-Language` names none the form serves).
    public var options: ValidationOptions
    /// Decodes the typed input from the values the rules checked (`CompiledForm.checkedValues`).
    public var decoder: JSONDecoder
    /// How long a validation may take, its external checks included (default 10 seconds; `nil`
    /// waits indefinitely). Past it the validation is cancelled and the answer is 503.
    public var checkTimeout: Duration?

    /// Creates an endpoint.
    /// - Parameters:
    ///   - form: The compiled form, its checks registered.
    ///   - maxBodyBytes: The body size limit (default 64 KiB: a form, not an upload).
    ///   - reportShape: What a 422 carries (default: the short `errors` form).
    ///   - options: Base options; `strict: true` refuses unknown fields.
    ///   - decoder: Decodes the checked values into the typed input.
    ///   - checkTimeout: How long a validation may take (default 10 seconds; `nil`: no limit).
    public init(
        _ form: CompiledForm, maxBodyBytes: Int = 64 * 1024, reportShape: Report.JSONShape = .errors,
        options: ValidationOptions = ValidationOptions(), decoder: JSONDecoder = JSONDecoder(),
        checkTimeout: Duration? = .seconds(10)
    ) {
        self.form = form
        self.maxBodyBytes = maxBodyBytes
        self.reportShape = reportShape
        self.options = options
        self.decoder = decoder
        self.checkTimeout = checkTimeout
    }

    /// Validates one request body and, when it passes, decodes the values its rules checked as
    /// `Input`: text trimmed where the field trims, numbers and booleans given as text as their
    /// type, defaults for absent fields, paths in their groups.
    ///
    /// - Parameters:
    ///   - type: The typed input a valid body decodes to (`Report`-only callers pass `EmptyInput`).
    ///   - body: The body's bytes.
    ///   - contentType: The `Content-Type` header: one JSON media type (`application/json`,
    ///     `…+json`) in UTF-8 (no `charset`, or `charset=utf-8`).
    ///   - acceptLanguage: The `Accept-Language` header, its lines joined with commas: picks the
    ///     messages' locale.
    /// - Returns: The input and the report (valid, perhaps with warnings, and its locale).
    /// - Throws: ``FormProblem``: 413 too large, 415 not JSON in UTF-8, 400 malformed JSON, not
    ///   an object, or a number `Input` cannot hold (past `Int` or `Decimal`), 422 invalid (with
    ///   the report), 500 when a check is not registered or a checked value does not fit `Input`
    ///   otherwise (the cause in ``FormProblem/logMessage`` only), 503 when the
    ///   validation is cancelled or takes longer than ``checkTimeout``.
    public func check<Input: Decodable>(
        _ type: Input.Type, body: some Collection<UInt8>, contentType: String?, acceptLanguage: String?
    ) async throws(FormProblem) -> Accepted<Input> {
        guard body.count <= maxBodyBytes else { throw .tooLarge(limit: maxBodyBytes) }
        guard Self.isJSON(contentType) else { throw .notJSON(contentType) }
        let locale = messageLocale(acceptLanguage: acceptLanguage)
        var options = self.options
        options.locale = locale
        let checked = try await validate(Array(body), options: options)
        guard checked.report.valid else {
            throw .invalid(checked.report, shape: reportShape, contentLanguage: locale ?? form.program.locale)
        }
        return Accepted(input: try decode(Input.self, from: checked.values), report: checked.report, locale: locale)
    }

    /// The locale the messages are in: the first of `Accept-Language` that the form serves, else
    /// the endpoint's own ``options`` locale as the form serves it; `nil` for the spec's own.
    func messageLocale(acceptLanguage: String?) -> String? {
        let requested = acceptLanguage.flatMap(form.locale(forAcceptLanguage:))
        return requested ?? options.locale.flatMap(form.locale(forAcceptLanguage:))
    }

    /// Validates `body`, its external checks cancelled past ``checkTimeout``.
    private func validate(_ body: [UInt8], options: ValidationOptions) async throws(FormProblem) -> CheckedInput {
        let form = self.form
        let validation: @Sendable () async -> Result<CheckedInput, FormValidationError> = {
            do throws(FormValidationError) {
                return .success(try await form.checkedInput(json: body, options: options))
            } catch {
                return .failure(error)
            }
        }
        guard let checkTimeout else { return try Self.checked(await validation()) }
        guard let outcome = await Deadline.run(within: checkTimeout, validation) else {
            var problem = FormProblem.unavailable
            problem.logMessage = "the form '\(form.name)' was not checked within \(checkTimeout)"
            throw problem
        }
        return try Self.checked(outcome)
    }

    /// A validation's outcome, its error as the problem to answer.
    private static func checked(_ outcome: Result<CheckedInput, FormValidationError>) throws(FormProblem)
        -> CheckedInput
    {
        switch outcome {
        case .success(let checked): return checked
        case .failure(.invalidJSON(let reason)): throw .badBody("the body is not valid JSON: \(reason)")
        case .failure(.notAnObject(let kind)): throw .badBody("the body must be a JSON object, not \(kind)")
        case .failure(.cancelled): throw .unavailable
        case .failure(let error): throw .serverError(logging: error.description)
        }
    }

    /// The typed input of the checked values. Only a value the type cannot hold fails: a number
    /// beyond what `Int` or `Decimal` holds (an `integer` field takes whole numbers past 64 bits,
    /// a `number` field up to about 10³⁰⁸) is the client's, a 400 that names where it is; any
    /// other failure (a property of another type than its field) is the server's, a 500.
    private func decode<Input: Decodable>(_ type: Input.Type, from values: Value) throws(FormProblem) -> Input {
        do {
            return try decoder.decode(Input.self, from: Data(values.jsonBytes()))
        } catch {
            // `JSONDecoder` says only "not valid JSON" for a number it cannot hold, with no path:
            // the same values with the numbers past 64 bits or past `Decimal`'s exponents made 0
            // tell whether they were the cause.
            var large: [String] = []
            let tamed = Self.replacingLargeNumbers(in: values, at: "", found: &large)
            if !large.isEmpty, (try? decoder.decode(Input.self, from: Data(tamed.jsonBytes()))) != nil {
                let shown = large.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
                let more = large.count > 3 ? " and \(large.count - 3) more" : ""
                throw .badBody(
                    "The number\(large.count == 1 ? "" : "s") at \(shown)\(more) \(large.count == 1 ? "is" : "are") "
                        + "out of the range the server can hold.")
            }
            throw .serverError(
                logging: "the checked values of form '\(form.name)' do not decode as \(Input.self): \(error)")
        }
    }

    /// `values` with every number a typed input may fail to hold made 0 (a magnitude of 2⁶³ or
    /// more, or below 10⁻¹²⁷ but not 0), their paths (`contacts.1.age`) added to `found`.
    static func replacingLargeNumbers(in value: Value, at path: String, found: inout [String]) -> Value {
        func child(_ key: String) -> String { path.isEmpty ? key : path + "." + key }
        switch value {
        case .number(let number):
            let magnitude = number.double.magnitude
            guard magnitude >= 0x1p63 || (magnitude < 1e-127 && number != 0) else { return value }
            found.append(path)
            return .integer(0)
        case .object(let members):
            return .object(
                members.map {
                    Value.Member($0.key, replacingLargeNumbers(in: $0.value, at: child($0.key), found: &found))
                })
        case .array(let items):
            return .array(
                items.enumerated().map {
                    replacingLargeNumbers(in: $0.element, at: child(String($0.offset)), found: &found)
                })
        default: return value
        }
    }

    /// Whether a `Content-Type` names JSON in UTF-8: one media type, `application/json` or
    /// `application/…+json` (`application/problem+json`), with no `charset` but `utf-8` (in any
    /// case). Several header lines, joined with commas, are not one media type.
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType, let media = MediaType(contentType), media.type == "application",
            media.subtype == "json" || media.subtype.hasSuffix("+json")
        else { return false }
        return media.values(of: "charset").allSatisfy { $0.lowercased() == "utf-8" }
    }
}

/// A body that passed: its typed input, the report (which may hold warnings), and the locale its
/// messages are in (`Accept-Language`'s, else the endpoint's own; `nil`: the spec's own). A
/// response that shows the report's messages depends on `Accept-Language`: send
/// `Vary: Accept-Language` with it.
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
