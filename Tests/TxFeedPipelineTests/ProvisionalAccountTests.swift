import TxFeedModel
import TxFeedPluginHost
import XCTest

@testable import TxFeedPipeline

/// A plugin host child sends a long streamed account up as it comes instead of holding it
/// whole; txfeed keeps those records only once the account ends well. Here a child's collector
/// hands what it would send straight to txfeed's, without the pipe (the wire has its own tests).
final class ProvisionalAccountTests: XCTestCase {
    private let header = Array(#"{"status":200,"body":{"name":"Long","transactions":[]}}"#.utf8)

    private func batch(_ n: Int) -> [UInt8] {
        Array(
            #"[{"type":0,"vendor":"Shop \#(n % 3)","amount":\#(n + 1),"date":"2024-01-0\#(n % 9 + 1) 00:00:00"}]"#.utf8)
    }

    private func collector() -> SourceCollector {
        SourceCollector(name: "s", index: 0, threads: 1, log: { _, _, _ in }, onProgress: nil)
    }

    /// A child's collector and txfeed's, joined as the child's events join them.
    private struct Pair {
        let child: SourceCollector
        let txfeed: SourceCollector

        /// What the child would send now: what it committed, then the open account so far.
        /// Returns the part of the open account that went, if one did.
        @discardableResult
        func flush() -> SourceData? {
            _ = txfeed.delivered(child.take(), as: .committed)
            guard let part = child.takeOpenAccountPart() else { return nil }
            _ = txfeed.delivered(part, as: .provisional)
            return part
        }

        func endAccount() {
            _ = child.endAccount(balance: nil) { rest, delivery in
                _ = txfeed.delivered(child.take(), as: .committed)
                _ = txfeed.delivered(rest, as: delivery)
            }
        }
    }

    /// Streams `batches` into an account, sending it up after each; nil `fail` ends it well.
    private func stream(_ pair: Pair, batches: Int, failAfter fail: Int? = nil) {
        _ = header.withUnsafeBufferPointer { pair.child.beginAccount(text: $0, origin: "long") }
        XCTAssertNil(pair.flush(), "an account with no records yet")
        let kept = pair.txfeed.peek().transactions.count
        for n in 0..<batches {
            _ = batch(n).withUnsafeBufferPointer { pair.child.transactions(text: $0) }
            if n == fail { _ = pair.child.failAccount(reason: "balances do not reconcile") }
            let part = pair.flush()
            XCTAssertEqual(part != nil, fail.map { n < $0 } ?? true, "batch \(n)")
            // Three vendors in turn: a part carries a name only the first time it is seen.
            XCTAssertEqual(part?.vendors.count ?? 0, part == nil || n >= 3 ? 0 : 1, "batch \(n)")
            XCTAssertEqual(part?.vendorBase ?? 0, part == nil ? 0 : min(n, 3), "batch \(n)")
            XCTAssertEqual(pair.child.peek().transactions.count, 0, "the child holds nothing it sent")
            XCTAssertEqual(pair.txfeed.peek().transactions.count, kept, "txfeed keeps nothing of an open account")
        }
    }

    func testAnAccountSentUpAsItCameIsKeptWholeOnceItEndsWell() {
        let pair = Pair(child: collector(), txfeed: collector())
        stream(pair, batches: 5)
        pair.endAccount()
        let sent = pair.txfeed.take()

        let direct = collector()
        _ = header.withUnsafeBufferPointer { direct.beginAccount(text: $0, origin: "long") }
        for n in 0..<5 { _ = batch(n).withUnsafeBufferPointer { direct.transactions(text: $0) } }
        _ = direct.endAccount()
        let whole = direct.take()

        XCTAssertEqual(sent.accounts.map(\.name), ["Long"])
        XCTAssertEqual(sent.transactions.map(\.amountMinor), whole.transactions.map(\.amountMinor))
        XCTAssertEqual(sent.transactions.map(\.unixSeconds), whole.transactions.map(\.unixSeconds))
        XCTAssertEqual(
            sent.transactions.map { sent.vendors.name(of: $0.vendor) },
            whole.transactions.map { whole.vendors.name(of: $0.vendor) })
        XCTAssertEqual(Set(sent.transactions.map(\.account)), [0])
        XCTAssertEqual(sent.documents, whole.documents)
    }

    func testAnAccountThatFailsAfterItsRecordsWentUpLeavesOnlyItsFailure() {
        let pair = Pair(child: collector(), txfeed: collector())
        pair.child.emit(envelope("Before", count: 2))
        stream(pair, batches: 5, failAfter: 3)
        pair.endAccount()
        let data = pair.txfeed.take()
        XCTAssertEqual(data.accounts.map(\.name), ["Before"])
        XCTAssertEqual(data.transactions.count, 2)
        XCTAssertEqual(data.failures, ["long: balances do not reconcile"])
    }

    func testAnAccountThatNeverEndsIsDroppedWithTheSource() {
        let pair = Pair(child: collector(), txfeed: collector())
        stream(pair, batches: 3)
        pair.child.runEnded()
        pair.flush()
        let data = pair.txfeed.take()
        XCTAssertEqual(data.accounts.count, 0)
        XCTAssertEqual(data.transactions.count, 0)
        XCTAssertEqual(data.failures, ["long: account ended without end_account"])
    }

    func testABeginAgainReplacesTheAccountHeldWithTheNewOne() {
        let pair = Pair(child: collector(), txfeed: collector())
        stream(pair, batches: 2)
        stream(pair, batches: 3)
        pair.endAccount()
        let data = pair.txfeed.take()
        XCTAssertEqual(data.accounts.map(\.name), ["Long"])
        XCTAssertEqual(data.transactions.map(\.amountMinor), [100, 200, 300])
        XCTAssertEqual(data.failures, ["long: begin_account again before end_account"])
    }

    /// One huge envelope read in pieces keeps what earlier pieces delivered: those go up as
    /// committed pieces, never as an account held open.
    func testPiecesOfAHugeEnvelopeGoUpCommitted() {
        let pair = Pair(child: collector(), txfeed: collector())
        _ = header.withUnsafeBufferPointer { pair.child.beginAccount(text: $0, origin: "huge") }
        for n in 0..<3 {
            _ = batch(n).withUnsafeBufferPointer {
                pair.child.transactions(text: $0, part: TextPart(offset: 100 * n, line: 1, column: 100 * n + 1))
            }
            XCTAssertNil(pair.flush(), "piece \(n)")
            XCTAssertEqual(pair.txfeed.peek().transactions.count, n + 1)
        }
    }
}
