import Foundation
import TxFeedModel
import TxFeedPluginABI
import TxFeedTestSupport
import XCTest

@testable import TxFeedPluginHost

/// The loader against real files: the built plugins, and bad ones compiled from C here.
final class PluginLoaderTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    func testLoadsTheBuiltFixturePlugin() throws {
        let plugin = try PluginLoader.load(path: BuiltProducts.plugin("fixture"))
        XCTAssertEqual(plugin.name, "fixture")
        XCTAssertEqual(plugin.kind, .source)
        XCTAssertEqual(plugin.abiVersion, 1)
        XCTAssertEqual(plugin.mainOption?.name, "path")
    }

    /// The built fixture plugin's `identify`, through the loaded `.so`: an envelope naming
    /// `"body"` anywhere in its head, other JSON, and a JSON-named file of anything.
    func testTheBuiltFixturePluginIdentifiesEnvelopesByTheirHead() throws {
        let plugin = try PluginLoader.load(path: BuiltProducts.plugin("fixture"))
        func score(_ path: String, _ head: String) -> Int { plugin.identify(path: path, head: Array(head.utf8)) }
        XCTAssertEqual(score("a", #"{"status":200,"body":{}}"#), 90)
        XCTAssertEqual(
            score("a", "\u{FEFF} \n[" + String(repeating: #""x","#, count: 50) + #""body""#), 90, "the key last")
        XCTAssertEqual(score("a", #"{"bod":1,"body"#), 20, "the key cut short")
        XCTAssertEqual(score("a", #"{"status":200}"#), 20)
        XCTAssertEqual(score("a", #""body""#), 0, "not an object or array")
        XCTAssertEqual(score("A.JSONL", "date,amount"), 10)
        XCTAssertEqual(score("a.NDJSON", "date,amount"), 10)
        XCTAssertEqual(score("a.json.csv", "date,amount"), 0)
    }

    func testNotFoundListsWhereItLookedAndWhatExists() throws {
        try CPlugin.build(CPlugin.fixture("test_source.c"), name: "test-source", into: folder.path)
        let search = PluginSearchPath(folders: [folder.path, "/nonexistent"])
        XCTAssertThrowsError(try search.locate("nope")) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("libnope.so"), text)
            XCTAssertTrue(text.contains(folder.path), text)
            XCTAssertTrue(text.contains("/nonexistent"), text)
            XCTAssertTrue(text.contains("test-source"), text)
        }
        XCTAssertEqual(try search.locate("test-source"), folder.path + "/libtest-source.so")
    }

    func testAPlainSharedLibraryIsNotAPlugin() throws {
        let path = try CPlugin.build(CPlugin.fixture("not_a_plugin.c"), name: "plain", into: folder.path)
        XCTAssertThrowsError(try PluginLoader.load(path: path)) { error in
            XCTAssertEqual(error as? PluginLoadError, .notAPlugin(path: path))
            XCTAssertTrue("\(error)".contains(path))
            XCTAssertTrue("\(error)".contains("txfeed_plugin_entry"))
        }
    }

    func testWrongABIVersionNamesTheFileAndBothVersions() throws {
        let path = try CPlugin.build(
            CPlugin.fixture("test_source.c"), name: "future", into: folder.path,
            defines: ["TEST_ABI_VERSION=7"])
        XCTAssertThrowsError(try PluginLoader.load(path: path)) { error in
            XCTAssertEqual(error as? PluginLoadError, .abiMismatch(path: path, plugin: 7, host: 1))
            let text = "\(error)"
            XCTAssertTrue(text.contains(path) && text.contains("7") && text.contains("1"), text)
        }
    }

    func testTooSmallDescriptorIsRefused() throws {
        let path = try CPlugin.build(
            CPlugin.fixture("test_source.c"), name: "small", into: folder.path,
            defines: ["TEST_STRUCT_SIZE=24"])
        XCTAssertThrowsError(try PluginLoader.load(path: path)) { error in
            guard case let .structSizeMismatch(p, plugin, host)? = error as? PluginLoadError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(p, path)
            XCTAssertEqual(plugin, 24)
            XCTAssertGreaterThan(host, 24)
        }
    }

    /// A plugin built before `identify` was appended has the shorter descriptor: it still loads,
    /// and the field it does not have is never read (here it would be a neighbour's bytes).
    func testADescriptorFromBeforeAnAppendedFieldLoadsWithoutIt() throws {
        let firstSize = LoadedPlugin.firstDescriptorSize
        XCTAssertLessThan(Int(firstSize), MemoryLayout<txfeed_plugin>.size)
        let path = try CPlugin.build(
            CPlugin.fixture("test_source.c"), name: "older", into: folder.path,
            defines: ["TEST_STRUCT_SIZE=\(firstSize)", "TEST_IDENTIFY=99", #"TEST_NAME=\"older\""#])
        let plugin = try PluginLoader.load(path: path)
        XCTAssertFalse(plugin.canIdentify, "its struct_size stops before identify")
        XCTAssertEqual(plugin.identify(path: "x.claim", head: []), 0)

        let current = try PluginLoader.load(
            path: CPlugin.build(
                CPlugin.fixture("test_source.c"), name: "current", into: folder.path,
                defines: ["TEST_IDENTIFY=99", #"TEST_NAME=\"current\""#]))
        XCTAssertTrue(current.canIdentify)
        XCTAssertEqual(current.identify(path: "x.claim", head: []), 99)
        XCTAssertEqual(current.identify(path: "x.json", head: []), 0)
    }

    func testAFileThatIsNotALibraryReportsDlerror() throws {
        let path = try folder.write("libjunk.so", "this is not an ELF file\n")
        XCTAssertThrowsError(try PluginLoader.load(path: path)) { error in
            guard case let .dlopenFailed(p, message)? = error as? PluginLoadError else { return XCTFail("\(error)") }
            XCTAssertEqual(p, path)
            XCTAssertFalse(message.isEmpty)
        }
    }

    func testPluginWritableByOthersIsRefused() throws {
        let path = try CPlugin.build(CPlugin.fixture("test_source.c"), name: "open", into: folder.path)
        chmod(path, 0o757)
        XCTAssertThrowsError(try PluginLoader.load(path: path)) { error in
            XCTAssertEqual(error as? PluginLoadError, .writableByOthers(path: path, writable: "the file"))
            XCTAssertTrue("\(error)".contains("writable by other users"))
        }
    }

    func testPluginInAFolderWritableByOthersIsRefused() throws {
        let path = try CPlugin.build(CPlugin.fixture("test_source.c"), name: "open", into: folder.path)
        chmod(folder.path, 0o777)
        defer { chmod(folder.path, 0o700) }
        XCTAssertThrowsError(try PluginLoader.load(path: path)) { error in
            guard case .writableByOthers(path, let what)? = error as? PluginLoadError else {
                return XCTFail("\(error)")
            }
            XCTAssertTrue(what.contains(folder.path), what)
        }
    }

    func testPluginWritableByItsGroupIsRefused() throws {
        let path = try CPlugin.build(CPlugin.fixture("test_source.c"), name: "open", into: folder.path)
        chmod(path, 0o775)
        XCTAssertThrowsError(try PluginLoader.load(path: path)) { error in
            XCTAssertEqual(error as? PluginLoadError, .writableByOthers(path: path, writable: "the file"))
        }
    }

    /// A sticky folder writable by all (`/tmp`) is fine above a plugin, never as its own folder:
    /// anyone may add a file or a link beside it.
    func testAStickyWorldWritableFolderIsNoPlaceForAPlugin() throws {
        let path = try CPlugin.build(CPlugin.fixture("test_source.c"), name: "open", into: folder.path)
        chmod(folder.path, 0o1777)
        defer { chmod(folder.path, 0o700) }
        XCTAssertThrowsError(try PluginLoader.load(path: path)) { error in
            XCTAssertTrue("\(error)".contains("its folder \(folder.path) is writable by other users"), "\(error)")
        }
        // Above it, such a folder is fine: these tests' own folders live in /tmp.
        chmod(folder.path, 0o700)
        XCTAssertNoThrow(try PluginLoader.load(path: path))
    }

    func testAFolderAboveThatOthersCanWriteIsRefused() throws {
        let above = folder.path + "/shared"
        let own = above + "/plugins"
        mkdir(above, 0o777)
        chmod(above, 0o777)
        mkdir(own, 0o700)
        let path = try CPlugin.build(CPlugin.fixture("test_source.c"), name: "open", into: own)
        XCTAssertThrowsError(try PluginLoader.load(path: path)) { error in
            XCTAssertEqual(
                error as? PluginLoadError, .writableByOthers(path: path, writable: "\(above), a folder above it"))
        }
    }

    /// A link in a safe folder to a file in an unsafe one: the file that would be loaded counts.
    func testALinkIsJudgedByWhatItPointsTo() throws {
        let unsafe = folder.path + "/unsafe"
        mkdir(unsafe, 0o777)
        chmod(unsafe, 0o777)
        let target = try CPlugin.build(CPlugin.fixture("test_source.c"), name: "open", into: unsafe)
        let safe = folder.path + "/safe"
        mkdir(safe, 0o700)
        let link = safe + "/libopen.so"
        symlink(target, link)
        XCTAssertThrowsError(try PluginLoader.load(path: link)) { error in
            XCTAssertTrue("\(error)".contains("its folder \(unsafe) (a link to \(target))"), "\(error)")
        }
    }

    func testAPluginOwnedByAnotherUserIsRefused() throws {
        try XCTSkipUnless(geteuid() == 0, "only root can give a file away")
        let path = try CPlugin.build(CPlugin.fixture("test_source.c"), name: "open", into: folder.path)
        XCTAssertEqual(chown(path, 65534, 65534), 0)
        XCTAssertThrowsError(try PluginLoader.load(path: path)) { error in
            guard case .foreignOwner(path, "the file", let owner)? = error as? PluginLoadError else {
                return XCTFail("\(error)")
            }
            XCTAssertTrue(owner.contains("uid 65534"), owner)
            XCTAssertTrue("\(error)".contains("not by you or root"))
        }
    }

    func testSearchPathNeverAddsTheCurrentDirectory() {
        let search = PluginSearchPath.standard(explicit: [], environment: "::/opt/plugins:")
        XCTAssertFalse(search.folders.contains(""))
        XCTAssertFalse(search.folders.contains("."))
        XCTAssertEqual(search.folders.first, "/opt/plugins")
        XCTAssertEqual(search.folders.last, BuiltProducts.folder)
    }

    func testExplicitFoldersComeFirst() {
        let search = PluginSearchPath.standard(explicit: ["/a"], environment: "/b")
        XCTAssertEqual(Array(search.folders.prefix(2)), ["/a", "/b"])
    }

    /// An installed txfeed (`PREFIX/lib/txfeed/txfeed`) looks in `PREFIX/lib/txfeed/plugins`; a
    /// built one, or one in a `lib/txfeed` without that folder, in its own folder.
    func testShippedFolderOfAnInstalledExecutable() throws {
        let installed = folder.path + "/prefix/lib/txfeed"
        try FileManager.default.createDirectory(atPath: installed, withIntermediateDirectories: true)
        XCTAssertEqual(PluginSearchPath.shippedFolder(executableFolder: installed), installed)
        try FileManager.default.createDirectory(atPath: installed + "/plugins", withIntermediateDirectories: true)
        XCTAssertEqual(PluginSearchPath.shippedFolder(executableFolder: installed), installed + "/plugins")
        try FileManager.default.createDirectory(atPath: folder.path + "/plugins", withIntermediateDirectories: true)
        XCTAssertEqual(PluginSearchPath.shippedFolder(executableFolder: folder.path), folder.path)
    }
}
