// swift-tools-version:6.0
import PackageDescription

// MARK: - Products

let products: [Product] = [
    .executable(name: "txfeed", targets: ["txfeed"]),
    .library(name: "TxFeed", targets: ["TxFeed"]),
    // Shipped plugins: each a shared library loaded with dlopen (libNAME.so).
    .library(name: "fixture", type: .dynamic, targets: ["FixtureSource"]),
    .library(name: "http", type: .dynamic, targets: ["HTTPSource"]),
    .library(name: "random-users", type: .dynamic, targets: ["RandomUsersSource"]),
]

// MARK: - Dependencies

let dependencies: [Package.Dependency] = [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
]

// MARK: - Targets

let targets: [Target] = [
    // The whole plugin contract: one C header, shared by the host and every plugin.
    .target(name: "TxFeedPluginABI", path: "Sources/TxFeedPluginABI"),
    // jansson, the JSON parser, as a system library.
    .systemLibrary(
        name: "CJansson",
        path: "Sources/CJansson",
        pkgConfig: "jansson",
        providers: [.apt(["libjansson-dev"])]
    ),
    // The pipeline core: plugin host, barrier pipeline, decoding, feed, presentation, sinks.
    .target(name: "TxFeed", dependencies: ["TxFeedPluginABI", "CJansson"]),
    // The command-line interface; it only wires the core together.
    .executableTarget(
        name: "txfeed",
        dependencies: ["TxFeed", .product(name: "ArgumentParser", package: "swift-argument-parser")]
    ),

    // MARK: Plugins (depend only on the ABI header and jansson)

    .target(name: "FixtureSource", dependencies: ["TxFeedPluginABI", "CJansson"], path: "Plugins/Fixture"),
    .target(name: "HTTPSource", dependencies: ["TxFeedPluginABI", "CJansson"], path: "Plugins/HTTP"),
    // Written in C: it generates a million transactions in a fraction of the host's parse time.
    .target(name: "RandomUsersSource", dependencies: ["TxFeedPluginABI", "CJansson"], path: "Plugins/RandomUsers"),

    // MARK: Tests

    .target(name: "TxFeedTestSupport", dependencies: ["TxFeed"], path: "Tests/TxFeedTestSupport"),
    .testTarget(name: "TxFeedTests", dependencies: ["TxFeed", "TxFeedTestSupport", "CJansson"]),
    // The built CLI and the built plugin .so files, for real (never a dependency on a plugin target).
    .testTarget(name: "TxFeedEndToEndTests", dependencies: ["TxFeedTestSupport"]),
]

let package = Package(
    name: "txfeed",
    products: products,
    dependencies: dependencies,
    targets: targets,
    swiftLanguageModes: [.v6]
)
