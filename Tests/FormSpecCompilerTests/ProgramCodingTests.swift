import FormSpec
@_spi(Program) @_spi(Tooling) import FormSpecRuntime
import Foundation
import Testing

/// The lowered program's JSON (`formspec compile --emit json`) round-trips: a decoded program
/// gives the same report as the compiled one for every test input of every seed spec.
struct ProgramCodingTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let specs: [String] = {
        let folder = repository.appendingPathComponent("Specs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".form.yaml") }.sorted().map { folder.appendingPathComponent($0).path }
    }()

    @Test(arguments: specs)
    func decodedProgramValidatesLikeTheCompiledOne(path: String) throws {
        let spec = try #require(Compiler.compile(path: path).spec)
        let data = try JSONEncoder().encode(spec.program)
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains("\"_0\""), "every enum has an explicit JSON form")
        let decoded = try JSONDecoder().decode(Program.self, from: data)
        #expect(!spec.tests.isEmpty)
        for test in spec.tests {
            let context = EvaluationContext(
                locale: test.locale, mode: test.mode, original: test.original,
                today: CivilDate(iso: "2024-02-29")!, checks: EvaluationContext.stubs(test.stubs))
            #expect(
                try decoded.validate(test.input, context: context)
                    == spec.program.validate(test.input, context: context),
                "\(test.name)")
        }
    }

    @Test func malformedProgramJSONIsADecodingError() {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Rule.self, from: Data(#"{"lenght": {}}"#.utf8)) }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Scalar.self, from: Data(#"{"text": "a", "integer": 1}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(CivilDate.self, from: Data(#""2023-02-29""#.utf8))
        }
    }

    /// A program whose field numbers point past its fields is refused when read (it stopped the
    /// process, out of range, when its tables were built).
    @Test func aFieldNumberPastTheFieldsIsADecodingError() throws {
        func program(condition: String = "", reads: String = "[]", rule: String = "", formRule: String = "") -> Data {
            let rules =
                rule.isEmpty
                ? "[]" : #"[{"name":"r","message":{},"requirement":{},"severity":"error","rule":"# + rule + "}]"
            let formRules = formRule.isEmpty ? "[]" : #"[{"name":"f","message":{},"kind":"# + formRule + "}]"
            let field =
                #"{"name":"a","label":"A","type":"text","required":false,"requiredMessage":{},"typeMessage":{},"#
                + #""trim":false,"reportsFirstOnly":false,"options":[],"choiceMessage":{},"#
                + #""rules":"# + rules + #","reads":"# + reads + condition + "}"
            return Data(
                (#"{"form":"f","locale":"en","unknownFieldMessage":{},"formRules":"# + formRules
                    + #","fields":["# + field + "]}").utf8)
        }
        #expect(try JSONDecoder().decode(Program.self, from: program()).form == "f")
        #expect(
            try JSONDecoder().decode(
                Program.self, from: program(rule: #"{"field_comparison":{"other":0,"negated":true}}"#)
            ).form == "f")
        let damaged = [
            program(condition: #","condition":{"field":7,"equals":{"text":"x"}}"#),
            program(reads: "[1]"),
            program(reads: "[-1]"),
            program(rule: #"{"field_comparison":{"other":3,"negated":true}}"#),
            program(
                rule: #"{"range":{"comparison":"min","operand":{"field_offset":{"field":2,"offset":{"integer":1}}}}}"#
            ),
            program(rule: #"{"not_contains_field":{"other":5}}"#),
            program(formRule: #"{"at_least_one_of":[0,4]}"#),
        ]
        for data in damaged {
            #expect(throws: DecodingError.self, "\(String(decoding: data, as: UTF8.self))") {
                try JSONDecoder().decode(Program.self, from: data)
            }
        }
    }
}
