@_spi(Tooling) import FormSpecRuntime

/// The parts of the repository's documents that are derived from the rule declarations: the
/// reference's rule tables and the JSON Schema's rule properties.
///
/// `GeneratedDocumentsTests` fails when a committed file differs from what this produces;
/// `FORMSPEC_RECORD=1 swift test --filter GeneratedDocumentsTests` rewrites them.
package enum GeneratedDocuments {
    /// The marker lines around a generated part of a document: Markdown comments, or `#` lines
    /// (`hashComments`, for the fuzz dictionaries).
    package static func markers(_ name: String, hashComments: Bool = false) -> (begin: String, end: String) {
        let begin =
            "generated: \(name), from the rule declarations; FORMSPEC_RECORD=1 swift test --filter GeneratedDocumentsTests"
        let end = "end generated: \(name)"
        return hashComments ? ("# " + begin, "# " + end) : ("<!-- \(begin) -->", "<!-- \(end) -->")
    }

    /// `document` with the part between `name`'s markers replaced by `content`; `nil` when the
    /// markers are missing.
    package static func replacing(
        _ name: String, in document: String, with content: String, hashComments: Bool = false
    ) -> String? {
        let (begin, end) = markers(name, hashComments: hashComments)
        guard let start = document.firstRange(of: begin + "\n"),
            let stop = document[start.upperBound...].firstRange(of: end)
        else { return nil }
        return document[..<start.upperBound] + content + document[stop.lowerBound...]
    }

    /// The spec fuzz target's dictionary entries for every rule key.
    package static var fuzzDictionaryRuleNames: String {
        (RuleCatalog.declarations + RuleCatalog.formRuleDeclarations).map { "\"\($0.name)\"\n" }.joined()
    }

    /// The reference's table of field rules.
    package static var fieldRuleTable: String {
        var lines = ["| rule | applies to | passes when | default message (en) |", "|---|---|---|---|"]
        for rule in RuleCatalog.declarations {
            lines.append(
                "| \(rule.usage) | \(appliesToColumn(rule.appliesTo)) | \(rule.passes) | \(messageColumn(rule)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The reference's table of form rules.
    package static var formRuleTable: String {
        var lines = ["| rule | passes when | default message (en) |", "|---|---|---|"]
        for rule in RuleCatalog.formRuleDeclarations {
            lines.append("| \(rule.usage) | \(rule.passes) | \(messageColumn(rule)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func messageColumn(_ rule: RuleDeclaration) -> String {
        rule.messageNote ?? rule.quotedMessages.joined(separator: "; ")
    }

    /// The reference's words for a set of field types (its legend defines *text* and *ordered*).
    private static func appliesToColumn(_ types: Set<FieldType>?) -> String {
        switch types {
        case nil: "any"
        case Set<FieldType>.textual?: "text"
        case Set<FieldType>.ordered?: "ordered"
        case let types?: FieldType.allCases.filter(types.contains).map { "`\($0.rawValue)`" }.joined(separator: ", ")
        }
    }

    /// The schema text `schema` with the `rule` and `formRule` definitions' rule properties (argument
    /// and description) and their `oneOf` lists generated; every other part is kept as it is.
    package static func schema(updating schema: String) throws -> String {
        var root = try JSONReader.parse(schema)
        try root.update(["definitions", "rule"]) { try $0.setRules(RuleCatalog.declarations) }
        try root.update(["definitions", "formRule"]) { try $0.setRules(RuleCatalog.formRuleDeclarations) }
        return PrettyJSON.text(root) + "\n"
    }

    /// A rule's description in the schema: its summary and default message.
    static func schemaDescription(_ rule: RuleDeclaration) -> String {
        guard let first = rule.quotedMessages.first else {
            return rule.summary + (rule.messageNote.map { " Message: \($0)." } ?? "")
        }
        let variants = rule.quotedMessages.dropFirst()
        return rule.summary + " Default message: \(first)"
            + (variants.isEmpty ? "" : " (\(variants.joined(separator: "; ")))") + "."
    }
}

extension Value {
    fileprivate mutating func update(_ path: [String], _ change: (inout Value) throws -> Void) throws {
        guard let key = path.first else { return try change(&self) }
        guard case .object(var members) = self, let index = members.firstIndex(where: { $0.key == key }) else {
            throw GeneratedDocumentsError(message: "the schema has no '\(key)'")
        }
        try members[index].value.update(Array(path.dropFirst()), change)
        self = .object(members)
    }

    /// Replaces this definition's rule properties (kept before the other properties, the modifiers)
    /// and its `oneOf` of one-rule-key branches.
    fileprivate mutating func setRules(_ rules: [RuleDeclaration]) throws {
        try update(["properties"]) { properties in
            guard case .object(let members) = properties else { return }
            let names = Set(rules.map(\.name))
            var generated: [Member] = []
            for rule in rules {
                guard case .object(var argument) = try JSONReader.parse(rule.argumentSchema) else {
                    throw GeneratedDocumentsError(message: "the argument schema of '\(rule.name)' is not an object")
                }
                argument.append(Member("description", .string(GeneratedDocuments.schemaDescription(rule))))
                generated.append(Member(rule.name, .object(argument)))
            }
            properties = .object(generated + members.filter { !names.contains($0.key) })
        }
        try update(["oneOf"]) { oneOf in
            oneOf = .array(rules.map { .object([Member("required", .array([.string($0.name)]))]) })
        }
    }
}

struct GeneratedDocumentsError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// JSON text as the repository's schema is written: two-space indentation, one member or item per
/// line, `": "` between key and value, non-ASCII characters as they are.
enum PrettyJSON {
    static func text(_ value: Value) -> String {
        var output = ""
        write(value, indent: 0, to: &output)
        return output
    }

    private static func write(_ value: Value, indent: Int, to output: inout String) {
        let inner = String(repeating: " ", count: indent + 2)
        let outer = String(repeating: " ", count: indent)
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .integer(let number): output += String(number)
        case .number(let number): output += number.description
        case .string(let string): writeString(string, to: &output)
        case .array(let items):
            guard !items.isEmpty else { return output += "[]" }
            output += "[\n"
            for (index, item) in items.enumerated() {
                output += inner
                write(item, indent: indent + 2, to: &output)
                output += index == items.count - 1 ? "\n" : ",\n"
            }
            output += outer + "]"
        case .object(let members):
            guard !members.isEmpty else { return output += "{}" }
            output += "{\n"
            for (index, member) in members.enumerated() {
                output += inner
                writeString(member.key, to: &output)
                output += ": "
                write(member.value, indent: indent + 2, to: &output)
                output += index == members.count - 1 ? "\n" : ",\n"
            }
            output += outer + "}"
        }
    }

    private static func writeString(_ string: String, to output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case ..<" ":
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
