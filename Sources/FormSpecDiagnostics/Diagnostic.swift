/// One problem found in a spec (or an input), with where it is and how to fix it.
///
/// Every stage reports through this one type: the YAML loader, the checker,
/// the CLI's input readers and the spec-test runner.
public struct Diagnostic: Sendable, Hashable, Error, CustomStringConvertible {
    /// How bad a problem is.
    public enum Severity: String, Sendable, Hashable, Codable {
        case error
        case warning
        case note
    }

    /// A secondary message attached to a diagnostic: a did-you-mean, or a pointer to a related place.
    public struct Note: Sendable, Hashable {
        /// The note's text.
        public var message: String
        /// Where the note points, if elsewhere than its diagnostic.
        public var location: SourceLocation?

        /// Creates a note.
        public init(_ message: String, at location: SourceLocation? = nil) {
            self.message = message
            self.location = location
        }
    }

    /// Whether this is an error, a warning or a note.
    public var severity: Severity
    /// What is wrong, in one sentence without a trailing period.
    public var message: String
    /// Where the problem is; `nil` for problems with no place in a file (a missing file, say).
    public var location: SourceLocation?
    /// Further hints: did-you-mean suggestions, related locations.
    public var notes: [Note]

    /// Creates a diagnostic.
    public init(_ severity: Severity, _ message: String, at location: SourceLocation?, notes: [Note] = []) {
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
    }

    /// Creates an error.
    public static func error(_ message: String, at location: SourceLocation?, notes: [Note] = []) -> Diagnostic {
        Diagnostic(.error, message, at: location, notes: notes)
    }

    /// Creates a warning.
    public static func warning(_ message: String, at location: SourceLocation?, notes: [Note] = []) -> Diagnostic {
        Diagnostic(.warning, message, at: location, notes: notes)
    }

    /// `PATH:LINE:COL: severity: message` (no source excerpt).
    public var description: String {
        let prefix = location.map { "\($0.description): " } ?? ""
        return "\(prefix)\(severity.rawValue): \(message)"
    }
}

/// Collects the diagnostics of one run, so a stage can report every problem instead of stopping at the first.
///
/// Every diagnostic recorded here has its quotes of spec text shortened
/// (``QuotedText/shorteningQuotes(in:)``), so no message repeats more than a line of what a spec wrote.
package struct DiagnosticCollector: Sendable {
    /// Everything emitted so far, in emission order.
    package private(set) var diagnostics: [Diagnostic] = []

    /// Creates an empty collector.
    package init() {}

    /// Whether any error has been emitted.
    package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Records a diagnostic, its quotes shortened.
    package mutating func emit(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic.shorteningQuotes)
    }

    /// Records a diagnostic as it is: for one that quotes only what the caller named (the path of
    /// the spec to compile), never the text of a spec.
    package mutating func emitWhole(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// Records an error.
    package mutating func error(_ message: String, at location: SourceLocation?, notes: [Diagnostic.Note] = []) {
        emit(.error(message, at: location, notes: notes))
    }

    /// Records a warning.
    package mutating func warning(_ message: String, at location: SourceLocation?, notes: [Diagnostic.Note] = []) {
        emit(.warning(message, at: location, notes: notes))
    }

    /// Records every diagnostic of `other`, their quotes shortened.
    package mutating func append(contentsOf other: [Diagnostic]) {
        diagnostics.append(contentsOf: other.lazy.map(\.shorteningQuotes))
    }

    /// The diagnostics sorted by file and position (stable for equal positions).
    package var sorted: [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            let la = a.element.location, lb = b.element.location
            switch (la, lb) {
            case let (la?, lb?):
                if la.path != lb.path { return la.path < lb.path }
                if la.start != lb.start { return la.start < lb.start }
                return a.offset < b.offset
            case (nil, _?): return true
            case (_?, nil): return false
            case (nil, nil): return a.offset < b.offset
            }
        }.map(\.element)
    }
}
