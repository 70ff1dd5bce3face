@_exported public import FormSpecHTTP
public import Hummingbird

extension Request {
    /// Reads the JSON body (at most the endpoint's limit), validates it against the endpoint's
    /// form in the locale `Accept-Language` asks for, and returns the typed input, decoded from the
    /// values its rules checked; a body that fails throws a ``FormSpecResponseError`` that
    /// Hummingbird answers with `application/problem+json` (422 with the report, or
    /// 400/413/415/500/503). The cause of a 500 or 503 goes to `context.logger`, not to the client.
    ///
    /// ```swift
    /// router.post("signup") { request, context -> HTTPResponse.Status in
    ///     var request = request
    ///     let signup = try await request.validated(Signup.self, by: endpoint, context: context)
    ///     try await accounts.create(signup)
    ///     return .created
    /// }
    /// ```
    public mutating func validated<Input: Decodable & Sendable>(
        _ type: Input.Type, by endpoint: FormEndpoint, context: some RequestContext
    ) async throws -> Input {
        try await accepted(type, by: endpoint, context: context).input
    }

    /// Like ``validated(_:by:context:)``, with the report (its warnings) and the locale chosen.
    public mutating func accepted<Input: Decodable & Sendable>(
        _ type: Input.Type, by endpoint: FormEndpoint, context: some RequestContext
    ) async throws -> Accepted<Input> {
        let body: ByteBuffer
        do {
            body = try await collectBody(upTo: endpoint.maxBodyBytes)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            // NIO's `NIOTooManyBytesError` (which Hummingbird answers with a bare 413), or an `HTTPError`.
            throw FormSpecResponseError(.tooLarge(limit: endpoint.maxBodyBytes))
        }
        do {
            // Repeated lines of a header are one comma-separated list (`HTTPFields` joins them), so
            // two `Content-Type` lines are refused as not one media type.
            return try await endpoint.check(
                type, body: body.readableBytesView, contentType: headers[.contentType],
                acceptLanguage: headers[.acceptLanguage])
        } catch {
            if let message = error.logMessage { context.logger.error("FormSpec: \(message)") }
            throw FormSpecResponseError(error)
        }
    }
}

/// A refused body as Hummingbird's response: the problem document with its status, and with a
/// report its `Content-Language` and `Vary: Accept-Language`.
public struct FormSpecResponseError: HTTPResponseError, Sendable {
    /// What was wrong.
    public var problem: FormProblem

    public init(_ problem: FormProblem) { self.problem = problem }

    public var status: HTTPResponse.Status { HTTPResponse.Status(code: problem.status) }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers: HTTPFields = [.contentType: FormProblem.mediaType]
        if let language = problem.contentLanguage { headers[.contentLanguage] = language }
        if let vary = problem.vary { headers[.vary] = vary }
        return Response(
            status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: problem.body)))
    }
}
