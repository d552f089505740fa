import OFXReading
import XCTest

/// Shapes found in the test files other open-source OFX readers ship, each checked against the
/// file's own figures. The GPL-licensed ones are not copied: each test writes a file of the
/// same shape.
final class OFXFoundInRealFilesTests: XCTestCase {
    // MARK: CORRECTACTION

    /// asgrim/ofxparser's Schwab file (MIT, copied): an `INVBANKTRAN` deposit of 151.62 with
    /// `<CORRECTACTION>REPLACE` and no `CORRECTFITID` was rejected as `REPLACE of an earlier
    /// transaction`; the file's `AVAILCASH` 4.88 is its entries' sum only with it.
    func testAReplaceWithoutCORRECTFITIDIsReadWithANote() throws {
        let result = read(try fixture("ofxparser/ofxdata-schwab-brokerage.ofx"))
        XCTAssertNil(result.failure)
        XCTAssertEqual(result.rejects, [])
        let deposit = try XCTUnwrap(result.transactions.first { $0.location == "INVSTMTRS[0].STMTTRN[0]" })
        XCTAssertEqual(deposit.amount, "151.62")
        XCTAssertEqual(deposit.id, "0000000020170118120000201701180552448211001516")
        XCTAssertEqual(deposit.vendor, "TRANSFER FUNDS FROM SCHWAB BANK")
        XCTAssertEqual(
            result.notes,
            [
                "INVSTMTRS[0].STMTTRN[0].CORRECTACTION: REPLACE without CORRECTFITID (which OFX requires with it) "
                    + "corrects nothing: read as a transaction"
            ])
        let statement = try XCTUnwrap(result.statementsEnded.first)
        XCTAssertEqual(result.transactions.count, 8)
        XCTAssertEqual(statement.availableCash, "4.88")
        XCTAssertEqual(minorSum(result.transactions), 488, "151.62 - 14.52 - 109.76 - 22.46; the dividends reinvested")
    }

    /// egh/ledger-autosync's apostrophe.ofx (GPL; this file has its shape): the file's only
    /// `STMTTRN` is a `REPLACE` whose `CORRECTFITID` is its own `FITID`. It was rejected (`FITID
    /// 201409206 stays as it was read`, though nothing else has it): the file held nothing. The
    /// spec's `CORRECTFITID` names a transaction sent before, which this record replaces: it is
    /// that transaction as the bank now has it.
    func testAReplaceOfItsOwnFITIDIsReadWithANote() throws {
        let body = bankStatement(
            transaction("-58.73", fitid: "201409206", name: "<CORRECTFITID>201409206<CORRECTACTION>REPLACE<NAME>Grocer")
                + transaction("-1.27", fitid: "201409207"),
            balance: "40.00")
        let result = read(sgmlFile(body))
        XCTAssertEqual(result.rejects, [])
        XCTAssertEqual(result.transactions.map(\.id), ["201409206", "201409207"])
        XCTAssertEqual(result.transactions.map(\.amount), ["-58.73", "-1.27"])
        XCTAssertEqual(
            result.notes,
            [
                "STMTRS[0].STMTTRN[0].CORRECTACTION: REPLACE of its own FITID 201409206 corrects no other "
                    + "transaction: read as this one (a FITID 201409206 read before is not replaced)"
            ])
    }

    /// A correction of another transaction is still rejected, naming it; a `DELETE` of its own
    /// FITID, or one without `CORRECTFITID`, says nothing of its amount's being money: rejected.
    func testCorrectionsOfOtherTransactionsAndDeletesAreStillRejected() {
        let body = bankStatement(
            transaction("-1.00", fitid: "A")
                + transaction("-2.00", fitid: "B", name: "<CORRECTFITID>A<CORRECTACTION>REPLACE<NAME>x")
                + transaction("-3.00", fitid: "C", name: "<CORRECTFITID>C<CORRECTACTION>DELETE<NAME>x")
                + transaction("-4.00", fitid: "D", name: "<CORRECTACTION>DELETE<NAME>x"))
        let result = read(sgmlFile(body))
        XCTAssertEqual(result.transactions.map(\.id), ["A"])
        XCTAssertEqual(result.notes, [])
        XCTAssertEqual(
            result.rejects.map { "\($0.location): \($0.reason)" },
            [
                "STMTRS[0].STMTTRN[1].CORRECTACTION: REPLACE of FITID A: a correction txfeed does not apply; FITID A "
                    + "stays as it was read",
                "STMTRS[0].STMTTRN[2].CORRECTACTION: DELETE of its own FITID C: a correction txfeed does not apply; "
                    + "not read, and a FITID C read before stays",
                "STMTRS[0].STMTTRN[3].CORRECTACTION: DELETE without CORRECTFITID: it names no transaction; not read",
            ])
    }
}
