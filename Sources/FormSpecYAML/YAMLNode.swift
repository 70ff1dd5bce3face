import FormSpecDiagnostics

/// A node of a loaded YAML document, with the exact span it came from.
package struct YAMLNode: Sendable, Hashable {
    /// What a node holds.
    package enum Content: Sendable, Hashable {
        /// A scalar: its text and how it was written.
        case scalar(YAMLScalar)
        /// A sequence of nodes, in order.
        case sequence([YAMLNode])
        /// A mapping, in source order. Keys are unique: the loader reports and drops duplicates.
        case mapping([YAMLPair])
    }

    /// The node's content.
    package var content: Content
    /// Where the node is written (start and end marks).
    package var location: SourceLocation
    /// The explicit tag, such as `tag:yaml.org,2002:str`, when one was written.
    package var tag: String?

    /// Creates a node.
    package init(_ content: Content, at location: SourceLocation, tag: String? = nil) {
        self.content = content
        self.location = location
        self.tag = tag
    }

    /// The scalar, when this node is one.
    package var scalar: YAMLScalar? {
        if case .scalar(let scalar) = content { return scalar }
        return nil
    }

    /// The items, when this node is a sequence.
    package var sequence: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    /// The pairs, when this node is a mapping.
    package var mapping: [YAMLPair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// The value of key `key` when this node is a mapping that has it (the first, should the key
    /// be written twice); `nil` otherwise.
    package func value(forKey key: String) -> YAMLNode? {
        mapping?.first { $0.key.scalar?.text == key }?.value
    }

    /// A word for the node's kind, for messages ("a mapping", "a list", "a string").
    package var kindDescription: String {
        switch content {
        case .scalar:
            switch resolved {
            case .null: return "null"
            case .bool: return "a boolean"
            case .integer: return "an integer"
            case .float(let value): return value.isFinite ? "a number" : "a number that is not finite"
            case .string:
                // A plain number too large for a Double (`1e400`) resolves as a string; one tagged
                // `!!str` is a string.
                if tag == nil, let scalar, scalar.style == .plain,
                    !scalar.text.contains(where: { $0 == "x" || $0 == "X" }),
                    Double(scalar.text) != nil
                {
                    return "a number out of range"
                }
                return "a string"
            }
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }

    /// The scalar's value under the YAML 1.2 core schema: plain scalars are typed, quoted ones are
    /// strings. A sequence or mapping resolves as an empty string; check `scalar` first.
    package var resolved: ResolvedScalar {
        guard let scalar else { return .string("") }
        return ResolvedScalar(scalar, tag: tag)
    }
}

/// A key/value pair of a mapping.
package struct YAMLPair: Sendable, Hashable {
    /// The key node (a scalar in every spec).
    package var key: YAMLNode
    /// The value node.
    package var value: YAMLNode

    /// Creates a pair.
    package init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}

/// A scalar's text and style.
package struct YAMLScalar: Sendable, Hashable {
    /// How a scalar was written.
    package enum Style: Sendable, Hashable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    /// The scalar's text after YAML unescaping and folding.
    package var text: String
    /// How it was written: only plain scalars are read as numbers, booleans or null.
    package var style: Style
    /// The scalar as written in the file (quotes, escapes, a block's indicator and indentation),
    /// when the loader keeps it (spec files) and it differs from `text`; `nil` otherwise. Not part
    /// of equality: two scalars are the same value however each was written.
    package var source: String?

    /// Creates a scalar.
    package init(_ text: String, style: Style = .plain, source: String? = nil) {
        self.text = text
        self.style = style
        self.source = source
    }

    package static func == (lhs: YAMLScalar, rhs: YAMLScalar) -> Bool {
        lhs.text == rhs.text && lhs.style == rhs.style
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(style)
    }
}

/// A scalar read under the YAML 1.2 core schema.
package enum ResolvedScalar: Sendable, Hashable {
    case null
    case bool(Bool)
    /// An integer that fits `Int64`; larger ones resolve as `.float` when finite, else `.string`.
    case integer(Int64)
    case float(Double)
    case string(String)

    /// Resolves `scalar` (with an explicit `tag`, if any) under the core schema: `!!str` and the
    /// non-specific `!` make a string, `!!null` null, and `!!int`, `!!float` and `!!bool` read even a
    /// quoted scalar as if it were plain (the loader reports one that does not fit its tag, and
    /// every other tag).
    package init(_ scalar: YAMLScalar, tag: String?) {
        switch tag {
        case YAMLTag.string, "!": self = .string(scalar.text); return
        case YAMLTag.null: self = .null; return
        case YAMLTag.integer, YAMLTag.float, YAMLTag.bool:
            self = ResolvedScalar(YAMLScalar(scalar.text), tag: nil)
            return
        default: break
        }
        guard scalar.style == .plain else { self = .string(scalar.text); return }
        let text = scalar.text
        switch text {
        case "", "~", "null", "Null", "NULL": self = .null; return
        case "true", "True", "TRUE": self = .bool(true); return
        case "false", "False", "FALSE": self = .bool(false); return
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": self = .float(.infinity); return
        case "-.inf", "-.Inf", "-.INF": self = .float(-.infinity); return
        case ".nan", ".NaN", ".NAN": self = .float(.nan); return
        default: break
        }
        if Self.looksNumeric(text) {
            if let int = Int64(text) { self = .integer(int); return }
            if let (radix, digits) = Self.radixDigits(text) {
                if let int = Int64(digits, radix: radix) { self = .integer(int); return }
                // Past `Int64`, a whole number all the same: its exact value is its text's
                // (``decimalDigits(ofInteger:)``), as a decimal's is.
                if let decimal = Self.decimalDigits(ofInteger: text), let double = Double(decimal) {
                    self = .float(double)
                    return
                }
            }
            // Swift's `Double` also reads hexadecimal floats (`0x1p3`, `+0x10`), which the core
            // schema does not. (A number out of FormSpec's range, `1e-1000000001`, is the compiler's
            // to refuse: `Value(yaml:)` reads numbers exactly from their text.)
            if !text.contains(where: { $0 == "x" || $0 == "X" }), let double = Double(text), double.isFinite {
                self = .float(double)
                return
            }
        }
        self = .string(text)
    }

    /// The radix and digits of a core-schema hexadecimal (`0x1F`) or octal (`0o17`) integer.
    private static func radixDigits(_ text: String) -> (Int, Substring)? {
        let radix = text.hasPrefix("0x") ? 16 : text.hasPrefix("0o") ? 8 : 0
        let digits = text.dropFirst(2)
        guard radix > 0, !digits.isEmpty, digits.allSatisfy({ $0.isHexDigit && Int(String($0), radix: radix) != nil })
        else { return nil }
        return (radix, digits)
    }

    /// Whether `text` is an integer in the core schema's spelling (`-12`, `0x1F`, `0o17`), of any
    /// size.
    package static func isIntegerSpelling(_ text: String) -> Bool {
        if radixDigits(text) != nil { return true }
        let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : text[...]
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// The decimal digits of a hexadecimal or octal integer past `Int64` and within a double's
    /// range (`0x10000000000000001` is `18446744073709551617`); `nil` for any other text, and for
    /// one of more than 300 significant digits (past a double's range, like `1e400`), which the
    /// conversion, quadratic in the digits, is not spent on.
    package static func decimalDigits(ofInteger text: String) -> String? {
        guard let (radix, digits) = radixDigits(text) else { return nil }
        let significant = digits.drop { $0 == "0" }
        guard significant.count <= 300 else { return nil }
        // Little-endian limbs of nine decimal digits.
        var limbs: [UInt64] = [0]
        for character in significant {
            var carry = UInt64(Int(String(character), radix: radix)!)
            for index in limbs.indices {
                let product = limbs[index] * UInt64(radix) + carry
                limbs[index] = product % 1_000_000_000
                carry = product / 1_000_000_000
            }
            if carry > 0 { limbs.append(carry) }
        }
        var decimal = String(limbs.last!)
        for limb in limbs.dropLast().reversed() {
            let part = String(limb)
            decimal += String(repeating: "0", count: 9 - part.count) + part
        }
        return decimal
    }

    private static func looksNumeric(_ text: String) -> Bool {
        guard let first = text.utf8.first else { return false }
        return first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: ".")
            || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9"))
    }
}

extension YAMLNode {
    /// Whether the node's tag is one the loader reported (outside the core schema, or one the node
    /// does not fit): a reader of the node need not report the value again.
    package var hasTagProblem: Bool { YAMLTag.problem(of: self, quotingText: false) != nil }
}

/// The tags of the YAML 1.2 core schema, the only ones FormSpec reads (as libyaml spells them).
enum YAMLTag {
    /// The prefix `!!` stands for.
    static let prefix = "tag:yaml.org,2002:"
    static let string = prefix + "str"
    static let null = prefix + "null"
    static let integer = prefix + "int"
    static let float = prefix + "float"
    static let bool = prefix + "bool"
    static let sequence = prefix + "seq"
    static let mapping = prefix + "map"

    /// `tag` as it is written: `!!int` for a core tag, else as libyaml resolved it.
    static func written(_ tag: String) -> String {
        tag.hasPrefix(prefix) ? "!!" + tag.dropFirst(prefix.count) : tag
    }

    /// Why `node`'s tag cannot be read: a tag outside the core schema, or a core tag that does not
    /// fit the node (`!!int abc`, `!!map` on a list); `nil` when it fits, or the node has none. The
    /// tag is quoted only when `quotingText` (``YAMLLoader/Limits/quotesText``).
    static func problem(of node: YAMLNode, quotingText: Bool) -> Diagnostic? {
        guard let tag = node.tag, tag != "!" else { return nil }
        // The scalar as it would read untagged.
        let plain = node.scalar.map { YAMLNode(.scalar(YAMLScalar($0.text)), at: node.location) }
        let wanted: String
        if let plain {
            switch (tag, plain.resolved) {
            case (string, _), (null, .null), (integer, .integer), (float, .integer), (float, .float), (bool, .bool):
                return nil
            // A whole number past `Int64` (`!!int 18446744073709551617`).
            case (integer, .float) where ResolvedScalar.isIntegerSpelling(plain.scalar?.text ?? ""):
                return nil
            case (null, _): wanted = "null"
            case (integer, _): wanted = "an integer"
            case (float, _): wanted = "a number"
            case (bool, _): wanted = "true or false"
            case (sequence, _): wanted = "a list"
            case (mapping, _): wanted = "a mapping"
            default: return unsupported(tag, at: node.location, quotingText: quotingText)
            }
        } else {
            switch tag {
            case sequence where node.sequence != nil, mapping where node.mapping != nil: return nil
            case sequence: wanted = "a list"
            case mapping: wanted = "a mapping"
            case string, null, integer, float, bool: wanted = "a scalar"
            default: return unsupported(tag, at: node.location, quotingText: quotingText)
            }
        }
        let tagged = quotingText ? "a value tagged '\(written(tag))'" : "a tagged value"
        return .error("\(tagged) must be \(wanted), not \((plain ?? node).kindDescription)", at: node.location)
    }

    /// The error for a tag outside the core schema.
    private static func unsupported(_ tag: String, at location: SourceLocation, quotingText: Bool) -> Diagnostic {
        .error(
            quotingText ? "unsupported YAML tag '\(written(tag))'" : "unsupported YAML tag", at: location,
            notes: [.init("FormSpec reads the core schema's tags: !!str, !!int, !!float, !!bool, !!null, !!seq, !!map")]
        )
    }
}
