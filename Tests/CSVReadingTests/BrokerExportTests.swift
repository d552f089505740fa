import CSVReading
import XCTest

/// A broker's `Amount` is the cash that moved, its `Commission` and `Fees` in it already
/// (Fidelity's account history, in the layout redstreet's importer reads; rows made up): the fee
/// taken again, every sale with a fee was short by it, with exit 0.
final class BrokerExportTests: XCTestCase {
    static let fidelity = """
        Run Date,Action,Symbol,Security Description,Security Type,Quantity,Price ($),Commission ($),Fees ($),Accrued Interest ($),Amount ($),Settlement Date
         12/01/2021, YOU SOLD OPENING TRANSACTION PUT (MU) (Cash), -MU211217P80, PUT (MU),Cash,-1,2.00,0.65,0.02,,199.33,12/02/2021
         11/30/2021, YOU SOLD ISHARES ULTRA SHORT-TERM BOND ACTIVE ETF (ICSH) (Cash), ICSH, ISHARES,Cash,-100,50.60,,0.03,,5059.97,12/02/2021
         11/29/2021, DIVIDEND RECEIVED FIDELITY ZERO EXTND MARKET INDEX FUND (Cash), FZIPX, FIDELITY,Cash,,,,,,100.01,

        """

    func testAFeeBesideACommissionIsInTheAmountAlready() throws {
        let result = try CSVReading.read(Self.fidelity)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries.first?.map(\.amount), ["199.33", "5059.97", "100.01"])
        XCTAssertTrue(
            result.notes.contains(
                #"column "Fees ($)" not taken from the amounts: beside column "Commission ($)" they are a broker's, net of commission and fees"#
            ), "\(result.notes)")
    }

    /// Fidelity's newer export has a `Cash Balance ($)`: it follows the amounts as written, so
    /// the fee is in them. Taken, the file failed naming a break whose own figures added up.
    func testABalanceThatFollowsTheAmountsAsWrittenKeepsTheFeeInThem() throws {
        let text = """
            Run Date,Action,Description,Fees ($),Amount ($),Cash Balance ($)
            12/04/2025,YOU SOLD,ICSH,0.03,5059.97,8859.70
            12/03/2025,YOU BOUGHT,TRADR 2X,,-190.06,3799.73
            12/02/2025,DIVIDEND,FCNTX,,100.00,3989.79

            """
        let result = try CSVReading.read(text, options: ["date-format": "%m/%d/%Y"])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries.first?.map(\.amount), ["5059.97", "-190.06", "100.00"])
        XCTAssertTrue(
            result.notes.contains {
                $0.hasPrefix(
                    #"column "Fees ($)" not taken from the amounts: the balance column follows them as written"#)
            },
            "\(result.notes)")
    }
}
