// A live sign-up form in a terminal: the spec `Specs/signup.form.yaml` embedded with `LiveForm`,
// fed a scripted sequence of keystrokes. After each keystroke it prints every field's requirement
// checklist (✓ met, ✗ not yet) and the one message the field would show, then whether the form
// can be submitted.
//
//     swift run LiveSignupExample            # from the repository root
//     swift run LiveSignupExample path/to/signup.form.yaml

import FormSpec
import Foundation

/// The spec to embed: the argument, else `Specs/signup.form.yaml` under the current directory,
/// else next to this source file's repository root.
func specPath() -> String {
    if CommandLine.arguments.count > 1 { return CommandLine.arguments[1] }
    let relative = "Specs/signup.form.yaml"
    if FileManager.default.fileExists(atPath: relative) { return relative }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    return root.appendingPathComponent(relative).path
}

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
func run() -> Int32 {
    let compiled: CompiledForm
    do {
        compiled = try CompiledForm.load(contentsOf: specPath())
    } catch {
        FileHandle.standardError.write(Data(error.rendered.utf8))
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
    print("canSubmit: \(form.canSubmit)")
    return form.canSubmit ? 0 : 1
}

exit(MainActor.assumeIsolated { run() })
