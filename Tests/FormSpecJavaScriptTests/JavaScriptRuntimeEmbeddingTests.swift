import FormSpecRuntime
import FormSpecTestSupport
import Foundation
import Testing

@testable import FormSpecCLISupport

/// `JavaScriptRuntime.swift` embeds the files of `Sources/FormSpecCLISupport/JavaScript/runtime/`
/// as one minified script (esbuild: whitespace, comments and internal names; about half the size
/// after gzip), with a digest of the files it was made from and the module's static declarations.
/// `FORMSPEC_RECORD=1` rewrites it (that needs `esbuild`, Debian's package); the check only
/// compares digests, so `swift test` does not.
///
/// The script is kept in pieces: code after a `/*! @feature NAME */` comment in a runtime file (up
/// to the file's end or the next such comment) is feature NAME's, which the emitter leaves out of a
/// module whose program does not use it. The pieces are minified together, so they share one set
/// of shortened names, and cut apart at the comments, which esbuild keeps in place.
@Suite("JavaScript runtime embedding")
struct JavaScriptRuntimeEmbeddingTests {
    static let folder = "Sources/FormSpecCLISupport/JavaScript/runtime"
    static let generated = "Sources/FormSpecCLISupport/JavaScriptRuntime.swift"
    static let declarationsFile = "Sources/FormSpecCLISupport/JavaScript/declarations.d.ts"

    /// The runtime files concatenated in order, each after a marker comment with its name (which
    /// ends the feature piece before it).
    static func runtimeSource() throws -> String {
        try Repository.files(under: folder, endingWith: [".js"]).map { path in
            var text = try Repository.read(path)
            if !text.hasSuffix("\n") { text += "\n" }
            return "/*! @file \(URL(fileURLWithPath: path).lastPathComponent) */\n" + text
        }.joined()
    }

    /// The minified runtime cut at its marker comments: `(feature, code)`, the feature nil for code
    /// every module carries (consecutive such pieces joined), the markers dropped.
    static func pieces(_ minified: String) -> [(feature: String?, source: String)] {
        let marker = #/\/\*! @(file|feature) ([A-Za-z0-9._-]+) \*\/\n?/#
        var pieces: [(feature: String?, source: String)] = []
        var feature: String?
        var rest = Substring(minified)
        while true {
            let match = rest.firstMatch(of: marker)
            let code = String(rest[..<(match?.range.lowerBound ?? rest.endIndex)])
            if feature == nil, let last = pieces.last, last.feature == nil {
                pieces[pieces.count - 1].source += code
            } else if !code.isEmpty || feature != nil {
                pieces.append((feature, code))
            }
            guard let match else { break }
            feature = match.output.1 == "feature" ? String(match.output.2) : nil
            rest = rest[match.range.upperBound...]
        }
        return pieces
    }

    /// FNV-1a (64 bits) of the runtime and the declarations: what tells a stale embedding.
    static func digest(runtime: String, declarations: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in (runtime + "\u{0}" + declarations).utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    /// The runtime minified by esbuild as an ES module (internal names shortened; `PROGRAM`, which
    /// the emitter declares before it, and the exports are kept).
    static func minified(_ source: String) throws -> String {
        let esbuild = try #require(
            PathExecutable.named("esbuild"), "FORMSPEC_RECORD needs esbuild (apt-get install esbuild)")
        let output = try Subprocess.run(
            esbuild, ["--minify", "--format=esm", "--target=es2022", "--legal-comments=inline", "--log-level=warning"],
            in: Repository.root, input: .text(source))
        guard output.status == 0, output.stderr.isEmpty else {
            throw NodeRunner.NodeFailure(description: "esbuild: \(output.stderr)")
        }
        return output.stdout
    }

    /// The Swift file embedding the runtime's minified `pieces` and the declarations.
    static func embeddingSource(
        pieces: [(feature: String?, source: String)], digest: String, declarations: String
    ) -> String {
        """
        // swift-format-ignore-file
        // Generated from JavaScript/runtime/ and JavaScript/declarations.d.ts by
        // `FORMSPEC_RECORD=1 swift test --filter JavaScriptRuntimeEmbedding` (needs esbuild). Do not edit.

        /// The JavaScript every emitted module carries: the files of `JavaScript/runtime/`, in order,
        /// minified; and the declarations that follow each form's own types in its `.d.ts`.
        enum JavaScriptRuntime {
            /// FNV-1a of the files this was made from (the embedding test compares it).
            static let digest = "\(digest)"

            /// The runtime, one ES module body that reads `PROGRAM`, in pieces: a piece with a feature
            /// is code only a program using that feature runs (`source(features:)`).
            static let pieces: [(feature: String?, source: String)] = [
        \(entries(pieces))    ]

            /// The module's declarations after the form's own types (`JavaScript/declarations.d.ts`).
            static let declarations = \(literal(declarations))
        }

        """
    }

    /// The array elements of `pieces`, one a line: `(feature or nil, literal),`.
    static func entries(_ pieces: [(feature: String?, source: String)]) -> String {
        pieces.map { piece in
            "        (\(piece.feature.map { "\"\($0)\"" } ?? "nil"), \(literal(piece.source))),\n"
        }.joined()
    }

    /// A raw multi-line Swift string literal holding `text` exactly.
    static func literal(_ text: String) -> String {
        let delimiter = SwiftSourceEmitter.rawDelimiter(for: text)
        return delimiter + "\"\"\"\n" + text + "\n\"\"\"" + delimiter
    }

    @Test("the embedded runtime is made from the runtime folder's files as they are")
    func embeddedRuntimeIsFresh() throws {
        let runtime = try Self.runtimeSource()
        let declarations = try Repository.read(Self.declarationsFile)
        let digest = Self.digest(runtime: runtime, declarations: declarations)
        if ProcessInfo.processInfo.environment["FORMSPEC_RECORD"] != nil {
            let source = Self.embeddingSource(
                pieces: Self.pieces(try Self.minified(runtime)), digest: digest, declarations: declarations)
            try source.write(toFile: Repository.path(Self.generated), atomically: true, encoding: .utf8)
            return
        }
        #expect(
            JavaScriptRuntime.digest == digest,
            "stale: run FORMSPEC_RECORD=1 swift test --filter JavaScriptRuntimeEmbedding, then build again")
    }

    /// The minified runtime, with every feature and with none, is a module body that parses,
    /// declares no `PROGRAM` of its own, and neither imports, fetches nor evaluates anything.
    @Test func theEmbeddedRuntimeParses() throws {
        let folder = try NodeRunner.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let every = Set(JavaScriptRuntime.pieces.compactMap(\.feature))
        #expect(!every.isEmpty)
        for features in [every, []] {
            let source = JavaScriptRuntime.source(features: features)
            let module = folder.appendingPathComponent("module.mjs")
            try Data(("const PROGRAM = {};\n" + source).utf8).write(to: module)
            let output = try NodeRunner.run(["--check", module.path])
            #expect(output.status == 0, "\(output.stderr)")
            #expect(!source.contains("PROGRAM="))
            #expect(!source.contains("/*!"), "a marker comment is left in")
            // Self-contained and CSP-safe: nothing imported or fetched, no code made from text.
            let banned = [
                "eval(", "Function(", "import(", "import ", "import{", "require(", "fetch(", "XMLHttpRequest",
            ]
            for text in banned {
                #expect(!source.contains(text), "the runtime uses \(text)")
            }
        }
    }

    /// The `nested` pieces (reading groups and lists, the live form's items, the rules of lists) are
    /// in the module of a form with a group or a list, and left out of a flat form's, like the sign-up
    /// page's: what keeps its module small.
    @Test(
        "a module has the nested runtime exactly when its form has a group or a list",
        arguments: [
            ("Examples/web/signup.form.yaml", false), ("Specs/registration.form.yaml", false),
            ("Specs/address_group.form.yaml", true), ("Specs/pizza.form.yaml", true), ("Specs/order.form.yaml", true),
        ])
    func nestedRuntimeOnlyInNestedModules(spec: String, nested: Bool) throws {
        let pieces = JavaScriptRuntime.pieces.filter { $0.feature == "nested" }.map(\.source)
        #expect(!pieces.isEmpty)
        let program = try #require(JavaScriptCases.compile(spec)).program
        #expect(program.isNested == nested)
        let module = try JavaScriptEmitter.module(program: program, specPath: spec)
        for piece in pieces {
            #expect(module.contains(piece) == nested, "\(spec): \(piece.prefix(60))…")
        }
    }

    /// The formats other than `email` (URLs with their IP addresses, UUIDs, Luhn, E.164) are in
    /// the module of a form whose `format` rules name one, and left out of the others'. (That they
    /// work where they are in is the differential tests' part: every shipped spec's tests run in node.)
    @Test(
        "a module has the formats beside email exactly when a format rule names one",
        arguments: [
            ("Examples/web/signup.form.yaml", false), ("Specs/checkout.form.yaml", false),
            ("Specs/profile_links.form.yaml", true), ("Specs/emergency_contacts.form.yaml", true),
            ("Specs/payment_contact.form.yaml", true),
        ])
    func formatsOnlyWhereNamed(spec: String, included: Bool) throws {
        let pieces = JavaScriptRuntime.pieces.filter { $0.feature == "formats" }.map(\.source)
        #expect(!pieces.isEmpty)
        let program = try #require(JavaScriptCases.compile(spec)).program
        let module = try JavaScriptEmitter.module(program: program, specPath: spec)
        for piece in pieces {
            #expect(module.contains(piece) == included, "\(spec): \(piece.prefix(60))…")
        }
    }
}
