// swift-tools-version: 6.0
// libFuzzer targets for FormSpec. A package of its own, so that fuzz builds (instrumented, with
// sanitizers, in their own scratch path) never slow down or change the main package's build.
// Build and run them with `Fuzz/run.sh`; see Fuzz/README.md.
import PackageDescription

// The repository, through the `FormSpecRoot` link to `..`: a dependency by path is named after the
// last component of its path, and the checkout's own folder name could be anything (even `fuzz`).
let formSpec = Target.Dependency.product(name: "FormSpec", package: "FormSpecRoot")

// No top-level code: each target's entry point is `<Target>_main` (what SwiftPM links as `main`),
// which hands `LLVMFuzzerTestOneInput` to libFuzzer's driver.
let fuzzTarget: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "FormSpecFuzz",
    dependencies: [.package(path: "FormSpecRoot")],
    targets: [
        // What the targets share: in-memory spec files, the fixed specs, deterministic checks.
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer", formSpec]),
        .target(name: "CLibFuzzer"),
        // YAML loader + compiler + spec tests: bytes -> check.
        .executableTarget(name: "FuzzSpec", dependencies: ["FuzzSupport", formSpec], swiftSettings: fuzzTarget),
        // JSON reader + evaluator: a fixed set of compiled specs x bytes as input.
        .executableTarget(name: "FuzzInput", dependencies: ["FuzzSupport", formSpec], swiftSettings: fuzzTarget),
        // The language server: a client's byte stream (frames, garbage) -> handled messages.
        .executableTarget(
            name: "FuzzLSP",
            dependencies: [
                "FuzzSupport", formSpec, .product(name: "FormSpecLanguageServer", package: "FormSpecRoot"),
            ], swiftSettings: fuzzTarget),
        // Pattern parser + matcher (FormSpec's engine): pattern and subjects split from one input.
        .executableTarget(
            name: "FuzzPattern", dependencies: ["FuzzSupport", "FuzzedPattern"], swiftSettings: fuzzTarget),
        // FormSpec's pattern engine, built from the repository's sources under another module name:
        // the root package does not export it as a product.
        // Built with testing enabled so the target can also run the PikeVM on every subject and
        // compare: the DFA and byte-search fast paths must agree with it.
        .target(
            name: "FuzzedPattern", path: "FormSpecRoot/Sources/FormSpecPattern",
            swiftSettings: [.unsafeFlags(["-enable-testing"])]),
    ],
    swiftLanguageModes: [.v6]
)
