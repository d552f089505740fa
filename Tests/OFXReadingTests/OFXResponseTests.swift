import OFXReading
import XCTest

/// Files as banks write them beyond the spec's happy path: an OFX 2 header over an SGML body,
/// transactions without a name, a response that is a refusal, a statement with nothing in it.
final class OFXResponseTests: XCTestCase {
    /// ANZ's card files: `<?OFX OFXHEADER="200"?>`, then leaves left unclosed as in OFX 1.x.
    func testAnOFX2HeaderOverAnSGMLBodyIsReadAsSGML() throws {
        let bytes = try fixture("anz-card-211.ofx")
        let header = try XCTUnwrap(OFXHeader.read(bytes))
        XCTAssertTrue(header.hasSGMLBody)
        XCTAssertEqual(header.summary, "OFX 2.11 (XML header, SGML body)")
        XCTAssertEqual(OFXHeader.read(try fixture("bank-220.ofx"))?.hasSGMLBody, false, "closed leaves are XML")
        let result = read(bytes, origin: "anz-card-211.ofx")
        XCTAssertNil(result.failure)
        let statement = try XCTUnwrap(result.statementsEnded.first)
        XCTAssertEqual(statement.defaultName, "CREDITCARD 4564000012345678")
        XCTAssertEqual(statement.currency, "AUD")
        XCTAssertEqual(statement.balance, "-1234.50")
        XCTAssertEqual(result.transactions.map(\.id), ["ANZ0502A", "ANZ0510A", "ANZ0515A", "ANZ0528A"])
        XCTAssertEqual(minorSum(result.transactions), 35245)
        XCTAssertEqual(result.transactions.last?.vendor, "JB HI FI")
        XCTAssertEqual(result.transactions.last?.memo, "EFTPOS")
    }

    /// `NAME`, `PAYEE` and `MEMO` are optional in OFX (the spec's own example has none): the
    /// vendor is then the `TRNTYPE`, with the `CHECKNUM` when there is one.
    func testATransactionWithoutANameIsNamedByItsTypeAndCheckNumber() throws {
        let result = read(try fixture("no-name-102.ofx"))
        XCTAssertNil(result.failure)
        XCTAssertTrue(result.rejects.isEmpty, "\(result.rejects)")
        XCTAssertEqual(result.transactions.map(\.id), ["00002", "00003", "00004"])
        XCTAssertEqual(result.transactions.map(\.vendor), ["CHECK 1000", "ATM", "Corner Grocer"])
        XCTAssertEqual(result.transactions.map(\.memo), [nil, nil, nil])
        XCTAssertEqual(minorSum(result.transactions), -52000)
        // A check number without a type is still a check; with neither, nothing names the vendor.
        let body = bankStatement(
            "<STMTTRN><DTPOSTED>20240102<TRNAMT>-1<FITID>N<CHECKNUM>7</STMTTRN>"
                + "<STMTTRN><DTPOSTED>20240102<TRNAMT>-1<FITID>X</STMTTRN>")
        let bare = read(sgmlFile(body))
        XCTAssertEqual(bare.transactions.map(\.vendor), ["CHECK 7"])
        XCTAssertEqual(bare.rejects.map(\.location), ["STMTRS[0].STMTTRN[1].NAME"])
        XCTAssertEqual(bare.rejects.map(\.reason), ["no NAME, PAYEE, MEMO or TRNTYPE to name the vendor"])
    }
}
