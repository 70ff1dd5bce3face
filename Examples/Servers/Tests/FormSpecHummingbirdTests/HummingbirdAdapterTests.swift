import FormSpec
import FormSpecHummingbird
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The sign-up form of the repository's README.
let signupSpec = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("FormSpecRoot/Specs/signup.form.yaml").path

struct Signup: Decodable, Sendable {
    var username: String
    var password: String?
}

/// Real HTTP requests on loopback (`.live`) to a Hummingbird application using the adapter.
@Suite("Hummingbird: validated request bodies")
struct HummingbirdAdapterTests {
    func application(_ endpoint: FormEndpoint) -> some ApplicationProtocol {
        let router = Router()
        router.post("signup") { request, context -> String in
            var request = request
            let signup = try await request.validated(Signup.self, by: endpoint, context: context)
            return "welcome \(signup.username)"
        }
        return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    }

    func post(
        _ body: String, contentType: String? = "application/json", language: String? = nil,
        to endpoint: FormEndpoint, _ check: @escaping @Sendable (TestResponse) throws -> Void
    ) async throws {
        var headers: HTTPFields = [:]
        if let contentType { headers[.contentType] = contentType }
        if let language { headers[.acceptLanguage] = language }
        let sent = headers
        try await application(endpoint).test(.live) { client in
            try await client.execute(uri: "/signup", method: .post, headers: sent, body: ByteBuffer(string: body)) {
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
            #expect(
                String(buffer: response.body)
                    == #"{"type":"about:blank","title":"Unprocessable Content","status":422,"detail":"The form 'signup' has errors.","report":"#
                    + expected.json(.errors) + "}")
        }
    }

    @Test func refusedBodies() async throws {
        let endpoint = FormEndpoint(try CompiledForm.load(contentsOf: signupSpec), maxBodyBytes: 100)
        try await post(String(repeating: " ", count: 101) + "{}", to: endpoint) {
            #expect($0.status == .contentTooLarge)
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
