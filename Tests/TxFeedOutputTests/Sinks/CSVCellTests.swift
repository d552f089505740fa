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
                        cell.withUnsafeBufferPointer {
                            dialect.appendCell($0, to: &fast)
                            dialect.appendCellByteByByte($0, to: &rules)
                            if dialect.isPlain($0) { plainCount += 1 }
                        }
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

    func testWhatIsNotPlain() {
        let dialect = CSVDialect.standard
        for text in ["a,b", "say \"hi\"", "tab\there", "line\nbreak", "cr\r", "bell\u{7}", "del\u{7F}"] {
            Array(text.utf8).withUnsafeBufferPointer { XCTAssertFalse(dialect.isPlain($0), text) }
        }
        for text in ["", "Mon, Nov 18".replacingOccurrences(of: ",", with: ""), "東京ストア", "=SUM(A1)", "a;b"] {
            Array(text.utf8).withUnsafeBufferPointer { XCTAssertTrue(dialect.isPlain($0), text) }
        }
    }
}
