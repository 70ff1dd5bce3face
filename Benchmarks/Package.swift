// swift-tools-version: 6.1
// FormSpec's micro-benchmarks (ordo-one/package-benchmark), in a package of their own so that
// building FormSpec never builds the benchmark framework. From this folder:
//
//     swift package benchmark                       # every benchmark, wall clock and mallocs
//     swift package benchmark --filter "Batch.*"    # one group
import PackageDescription

let package = Package(
    name: "FormSpecBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "FormSpec", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "FormSpecBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "FormSpec", package: "FormSpec"),
                .product(name: "FormSpecLive", package: "FormSpec"),
            ],
            path: "Benchmarks/FormSpecBenchmarks",
            // FormSpecPlugin turns signup-bench.form.yaml (a link to the bench spec) into the typed
            // `SignupBenchForm`, whose generated `validate` is measured against `Program.validate`.
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
                .plugin(name: "FormSpecPlugin", package: "FormSpec"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
