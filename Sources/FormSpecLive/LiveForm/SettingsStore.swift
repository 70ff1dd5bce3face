@_spi(Program) @_spi(Tooling) import FormSpecRuntime

#if canImport(Foundation)
    public import Foundation
#endif

/// A key-value store a settings form's values are loaded from and saved to, one key per field of
/// the form's top level (`"<form>.<field>"` by default, see ``LiveForm/storageKey(form:field:)``,
/// or a prefix of your own): a group or a list is stored whole, as an object or an array.
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
    /// Fine for preferences; never for secrets (``LiveForm/save(to:keyPrefix:onlyIfValid:)`` skips `secret`
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
            case .number(let value): value.double
            case .string(let value): value
            // A property list has no null: an empty item or member is left out (NSNull would
            // make UserDefaults trap).
            case .array(let items): items.compactMap { propertyList(from: $0) } as [Any]
            case .object(let members):
                Dictionary(
                    members.compactMap { member in propertyList(from: member.value).map { (member.key, $0) } },
                    uniquingKeysWith: { $1 })
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
                    return ExactDecimal(double).map { .number($0) }
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
    /// The key a field's value is stored under by default: `"<form>.<field>"`.
    public nonisolated static func storageKey(form: String, field: String) -> String { "\(form).\(field)" }

    /// The key field `field` is stored under: `keyPrefix` and the field's name, or
    /// ``storageKey(form:field:)`` when `keyPrefix` is `nil`.
    func storageKey(field: String, keyPrefix: String?) -> String {
        keyPrefix.map { $0 + field } ?? Self.storageKey(form: program.form, field: field)
    }

    /// Loads the stored values and makes them the original values: the form opens clean,
    /// untouched and validated.
    ///
    /// A field with no stored value, or one its type cannot read (`"soon"` for an integer, an
    /// option the spec no longer has), takes its default, at any depth (a group's member, a list's
    /// item): a stale store never makes the form invalid.
    ///
    /// - Parameters:
    ///   - store: Where to read.
    ///   - keyPrefix: What each field's name is appended to for its key (`"prefs."` gives
    ///     `prefs.display_order`); `nil` for `"<form>."`.
    public func load(from store: some SettingsStore, keyPrefix: String? = nil) {
        var values: [String: Value] = [:]
        // A group or a list is stored whole, under its own key: the fields inside it have none.
        for (index, field) in program.fields.enumerated() where !field.name.contains(".") {
            guard let stored = store.value(forKey: storageKey(field: field.name, keyPrefix: keyPrefix)),
                let value = readable(stored, forField: index)
            else { continue }
            values[field.name] = value
        }
        reset(to: values)
    }

    /// `value` as field `index` can read it, at every depth: `nil` when its type cannot (it then
    /// takes its default); a group without the members its fields cannot read (or that are no
    /// field), a list without the items its items' fields cannot (a multi-select's option the spec
    /// no longer has). What keeps a stale store from making the form invalid.
    private func readable(_ value: Value, forField index: Int) -> Value? {
        let field = program.fields[index]
        switch (field.type, value) {
        case (.group, .object(let members)):
            return .object(
                members.compactMap { member in
                    guard let child = program.fieldIndex[field.name + "." + member.key] else { return nil }
                    return readable(member.value, forField: child).map { Value.Member(member.key, $0) }
                })
        case (.list, .array(let items)):
            // Every item is read as the first: the items' fields are alike.
            guard let item = program.itemFields(ofList: index).first else { return .array([]) }
            return .array(items.compactMap { readable($0, forField: item) })
        default:
            let normalized = Self.normalized(value, for: field)
            if case .invalid = program.read(normalized, forField: index) { return nil }
            return normalized
        }
    }

    /// Writes every field's current value under its key, typed (an integer as an integer, a boolean
    /// as a boolean, a date as its ISO `YYYY-MM-DD` text), then marks the form saved (clean). An
    /// absent value removes the key; `secret` fields are never written.
    ///
    /// - Parameters:
    ///   - store: Where to write.
    ///   - keyPrefix: What each field's name is appended to for its key; `nil` for `"<form>."`.
    ///   - onlyIfValid: Write only when the form is valid and no check is pending (default).
    /// - Returns: Whether the values were written.
    @discardableResult
    public func save(to store: some SettingsStore, keyPrefix: String? = nil, onlyIfValid: Bool = true) -> Bool {
        if onlyIfValid, !isValid || isPending { return false }
        // Groups and lists whole (the fields inside them typed, secrets left out), under their
        // own keys, as `values` gives them.
        let members = program.nestedMembers(StoredLeaves(program: program, raw: raw, values: scratch.values))
        let stored = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
        for field in program.fields where field.type != .secret && !field.name.contains(".") {
            store.set(stored[field.name], forKey: storageKey(field: field.name, keyPrefix: keyPrefix))
        }
        markSaved()
        return true
    }

    /// The value to store: the value read as the field's type, or the raw value when it cannot
    /// be read; `nil` when absent.
    fileprivate nonisolated static func stored(_ raw: Value?, read: FieldValue) -> Value? {
        guard let raw, raw != .null else { return nil }
        guard case .value(let scalar) = read else { return raw }
        switch scalar {
        case .text(let text): return .string(text)
        case .integer(let value): return .integer(value)
        case .number(let value): return .number(value)
        case .boolean(let value): return .bool(value)
        case .date(let date): return .string(date.description)
        case .time(let time): return .string(time.description)
        case .datetime(let dateTime): return .string(dateTime.description)
        }
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

/// A live form's values as a settings store keeps them: each scalar typed (``LiveForm``'s
/// `stored`), secrets left out, groups and lists built from the fields inside them.
private struct StoredLeaves: NestedValueSource {
    let program: Program
    let raw: [Value?]
    let values: [FieldValue]

    /// A list of secrets is left out whole, as a secret is (its items would be `null`s).
    func read(_ index: Int) -> FieldValue { holdsSecrets(index) ? .empty : values[index] }

    func own(_ index: Int) -> Value? {
        switch program.fields[index].type {
        case .secret: nil
        case .list: holdsSecrets(index) ? nil : raw[index]
        case .group: raw[index]
        default: LiveForm.stored(raw[index], read: values[index])
        }
    }

    private func holdsSecrets(_ index: Int) -> Bool {
        program.fields[index].type == .list
            && program.itemFields(ofList: index).first.map { program.fields[$0].type == .secret } == true
    }

    func showsFields(ofGroupThatIsNoObject index: Int) -> Bool { true }
}
