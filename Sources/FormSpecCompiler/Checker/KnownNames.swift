import FormSpecDiagnostics

extension Checker {
    /// Reads `written` as one of `T`'s cases, or reports `unknown WHAT 'x'` with a did-you-mean and
    /// the list of valid names (`list` overrides the plain list, e.g. to mark a default).
    ///
    /// - Parameters:
    ///   - written: The name as the spec wrote it.
    ///   - what: The kind of name, for the message ("mode", "character class").
    ///   - plural: The kind in the plural, for the list note ("modes", "classes").
    ///   - list: The valid names as the note shows them; default: every case, in declaration order.
    mutating func known<T: CaseIterable & RawRepresentable>(
        _ written: Located<String>, as _: T.Type, what: String, plural: String, list: String? = nil,
        synonyms: [String: String] = [:]
    ) -> T? where T.RawValue == String {
        if let value = T(rawValue: written.value) { return value }
        let names = T.allCases.map(\.rawValue)
        // Another tool's word for one of ours (`bytes` for `utf8`) says which.
        let synonym = synonyms[written.value.lowercased()].map { [Diagnostic.Note("FormSpec calls that '\($0)'")] }
        diagnostics.error(
            "unknown \(what) '\(written.value)'", at: written.location,
            notes: (synonym ?? Diagnostics.suggestion(for: written.value, among: names))
                + [.init("\(plural): \(list ?? names.joined(separator: ", "))")])
        return nil
    }
}
