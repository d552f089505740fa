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

    /// A refusal (a wrong password, the bank's own error) is no statement: the file fails with
    /// the bank's code and message, never `ok, read 0`.
    func testANonZeroStatusFailsWithTheBanksCodeAndMessage() throws {
        let signOn = read(try fixture("status-15500.ofx"), origin: "status-15500.ofx")
        let refused = try XCTUnwrap(signOn.failure)
        XCTAssertEqual(refused.path, "OFX.SIGNONMSGSRSV1.SONRS.STATUS")
        XCTAssertEqual(refused.message, "the bank answered with STATUS 15500 (ERROR): Invalid user ID or password")
        XCTAssertEqual(refused.line, 14, "the line of <STATUS>")
        XCTAssertTrue(signOn.statementsBegun.isEmpty)

        let statement = try XCTUnwrap(read(try fixture("status-2000.ofx")).failure)
        XCTAssertEqual(statement.path, "OFX.BANKMSGSRSV1.STMTTRNRS.STATUS")
        XCTAssertEqual(statement.message, "the bank answered with STATUS 2000 (ERROR): General error: try again later")
    }

    /// Code 0 is success whatever else the status says; a non-zero code marked `INFO` is
    /// information, not a refusal.
    func testAStatusOfSuccessOrInformationReadsOn() {
        for status in ["<CODE>0<SEVERITY>INFO", "<CODE>0<SEVERITY>WARN<MESSAGE>Old client", "<CODE>1<SEVERITY>INFO"] {
            let body = """
                <SIGNONMSGSRSV1><SONRS><STATUS>\(status)</STATUS><DTSERVER>20240101</SONRS></SIGNONMSGSRSV1>
                \(bankStatement(transaction("-1")))
                """
            let result = read(sgmlFile(body))
            XCTAssertNil(result.failure, status)
            XCTAssertEqual(result.transactions.count, 1, status)
        }
    }

    func testAStatementWithNoTransactionsSaysWhy() throws {
        let result = read(try fixture("empty-102.ofx"))
        XCTAssertNil(result.failure)
        let statement = try XCTUnwrap(result.statementsEnded.first)
        XCTAssertEqual(statement.transactions, 0)
        XCTAssertEqual(statement.balance, "512.00")
        XCTAssertEqual(statement.notes, ["no STMTTRN in BANKTRANLIST"])
        let noList = read(
            sgmlFile(
                bankStatement("").replacingOccurrences(of: "<BANKTRANLIST>", with: "<X>")
                    .replacingOccurrences(of: "</BANKTRANLIST>", with: "</X>")))
        XCTAssertEqual(noList.statementsEnded.first?.notes, ["no BANKTRANLIST: the statement holds no transactions"])
        let read = read(try fixture("bank-102.ofx"))
        XCTAssertEqual(read.statementsEnded.first?.notes, [], "a statement with transactions needs no note")
    }
}
