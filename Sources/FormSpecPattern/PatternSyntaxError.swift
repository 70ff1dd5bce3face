/// Why a pattern is not a valid ECMAScript `u`-mode pattern, or why FormSpec refuses it.
///
/// The position is counted in Unicode scalars from the start of the pattern's source text, so a
/// caller that knows where the pattern sits in a file can place a diagnostic at the exact column.
package struct PatternSyntaxError: Error, Sendable, Hashable {
    /// What is wrong, as a sentence fragment without a trailing period (`"unterminated character class"`).
    package var message: String
    /// Where the problem starts: an offset in Unicode scalars into the pattern source.
    package var offset: Int
    /// How many scalars the problem spans (at least 1 where there is text to point at).
    package var length: Int
    /// An optional hint on what to write instead (e.g. for refused backreferences).
    package var note: String?

    /// Creates an error.
    package init(message: String, offset: Int, length: Int = 1, note: String? = nil) {
        self.message = message
        self.offset = offset
        self.length = length
        self.note = note
    }
}
