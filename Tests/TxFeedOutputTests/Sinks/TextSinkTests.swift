import Foundation
import TxFeedDecoding
import TxFeedModel
import TxFeedPipeline
import TxFeedPluginHost
import XCTest

@testable import TxFeedOutput

/// The text view: layout, alignment by display width, truncation, colour and its fallback.
final class TextSinkTests: XCTestCase {
    private let esc: UInt8 = 0x1B

    private func text(_ feed: Feed, colour: Bool = false, trueColour: Bool = true, timeZone: TimeZone? = nil) throws
        -> String
    {
        String(
            decoding: try SinkTestFeed.render(
                TextSink(), feed, colour: colour, trueColour: trueColour, timeZone: timeZone),
            as: UTF8.self)
    }

    private func feed(_ transactions: [(Int, String, String, String)], currency: String? = "USD") -> Feed {
        SinkTestFeed.make([
            ("checking", SinkTestFeed.envelope(name: "Everyday Checking", currency: currency, transactions))
        ])
    }

    /// The display column at which each row's amount ends.
    private func rowWidths(_ output: String) -> [Int] {
        output.split(separator: "\n").filter { $0.hasPrefix("  ") }.map { DisplayWidth.of(String($0)) }
    }

    func testLayoutWithoutColour() throws {
        let feed = SinkTestFeed.make([
            (
                "checking",
                SinkTestFeed.envelope(
                    name: "Everyday Checking", profile: #"{"id":"1","firstName":"Kevin","lastName":"Flynn"}"#,
                    [
                        (1, "Starbucks", "4.5", "2021-09-01 08:15:00"),
                        (0, "Payroll", "2500", "2021-08-31 09:00:00"),
                    ])
            ),
            ("savings", SinkTestFeed.envelope(name: "Rainy Day", balance: nil, currency: nil, [])),
            (
                "other",
                SinkTestFeed.envelope(
                    name: "Overdrawn", balance: "-12", currency: "JPY", profile: #"{"id":7}"#,
                    [(1, "Fee", "3", "2021-08-01 00:00:00")])
            ),
        ])
        // Vendor column 9 ("Starbucks"), amount column 9 ("- 2500.00"), two spaces between columns.
        func row(_ day: String, _ vendor: String, _ amount: String) -> String {
            "  " + day + "  " + vendor + String(repeating: " ", count: 9 - vendor.count) + "  "
                + String(repeating: " ", count: 9 - amount.count) + amount
        }
        XCTAssertEqual(
            try text(feed),
            [
                "Everyday Checking  balance 1234.56 USD  Kevin Flynn  (checking)",
                row("Wed, Sep 01", "Starbucks", "- 4.50"),
                row("Tue, Aug 31", "Payroll", "+ 2500.00"),
                "",
                "Rainy Day  (savings)",
                "  (no transactions)",
                "",
                "Overdrawn  balance -12 JPY  profile 7  (other)",
                row("Sun, Aug 01", "Fee", "- 3"),
                "",
            ].joined(separator: "\n"))
        XCTAssertTrue(try text(feed).contains("  Wed, Sep 01  Starbucks     - 4.50\n"))
    }

    func testAmountsAreRightAlignedInOneColumn() throws {
        let output = try text(
            feed([
                (1, "A", "4.5", "2021-09-03 00:00:00"),
                (0, "B", "1234567.89", "2021-09-02 00:00:00"),
                (1, "C", "0.01", "2021-09-01 00:00:00"),
            ]))
        let rows = output.split(separator: "\n").dropFirst()
        XCTAssertEqual(rows.count, 3)
        XCTAssertEqual(Set(rows.map(\.count)).count, 1, output)
        XCTAssertTrue(rows[rows.startIndex].hasSuffix("      - 4.50"), output)
        XCTAssertTrue(rows[rows.startIndex + 1].hasSuffix("+ 1234567.89"), output)
        XCTAssertTrue(rows[rows.startIndex + 2].hasSuffix("      - 0.01"), output)
    }

    func testWideAndCombiningVendorsLineUp() throws {
        let vendors = [
            "Starbucks", "東京ストア", "Cafe\u{301} Zoe\u{308}", "Café Zoë", "🍕 Pizza", "🇯🇵 Ramen", "👩‍👩‍👧 Family", "서울 식당",
            "ＡＢＣ",
        ]
        let output = try text(
            feed(vendors.enumerated().map { (1, $0.element, "4.5", "2021-09-0\($0.offset + 1) 00:00:00") }))
        let widths = rowWidths(output)
        XCTAssertEqual(widths.count, vendors.count)
        // The widest vendor, 東京ストア, is 10 columns.
        XCTAssertEqual(Set(widths), [2 + 11 + 2 + 10 + 2 + 6], "every row ends in the same column:\n\(output)")
        XCTAssertTrue(output.contains("ＡＢＣ      - 4.50"), output)
        XCTAssertTrue(output.contains("東京ストア  - 4.50"), output)
        XCTAssertTrue(output.contains("Cafe\u{301} Zoe\u{308}    - 4.50"), output)
        XCTAssertTrue(output.contains("👩‍👩‍👧 Family   - 4.50"), output)
    }

    func testLongVendorsAreCutWithAnEllipsis() throws {
        let long = String(repeating: "abcdefghij", count: 6)  // 60 columns
        let wide = String(repeating: "東", count: 30)  // 60 columns
        let output = try text(feed([(1, long, "1", "2021-09-02 00:00:00"), (1, wide, "1", "2021-09-01 00:00:00")]))
        let rows = output.split(separator: "\n").dropFirst().map(String.init)
        XCTAssertTrue(rows[0].contains(String(long.prefix(39)) + "…  "), output)
        XCTAssertFalse(rows[0].contains(String(long.prefix(40))), output)
        // 19 wide characters (38 columns) and `…` (1) leave one column of padding to 40.
        XCTAssertTrue(rows[1].contains(String(repeating: "東", count: 19) + "…   "), output)
        XCTAssertFalse(rows[1].contains(String(repeating: "東", count: 20)), output)
        XCTAssertEqual(Set(rowWidths(output)), [2 + 11 + 2 + 40 + 2 + 6])
    }

    func testShortVendorsGetTheMinimumColumn() throws {
        let output = try text(feed([(0, "A", "1", "2021-09-01 00:00:00")]))
        XCTAssertEqual(output.split(separator: "\n")[1], "  Wed, Sep 01  A       + 1.00")
    }

    func testNoEscapeSequenceWithoutColour() throws {
        let output = try SinkTestFeed.render(
            TextSink(),
            feed([
                (1, "Evil\u{1B}[31mRed", "1", "2021-09-02 00:00:00"),
                (0, "Two\nLines\tand\u{7}bell\u{202E}txet", "1", "2021-09-01 00:00:00"),
            ]))
        XCTAssertFalse(output.contains(esc), String(decoding: output, as: UTF8.self))
        XCTAssertFalse(output.contains(0x07))
        let text = String(decoding: output, as: UTF8.self)
        XCTAssertTrue(text.contains("Evil\u{FFFD}[31mRed"), text)
        XCTAssertTrue(text.contains("Two Lines and\u{FFFD}belltxet"), text)
        XCTAssertEqual(text.split(separator: "\n").count, 3, "an embedded newline does not break the row")
    }

    func testTrueColourSwatchAndColouredAmounts() throws {
        let feed = feed([(1, "Starbucks", "4.5", "2021-09-02 00:00:00"), (0, "Payroll", "4.5", "2021-09-01 00:00:00")])
        let output = try text(feed, colour: true, trueColour: true)
        let starbucks = Palette.legacy.colour(forVendorUTF8: Array("Starbucks".utf8).span)
        XCTAssertTrue(
            output.contains("\u{1B}[38;2;\(starbucks.r);\(starbucks.g);\(starbucks.b)m██\u{1B}[0m Starbucks"), output)
        XCTAssertTrue(output.contains("\u{1B}[31m- 4.50\u{1B}[0m"), output)
        XCTAssertTrue(output.contains("\u{1B}[32m+ 4.50\u{1B}[0m"), output)
        XCTAssertTrue(output.hasPrefix("\u{1B}[1mEveryday Checking\u{1B}[0m"), output)
        XCTAssertFalse(output.contains("38;5;"))
        // Escape sequences take no columns: the rows still line up.
        let visible = output.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        XCTAssertEqual(Set(rowWidths(visible)).count, 1, visible)
    }

    func testXterm256FallbackWithoutTrueColour() throws {
        let output = try text(feed([(1, "Starbucks", "4.5", "2021-09-01 00:00:00")]), colour: true, trueColour: false)
        let starbucks = Palette.legacy.colour(forVendorUTF8: Array("Starbucks".utf8).span)
        XCTAssertTrue(
            output.contains("\u{1B}[38;5;\(TerminalColour.xterm256(starbucks))m██\u{1B}[0m Starbucks"), output)
        XCTAssertFalse(output.contains("38;2;"))
    }

    func testDaysFollowTheTimeZone() throws {
        let f = feed([(1, "A", "1", "2021-09-01T02:00:00Z")])
        XCTAssertTrue(try text(f).contains("Wed, Sep 01"))
        XCTAssertTrue(try text(f, timeZone: TimeZone(identifier: "America/New_York")).contains("Tue, Aug 31"))
    }

    func testRowsAreGroupedByAccountNewestFirst() throws {
        let feed = SinkTestFeed.make([
            (
                "a",
                SinkTestFeed.envelope(
                    name: "First", [(1, "A1", "1", "2021-09-01 00:00:00"), (1, "A2", "1", "2021-09-03 00:00:00")])
            ),
            ("b", SinkTestFeed.envelope(name: "Second", [(1, "B1", "1", "2021-09-02 00:00:00")])),
        ])
        let lines = try text(feed).split(separator: "\n").map { line in
            line.hasPrefix("  ") ? String(line.split(separator: " ")[3]) : String(line.split(separator: " ")[0])
        }
        XCTAssertEqual(lines, ["First", "A2", "A1", "Second", "B1"])
    }
}
