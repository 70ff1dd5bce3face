@_exported public import FormSpecHTTP
public import Vapor

extension Request {
    /// Reads the JSON body (at most the endpoint's limit), validates it against the endpoint's
    /// form in the locale `Accept-Language` asks for, and returns the typed input, decoded from the
    /// values its rules checked; a body that fails throws a ``FormSpecAbort``, which
    /// ``FormSpecProblemMiddleware`` answers with `application/problem+json` (422 with the report,
    /// or 400/413/415/500/503). The cause of a 500 or 503 goes to `request.logger`, not to the client.
    ///
    /// Vapor collects a route's body before the handler runs, up to 16 KiB unless the route says
    /// otherwise, and answers a larger one with its own 413: give the route
    /// `body: .collect(maxSize:)` of at least the endpoint's ``FormEndpoint/maxBodyBytes``, or
    /// `body: .stream`.
    ///
    /// ```swift
    /// app.middleware.use(FormSpecProblemMiddleware())
    /// app.on(.POST, "signup", body: .collect(maxSize: "64kb")) { request async throws -> HTTPStatus in
    ///     let signup = try await request.validated(Signup.self, by: endpoint)
    ///     try await accounts.create(signup)
    ///     return .created
    /// }
    /// ```
    public func validated<Input: Decodable & Sendable>(_ type: Input.Type, by endpoint: FormEndpoint) async throws
        -> Input
    {
        try await accepted(type, by: endpoint).input
    }

    /// Like ``validated(_:by:)``, with the report (its warnings) and the locale chosen.
    public func accepted<Input: Decodable & Sendable>(_ type: Input.Type, by endpoint: FormEndpoint) async throws
        -> Accepted<Input>
    {
        let body: ByteBuffer
        do {
            body = try await self.body.collect(max: endpoint.maxBodyBytes).get() ?? ByteBuffer()
        } catch let error as Abort where error.status == .payloadTooLarge {
            throw FormSpecAbort(.tooLarge(limit: endpoint.maxBodyBytes))
        }
        do {
            return try await endpoint.check(
                type, body: body.readableBytesView, contentType: headers.combined(.contentType),
                acceptLanguage: headers.combined(.acceptLanguage))
        } catch {
            if let message = error.logMessage { logger.error("FormSpec: \(message)") }
            throw FormSpecAbort(error)
        }
    }
}

extension HTTPHeaders {
    /// The lines of header `name` as one value, joined with commas as a list header's repeated
    /// lines are (RFC 9110 §5.3); `nil` when there is none. Two `Content-Type` lines so joined are
    /// not one media type, and are refused.
    fileprivate func combined(_ name: Name) -> String? {
        let lines = self[name]
        return lines.isEmpty ? nil : lines.joined(separator: ", ")
    }
}

/// A refused body, as an `AbortError` (so the default error middleware still answers with its
/// status) carrying the problem document that ``FormSpecProblemMiddleware`` sends.
public struct FormSpecAbort: AbortError, Sendable {
    /// What was wrong.
    public var problem: FormProblem

    public init(_ problem: FormProblem) { self.problem = problem }

    public var status: HTTPResponseStatus { HTTPResponseStatus(statusCode: problem.status) }
    public var reason: String { problem.detail }

    /// The problem as a response: its status, `application/problem+json`, and with a report its
    /// `Content-Language` and `Vary: Accept-Language`.
    public func response() -> Response {
        var headers = HTTPHeaders([("Content-Type", FormProblem.mediaType)])
        if let language = problem.contentLanguage { headers.replaceOrAdd(name: .contentLanguage, value: language) }
        if let vary = problem.vary { headers.replaceOrAdd(name: .vary, value: vary) }
        return Response(status: status, headers: headers, body: .init(data: Data(problem.body)))
    }
}

/// Answers a ``FormSpecAbort`` with its problem document. Add it after Vapor's `ErrorMiddleware`
/// (the default), so it sees the error first.
public struct FormSpecProblemMiddleware: AsyncMiddleware {
    public init() {}

    public func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch let abort as FormSpecAbort {
            return abort.response()
        }
    }
}
