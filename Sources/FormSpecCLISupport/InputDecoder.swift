import FormSpecCompiler
import FormSpecDiagnostics
@_spi(Tooling) import FormSpecRuntime
import FormSpecYAML

/// A document that is not readable as an input value, with a message fit for a user.
///
/// Messages never quote input values (a secret field's value could be anywhere in the document).
package struct InputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, with the place (`3:7: expected ':'`) when known.
    package var message: String

    /// Creates an error.
    package init(_ message: String) { self.message = message }

    package var description: String { message }
}

/// Reads validation inputs (and `--original` values) from JSON or YAML text into ``Value``s.
package enum InputDecoder {
    /// A document's syntax.
    package enum Syntax: Sendable, Hashable {
        case json, yaml
    }

    /// The syntax a path's extension names (`.json`, `.yaml`, `.yml`), or `nil` for any other.
    package static func syntax(forPath path: String) -> Syntax? {
        let lowered = path.lowercased()
        if lowered.hasSuffix(".json") { return .json }
        if lowered.hasSuffix(".yaml") || lowered.hasSuffix(".yml") { return .yaml }
        return nil
    }

    /// Whether a path's extension says it holds one JSON object a line (`.jsonl`, `.ndjson`).
    package static func isJSONLines(path: String) -> Bool {
        let lowered = path.lowercased()
        return lowered.hasSuffix(".jsonl") || lowered.hasSuffix(".ndjson")
    }

    /// Decodes one document.
    ///
    /// - Parameters:
    ///   - bytes: The document's bytes (a UTF-8 byte order mark is skipped).
    ///   - path: How to name the document in messages.
    ///   - syntax: The syntax, or `nil` to guess: text starting with `{` or `[` is JSON, anything
    ///     else YAML.
    ///   - suggestsJSONLines: Whether a second JSON value on a later line is said to want a
    ///     `.jsonl` file or `--jsonl` (not for `--original`, which is one object whatever it holds).
    /// - Returns: The document's value.
    /// - Throws: ``InputError`` for an empty or malformed document.
    package static func decode(
        _ bytes: [UInt8], path: String, syntax: Syntax? = nil, suggestsJSONLines: Bool = true
    ) throws(InputError) -> Value {
        let body = bytes[JSONReader.byteOrderMarkLength(bytes)...]
        guard let first = body.first(where: { !isWhitespace($0) }) else { throw InputError("the input is empty") }
        let resolved = syntax ?? (first == UInt8(ascii: "{") || first == UInt8(ascii: "[") ? .json : .yaml)
        switch resolved {
        case .json:
            do throws(JSONReader.Error) {
                return try JSONReader.parse(body)
            } catch {
                // Guessed JSON from a leading `{` or `[`, but YAML's flow style starts the same
                // way (`{name: Mei}`): accept it when it reads as YAML.
                // Not for a number out of range in what is JSON all the same: YAML would read the
                // number as text, where a .json file's is an error.
                if syntax == nil, error.message != JSONReader.numberOutOfRange || !JSONReader.isJSON(body),
                    let value = try? decode(bytes, path: path, syntax: .yaml)
                {
                    return value
                }
                var message = "\(error.line):\(error.column): \(error.message)"
                if suggestsJSONLines, error.message == "unexpected text after the JSON value", error.line > 1 {
                    message += " (for one object a line, use a .jsonl file or --jsonl)"
                }
                throw InputError(message)
            }
        case .yaml:
            let loaded: LoadedYAML
            do throws(Diagnostic) {
                loaded = try YAMLLoader.load(Array(body), path: path)
            } catch {
                throw InputError(yamlMessage(error))
            }
            if let problem = loaded.diagnostics.first(where: { $0.severity == .error }) {
                throw InputError(yamlMessage(problem))
            }
            guard let root = loaded.root else { throw InputError("the input is empty") }
            return Value(yaml: root)
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private static func yamlMessage(_ diagnostic: Diagnostic) -> String {
        guard let location = diagnostic.location else { return diagnostic.message }
        return "\(location.start.line):\(location.start.column): \(diagnostic.message)"
    }
}
