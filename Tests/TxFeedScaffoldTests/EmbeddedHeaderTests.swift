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
    static var swiftFile: String { BuiltProducts.repository + "/Sources/TxFeedScaffold/PluginHeader.swift" }

    /// PluginHeader.swift as it should be for `header`.
    static func generatedSwift(for header: String) -> String {
        """
        // GENERATED from Sources/TxFeedPluginABI/include/txfeed_plugin.h — do not edit by hand.
        // EmbeddedHeaderTests checks it byte for byte against the header; to regenerate, run
        //   TXFEED_UPDATE_EMBEDDED_HEADER=1 swift test --skip-build --filter EmbeddedHeaderTests
        // (after a build) and rebuild.

        /// The plugin header, built into the binary so that `txfeed plugins cflags` and
        /// `txfeed plugins new` work from the installed executable alone.
        public enum PluginHeader {
            public static let fileName = "txfeed_plugin.h"

            public static let text = ##\"""

        """ + header + "\n\"\"\"##\n}\n"
    }

    func testEmbeddedHeaderIsTheHeaderByteForByte() throws {
        let header = try String(contentsOfFile: Self.headerFile, encoding: .utf8)
        let expected = Self.generatedSwift(for: header)
        if ProcessInfo.processInfo.environment["TXFEED_UPDATE_EMBEDDED_HEADER"] == "1" {
            try expected.write(toFile: Self.swiftFile, atomically: true, encoding: .utf8)
        }
        XCTAssertEqual(
            Array(PluginHeader.text.utf8), Array(header.utf8),
            "the embedded header drifted from txfeed_plugin.h; run TXFEED_UPDATE_EMBEDDED_HEADER=1 swift test --skip-build --filter EmbeddedHeaderTests, then rebuild"
        )
        XCTAssertEqual(
            try String(contentsOfFile: Self.swiftFile, encoding: .utf8), expected,
            "PluginHeader.swift is not what the generator makes of the header")
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
