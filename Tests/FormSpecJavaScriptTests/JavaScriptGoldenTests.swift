import FormSpec
import FormSpecCLISupport
import FormSpecTestSupport
import Foundation
import Testing

/// The emitted module the example page (`Examples/web/`) loads is committed, so the page works
/// from a fresh clone; it must be what `formspec compile Examples/web/signup.form.yaml --emit js -o
/// Examples/web` writes today. `FORMSPEC_RECORD=1` rewrites it.
@Suite("JavaScript goldens")
struct JavaScriptGoldenTests {
    @Test("Examples/web holds the current module and declarations of Examples/web/signup.form.yaml")
    func webExampleModuleIsFresh() throws {
        let spec = try #require(JavaScriptCases.compile("Examples/web/signup.form.yaml"))
        for file in try JavaScriptEmitter.files(program: spec.program, specPath: "Examples/web/signup.form.yaml") {
            let path = "Examples/web/" + file.name
            if ProcessInfo.processInfo.environment["FORMSPEC_RECORD"] != nil {
                try file.contents.write(toFile: Repository.path(path), atomically: true, encoding: .utf8)
                continue
            }
            let committed = try? Repository.read(path)
            #expect(
                committed == file.contents,
                "\(path) is stale: run FORMSPEC_RECORD=1 swift test --filter JavaScriptGolden")
        }
    }

    /// The nested form's declarations that `Examples/web/test/typecheck.mjs` checks with tsc: its
    /// groups and lists, and every nested field by its path too (`"address.street"`,
    /// `` [path: `line_items.${number}.sku`] ``).
    @Test("Examples/web/test/nested holds the current declarations of Specs/order.form.yaml")
    func nestedDeclarationsAreFresh() throws {
        let spec = try #require(JavaScriptCases.compile("Specs/order.form.yaml"))
        let path = "Examples/web/test/nested/order.d.ts"
        let declarations = try #require(
            try JavaScriptEmitter.files(program: spec.program, specPath: "Specs/order.form.yaml")
                .first { $0.name.hasSuffix(".d.ts") })
        if ProcessInfo.processInfo.environment["FORMSPEC_RECORD"] != nil {
            try declarations.contents.write(toFile: Repository.path(path), atomically: true, encoding: .utf8)
            return
        }
        let committed = try? Repository.read(path)
        #expect(
            committed == declarations.contents,
            "\(path) is stale: run FORMSPEC_RECORD=1 swift test --filter JavaScriptGolden")
        #expect(declarations.contents.contains(#""address.street"?: string | null;"#))
        #expect(declarations.contents.contains("[path: `line_items.${number}.sku`]: string | null | undefined;"))
    }
}
