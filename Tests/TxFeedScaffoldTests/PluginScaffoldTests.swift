import Foundation
import TxFeedModel
import TxFeedPluginHost
import TxFeedTestSupport
import XCTest

@testable import TxFeedScaffold

/// What `txfeed plugins new` writes (building and running it: PluginAuthoringEndToEndTests).
final class PluginScaffoldTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    func testNamesAreWhatLibNAMEDotSoCanCarry() throws {
        for good in ["a", "my-bank", "0day", "bank2-export-", String(repeating: "x", count: 64)] {
            XCTAssertNoThrow(try PluginScaffold.validate(name: good), good)
        }
        for bad in [
            "", "-lead", "My", "under_score", "dot.name", "sla/sh", "spa ce", "é", String(repeating: "x", count: 65),
        ] {
            XCTAssertThrowsError(try PluginScaffold.validate(name: bad), bad) { error in
                XCTAssertTrue("\(error)".contains("lower-case letters, digits and '-'"), "\(error)")
            }
        }
    }

    func testSwiftModuleNamesAreIdentifiers() throws {
        XCTAssertEqual(try PluginScaffold(name: "my-bank", language: .swift).moduleName, "MyBankPlugin")
        XCTAssertEqual(try PluginScaffold(name: "bank", language: .swift).moduleName, "BankPlugin")
        XCTAssertEqual(try PluginScaffold(name: "2fa-feed", language: .swift).moduleName, "TxFeed2faFeedPlugin")
        XCTAssertEqual(try PluginScaffold(name: "a--b-", language: .swift).moduleName, "ABPlugin")
    }

    func testEveryVariantHasItsFilesWithTheNameFilledIn() throws {
        for language in PluginScaffold.Language.allCases {
            for kind in [PluginKind.source, .sink] {
                let scaffold = try PluginScaffold(name: "my-bank", language: language, kind: kind)
                let paths = scaffold.files.map(\.path)
                switch language {
                case .c:
                    XCTAssertEqual(paths, ["my-bank.c", "txfeed_plugin.h", "Makefile", ".gitignore"])
                case .swift:
                    XCTAssertEqual(
                        paths,
                        [
                            "Package.swift", "Sources/TxFeedPluginABI/include/txfeed_plugin.h",
                            "Sources/TxFeedPluginABI/txfeed_plugin.c", "Sources/MyBankPlugin/my-bank.swift",
                            ".gitignore",
                        ])
                }
                for file in scaffold.files {
                    XCTAssertFalse(
                        file.contents.contains("__NAME__") || file.contents.contains("__MODULE__"),
                        "\(language) \(kind) \(file.path)")
                    if file.path.hasSuffix("txfeed_plugin.h") { XCTAssertEqual(file.contents, PluginHeader.text) }
                }
                let code = scaffold.files.first {
                    $0.path.hasSuffix(".c") && $0.path != "Sources/TxFeedPluginABI/txfeed_plugin.c"
                        || $0.path.hasSuffix(".swift") && $0.path != "Package.swift"
                }!
                XCTAssertTrue(
                    code.contents.contains(kind == .source ? "TXFEED_KIND_SOURCE" : "TXFEED_KIND_SINK"), code.path)
                XCTAssertTrue(code.contents.contains("\"my-bank\""), code.path)
            }
        }
    }

    func testWritesAFolderAndRefusesOneThatIsNotEmpty() throws {
        let scaffold = try PluginScaffold(name: "my-bank")
        // An empty folder is fine.
        try FileManager.default.createDirectory(atPath: folder.path + "/my-bank", withIntermediateDirectories: false)
        XCTAssertEqual(try scaffold.write(into: folder.path), folder.path + "/my-bank")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.path + "/my-bank").sorted(),
            [".gitignore", "Makefile", "my-bank.c", "txfeed_plugin.h"])
        XCTAssertThrowsError(try scaffold.write(into: folder.path)) { error in
            XCTAssertTrue(error is UsageError, "\(error)")
            XCTAssertTrue("\(error)".contains("exists and is not empty"), "\(error)")
        }
        try folder.write("file-bank", "")
        XCTAssertThrowsError(try PluginScaffold(name: "file-bank").write(into: folder.path + "/")) { error in
            XCTAssertTrue("\(error)".contains("is not a folder"), "\(error)")
        }
    }

    func testTheMakefileBuildsLibNAMEFirst() throws {
        let makefile = try PluginScaffold(name: "my-bank").files.first { $0.path == "Makefile" }!.contents
        let firstTarget = makefile.split(separator: "\n").first {
            !$0.hasPrefix("#") && !$0.hasPrefix("\t") && $0.contains(":") && !$0.contains(":=") && !$0.contains("?=")
        }
        XCTAssertEqual(firstTarget, "lib$(NAME).so: $(NAME).c txfeed_plugin.h")
        XCTAssertTrue(makefile.contains("NAME    := my-bank"))
        XCTAssertTrue(makefile.contains("pkg-config --cflags --libs jansson"))
        XCTAssertTrue(makefile.contains("-shared -fPIC"))
    }
}
