import Synchronization
import TxFeedModel
import XCTest

@testable import TxFeedDecoding

/// Texts of many envelopes (NDJSON, arrays) past the size where they are decoded on several
/// threads: the result is the same for any thread count, and errors keep their lines.
final class ManyEnvelopesTests: XCTestCase {
    private func decode(_ text: String, threads: Int) -> SourceData {
        Array(text.utf8).withUnsafeBufferPointer {
            DocumentDecoder(origin: "in.json", sourceIndex: 0, threads: threads).decode(text: $0)
        }
    }

    private func envelope(_ n: Int) -> String {
        let rows = (0..<20).map { k in
            #"{"type":\#(k % 2),"vendor":"Vendor \#(n % 97)-\#(k)","amount":\#(n).\#(k % 10)5,"date":"2021-01-01 00:00:\#(String(format: "%02d", k))"}"#
        }
        return
            #"{"body":{"name":"Account \#(n % 7)","currentBalance":1,"transactions":[\#(rows.joined(separator: ","))]}}"#
    }

    /// `count` envelopes a line, the one at `broken` cut short and the one at `badAmount` with a
    /// record to reject.
    private func ndjson(_ count: Int, broken: Int, badAmount: Int) -> String {
        var lines = (0..<count).map(envelope)
        lines[broken] = #"{"body": {"name": "Broken", "transactions": [}"#
        lines[badAmount] =
            #"{"body": {"name": "Bad amount", "transactions": [{"type":1,"vendor":"X","amount":"1","date":"2021-01-01"}]}}"#
        return lines.joined(separator: "\n") + "\n"
    }

    func testNDJSONGivesTheSameResultOnAnyNumberOfThreads() {
        let text = ndjson(2000, broken: 1234, badAmount: 1500)
        XCTAssertGreaterThan(text.utf8.count, DocumentDecoder.parallelTextBytes, "big enough to be split")
        let one = decode(text, threads: 1)
        let four = decode(text, threads: 4)
        XCTAssertEqual(one.transactions.count, 1998 * 20)
        XCTAssertEqual(
            one.failures, ["in.json:1235:46: expected ',' or ']' in array"], "the real line of the broken one")
        XCTAssertEqual(four.failures, one.failures)
        XCTAssertEqual(four.rejects.map(\.path), one.rejects.map(\.path))
        XCTAssertEqual(one.rejects.count, 1)
        XCTAssertEqual(four.accounts.map(\.name), one.accounts.map(\.name))
        XCTAssertEqual(four.transactions.map(\.amountMinor), one.transactions.map(\.amountMinor))
        XCTAssertEqual(
            four.transactions.map { Array(four.vendors.bytes(of: $0.vendor)) },
            one.transactions.map { Array(one.vendors.bytes(of: $0.vendor)) })
    }

    func testAnArrayFailsWholeWithItsEarliestError() {
        var elements = (0..<2000).map(envelope)
        elements[1900] = #"{"body": 5}"#
        elements[300] = #"[1]"#
        let text = "[\n" + elements.joined(separator: ",\n") + "\n]\n"
        for threads in [1, 4] {
            let data = decode(text, threads: threads)
            XCTAssertEqual(data.transactions.count, 0, "an array fails or succeeds as a whole")
            XCTAssertEqual(data.failures, ["in.json:302:1: expected an envelope object, found an array"])
        }
        elements[300] = envelope(300)
        elements[1900] = envelope(1900)
        let whole = decode("[\n" + elements.joined(separator: ",\n") + "\n]\n", threads: 4)
        XCTAssertEqual(whole.transactions.count, 2000 * 20)
        XCTAssertEqual(whole.failures, [])
    }

    /// The pieces `decode(text:handingOver:)` hands over, small runs of lines for a test.
    private func pieces(_ text: String, threads: Int) -> [SourceData] {
        var decoder = DocumentDecoder(origin: "in.json", sourceIndex: 0, threads: threads)
        decoder.handOverBytes = 32 << 10
        let handed = Mutex<[SourceData]>([])
        Array(text.utf8).withUnsafeBufferPointer { text in
            decoder.decode(text: text) { piece in handed.withLock { $0.append(piece) } }
        }
        return handed.withLock { $0 }
    }

    private func joined(_ pieces: [SourceData]) -> SourceData {
        pieces.reduce(into: SourceData()) { $0.append($1) }
    }

    /// A large NDJSON text is handed over in runs of lines as they are decoded: many pieces,
    /// in the text's order (each envelope's amounts are its own), together what one decode
    /// gives, failures and rejects in their places, on any number of threads.
    func testNDJSONHandedOverInPiecesIsTheWholeTextInOrder() {
        let text = ndjson(650, broken: 434, badAmount: 500)
        let whole = decode(text, threads: 1)
        for threads in [1, 2, 4] {
            let handed = pieces(text, threads: threads)
            XCTAssertGreaterThan(handed.count, 20, "runs of about 32 KiB of a 1.2 MB text")
            let data = joined(handed)
            XCTAssertEqual(data.transactions.map(\.amountMinor), whole.transactions.map(\.amountMinor), "\(threads)")
            XCTAssertEqual(
                data.transactions.map { Array(data.vendors.bytes(of: $0.vendor)) },
                whole.transactions.map { Array(whole.vendors.bytes(of: $0.vendor)) })
            XCTAssertEqual(data.transactions.map(\.account), whole.transactions.map(\.account))
            XCTAssertEqual(data.accounts.map(\.name), whole.accounts.map(\.name))
            XCTAssertEqual(data.failures, ["in.json:435:46: expected ',' or ']' in array"])
            XCTAssertEqual(data.rejects.map(\.path), whole.rejects.map(\.path))
            XCTAssertEqual(data.documents, whole.documents)
        }
    }

    /// An array of envelopes is handed over only once every element passed: one that is not
    /// an envelope fails the array, which hands over its failure alone; an envelope that
    /// fails only loses itself, in its place.
    func testAnArrayIsHandedOverOnlyWhenItPassesWhole() {
        var elements = (0..<650).map(envelope)
        elements[600] = #"{"body": 5}"#
        let text = "[\n" + elements.joined(separator: ",\n") + "\n]\n"
        elements[300] = #"[1]"#
        let broken = "[\n" + elements.joined(separator: ",\n") + "\n]\n"
        let whole = decode(text, threads: 1)
        XCTAssertEqual(whole.failures, ["in.json:602:1: body is not an object"])
        for threads in [1, 4] {
            let failed = pieces(broken, threads: threads)
            XCTAssertEqual(failed.count, 1)
            XCTAssertEqual(failed.first?.transactions.count, 0)
            XCTAssertEqual(failed.first?.failures, ["in.json:302:1: expected an envelope object, found an array"])
            let handed = pieces(text, threads: threads)
            XCTAssertEqual(handed.count, threads, "a run a thread: the array was read whole first")
            let data = joined(handed)
            XCTAssertEqual(data.transactions.map(\.amountMinor), whole.transactions.map(\.amountMinor))
            XCTAssertEqual(data.failures, whole.failures)
        }
    }
}
