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
}
