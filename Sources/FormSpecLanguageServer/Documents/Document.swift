import FormSpecCompiler

/// One document the client has open: its text as the editor holds it, which may differ from disk.
struct Document {
    /// The URI the client names the document by (kept verbatim for replies).
    let uri: String
    /// The file path the URI names; the compiler resolves imports relative to it.
    let path: String
    /// The client's version number of the text, `nil` when it sent none or one that is not a whole
    /// number: echoed in diagnostics, never computed with.
    var version: Int?
    /// The server's own count of changes to the text, which decides whether an analysis is current:
    /// a client's version may repeat, go back or stop at `Int.max` without hiding an edit.
    private(set) var revision = 0
    /// The current text.
    private(set) var text: String
    /// Positions of `text`, rebuilt after each change.
    private(set) var lines: LineIndex

    init(uri: String, version: Int?, text: String) {
        self.uri = uri
        // Named as the compiler names it, so its diagnostics (by path) find their way back here.
        self.path = Compiler.normalizePath(DocumentURI.path(of: uri))
        self.version = version
        self.text = text
        self.lines = LineIndex(text)
    }

    /// Applies one `contentChanges` entry: a whole new text, or a replacement of an LSP `range`.
    mutating func apply(range: LSPRange?, text newText: String) {
        guard let range else {
            replaceAll(with: newText)
            return
        }
        let start = lines.utf16Offset(of: range.start)
        let end = max(start, lines.utf16Offset(of: range.end))
        let utf16 = text.utf16
        let lower = utf16.index(utf16.startIndex, offsetBy: start)
        let upper = utf16.index(lower, offsetBy: end - start)
        text.replaceSubrange(lower..<upper, with: newText)
        lines = LineIndex(text)
        revision &+= 1
    }

    /// Replaces the whole text.
    mutating func replaceAll(with newText: String) {
        text = newText
        lines = LineIndex(text)
        revision &+= 1
    }
}

/// `file:` URIs <-> file paths.
enum DocumentURI {
    /// The path a `file:` URI names, percent-decoded; other URIs (`untitled:1`) are kept whole, so
    /// they still name a document, with no folder to import from.
    static func path(of uri: String) -> String {
        guard uri.hasPrefix("file://") else { return uri }
        var rest = Substring(uri.dropFirst("file://".count))
        // `file://host/path`: the host part (usually empty or localhost) is not part of the path.
        if !rest.hasPrefix("/"), let slash = rest.firstIndex(of: "/") { rest = rest[slash...] }
        return percentDecoded(rest)
    }

    /// The `file:` URI of `path`.
    static func uri(ofPath path: String) -> String {
        var out = "file://"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                out += "%"
                out.unicodeScalars.append(hex[Int(byte >> 4)])
                out.unicodeScalars.append(hex[Int(byte & 0xF)])
            }
        }
        return out
    }

    private static func percentDecoded(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
                let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
