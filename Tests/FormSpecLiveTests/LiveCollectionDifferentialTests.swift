import FormSpec
@_spi(Tooling) import FormSpecRuntime
import Foundation
import Testing

// The live form with lists and groups against the one-off validator (a tester's probes, kept):
// random operation sequences whose report, values and changes must agree with validating
// `values` at every step, and the edge cases the probes found (each a bug fixed on 2026-11-30:
// a value typed into an absent group dropped, items "ghosting" in from the original, fields of
// items that do not exist making the form dirty, a message debounce left at a removed item's
// position, an emptied list that was absent left as `[]`).

// MARK: - Support

struct ProbeRNG: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed &* 0x2545_F491_4F6C_DD1D &+ 1 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
    mutating func pick<T>(_ xs: [T]) -> T { xs[int(0...(xs.count - 1))] }
}

let probeToday = CivilDate(iso: "2024-06-01")!

func probeDescribe(_ value: Value?) -> String {
    guard let value else { return "nil" }
    switch value {
    case .null: return "null"
    case .bool(let b): return "\(b)"
    case .integer(let i): return "\(i)"
    case .number(let n): return "\(n)"
    case .string(let s): return "\"\(s)\""
    case .array(let items): return "[" + items.map { probeDescribe($0) }.joined(separator: ", ") + "]"
    case .object(let members):
        return "{" + members.map { "\($0.key): \(probeDescribe($0.value))" }.joined(separator: ", ") + "}"
    }
}

func probeDescribe(_ values: [String: Value]) -> String {
    values.keys.sorted().map { "\($0): \(probeDescribe(values[$0]))" }.joined(separator: ", ")
}

func reportDiff(_ live: Report, _ oneOff: Report) -> String {
    var lines: [String] = []
    if live.valid != oneOff.valid { lines.append("  valid: live=\(live.valid) one-off=\(oneOff.valid)") }
    for name in Set(live.fields.keys).union(oneOff.fields.keys).sorted() where live.fields[name] != oneOff.fields[name]
    {
        func show(_ r: FieldReport?) -> String {
            guard let r else { return "absent" }
            return
                "valid=\(r.valid) errors=\(r.errors.map(\.message)) checks=\(r.checks.map { "\($0.rule):\($0.passed)" })"
        }
        lines.append("  \(name): live=\(show(live.fields[name])) one-off=\(show(oneOff.fields[name]))")
    }
    if live.formErrors != oneOff.formErrors {
        lines.append("  formErrors: live=\(live.formErrors.map(\.message)) one-off=\(oneOff.formErrors.map(\.message))")
    }
    if live.changed != oneOff.changed {
        lines.append(
            "  changed: live=\(String(describing: live.changed)) one-off=\(String(describing: oneOff.changed))")
    }
    return lines.joined(separator: "\n")
}

/// A spec to run random sequences over.
struct ProbeScenario {
    let live: CompiledForm
    let reference: CompiledForm
    let lists: [String]
    let randomValues: (inout ProbeRNG) -> [String: Value]
    let randomRoot: (inout ProbeRNG) -> (String, Value?)
    /// A random field path inside item `index` of `list` and a value, or nil to skip.
    let randomItemField: @MainActor (inout ProbeRNG, String, Int, LiveForm) -> (String, Value?)?
    let randomItem: (inout ProbeRNG, String) -> Value?
}

@MainActor
func probeProblems(_ form: LiveForm, _ scenario: ProbeScenario, soft: inout [String]) -> [String] {
    var out: [String] = []
    let reference = scenario.reference
    let values = form.values
    let original = form.originalValues
    let options = ValidationOptions(
        locale: form.locale, mode: form.mode, original: form.mode == .edit ? original : nil, today: probeToday)
    let expected: Report
    do { expected = try reference.validateSynchronously(values, options: options) } catch {
        return ["one-off validate threw \(error)"]
    }
    let live = form.report
    if live != expected { out.append("report != one-off validate(values):\n" + reportDiff(live, expected)) }
    if form.isValid != expected.valid { out.append("isValid \(form.isValid) vs one-off \(expected.valid)") }
    if live.valid != form.isValid { out.append("report.valid \(live.valid) vs isValid \(form.isValid)") }
    if let edit = try? reference.validateSynchronously(
        values, options: ValidationOptions(locale: form.locale, mode: .edit, original: original, today: probeToday))
    {
        if (edit.changed ?? []).sorted() != form.changedFields.sorted() {
            out.append("changedFields \(form.changedFields) vs one-off edit changed \(edit.changed ?? [])")
        }
    }
    if form.hasUnsavedChanges != !form.changedFields.isEmpty {
        out.append("hasUnsavedChanges \(form.hasUnsavedChanges) vs changedFields \(form.changedFields)")
    }
    let submit =
        form.mode != .show && expected.valid && !form.isPending && !form.isDebouncing
        && (form.mode != .edit || form.hasUnsavedChanges)
    if form.canSubmit != submit { out.append("canSubmit \(form.canSubmit), expected \(submit)") }
    if form.changedFields.isEmpty != (values == original) {
        soft.append(
            "changedFields=\(form.changedFields) but values==originalValues is \(values == original)\n  values: \(probeDescribe(values))\n  original: \(probeDescribe(original))"
        )
    }
    // A form opened fresh on the same values and originals must show the same.
    // (No originals: the initializer takes a value missing from `values` from them. The specs'
    // field rules do not depend on the mode, and dirtiness is compared with the one-off above.)
    let fresh = LiveForm(reference, mode: .new, values: values, locale: form.locale, today: probeToday)
    if fresh.values != values {
        out.append(
            "fresh form values differ:\n  live:  \(probeDescribe(values))\n  fresh: \(probeDescribe(fresh.values))")
    }
    for field in form.fields {
        guard let other = fresh[field.name] else { continue }
        if field.isActive != other.isActive {
            out.append("\(field.name) isActive \(field.isActive) vs fresh \(other.isActive)")
        }
        if field.errors != other.errors {
            out.append("\(field.name) errors \(field.errors.map(\.message)) vs fresh \(other.errors.map(\.message))")
        }
        if field.warnings != other.warnings { out.append("\(field.name) warnings differ from fresh") }
        if field.checklist != other.checklist {
            out.append(
                "\(field.name) checklist \(field.checklist.map { "\($0.rule):\($0.status)" }) vs fresh \(other.checklist.map { "\($0.rule):\($0.status)" })"
            )
        }
        if field.isPending { out.append("\(field.name) still pending after settle") }
        // Raw values: only of active scalar fields (a list's or group's own raw value, and an inactive
        // slot's nil-vs-null, are internal).
        let emptyPair = (field.value == nil || field.value == .null) && (other.value == nil || other.value == .null)
        if field.isActive, field.type != .list, field.type != .group, !emptyPair, field.value != other.value {
            out.append(
                "\(field.name) value \(probeDescribe(field.value)) vs fresh \(probeDescribe(other.value)) (active: \(field.isActive))"
            )
        }
    }
    for list in scenario.lists {
        var count = 0
        if case .array(let items)? = values[list] { count = items.count }
        let capacity = form.itemCapacity(of: list) ?? 0
        if form.itemCount(of: list) != min(count, capacity) {
            out.append("itemCount(\(list)) \(String(describing: form.itemCount(of: list))) vs values count \(count)")
        }
        if form.collectionValue(list) != values[list] {
            out.append(
                "collectionValue(\(list)) \(probeDescribe(form.collectionValue(list))) vs values \(probeDescribe(values[list]))"
            )
        }
    }
    return out
}

struct ProbeOutcome {
    var failures: [String] = []
    var soft: [String] = []
    var operations: [String: Int] = [:]
    var steps = 0
    var sequences = 0
}

@MainActor
func probeRun(
    _ scenario: ProbeScenario, seeds: Range<UInt64>, steps: Int, settle: Bool, mergeAtInit: Bool = false,
    strays: Bool = false
) async -> ProbeOutcome {
    var outcome = ProbeOutcome()
    for seed in seeds {
        outcome.sequences += 1
        var rng = ProbeRNG(seed: seed)
        let edit = rng.chance(0.4)
        let initial = scenario.randomValues(&rng)
        let form: LiveForm
        if edit {
            let original = scenario.randomValues(&rng)
            if mergeAtInit {
                form = LiveForm(scenario.live, mode: .edit, values: initial, original: original, today: probeToday)
            } else {
                form = LiveForm(scenario.live, mode: .edit, values: original, original: original, today: probeToday)
                var all: [String: Value?] = [:]
                for key in Set(original.keys).union(initial.keys) { all[key] = .some(initial[key]) }
                form.set(all, touch: false)
            }
        } else {
            form = LiveForm(scenario.live, values: initial, today: probeToday)
        }
        var log: [String] = [
            "seed \(seed) mode \(edit ? "edit" : "new") initial: \(probeDescribe(initial)) original: \(probeDescribe(form.originalValues))"
        ]
        var softHere: [String] = []
        var failedHere = false
        for _ in 0..<steps {
            outcome.steps += 1
            let list = rng.pick(scenario.lists)
            let count = form.itemCount(of: list) ?? 0
            let before = form.collectionValue(list)
            var beforeItems: [Value] = []
            if case .array(let items)? = before { beforeItems = items }
            // Items past the list's capacity have no fields: one moved into a slot gets its fields'
            // defaults (see the targeted test), so item-by-item predictions are skipped then.
            let overCapacity = beforeItems.count + 1 > (form.itemCapacity(of: list) ?? 0)
            let roll = rng.int(0...99)
            var name = ""
            var apiProblem: String?
            switch roll {
            case 0..<30:
                name = "setItemField"
                guard count > 0 else { continue }
                let index = rng.int(0...(count - 1))
                if !strays, list != "tags",
                    form.collectionValue("\(list).\(index)").map({ if case .object = $0 { false } else { true } })
                        ?? true
                {
                    continue
                }
                guard let pair = scenario.randomItemField(&rng, list, index, form) else { continue }
                let (path, value) = pair
                let ok = form.set(value, forField: path)
                log.append("form.set(\(probeDescribe(value)), forField: \"\(path)\") -> \(ok)")
                if !ok { apiProblem = "set on existing item field \(path) returned false" }
            case 30..<40:
                name = "setRoot"
                let (path, value) = scenario.randomRoot(&rng)
                form.set(value, forField: path)
                log.append("form.set(\(probeDescribe(value)), forField: \"\(path)\")")
            case 40..<47:
                name = "append"
                let item = scenario.randomItem(&rng, list)
                let ok = form.appendItem(item, to: list)
                log.append("form.appendItem(\(probeDescribe(item)), to: \"\(list)\") -> \(ok)")
                if !ok { apiProblem = "append returned false" }
                if case .array(let items)? = form.collectionValue(list), items.count != beforeItems.count + 1 {
                    apiProblem = "append: count \(beforeItems.count) -> \(items.count)"
                }
            case 47..<54:
                name = "insert"
                let item = scenario.randomItem(&rng, list)
                let position = rng.int(-1...(beforeItems.count + 1))
                let ok = form.insertItem(item, at: position, in: list)
                log.append("form.insertItem(\(probeDescribe(item)), at: \(position), in: \"\(list)\") -> \(ok)")
                if !ok { apiProblem = "insert returned false" }
                if case .array(let items)? = form.collectionValue(list) {
                    if items.count != beforeItems.count + 1 {
                        apiProblem = "insert: count \(beforeItems.count) -> \(items.count)"
                    } else {
                        var rest = items
                        rest.remove(at: min(max(0, position), beforeItems.count))
                        if !overCapacity, rest != beforeItems {
                            apiProblem =
                                "insert: other items changed \(probeDescribe(before)) -> \(probeDescribe(.array(items)))"
                        }
                    }
                }
            case 54..<62:
                name = "remove"
                let position = rng.int(-1...beforeItems.count)
                let ok = form.removeItem(at: position, from: list)
                log.append("form.removeItem(at: \(position), from: \"\(list)\") -> \(ok)")
                var predicted = beforeItems
                let valid = predicted.indices.contains(position)
                if valid { predicted.remove(at: position) }
                if ok != valid { apiProblem = "remove returned \(ok)" }
                let after = form.collectionValue(list)
                let afterItems: [Value]
                if case .array(let items)? = after { afterItems = items } else { afterItems = [] }
                if afterItems.count != predicted.count || (!overCapacity && afterItems != predicted) {
                    apiProblem =
                        "remove: \(probeDescribe(before)) -> \(probeDescribe(after)), predicted \(probeDescribe(.array(predicted)))"
                }
            case 62..<70:
                name = "move"
                let source = rng.int(-1...beforeItems.count)
                let destination = rng.chance(0.2) ? source : rng.int(-1...beforeItems.count)
                let ok = form.moveItem(from: source, to: destination, in: list)
                log.append("form.moveItem(from: \(source), to: \(destination), in: \"\(list)\") -> \(ok)")
                var predicted = beforeItems
                let valid = predicted.indices.contains(source) && predicted.indices.contains(destination)
                if valid { predicted.insert(predicted.remove(at: source), at: destination) }
                if ok != valid { apiProblem = "move returned \(ok)" }
                if !valid, form.collectionValue(list) != before {
                    apiProblem = "refused move changed the list"
                } else if valid {
                    let after = form.collectionValue(list)
                    if !overCapacity, case .array(let items)? = after, items != predicted {
                        apiProblem =
                            "move: \(probeDescribe(before)) -> \(probeDescribe(after)), predicted \(probeDescribe(.array(predicted)))"
                    }
                }
            case 70..<74:
                name = "setList"
                let n = rng.int(0...5)
                var items: [Value] = []
                for _ in 0..<n { items.append(scenario.randomItem(&rng, list) ?? .null) }
                form.set(.array(items), forField: list)
                log.append("form.set(\(probeDescribe(.array(items))), forField: \"\(list)\")")
            case 74..<78:
                name = "locale"
                form.locale = form.locale == nil ? "ja" : nil
                log.append("form.locale = \(String(describing: form.locale))")
            case 78..<82:
                name = "markSaved"
                form.markSaved()
                log.append("form.markSaved()")
            case 82..<86:
                name = "discardChanges"
                form.discardChanges()
                log.append("form.discardChanges()")
                if !form.changedFields.isEmpty { apiProblem = "discardChanges left \(form.changedFields) dirty" }
            case 86..<89:
                name = "reset"
                let values = scenario.randomValues(&rng)
                form.reset(to: values)
                log.append("form.reset(to: \(probeDescribe(values)))")
            case 89..<92:
                name = "mode"
                form.mode = form.mode == .edit ? .new : .edit
                log.append("form.mode = \(form.mode)")
            case 92..<96:
                name = "batchSet"
                var batch: [String: Value?] = [:]
                let (rootPath, rootValue) = scenario.randomRoot(&rng)
                batch[rootPath] = .some(rootValue)
                let itemIndex = count > 0 ? rng.int(0...(count - 1)) : 0
                let isObject: Bool
                if case .object? = form.collectionValue("\(list).\(itemIndex)") {
                    isObject = true
                } else {
                    isObject = false
                }
                if count > 0, strays || list == "tags" || isObject,
                    let pair = scenario.randomItemField(&rng, list, itemIndex, form)
                {
                    batch[pair.0] = .some(pair.1)
                }
                form.set(batch)
                log.append(
                    "form.set([\(batch.keys.sorted().map { "\($0): \(probeDescribe(batch[$0]!))" }.joined(separator: ", "))])"
                )
            default:
                name = "moveAndBack"
                guard beforeItems.count >= 2 else { continue }
                let changedBefore = form.changedFields
                let a = rng.int(0...(beforeItems.count - 1))
                let b = rng.int(0...(beforeItems.count - 1))
                form.moveItem(from: a, to: b, in: list)
                form.moveItem(from: b, to: a, in: list)
                let item = scenario.randomItem(&rng, list)
                form.insertItem(item, at: a, in: list)
                form.removeItem(at: a, from: list)
                log.append(
                    "moveItem(\(a)->\(b)) and back, insertItem(\(probeDescribe(item)), at: \(a)) then removeItem(at: \(a)) in \(list)"
                )
                if form.changedFields != changedBefore {
                    apiProblem =
                        "move-and-back/insert-remove changed dirtiness: \(changedBefore) -> \(form.changedFields)"
                }
                if !overCapacity, form.collectionValue(list) != before {
                    apiProblem =
                        "move-and-back/insert-remove changed the list: \(probeDescribe(before)) -> \(probeDescribe(form.collectionValue(list)))"
                }
            }
            outcome.operations[name, default: 0] += 1
            if settle { await form.settle() }
            var problems = probeProblems(form, scenario, soft: &softHere)
            if let apiProblem { problems.insert("API: " + apiProblem, at: 0) }
            if !problems.isEmpty {
                outcome.failures.append(
                    log.joined(separator: "\n    ") + "\n  PROBLEMS:\n  " + problems.joined(separator: "\n  "))
                failedHere = true
                break
            }
        }
        if !failedHere, let first = softHere.first {
            outcome.soft.append(log.joined(separator: "\n    ") + "\n  SOFT: " + first)
        }
    }
    return outcome
}

func probeTrace(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

// MARK: - Specs

@MainActor
enum ProbeSpecs {
    static let team = """
        formspec: 1
        form: team
        fields:
          owner_phone:
            label: Owner phone
          region:
            type: choice
            options: [eu, us]
          primary:
            rules:
              - same_as: /members/0/name
          members:
            type: list
            of: group
            required: true
            rules:
              - min_items: 2
              - max_items: 4
            fields:
              name:
                required: true
                rules:
                  - min_length: 2
              kind:
                type: choice
                options: [phone, email]
                default: phone
              phone:
                required: true
                when: {field: kind, equals: phone}
                rules:
                  - different_from: /owner_phone
                  - pattern: "^[0-9]+$"
                    message: "Digits only, not {value}"
              email:
                when: {field: kind, equals: email}
                rules:
                  - pattern: "@"
                  - pattern: "^[a-z@.]+$"
                    when: {field: /region, equals: eu}
              nick:
                rules:
                  - different_from: name
          tags:
            type: list
            of: text
            rules:
              - max_items: 3
              - unique_items: true
              - each: [{min_length: 2}, {different_from: owner_phone}]
        form_rules:
          - at_least_one_of: [owner_phone, tags]
            message: Give an owner phone or a tag
          - require_changes: true
        """

    static let crew = """
        formspec: 1
        form: crew
        fields:
          region:
            type: choice
            options: [eu, us]
          crew:
            type: list
            of: group
            rules:
              - max_items: 3
            fields:
              role:
                type: choice
                options: [lead, crew]
                default: crew
              email:
                rules:
                  - pattern: "@"
                  - check: email_known
                    message: Unknown address
              address:
                type: group
                when: {field: role, equals: lead}
                fields:
                  city:
                    required: true
                  zip:
                    rules:
                      - pattern: "^[0-9]{4}$"
                        when: {field: /region, equals: eu}
        """

    static let big = """
        formspec: 1
        form: big
        fields:
          owner:
          members:
            type: list
            of: group
            rules:
              - max_items: 10
            fields:
              name:
                required: true
                debounce: 500ms
              nick:
                rules:
                  - different_from: name
              phone:
                rules:
                  - different_from: /owner
          tags:
            type: list
            of: text
            rules:
              - max_items: 10
              - unique_items: true
        """

    static func teamScenario() throws -> ProbeScenario {
        let compiled = try CompiledForm(source: team)
        func member(_ rng: inout ProbeRNG) -> Value {
            var members: [Value.Member] = []
            if let v = rng.pick([Value?.none, "A", "Al", "Bob", "Cyd"]) { members.append(.init("name", v)) }
            if let v = rng.pick([Value?.none, "phone", "email", "fax"]) { members.append(.init("kind", v)) }
            if let v = rng.pick([Value?.none, "123", "555", "12a"]) { members.append(.init("phone", v)) }
            if let v = rng.pick([Value?.none, "a@b", "ab", "A@B"]) { members.append(.init("email", v)) }
            if let v = rng.pick([Value?.none, "Al", "Bob", "Zed"]) { members.append(.init("nick", v)) }
            return .object(members)
        }
        func tag(_ rng: inout ProbeRNG) -> Value { rng.pick(["a", "ab", "cd", "123", .null]) }
        return ProbeScenario(
            live: compiled, reference: compiled, lists: ["members", "tags"],
            randomValues: { rng in
                var values: [String: Value] = [:]
                if let v = rng.pick([Value?.none, "123", "555"]) { values["owner_phone"] = v }
                if let v = rng.pick([Value?.none, "eu", "us"]) { values["region"] = v }
                if let v = rng.pick([Value?.none, "Al", "Bob"]) { values["primary"] = v }
                values["members"] = .array((0..<rng.int(0...4)).map { _ in member(&rng) })
                values["tags"] = .array((0..<rng.int(0...3)).map { _ in tag(&rng) })
                return values
            },
            randomRoot: { rng in
                switch rng.int(0...2) {
                case 0: ("owner_phone", rng.pick([Value?.none, "123", "555"]))
                case 1: ("region", rng.pick([Value?.none, "eu", "us"]))
                default: ("primary", rng.pick([Value?.none, "Al", "Bob", "A"]))
                }
            },
            randomItemField: { rng, list, index, _ in
                if list == "tags" { return ("tags.\(index)", rng.pick([Value?.none, "a", "ab", "cd", "123"])) }
                switch rng.int(0...4) {
                case 0: return ("members.\(index).name", rng.pick([Value?.none, "A", "Al", "Bob", "Cyd"]))
                case 1: return ("members.\(index).kind", rng.pick([Value?.none, "phone", "email", "fax"]))
                case 2: return ("members.\(index).phone", rng.pick([Value?.none, "123", "555", "12a"]))
                case 3: return ("members.\(index).email", rng.pick([Value?.none, "a@b", "ab", "A@B"]))
                default: return ("members.\(index).nick", rng.pick([Value?.none, "Al", "Bob", "Zed"]))
                }
            },
            randomItem: { rng, list in
                if rng.chance(0.2) { return nil }
                return list == "tags" ? tag(&rng) : member(&rng)
            })
    }

    static func crewScenario(async: Bool) throws -> ProbeScenario {
        var reference = try CompiledForm(source: crew)
        reference.checks.register("email_known") { !$0.text.contains("x") }
        var live = try CompiledForm(source: crew)
        if async {
            live.checks.registerAsync("email_known") { input in
                try? await Task.sleep(nanoseconds: UInt64.random(in: 0...3_000_000))
                return !input.text.contains("x")
            }
        } else {
            live = reference
        }
        func person(_ rng: inout ProbeRNG) -> Value {
            var members: [Value.Member] = []
            if let v = rng.pick([Value?.none, "lead", "crew", "boss"]) { members.append(.init("role", v)) }
            if let v = rng.pick([Value?.none, "a@b", "x@b", "ab", "c@d"]) { members.append(.init("email", v)) }
            // Always an object when present: an absent group is probed on its own.
            if rng.chance(0.8) {
                var address: [Value.Member] = []
                if let v = rng.pick([Value?.none, "Paris", "Oslo"]) { address.append(.init("city", v)) }
                if let v = rng.pick([Value?.none, "1234", "12"]) { address.append(.init("zip", v)) }
                members.append(.init("address", .object(address)))
            }
            return .object(members)
        }
        return ProbeScenario(
            live: live, reference: reference, lists: ["crew"],
            randomValues: { rng in
                var values: [String: Value] = [:]
                if let v = rng.pick([Value?.none, "eu", "us"]) { values["region"] = v }
                values["crew"] = .array((0..<rng.int(0...3)).map { _ in person(&rng) })
                return values
            },
            randomRoot: { rng in ("region", rng.pick([Value?.none, "eu", "us"])) },
            randomItemField: { rng, _, index, form in
                switch rng.int(0...3) {
                case 0: return ("crew.\(index).role", rng.pick([Value?.none, "lead", "crew", "boss"]))
                case 1: return ("crew.\(index).email", rng.pick([Value?.none, "a@b", "x@b", "ab", "c@d"]))
                default:
                    // Only into an address that is an object (see the targeted test for an absent one).
                    guard case .object? = form.collectionValue("crew.\(index).address") else { return nil }
                    if rng.chance(0.5) {
                        return ("crew.\(index).address.city", rng.pick([Value?.none, "Paris", "Oslo"]))
                    }
                    return ("crew.\(index).address.zip", rng.pick([Value?.none, "1234", "12"]))
                }
            },
            randomItem: { rng, _ in rng.chance(0.2) ? nil : person(&rng) })
    }
}

// MARK: - Random differential

@MainActor
@Suite("Live form with collections against one-off validation")
struct LiveCollectionDifferentialTests {
    /// No sequence disagreed with the one-off validator; else how many did, and the shortest.
    func expectAgreement(_ outcome: ProbeOutcome, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(
            outcome.failures.isEmpty,
            "\(outcome.failures.count) failing sequences; the shortest: \(outcome.failures.min { $0.count < $1.count } ?? "")",
            sourceLocation: sourceLocation)
    }

    @Test("random sequences over a list of groups and a list of scalars agree with one-off validation")
    func randomTeam() async throws {
        let scenario = try ProbeSpecs.teamScenario()
        let outcome = await probeRun(scenario, seeds: 0..<60, steps: 40, settle: false)
        expectAgreement(outcome)
    }

    @Test("random sequences over items with a nested group and a sync check agree with one-off validation")
    func randomCrewSync() async throws {
        let scenario = try ProbeSpecs.crewScenario(async: false)
        let outcome = await probeRun(scenario, seeds: 1000..<1040, steps: 40, settle: false)
        expectAgreement(outcome)
    }

    @Test("random sequences, edit forms opened with values and originals (the initializer's merge)")
    func randomTeamMergeAtInit() async throws {
        let scenario = try ProbeSpecs.teamScenario()
        let outcome = await probeRun(scenario, seeds: 5000..<5060, steps: 20, settle: false, mergeAtInit: true)
        expectAgreement(outcome)
    }

    @Test("random sequences with an async check on an item field agree once settled")
    func randomCrewAsync() async throws {
        let scenario = try ProbeSpecs.crewScenario(async: true)
        let outcome = await probeRun(scenario, seeds: 2000..<2010, steps: 30, settle: true)
        expectAgreement(outcome)
    }
}

// MARK: - Targeted probes

@MainActor
@Suite("Live form with collections: edge cases")
struct LiveCollectionEdgeCaseTests {
    static let groups = """
        formspec: 1
        form: g
        fields:
          address:
            type: group
            fields:
              city:
                required: true
          people:
            type: list
            of: group
            rules:
              - max_items: 3
            fields:
              name:
              home:
                type: group
                fields:
                  city:
                    required: true
        """

    @Test("setting a field of an absent top-level group: values keep it and agree with validate")
    func absentTopLevelGroup() throws {
        let compiled = try CompiledForm(source: Self.groups)
        let form = LiveForm(compiled, today: probeToday)
        #expect(form["address.city"]?.isActive == true)
        #expect(form.set("Paris", forField: "address.city"))
        #expect(form["address.city"]?.message == nil)
        let values = form.values
        let expected = try compiled.validateSynchronously(values, options: ValidationOptions(today: probeToday))
        #expect(form.report == expected, "values: \(probeDescribe(values))\n\(reportDiff(form.report, expected))")
        #expect(form.collectionValue("address") != nil, "collectionValue(address) is nil")
    }

    @Test("setting a field of an absent group inside an item: values keep it and agree with validate")
    func absentItemGroup() throws {
        let compiled = try CompiledForm(source: Self.groups)
        let form = LiveForm(compiled, values: ["people": [["name": "Ann"]]], today: probeToday)
        #expect(form["people.0.home.city"]?.isActive == true)
        #expect(form.set("Oslo", forField: "people.0.home.city"))
        let values = form.values
        let expected = try compiled.validateSynchronously(values, options: ValidationOptions(today: probeToday))
        #expect(form.report == expected, "values: \(probeDescribe(values))\n\(reportDiff(form.report, expected))")
        // And an item operation rebuilds the list from `values`: the typed city must survive a move.
        form.appendItem(["name": "Bob"], to: "people")
        form.moveItem(from: 0, to: 1, in: "people")
        #expect(
            form["people.1.home.city"]?.value == "Oslo",
            "city after move: \(probeDescribe(form["people.1.home.city"]?.value))")
    }

    @Test("a new item's nested group: the city typed into it is lost on the next append")
    func newItemNestedGroupLost() throws {
        let compiled = try CompiledForm(source: Self.groups)
        let form = LiveForm(compiled)
        #expect(form.appendItem(to: "people"))
        #expect(form.set("Oslo", forField: "people.0.home.city"))
        #expect(form["people.0.home.city"]?.message == nil)
        #expect(form.values["people"] == [["home": ["city": "Oslo"]]], "values: \(probeDescribe(form.values))")
        #expect(form.appendItem(to: "people"))
        #expect(
            form["people.0.home.city"]?.value == "Oslo",
            "after appending a second item: \(probeDescribe(form["people.0.home.city"]?.value))")
        #expect(
            form["people.0.home.city"]?.message == nil,
            "message now: \(String(describing: form["people.0.home.city"]?.message))")
    }

    @Test("setting a field of an item that does not exist")
    func strayItemField() throws {
        let compiled = try CompiledForm(source: ProbeSpecs.team)
        let original: [String: Value] = [
            "owner_phone": "999",
            "members": [["name": "Ann", "phone": "123"], ["name": "Bob", "phone": "555"]],
        ]
        let form = LiveForm(compiled, mode: .edit, values: original, original: original, today: probeToday)
        #expect(!form.canSubmit)  // nothing changed
        let accepted = form.set("Zed", forField: "members.3.name")
        #expect(form["members.3.name"]?.isActive == false)
        #expect(form.values == form.originalValues)
        // Nothing the user can see or submit changed:
        #expect(form.changedFields.isEmpty, "set returned \(accepted); changedFields \(form.changedFields)")
        #expect(!form.hasUnsavedChanges)
        #expect(!form.canSubmit, "canSubmit true with values == original (require_changes fails in validate)")
        let expected = try compiled.validateSynchronously(
            form.values, options: .init(mode: .edit, original: form.originalValues, today: probeToday))
        #expect(form.report == expected, "\(reportDiff(form.report, expected))")
        // The stray value then shows up when an item is appended? (append spreads an empty item)
        form.appendItem(to: "members")
        form.appendItem(to: "members")
        #expect(
            form["members.3.name"]?.value == nil,
            "stray value resurfaced: \(probeDescribe(form["members.3.name"]?.value))")
        // Out-of-capacity and malformed paths are refused.
        #expect(!form.set("x", forField: "members.4.name"))
        #expect(!form.set("x", forField: "members.01.name"))
        #expect(!form.set("x", forField: "members.-1.name"))
    }

    @Test("edit mode: a field of an item that does not exist takes no value (it made the form submittable)")
    func strayItemFieldSubmittable() throws {
        let compiled = try CompiledForm(source: ProbeSpecs.big)
        let original: [String: Value] = ["members": [["name": "Ann"]]]
        let form = LiveForm(compiled, mode: .edit, values: original, original: original, clock: TestClock())
        #expect(!form.canSubmit)
        #expect(!form.set("555", forField: "members.4.phone"))
        #expect(form["members.4.phone"]?.isActive == false)
        #expect(form.values == form.originalValues)
        #expect(!form.canSubmit, "canSubmit with nothing changed in values; changedFields \(form.changedFields)")
        #expect(form.report.changed == [], "report.changed \(String(describing: form.report.changed))")
    }

    static let nested = """
        formspec: 1
        form: n
        fields:
          crew:
            type: list
            of: group
            rules:
              - max_items: 3
            fields:
              name:
              skills:
                type: list
                of: text
                rules:
                  - max_items: 2
                  - unique_items: true
        """

    @Test("a list inside list items: inner operations, outer moves, and an inner list of a missing item")
    func nestedLists() throws {
        let compiled = try CompiledForm(source: Self.nested)
        let form = LiveForm(
            compiled, mode: .edit, values: ["crew": [["name": "A", "skills": ["x", "y"]], ["name": "B"]]],
            today: probeToday)
        func agree(_ note: String) throws {
            let expected = try compiled.validateSynchronously(
                form.values, options: .init(mode: .edit, original: form.originalValues, today: probeToday))
            #expect(
                form.report == expected, "\(note): \(probeDescribe(form.values))\n\(reportDiff(form.report, expected))")
        }
        #expect(form.appendItem("z", to: "crew.1.skills"))
        #expect(form["crew.1.skills.0"]?.value == "z")
        try agree("inner append")
        #expect(form.moveItem(from: 0, to: 1, in: "crew"))
        #expect(form["crew.0.skills.0"]?.value == "z")
        #expect(form["crew.1.skills.1"]?.value == "y")
        try agree("outer move")
        #expect(form.insertItem("y", at: 0, in: "crew.1.skills"))  // too long and a duplicate
        try agree("inner insert past max")
        #expect(form.removeItem(at: 0, from: "crew.1.skills"))
        #expect(form.moveItem(from: 1, to: 0, in: "crew"))
        #expect(form.removeItem(at: 0, from: "crew.1.skills"))
        #expect(form.changedFields.isEmpty, "back to the original: \(form.changedFields)")
        try agree("back")
        // An inner list of an item the outer list does not have.
        let before = form.values
        let appended = form.appendItem("w", to: "crew.2.skills")
        #expect(
            !appended || form.values != before,
            "appendItem to a missing item's list returned true and changed nothing visible")
        #expect(
            form.changedFields.isEmpty || form.values != form.originalValues,
            "changedFields \(form.changedFields) with values == originalValues")
        try agree("missing item's list")
    }

    static let pair = """
        formspec: 1
        form: pair
        fields:
          members:
            type: list
            of: group
            rules:
              - max_items: 3
            fields:
              email:
                rules:
                  - pattern: "@"
              phone:
        """

    @Test("set(values) counts the items the same call gives, and reads a path beside its list as validate does")
    func batchWithListAndPath() throws {
        let compiled = try CompiledForm(source: ProbeSpecs.big)
        let form = LiveForm(compiled, values: ["members": [["name": "Ann"]]], clock: TestClock())
        // Item 1 does not exist yet, but the same call gives the list two items.
        #expect(form.set(["members": [["name": "Ann"], [:]], "members.1.phone": "777"]) == [])
        #expect(form.values["members"] == [["name": "Ann"], ["phone": "777"]])
        let given: Value = ["members": [["name": "Ann"], [:]], "members.1.phone": "777"]
        #expect(form.report == (try compiled.validateSynchronously(given)))
        // Past the items it gives: ignored, as a name that is no field.
        #expect(form.set(["members": [["name": "Ann"]], "members.1.phone": "778"]) == ["members.1.phone"])
    }

    @Test("edit form opened with fewer items than the original: no ghost items")
    func ghostItemsFromOriginal() throws {
        let compiled = try CompiledForm(source: Self.pair)
        let original: [String: Value] = ["members": [["email": "bad"]]]
        let form = LiveForm(compiled, mode: .edit, values: ["members": []], original: original)
        #expect(form.itemCount(of: "members") == 0)
        #expect(form["members.0.email"]?.isActive == false, "members.0.email of a list with no items is active")
        #expect(
            form["members.0.email"]?.message == nil,
            "message on a missing item: \(String(describing: form["members.0.email"]?.message))")
        #expect(form.isValid, "the form is invalid because of an item it does not have")
        let expected = try compiled.validateSynchronously(form.values, options: .edit(original: original))
        #expect(form.report == expected, "\(reportDiff(form.report, expected))")
        let sameInput = try compiled.validateSynchronously(["members": []], options: .edit(original: original))
        #expect(form.report == sameInput, "\(reportDiff(form.report, sameInput))")
    }

    @Test(
        "edit form opened with an item lacking a member the original item has: the member is not taken from the original"
    )
    func memberMergedFromOriginal() throws {
        let compiled = try CompiledForm(source: Self.pair)
        let original: [String: Value] = ["members": [["email": "a@b", "phone": "555"]]]
        let given: [String: Value] = ["members": [["email": "c@d"]]]
        let form = LiveForm(compiled, mode: .edit, values: given, original: original)
        #expect(
            form["members.0.phone"]?.value == nil,
            "phone taken from the original item: \(probeDescribe(form["members.0.phone"]?.value))")
        #expect(form.values == given, "values \(probeDescribe(form.values)) vs given \(probeDescribe(given))")
        let expected = try compiled.validateSynchronously(given, options: .edit(original: original))
        #expect(form.report == expected, "\(reportDiff(form.report, expected))")
    }

    @Test("setting an object on the path of an item the list does not have")
    func objectOnMissingItemPath() throws {
        let compiled = try CompiledForm(source: Self.pair)
        let form = LiveForm(compiled, values: ["members": [["email": "a@b"]]])
        let accepted = form.set(["email": "bad"], forField: "members.2")
        #expect(form.itemCount(of: "members") == 1)
        #expect(form["members.2.email"]?.isActive == false, "set returned \(accepted): field of a missing item active")
        #expect(form.isValid, "invalid because of a missing item")
        let expected = try compiled.validateSynchronously(form.values)
        #expect(form.report == expected, "\(reportDiff(form.report, expected))")
    }

    @Test("list operations on names that are not lists, and out-of-range positions")
    func edgeOperations() throws {
        let compiled = try CompiledForm(source: ProbeSpecs.team)
        let form = LiveForm(
            compiled, values: ["members": [["name": "Ann"], ["name": "Bob"]], "tags": ["ab"]], today: probeToday)
        let before = form.values
        #expect(!form.appendItem(to: "owner_phone"))
        #expect(!form.appendItem(to: "members.0"))
        #expect(!form.appendItem(to: "members.0.name"))
        #expect(!form.appendItem(to: "nope"))
        #expect(!form.insertItem(at: 0, in: "members.1"))
        #expect(!form.removeItem(at: 0, from: "owner_phone"))
        #expect(!form.removeItem(at: 2, from: "members"))
        #expect(!form.removeItem(at: -1, from: "members"))
        #expect(!form.moveItem(from: 0, to: 2, in: "members"))
        #expect(!form.moveItem(from: -1, to: 0, in: "members"))
        #expect(!form.moveItem(from: 0, to: 1, in: "tags"))
        #expect(form.itemCount(of: "owner_phone") == nil)
        #expect(form.itemCount(of: "members.0") == nil)
        #expect(form.itemCapacity(of: "members") == 4)
        #expect(form.values == before)
        #expect(form.changedFields.isEmpty)
        #expect(form.fields.allSatisfy { !$0.isTouched })
        // Moving to the same index is a no-op that succeeds.
        #expect(form.moveItem(from: 1, to: 1, in: "members"))
        #expect(form.values == before && form.changedFields.isEmpty)
        // Insert clamps.
        #expect(form.insertItem(["name": "Cy"], at: 99, in: "members"))
        #expect(form["members.2.name"]?.value == "Cy")
        #expect(form.insertItem(["name": "Di"], at: -5, in: "members"))
        #expect(form["members.0.name"]?.value == "Di")
        // Full now (4): inserting through the form goes past max_items; the list refuses it.
        #expect(form.itemCount(of: "members") == 4)
        let full = form.values
        let inserted = form.insertItem(["name": "Ed"], at: 0, in: "members")
        let expected = try compiled.validateSynchronously(form.values, options: .init(today: probeToday))
        #expect(form.report == expected, "\(reportDiff(form.report, expected))")
        if inserted {
            #expect(form["members"]?.errors.map(\.rule) == ["max_items"])
            #expect(form.removeItem(at: 0, from: "members"))
            #expect(form.values == full)
        }
        // Removing every item.
        while (form.itemCount(of: "members") ?? 0) > 0 { form.removeItem(at: 0, from: "members") }
        #expect(form["members"]?.errors.map(\.rule) == ["required"])
        #expect(form.fields.filter { $0.name.hasPrefix("members.") }.allSatisfy { !$0.isActive })
        let empty = try compiled.validateSynchronously(form.values, options: .init(today: probeToday))
        #expect(form.report == empty, "\(reportDiff(form.report, empty))")
    }

    @Test("inserting then removing, and moving then moving back, is clean (edit mode: not submittable)")
    func revertIsClean() throws {
        let compiled = try CompiledForm(source: ProbeSpecs.team)
        let original: [String: Value] = [
            "owner_phone": "999",
            "members": [
                ["name": "Ann", "phone": "123"], ["name": "Bob", "phone": "555"], ["name": "Cy", "phone": "1"],
            ],
            "tags": ["ab", "cd"],
        ]
        let form = LiveForm(compiled, mode: .edit, values: original, original: original, today: probeToday)
        #expect(!form.canSubmit)  // require_changes
        form.insertItem(["name": "Zed", "phone": "7"], at: 1, in: "members")
        #expect(form.hasUnsavedChanges && form.canSubmit)
        form.removeItem(at: 1, from: "members")
        #expect(form.changedFields.isEmpty && !form.hasUnsavedChanges && !form.canSubmit)
        #expect(form.values == form.originalValues)
        form.moveItem(from: 0, to: 2, in: "members")
        #expect(form.hasUnsavedChanges)
        form.moveItem(from: 2, to: 0, in: "members")
        #expect(form.changedFields.isEmpty && !form.canSubmit)
        form.appendItem(to: "members")
        form.removeItem(at: 3, from: "members")
        #expect(form.changedFields.isEmpty, "\(form.changedFields)")
        #expect(
            form.values == form.originalValues, "\(probeDescribe(form.values)) vs \(probeDescribe(form.originalValues))"
        )
        form.appendItem("zz", to: "tags")
        form.moveItem(from: 2, to: 0, in: "tags")
        form.removeItem(at: 0, from: "tags")
        #expect(form.changedFields.isEmpty, "\(form.changedFields)")
        // Remove the last item entirely, then add it back.
        form.removeItem(at: 2, from: "members")
        form.appendItem(["name": "Cy", "phone": "1"], to: "members")
        #expect(form.changedFields.isEmpty, "\(form.changedFields)")
        #expect(
            form.values == form.originalValues, "\(probeDescribe(form.values)) vs \(probeDescribe(form.originalValues))"
        )
    }

    @Test("a form opened without a list: append then remove leaves the form clean and its values as opened")
    func appendRemoveFromAbsentList() throws {
        let compiled = try CompiledForm(source: ProbeSpecs.team)
        let form = LiveForm(compiled, mode: .edit, values: ["owner_phone": "1"], today: probeToday)
        let opened = form.values
        form.appendItem(["name": "Ann"], to: "members")
        form.removeItem(at: 0, from: "members")
        form.appendItem("ab", to: "tags")
        form.removeItem(at: 0, from: "tags")
        #expect(form.changedFields.isEmpty, "\(form.changedFields)")
        #expect(form.values == opened, "\(probeDescribe(form.values)) vs opened \(probeDescribe(opened))")
    }

    @Test("a keystroke in item 7 re-checks only what depends on it")
    func keystrokeInItemSeven() throws {
        let compiled = try CompiledForm(source: ProbeSpecs.big)
        let items: [Value] = (0..<10).map {
            .object([.init("name", .string("n\($0)")), .init("nick", "k"), .init("phone", "p")])
        }
        let tags: [Value] = (0..<10).map { .string("t\($0)") }
        let form = LiveForm(
            compiled, values: ["members": .array(items), "tags": .array(tags)], today: probeToday, clock: TestClock())
        form.resetEvaluationCounts()
        form.set("zz", forField: "members.7.name")
        let ran = form.evaluationCounts.filter { $0.value > 0 }.keys.sorted()
        #expect(ran == ["members.7.name", "members.7.nick"], "\(ran)")
        form.resetEvaluationCounts()
        form.set("zz", forField: "members.7.phone")
        #expect(form.evaluationCounts.filter { $0.value > 0 }.keys.sorted() == ["members.7.phone"])
        form.resetEvaluationCounts()
        form.set("t99", forField: "tags.7")
        #expect(form.evaluationCounts.filter { $0.value > 0 }.keys.sorted() == ["tags", "tags.7"])
        form.resetEvaluationCounts()
        form.set("o", forField: "owner")
        let ownerRan = form.evaluationCounts.filter { $0.value > 0 }.keys.sorted()
        #expect(ownerRan == (["owner"] + (0..<10).map { "members.\($0).phone" }).sorted(), "\(ownerRan)")
    }

    @Test("an item's message debounce goes with the item when items are removed or moved")
    func debounceFollowsItem() async throws {
        let clock = TestClock()
        let compiled = try CompiledForm(source: ProbeSpecs.big)
        let form = LiveForm(
            compiled, values: ["members": [["name": "Ann"], ["name": "Bob"], ["name": "Cy"]]], today: probeToday,
            clock: clock)
        // Item 1 typed empty: its "required" message waits for the pause.
        form.set(nil, forField: "members.1.name")
        #expect(form["members.1.name"]?.isDebouncing == true)
        #expect(form["members.1.name"]?.message == nil)
        // Item 1 removed: Cy (never typed in, valid) moves to position 1; nothing typed is left.
        form.removeItem(at: 1, from: "members")
        #expect(form["members.1.name"]?.value == "Cy")
        #expect(form.itemCount(of: "members") == 2)
        #expect(form.isValid)
        #expect(form["members.1.name"]?.isDebouncing == false, "the removed item's debounce stayed on position 1")
        #expect(!form.isDebouncing, "form still debouncing after the typed item was removed")
        #expect(form.canSubmit, "canSubmit false: a removed item's debounce holds the form")

        // Typing in item 0 (now empty, message held back), then moving it to the end.
        form.set(nil, forField: "members.0.name")
        form.appendItem(["name": ""], to: "members")  // an untouched item, invalid at once
        #expect(form["members.2.name"]?.message != nil)
        form.moveItem(from: 0, to: 2, in: "members")
        // Position 0 now holds Cy: nothing to hold back. The typed item (now 2) keeps its pause.
        #expect(form["members.0.name"]?.isDebouncing == false, "debounce stayed at position 0")
        #expect(
            form["members.1.name"]?.message == "Name is required",
            "untouched empty item 1 message: \(String(describing: form["members.1.name"]?.message))")
        clock.advance(by: .milliseconds(600))
        await form.settle()
        for _ in 0..<20 { await Task.yield() }
        #expect(form["members.2.name"]?.message == "Name is required")
        #expect(!form.isDebouncing)
    }

    /// A list of groups with an external check on an item field.
    static var checked: String { LiveCollectionCheckTests.spec }

    @Test("a check's late answer for a removed item does not land on the item that took its place")
    func staleAnswerAfterRemove() async throws {
        let gate = CheckGate()
        var compiled = try CompiledForm(source: Self.checked)
        compiled.checks.registerAsync("email_known", gate.check)
        let form = LiveForm(compiled, values: ["members": [["email": "a@x"], ["email": "b@x"]]], clock: TestClock())
        var calls = gate.calls.makeAsyncIterator()
        var pending: [String: CheckGate.Call] = [:]
        for _ in 0..<2 {
            let call = try #require(await calls.next())
            pending[call.input.text] = call
        }
        #expect(form.removeItem(at: 0, from: "members"))
        // b@x now at position 0: asked again under its new path.
        let again = try #require(await calls.next())
        #expect(again.input.text == "b@x" && again.input.field == "members.0.email")
        // The old item 0's answer ("a@x" is unknown) and the old b@x answer arrive late.
        pending["a@x"]?.fail()
        pending["b@x"]?.fail()
        for _ in 0..<50 { await Task.yield() }
        #expect(
            form["members.0.email"]?.message == nil,
            "a stale verdict landed: \(String(describing: form["members.0.email"]?.message))")
        #expect(form["members.0.email"]?.isPending == true)
        again.pass()
        await form.settle()
        #expect(form["members.0.email"]?.message == nil)
        #expect(form["members.1.email"]?.isActive == false)
        #expect(form.isValid && !form.isPending)
    }

    @Test("moving items with checks in flight: each verdict lands on its own item")
    func staleAnswerAfterMove() async throws {
        let gate = CheckGate()
        var compiled = try CompiledForm(source: Self.checked)
        compiled.checks.registerAsync("email_known", gate.check)
        let form = LiveForm(
            compiled, values: ["members": [["email": "a@x"], ["email": "b@x"], ["email": "c@x"]]], clock: TestClock())
        var calls = gate.calls.makeAsyncIterator()
        var old: [CheckGate.Call] = []
        for _ in 0..<3 { old.append(try #require(await calls.next())) }
        #expect(form.moveItem(from: 0, to: 2, in: "members"))  // b, c, a
        for _ in 0..<200 { await Task.yield() }
        let askedAfterMove = gate.asked.value.count - 3
        #expect(
            askedAfterMove == 3,
            "asked after the move: \(gate.asked.value); pending: \(form.fields.filter(\.isPending).map(\.name))")
        var new: [CheckGate.Call] = []
        for _ in 0..<askedAfterMove { new.append(try #require(await calls.next())) }
        #expect(
            Set(new.map { "\($0.input.field)=\($0.input.text)" }) == [
                "members.0.email=b@x", "members.1.email=c@x", "members.2.email=a@x",
            ])
        // Old answers, inverted, arrive late: none may land.
        for call in old { call.input.text == "a@x" ? call.pass() : call.fail() }
        for _ in 0..<50 { await Task.yield() }
        #expect(
            form.fields.filter { $0.name.hasSuffix(".email") && $0.isActive }.allSatisfy {
                $0.isPending && $0.message == nil
            })
        for call in new { call.input.text == "a@x" ? call.fail() : call.pass() }
        await form.settle()
        #expect(
            form["members.0.email"]?.message == nil, "b@x shows \(String(describing: form["members.0.email"]?.message))"
        )
        #expect(
            form["members.1.email"]?.message == nil, "c@x shows \(String(describing: form["members.1.email"]?.message))"
        )
        #expect(form["members.2.email"]?.message == "Unknown address")
        #expect(!form.isValid)
        // Moving back reuses nothing wrong: each position's last verdict is for another value now.
        #expect(form.moveItem(from: 2, to: 0, in: "members"))  // a, b, c
        var third: [CheckGate.Call] = []
        for _ in 0..<200 { await Task.yield() }
        let askedAfterBack = gate.asked.value.count - 3 - askedAfterMove
        #expect(askedAfterBack == 3, "asked after moving back: \(gate.asked.value)")
        for _ in 0..<askedAfterBack { third.append(try #require(await calls.next())) }
        for call in third { call.input.text == "a@x" ? call.fail() : call.pass() }
        await form.settle()
        #expect(form["members.0.email"]?.message == "Unknown address")
        #expect(form["members.1.email"]?.message == nil)
        #expect(form["members.2.email"]?.message == nil)
    }

    @Test("two items with the same value and a check in flight: removing the first")
    func sameValueRemove() async throws {
        let gate = CheckGate()
        var compiled = try CompiledForm(source: Self.checked)
        compiled.checks.registerAsync("email_known", gate.check)
        let form = LiveForm(compiled, values: ["members": [["email": "a@x"], ["email": "a@x"]]], clock: TestClock())
        var calls = gate.calls.makeAsyncIterator()
        var old: [CheckGate.Call] = []
        for _ in 0..<2 { old.append(try #require(await calls.next())) }
        #expect(form.removeItem(at: 0, from: "members"))
        // Whatever happens, once every call asked is answered "unknown", item 0 shows it and nothing is pending.
        for call in old { call.fail() }
        await form.settle(includingSuperseded: false)
        var extra = 0
        while form.isPending, extra < 3 {
            extra += 1
            let call = try #require(await calls.next())
            call.fail()
            await form.settle()
        }
        #expect(form["members.0.email"]?.message == "Unknown address")
        #expect(!form.isPending)
    }

    @Test("removing the item whose check is pending makes the form submittable again")
    func removePendingItem() async throws {
        let gate = CheckGate()
        var compiled = try CompiledForm(source: Self.checked)
        compiled.checks.registerAsync("email_known", gate.check)
        let form = LiveForm(compiled, values: ["members": [["email": "a@x"]]], clock: TestClock())
        var calls = gate.calls.makeAsyncIterator()
        let call = try #require(await calls.next())
        #expect(form.isPending && !form.canSubmit)
        #expect(form.removeItem(at: 0, from: "members"))
        #expect(!form.isPending)
        #expect(form.canSubmit)
        call.fail()
        await form.settle(includingSuperseded: true)
        #expect(form.canSubmit && form.isValid)
        #expect(form["members.0.email"]?.isActive == false)
        #expect(form["members.0.email"]?.message == nil)
        // Append an item with the same value: asked again, not the stale verdict.
        form.appendItem(["email": "a@x"], to: "members")
        #expect(form["members.0.email"]?.isPending == true, "a stale verdict was reused for a new item")
    }

    @Test("report and values of a group item that is not an object, and of an item that is null")
    func nonObjectItems() throws {
        let compiled = try CompiledForm(source: ProbeSpecs.team)
        let form = LiveForm(compiled, values: ["members": [["name": "Ann"]]], today: probeToday)
        #expect(form.appendItem("oops", to: "members"))
        #expect(form.appendItem(.null, to: "members"))
        #expect(form.insertItem(.array([]), at: 0, in: "members"))
        let expected = try compiled.validateSynchronously(form.values, options: .init(today: probeToday))
        #expect(form.report == expected, "\(reportDiff(form.report, expected))")
        #expect(form.removeItem(at: 0, from: "members"))
        #expect(form.moveItem(from: 1, to: 2, in: "members"))
        let expected2 = try compiled.validateSynchronously(form.values, options: .init(today: probeToday))
        #expect(form.report == expected2, "\(reportDiff(form.report, expected2))")
        #expect(form.collectionValue("members") == form.values["members"])
    }

    @Test("a list set to a non-array, then an item appended")
    func listNotAnArray() throws {
        let compiled = try CompiledForm(source: ProbeSpecs.team)
        let form = LiveForm(compiled, values: ["members": [["name": "Ann"]]], today: probeToday)
        form.set("hello", forField: "members")
        #expect(form.itemCount(of: "members") == 0)
        let r1 = try compiled.validateSynchronously(form.values, options: .init(today: probeToday))
        #expect(form.report == r1, "\(reportDiff(form.report, r1))")
        form.appendItem(["name": "Bo"], to: "members")
        #expect(form.itemCount(of: "members") == 1)
        let r2 = try compiled.validateSynchronously(form.values, options: .init(today: probeToday))
        #expect(form.report == r2, "\(reportDiff(form.report, r2))")
    }

    @Test("an item given by path beyond the list, at creation")
    func creationByPath() throws {
        let compiled = try CompiledForm(source: ProbeSpecs.team)
        let form = LiveForm(
            compiled, mode: .edit,
            values: ["members": [["name": "Ann"]], "members.2.name": "Ghost", "members.0.phone": "777"],
            original: ["members": [["name": "Ann"]]], today: probeToday)
        let expected = try compiled.validateSynchronously(
            ["members": [["name": "Ann"]], "members.2.name": "Ghost", "members.0.phone": "777"],
            options: .init(mode: .edit, original: ["members": [["name": "Ann"]]], today: probeToday))
        #expect(form.report == expected, "\(reportDiff(form.report, expected))")
        let expectedFromValues = try compiled.validateSynchronously(
            form.values, options: .init(mode: .edit, original: form.originalValues, today: probeToday))
        #expect(form.report == expectedFromValues, "\(reportDiff(form.report, expectedFromValues))")
    }
}
