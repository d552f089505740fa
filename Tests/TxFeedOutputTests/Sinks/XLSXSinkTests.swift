import Foundation
import TxFeedModel
import TxFeedTestSupport
import XCTest

@testable import TxFeedOutput

/// The xlsx sink in process, read back by openpyxl: sheets continued past their row limit
/// (made small here), fills of any colour (black too), dates Excel cannot hold, control
/// characters, and a failure that names the file the user asked for.
final class XLSXSinkTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
        _ = try TestPython.openpyxl()
    }

    func feed() -> Feed {
        SinkTestFeed.make([
            (
                "dollars",
                SinkTestFeed.envelope(
                    name: "Dollars", balance: "-10.5",
                    [
                        (1, "Black", "4.5", "2024-02-01 08:00:00"), (0, "Bell\u{07}Vendor", "1", "2024-01-31"),
                        (1, "Old", "2", "1850-06-01"), (1, "Black", "3", "1900-02-28 10:00:00"),
                        (0, "Tab\tand\nline", "5", "2023-05-05 05:05:05"),
                    ])
            ),
            (
                "yen",
                SinkTestFeed.envelope(
                    name: "Yen", balance: "88000", currency: "JPY",
                    [(1, "Ramen", "1500", "2024-01-15 12:00:00"), (1, "Ramen", "700", "2022-01-15 12:00:00")])
            ),
        ])
    }

    func written(_ feed: Feed, rowsPerSheet: Int, colours: [RGB]) throws -> XLSXReadBack {
        let file = try AtomicFile(path: folder.path + "/feed.xlsx")
        try XLSXSink(rowsPerSheet: rowsPerSheet).write(feed, context: FeedContext(colours: colours), into: file)
        try file.commit()
        return try XLSXReadBack.read(folder.path + "/feed.xlsx")
    }

    func testSheetsContinueAndEveryColourIsItsOwnFill() throws {
        let feed = feed()
        XCTAssertEqual(feed.transactions.count, 7)
        // Every vendor black but Ramen, to see that black (0 to libxlsxwriter) is filled.
        let colours = (0..<feed.vendors.count).map { id in
            String(decoding: feed.vendors.bytes(of: UInt32(id)), as: UTF8.self) == "Ramen"
                ? RGB(r: 0x12, g: 0xab, b: 0xef) : RGB(r: 0, g: 0, b: 0)
        }
        let book = try written(feed, rowsPerSheet: 3, colours: colours)
        XCTAssertEqual(
            book.sheets.map(\.title),
            ["Transactions", "Transactions (2)", "Transactions (3)", "Accounts", "Sources"])
        let sheets = book.sheets.prefix(3)
        XCTAssertEqual(sheets.map(\.rows.count), [4, 4, 2], "a header and up to three rows each")
        XCTAssertEqual(sheets.map(\.autofilter), ["A1:M4", "A1:M4", "A1:M2"])
        XCTAssertTrue(sheets.allSatisfy { $0.rows[0][0].string == "date" && $0.freezePanes == "A2" })
        let rows = sheets.flatMap { $0.rows.dropFirst() }
        for row in rows {
            let vendor = try XCTUnwrap(row[3].string)
            XCTAssertEqual(row[4].fill, vendor == "Ramen" ? "FF12ABEF" : "FF000000", vendor)
            XCTAssertEqual(row[8].string, vendor == "Ramen" ? "#12abef" : "#000000")
        }
        let vendors = rows.compactMap { $0[3].string }
        XCTAssertTrue(vendors.contains("BellVendor"), "a control character is dropped: \(vendors)")
        XCTAssertTrue(vendors.contains("Tab\tand\nline"), "tab and LF are kept: \(vendors)")
        // Before 1900-03-01 Excel has no true day number: the date is the CSV's text.
        let old = try XCTUnwrap(rows.first { $0[3].string == "Old" })
        XCTAssertEqual(old[0].type, "s")
        XCTAssertEqual(old[0].string, "1850-06-01")
        let early = try XCTUnwrap(rows.first { $0[0].string == "1900-02-28T10:00:00Z" })
        XCTAssertEqual(early[0].type, "s")
        let ramen = try XCTUnwrap(rows.first { $0[3].string == "Ramen" })
        XCTAssertEqual(ramen[6].number, -1500)
        XCTAssertEqual(ramen[6].numberFormat, "#,##0", "yen have no decimals")
        let accounts = try XCTUnwrap(book["Accounts"]).rows
        XCTAssertEqual(accounts[1][2].number, -10.5)
        XCTAssertEqual(accounts[1][2].numberFormat, "#,##0.00")
        XCTAssertEqual(accounts[2][2].number, 88000)
        XCTAssertEqual(folder.contents(), ["feed.xlsx"])
    }

    /// libxlsxwriter cannot write the zip (a folder stands where the temporary file was): the
    /// error names the file asked for and says why, and nothing is left behind.
    func testAFailureNamesTheFileAskedFor() throws {
        let file = try AtomicFile(path: folder.path + "/feed.xlsx")
        XCTAssertEqual(unlink(file.temporaryPath), 0)
        XCTAssertEqual(mkdir(file.temporaryPath, 0o700), 0)
        let feed = feed()
        XCTAssertThrowsError(
            try XLSXSink().write(feed, context: FeedContext.legacy(feed), into: file)
        ) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains(folder.path + "/feed.xlsx"), text)
            XCTAssertTrue(text.contains("cannot write the workbook"), text)
        }
        XCTAssertEqual(rmdir(file.temporaryPath), 0)
        file.discard()
        XCTAssertEqual(folder.contents(), [], "no temporary file of libxlsxwriter's either")
    }

    /// An empty feed is still a workbook, with its headers.
    func testAnEmptyFeed() throws {
        let book = try written(Feed(), rowsPerSheet: 3, colours: [])
        XCTAssertEqual(book.sheets.map(\.title), ["Transactions", "Accounts", "Sources"])
        XCTAssertEqual(book["Transactions"]?.rows.count, 1)
        XCTAssertEqual(book["Transactions"]?.autofilter, "A1:M1")
    }
}
