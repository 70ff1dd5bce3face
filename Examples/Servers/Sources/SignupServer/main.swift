// A sign-up endpoint on Hummingbird. `SignupForm` is generated at build time from
// `signup.form.yaml` by FormSpecPlugin: the program is embedded (no YAML is read at run time) and
// `SignupForm.Input` is the typed body (`password` a `FormSecret`, never printed).
//
//     swift run SignupServer [--port 8080]
//     curl -s localhost:8080/signup -H 'Content-Type: application/json' -H 'Accept-Language: ja' \
//          -d '{"username":"Mei","email":"mei@example.com","password":"correct horse"}'

import FormSpecHummingbird
import FormSpecLive
import Foundation
import Hummingbird

/// Usernames already taken (a database in a real server).
let taken: Set<String> = ["admin", "root", "mei"]

var form = CompiledForm(program: try SignupForm.program(), path: "signup.form.yaml")
form.checks.registerAsync("username_available") { input in
    try await Task.sleep(for: .milliseconds(5))  // a lookup
    return !taken.contains(input.text)
}
let endpoint = FormEndpoint(form)

/// The 201 body: `{"welcome":"mei_chen"}`.
struct Welcome: Encodable {
    var welcome: String
}

let router = Router()
router.post("signup") { request, context -> Response in
    var request = request
    let signup = try await request.validated(SignupForm.Input.self, by: endpoint, context: context)
    // Valid, so the required fields are there (the username trimmed, as it was checked).
    let body = try JSONEncoder().encode(Welcome(welcome: signup.username ?? ""))
    return Response(
        status: .created, headers: [.contentType: "application/json"],
        body: .init(byteBuffer: ByteBuffer(bytes: body)))
}

let arguments = CommandLine.arguments
let port = arguments.firstIndex(of: "--port").flatMap { arguments.dropFirst($0 + 1).first }.flatMap { Int($0) } ?? 8080
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await app.runService()
