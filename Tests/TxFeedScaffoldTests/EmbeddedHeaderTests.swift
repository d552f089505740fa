import Foundation
import TxFeedModel
import TxFeedPluginHost
import TxFeedTestSupport
import XCTest

@testable import TxFeedScaffold

/// The header built into the binary (`plugins cflags`, `plugins new`) is the header under
/// Sources/ byte for byte, and the per-user cache that `cflags` points at is written once.
final class EmbeddedHeaderTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    static var headerFile: String { BuiltProducts.header + "/txfeed_plugin.h" }

    func testEmbeddedHeaderIsTheHeaderByteForByte() throws {
        let header = try String(contentsOfFile: Self.headerFile, encoding: .utf8)
        XCTAssertEqual(Array(PluginHeader.text.utf8), Array(header.utf8))
        XCTAssertTrue(PluginHeader.text.hasPrefix("/*\n * txfeed_plugin.h"), String(PluginHeader.text.prefix(40)))
    }

    func testCacheIsWrittenOnceAndCflagsPointAtIt() throws {
        let env = ["XDG_CACHE_HOME": folder.path]
        let installed = try PluginHeaderCache.install(environment: env)
        XCTAssertEqual(installed, folder.path + "/txfeed/include/" + PluginHeaderCache.stamp)
        XCTAssertTrue(PluginHeaderCache.stamp.hasPrefix(TxFeed.version + "-"))
        let file = installed + "/txfeed_plugin.h"
        XCTAssertEqual(FileManager.default.contents(atPath: file), Data(PluginHeader.text.utf8))

        let before = try FileManager.default.attributesOfItem(atPath: file)
        XCTAssertEqual(try PluginHeaderCache.install(environment: env), installed)
        let after = try FileManager.default.attributesOfItem(atPath: file)
        XCTAssertEqual(
            before[.systemFileNumber] as? Int, after[.systemFileNumber] as? Int, "an identical copy is left alone")

        // A copy that differs (edited, truncated) is replaced.
        try Data("/* edited */\n".utf8).write(to: URL(fileURLWithPath: file))
        _ = try PluginHeaderCache.install(environment: env)
        XCTAssertEqual(FileManager.default.contents(atPath: file), Data(PluginHeader.text.utf8))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: installed), ["txfeed_plugin.h"],
            "no temporary file left")

        let flags = try PluginHeaderCache.cflags(environment: env)
        XCTAssertTrue(flags.hasPrefix("-I" + installed), flags)
    }

    func testHomeIsTheFallbackAndARelativeXDGIsIgnored() throws {
        let installed = try PluginHeaderCache.install(environment: [
            "XDG_CACHE_HOME": "relative/cache", "HOME": folder.path,
        ])
        XCTAssertEqual(installed, folder.path + "/.cache/txfeed/include/" + PluginHeaderCache.stamp)
        XCTAssertThrowsError(try PluginHeaderCache.install(environment: [:])) { error in
            XCTAssertTrue("\(error)".contains("HOME"), "\(error)")
        }
    }

    func testACacheFolderOthersCanWriteIsRefused() throws {
        let env = ["XDG_CACHE_HOME": folder.path]
        let installed = try PluginHeaderCache.install(environment: env)
        chmod(installed, 0o777)
        XCTAssertThrowsError(try PluginHeaderCache.install(environment: env)) { error in
            XCTAssertTrue("\(error)".contains("writable by other users"), "\(error)")
        }
        chmod(installed, 0o700)
        chmod(installed + "/txfeed_plugin.h", 0o666)
        XCTAssertThrowsError(try PluginHeaderCache.install(environment: env)) { error in
            XCTAssertTrue("\(error)".contains("writable by other users"), "\(error)")
        }
    }
}
