// A live sign-up form in a terminal: the spec `Specs/signup.form.yaml`, compiled ahead of time into
// `SignupForm.swift`, embedded with `LiveForm` and fed a scripted sequence of keystrokes. After each
// keystroke it prints every field's requirement checklist (✓ met, ✗ not yet) and the one message the
// field would show, then whether the form can be submitted.
//
// It links `FormSpecLive` only: no compiler, no libyaml, as an iOS app shipping its forms would.
// After changing the spec, regenerate the program (a test checks it is current):
//
//     swift run formspec compile Specs/signup.form.yaml --emit swift -o Examples/LiveSignup/SignupForm.swift
//     swift run LiveSignupExample

import FormSpecLive
import Foundation

/// One scripted user action.
enum Step {
    /// Types `text` into a field one character at a time (each character is a step).
    case type(String, into: String)
    /// Deletes the last character of a field.
    case backspace(String)
}

/// How a field's value reads on screen: secrets as bullets.
@MainActor
func shown(_ field: LiveField) -> String {
    field.type == .secret ? String(repeating: "•", count: field.text.count) : field.text
}

@MainActor
func printState(of form: LiveForm, step: Int, action: String) {
    print("[\(step)] \(action)")
    let width = form.fields.map(\.name.count).max() ?? 0
    for field in form.fields where field.isActive {
        let name = field.name.padding(toLength: width, withPad: " ", startingAt: 0)
        let checklist = field.checklist.map { "\($0.passed ? "✓" : "✗") \($0.text)" }.joined(separator: "   ")
        print("    \(name)  \"\(shown(field))\"")
        print("    \(String(repeating: " ", count: width))  \(checklist)")
        if let message = field.message {
            let note = field.isTouched ? "" : "   (not shown yet: untouched)"
            print("    \(String(repeating: " ", count: width))  → \(message)\(note)")
        }
    }
    print("    valid: \(form.isValid ? "yes" : "no")   canSubmit: \(form.canSubmit ? "yes" : "no")")
    print()
}

@MainActor
func run() async -> Int32 {
    let compiled: CompiledForm
    do {
        compiled = CompiledForm(program: try SignupForm.program(), path: "SignupForm.swift")
    } catch {
        FileHandle.standardError.write(Data("the embedded program does not decode: \(error)\n".utf8))
        return 2
    }
    let form = LiveForm(compiled)
    print("\(compiled.title ?? compiled.name) — live validation of \(compiled.path)\n")
    printState(of: form, step: 0, action: "the empty form")

    let script: [Step] = [
        .type("alice_01", into: "username"),
        .type("Passw0rd!", into: "password"),
        .type("Passw0rd?", into: "confirm_password"),  // a typo on the last character…
        .backspace("confirm_password"),
        .type("!", into: "confirm_password"),  // …fixed
    ]
    var step = 0
    for action in script {
        switch action {
        case .type(let text, let name):
            guard let field = form[name] else { continue }
            for character in text {
                step += 1
                form.set(.string(field.text + String(character)), forField: name)
                let typed = field.type == .secret ? "•" : String(character)
                printState(of: form, step: step, action: "\(name) ← '\(typed)'")
            }
        case .backspace(let name):
            guard let field = form[name] else { continue }
            step += 1
            form.set(.string(String(field.text.dropLast())), forField: name)
            printState(of: form, step: step, action: "\(name) ← backspace")
        }
    }

    let counts = form.evaluationCounts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
    print("field evaluations over \(step) keystrokes: \(counts.joined(separator: ", "))")
    // The username's `debounce:` is still holding its messages back (the script types faster than
    // any pause); pressing Submit ends every debounce and validates, as a submit button does.
    print("isDebouncing before Submit: \(form.isDebouncing)")
    let report = await form.validateNow()
    print("Submit: valid \(report.valid)")
    print("canSubmit: \(form.canSubmit)")
    return form.canSubmit ? 0 : 1
}

let status = await run()

// Top-level code, as a server's `main.swift` would call it: `try await form.validate(…)` is the
// asynchronous entry point (the synchronous one is `validateSynchronously`, so the two never collide).
let server = CompiledForm(program: try SignupForm.program(), path: "SignupForm.swift")
let submitted = try await server.validate(
    ["username": "alice_01", "password": "Passw0rd!", "confirm_password": "Passw0rd!"])
print("top-level validate: \(submitted.json(.errors))")
exit(status)
