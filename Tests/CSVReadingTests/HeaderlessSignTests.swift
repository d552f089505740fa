import CSVReading
import XCTest

/// A file without a header whose amounts are all unsigned names nothing that says they are
/// money in: DBS's and POSB's download puts withdrawals in one column and deposits in the next,
/// Barclaycard's its charges. Read as written, each was money in with exit 0.
final class HeaderlessSignTests: XCTestCase {
    /// POSB's savings download, one withdrawal (bank2ynab's `test-data`, MIT; its config reads
    /// `Date,skip,Outflow,Inflow,Payee,Memo` with no header row): the deposits column is blank.
    func testDBSWithdrawalWithABlankDepositColumnIsRefused() throws {
        let text = "27 Feb 2018,UMC-, 7.80, ,MCDONALD'S (TAM KIOSK) SI NG 22FEB,,,\n"
        let refused = try CSVReading.read(text)
        XCTAssertEqual(refused.problems.count, 1, refused.report)
        XCTAssertTrue(
            refused.problems[0].contains(
                "the file has no header, no amount in column 3 is signed, and no balance column"),
            refused.problems[0])
        XCTAssertTrue(refused.problems[0].contains("sign=inverted if they are money out"), refused.problems[0])
        let told = try CSVReading.read(text, options: ["sign": "inverted"])
        XCTAssertEqual(told.problems, [])
        XCTAssertEqual(told.entries.first?.map(\.amount), ["-7.80"])
    }

    /// Barclaycard's download (bank2ynab's `test-data`, MIT): the charge in the last column.
    func testBarclaycardsChargeIsRefused() throws {
        let result = try CSVReading.read(
            "10 Feb 18,\" Shop Name, AnyTown20.59 POUND STERLING GREAT BRITAIN \",Visa,MR A SURNAME,Household,,20.59\n")
        XCTAssertEqual(result.problems.count, 1, result.report)
        XCTAssertTrue(result.problems[0].contains("no amount in column 7 is signed"), result.problems[0])
    }

    /// A card's download in TD Canada Trust's layout (date, description, charge, payment, the
    /// balance owed; figures made up): the balance rises with every charge, as it would with
    /// money in. Refused, not read as four deposits.
    func testChargesBesideABalanceOwedAreRefused() throws {
        let result = try CSVReading.read(
            """
            12/06/2015,SKYPE,14.00,,97.62
            12/07/2015,STM-LAURIER MONTREAL,22.50,,120.12
            12/14/2015,RESTAURANT PHAYA THAI,40.00,,160.12
            12/16/2015,STM-CHARLEVOIX,45.00,,205.12

            """)
        XCTAssertEqual(result.problems.count, 1, result.report)
        XCTAssertTrue(
            result.problems[0].contains("the balance column rises with every one (3 of 3 rows)"), result.problems[0])
        XCTAssertTrue(result.problems[0].contains("check-balance=false"), result.problems[0])
    }

    /// One signed amount among them is enough: the column is the signed amount.
    func testASignedAmountStillReads() throws {
        let result = try CSVReading.read(
            """
            13/03/2024,TESCO,12.50
            14/03/2024,CAFE,-3.00

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries.first?.map(\.amount), ["12.50", "-3.00"])
    }
}
