import FormSpec
@_spi(Tooling) import FormSpecRuntime
import Foundation

/// The same two fields, flat and as each item of a 100-item repeatable group: what a keystroke in
/// one item costs next to a keystroke in a flat form (an item's rules read only its own item, so
/// the other 99 are not re-run).
enum ListBenchmark {
    static let itemRules = """
              name:
                required: true
                rules:
                  - min_length: 3
              email:
                rules:
                  - format: email
                  - different_from: name
        """

    static let flat = """
        formspec: 1
        form: flat
        fields:
        \(itemRules.split(separator: "\n").map { String($0.dropFirst(4)) }.joined(separator: "\n"))
        """

    static let list = """
        formspec: 1
        form: rows
        fields:
          rows:
            type: list
            of: group
            rules:
              - max_items: 100
            fields:
        \(itemRules)
        """

    /// Times `keystrokes` keystrokes typing an email into `field` of `form`, one character a time.
    @MainActor
    static func time(_ form: LiveForm, field: String, keystrokes: Int) -> Double {
        let text = Array("someone.with.a.long.name@example.org")
        let shown = form[field]!
        let clock = ContinuousClock()
        var checksum = 0
        var current = ""
        let elapsed = clock.measure {
            for step in 0..<keystrokes {
                if step % text.count == 0 { current = "" }
                current.append(text[step % text.count])
                form.set(.string(current), forField: field)
                checksum &+= readBack(shown, form)
            }
        }
        if checksum == 42 { print("") }  // keep the read-back alive
        return nanoseconds(elapsed) / Double(keystrokes)
    }

    @MainActor
    static func run(keystrokes: Int) throws {
        let flatForm = LiveForm(try CompiledForm(source: flat))
        let rows: Value = .array((0..<100).map { ["name": .string("row \($0)"), "email": "a@b.cd"] })
        let listForm = LiveForm(try CompiledForm(source: list), values: ["rows": rows])
        _ = time(flatForm, field: "email", keystrokes: 2_000)
        _ = time(listForm, field: "rows.57.email", keystrokes: 2_000)
        flatForm.resetEvaluationCounts()
        listForm.resetEvaluationCounts()
        let flatTime = time(flatForm, field: "email", keystrokes: keystrokes)
        let listTime = time(listForm, field: "rows.57.email", keystrokes: keystrokes)
        print("keystrokes in a 100-item list of groups vs the same fields flat")
        print("  keystrokes          \(keystrokes) each, typing an email one character at a time")
        print(
            "  flat form           \(format(flatTime / 1000)) µs per keystroke, \(format(Double(flatForm.evaluationCount) / Double(keystrokes))) field evaluations"
        )
        print(
            "  item 57 of 100      \(format(listTime / 1000)) µs per keystroke, \(format(Double(listForm.evaluationCount) / Double(keystrokes))) field evaluations"
        )
        print("  ratio               \(format(listTime / flatTime))×")
    }
}
