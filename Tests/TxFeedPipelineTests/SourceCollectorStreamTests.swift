import TxFeedModel
import TxFeedPluginHost
import XCTest

@testable import TxFeedPipeline

/// Streamed accounts that end wait in one data with the next ones until they are committed:
/// whatever comes after them (a document, the barrier's take, an abandon) finds them in place,
/// and an account still open is never among them.
final class SourceCollectorStreamTests: XCTestCase {
    private func envelope(_ n: Int) -> [UInt8] {
        Array(#"{"status":200,"body":{"name":"Account \#(n)","currency":"EUR","transactions":[]}}"#.utf8)
    }

    private func batch(_ n: Int, vendor: String = "Shop") -> [UInt8] {
        Array(#"[{"type":0,"vendor":"\#(vendor)","amount":\#(n + 1),"date":"2024-01-01 00:00:00"}]"#.utf8)
    }

    private func account(_ n: Int, vendor: String = "Shop", end: Bool = true, into collector: SourceCollector) {
        _ = envelope(n).withUnsafeBufferPointer { collector.beginAccount(text: $0, origin: "user \(n)") }
        _ = batch(n, vendor: vendor).withUnsafeBufferPointer { collector.transactions(text: $0) }
        if end { XCTAssertEqual(collector.endAccount(balance: nil), .proceed) }
    }

    private func vendors(_ data: SourceData) -> [String] {
        data.transactions.map { data.vendors.name(of: $0.vendor) }
    }

    /// A document after small accounts comes after them; the barrier's take while an account is
    /// open has the ended ones, not the open one, whose records (a vendor named before it too)
    /// come whole once it ends.
    func testEndedAccountsComeFirstAndAnOpenOneIsTakenApart() {
        let collector = SourceCollector(name: "s", index: 0, threads: 1, log: { _, _, _ in }, onProgress: nil)
        account(0, vendor: "Bakery", into: collector)
        account(1, into: collector)
        let document = Array(
            #"{"body":{"name":"Doc","transactions":[{"type":1,"vendor":"Kiosk","amount":5,"date":"2024-01-02"}]}}"#
                .utf8)
        XCTAssertEqual(document.withUnsafeBufferPointer { collector.document(text: $0, origin: "doc") }, .proceed)
        account(2, into: collector)
        account(3, vendor: "Bakery", end: false, into: collector)
        let first = collector.take()
        XCTAssertEqual(first.accounts.map(\.name), ["Account 0", "Account 1", "Doc", "Account 2"])
        XCTAssertEqual(vendors(first), ["Bakery", "Shop", "Kiosk", "Shop"])
        XCTAssertEqual(first.transactions.map(\.account), [0, 1, 2, 3])
        XCTAssertEqual(collector.endAccount(balance: nil), .proceed)
        collector.runEnded()
        let rest = collector.take()
        XCTAssertEqual(rest.accounts.map(\.name), ["Account 3"])
        XCTAssertEqual(vendors(rest), ["Bakery"])
        XCTAssertEqual(rest.transactions.map(\.account), [0])
        XCTAssertEqual(rest.transactions.map(\.amountMinor), [400])
    }

    /// An abandoned source keeps the accounts that ended before it was abandoned.
    func testAnAbandonedSourceKeepsTheAccountsThatEnded() {
        let collector = SourceCollector(name: "s", index: 0, threads: 1, log: { _, _, _ in }, onProgress: nil)
        account(0, into: collector)
        account(1, end: false, into: collector)
        collector.abandon()
        XCTAssertEqual(collector.endAccount(balance: nil), .stop, "refused once abandoned")
        collector.runEnded()
        let data = collector.take()
        XCTAssertEqual(data.accounts.map(\.name), ["Account 0"])
        XCTAssertEqual(data.transactions.count, 1)
    }

    /// 10,000 accounts of one record arrive whole and in order, committed in units.
    func testManySmallAccountsArriveInOrder() {
        let collector = SourceCollector(name: "s", index: 0, threads: 1, log: { _, _, _ in }, onProgress: nil)
        for n in 0..<10_000 { account(n, vendor: "Shop \(n % 7)", into: collector) }
        collector.runEnded()
        let data = collector.take()
        XCTAssertEqual(data.accounts.count, 10_000)
        XCTAssertEqual(data.transactions.map(\.amountMinor), (0..<10_000).map { Int64($0 + 1) * 100 })
        XCTAssertEqual(data.transactions.map(\.account), (0..<10_000).map { UInt32($0) })
        XCTAssertEqual(vendors(data), (0..<10_000).map { "Shop \($0 % 7)" })
        XCTAssertEqual(data.documents, 10_000)
    }

    func testACollectorIsFreedOnceItsRunEnded() {
        weak var freed: SourceCollector?
        do {
            let collector = SourceCollector(name: "s", index: 0, threads: 2, log: { _, _, _ in }, onProgress: nil)
            freed = collector
            for n in 0..<3 {
                _ = envelope(n).withUnsafeBufferPointer { collector.beginAccount(text: $0, origin: "user \(n)") }
                _ = batch(n).withUnsafeBufferPointer { collector.transactions(text: $0) }
                XCTAssertEqual(collector.endAccount(balance: nil), .proceed)
            }
            collector.runEnded()
            let data = collector.take()
            XCTAssertEqual(data.accounts.map(\.name), ["Account 0", "Account 1", "Account 2"])
            XCTAssertEqual(data.accounts.map(\.origin), ["user 0", "user 1", "user 2"])
            XCTAssertEqual(data.transactions.map(\.amountMinor), [100, 200, 300])
        }
        XCTAssertNil(freed, "the collector outlived its run")
    }

    /// A balance stated as a small account ends (`end_account_with_balance`) replaces the
    /// envelope's, with one decoding thread or two, and one that is not a decimal fails that
    /// account alone.
    func testABalanceStatedAtTheEndReplacesTheEnvelopes() {
        for threads in [1, 2] {
            let collector = SourceCollector(
                name: "s", index: 0, threads: threads, log: { _, _, _ in }, onProgress: nil)
            for (n, balance) in ["12.34", "-0.50", "lots"].enumerated() {
                _ = envelope(n).withUnsafeBufferPointer { collector.beginAccount(text: $0, origin: "user \(n)") }
                _ = batch(n).withUnsafeBufferPointer { collector.transactions(text: $0) }
                _ = Array(balance.utf8).withUnsafeBufferPointer { collector.endAccount(balance: $0) }
            }
            collector.runEnded()
            let data = collector.take()
            XCTAssertEqual(data.accounts.map { $0.balance?.minorUnits }, [1234, -50], "threads \(threads)")
            XCTAssertEqual(data.transactions.map(\.amountMinor), [100, 200], "threads \(threads)")
            XCTAssertEqual(data.failures.count, 1, "threads \(threads): \(data.failures)")
            XCTAssertTrue(data.failures.first?.contains("balance \"lots\"") ?? false, "\(data.failures)")
        }
    }
}
