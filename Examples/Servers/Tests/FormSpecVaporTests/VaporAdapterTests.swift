import FormSpec
import FormSpecVapor
import Foundation
import Testing
import Vapor
import VaporTesting

/// The sign-up form of the repository's README.
let signupSpec = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("FormSpecRoot/Specs/signup.form.yaml").path

struct Signup: Decodable, Sendable {
    var username: String
    var password: String?
}

/// Real HTTP requests on loopback (`.running`) to a Vapor application using the adapter.
@Suite("Vapor: validated request bodies", .serialized)
struct VaporAdapterTests {
    func post(
        _ body: String, contentType: String? = "application/json", language: String? = nil,
        to endpoint: FormEndpoint, _ check: (TestingHTTPResponse) async throws -> Void
    ) async throws {
        try await withApp(configure: { app in
            app.middleware.use(FormSpecProblemMiddleware())
            app.on(.POST, "signup", body: .stream) { request async throws -> String in
                let signup = try await request.validated(Signup.self, by: endpoint)
                return "welcome \(signup.username)"
            }
        }) { app in
            var headers = HTTPHeaders()
            if let contentType { headers.add(name: .contentType, value: contentType) }
            if let language { headers.add(name: .acceptLanguage, value: language) }
            try await app.testing(method: .running(hostname: "127.0.0.1", port: 0)).test(
                .POST, "signup", headers: headers, body: ByteBuffer(string: body), afterResponse: check)
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
            #expect(
                response.body.string
                    == #"{"type":"about:blank","title":"Unprocessable Content","status":422,"detail":"The form 'signup' has errors.","report":"#
                    + expected.json(.errors) + "}")
        }
    }

    @Test func refusedBodies() async throws {
        let endpoint = FormEndpoint(try CompiledForm.load(contentsOf: signupSpec), maxBodyBytes: 100)
        try await post(String(repeating: " ", count: 101) + "{}", to: endpoint) {
            #expect($0.status == .payloadTooLarge)
        }
        try await post("{}", contentType: "text/plain", to: endpoint) { #expect($0.status == .unsupportedMediaType) }
        try await post(#"{"username": }"#, to: endpoint) { response in
            #expect(response.status == .badRequest)
            #expect(response.body.string.contains(#""detail":"the body is not valid JSON: 1:14: "#))
        }
        try await post("[1]", to: endpoint) { #expect($0.status == .badRequest) }
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
