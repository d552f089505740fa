import Foundation
import TxFeedModel
import TxFeedOutput
import TxFeedPluginHost
import TxFeedTestSupport
import XCTest

@testable import TxFeedRun

/// `NAME[:VALUE][,key=value...]` as a user writes it.
final class SourceSpecTests: XCTestCase {
    func options(
        _ text: String, known: Set<String> = ["path", "seed", "users", "url", "userId"], main: String? = "path"
    ) throws -> [String] {
        try SourceSpec(parsing: text).options(mainOption: main, isKnown: known.contains).map { "\($0.key)=\($0.value)" }
    }

    func testBareValueSetsTheMainOption() throws {
        XCTAssertEqual(try options("fixture:samples/a.json"), ["path=samples/a.json"])
        // An undeclared key stays part of the file name when there is such a file, else it is
        // a mistake named as such.
        let folder = try TemporaryFolder()
        XCTAssertTrue(FileManager.default.createFile(atPath: folder.path + "/data=1.json", contents: Data()))
        XCTAssertEqual(try options("fixture:\(folder.path)/data=1.json"), ["path=\(folder.path)/data=1.json"])
        XCTAssertThrowsError(try options("fixture:colour=red")) { error in
            XCTAssertTrue("\(error)".contains("'colour' is not an option of fixture"), "\(error)")
        }
    }

    func testKeyValuePiecesAndCommasInValues() throws {
        XCTAssertEqual(try options("random-users:seed=42,users=3"), ["seed=42", "users=3"])
        XCTAssertEqual(try options("http:url=http://h/a?b=1,c,userId=7"), ["url=http://h/a?b=1,c", "userId=7"])
    }

    func testAfterACommaEveryPieceIsKeyValue() throws {
        XCTAssertEqual(try options("random-users,seed=1"), ["seed=1"])
        XCTAssertEqual(
            try options("fixture,colour=red"), ["colour=red"], "an unknown key is refused later, not taken as a path")
        XCTAssertThrowsError(try options("fixture,samples/a.json"))
    }

    func testPathsAndEmptyNames() throws {
        let spec = try SourceSpec(parsing: "./plugins/libx.so:v")
        XCTAssertEqual(spec.plugin, "./plugins/libx.so")
        XCTAssertThrowsError(try SourceSpec(parsing: ""))
        XCTAssertThrowsError(try SourceSpec(parsing: ":x"))
    }
}
