import Foundation
import TxFeedModel
import TxFeedPluginHost
import XCTest

@testable import TxFeedPipeline

/// What a plugin hands over in a child arrives in txfeed as the collector in txfeed's own
/// process would have it: documents and streamed accounts, in their order, with their rejects,
/// stated balances and failures.
final class ChildEventsTests: XCTestCase {
    private static func envelope(_ name: String, currency: String = "EUR") -> [UInt8] {
        Array(#"{"status":200,"body":{"name":"\#(name)","currency":"\#(currency)","transactions":[]}}"#.utf8)
    }

    /// Transactions all of one date, so that the feed's order shows the order they came in.
    private static func batch(_ vendors: String...) -> [UInt8] { batch(vendors) }

    private static func batch(_ vendors: [String]) -> [UInt8] {
        let elements = vendors.map { #"{"type":1,"vendor":"\#($0)","amount":3,"date":"2024-05-06"}"# }
        return Array("[\(elements.joined(separator: ","))]".utf8)
    }

    /// A document the child decodes itself: the envelope with its transactions inside.
    private static func document(_ name: String, _ vendor: String) -> [UInt8] {
        Array(
            #"{"status":200,"body":{"name":"\#(name)","transactions":[{"type":0,"vendor":"\#(vendor)","amount":1,"date":"2024-05-06"}]}}"#
                .utf8)
    }

    /// A plugin's calls: documents, small accounts (one with a reject and a stated balance,
    /// one failing, one without an origin), a document between them.
    private func drive(_ events: any SourceEvents) {
        func call(_ bytes: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> CallbackAnswer) {
            XCTAssertEqual(bytes.withUnsafeBufferPointer(body), .proceed)
        }
        call(Self.document("First", "Opening")) { events.document(text: $0, origin: "doc:1") }
        call(Self.envelope("Small")) { events.beginAccount(text: $0, origin: "acct:small") }
        call(Self.batch("Alpha", "Beta")) { events.transactions(text: $0) }
        call(Self.batch("Gamma")) { events.transactions(text: $0) }
        XCTAssertEqual(events.endAccount(balance: nil), .proceed)
        call(Self.document("Between", "Middle")) { events.document(text: $0, origin: "doc:2") }
        call(Self.envelope("Stated", currency: "JPY")) { events.beginAccount(text: $0, origin: "acct:stated") }
        call(Self.batch("Delta")) { events.transactions(text: $0) }
        XCTAssertEqual(events.reject(location: "line 9", reason: "3 fields", raw: Array("a;b;c".utf8)), .proceed)
        call(Array("-1250".utf8)) { events.endAccount(balance: $0) }
        call(Self.envelope("Broken")) { events.beginAccount(text: $0, origin: "acct:broken") }
        call(Self.batch("Lost")) { events.transactions(text: $0) }
        XCTAssertEqual(events.failAccount(reason: "balances do not reconcile"), .proceed)
        XCTAssertEqual(events.endAccount(balance: nil), .proceed)
        call(Self.envelope("Last")) { events.beginAccount(text: $0, origin: "acct:last") }
        call(Self.batch("Omega")) { events.transactions(text: $0) }
        XCTAssertEqual(events.endAccount(balance: nil), .proceed)
        // No origin of its own: the source's name is the account's.
        call(Self.envelope("Unnamed")) { events.beginAccount(text: $0, originBytes: nil) }
        call(Self.batch("Psi")) { events.transactions(text: $0) }
        XCTAssertEqual(events.endAccount(balance: nil), .proceed)
    }

    private func collector(threads: Int) -> SourceCollector {
        SourceCollector(name: "s", index: 0, threads: threads, log: { _, _, _ in }, onProgress: nil)
    }

    /// The calls through a child's events and a file, read back as txfeed's side reads them.
    private func throughChild(
        threads: Int, _ drive: ((any SourceEvents) -> Void)? = nil
    ) throws -> (data: SourceData, kinds: [FrameKind]) {
        try throughWireFile { out, back in
            try throughChild(threads: threads, drive ?? self.drive, out: out, back: back)
        }
    }

    private func throughChild(
        threads: Int, _ drive: (any SourceEvents) -> Void, out: Int32, back: Int32
    ) throws -> (data: SourceData, kinds: [FrameKind]) {
        let child = collector(threads: threads)
        let events = ChildEvents(collector: child, writer: FrameWriter(fd: out))
        drive(events)
        events.runEnded()
        events.flush()

        let parent = collector(threads: threads)
        var reader = FrameReader(fd: back)
        var chunks = ChunkAssembler(source: 0)
        var kinds: [FrameKind] = []
        while case .frame(let kind, let payload) = reader.next() {
            kinds.append(kind)
            switch kind {
            case .data, .transactions:
                let chunk = kind == .data ? try chunks.head(payload) : try chunks.transactions(payload)
                if let chunk { XCTAssertEqual(parent.delivered(chunk.data, as: chunk.delivery), .proceed) }
            default:
                XCTFail("unexpected \(kind)")
            }
        }
        parent.runEnded()
        return (parent.take(), kinds)
    }

    func testWhatAChildSendsUpIsWhatTxfeedsProcessDecodes() throws {
        for threads in [1, 2] {
            let direct = collector(threads: threads)
            drive(direct)
            direct.runEnded()
            let expected = direct.take()
            let (received, kinds) = try throughChild(threads: threads)

            XCTAssertEqual(Set(kinds), [.data, .transactions], "\(threads)")
            XCTAssertEqual(received.accounts.map(\.name), ["First", "Small", "Between", "Stated", "Last", "Unnamed"])
            XCTAssertEqual(received.accounts.map(\.name), expected.accounts.map(\.name))
            XCTAssertEqual(received.accounts.map(\.origin), expected.accounts.map(\.origin))
            XCTAssertEqual(received.accounts.last?.origin, "s")
            XCTAssertEqual(received.accounts[3].balance, Money(minorUnits: -1250, scale: 0))
            XCTAssertEqual(received.accounts.map(\.balance), expected.accounts.map(\.balance))
            func vendors(_ data: SourceData) -> [String] {
                data.transactions.map { data.vendors.name(of: $0.vendor) }
            }
            XCTAssertEqual(vendors(received), ["Opening", "Alpha", "Beta", "Gamma", "Middle", "Delta", "Omega", "Psi"])
            XCTAssertEqual(vendors(received), vendors(expected))
            XCTAssertEqual(received.transactions.map(\.account), expected.transactions.map(\.account))
            XCTAssertEqual(received.transactions.map(\.signedMinor), expected.transactions.map(\.signedMinor))
            XCTAssertEqual(received.rejects.map(\.path), ["line 9"])
            XCTAssertEqual(received.rejects.map(\.raw), expected.rejects.map(\.raw))
            XCTAssertEqual(received.failures, ["acct:broken: balances do not reconcile"])
            XCTAssertEqual(received.failures, expected.failures)
            XCTAssertEqual(received.documents, expected.documents)
        }
    }

    /// A large batch, JSON and entries in one account, an account begun again and one left
    /// open: the feed is the same as in-process.
    func testLargeMixedAndUnendedAccountsArriveAsInProcess() throws {
        let huge = Self.batch(Array(repeating: String(repeating: "x", count: 200), count: 6_000))
        let drive: (any SourceEvents) -> Void = { events in
            func call(_ bytes: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> CallbackAnswer) {
                XCTAssertEqual(bytes.withUnsafeBufferPointer(body), .proceed)
            }
            call(Self.envelope("Grown")) { events.beginAccount(text: $0, origin: "acct:grown") }
            call(Self.batch("Before")) { events.transactions(text: $0) }
            XCTAssertEqual(events.reject(location: "line 2", reason: "odd", raw: Array("?".utf8)), .proceed)
            call(huge) { events.transactions(text: $0) }
            XCTAssertEqual(events.endAccount(balance: nil), .proceed)
            // JSON and entries in one account.
            call(Self.envelope("Entries")) { events.beginAccount(text: $0, origin: "acct:entries") }
            call(Self.batch("Json")) { events.transactions(text: $0) }
            let (date, vendor, amount) = (Array("2024-05-06".utf8), Array("Entry".utf8), Array("-4.50".utf8))
            date.withUnsafeBufferPointer { date in
                vendor.withUnsafeBufferPointer { vendor in
                    amount.withUnsafeBufferPointer { amount in
                        let entry = [EntryFields(date: date, vendor: vendor, amount: amount)]
                        XCTAssertEqual(entry.withUnsafeBufferPointer { events.entries($0) }, .proceed)
                    }
                }
            }
            XCTAssertEqual(events.endAccount(balance: nil), .proceed)
            // Begun again before its end, then one left open as the run ends: both fail.
            call(Self.envelope("Unended")) { events.beginAccount(text: $0, origin: "acct:unended") }
            call(Self.batch("Lost")) { events.transactions(text: $0) }
            call(Self.envelope("Next")) { events.beginAccount(text: $0, origin: "acct:next") }
            call(Self.batch("Kept")) { events.transactions(text: $0) }
            XCTAssertEqual(events.endAccount(balance: nil), .proceed)
            call(Self.envelope("Open")) { events.beginAccount(text: $0, origin: "acct:open") }
            call(Self.batch("Never")) { events.transactions(text: $0) }
        }
        for threads in [1, 2] {
            let direct = collector(threads: threads)
            drive(direct)
            direct.runEnded()
            let expected = direct.take()
            let (received, kinds) = try throughChild(threads: threads, drive)

            XCTAssertTrue(kinds.contains(.transactions), "\(kinds)")
            XCTAssertEqual(received.accounts.map(\.name), ["Grown", "Entries", "Next"])
            XCTAssertEqual(received.accounts.map(\.name), expected.accounts.map(\.name))
            func vendors(_ data: SourceData) -> [String] {
                data.transactions.map { data.vendors.name(of: $0.vendor) }
            }
            XCTAssertEqual(received.transactions.count, 6_004)
            XCTAssertEqual(vendors(received), vendors(expected))
            XCTAssertEqual(received.transactions.map(\.signedMinor), expected.transactions.map(\.signedMinor))
            XCTAssertEqual(received.rejects.map(\.path), ["line 2"])
            XCTAssertEqual(
                received.failures,
                [
                    "acct:unended: begin_account again before end_account",
                    "acct:open: account ended without end_account",
                ])
            XCTAssertEqual(received.failures, expected.failures)
        }
    }

    /// Cancelled mid-account (a timeout): the account open in the child's events fails whole as
    /// the run ends, as in-process, and nothing of it goes up.
    func testAnAccountOpenWhenTheSourceIsCancelledFailsWhole() throws {
        let devNull = open("/dev/null", O_WRONLY)
        defer { close(devNull) }
        var failures: [[String]] = []
        for inChild in [false, true] {
            let collector = collector(threads: 1)
            let events = ChildEvents(collector: collector, writer: FrameWriter(fd: devNull))
            let driven: any SourceEvents = inChild ? events : collector
            Self.envelope("Cut").withUnsafeBufferPointer {
                XCTAssertEqual(driven.beginAccount(text: $0, origin: "acct:cut"), .proceed)
            }
            Self.batch("Before").withUnsafeBufferPointer { XCTAssertEqual(driven.transactions(text: $0), .proceed) }
            collector.cancel()
            Self.batch("After").withUnsafeBufferPointer { XCTAssertEqual(driven.transactions(text: $0), .stop) }
            XCTAssertEqual(driven.failAccount(reason: "too late"), .stop)
            if inChild { events.runEnded() } else { collector.runEnded() }
            let data = collector.take()
            XCTAssertTrue(data.transactions.isEmpty && data.accounts.isEmpty, "\(inChild)")
            failures.append(data.failures)
        }
        XCTAssertEqual(failures[1], ["acct:cut: account ended without end_account"])
        XCTAssertEqual(failures[1], failures[0])
    }
}
