import TxFeedModel
import TxFeedOutput
import TxFeedPluginHost
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
        XCTAssertEqual(
            try options("fixture:data=1.json"), ["path=data=1.json"], "an undeclared key stays part of the file name")
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
        XCTAssertTrue(spec.isPath)
        XCTAssertEqual(spec.plugin, "./plugins/libx.so")
        XCTAssertThrowsError(try SourceSpec(parsing: ""))
        XCTAssertThrowsError(try SourceSpec(parsing: ":x"))
    }
}
