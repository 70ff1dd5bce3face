import FormSpecYAML
import Foundation

/// A JSON value, as loaded from YAML (a spec) or JSON (the schema) by the project's own YAML loader.
indirect enum JSONValue: Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// Converts a loaded YAML node under the YAML 1.2 core schema (`2026-03-10` stays a string).
    init(_ node: YAMLNode) {
        if let items = node.sequence {
            self = .array(items.map(JSONValue.init))
        } else if let pairs = node.mapping {
            self = .object(pairs.map { (key: $0.key.scalar?.text ?? "", value: JSONValue($0.value)) })
        } else {
            switch node.resolved {
            case .null: self = .null
            case .bool(let value): self = .bool(value)
            case .integer(let value): self = .integer(value)
            case .float(let value): self = .number(value)
            case .string(let value): self = .string(value)
            }
        }
    }

    /// Loads a YAML (or JSON) file.
    static func load(path: String) throws -> JSONValue {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let loaded = try YAMLLoader.load(bytes, path: path)
        return loaded.root.map(JSONValue.init) ?? .null
    }

    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    var numeric: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.object(a), .object(b)):
            a.count == b.count
                && a.allSatisfy { member in b.contains { $0.key == member.key && $0.value == member.value } }
        default:
            if let a = lhs.numeric, let b = rhs.numeric { a == b } else { false }
        }
    }
}

/// A JSON Schema (draft-07) validator for exactly the keywords `schema/formspec.schema.json` uses.
///
/// No JSON Schema package is available offline, and the schema's job is narrow, so this stays small.
/// A keyword it does not know is an error (``unknownKeywords``), so the schema cannot quietly grow a
/// keyword this validator would ignore.
struct JSONSchemaValidator {
    /// The whole schema document, for `$ref: #/definitions/NAME`.
    let root: JSONValue

    /// Keywords that only annotate (hover text, completion hints) and never change a verdict.
    static let annotations: Set<String> = [
        "$schema", "$id", "title", "description", "markdownDescription", "examples", "default", "definitions",
    ]
    /// Keywords this validator applies.
    static let assertions: Set<String> = [
        "type", "properties", "additionalProperties", "required", "enum", "const", "items", "oneOf", "anyOf",
        "not", "$ref", "patternProperties", "propertyNames", "minProperties", "maxProperties", "minItems",
        "minimum", "maximum", "exclusiveMinimum", "pattern",
    ]

    /// Every keyword in the schema that is neither an annotation nor an assertion this validator applies,
    /// with its JSON pointer.
    func unknownKeywords() -> [String] {
        var found: [String] = []
        func visit(_ schema: JSONValue, _ pointer: String) {
            guard case .object(let members) = schema else { return }
            for (key, value) in members {
                let here = pointer + "/" + key
                if !Self.annotations.contains(key), !Self.assertions.contains(key) { found.append(here) }
                switch key {
                case "properties", "patternProperties", "definitions":
                    if case .object(let children) = value {
                        for child in children { visit(child.value, here + "/" + child.key) }
                    }
                case "oneOf", "anyOf":
                    if case .array(let items) = value {
                        for (index, item) in items.enumerated() { visit(item, "\(here)/\(index)") }
                    }
                case "items", "not", "additionalProperties", "propertyNames":
                    visit(value, here)
                default: break
                }
            }
        }
        visit(root, "#")
        return found
    }

    /// Every reason `instance` does not match the root schema; empty when it matches.
    func errors(_ instance: JSONValue) -> [String] {
        var errors: [String] = []
        validate(instance, against: root, at: "$", into: &errors, depth: 0)
        return errors
    }

    private func resolve(_ reference: String) -> JSONValue? {
        let prefix = "#/definitions/"
        guard reference.hasPrefix(prefix) else { return nil }
        return root["definitions"]?[String(reference.dropFirst(prefix.count))]
    }

    private func matches(_ instance: JSONValue, _ schema: JSONValue, depth: Int) -> Bool {
        var errors: [String] = []
        validate(instance, against: schema, at: "", into: &errors, depth: depth)
        return errors.isEmpty
    }

    private static func hasType(_ instance: JSONValue, _ type: String) -> Bool {
        switch (type, instance) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object),
            ("integer", .integer), ("number", .integer), ("number", .number):
            true
        case ("integer", .number(let value)): value.rounded() == value
        default: false
        }
    }

    private static func matches(pattern: String, _ text: String) -> Bool {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return false }
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    private func validate(
        _ instance: JSONValue, against schema: JSONValue, at path: String, into errors: inout [String], depth: Int
    ) {
        // Specs nest conditions and combinators; a schema walk deeper than this is a cycle, not a spec.
        guard depth < 400 else {
            errors.append("\(path): nested too deeply")
            return
        }
        if case .bool(let allowed) = schema {
            if !allowed { errors.append("\(path): not allowed here") }
            return
        }
        guard case .object(let keywords) = schema else {
            errors.append("\(path): the schema is not an object")
            return
        }
        for (keyword, value) in keywords {
            switch keyword {
            case "$ref":
                guard case .string(let reference) = value, let target = resolve(reference) else {
                    errors.append("\(path): unresolvable $ref")
                    continue
                }
                validate(instance, against: target, at: path, into: &errors, depth: depth + 1)
            case "type":
                let types: [String]
                switch value {
                case .string(let type): types = [type]
                case .array(let items): types = items.compactMap { if case .string(let t) = $0 { t } else { nil } }
                default: types = []
                }
                if !types.contains(where: { Self.hasType(instance, $0) }) {
                    errors.append("\(path): expected \(types.joined(separator: " or "))")
                }
            case "enum":
                if case .array(let options) = value, !options.contains(instance) {
                    errors.append("\(path): not one of the allowed values")
                }
            case "const":
                if instance != value { errors.append("\(path): must be the constant \(value)") }
            case "required":
                guard case .object(let members) = instance, case .array(let names) = value else { continue }
                for case .string(let name) in names where !members.contains(where: { $0.key == name }) {
                    errors.append("\(path): missing '\(name)'")
                }
            case "properties", "additionalProperties", "patternProperties":
                // Handled together below, since additionalProperties depends on the other two.
                break
            case "propertyNames":
                guard case .object(let members) = instance else { continue }
                for member in members {
                    validate(
                        .string(member.key), against: value, at: "\(path).\(member.key) (key)", into: &errors,
                        depth: depth + 1)
                }
            case "minProperties", "maxProperties":
                guard case .object(let members) = instance, case .integer(let bound) = value else { continue }
                if keyword == "minProperties" ? members.count < bound : members.count > bound {
                    errors.append("\(path): \(members.count) properties, \(keyword) is \(bound)")
                }
            case "items":
                guard case .array(let items) = instance else { continue }
                for (index, item) in items.enumerated() {
                    validate(item, against: value, at: "\(path)[\(index)]", into: &errors, depth: depth + 1)
                }
            case "minItems":
                if case .array(let items) = instance, case .integer(let bound) = value, items.count < bound {
                    errors.append("\(path): fewer than \(bound) items")
                }
            case "minimum", "maximum", "exclusiveMinimum":
                guard let number = instance.numeric, let bound = value.numeric else { continue }
                let fine =
                    switch keyword {
                    case "minimum": number >= bound
                    case "maximum": number <= bound
                    default: number > bound
                    }
                if !fine { errors.append("\(path): \(keyword) is \(bound)") }
            case "pattern":
                if case .string(let text) = instance, case .string(let pattern) = value,
                    !Self.matches(pattern: pattern, text)
                {
                    errors.append("\(path): does not match \(pattern)")
                }
            case "anyOf", "oneOf":
                guard case .array(let branches) = value else { continue }
                let passing = branches.filter { matches(instance, $0, depth: depth + 1) }.count
                if keyword == "anyOf", passing == 0 { errors.append("\(path): matches none of anyOf") }
                if keyword == "oneOf", passing != 1 {
                    errors.append("\(path): matches \(passing) of oneOf, not exactly 1")
                }
            case "not":
                if matches(instance, value, depth: depth + 1) { errors.append("\(path): must not match 'not'") }
            default:
                break
            }
        }
        validateMembers(instance, keywords: schema, at: path, into: &errors, depth: depth)
    }

    private func validateMembers(
        _ instance: JSONValue, keywords schema: JSONValue, at path: String, into errors: inout [String], depth: Int
    ) {
        guard case .object(let members) = instance else { return }
        let properties = schema["properties"]
        let patterns: [(key: String, value: JSONValue)] =
            if case .object(let patterns) = schema["patternProperties"] { patterns } else { [] }
        for member in members {
            let here = "\(path).\(member.key)"
            var matched = false
            if let property = properties?[member.key] {
                matched = true
                validate(member.value, against: property, at: here, into: &errors, depth: depth + 1)
            }
            for pattern in patterns where Self.matches(pattern: pattern.key, member.key) {
                matched = true
                validate(member.value, against: pattern.value, at: here, into: &errors, depth: depth + 1)
            }
            if !matched, let additional = schema["additionalProperties"] {
                if case .bool(false) = additional {
                    errors.append("\(path): unknown key '\(member.key)'")
                } else {
                    validate(member.value, against: additional, at: here, into: &errors, depth: depth + 1)
                }
            }
        }
    }
}

/// Loads YAML text for small in-line cases.
enum FormSpecYAMLLoading {
    static func load(_ text: String) throws -> JSONValue {
        try YAMLLoader.load(text, path: "inline.yaml").root.map(JSONValue.init) ?? .null
    }
}
