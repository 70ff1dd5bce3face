import FormSpec
import FormSpecHummingbird
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import ServerTestSupport
import Testing

/// Real HTTP requests on loopback (`.live`) to a Hummingbird application using the adapter.
@Suite("Hummingbird: validated request bodies")
struct HummingbirdAdapterTests {
    /// What the application logged at error level.
    let errors = Lines()

    func application(_ endpoint: FormEndpoint) -> some ApplicationProtocol {
        let router = Router()
        router.post("signup") { request, context -> String in
            var request = request
            let signup = try await request.validated(Signup.self, by: endpoint, context: context)
            return "welcome \(signup.username)"
        }
        router.post("order") { request, context -> String in
            var request = request
            let order = try await request.validated(Order.self, by: endpoint, context: context)
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return String(decoding: try encoder.encode(order), as: UTF8.self)
        }
        let errors = self.errors
        return Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            logger: Logger(label: "test") { _ in ErrorLog(lines: errors) })
    }

    func post(
        _ body: String, at path: String = "/signup", contentType: String? = "application/json",
        language: String? = nil, lines: HTTPFields = [:], to endpoint: FormEndpoint,
        _ check: @escaping @Sendable (TestResponse) throws -> Void
    ) async throws {
        var headers: HTTPFields = [:]
        if let contentType { headers[.contentType] = contentType }
        if let language { headers[.acceptLanguage] = language }
        headers.append(contentsOf: lines)
        let sent = headers
        try await application(endpoint).test(.live) { client in
            try await client.execute(uri: path, method: .post, headers: sent, body: ByteBuffer(string: body)) {
                try check($0)
            }
        }
    }

    @Test func aValidBodyPassesTheTypedInputOn() async throws {
        let endpoint = FormEndpoint(try CompiledForm.load(contentsOf: signupSpec))
        try await post(#"{"username":"alice_01","password":"Passw0rd!","confirm_password":"Passw0rd!"}"#, to: endpoint)
        {
            #expect($0.status == .ok)
            #expect(String(buffer: $0.body) == "welcome alice_01")
        }
    }

    @Test(
        "a number the typed input cannot hold is a 400 that names it (was: a 500)", arguments: orderBodiesTooLarge)
    func numbersTooLargeForTheTypedInput(body: String, detail: String) async throws {
        let endpoint = FormEndpoint(try CompiledForm(source: orderSpec))
        try await post(body, at: "/order", to: endpoint) {
            #expect($0.status == .badRequest)
            #expect(String(buffer: $0.body).contains(#""detail":"\#(detail)""#))
        }
        #expect(errors.all.isEmpty)
    }

    @Test(
        "the typed input holds the values as they were checked (was: the raw body decoded again)",
        arguments: orderBodies)
    func theTypedInputIsWhatWasChecked(body: String, typed: String) async throws {
        let endpoint = FormEndpoint(try CompiledForm(source: orderSpec))
        try await post(body, at: "/order", to: endpoint) {
            #expect($0.status == .ok)
            #expect(String(buffer: $0.body) == typed)
        }
    }

    @Test func anInvalidBodyIs422WithTheReportInTheAskedLocale() async throws {
        let form = try CompiledForm.load(contentsOf: signupSpec)
        let endpoint = FormEndpoint(form)
        let body = #"{"username":"al","password":"password","confirm_password":"password"}"#
        let expected = try form.validateSynchronously(
            ["username": "al", "password": "password", "confirm_password": "password"],
            options: ValidationOptions(locale: "ja"))
        try await post(body, language: "ja-JP,ja;q=0.9,en;q=0.5", to: endpoint) { response in
            #expect(response.status == .unprocessableContent)
            #expect(response.headers[.contentType] == "application/problem+json")
            #expect(response.headers[.contentLanguage] == "ja")
            #expect(response.headers[.vary] == "Accept-Language")
            #expect(
                String(buffer: response.body)
                    == #"{"type":"about:blank","title":"Unprocessable Content","status":422,"detail":"The form 'signup' has errors.","report":"#
                    + expected.json(.errors) + "}")
        }
    }

    @Test("Content-Language names the endpoint's own locale when Accept-Language picks none (was: the spec's)")
    func theEndpointsLocaleIsTheContentLanguage() async throws {
        var endpoint = FormEndpoint(try CompiledForm(source: orderSpec))
        endpoint.options.locale = "ja"
        for language in [nil, "fr"] as [String?] {
            try await post("{}", at: "/order", language: language, to: endpoint) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.headers[.contentLanguage] == "ja")
                #expect(String(buffer: response.body).contains("Usernameは必須です"))
            }
        }
    }

    @Test("repeated Accept-Language lines are one list")
    func repeatedAcceptLanguageLines() async throws {
        let endpoint = FormEndpoint(try CompiledForm(source: orderSpec))
        try await post("{}", at: "/order", lines: [.acceptLanguage: "fr", .acceptLanguage: "ja"], to: endpoint) {
            response in
            #expect(response.status == .unprocessableContent)
            #expect(response.headers[.contentLanguage] == "ja")
        }
    }

    @Test func refusedBodies() async throws {
        let endpoint = FormEndpoint(try CompiledForm.load(contentsOf: signupSpec), maxBodyBytes: 100)
        // The problem document (was: a bare 413 from NIO's `NIOTooManyBytesError`).
        try await post(String(repeating: " ", count: 101) + "{}", to: endpoint) { response in
            #expect(response.status == .contentTooLarge)
            #expect(response.headers[.contentType] == "application/problem+json")
            #expect(response.headers[.vary] == nil)
            #expect(
                String(buffer: response.body)
                    == #"{"type":"about:blank","title":"Content Too Large","status":413,"detail":"The body is larger than 100 bytes."}"#
            )
        }
        try await post("{}", contentType: "text/plain", to: endpoint) { #expect($0.status == .unsupportedMediaType) }
        try await post("{}", contentType: nil, to: endpoint) { #expect($0.status == .unsupportedMediaType) }
        try await post(#"{"username": }"#, to: endpoint) { response in
            #expect(response.status == .badRequest)
            #expect(String(buffer: response.body).contains(#""detail":"the body is not valid JSON: 1:14: "#))
        }
        try await post("[1]", contentType: "application/json; charset=utf-8", to: endpoint) {
            #expect($0.status == .badRequest)
        }
    }

    @Test(
        "only one JSON media type in UTF-8 is read (was: another charset read as UTF-8)",
        arguments: [
            ("application/json; charset=iso-8859-1", HTTPResponse.Status.unsupportedMediaType),
            ("application/json; charset=\"latin1\"", .unsupportedMediaType),
            ("application/json;charset=UTF-8", .unprocessableContent),
            ("Application/JSON; Charset=\"utf-8\"", .unprocessableContent),
            ("application/problem+json", .unprocessableContent),
            ("application/json; charset", .unsupportedMediaType),
            ("application/json, text/plain", .unsupportedMediaType),
        ])
    func contentTypes(contentType: String, status: HTTPResponse.Status) async throws {
        let endpoint = FormEndpoint(try CompiledForm(source: orderSpec))
        try await post("{}", at: "/order", contentType: contentType, to: endpoint) { #expect($0.status == status) }
    }

    @Test("two Content-Type lines are refused, as Vapor refuses them")
    func repeatedContentTypeLines() async throws {
        let endpoint = FormEndpoint(try CompiledForm(source: orderSpec))
        let second: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        try await post("{}", at: "/order", lines: second, to: endpoint) { #expect($0.status == .unsupportedMediaType) }
    }

    @Test("a 500 tells the client nothing of the server; the cause goes to the log (was: in the body)")
    func serverErrorsAreLoggedNotSent() async throws {
        let generic =
            #"{"type":"about:blank","title":"Internal Server Error","status":500,"detail":"The server could not check the form."}"#
        let mismatched = FormEndpoint(try CompiledForm(source: mismatchedOrderSpec))
        try await post(#"{"age":"twenty"}"#, at: "/order", to: mismatched) {
            #expect($0.status == .internalServerError)
            #expect(String(buffer: $0.body) == generic)
        }
        let unregistered = FormEndpoint(
            try CompiledForm(source: "formspec: 1\nform: h\nfields:\n  u:\n    rules:\n      - check: nope\n"))
        try await post(#"{"u":"x"}"#, at: "/order", to: unregistered) {
            #expect($0.status == .internalServerError)
            #expect(String(buffer: $0.body) == generic)
        }
        let logged = errors.all
        #expect(logged.count == 2)
        #expect(logged.first?.contains("the checked values of form 'order' do not decode as Order") == true)
        #expect(logged.last?.contains("external check 'nope' (field 'u') is not registered") == true)
    }

    @Test("a check that does not answer in time is cancelled, and the answer is 503 (was: no answer)")
    func aSlowCheckTimesOut() async throws {
        var form = try CompiledForm(source: "formspec: 1\nform: h\nfields:\n  u:\n    rules:\n      - check: slow\n")
        let cancelled = Lines()
        form.checks.registerAsync("slow") { _ in
            do { try await Task.sleep(for: .seconds(60)) } catch { cancelled.append("cancelled") }
            return true
        }
        var endpoint = FormEndpoint(form)
        endpoint.checkTimeout = .milliseconds(200)
        let started = ContinuousClock.now
        try await post(#"{"u":"x"}"#, at: "/order", to: endpoint) { response in
            #expect(response.status == .serviceUnavailable)
            #expect(String(buffer: response.body).contains(#""status":503"#))
        }
        #expect(ContinuousClock.now - started < .seconds(10))
        for _ in 0..<100 where cancelled.all.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
        #expect(cancelled.all == ["cancelled"])
        #expect(errors.all.first?.contains("the form 'h' was not checked within") == true)
    }

    @Test func externalChecksRunAsAsyncClosures() async throws {
        var form = try CompiledForm(
            source: """
                formspec: 1
                form: handle
                fields:
                  username:
                    required: true
                    rules:
                      - min_length: 3
                      - check: username_available
                        message: {en: That username is taken, ja: そのユーザー名は使われています}
                """)
        form.checks.registerAsync("username_available") { input in
            try await Task.sleep(for: .milliseconds(1))
            return input.text != "taken"
        }
        let endpoint = FormEndpoint(form, reportShape: .full)
        try await post(#"{"username":"taken"}"#, language: "ja", to: endpoint) { response in
            #expect(response.status == .unprocessableContent)
            #expect(String(buffer: response.body).contains("そのユーザー名は使われています"))
        }
        try await post(#"{"username":"free"}"#, to: endpoint) { #expect($0.status == .ok) }
    }
}
