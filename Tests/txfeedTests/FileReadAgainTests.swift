import Foundation
import TxFeedTestSupport
import XCTest

/// A file imported under `--state` and read again gives its records the same identities, so
/// they are seen. When the same bytes give booked records the state does not know, the reading
/// changed (a txfeed that reads a payee or memo better, other options): a fingerprint hashes the
/// payee and memo, so that money was written a second time with exit 0 and not a word.
final class FileReadAgainTests: XCTestCase {
    func testTheSameBytesReadOtherwiseAreNamedWithTheirEarlierBatch() throws {
        let folder = try temporaryFolder()
        let bank = try folder.write(
            "bank.csv",
            "Date,Payee,Memo,Amount\n2024-03-01,Salary,ACME payroll,2000.00\n2024-03-02,Grocer,card 1234,-45.20\n")
        let state = folder.path + "/state.db"
        let first = try txfeed("run", bank, "--state", state, "--sink", "csv", "--no-progress")
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertFalse(first.stderr.contains("warning"), first.stderr)

        // The same bytes again, as they were read: every record seen, nothing said.
        let again = try txfeed("run", bank, "--state", state, "--sink", "csv", "--no-progress")
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stderr.contains("seen 2"), again.stderr)
        XCTAssertFalse(again.stderr.contains("warning"), again.stderr)

        // Read otherwise (the payee from the memo column, as a reader that changed would): new
        // fingerprints, the same money, said with the batch that wrote it.
        let otherwise = try txfeed(
            "run", "-s", "csv:\(bank),vendor=Memo,memo=Payee", "--state", state, "--sink", "csv", "--no-progress")
        XCTAssertEqual(otherwise.status, 0, otherwise.stderr)
        XCTAssertTrue(
            otherwise.stderr.contains(
                "txfeed: warning: bank: batch 1 read the same bytes of \(bank), yet 2 booked records of them are new "
                    + "to \(state): read otherwise than then (a payee, a memo, other options), so likely that money "
                    + "again; `txfeed state show \(state)` lists the batch"), otherwise.stderr)

        // Other bytes (a new row) give new records without a word.
        try folder.write("bank.csv", "Date,Payee,Memo,Amount\n2024-03-09,Cafe,,-3.10\n")
        let other = try txfeed("run", bank, "--state", state, "--sink", "csv", "--no-progress")
        XCTAssertEqual(other.status, 0, other.stderr)
        XCTAssertFalse(other.stderr.contains("warning"), other.stderr)
    }
}
