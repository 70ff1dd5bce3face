// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "FormSpec",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .executable(name: "formspec", targets: ["formspec"]),
        .library(name: "FormSpec", targets: ["FormSpec"]),
        .library(name: "FormSpecLive", targets: ["FormSpecLive"]),
        .library(name: "FormSpecRuntime", targets: ["FormSpecRuntime"]),
        // The language server as a library, for tools that embed or replay it (and the fuzz package).
        .library(name: "FormSpecLanguageServer", targets: ["FormSpecLanguageServer"]),
        // Compiles a target's `*.form.yaml` into Swift at build time.
        .plugin(name: "FormSpecPlugin", targets: ["FormSpecPlugin"]),
        // `swift package formspec check|test`.
        .plugin(name: "FormSpecCommand", targets: ["FormSpecCommand"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation` (the DocC catalog in Sources/FormSpec); a plugin only.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // libyaml, found through pkg-config (`yaml-0.1`).
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // Source locations and the one `Diagnostic` type shared by every stage.
        .target(name: "FormSpecDiagnostics"),
        // The only importer of libyaml: YAML text -> nodes with exact marks.
        .target(name: "FormSpecYAML", dependencies: ["CYAML", "FormSpecDiagnostics"]),
        // FormSpec's own ECMAScript pattern engine: parser, IR, automata. No dependencies.
        .target(name: "FormSpecPattern"),
        // Lowered program, evaluator and report. No libyaml, no compiler (Diagnostics for positions).
        .target(name: "FormSpecRuntime", dependencies: ["FormSpecPattern", "FormSpecDiagnostics"]),
        // YAML nodes -> AST -> checked spec -> lowered program.
        .target(
            name: "FormSpecCompiler",
            dependencies: ["FormSpecYAML", "FormSpecDiagnostics", "FormSpecRuntime"]
        ),
        // Embedding without the compiler: `CompiledForm` over a program compiled ahead of time,
        // external checks, `LiveForm` and settings stores. No libyaml.
        .target(name: "FormSpecLive", dependencies: ["FormSpecRuntime", "FormSpecDiagnostics"]),
        // The embedding surface: compile, validate, spec tests, live forms.
        .target(
            name: "FormSpec",
            dependencies: [
                "FormSpecCompiler", "FormSpecRuntime", "FormSpecDiagnostics", "FormSpecYAML", "FormSpecLive",
                "FormSpecSpecTesting",
            ]),
        // The spec-test runner (`formspec test`): apart from the umbrella so the CLI links neither
        // FormSpecLive nor full Foundation (loading Foundation and ICU cost every run ~5 ms).
        .target(
            name: "FormSpecSpecTesting",
            dependencies: ["FormSpecCompiler", "FormSpecRuntime", "FormSpecDiagnostics"]),
        // `formspec lsp`: a Language Server Protocol server over the compiler driver `check` uses.
        .target(
            name: "FormSpecLanguageServer",
            dependencies: [
                "FormSpecCompiler", "FormSpecDiagnostics", "FormSpecRuntime", "FormSpecYAML", "FormSpecCLISupport",
            ]
        ),
        // The command-line tool's support code: file IO, the line reader, the output buffer, the
        // batch validator and the text formatter. Only the `formspec` executable (with its language
        // server) links it, so the embeddable library carries none of it.
        .target(
            name: "FormSpecCLISupport",
            dependencies: ["FormSpecRuntime", "FormSpecDiagnostics", "FormSpecYAML", "FormSpecCompiler"],
            // The JavaScript runtime's sources; JavaScriptRuntime.swift embeds them.
            exclude: ["JavaScript"]
        ),
        .executableTarget(
            name: "formspec",
            dependencies: [
                "FormSpecCompiler", "FormSpecRuntime", "FormSpecDiagnostics", "FormSpecSpecTesting",
                "FormSpecCLISupport", "FormSpecLanguageServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "FormSpecYAMLTests", dependencies: ["FormSpecYAML"]),
        .testTarget(
            name: "FormSpecPatternTests", dependencies: ["FormSpecPattern", "FormSpecTestSupport"],
            resources: [.copy("Corpus")]),
        .testTarget(name: "FormSpecRuntimeTests", dependencies: ["FormSpecRuntime", "FormSpecDiagnostics"]),
        .testTarget(name: "FormSpecCompilerTests", dependencies: ["FormSpec"]),
        // What the CLI, docs and language-server tests share: the repository, the built `formspec`, a
        // child-process runner.
        .target(name: "FormSpecTestSupport", path: "Tests/FormSpecTestSupport"),
        .testTarget(
            name: "FormSpecCLITests",
            dependencies: ["formspec", "FormSpec", "FormSpecCLISupport", "FormSpecTestSupport"],
            exclude: ["Golden"]),
        .testTarget(
            name: "FormSpecLiveTests", dependencies: ["FormSpec"],
            // The spec of the golden Generated/TypedInputForm.swift.
            exclude: ["Generated/typed_input.form.yaml"]),
        // The spec-test runner's verdicts and outputs (`formspec test`), through the library.
        .testTarget(name: "FormSpecSpecTestingTests", dependencies: ["FormSpec", "FormSpecSpecTesting"]),
        // The CLI's support code without a child process: line reader, batch and parallel validator.
        .testTarget(
            name: "FormSpecCLISupportTests", dependencies: ["FormSpec", "FormSpecCLISupport", "FormSpecTestSupport"]),
        // The generated Swift of every shipped spec (goldens, `formspec compile --emit swift`),
        // compiled, with its spec tests run through the typed inputs.
        .testTarget(
            name: "FormSpecTypedFormsTests", dependencies: ["FormSpec", "FormSpecTestSupport"]),
        // The emitted JavaScript module against the Swift runtime, in node.
        .testTarget(
            name: "FormSpecJavaScriptTests",
            dependencies: ["FormSpec", "FormSpecCLISupport", "FormSpecTestSupport"],
            exclude: ["run-cases.mjs", "run-expand.mjs", "run-unicode.mjs", "run-patterns.mjs", "Specs"]),
        .testTarget(
            name: "FormSpecLanguageServerTests",
            dependencies: ["FormSpecLanguageServer", "formspec", "FormSpecTestSupport"]),
        // The documents and the JSON Schema, checked against the real compiler and CLI.
        .testTarget(
            name: "FormSpecDocsTests",
            dependencies: ["formspec", "FormSpec", "FormSpecCompiler", "FormSpecYAML", "FormSpecTestSupport"]),
        .plugin(
            name: "FormSpecPlugin", capability: .buildTool(), dependencies: ["formspec"],
            path: "Sources/FormSpecPlugin"),
        .plugin(
            name: "FormSpecCommand",
            capability: .command(
                intent: .custom(verb: "formspec", description: "Check a package's specs or run their spec tests")),
            dependencies: ["formspec"], path: "Sources/FormSpecCommand"),
        // Links FormSpecLive only: proof that an app can embed forms without the compiler or libyaml.
        .executableTarget(name: "LiveSignupExample", dependencies: ["FormSpecLive"], path: "Examples/LiveSignup"),
        .executableTarget(
            name: "formspec-bench",
            dependencies: [
                "FormSpec", "FormSpecPattern", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
