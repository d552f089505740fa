import Foundation
import TxFeedTestSupport
import XCTest

/// An id two booked records of one statement share is no bank id: `--dedupe` keeps both and
/// says so, and `--state` neither drops the second as a duplicate nor a later payment with that
/// id as seen. (PostFinance writes `NONREF` on every line, a Starling `Reference` column holds
/// payment texts such as `RENT`: each dropped real payments with exit 0.)
final class SharedBankIDTests: XCTestCase {
    func envelope(_ records: [(vendor: String, amount: String, date: String, id: String)]) -> String {
        let rows = records.map {
            #"{"type":1,"vendor":"\#($0.vendor)","amount":\#($0.amount),"date":"\#($0.date)","id":"\#($0.id)"}"#
        }
        return #"{"body":{"name":"Current","id":"GB01","currency":"GBP","transactions":["#
            + rows.joined(separator: ",") + "]}}"
    }

    func testPaymentsSharingAnIdInOneStatementAreEachImportedOnce() throws {
        let folder = try TemporaryFolder()
        let march = try folder.write(
            "march.json",
            envelope([("Landlord", "800", "2024-03-01", "RENT"), ("Landlord", "850", "2024-04-01", "RENT")]))
        let state = folder.path + "/state.db"
        let first = try txfeed("run", march, "--state", state, "--sink", "csv", "--no-progress")
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.output.split(separator: "\r\n").count, 3, first.output)
        XCTAssertTrue(
            first.stderr.contains(
                "txfeed: Current (march): 2 records share bank ids with other records of their statement ('RENT'): "
                    + "told apart by their fingerprints, not by those ids"), first.stderr)

        // May's statement repeats April's rent and has May's: April's is seen, May's is new.
        let may = try folder.write(
            "may.json",
            envelope([("Landlord", "850", "2024-04-01", "RENT"), ("Landlord", "900", "2024-05-01", "RENT")]))
        let second = try txfeed("run", may, "--state", state, "--sink", "csv", "--no-progress")
        XCTAssertEqual(second.status, 0, second.stderr)
        let rows = second.output.split(separator: "\r\n").dropFirst()
        XCTAssertEqual(rows.count, 1, second.output)
        XCTAssertTrue(rows.first?.contains("-900.00") ?? false, second.output)

        // June's statement has one rent, with the id alone: it is new, not seen by its id.
        let june = try folder.write("june.json", envelope([("Landlord", "950", "2024-06-01", "RENT")]))
        let third = try txfeed("run", june, "--state", state, "--sink", "csv", "--no-progress")
        XCTAssertEqual(third.status, 0, third.stderr)
        XCTAssertTrue(third.output.contains("-950.00"), third.output + third.stderr)
    }
}
