/// A position in a source file: 1-based line and column, the column counted in characters.
public struct SourcePosition: Sendable, Hashable, Comparable, Codable {
    /// 1-based line number.
    public var line: Int
    /// 1-based column, counted in Unicode scalars (as libyaml counts them).
    public var column: Int

    /// Creates a position from 1-based line and column numbers.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// A span of a named source file, from `start` up to (not including) `end`.
public struct SourceLocation: Sendable, Hashable, Codable {
    /// The file path as the user gave it.
    public var path: String
    /// Where the span starts.
    public var start: SourcePosition
    /// Where the span ends (exclusive).
    public var end: SourcePosition

    /// Creates a location spanning `start..<end` in `path`.
    public init(path: String, start: SourcePosition, end: SourcePosition? = nil) {
        self.path = path
        self.start = start
        self.end = end ?? start
    }

    /// `PATH:LINE:COL`, as compilers print it.
    public var description: String { "\(path):\(start.line):\(start.column)" }
}

extension SourcePosition {
    /// The 1-based line and column of byte `offset` of UTF-8 `bytes`, columns counted in Unicode
    /// scalars (lead bytes): where the JSON reader and the YAML loader place an error.
    package init(ofByte offset: Int, in bytes: some Collection<UInt8>) {
        var line = 1
        var column = 1
        for byte in bytes.prefix(max(0, offset)) {
            // Only LF ends a line: a JSON Lines record is one line, whatever CR it holds, and the
            // JavaScript reader counts so too.
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        self.init(line: line, column: column)
    }
}
