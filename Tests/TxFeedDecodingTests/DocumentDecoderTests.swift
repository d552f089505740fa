import TxFeedModel
import XCTest

@testable import TxFeedDecoding

/// Every accepted shape of a JSON text, and broken ones with file, line and column.
final class DocumentDecoderTests: XCTestCase {
    func decode(_ text: String, origin: String = "in.json") -> SourceData {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer {
            DocumentDecoder(origin: origin, sourceIndex: 0).decode(text: UnsafeBufferPointer($0))
        }
    }

    func decode(bytes: [UInt8]) -> SourceData {
        bytes.withUnsafeBufferPointer { DocumentDecoder(origin: "in.json", sourceIndex: 0).decode(text: $0) }
    }

    func envelope(
        _ name: String, _ transactions: String = #"{"type":0,"vendor":"A","amount":1,"date":"2021-01-01 00:00:00"}"#
    ) -> String {
        #"{"status":200,"message":"ok","body":{"name":"\#(name)","currentBalance":1,"transactions":[\#(transactions)]}}"#
    }

    // MARK: Accepted shapes

    func testOneEnvelope() {
        let data = decode(envelope("A"))
        XCTAssertEqual(data.failures, [])
        XCTAssertEqual(data.accounts.map(\.name), ["A"])
        XCTAssertEqual(data.transactions.count, 1)
        XCTAssertEqual(data.documents, 1)
    }

    func testArrayOfEnvelopes() {
        let data = decode("[\(envelope("A")),\n \(envelope("B"))]")
        XCTAssertEqual(data.failures, [])
        XCTAssertEqual(data.accounts.map(\.name), ["A", "B"])
        XCTAssertEqual(data.transactions.map(\.account), [0, 1])
    }

    func testNDJSON() {
        let data = decode(envelope("A") + "\n" + envelope("B") + "\r\n\n" + envelope("C") + "\n")
        XCTAssertEqual(data.failures, [])
        XCTAssertEqual(data.accounts.map(\.name), ["A", "B", "C"])
    }

    func testPrettyPrintedEnvelopeWithBOM() {
        let pretty =
            "{\n  \"status\": 200,\n  \"body\": {\n    \"name\": \"A\",\n    \"transactions\": [\n      {\"type\": 1, \"vendor\": \"V\", \"amount\": 2, \"date\": \"2021-01-01 00:00:00\"}\n    ]\n  }\n}\n"
        let data = decode(bytes: [0xEF, 0xBB, 0xBF] + Array(pretty.utf8))
        XCTAssertEqual(data.failures, [])
        XCTAssertEqual(data.transactions.count, 1)
        XCTAssertEqual(data.transactions.first?.isDebit, true)
    }

    func testVendorsAreInternedByBytes() {
        let data = decode(
            envelope(
                "A",
                [
                    #"{"type":0,"vendor":"Caf\u00e9","amount":1,"date":"2021-01-01 00:00:00"}"#,
                    #"{"type":0,"vendor":"Cafe\u0301","amount":1,"date":"2021-01-01 00:00:00"}"#,
                    #"{"type":0,"vendor":"Café","amount":1,"date":"2021-01-01 00:00:00"}"#,
                ].joined(separator: ",")))
        XCTAssertEqual(data.vendors.count, 2, "é and e+U+0301 are different vendors")
        XCTAssertEqual(data.transactions.map(\.vendor), [0, 1, 0])
    }

    // MARK: Broken texts

    func assertFails(_ text: String, with expected: String, file: StaticString = #filePath, line: UInt = #line) {
        let data = decode(text)
        XCTAssertEqual(data.transactions.count, 0, "records kept from a broken document", file: file, line: line)
        XCTAssertEqual(data.accounts.count, 0, file: file, line: line)
        XCTAssertEqual(data.failures.count, 1, "\(data.failures)", file: file, line: line)
        XCTAssertTrue(
            data.failures.first?.hasPrefix(expected) == true, "\(data.failures) should start with \(expected)",
            file: file, line: line)
    }

    func testEmptyFile() {
        assertFails("", with: "in.json:1:1: empty document")
        assertFails("  \n ", with: "in.json:2:2: empty document")
    }

    func testTruncatedDocumentKeepsNothing() {
        let full =
            "{\n\"status\":200,\"body\":{\"name\":\"A\",\"transactions\":[\n"
            + #"{"type":0,"vendor":"A","amount":1,"date":"2021-01-01 00:00:00"},"# + "\n"
            + #"{"type":0,"vendor":"B","amount":1,"da"#
        assertFails(full, with: "in.json:4:")
    }

    func testSyntaxErrorInsideAnElementHasItsLineAndColumn() {
        let text =
            "{\"status\":200,\"body\":{\"name\":\"A\",\"transactions\":[\n"
            + #"{"type":0,"vendor":"A","amount":1,"date":"2021-01-01 00:00:00"},"# + "\n"
            + #"{"type":0,"vendor":"B","amount":NaN,"date":"2021-01-01 00:00:00"}"# + "\n]}}"
        let data = decode(text)
        XCTAssertEqual(data.transactions.count, 0)
        XCTAssertEqual(data.failures.count, 1)
        XCTAssertTrue(data.failures[0].hasPrefix("in.json:3:"), data.failures[0])
        let column = Int(data.failures[0].split(separator: ":")[2])!
        XCTAssertTrue((30...36).contains(column), "column \(column) should point at NaN (col 32)")
    }

    func testNotJSON() {
        assertFails("hello", with: "in.json:1:1: expected an envelope object or an array of envelopes")
    }

    func testTopLevelString() {
        assertFails(
            "  \"just a string\"",
            with: "in.json:1:3: expected an envelope object or an array of envelopes, found a string")
    }

    func testInvalidUTF8() {
        var bytes = Array(envelope("A").utf8)
        let v = bytes.firstIndex(of: UInt8(ascii: "V")) ?? bytes.firstIndex(of: UInt8(ascii: "A"))!
        bytes[v] = 0xFF
        let data = decode(bytes: bytes)
        XCTAssertEqual(data.transactions.count, 0)
        XCTAssertEqual(data.failures.count, 1)
        XCTAssertTrue(data.failures[0].hasPrefix("in.json:1:"), "\(data.failures)")
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 200_000)
        let data = decode(deep)
        // The array is scanned whole before its envelopes are decoded, so the nesting is what fails.
        XCTAssertEqual(data.failures, ["in.json:1:2050: nesting deeper than 2048 levels"])
        let deepObject = "{\"body\":" + String(repeating: "[", count: 200_000)
        XCTAssertTrue(decode(deepObject).failures.first?.contains("nesting deeper than 2048 levels") == true)
    }

    func testDeepNestingInsideATransaction() {
        let deep = String(repeating: "[", count: 200_000)
        let data = decode(envelope("A", deep))
        XCTAssertEqual(data.failures.count, 1)
        XCTAssertTrue(data.failures[0].contains("nesting deeper than"), data.failures[0])
    }

    func testNDJSONBadLineLosesOnlyItself() {
        let data = decode(
            envelope("A") + "\n" + #"{"status":200,"body":{"name":"B","transactions":[}"# + "\n" + envelope("C") + "\n")
        XCTAssertEqual(data.accounts.map(\.name), ["A", "C"])
        XCTAssertEqual(data.failures.count, 1)
        XCTAssertTrue(data.failures[0].hasPrefix("in.json:2:"), data.failures[0])
    }

    func testArrayWithOneBrokenEnvelopeLosesTheWholeText() {
        assertFails(
            "[\(envelope("A")),\n{\"status\":200,\"body\":{\"name\":\"B\",\"transactions\":[tru]}}]", with: "in.json:2:"
        )
    }

    // MARK: Envelope shape

    func testEnvelopeStatusFailsWithItsMessage() {
        let data = decode(#"{"status":503,"message":"maintenance window","body":null}"#)
        XCTAssertEqual(data.failures, ["in.json:1:1: envelope status 503: maintenance window"])
    }

    func testNullBody() {
        let data = decode(#"{"status":200,"message":"no data","body":null}"#)
        XCTAssertEqual(data.failures, ["in.json:1:1: envelope body is null: no data"])
    }

    func testMissingBodyAndTransactionsNotAnArray() {
        XCTAssertEqual(decode(#"{"status":200}"#).failures, ["in.json:1:1: envelope has no body"])
        XCTAssertEqual(
            decode(#"{"status":200,"body":{"name":"A","transactions":{}}}"#).failures,
            ["in.json:1:1: body.transactions is not an array"])
    }

    func testOneFailedEnvelopeInAnArrayKeepsTheOthers() {
        let data = decode("[\(envelope("A")),{\"status\":500,\"message\":\"down\",\"body\":null}]")
        XCTAssertEqual(data.accounts.map(\.name), ["A"])
        XCTAssertEqual(data.failures.count, 1)
        XCTAssertTrue(data.failures[0].contains("envelope status 500: down"))
    }

    // MARK: Transactions

    func testWrongTransactionsAreRejectedWithPathAndTheRestGoOn() {
        let data = decode(
            envelope(
                "A",
                [
                    #"{"type":0,"vendor":"Good","amount":1,"date":"2021-01-01 00:00:00"}"#,
                    #"{"type":0,"amount":1,"date":"2021-01-01 00:00:00"}"#,
                    #"{"type":7,"vendor":"X","amount":1,"date":"2021-01-01 00:00:00"}"#,
                    #"{"type":0,"vendor":"X","amount":"1","date":"2021-01-01 00:00:00"}"#,
                    #"{"type":0,"vendor":"X","amount":1}"#,
                    #"[1,2]"#,
                    #"{"type":1,"vendor":"Good too","amount":2,"date":"2021-01-01 00:00:00"}"#,
                ].joined(separator: ",")))
        XCTAssertEqual(data.failures, [])
        XCTAssertEqual(data.transactions.count, 2)
        XCTAssertEqual(
            data.rejects.map(\.path),
            [
                "transactions[1].vendor", "transactions[2].type", "transactions[3].amount",
                "transactions[4].date", "transactions[5]",
            ])
        XCTAssertEqual(data.rejects[0].reason, "missing vendor")
        XCTAssertEqual(
            String(decoding: data.rejects[1].raw, as: UTF8.self),
            #"{"type":7,"vendor":"X","amount":1,"date":"2021-01-01 00:00:00"}"#)
        XCTAssertEqual(data.read, 7)
    }

    func testRejectsInLaterEnvelopesNameTheirLine() {
        let bad = #"{"type":0,"vendor":"X","amount":-1,"date":"2021-01-01 00:00:00"}"#
        let data = decode(envelope("A", bad) + "\n" + envelope("B", bad) + "\n")
        XCTAssertEqual(data.rejects.map(\.origin), ["in.json", "in.json:2:1"])
        XCTAssertEqual(data.rejects.map(\.path), ["transactions[0].amount", "transactions[0].amount"])
    }

    /// An array's first envelope is the text's first, however the array is laid out: only the
    /// later ones are named by their place. (`[\n  {…` once named the first `in.json:2:3`.)
    func testTheFirstEnvelopeOfAnArrayIsNamedByTheTextAlone() {
        let bad = #"{"type":0,"vendor":"X","amount":-1,"date":"2021-01-01 00:00:00"}"#
        for (layout, second) in [
            ("[", "in.json:1:\(3 + envelope("A", bad).utf8.count)"), ("\u{FEFF}[\n  ", "in.json:3:3"),
        ] {
            let separator = layout == "[" ? "," : ",\n  "
            let data = decode(
                layout + envelope("A", bad) + separator + envelope("B", bad) + (layout == "[" ? "]" : "\n]\n"))
            XCTAssertEqual(data.rejects.map(\.origin), ["in.json", second], layout)
        }
    }
}
