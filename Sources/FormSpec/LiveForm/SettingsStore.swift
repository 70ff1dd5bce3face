#if canImport(Foundation)
    public import Foundation
#endif

/// A key-value store a settings form's values are loaded from and saved to, one key per field
/// (`"<form>.<field>"`, see ``LiveForm/storageKey(form:field:)``).
public protocol SettingsStore {
    /// The value stored under `key`, or `nil` when there is none.
    func value(forKey key: String) -> Value?
    /// Stores `value` under `key`; `nil` (or `.null`) removes the key.
    func set(_ value: Value?, forKey key: String)
}

/// A settings store in memory: for tests and previews.
public final class InMemorySettingsStore: SettingsStore {
    /// Everything stored, by key.
    public private(set) var storage: [String: Value]

    /// Creates a store holding `storage`.
    public init(_ storage: [String: Value] = [:]) { self.storage = storage }

    /// The value stored under `key`.
    public func value(forKey key: String) -> Value? { storage[key] }

    /// Stores `value` under `key`; `nil` or `.null` removes it.
    public func set(_ value: Value?, forKey key: String) {
        if let value, value != .null { storage[key] = value } else { storage[key] = nil }
    }
}

#if canImport(Foundation)
    /// A settings store backed by `UserDefaults`, holding plain property-list types: `Bool`, `Int`,
    /// `Double`, `String`, arrays and string-keyed dictionaries of these.
    ///
    /// Fine for preferences; never for secrets (``LiveForm/save(to:onlyIfValid:)`` skips `secret`
    /// fields).
    public struct UserDefaultsSettingsStore: SettingsStore {
        /// The defaults database written to.
        public let defaults: UserDefaults

        /// Creates a store writing to `defaults` (`.standard` by default).
        public init(defaults: UserDefaults = .standard) { self.defaults = defaults }

        /// The value stored under `key`, converted from its property-list type.
        public func value(forKey key: String) -> Value? {
            defaults.object(forKey: key).flatMap(Self.value(fromPropertyList:))
        }

        /// Stores `value` under `key` as a property-list type; `nil` or `.null` removes the key.
        public func set(_ value: Value?, forKey key: String) {
            guard let value, let object = Self.propertyList(from: value) else {
                defaults.removeObject(forKey: key)
                return
            }
            defaults.set(object, forKey: key)
        }

        /// `value` as a property-list object; `nil` for `.null`.
        static func propertyList(from value: Value) -> Any? {
            switch value {
            case .null: nil
            case .bool(let value): value
            case .integer(let value): Int(exactly: value).map { $0 as Any } ?? Double(value)
            case .number(let value): value
            case .string(let value): value
            case .array(let items): items.map { propertyList(from: $0) ?? NSNull() } as [Any]
            case .object(let members):
                Dictionary(
                    members.map { ($0.key, propertyList(from: $0.value) ?? NSNull() as Any) }, uniquingKeysWith: { $1 })
            }
        }

        /// A property-list object as a ``Value``; `nil` for anything else.
        static func value(fromPropertyList object: Any) -> Value? {
            // Linux's Foundation hands back nested values as `Optional<Any>`.
            let mirror = Mirror(reflecting: object)
            if mirror.displayStyle == .optional {
                guard let child = mirror.children.first else { return .null }
                return value(fromPropertyList: child.value)
            }
            if object is NSNull { return .null }
            if let text = object as? String { return .string(text) }
            if let number = object as? NSNumber {
                let kind = String(cString: number.objCType)
                if kind == "c" || kind == "B" { return .bool(number.boolValue) }
                if kind == "f" || kind == "d" {
                    let double = number.doubleValue
                    return double.isFinite ? .number(double) : nil
                }
                return .integer(number.int64Value)
            }
            if let items = object as? [Any] { return .array(items.compactMap { value(fromPropertyList: $0) }) }
            if let dictionary = object as? [String: Any] {
                return .object(
                    dictionary.keys.sorted().compactMap { key in
                        value(fromPropertyList: dictionary[key]!).map { Value.Member(key, $0) }
                    })
            }
            if let dictionary = object as? [AnyHashable: Any] {
                var members: [Value.Member] = []
                for (key, item) in dictionary {
                    guard let key = key.base as? String, let item = value(fromPropertyList: item) else { continue }
                    members.append(Value.Member(key, item))
                }
                return .object(members.sorted { $0.key < $1.key })
            }
            return nil
        }
    }
#endif

extension LiveForm {
    /// The key a field's value is stored under: `"<form>.<field>"`.
    public nonisolated static func storageKey(form: String, field: String) -> String { "\(form).\(field)" }

    /// Loads the stored values (fields with no stored value take their default) and makes them the
    /// original values: the form opens clean, untouched and validated.
    public func load(from store: some SettingsStore) {
        var values: [String: Value] = [:]
        for field in program.fields {
            guard let stored = store.value(forKey: Self.storageKey(form: program.form, field: field.name)) else {
                continue
            }
            values[field.name] = Self.normalized(stored, for: field)
        }
        reset(to: values)
    }

    /// Writes every field's current value under its key (absent values remove the key), then marks
    /// the form saved (clean). `secret` fields are never written.
    ///
    /// - Parameters:
    ///   - store: Where to write.
    ///   - onlyIfValid: Write only when the form is valid and no check is pending (default).
    /// - Returns: Whether the values were written.
    @discardableResult
    public func save(to store: some SettingsStore, onlyIfValid: Bool = true) -> Bool {
        if onlyIfValid, !isValid || isPending { return false }
        for (index, field) in program.fields.enumerated() where field.type != .secret {
            store.set(raw[index], forKey: Self.storageKey(form: program.form, field: field.name))
        }
        markSaved()
        return true
    }

    /// A stored value in the shape the field reads: stores that cannot tell a boolean from a
    /// number (some property-list readers) give `0`/`1` for booleans.
    private static func normalized(_ value: Value, for field: FieldProgram) -> Value {
        switch (field.type, value) {
        case (.boolean, .integer(0)): .bool(false)
        case (.boolean, .integer(1)): .bool(true)
        default: value
        }
    }
}
