// What both adapters' tests share: the forms they serve, the typed inputs they decode, and a
// log handler that keeps what was logged.
import Foundation
import Logging

/// The sign-up form of the repository's README.
public let signupSpec = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("FormSpecRoot/Specs/signup.form.yaml").path

public struct Signup: Decodable, Sendable {
    public var username: String
    public var password: String?
}

/// A form whose values a raw body gives otherwise than its rules check them: trimmed text,
/// numbers and booleans as text, a default, a group, a list of groups.
public let orderSpec = """
    formspec: 1
    form: order
    fields:
      username: {required: true, trim: true, rules: [{pattern: "^[a-z0-9_]{3,20}$"}]}
      age: {type: integer}
      price: {type: number}
      agree: {type: boolean}
      nickname: {default: anon}
      address:
        fields:
          city: {required: true}
      contacts:
        type: list
        of: group
        rules: [{max_items: 3}]
        fields:
          phone: {required: true, trim: true}
    """

/// Bodies of `orderSpec` that the raw JSON gives otherwise than the rules check them, and the
/// typed input of each as a route writes it back (keys sorted).
public let orderBodies = [
    // Text-typed numbers and booleans the rules accept (was: 500).
    (
        #"{"username":"mei_chen","age":"20","price":"3.5","agree":"true","address":{"city":"Paris"}}"#,
        #"{"address":{"city":"Paris"},"age":20,"agree":true,"nickname":"anon","price":3.5,"username":"mei_chen"}"#
    ),
    // A path, a trimmed field, a default (were: `address` nil, the untrimmed text, `nickname` nil).
    (
        #"{"username":" mei_chen\t","address.city":"Paris","contacts":[{"phone":" 123 "}],"extra":1}"#,
        #"{"address":{"city":"Paris"},"contacts":[{"phone":"123"}],"nickname":"anon","username":"mei_chen"}"#
    ),
]

/// Valid bodies of `orderSpec` with numbers `Order` cannot hold (an `integer` field takes whole
/// numbers past 64 bits, a `number` field up to about 10³⁰⁸), and the 400's detail of each (were:
/// 500, the client's mistake logged as the server's).
public let orderBodiesTooLarge = [
    (
        #"{"username":"mei_chen","age":123456789012345678901234567890,"address.city":"Paris"}"#,
        "The number at 'age' is out of the range the server can hold."
    ),
    (
        #"{"username":"mei_chen","price":1e200,"age":-9223372036854775809,"address":{"city":"Paris"}}"#,
        "The numbers at 'age', 'price' are out of the range the server can hold."
    ),
    (
        #"{"username":"mei_chen","price":1e-200,"address.city":"Paris"}"#,
        "The number at 'price' is out of the range the server can hold."
    ),
]

/// A form whose `age` is text, where `Order` has an `Int`: a valid body does not decode, the
/// server's mistake (a 500, its cause logged).
public let mismatchedOrderSpec = "formspec: 1\nform: order\nfields:\n  age: {}\n"

/// The typed input of `orderSpec`, written back as JSON (keys sorted) by the test route.
public struct Order: Codable, Sendable, Equatable {
    public struct Address: Codable, Sendable, Equatable { public var city: String? }
    public struct Contact: Codable, Sendable, Equatable { public var phone: String? }
    public var username: String?
    public var age: Int?
    public var price: Decimal?
    public var agree: Bool?
    public var nickname: String?
    public var address: Address?
    public var contacts: [Contact]?
}

/// Lines any thread may add to: what was logged, what a check saw.
public final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    public init() {}

    public var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }

    public func append(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        lines.append(line)
    }
}

/// Keeps the messages logged at error level or above.
public struct ErrorLog: LogHandler {
    let lines: Lines
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .info
    public var metadataProvider: Logger.MetadataProvider?

    public init(lines: Lines) { self.lines = lines }

    public func log(event: LogEvent) {
        if event.level >= .error { lines.append(event.message.description) }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
}
