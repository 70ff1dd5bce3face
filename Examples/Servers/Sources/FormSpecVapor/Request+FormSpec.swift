@_exported public import FormSpecHTTP
public import Vapor

extension Request {
    /// Reads the JSON body (at most the endpoint's limit), validates it against the endpoint's
    /// form in the locale `Accept-Language` asks for, and returns the typed input; a body that
    /// fails throws a ``FormSpecAbort``, which ``FormSpecProblemMiddleware`` answers with
    /// `application/problem+json` (422 with the report, or 400/413/415).
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
                type, body: body.readableBytesView, contentType: headers.first(name: .contentType),
                acceptLanguage: headers.first(name: .acceptLanguage))
        } catch {
            throw FormSpecAbort(error)
        }
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

    /// The problem as a response: its status, `application/problem+json`, `Content-Language`.
    public func response() -> Response {
        var headers = HTTPHeaders([("Content-Type", FormProblem.mediaType)])
        if let language = problem.contentLanguage { headers.replaceOrAdd(name: .contentLanguage, value: language) }
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
