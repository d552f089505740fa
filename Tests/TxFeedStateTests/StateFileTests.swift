import Foundation
import TxFeedModel
import TxFeedTestSupport
import XCTest

@testable import TxFeedState

/// The state file on its own: what a run records comes back as history, a run that records
/// nothing leaves nothing, batches number on, and the lock makes a second opener wait.
final class StateFileTests: XCTestCase {
    var folder: TemporaryFolder!
    var path: String { folder.path + "/state.db" }

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    /// A feed of one account, merged as a run would merge it.
    private func feed(_ rows: [(vendor: String, minor: Int64, bankID: String?, pending: Bool)]) -> Feed {
        Feed(merging: [outcome(rows)])
    }

    private func outcome(_ rows: [(vendor: String, minor: Int64, bankID: String?, pending: Bool)]) -> SourceOutcome {
        var data = SourceData()
        data.accounts = [
            Account(
                name: "Checking", id: "DE89", balance: nil, currency: "EUR", profile: nil, source: 0, origin: "test",
                scale: 2)
        ]
        for row in rows {
            var details = Transaction.noDetails
            if let id = row.bankID {
                details = UInt32(data.details.count)
                data.details.append(TransactionDetails(id: id, memo: nil))
            }
            data.transactions.append(
                Transaction(
                    unixSeconds: 1_704_153_600, amountMinor: row.minor.magnitude == 0 ? 0 : Int64(row.minor.magnitude),
                    vendor: data.vendors.intern(row.vendor), account: 0, isDebit: row.minor < 0, isPending: row.pending,
                    details: details))
        }
        let report = SourceReport(
            name: "test", plugin: "test", status: .success, error: nil, count: rows.count, rejected: 0, documents: 1,
            failedDocuments: 0, elapsedMilliseconds: 0)
        return SourceOutcome(data: data, report: report)
    }

    func testWhatARunRecordsIsTheNextRunsHistory() throws {
        let rows: [(vendor: String, minor: Int64, bankID: String?, pending: Bool)] = [
            ("Rent", -90_000, nil, false), ("Coffee", -300, "F1", false), ("Hotel", -9_000, nil, true),
        ]
        let first = feed(rows)
        let state = try StateFile(path: path, wait: 1)
        XCTAssertEqual(state.batch, 1)
        XCTAssertEqual(try state.history(for: first.accounts).count, 0)
        XCTAssertTrue(try state.record(first, files: [nil], started: 0))

        let next = try StateFile(path: path, wait: 1)
        XCTAssertEqual(next.batch, 2)
        let history = try next.history(for: first.accounts)
        XCTAssertEqual(history.count, 3, "rent's fingerprint, coffee's FITID and fingerprint; never the pending hotel")
        let again = Feed(merging: [outcome(rows)], history: history)
        XCTAssertEqual(again.transactions.map(\.isPending), [true], "only the pending hotel is shown again")
        XCTAssertEqual(again.duplicates.map(\.kept), [.batch(1), .batch(1)])
        next.abandon()

        let report = try StateFile.report(path: path)
        XCTAssertEqual(report.accounts.map(\.transactions), [2])
        XCTAssertEqual(report.accounts.first?.bankID, "DE89")
        XCTAssertEqual(report.accounts.first?.firstDay, "2024-01-02")
        XCTAssertEqual(report.batches.map(\.remembered), [2])
        XCTAssertEqual(report.batches.first?.pending, 1)
    }

    /// The same account read from many files (a folder of one account's statements): its keys
    /// are held once, not once per file, and every file's records are found in them.
    func testOneAccountInManySourcesIsHeldOnceAndAnswersForEach() throws {
        let rows: [(vendor: String, minor: Int64, bankID: String?, pending: Bool)] = [
            ("Rent", -90_000, nil, false), ("Coffee", -300, "F1", false),
        ]
        XCTAssertTrue(try StateFile(path: path, wait: 1).record(feed(rows), files: [nil], started: 0))

        let next = try StateFile(path: path, wait: 1)
        let files = (0..<50).map { _ in outcome(rows) }
        let history = try next.history(for: files.flatMap(\.data.accounts))
        XCTAssertEqual(history.count, 3, "one account's keys, not a copy for each file")
        let again = Feed(merging: files, history: history)
        XCTAssertEqual(again.transactions.count, 0)
        XCTAssertEqual(again.duplicates.count, 100)
        XCTAssertTrue(again.duplicates.allSatisfy { $0.kept == .batch(1) }, "\(again.duplicates.map(\.kept))")
        next.abandon()
    }

    func testARefreshThatFindsNothingNewIsNoBatch() throws {
        let state = try StateFile(path: path, wait: 1)
        XCTAssertFalse(try state.record(feed([]), files: [nil], started: 0, keepEmpty: false))
        XCTAssertTrue(try StateFile(path: path, wait: 1).record(feed([]), files: [nil], started: 0))
        XCTAssertEqual(try StateFile.report(path: path).batches.map(\.id), [1])
    }

    func testASecondOpenerWaitsForTheLockThenGivesUp() throws {
        let holder = try StateFile(path: path, wait: 1)
        let started = Date()
        XCTAssertThrowsError(try StateFile(path: path, wait: 0.2)) { error in
            XCTAssertTrue("\(error)".contains("in use by another txfeed run (waited 0.2 s)"), "\(error)")
        }
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.2, "it waited")
        holder.abandon()
        XCTAssertNoThrow(try StateFile(path: path, wait: 0.2), "free once the holder lets go")
    }

    func testTimestampsAndDaysAreUTC() {
        XCTAssertEqual(StateFile.timestamp(0), "1970-01-01T00:00:00Z")
        XCTAssertEqual(StateFile.timestamp(1_732_455_602), "2024-11-24T13:40:02Z")
        XCTAssertEqual(StateFile.day(19_723), "2024-01-01")
    }
}
