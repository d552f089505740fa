import TxFeedModel
import XCTest

@testable import TxFeedDecoding

/// A date whose instant falls outside the years 0000–9999 in UTC is rejected when it is read:
/// no output could write it as the four-digit date the contract promises (`+10000-01-01…`).
final class DateRangeTests: XCTestCase {
    func kind(of text: String) -> DateError.Kind? {
        do {
            _ = try TransactionDate.read(text)
            return nil
        } catch {
            return error.kind
        }
    }

    func testTheEdgesOfTheRangeAreKept() throws {
        XCTAssertEqual(try TransactionDate.read("0000-01-01T00:00:00Z").unixSeconds, -62_167_219_200)
        XCTAssertEqual(try TransactionDate.read("9999-12-31T23:59:59Z").unixSeconds, 253_402_300_799)
        XCTAssertEqual(try TransactionDate.read("9999-12-31T23:59:59+01:00").unixSeconds, 253_402_297_199)
        XCTAssertEqual(try TransactionDate.read("0000-01-01T00:59:59+00:59").unixSeconds, -62_167_219_200 + 59)
        XCTAssertEqual(try TransactionDate.read("9999-12-31").unixSeconds, 253_402_214_400, "a civil date")
    }

    func testAnOffsetThatCarriesTheInstantOutOfTheRangeIsRejected() {
        XCTAssertEqual(kind(of: "9999-12-31T23:00:00-05:00"), .outOfRange)
        XCTAssertEqual(kind(of: "9999-12-31T23:59:59-00:01"), .outOfRange)
        XCTAssertEqual(kind(of: "0000-01-01T00:00:00+00:01"), .outOfRange)
        XCTAssertEqual(kind(of: "0000-01-01T04:59:59.9+0500"), .outOfRange)
        XCTAssertEqual(
            DateError(.outOfRange, input: "9999-12-31T23:00:00-05:00").description,
            #"date "9999-12-31T23:00:00-05:00" falls outside the years 0000-9999 in UTC"#)
    }

    func testTheRecordIsRejectedWithItsPath() {
        var text = Array(
            #"{"body":{"name":"A","transactions":[{"type":1,"vendor":"V","amount":1,"date":"9999-12-31T23:00:00-05:00"},"#
                .utf8)
        text += Array(#"{"type":1,"vendor":"V","amount":1,"date":"9999-12-31T23:00:00+05:00"}]}}"#.utf8)
        let data = text.withUnsafeBufferPointer { DocumentDecoder(origin: "in.json", sourceIndex: 0).decode(text: $0) }
        XCTAssertEqual(data.failures, [])
        XCTAssertEqual(data.transactions.count, 1)
        XCTAssertEqual(data.rejects.map(\.path), ["transactions[0].date"])
        XCTAssertEqual(
            data.rejects.map(\.reason), [#"date "9999-12-31T23:00:00-05:00" falls outside the years 0000-9999 in UTC"#])
    }
}
