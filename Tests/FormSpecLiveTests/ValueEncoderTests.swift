@_spi(Tooling) import FormSpecRuntime
import Foundation
import Testing

@testable import FormSpecLive

/// `ValueEncoder` (how `validate(encoding:)` reads a typed input) gives exactly the Value that
/// writing JSON with `JSONEncoder` and reading it back gives, and steps aside for what only
/// JSONEncoder's strategies decide.
@Suite("Encoding typed inputs straight into values")
struct ValueEncoderTests {
    /// The Value of `value` the JSON way (`JSONEncoder`, then the reader).
    static func viaJSON(_ value: some Encodable) throws -> Value {
        try JSONReader.parse([UInt8](try JSONEncoder().encode(value)))
    }

    /// `value` with every object's members sorted by key: what two encodings must agree on.
    static func sorted(_ value: Value) -> Value {
        switch value {
        case .object(let members):
            .object(members.sorted { $0.key < $1.key }.map { Value.Member($0.key, sorted($0.value)) })
        case .array(let items): .array(items.map(sorted))
        default: value
        }
    }

    struct Mixed: Codable {
        var text = "é \"quoted\""
        var none: String? = nil
        var flag = true
        var small: Int8 = -8
        var big = Int64.max
        var unsigned: UInt32 = 4_000_000_000
        var amounts: [Decimal] = [Decimal(string: "0.1")!, Decimal(string: "-12345678901234567890.5")!, 42, 0]
        var nested = ["b": [1, 2], "a": []]
        var optionals: [Int?] = [1, nil]
    }

    @Test func aGeneratedInputEncodesAsJSONWould() throws {
        let json = #"""
            {"name":"Mei","default":"x","contact_email":"mei@example.com","password":"hunter2!!","age":17,
             "height":1.75,"agree":true,"born":"2000-02-29","opens":"09:30","deadline":"2026-03-10T07:00:00Z",
             "size":1,"address":{"city":"Utrecht"},"tags":["a","b"],"contacts":[{"name":"Ana","relation":"friend"}]}
            """#
        let input = try JSONDecoder().decode(TypedInputForm.Input.self, from: Data(json.utf8))
        let direct = try #require(ValueEncoder.encode(input))
        let viaJSON = try Self.viaJSON(input)
        #expect(
            Self.sorted(direct) == Self.sorted(viaJSON), "\(JSONWriter.write(direct))\n\(JSONWriter.write(viaJSON))")
        // In the struct's order, which is the spec's (JSONEncoder on Linux orders keys anew each call).
        #expect(direct.members?.first?.key == "name" && direct.members?.last?.key == "contacts")
        let empty = TypedInputForm.Input()
        #expect(ValueEncoder.encode(empty).map(Self.sorted) == Self.sorted(try Self.viaJSON(empty)))
    }

    @Test func primitivesDecimalsAndContainersEncodeAsJSONWould() throws {
        let direct = try #require(ValueEncoder.encode(Mixed()))
        #expect(Self.sorted(direct) == Self.sorted(try Self.viaJSON(Mixed())))
    }

    class Base: Encodable {
        var username = "alice_01"
        enum CodingKeys: String, CodingKey { case username }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(username, forKey: .username)
        }
    }

    final class Sub: Base {
        var password = "Secr3t!!"
        enum SubKeys: String, CodingKey { case password, named }
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: SubKeys.self)
            try container.encode(password, forKey: .password)
            try super.encode(to: container.superEncoder())
            try super.encode(to: container.superEncoder(forKey: .named))
        }
    }

    @Test("a superclass encodes under super, as JSONEncoder writes it (was: merged into the object)")
    func superEncodersNestAsJSONWould() throws {
        let direct = try #require(ValueEncoder.encode(Sub()))
        #expect(Self.sorted(direct) == Self.sorted(try Self.viaJSON(Sub())), "\(JSONWriter.write(direct))")
        #expect(direct.members?.map(\.key) == ["password", "super", "named"])
    }

    @Test func whatOnlyJSONEncoderDecidesTakesTheJSONRoute() {
        #expect(ValueEncoder.encode(["x": 1.5]) == nil)
        #expect(ValueEncoder.encode(["d": Date()]) == nil)
        #expect(ValueEncoder.encode(["u": URL(fileURLWithPath: "/")]) == nil)
        #expect(ValueEncoder.encode(["n": Decimal.nan]) == nil)
        #expect(ValueEncoder.encode(["f": Float16(1)]) == nil)
    }
}
