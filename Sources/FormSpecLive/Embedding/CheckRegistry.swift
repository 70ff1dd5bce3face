@_spi(Tooling) import FormSpecRuntime

/// What an external check is asked: which check, for which field, about which value.
public struct CheckInput: Sendable, Hashable {
    /// The check's name (`check: NAME` in the spec).
    public var check: String
    /// The name of the field whose rule runs the check.
    public var field: String
    /// The field's value, read as the field's type (never empty: empty fields are not checked).
    public var value: Scalar

    /// Creates a check input.
    public init(check: String, field: String, value: Scalar) {
        self.check = check
        self.field = field
        self.value = value
    }

    /// The value as text (`"alice"`, `"42"`, `"2024-02-29"`), for checks that look text up.
    public var text: String { value.description }
}

/// An error an external check can throw to show the user a message of its own
/// (`throw CheckFailure("The server could not be reached")`).
///
/// Any other error is shown as "Could not check {label}: …" with the error's description.
public struct CheckFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The message shown on the field.
    public var message: String

    /// Creates a failure with the message to show on the field.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}

/// The external checks an app provides for `check: NAME` rules, by name.
///
/// A check returns `true` when the value passes. Synchronous checks run inside `validate`;
/// asynchronous ones (a server round trip, say) run before it in `await validate(…)`, and in a
/// ``LiveForm`` after the field's debounce, in the background.
///
/// ```swift
/// var checks = CheckRegistry()
/// checks.register("not_reserved") { !["admin", "root"].contains($0.text) }
/// checks.registerAsync("username_available") { input in
///     try await api.isAvailable(username: input.text)
/// }
/// ```
///
/// A check that throws does not crash validation: the field gets an error (rule `check`) with the
/// error's message.
public struct CheckRegistry: Sendable {
    /// A synchronous check.
    public typealias SyncCheck = @Sendable (CheckInput) throws -> Bool
    /// An asynchronous check.
    public typealias AsyncCheck = @Sendable (CheckInput) async throws -> Bool

    /// A registered check.
    public enum Check: Sendable {
        /// Runs synchronously, inside validation.
        case sync(SyncCheck)
        /// Runs asynchronously: awaited before validation, or in the background in a live form.
        case async(AsyncCheck)

        /// Whether the check is asynchronous.
        public var isAsync: Bool {
            if case .async = self { return true }
            return false
        }
    }

    private var checks: [String: Check]

    /// Creates a registry with no checks.
    public init() { checks = [:] }

    /// Registers a synchronous check under `name`, replacing any check of that name.
    public mutating func register(_ name: String, _ check: @escaping SyncCheck) {
        checks[name] = .sync(check)
    }

    /// Registers an asynchronous check under `name`, replacing any check of that name.
    public mutating func registerAsync(_ name: String, _ check: @escaping AsyncCheck) {
        checks[name] = .async(check)
    }

    /// Registers a fixed outcome for `name` (a stub, as `--stub NAME=BOOL` on the CLI).
    public mutating func register(_ name: String, outcome: Bool) {
        checks[name] = .sync { _ in outcome }
    }

    /// Removes the check registered under `name`.
    public mutating func unregister(_ name: String) {
        checks[name] = nil
    }

    /// The check registered under `name`.
    public subscript(name: String) -> Check? { checks[name] }

    /// The registered names, sorted.
    public var names: [String] { checks.keys.sorted() }

    /// The checks `program` uses that are not registered, sorted: what to register before validating.
    public func missing(for program: Program) -> [String] {
        program.checkNames.filter { checks[$0] == nil }
    }
}
