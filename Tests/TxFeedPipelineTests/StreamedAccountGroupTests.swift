import TxFeedDecoding
import TxFeedModel
import TxFeedPipeline
import XCTest

/// Streamed accounts decoded one after the other into one data give exactly what decoding each on its own and appending would, including accounts
/// that fail part way: nothing of a failed account stays, not even the vendors it named.
final class StreamedAccountGroupTests: XCTestCase {
    struct Call {
        var envelope: String
        var batches: [String] = []
        var fail: String?
        var balance: String?
    }

    static func record(_ vendor: String, _ amount: String = "1.5", extra: String = "") -> String {
        #"{"type":1,"vendor":"\#(vendor)","amount":\#(amount),"date":"2024-01-0\#(vendor.count % 9 + 1)"\#(extra)}"#
    }

    static func envelope(_ name: String, status: Int = 200, records: String = "") -> String {
        #"{"status":\#(status),"message":"m","body":{"name":"\#(name)","currency":"EUR","transactions":[\#(records)]}}"#
    }

    static let calls: [Call] = [
        Call(envelope: envelope("A"), batches: ["[\(record("V1", extra: #","memo":"m1""#)),\(record("V2"))]"]),
        // A reject, then a batch that is not JSON: the whole account fails, its vendor V3 too.
        Call(envelope: envelope("B"), batches: ["[\(record("V3")),\(record("V2", "\"x\""))]", "[{"]),
        Call(envelope: envelope("C", status: 503)),
        Call(
            envelope: envelope("D", records: record("V0")),
            batches: ["[\(record("V2")),\(record("V4", extra: #","id":"X""#))]"], balance: "12.30"),
        Call(envelope: envelope("E"), batches: ["[\(record("V5"))]"], fail: "gone"),
        Call(envelope: envelope("F") + "\n" + envelope("G")),
        Call(envelope: envelope("H"), batches: ["[\(record("V5", "-1"))]"], balance: "1.2.3"),
        Call(envelope: envelope("I"), batches: ["[\(record("V6")),\(record("V7", "\"x\""))]"]),
    ]

    static let context = StreamContext(origin: "group", sourceIndex: 0, threads: 1)

    /// The account on its own.
    func decode(_ call: Call) -> SourceData {
        var account = Array(call.envelope.utf8).withUnsafeBufferPointer {
            StreamedAccount(Self.context, envelope: $0)
        }
        for batch in call.batches { Array(batch.utf8).withUnsafeBufferPointer { account.add(batch: $0) } }
        if let reason = call.fail { account.fail(reason) }
        if let balance = call.balance { Array(balance.utf8).withUnsafeBufferPointer { account.state(balance: $0) } }
        return account.finish()
    }

    /// The accounts one after the other in one data, as a collector streams them
    /// (``StreamedAccount/next(_:envelope:)``).
    func decodeGrouped(_ calls: [Call]) -> SourceData {
        var stream: StreamedAccount?
        for call in calls {
            Array(call.envelope.utf8).withUnsafeBufferPointer { envelope in
                if stream == nil {
                    stream = StreamedAccount(Self.context, envelope: envelope)
                } else {
                    stream!.next(Self.context, envelope: envelope)
                }
            }
            for batch in call.batches { Array(batch.utf8).withUnsafeBufferPointer { stream!.add(batch: $0) } }
            if let reason = call.fail { stream!.fail(reason) }
            if let balance = call.balance { Array(balance.utf8).withUnsafeBufferPointer { stream!.state(balance: $0) } }
        }
        return stream!.finish()
    }

    func testAGroupDecodedIntoOneDataEqualsEachAccountAppended() {
        var appended = SourceData()
        for call in Self.calls { appended.append(decode(call)) }
        let grouped = decodeGrouped(Self.calls)
        XCTAssertEqual(Summary(grouped), Summary(appended))
        // The comparison must cover what a failed account could leave behind.
        XCTAssertEqual(grouped.accounts.map(\.name), ["A", "D", "F", "G", "I"])
        XCTAssertEqual(
            (0..<grouped.vendors.count).map { grouped.vendors.name(of: UInt32($0)) }, ["V1", "V2", "V0", "V4", "V6"])
        XCTAssertEqual(grouped.failures.count, 5, grouped.failures.joined(separator: "\n"))
        XCTAssertEqual(grouped.rejects.map(\.path), ["transactions[1].amount"])
        XCTAssertEqual(grouped.accounts[1].balance?.minorUnits, 1230)
    }

    /// A batch decodes as its elements do one by one in an envelope: the same transactions,
    /// vendors, details and rejects, raw texts included.
    func testABatchDecodesAsItsElementsDoOneByOne() throws {
        let good = [Self.record("V1"), Self.record("V2", "3", extra: #","id":"B-1","memo":"m""#)]
        let batches: [[String]] = [
            good,
            good + [Self.record("V3", "\"x\"")] + good,  // a reject in the middle
            [Self.record("V4", "1e400"), Self.record("V5")],  // a value jansson cannot hold
            [#"{"type":1,"vendor":"V\u0000","amount":1,"date":"2024-01-02"}"#, Self.record("V6")],
            ["42", "null", Self.record("V7")],
            [#"{"type":0,"type":1,"vendor":"V8","amount":2,"date":"2024-01-02","vendor":"V9"}"#],
            [#"{"typ\u0065":1,"vendor":"V10","amount":2,"date":"2024-01-02"}"#],
            [#" { "type" : 1 , "vendor" : "V11" , "amount" : 2.25 , "date" : "2024-01-02" , "status" : "pending" } "#],
            [#"{"type":1,"vendor":"V12","amount":2,"date":"2024-01-02","status":"lost"}"#],
            (0..<1500).map { Self.record("W\($0 % 7)", "\($0 % 9 + 1)") },
        ]
        for records in batches {
            let batch = "[" + records.joined(separator: ",") + "]"
            let streamed = decode(Call(envelope: Self.envelope("S"), batches: [batch]))
            var document = SourceData()
            Array(Self.envelope("S", records: records.joined(separator: ",")).utf8).withUnsafeBufferPointer {
                DocumentDecoder(Self.context).decode(text: $0, into: &document)
            }
            XCTAssertEqual(Summary(streamed), Summary(document), batch)
            XCTAssertEqual(streamed.rejects.map(\.raw), document.rejects.map(\.raw), batch)
            XCTAssertTrue(streamed.failures.isEmpty, streamed.failures.joined(separator: "\n"))
        }
    }

    /// Whitespace anywhere, names of two-, three- and four-byte UTF-8, and no element at all
    /// read as the same records in an envelope do; a batch that is not a JSON array of them
    /// (a comma too many or too few, bytes after it, cut short) fails its account alone.
    func testABatchReadsAsTheSameRecordsInAnEnvelope() {
        let good = [Self.record("V1"), Self.record("V2", "3", extra: #","id":"B-1","memo":"m""#)]
        let names = [Self.record("Ñandú Café"), Self.record("Travel •• 42", "7"), Self.record("🐙 Octo", "0.01")]
        let layouts: [(batch: String, records: [String])] = [
            ("[]", []), (" \n[ \t]\r\n", []),
            ("\n[\n" + good.joined(separator: " ,\n\t") + "\r\n]\n", good),
            ("[" + names.joined(separator: ",") + "]", names),
            ("[" + (names + good + names).joined(separator: ", ") + " ]", names + good + names),
        ]
        for (batch, records) in layouts {
            let streamed = decode(Call(envelope: Self.envelope("S"), batches: [batch]))
            var document = SourceData()
            Array(Self.envelope("S", records: records.joined(separator: ",")).utf8).withUnsafeBufferPointer {
                DocumentDecoder(Self.context).decode(text: $0, into: &document)
            }
            XCTAssertEqual(Summary(streamed), Summary(document), batch)
            XCTAssertEqual(streamed.transactions.count, records.count, batch)
            XCTAssertTrue(streamed.failures.isEmpty, streamed.failures.joined(separator: "\n"))
        }
        let broken = [
            "[" + good[0] + ",]", "[" + good[0] + " " + good[1] + "]", "[" + good[0] + "]x", "[" + good[0],
            "[" + good[0] + ",," + good[1] + "]", good[0], "[" + good[0] + "," + good[1],
        ]
        for batch in broken {
            let streamed = decode(Call(envelope: Self.envelope("S"), batches: [batch]))
            XCTAssertTrue(streamed.accounts.isEmpty && streamed.transactions.isEmpty, batch)
            XCTAssertEqual(streamed.failures.count, 1, batch)
            XCTAssertTrue(streamed.failures.first?.contains("batch 1") == true, "\(batch): \(streamed.failures)")
        }
    }

    /// Names appended without a lookup (a table sent whole) keep their ids, and the table is
    /// indexed when it is next searched or cut back.
    func testAVendorTableOfDistinctNamesIsSearchedAsOneThatGrew() {
        var grown = VendorTable()
        var appended = VendorTable()
        let names = (0..<100).map { "vendor \($0)" }
        for name in names {
            _ = grown.intern(name)
            appended.appendDistinct(name.utf8.span)
        }
        XCTAssertEqual(appended.count, 100)
        XCTAssertEqual(appended.name(of: 42), "vendor 42")
        let more = (0..<300).map { "vendor \($0 % 250)" }
        XCTAssertEqual(more.map { appended.intern($0) }, more.map { grown.intern($0) })
        XCTAssertEqual(appended.count, 250)

        var cut = VendorTable()
        for name in names.prefix(10) { cut.appendDistinct(name.utf8.span) }
        cut.removeNames(from: 4)
        XCTAssertEqual(cut.count, 4)
        XCTAssertEqual(cut.intern("vendor 3"), 3)
        XCTAssertEqual(cut.intern("vendor 5"), 4, "a name cut off is new again")
    }

    func testATruncatedVendorTableInternsAsIfTheNamesHadNeverBeenThere() {
        var table = VendorTable()
        for name in ["a", "b", "c", "d"] { _ = table.intern(name) }
        table.removeNames(from: 2)
        XCTAssertEqual(table.count, 2)
        XCTAssertEqual(table.intern("d"), 2)
        XCTAssertEqual(table.intern("b"), 1)
        XCTAssertEqual(table.intern("c"), 3)
        table.removeNames(from: 0)
        XCTAssertEqual(table.count, 0)
        XCTAssertEqual(table.intern("c"), 0)
        XCTAssertEqual(table.intern("c"), 0)
    }

    /// A record's id and memo stay with it across batches (paths and details number on).
    func testStreamedBatchesKeepTheirDetails() {
        func row(_ n: Int, id: Bool) -> String {
            Self.record("v\(n)", "1", extra: id ? #","id":"id-\#(n)","memo":"m\#(n)""# : "")
        }
        var account = Array(Self.envelope("A", records: row(1, id: true)).utf8).withUnsafeBufferPointer {
            StreamedAccount(Self.context, envelope: $0)
        }
        Array("[\(row(2, id: true)),\(row(3, id: false))]".utf8).withUnsafeBufferPointer { account.add(batch: $0) }
        let data = account.finish()
        let ids = data.transactions.map { $0.details == Transaction.noDetails ? nil : data.details[Int($0.details)].id }
        XCTAssertEqual(ids, ["id-1", "id-2", nil])
    }

    /// What two data can be compared by.
    struct Summary: Equatable {
        var accounts: [String]
        var balances: [Int64?]
        var transactions: [String]
        var vendors: [String]
        var details: [TransactionDetails]
        var rejects: [String]
        var failures: [String]
        var documents: Int

        init(_ data: SourceData) {
            accounts = data.accounts.map(\.name)
            balances = data.accounts.map { $0.balance?.minorUnits }
            transactions = data.transactions.map {
                "\($0.unixSeconds) \($0.amountMinor) \($0.vendor) \($0.account) \($0.details) \($0.isDebit)"
            }
            vendors = (0..<data.vendors.count).map { data.vendors.name(of: UInt32($0)) }
            details = data.details
            rejects = data.rejects.map { "\($0.path): \($0.reason)" }
            failures = data.failures
            documents = data.documents
        }
    }
}
