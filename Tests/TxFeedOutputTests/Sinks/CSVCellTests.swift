import XCTest

@testable import TxFeedOutput

/// A plain cell is found eight bytes at a time and appended whole: for every byte value at
/// every place of cells up to three words long, in both separators and with and without
/// neutralising, the cell must come out exactly as the byte-by-byte rules write it.
final class CSVCellTests: XCTestCase {
    func testThePlainCellShortCutWritesWhatTheRulesWrite() {
        let dialects = [
            CSVDialect.standard, CSVDialect.excelEU, CSVDialect(neutralise: false),
            CSVDialect(separator: UInt8(ascii: ";"), neutralise: false),
        ]
        var plainCount = 0
        for dialect in dialects {
            for length in 1...20 {
                for place in 0..<length {
                    for byte in UInt8.min...UInt8.max {
                        var cell = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
                        cell[place] = byte
                        var fast: [UInt8] = []
                        var rules: [UInt8] = []
                        dialect.appendCell(cell.span, to: &fast)
                        dialect.appendCellByteByByte(cell.span, to: &rules)
                        if dialect.isPlain(cell.span) { plainCount += 1 }
                        if fast != rules {
                            XCTFail("\(dialect) \(cell): \(fast) against \(rules)")
                            return
                        }
                    }
                }
            }
        }
        // Both ways were taken: plain cells and the rest.
        XCTAssertGreaterThan(plainCount, 0)
        XCTAssertLessThan(plainCount, dialects.count * 210 * 256)
    }

    /// Spaces before a formula's first character do not hide it from the guard (a reader that
    /// trims the cell would see the formula); they did.
    func testSpacesBeforeAFormulaAreNoDisguise() {
        for (cell, written) in [
            ("  =HYPERLINK(\"http://x\")", "\"'  =HYPERLINK(\"\"http://x\"\")\""), (" -12", "' -12"),
            (" @SUM(A1)", "' @SUM(A1)"),
            ("  plain", "  plain"), ("   ", "   "), (" \u{1B}=1", "' =1"),
        ] {
            var out: [UInt8] = []
            CSVDialect.standard.appendCell(Array(cell.utf8).span, to: &out)
            XCTAssertEqual(String(decoding: out, as: UTF8.self), written, cell)
            out = []
            CSVDialect(neutralise: false).appendCell(Array(cell.utf8).span, to: &out)
            XCTAssertFalse(out.contains(UInt8(ascii: "'")), cell)
        }
    }

    /// Each row's day cell is its own day's, quoted for its comma, in any zone: rows of one day
    /// share a cell written once (it was quoted byte by byte for every row).
    func testEachRowHasItsOwnDaysCell() throws {
        let rows: [(Int, String, String, String)] = [
            (1, "A", "1", "2021-09-01 23:30:00"), (1, "B", "2", "2021-09-01 08:00:00"),
            (1, "C", "3", "2021-08-31 22:00:00"), (1, "D", "4", "2021-08-30 12:00:00"),
            (1, "E", "5", "2021-08-30 01:00:00"),
        ]
        let feed = SinkTestFeed.make([("days", SinkTestFeed.envelope(name: "Days", rows))])
        let zones: [(TimeZone?, [String])] = [
            (nil, ["Wed, Sep 01", "Wed, Sep 01", "Tue, Aug 31", "Mon, Aug 30", "Mon, Aug 30"]),
            // Two UTC days on one local day, and one UTC day on two.
            (
                TimeZone(identifier: "Asia/Tokyo"),
                ["Thu, Sep 02", "Wed, Sep 01", "Wed, Sep 01", "Mon, Aug 30", "Mon, Aug 30"]
            ),
        ]
        for (zone, expected) in zones {
            let csv = String(decoding: try SinkTestFeed.render(CSVSink(), feed, timeZone: zone), as: UTF8.self)
            let days = csv.split(separator: "\r\n").dropFirst().map { String($0.split(separator: "\"")[1]) }
            XCTAssertEqual(days, expected, "\(zone?.identifier ?? "UTC")")
        }
    }

    func testWhatIsNotPlain() {
        let dialect = CSVDialect.standard
        for text in ["a,b", "say \"hi\"", "tab\there", "line\nbreak", "cr\r", "bell\u{7}", "del\u{7F}"] {
            XCTAssertFalse(dialect.isPlain(Array(text.utf8).span), text)
        }
        for text in ["", "Mon, Nov 18".replacingOccurrences(of: ",", with: ""), "東京ストア", "=SUM(A1)", "a;b"] {
            XCTAssertTrue(dialect.isPlain(Array(text.utf8).span), text)
        }
    }
}
