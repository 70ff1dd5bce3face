import FormSpecDiagnostics
@_spi(Tooling) import FormSpecRuntime

/// Diagnostics as JSON for tools (`formspec check --format json`).
///
/// The document is an array with one object a line:
/// `{"path": "a.form.yaml", "line": 3, "column": 5, "end_line": 3, "end_column": 9,
/// "severity": "error", "message": "…", "notes": [{"message": "…", "path": …, "line": …, "column": …}]}`.
/// `path`, `line` and `column` are `null` for a problem with no place in a file; a note has a
/// place only when it points elsewhere than its diagnostic.
package enum DiagnosticJSON {
    /// `diagnostics` as a JSON array, ending in a newline.
    package static func encode(_ diagnostics: [Diagnostic]) -> String {
        guard !diagnostics.isEmpty else { return "[]\n" }
        var out = "[\n"
        for (index, diagnostic) in diagnostics.enumerated() {
            out += "  {"
            appendLocation(diagnostic.location, to: &out)
            out += ",\"severity\":"
            JSONWriter.appendString(diagnostic.severity.rawValue, to: &out)
            out += ",\"message\":"
            JSONWriter.appendString(diagnostic.message, to: &out)
            out += ",\"notes\":["
            for (noteIndex, note) in diagnostic.notes.enumerated() {
                if noteIndex > 0 { out += "," }
                out += "{\"message\":"
                JSONWriter.appendString(note.message, to: &out)
                if let location = note.location {
                    out += ","
                    appendLocation(location, to: &out)
                }
                out += "}"
            }
            out += "]}"
            out += index + 1 < diagnostics.count ? ",\n" : "\n"
        }
        out += "]\n"
        return out
    }

    private static func appendLocation(_ location: SourceLocation?, to out: inout String) {
        guard let location else {
            out += "\"path\":null,\"line\":null,\"column\":null"
            return
        }
        out += "\"path\":"
        JSONWriter.appendString(location.path, to: &out)
        out += ",\"line\":\(location.start.line),\"column\":\(location.start.column)"
        out += ",\"end_line\":\(location.end.line),\"end_column\":\(location.end.column)"
    }
}
