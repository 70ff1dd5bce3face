import FormSpecDiagnostics
import FormSpecRuntime
import FormSpecYAML

extension Checker {
    /// Checks a spec test: known fields in its input, expectation and original; known stubs.
    mutating func checkTest(_ syntax: TestSyntax) -> SpecTest? {
        let name = syntax.name.value
        let input = syntax.input.map { checkTestValues($0, what: "input", test: name) } ?? .object([])
        let original = syntax.original.map { checkTestValues($0, what: "original", test: name) }
        var mode = Mode.new
        if let written = syntax.mode {
            if let parsed = known(written, as: Mode.self, what: "mode", plural: "modes") { mode = parsed }
        }
        if let locale = syntax.locale, !Self.isLocale(locale.value) {
            diagnostics.error("invalid locale '\(Diagnostics.excerpt(locale.value))'", at: locale.location)
        }
        var stubs: [String: Bool] = [:]
        if let node = syntax.stubs, let reader = MappingReader(node, what: "'stubs'", diagnostics: &diagnostics) {
            for pair in reader.pairs {
                let check = pair.key.scalar?.text ?? ""
                if !checkNames.contains(check) {
                    diagnostics.error(
                        "test '\(name)' stubs '\(check)', which no rule checks", at: pair.key.location,
                        notes: Diagnostics.suggestion(for: check, among: checkNames.sorted()))
                }
                if let value = Read.bool(pair.value, "a stub", &diagnostics) { stubs[check] = value }
            }
        }
        guard let expectation = syntax.expect.flatMap({ checkExpectation($0, test: name) }) else { return nil }
        return SpecTest(
            name: name, location: syntax.location, input: input, expectation: expectation, locale: syntax.locale?.value,
            mode: mode, original: original, stubs: stubs)
    }

    private mutating func checkTestValues(_ node: YAMLNode, what: String, test: String) -> Value {
        guard let pairs = node.mapping else {
            diagnostics.error("test '\(test)': '\(what)' must be a mapping of field values", at: node.location)
            return .object([])
        }
        for pair in pairs where fieldInfo[pair.key.scalar?.text ?? ""] == nil {
            let key = pair.key.scalar?.text ?? ""
            diagnostics.error(
                "test '\(test)' names unknown field '\(key)' in its \(what)", at: pair.key.location,
                notes: Diagnostics.suggestion(for: key, among: fieldOrder))
        }
        return Value(yaml: node)
    }

    private mutating func checkExpectation(_ node: YAMLNode, test: String) -> SpecTest.Expectation? {
        if let scalar = node.scalar {
            if scalar.text == "valid" { return .valid }
            if scalar.text == "invalid" { return .invalid }
            diagnostics.error(
                "'expect' takes valid, or a mapping with errors / form_errors / valid", at: node.location,
                notes: Diagnostics.suggestion(for: scalar.text, among: ["valid", "invalid"]))
            return nil
        }
        guard var reader = MappingReader(node, what: "'expect'", diagnostics: &diagnostics) else { return nil }
        defer {
            reader.reportUnknown(in: "'expect'", known: ["valid", "errors", "form_errors"], diagnostics: &diagnostics)
        }
        let valid = Read.bool(reader.take("valid"), "'valid'", &diagnostics)
        let errorsNode = reader.take("errors")
        let formErrorsNode = reader.take("form_errors")
        var fields: [(name: String, messages: [String])] = []
        if let errorsNode, let errorReader = MappingReader(errorsNode, what: "'errors'", diagnostics: &diagnostics) {
            for pair in errorReader.pairs {
                let field = pair.key.scalar?.text ?? ""
                if fieldInfo[field] == nil {
                    diagnostics.error(
                        "test '\(test)' expects errors on unknown field '\(field)'", at: pair.key.location,
                        notes: Diagnostics.suggestion(for: field, among: fieldOrder))
                }
                fields.append((field, messages(pair.value)))
            }
        }
        var formErrors: [String]?
        if let formErrorsNode { formErrors = messages(formErrorsNode) }
        if errorsNode == nil, formErrorsNode == nil {
            guard let valid else {
                diagnostics.error("'expect' needs errors, form_errors or valid", at: node.location)
                return nil
            }
            return valid ? .valid : .invalid
        }
        if valid == true, !fields.allSatisfy({ $0.messages.isEmpty }) || !(formErrors ?? []).isEmpty {
            diagnostics.error("'expect' says valid: true but lists errors", at: node.location)
            return nil
        }
        return .errors(fields: fields, formErrors: formErrors)
    }

    private mutating func messages(_ node: YAMLNode) -> [String] {
        if node.scalar != nil, node.resolved == .null { return [] }
        let items = node.sequence ?? [node]
        return items.compactMap { Read.string($0, "an expected message", &diagnostics)?.value }
    }
}
