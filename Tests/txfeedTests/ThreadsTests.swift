import Foundation
import TxFeedTestSupport
import XCTest

/// A large envelope is decoded on several threads; the output must not depend on how many.
final class ThreadsTests: XCTestCase {
    func testCSVIsByteIdenticalForAnyThreadCountAndRun() throws {
        let folder = try TemporaryFolder()
        // 50,000 transactions (above the parallel threshold), awkward vendors, one rejected.
        let vendors = ["Starbucks", "Café Zoë", "Noe\u{308}l", "🍕 Pizza", "Smith, Jones & Co.", "=cmd", "東京ストア"]
        var rows: [String] = []
        let formatter = ISO8601DateFormatter()
        for i in 0..<50_000 {
            let vendor = vendors[i % vendors.count].replacingOccurrences(of: "\"", with: "\\\"")
            let amount = i == 31_337 ? "-1" : "\(i % 5000).\(String(format: "%02d", i % 100))"
            let second = 1_600_000_000 - i * 37
            let date = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(second)))
            rows.append(
                #"{"type": \#(i % 3 == 0 ? 0 : 1), "vendor": "\#(vendor)", "amount": \#(amount), "date": "\#(date)"}"#)
        }
        let input = try folder.write(
            "big.json",
            "{\"status\":200,\"body\":{\"name\":\"Big\",\"transactions\":[\n" + rows.joined(separator: ",\n")
                + "\n]}}\n")

        var outputs: [Data] = []
        for threads in ["1", "2", "3", "2"] {
            let out = folder.path + "/out-\(outputs.count).csv"
            let result = try txfeed(
                "run", input, "--threads", threads, "-o", out, "--rejects", folder.path + "/rejects.ndjson")
            XCTAssertEqual(result.status, 3, result.stderr)
            XCTAssertTrue(result.stderr.contains("read 50000 = written 49999 + rejected 1"), result.stderr)
            XCTAssertTrue(result.stderr.contains("transactions[31337].amount"), result.stderr)
            outputs.append(try Data(contentsOf: URL(fileURLWithPath: out)))
        }
        XCTAssertGreaterThan(outputs[0].count, 3_000_000)
        for output in outputs.dropFirst() { XCTAssertEqual(output, outputs[0]) }
    }

    func testASyntaxErrorDeepInALargeDocumentHasItsLineAndFailsTheWholeDocument() throws {
        let folder = try TemporaryFolder()
        var lines = (0..<40_000).map {
            #"{"type": 1, "vendor": "V\#($0)", "amount": 1.5, "date": "2021-01-01 00:00:00"}"#
        }
        lines[30_000] = #"{"type": 1, "vendor": "V", "amount": 1.5, "date": "2021-01-01 00:00:00",}"#
        let input = try folder.write(
            "broken.json",
            "{\"status\":200,\"body\":{\"name\":\"B\",\"transactions\":[\n" + lines.joined(separator: ",\n") + "\n]}}\n"
        )
        for threads in ["1", "2"] {
            let result = try txfeed("run", input, "--threads", threads, "--sink", "ndjson")
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertEqual(result.output, "", "records of a broken document were kept")
            XCTAssertTrue(result.stderr.contains(input + ":30002:"), result.stderr)
        }
    }
}
