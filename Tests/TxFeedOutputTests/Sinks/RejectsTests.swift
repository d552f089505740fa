import Foundation
import TxFeedDecoding
import TxFeedModel
import TxFeedPipeline
import TxFeedPluginHost
import XCTest

@testable import TxFeedOutput

/// Records that are wrong are rejected one by one, with their path and the record as it came;
/// the rest of the envelope goes on.
final class RejectsTests: XCTestCase {
    private let good = #"{"type":0,"vendor":"Good","amount":1,"date":"2021-09-01 10:00:00"}"#

    private func decode(_ elements: [String]) -> SourceData {
        let text = #"{"status":200,"body":{"name":"A","transactions":[\#(elements.joined(separator: ",\n"))]}}"#
        return Array(text.utf8).withUnsafeBufferPointer {
            DocumentDecoder(origin: "in.json", sourceIndex: 0).decode(text: $0)
        }
    }

    private func stream(_ elements: [String]) -> SourceData {
        let envelope = Array(#"{"status":200,"body":{"name":"A","transactions":[]}}"#.utf8)
        var account = envelope.withUnsafeBufferPointer {
            StreamedAccount(StreamContext(origin: "in.json", sourceIndex: 0, threads: 1), envelope: $0)
        }
        let batch = Array("[\(elements.joined(separator: ","))]".utf8)
        batch.withUnsafeBufferPointer { account.add(batch: $0) }
        return account.finish()
    }

    private let awkward = [
        "42", #""a string""#, "null", "[1, 2]", "true",
        #"{"type":1,"vendor":"Huge","amount":123456789012345678901234567890,"date":"2021-09-01 10:00:00"}"#,
        #"{"type":1,"vendor":"Infinite","amount":1e400,"date":"2021-09-01 10:00:00"}"#,
        #"{"type":99999999999999999999999,"vendor":"Huge type","amount":1,"date":"2021-09-01 10:00:00"}"#,
    ]

    private let expected: [(String, String)] = [
        ("transactions[1]", "transaction is not a JSON object"),
        ("transactions[2]", "transaction is not a JSON object"),
        ("transactions[3]", "transaction is not a JSON object"),
        ("transactions[4]", "transaction is not a JSON object"),
        ("transactions[5]", "transaction is not a JSON object"),
        ("transactions[6].amount", "amount is 10^13 or more"),
        ("transactions[7].amount", "amount is 10^13 or more"),
        ("transactions[8].type", "type is out of range"),
    ]

    func testElementsThatAreNotObjectsOrHoldHugeNumbersAreRejectsNotFailures() {
        for (name, data) in [
            ("text", decode([good] + awkward + [good])), ("streamed", stream([good] + awkward + [good])),
        ] {
            XCTAssertEqual(data.failures, [], name)
            XCTAssertEqual(data.transactions.count, 2, name)
            XCTAssertEqual(data.rejects.map(\.path), expected.map(\.0), name)
            XCTAssertEqual(data.rejects.map(\.reason), expected.map(\.1), name)
            XCTAssertEqual(
                data.rejects.map { String(decoding: $0.raw, as: UTF8.self) }, awkward, "\(name): the record as it came")
            XCTAssertEqual(data.read, 10, name)
        }
    }

    func testASyntaxErrorInAnElementStillFailsTheWholeDocument() {
        for (name, data) in [
            ("text", decode([good, #"{"type":1,"vendor":"Bad","amount":NaN}"#])),
            ("streamed", stream([good, #"{"type":1,"vendor":"Bad","amount":NaN}"#])),
        ] {
            XCTAssertEqual(data.transactions.count, 0, name)
            XCTAssertEqual(data.rejects.count, 0, name)
            XCTAssertEqual(data.failures.count, 1, name)
        }
    }

    func testRejectsFileHasOneJSONLinePerRecord() throws {
        let pretty =
            "{\n  \"type\": 7,\n  \"vendor\": \"Line\\nbreak\",\n  \"amount\": 1,\n  \"date\": \"2021-09-01 10:00:00\"\n}"
        let feed = SinkTestFeed.make([
            ("bank", #"{"status":200,"body":{"name":"A","transactions":[\#(good),\#(pretty),42]}}"#)
        ])
        let writer = OutputWriter(fd: -1, name: "rejects")
        try RejectsFile.write(feed, to: writer)
        let lines = String(decoding: writer.buffer, as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        let first = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        XCTAssertEqual(first["source"] as? String, "bank")
        XCTAssertEqual(first["origin"] as? String, "bank.json")
        XCTAssertEqual(first["path"] as? String, "transactions[1].type")
        XCTAssertEqual(first["reason"] as? String, "unknown type 7 (expected 0 = credit or 1 = debit)")
        let record = try XCTUnwrap(first["record"] as? [String: Any])
        XCTAssertEqual(record["vendor"] as? String, "Line\nbreak", "an escaped newline inside a string survives")
        XCTAssertEqual(record["type"] as? Int, 7)
        let second = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        XCTAssertEqual(second["path"] as? String, "transactions[2]")
        XCTAssertEqual(second["record"] as? Int, 42)
    }
}
