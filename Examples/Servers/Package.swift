// swift-tools-version: 6.2
// Request validation for Hummingbird 2 and Vapor 4: decode a JSON body, validate it against a
// compiled FormSpec form, answer 422 with the report as `application/problem+json` (RFC 9457), or
// pass the typed input on. A package of its own, so that FormSpec itself never depends on SwiftNIO;
// both adapters share one build (CI builds and tests them in one step).
import PackageDescription

// The repository, through the `FormSpecRoot` link to `../..`: a dependency by path is named after
// the last component of its path, and the checkout's own folder name could be anything.
let formSpec = Target.Dependency.product(name: "FormSpec", package: "FormSpecRoot")

let package = Package(
    name: "FormSpecServers",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "FormSpecHTTP", targets: ["FormSpecHTTP"]),
        .library(name: "FormSpecHummingbird", targets: ["FormSpecHummingbird"]),
        .library(name: "FormSpecVapor", targets: ["FormSpecVapor"]),
    ],
    dependencies: [
        .package(path: "FormSpecRoot"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
        // Both adapters log through it; the tests' shared log handler names it.
        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
    ],
    targets: [
        // What both adapters share, free of any server framework: body -> report -> problem.
        .target(name: "FormSpecHTTP", dependencies: [formSpec]),
        .target(
            name: "FormSpecHummingbird",
            dependencies: ["FormSpecHTTP", .product(name: "Hummingbird", package: "hummingbird")]),
        .target(
            name: "FormSpecVapor", dependencies: ["FormSpecHTTP", .product(name: "Vapor", package: "vapor")]),
        // The example: a sign-up endpoint whose form FormSpecPlugin compiles at build time.
        .executableTarget(
            name: "SignupServer",
            dependencies: [
                "FormSpecHummingbird", .product(name: "FormSpecLive", package: "FormSpecRoot"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            plugins: [.plugin(name: "FormSpecPlugin", package: "FormSpecRoot")]),
        // What both adapters' tests share: their forms, typed inputs and a log handler.
        .target(
            name: "ServerTestSupport", dependencies: [.product(name: "Logging", package: "swift-log")],
            path: "Tests/ServerTestSupport"),
        .testTarget(
            name: "FormSpecHummingbirdTests",
            dependencies: [
                "FormSpecHummingbird", "ServerTestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]),
        .testTarget(
            name: "FormSpecVaporTests",
            dependencies: [
                "FormSpecVapor", "ServerTestSupport", .product(name: "VaporTesting", package: "vapor"),
            ]),
    ]
)
