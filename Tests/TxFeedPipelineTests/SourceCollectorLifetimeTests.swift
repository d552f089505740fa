import TxFeedModel
import TxFeedPluginHost
import XCTest

@testable import TxFeedPipeline

/// The account line's commits hold their collector strongly (a weak reference slowed every
/// retain of it); once the run has ended the line is gone and the collector with it.
final class SourceCollectorLifetimeTests: XCTestCase {
    private func envelope(_ n: Int) -> [UInt8] {
        Array(#"{"status":200,"body":{"name":"Account \#(n)","currency":"EUR","transactions":[]}}"#.utf8)
    }

    private func batch(_ n: Int) -> [UInt8] {
        Array(#"[{"type":0,"vendor":"Shop","amount":\#(n + 1),"date":"2024-01-01 00:00:00"}]"#.utf8)
    }

    func testACollectorWhoseSmallAccountsWentToTheLineIsFreedOnceItsRunEnded() {
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
        XCTAssertNil(freed, "the line's commits kept the collector alive after its run ended")
    }

    /// A balance stated as a small account ends (`end_account_with_balance`) replaces the
    /// envelope's whether the account went to the line (two threads) or was decoded as it came
    /// (one), and one that is not a decimal fails that account alone.
    func testABalanceStatedAtTheEndIsKeptOnTheLineAsWithOneThread() {
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
