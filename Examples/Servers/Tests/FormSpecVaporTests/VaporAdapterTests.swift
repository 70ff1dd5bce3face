import FormSpec
import FormSpecVapor
import Foundation
import ServerTestSupport
import Testing
import Vapor
import VaporTesting

/// Real HTTP requests on loopback (`.running`) to a Vapor application using the adapter.
@Suite("Vapor: validated request bodies", .serialized)
struct VaporAdapterTests {
    /// What the application logged at error level.
    let errors = Lines()

    /// The routes: `/signup` and `/order` stream their bodies to the adapter; `/collected` is the
    /// README's route, its body collected by Vapor up to 64 KiB.
    func routes(_ app: Application, _ endpoint: FormEndpoint) {
        let errors = self.errors
        app.logger = Logger(label: "test") { _ in ErrorLog(lines: errors) }
        app.middleware.use(FormSpecProblemMiddleware())
        app.on(.POST, "signup", body: .stream) { request async throws -> String in
            let signup = try await request.validated(Signup.self, by: endpoint)
            return "welcome \(signup.username)"
        }
        app.on(.POST, "collected", body: .collect(maxSize: "64kb")) { request async throws -> String in
            let signup = try await request.validated(Signup.self, by: endpoint)
            return "welcome \(signup.username)"
        }
        app.on(.POST, "order", body: .stream) { request async throws -> String in
            let order = try await request.validated(Order.self, by: endpoint)
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return String(decoding: try encoder.encode(order), as: UTF8.self)
        }
    }

    func post(
        _ body: String, at path: String = "signup", contentType: String? = "application/json",
        language: String? = nil, lines: [(HTTPHeaders.Name, String)] = [], to endpoint: FormEndpoint,
        _ check: (TestingHTTPResponse) async throws -> Void
    ) async throws {
        try await withApp(configure: { routes($0, endpoint) }) { app in
            var headers = HTTPHeaders()
            if let contentType { headers.add(name: .contentType, value: contentType) }
            if let language { headers.add(name: .acceptLanguage, value: language) }
            for (name, value) in lines { headers.add(name: name, value: value) }
            try await app.testing(method: .running(hostname: "127.0.0.1", port: 0)).test(
                .POST, path, headers: headers, body: ByteBuffer(string: body), afterResponse: check)
        }
    }

    @Test func aValidBodyPassesTheTypedInputOn() async throws {
        let endpoint = FormEndpoint(try CompiledForm.load(contentsOf: signupSpec))
        try await post(#"{"username":"alice_01","password":"Passw0rd!","confirm_password":"Passw0rd!"}"#, to: endpoint)
        {
            #expect($0.status == .ok)
            #expect($0.body.string == "welcome alice_01")
        }
    }

    @Test func anInvalidBodyIs422WithTheReportInTheAskedLocale() async throws {
        let form = try CompiledForm.load(contentsOf: signupSpec)
        let endpoint = FormEndpoint(form)
        let expected = try form.validateSynchronously(
            ["username": "al", "password": "password", "confirm_password": "password"],
            options: ValidationOptions(locale: "zh-Hant"))
        try await post(
            #"{"username":"al","password":"password","confirm_password":"password"}"#, language: "zh-TW, en;q=0.1",
            to: endpoint
        ) { response in
            #expect(response.status == .unprocessableEntity)
            #expect(response.headers.first(name: .contentType) == "application/problem+json")
            #expect(response.headers.first(name: .contentLanguage) == "zh-Hant")
            #expect(response.headers.first(name: .vary) == "Accept-Language")
            #expect(
                response.body.string
                    == #"{"type":"about:blank","title":"Unprocessable Content","status":422,"detail":"The form 'signup' has errors.","report":"#
                    + expected.json(.errors) + "}")
        }
    }

    @Test func refusedBodies() async throws {
        let endpoint = FormEndpoint(try CompiledForm.load(contentsOf: signupSpec), maxBodyBytes: 100)
        try await post(String(repeating: " ", count: 101) + "{}", to: endpoint) { response in
            #expect(response.status == .payloadTooLarge)
            #expect(response.headers.first(name: .contentType) == "application/problem+json")
            #expect(response.headers.first(name: .vary) == nil)
            #expect(
                response.body.string
                    == #"{"type":"about:blank","title":"Content Too Large","status":413,"detail":"The body is larger than 100 bytes."}"#
            )
        }
        try await post("{}", contentType: "text/plain", to: endpoint) { #expect($0.status == .unsupportedMediaType) }
        try await post(#"{"username": }"#, to: endpoint) { response in
            #expect(response.status == .badRequest)
            #expect(response.body.string.contains(#""detail":"the body is not valid JSON: 1:14: "#))
        }
        try await post("[1]", to: endpoint) { #expect($0.status == .badRequest) }
        let latin = "application/json; charset=iso-8859-1"
        try await post("{}", contentType: latin, to: endpoint) { #expect($0.status == .unsupportedMediaType) }
        try await post("{}", contentType: "application/json; charset=UTF-8", to: endpoint) {
            #expect($0.status == .unprocessableEntity)
        }
    }

    @Test("the README's route reads a body above Vapor's default 16 KiB, up to the endpoint's limit")
    func theReadmeRouteCollectsUpToTheEndpointsLimit() async throws {
        let endpoint = FormEndpoint(try CompiledForm.load(contentsOf: signupSpec))
        let body = #"{"username":"alice_01","bio":"\#(String(repeating: "x", count: 20_000))"}"#
        try await post(body, at: "collected", to: endpoint) { #expect($0.status == .unprocessableEntity) }
    }

    @Test(
        "a number the typed input cannot hold is a 400 that names it (was: a 500)", arguments: orderBodiesTooLarge)
    func numbersTooLargeForTheTypedInput(body: String, detail: String) async throws {
        let endpoint = FormEndpoint(try CompiledForm(source: orderSpec))
        try await post(body, at: "order", to: endpoint) {
            #expect($0.status == .badRequest)
            #expect($0.body.string.contains(#""detail":"\#(detail)""#))
        }
        #expect(errors.all.isEmpty)
    }

    @Test(
        "the typed input holds the values as they were checked (was: the raw body decoded again)",
        arguments: orderBodies)
    func theTypedInputIsWhatWasChecked(body: String, typed: String) async throws {
        let endpoint = FormEndpoint(try CompiledForm(source: orderSpec))
        try await post(body, at: "order", to: endpoint) {
            #expect($0.status == .ok)
            #expect($0.body.string == typed)
        }
    }

    @Test("repeated Accept-Language lines are one list (was: the first line only); two Content-Type lines are refused")
    func repeatedHeaderLines() async throws {
        var endpoint = FormEndpoint(try CompiledForm(source: orderSpec))
        try await post("{}", at: "order", lines: [(.acceptLanguage, "fr"), (.acceptLanguage, "ja")], to: endpoint) {
            #expect($0.status == .unprocessableEntity)
            #expect($0.headers.first(name: .contentLanguage) == "ja")
        }
        try await post("{}", at: "order", lines: [(.contentType, "text/plain")], to: endpoint) {
            #expect($0.status == .unsupportedMediaType)
        }
        // With no Accept-Language the endpoint's own locale names the messages (was: the spec's).
        endpoint.options.locale = "ja"
        try await post("{}", at: "order", to: endpoint) {
            #expect($0.headers.first(name: .contentLanguage) == "ja")
            #expect($0.body.string.contains("Usernameは必須です"))
        }
    }

    @Test("a 500 tells the client nothing of the server; the cause goes to the log (was: in the body)")
    func serverErrorsAreLoggedNotSent() async throws {
        let mismatched = FormEndpoint(try CompiledForm(source: mismatchedOrderSpec))
        try await post(#"{"age":"twenty"}"#, at: "order", to: mismatched) {
            #expect($0.status == .internalServerError)
            #expect(
                $0.body.string
                    == #"{"type":"about:blank","title":"Internal Server Error","status":500,"detail":"The server could not check the form."}"#
            )
        }
        #expect(errors.all.count == 1)
        #expect(errors.all.first?.contains("the checked values of form 'order' do not decode as Order") == true)
    }

    @Test("a check that does not answer in time is cancelled, and the answer is 503 (was: no answer)")
    func aSlowCheckTimesOut() async throws {
        var form = try CompiledForm(source: "formspec: 1\nform: h\nfields:\n  u:\n    rules:\n      - check: slow\n")
        form.checks.registerAsync("slow") { _ in
            try await Task.sleep(for: .seconds(60))
            return true
        }
        var endpoint = FormEndpoint(form)
        endpoint.checkTimeout = .milliseconds(200)
        let started = ContinuousClock.now
        try await post(#"{"u":"x"}"#, at: "order", to: endpoint) { #expect($0.status == .serviceUnavailable) }
        #expect(ContinuousClock.now - started < .seconds(10))
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
            #expect(response.status == .unprocessableEntity)
            #expect(response.body.string.contains("そのユーザー名は使われています"))
        }
        try await post(#"{"username":"free"}"#, to: endpoint) { #expect($0.status == .ok) }
    }
}
