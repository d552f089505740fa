// swift-tools-version:6.0
import PackageDescription

// The pipeline's stages are targets, in the order a transaction passes through them:
//
//   TxFeedModel → TxFeedPluginHost → TxFeedDecoding → TxFeedPipeline → TxFeedState → TxFeedOutput
//     → TxFeedRun → txfeed
//
// A target imports only stages before it, so the order is a compile-time fact.
// docs/ARCHITECTURE.md walks one transaction through them.

// MARK: - Products

let products: [Product] = [
    .executable(name: "txfeed", targets: ["txfeed"]),
    // Shipped plugins: each a shared library loaded with dlopen (libNAME.so).
    .library(name: "fixture", type: .dynamic, targets: ["FixtureSource"]),
    .library(name: "http", type: .dynamic, targets: ["HTTPSource"]),
    .library(name: "random-users", type: .dynamic, targets: ["RandomUsersSource"]),
    .library(name: "csv", type: .dynamic, targets: ["CSVSource"]),
    .library(name: "qif", type: .dynamic, targets: ["QIFSource"]),
    .library(name: "ofx", type: .dynamic, targets: ["OFXSource"]),
    .library(name: "camt", type: .dynamic, targets: ["CAMTSource"]),
    .library(name: "mt940", type: .dynamic, targets: ["MT940Source"]),
]

// MARK: - Dependencies

let dependencies: [Package.Dependency] = [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // TOML for rules files (docs/RULES.md says why TOML): toml++ underneath, errors with a line.
    .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0"),
]

// MARK: - C shims

let shims: [Target] = [
    // The whole plugin contract: one C header, shared by the host and every plugin.
    .target(name: "TxFeedPluginABI", path: "Sources/TxFeedPluginABI"),
    // jansson, the JSON parser, as a system library.
    .systemLibrary(
        name: "CJansson",
        path: "Sources/CJansson",
        pkgConfig: "jansson",
        providers: [.apt(["libjansson-dev"])]
    ),
    // libxml2's streaming reader, for ISO 20022 CAMT statements.
    .systemLibrary(
        name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
    // libcurl, for the http source: its callbacks stop a transfer the moment a limit is crossed.
    .systemLibrary(
        name: "CCurl", path: "Sources/CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
    // SQLite 3: the state file (--state) and the sqlite sink.
    .systemLibrary(
        name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
    // libxlsxwriter: the xlsx sink's workbook, written in constant memory.
    .systemLibrary(
        name: "CXLSXWriter", path: "Sources/CXLSXWriter", pkgConfig: "xlsxwriter",
        providers: [.apt(["libxlsxwriter-dev"])]),
    // libcrypto's SHA-256, for the digest of every input file under --state: with the CPU's SHA
    // instructions where it has them, five times a portable implementation's speed.
    .systemLibrary(
        name: "CCrypto", path: "Sources/CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
    // SQLite as Swift: a connection, prepared statements, errors naming the file.
    .target(name: "TxFeedSQLite", dependencies: ["CSQLite"]),
    // iconv, part of glibc: bank files in windows-1252, ISO 8859 and UTF-16 become UTF-8.
    .systemLibrary(name: "CIconv", path: "Sources/CIconv"),
    // pipe2, close_range, setrlimit, PR_SET_CHILD_SUBREAPER and pthread_atfork for the plugin host
    // child (TxFeedPipeline/Isolation).
    .target(name: "CProcess", path: "Sources/CProcess"),
    // SIGQUIT held from before the libraries start until main (txfeed only): Swift's crash
    // reporter, which lets a run go on, never takes it.
    .target(name: "CStartup", path: "Sources/CStartup"),
    // Cache hints: a prefetch (`Array.prefetch(at:)`, for the merge's identity tables and a sink
    // reading a million accounts' cells); a read only from the page cache, which tells routing
    // whether a folder is cold.
    .systemLibrary(name: "CPrefetch", path: "Sources/CPrefetch"),
]

// MARK: - Stages

let stages: [Target] = [
    // Transactions, exact money, dates, vendors, accounts, rejects, errors; the merge.
    .target(name: "TxFeedModel", dependencies: ["CPrefetch"]),
    // dlopen, descriptors, the C callbacks and sink records: every call into a plugin.
    .target(name: "TxFeedPluginHost", dependencies: ["TxFeedModel", "TxFeedPluginABI", "CPrefetch"]),
    // JSON text and jansson documents into transactions and rejects: the core's only jansson user.
    .target(name: "TxFeedDecoding", dependencies: ["TxFeedModel", "CJansson"]),
    // Running sources up to the barrier: on threads (up to 64 at once) or in plugin host children
    // (the pool, the wire of compact records), the collectors, timeout, cancel and abandon.
    .target(
        name: "TxFeedPipeline", dependencies: ["TxFeedModel", "TxFeedPluginHost", "TxFeedDecoding", "CProcess"]),
    // What earlier runs imported (--state): the merged feed less what was seen, then the batch.
    .target(name: "TxFeedState", dependencies: ["TxFeedModel", "TxFeedSQLite", "CCrypto"]),
    // Colours, dates and amounts as shown; the sinks; the terminal.
    .target(
        name: "TxFeedOutput",
        dependencies: [
            "TxFeedModel", "TxFeedPluginHost", "TxFeedPipeline", "TxFeedSQLite", "CXLSXWriter",
        ]),
    // Rules files (TOML) and the engine that gives the merged feed categories, clean payees, tags.
    .target(name: "TxFeedRules", dependencies: ["TxFeedModel", .product(name: "TOMLKit", package: "TOMLKit")]),
    // The plan (flags and config file), the runner, watch, and `plugins check`.
    .target(
        name: "TxFeedRun",
        dependencies: [
            "TxFeedModel", "TxFeedPluginHost", "TxFeedDecoding", "TxFeedPipeline", "TxFeedState",
            "TxFeedOutput", "TxFeedRules",
        ]
    ),
    // `plugins new`, `plugins cflags`, `plugins header`: the header built into the binary.
    .target(
        name: "TxFeedScaffold", dependencies: ["TxFeedModel", "TxFeedPluginHost", "TxFeedOutput"],
        // The plugin header itself (a link to TxFeedPluginABI's), compiled into the binary.
        resources: [.embedInCode("Resources/txfeed_plugin.h")]),
    // The command line: parses, owns the process (signals, exit), maps results to exit statuses.
    .executableTarget(
        name: "txfeed",
        dependencies: [
            "TxFeedRun", "TxFeedScaffold", "TxFeedOutput", "TxFeedPluginHost", "TxFeedModel", "TxFeedState",
            "TxFeedPipeline", "TxFeedRules", "CStartup",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]
    ),
]

// MARK: - Plugins (depend only on the ABI header and jansson; http on libcurl too)

let plugins: [Target] = [
    .target(name: "FixtureSource", dependencies: ["TxFeedPluginABI", "CJansson"], path: "Plugins/Fixture"),
    .target(name: "HTTPSource", dependencies: ["TxFeedPluginABI", "CJansson", "CCurl"], path: "Plugins/HTTP"),
    // Written in C: it generates a million transactions in a fraction of the host's parse time.
    .target(name: "RandomUsersSource", dependencies: ["TxFeedPluginABI", "CJansson"], path: "Plugins/RandomUsers"),
    // What every file-reading source plugin shares: its descriptor, options and rules files, the
    // file read whole or in pieces (never mapped), entries handed to the host. Linked into each
    // such plugin (a few KiB each).
    .target(
        name: "SourceKit", dependencies: ["TxFeedPluginABI", "CJansson", "StatementText"], path: "Plugins/SourceKit"),
    // What every statement reader needs of text: UTF-8 checked fast, windows-1252 decoded, the
    // `encoding` option read through iconv, the layout of the report `txfeed sniff` prints;
    // exact amounts, currencies' decimals, the calendar (which days exist) and the balance check
    // (opening + entries = closing) of camt and mt940.
    .target(name: "StatementText", dependencies: ["CIconv"], path: "Plugins/StatementText"),
    // Bank CSV exports read as they come. The cells (amounts, dates) and the reading (text,
    // dialect, columns) are plain Swift targets linked into libcsv.so alone, so tests reach them.
    .target(name: "CSVCells", dependencies: ["StatementText"], path: "Plugins/CSV/Cells"),
    .target(name: "CSVReading", dependencies: ["CSVCells", "StatementText"], path: "Plugins/CSV/Reading"),
    .target(
        name: "CSVSource", dependencies: ["TxFeedPluginABI", "CJansson", "SourceKit", "StatementText", "CSVReading"],
        path: "Plugins/CSV/Plugin"),
    // Quicken QIF files: the reading is plain Swift on the csv plugin's cells (dates, amounts),
    // the plugin its thin edge.
    .target(name: "QIFReading", dependencies: ["CSVCells", "StatementText"], path: "Plugins/QIF/Reading"),
    .target(
        name: "QIFSource", dependencies: ["TxFeedPluginABI", "SourceKit", "StatementText", "QIFReading"],
        path: "Plugins/QIF/Plugin"),
    // OFX 1.x SGML, OFX 2.x XML and QFX statements, streamed through libxml2's reader (an SGML
    // body is made XML on the way); docs/OFX.md says why not LibOFX.
    .target(name: "OFXReading", dependencies: ["CLibXML2", "StatementText"], path: "Plugins/OFX/Reading"),
    .target(
        name: "OFXSource", dependencies: ["TxFeedPluginABI", "SourceKit", "OFXReading"],
        path: "Plugins/OFX/Plugin"),
    // ISO 20022 camt.053 (also .052 and .054) statements, streamed with libxml2's reader; the
    // reading is a plain target linked into libcamt.so alone, so tests reach it.
    .target(name: "CAMTReading", dependencies: ["CLibXML2", "StatementText"], path: "Plugins/CAMT/Reading"),
    .target(
        name: "CAMTSource", dependencies: ["TxFeedPluginABI", "SourceKit", "StatementText", "CAMTReading"],
        path: "Plugins/CAMT/Plugin"),
    // SWIFT MT940 statements and MT942 interim reports, streamed a line at a time; the reading
    // is plain Swift on the csv plugin's amounts and StatementText's balance check.
    .target(name: "MT940Reading", dependencies: ["CSVCells", "StatementText"], path: "Plugins/MT940/Reading"),
    .target(
        name: "MT940Source",
        dependencies: ["TxFeedPluginABI", "SourceKit", "StatementText", "MT940Reading"],
        path: "Plugins/MT940/Plugin"),
]

// MARK: - Tests (one target per stage; end-to-end tests use the built CLI and .so files)

let tests: [Target] = [
    .target(name: "TxFeedTestSupport", dependencies: ["TxFeedModel"], path: "Tests/TxFeedTestSupport"),
    // StatementText too: the plugins' list of currency codes is compared with the host's.
    .testTarget(name: "TxFeedModelTests", dependencies: ["TxFeedModel", "TxFeedTestSupport", "StatementText"]),
    .testTarget(
        name: "TxFeedPluginHostTests", dependencies: ["TxFeedPluginHost", "TxFeedPluginABI", "TxFeedTestSupport"]),
    .testTarget(name: "TxFeedDecodingTests", dependencies: ["TxFeedDecoding", "TxFeedTestSupport", "CJansson"]),
    .testTarget(name: "TxFeedPipelineTests", dependencies: ["TxFeedPipeline", "TxFeedTestSupport"]),
    .testTarget(
        name: "TxFeedOutputTests",
        dependencies: ["TxFeedOutput", "TxFeedDecoding", "TxFeedSQLite", "TxFeedTestSupport", "CJansson"]),
    .testTarget(name: "TxFeedStateTests", dependencies: ["TxFeedState", "TxFeedTestSupport"]),
    .testTarget(name: "TxFeedRulesTests", dependencies: ["TxFeedRules", "TxFeedTestSupport"]),
    .testTarget(name: "TxFeedRunTests", dependencies: ["TxFeedRun", "TxFeedTestSupport"]),
    .testTarget(name: "TxFeedScaffoldTests", dependencies: ["TxFeedScaffold", "TxFeedTestSupport"]),
    // The csv plugin's reading code, without the plugin: never the plugin target itself.
    .testTarget(name: "CSVCellsTests", dependencies: ["CSVCells"]),
    .testTarget(name: "CSVReadingTests", dependencies: ["CSVReading", "CSVCells"]),
    .testTarget(name: "QIFReadingTests", dependencies: ["QIFReading", "CSVCells"]),
    // The ofx plugin's reading code, without the plugin.
    .testTarget(name: "OFXReadingTests", dependencies: ["OFXReading"]),
    .testTarget(name: "CAMTReadingTests", dependencies: ["CAMTReading", "StatementText"]),
    .testTarget(name: "MT940ReadingTests", dependencies: ["MT940Reading", "StatementText"]),
    // The built CLI and the built plugin .so files, for real: a test target never depends on a
    // plugin target (its entry symbol would clash, and a static copy would sit beside the loaded one).
    .testTarget(name: "TxFeedEndToEndTests", dependencies: ["TxFeedTestSupport"]),
    // The command line run in the test's own process: `TxFeedCommand.execute`, streams captured.
    .testTarget(name: "txfeedTests", dependencies: ["txfeed", "TxFeedTestSupport", "TxFeedPipeline"]),
]

let package = Package(
    name: "txfeed",
    products: products,
    dependencies: dependencies,
    targets: shims + stages + plugins + tests,
    swiftLanguageModes: [.v6]
)
