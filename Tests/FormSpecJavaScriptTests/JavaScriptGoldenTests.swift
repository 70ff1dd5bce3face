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
            try expectCommitted(file.contents, at: "Examples/web/" + file.name)
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
        try expectCommitted(declarations.contents, at: path)
        #expect(declarations.contents.contains(#""address.street"?: string | null | undefined;"#))
        #expect(declarations.contents.contains("[path: `line_items.${number}.sku`]: string | null | undefined;"))
    }

    /// Expects the file at `path` (from the repository's root) to hold `contents`; with
    /// `FORMSPEC_RECORD=1`, writes them there instead.
    private func expectCommitted(_ contents: String, at path: String) throws {
        if ProcessInfo.processInfo.environment["FORMSPEC_RECORD"] != nil {
            try contents.write(toFile: Repository.path(path), atomically: true, encoding: .utf8)
            return
        }
        #expect(
            (try? Repository.read(path)) == contents,
            "\(path) is stale: run FORMSPEC_RECORD=1 swift test --filter JavaScriptGolden")
    }
}
