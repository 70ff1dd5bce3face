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
                // A plain number too large for a Double (`1e400`) resolves as a string.
                if let scalar, scalar.style == .plain, Double(scalar.text) != nil { return "a number out of range" }
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

    /// Creates a scalar.
    package init(_ text: String, style: Style = .plain) {
        self.text = text
        self.style = style
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

    /// Resolves `scalar` (with an explicit `tag`, if any) under the core schema.
    package init(_ scalar: YAMLScalar, tag: String?) {
        if let tag {
            switch tag {
            case "tag:yaml.org,2002:str": self = .string(scalar.text); return
            case "tag:yaml.org,2002:null": self = .null; return
            default: break
            }
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
            if text.hasPrefix("0x"), let int = Int64(text.dropFirst(2), radix: 16) { self = .integer(int); return }
            if text.hasPrefix("0o"), let int = Int64(text.dropFirst(2), radix: 8) { self = .integer(int); return }
            if let double = Double(text), double.isFinite { self = .float(double); return }
        }
        self = .string(text)
    }

    private static func looksNumeric(_ text: String) -> Bool {
        guard let first = text.utf8.first else { return false }
        return first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: ".")
            || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9"))
    }
}
