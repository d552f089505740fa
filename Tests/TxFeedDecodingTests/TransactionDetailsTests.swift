import CJansson
import TxFeedModel
import XCTest

@testable import TxFeedDecoding

/// The optional fields of a transaction (bank id, status, memo) and of an account (id), and
/// civil dates, through every decoding path: one thread, many threads and a DOM (streamed batches:
/// `StreamedAccountGroupTests`).
final class TransactionDetailsTests: XCTestCase {
    func row(_ n: Int, id: Bool) -> String {
        let extra = id && n % 3 != 0 ? #","id":"id-\#(n)","memo":"m\#(n)""# : ""
        let status = n % 5 == 0 ? #","status":"pending""# : ""
        return #"{"type":1,"vendor":"v\#(n % 7)","amount":1,"date":"2024-01-01"\#(extra)\#(status)}"#
    }

    func envelope(_ rows: [String]) -> String {
        #"{"status":200,"body":{"name":"A","id":12345,"transactions":[\#(rows.joined(separator: ","))]}}"#
    }

    /// Each transaction finds its own id and memo, also when chunks decoded on several threads
    /// are closed up (their detail indices renumbered) and when the data is appended to more.
    func testDetailsStayWithTheirTransactionsOnAnyNumberOfThreads() {
        let text = Array(envelope((0..<5000).map { row($0, id: true) }).utf8)
        for threads in [1, 2, 5] {
            var data = SourceData()
            data.append(decodeText(Array(envelope([row(1, id: true)]).utf8), threads: threads))  // details before
            data.append(decodeText(text, threads: threads))
            XCTAssertEqual(data.failures, [])
            XCTAssertEqual(data.accounts.map(\.id), ["12345", "12345"], "a numeric account id as text")
            let transactions = data.transactions.dropFirst()
            XCTAssertEqual(transactions.count, 5000)
            for (n, t) in transactions.enumerated() {
                let details = t.details == Transaction.noDetails ? nil : data.details[Int(t.details)]
                XCTAssertEqual(details?.id, n % 3 != 0 ? "id-\(n)" : nil, "transaction \(n), \(threads) threads")
                XCTAssertEqual(details?.memo, n % 3 != 0 ? "m\(n)" : nil)
                XCTAssertEqual(t.isPending, n % 5 == 0)
                XCTAssertTrue(t.isCivilDate)
                if n % 3 != 0 && details?.id != "id-\(n)" { return }  // one message, not thousands
            }
        }
    }

    func testADocumentBuiltWithJanssonCarriesItsDetails() {
        var error = json_error_t()
        let root = json_loads(envelope([row(1, id: true), row(3, id: true)]), 0, &error)!
        defer { json_decref(root) }
        let data = DocumentDecoder(origin: "dom", sourceIndex: 0).decode(janssonValue: UnsafeMutableRawPointer(root))
        XCTAssertEqual(data.transactions.count, 2)
        XCTAssertEqual(data.details, [TransactionDetails(id: "id-1", memo: "m1")])
        XCTAssertEqual(data.transactions.map(\.details), [0, Transaction.noDetails])
    }

    private func decodeText(_ bytes: [UInt8], threads: Int) -> SourceData {
        bytes.withUnsafeBufferPointer {
            DocumentDecoder(origin: "in.json", sourceIndex: 0, threads: threads).decode(text: $0)
        }
    }
}
