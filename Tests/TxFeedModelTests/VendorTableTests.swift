import XCTest

@testable import TxFeedModel

/// A vendor table as the isolation wire carries it: its names back to back and their offsets.
final class VendorTableTests: XCTestCase {
    func testATableSentWholeComesBackAndIsSearchedAsTheOriginal() throws {
        var table = VendorTable()
        for name in ["Rent", "Coffee ☕", "", "Rent2"] { _ = table.intern(name) }
        var back = try XCTUnwrap(VendorTable(names: table.storage.span, offsets: table.offsets))
        XCTAssertEqual((0..<4).map { back.name(of: UInt32($0)) }, ["Rent", "Coffee ☕", "", "Rent2"])
        // Indexed on the first search: a name it has keeps its id, a new one comes next.
        XCTAssertEqual(back.intern("Coffee ☕"), 1)
        XCTAssertEqual(back.intern(""), 2)
        XCTAssertEqual(back.intern("Tea"), 4)
    }

    func testOffsetsThatWouldReadOutsideTheNamesAreRefused() {
        let names = Array("RentCoffee".utf8)
        func table(_ offsets: [Int]) -> VendorTable? {
            VendorTable(names: names.span, offsets: offsets)
        }
        XCTAssertNotNil(table([0, 4, 10]))
        XCTAssertNil(table([]), "no end")
        XCTAssertNil(table([1, 4, 10]), "not from the start")
        XCTAssertNil(table([0, 4, 9]), "short of the end")
        XCTAssertNil(table([0, 4, 11]), "past the end")
        XCTAssertNil(table([0, 6, 4, 10]), "a name ending before it starts")
    }
}
