@_spi(Tooling) import FormSpecRuntime

#if canImport(Foundation)
    internal import Foundation

    /// Encodes an `Encodable` value straight into a ``Value``: what `validate(encoding:)` reads a
    /// typed input (a generated `Input`) through, instead of writing JSON with `JSONEncoder` and
    /// parsing it back.
    ///
    /// It gives exactly the ``Value`` that route gives: strings, booleans and integers as they are,
    /// `Decimal` by its text, read as JSON reads a number. A value whose JSON `JSONEncoder` decides
    /// with a strategy (`Double`, `Float`, `Date`, `Data`, `URL`) makes ``encode(_:)`` return `nil`,
    /// and the caller takes the JSON route for that input.
    struct ValueEncoder {
        /// `value` as a ``Value``; `nil` when it holds something only `JSONEncoder` encodes exactly.
        static func encode(_ value: some Encodable) -> Value? {
            let root = Box()
            do {
                try root.encode(value, codingPath: [])
            } catch {
                return nil
            }
            return root.value
        }

        /// Thrown to fall back to the JSON route.
        struct NeedsJSON: Error {}

        /// A value being built: a scalar, or an object or array whose members are boxes (changed in
        /// place as the containers write them).
        final class Box {
            enum Kind { case empty, scalar, object, array }

            var kind = Kind.empty
            var scalar = Value.null
            var members: [(key: String, box: Box)] = []
            var items: [Box] = []
            /// The type whose `encode(to:)` is writing into this box: a type that asks its single
            /// value container to encode itself again is one this encoder does not know.
            var encoding: Any.Type?

            var value: Value {
                switch kind {
                case .empty: .object([])
                case .scalar: scalar
                case .object: .object(members.map { Value.Member($0.key, $0.box.value) })
                case .array: .array(items.map(\.value))
                }
            }

            func set(_ value: Value) {
                kind = .scalar
                scalar = value
            }

            func encode<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws {
                switch value {
                case let text as String: set(.string(text))
                case let flag as Bool: set(.bool(flag))
                case let number as Int: set(.integer(Int64(number)))
                case let number as Int64: set(.integer(number))
                case let number as Int32: set(.integer(Int64(number)))
                case let number as Int16: set(.integer(Int64(number)))
                case let number as Int8: set(.integer(Int64(number)))
                case let number as UInt8: set(.integer(Int64(number)))
                case let number as UInt16: set(.integer(Int64(number)))
                case let number as UInt32: set(.integer(Int64(number)))
                case let decimal as Decimal:
                    // JSONEncoder writes a Decimal as its description; read it as JSON reads numbers.
                    guard decimal.isFinite, let number = try? JSONReader.parse(decimal.description) else {
                        throw NeedsJSON()
                    }
                    set(number)
                case is Double, is Float, is Date, is Data, is URL, is UInt, is UInt64: throw NeedsJSON()
                default:
                    if encoding == T.self { throw NeedsJSON() }
                    let outer = encoding
                    encoding = T.self
                    defer { encoding = outer }
                    try value.encode(to: BoxEncoder(box: self, codingPath: codingPath))
                }
            }
        }

        struct BoxEncoder: Encoder {
            let box: Box
            let codingPath: [any CodingKey]
            var userInfo: [CodingUserInfoKey: Any] { [:] }

            func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
                if box.kind != .object {
                    box.kind = .object
                    box.members = []
                }
                return KeyedEncodingContainer(Keyed<Key>(box: box, codingPath: codingPath))
            }

            func unkeyedContainer() -> any UnkeyedEncodingContainer {
                if box.kind != .array {
                    box.kind = .array
                    box.items = []
                }
                return Unkeyed(box: box, codingPath: codingPath)
            }

            func singleValueContainer() -> any SingleValueEncodingContainer {
                Single(box: box, codingPath: codingPath)
            }
        }

        struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
            let box: Box
            let codingPath: [any CodingKey]

            private func member(_ key: Key) -> Box { member(named: key.stringValue) }

            private func member(named name: String) -> Box {
                let child = Box()
                // A key encoded twice keeps its last value, in its first place (as JSONEncoder).
                if let at = box.members.firstIndex(where: { $0.key == name }) {
                    box.members[at].box = child
                } else {
                    box.members.append((name, child))
                }
                return child
            }

            mutating func encodeNil(forKey key: Key) throws { member(key).set(.null) }

            mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
                try member(key).encode(value, codingPath: codingPath + [key])
            }

            mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
                -> KeyedEncodingContainer<NestedKey>
            {
                BoxEncoder(box: member(key), codingPath: codingPath + [key]).container(keyedBy: keyType)
            }

            mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
                BoxEncoder(box: member(key), codingPath: codingPath + [key]).unkeyedContainer()
            }

            /// The superclass's encoder: its members go under `super`, as `JSONEncoder` writes them
            /// (not merged into this object, which gave another verdict than the JSON path).
            mutating func superEncoder() -> any Encoder {
                BoxEncoder(box: member(named: "super"), codingPath: codingPath + [SuperKey()])
            }

            mutating func superEncoder(forKey key: Key) -> any Encoder {
                BoxEncoder(box: member(key), codingPath: codingPath + [key])
            }
        }

        /// The coding key of a superclass's members, `super`.
        struct SuperKey: CodingKey {
            var stringValue: String { "super" }
            var intValue: Int? { nil }
            init() {}
            init?(stringValue: String) { nil }
            init?(intValue: Int) { nil }
        }

        struct Unkeyed: UnkeyedEncodingContainer {
            let box: Box
            let codingPath: [any CodingKey]
            var count: Int { box.items.count }

            private func append() -> Box {
                let child = Box()
                box.items.append(child)
                return child
            }

            mutating func encodeNil() throws { append().set(.null) }

            mutating func encode<T: Encodable>(_ value: T) throws { try append().encode(value, codingPath: codingPath) }

            mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
                -> KeyedEncodingContainer<NestedKey>
            {
                BoxEncoder(box: append(), codingPath: codingPath).container(keyedBy: keyType)
            }

            mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
                BoxEncoder(box: append(), codingPath: codingPath).unkeyedContainer()
            }

            mutating func superEncoder() -> any Encoder { BoxEncoder(box: append(), codingPath: codingPath) }
        }

        struct Single: SingleValueEncodingContainer {
            let box: Box
            let codingPath: [any CodingKey]

            mutating func encodeNil() throws { box.set(.null) }
            mutating func encode<T: Encodable>(_ value: T) throws { try box.encode(value, codingPath: codingPath) }
        }
    }
#endif
