import TxFeedModel
import XCTest

@testable import TxFeedDecoding

/// The byte scanner and jansson read the same members of the same text, and both agree with
/// JSON: escaped and duplicate keys, values jansson cannot hold, syntax errors it stops short of.
final class DecoderAgreementTests: XCTestCase {
    func decode(_ text: String) -> SourceData {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer {
            DocumentDecoder(origin: "in.json", sourceIndex: 0).decode(text: UnsafeBufferPointer($0))
        }
    }

    func decode(bytes: [UInt8]) -> SourceData {
        bytes.withUnsafeBufferPointer { DocumentDecoder(origin: "in.json", sourceIndex: 0).decode(text: $0) }
    }

    let record = #"{"type":1,"vendor":"V","amount":2.5,"date":"2021-01-01 00:00:00"}"#

    // MARK: Keys

    func testEscapedKeysAreTheSameKeys() {
        let escaped = decode(
            #"{"bo\u0064y":{"name":"A","currency":"JPY","transaction\u0073":[\#(record)]}}"#)
        XCTAssertEqual(escaped.failures, [])
        XCTAssertEqual(escaped.accounts.map(\.currency), ["JPY"])
        XCTAssertEqual(escaped.rejects.map(\.reason), ["amount has decimals but the currency has no minor units"])

        let plain = decode(#"{"body":{"name":"A","currency":"USD","transactions":[\#(record),\#(record)]}}"#)
        XCTAssertEqual(plain.transactions.count, 2)
        let escapedUSD = decode(
            #"{"\u0062ody":{"name":"A","currency":"USD","\u0074ransactions":[\#(record),\#(record)]}}"#)
        XCTAssertEqual(escapedUSD.failures, [])
        XCTAssertEqual(escapedUSD.transactions.count, 2, "every record of the escaped key is read")
    }

    /// jansson (like Python's `json`) keeps the last of duplicate keys; so does the scanner.
    func testTheLastDuplicateBodyAndTransactionsWin() {
        let data = decode(
            #"{"body":{"name":"First","currency":"USD","transactions":[\#(record)]},"#
                + #""bo\u0064y":{"name":"Last","currency":"JPY","transactions":[]}}"#)
        XCTAssertEqual(data.failures, [])
        XCTAssertEqual(data.accounts.map(\.name), ["Last"])
        XCTAssertEqual(data.accounts.map(\.currency), ["JPY"])
        XCTAssertEqual(data.read, 0, "the first body's records belong to no account")

        let twice = decode(
            #"{"body":{"name":"A","transactions":[],"transactions":[\#(record),\#(record)]}}"#)
        XCTAssertEqual(twice.transactions.count, 2)

        let notAnArrayLast = decode(#"{"body":{"name":"A","transactions":[\#(record)],"transactions":3}}"#)
        XCTAssertEqual(notAnArrayLast.failures, ["in.json:1:1: body.transactions is not an array"])
    }

    // MARK: Values jansson cannot hold

    func testNULAndLoneSurrogatesRejectTheirRecordOnly() {
        let data = decode(
            #"{"body":{"name":"A","transactions":[\#(record),"#
                + #"{"type":1,"vendor":"a\u0000b","amount":1,"date":"2021-01-01 00:00:00"},"#
                + #"{"type":1,"vendor":"\ud800","amount":1,"date":"2021-01-01 00:00:00"},"#
                + #"{"type":1,"vendor":"V","amount":1,"date":"2021-01-01 00:00:00","x":{"\u0000":1}},"#
                + #"{"type":1,"vendor":"\ud83d\ude00","amount":1,"date":"2021-01-01 00:00:00"}]}}"#)
        XCTAssertEqual(data.failures, [])
        XCTAssertEqual(data.transactions.count, 2, "the good record and the paired surrogates (U+1F600)")
        XCTAssertEqual(
            data.rejects.map(\.path), ["transactions[1].vendor", "transactions[2].vendor", "transactions[3].x"])
        XCTAssertEqual(
            data.rejects.map(\.reason),
            [
                "vendor contains \\u0000", "vendor contains a lone surrogate (invalid Unicode '\\uD800')",
                "a member name contains \\u0000",
            ])
    }

    func testAnOverflowFollowedByASyntaxErrorFailsTheDocument() {
        let data = decode(
            #"{"body":{"name":"A","transactions":[\#(record),{"type":1,"vendor":"V","amount":1e400,"date":x}]}}"#)
        XCTAssertEqual(data.read, 0)
        XCTAssertEqual(data.failures.count, 1)
        XCTAssertTrue(data.failures[0].hasPrefix("in.json:1:"), data.failures[0])
        XCTAssertTrue(data.failures[0].hasSuffix("invalid token"), data.failures[0])
        XCTAssertEqual(data.failures[0].split(separator: ":")[2], "\(37 + record.count + 46)", "the column of the x")
    }

    func testAnOverflowAloneRejectsTheRecordWithItsOwnJSON() throws {
        let text = #"{"body":{"name":"A","transactions":[{"type":1,"vendor":"V","amount":1e400,"date":"2021-01-01"}]}}"#
        let data = decode(text)
        XCTAssertEqual(data.failures, [])
        XCTAssertEqual(data.rejects.map(\.reason), ["amount is 10^13 or more"])
        XCTAssertEqual(String(decoding: data.rejects[0].raw, as: UTF8.self), String(text.dropFirst(36).dropLast(3)))
        XCTAssertNil(data.rejects[0].raw.withUnsafeBufferPointer { JSONValidator($0).firstError() })
    }

    /// Outside the records, such a value fails its envelope (a balance is the account's), and
    /// the other envelopes of the text go on.
    func testAValueJanssonCannotHoldInTheEnvelopeFailsOnlyThatEnvelope() {
        let good = #"{"body":{"name":"Good","transactions":[\#(record)]}}"#
        let data = decode(
            "[\(good),\n" + #"{"body":{"name":"B","currentBalance":1e400,"transactions":[\#(record)]}}]"#)
        XCTAssertEqual(data.accounts.map(\.name), ["Good"])
        XCTAssertEqual(
            data.failures, ["in.json:2:42: envelope holds a value txfeed cannot read: a number is out of range"])
    }

    // MARK: Syntax errors jansson would not see

    func testASyntaxErrorInAFailedEnvelopeStillFailsTheText() {
        let data = decode(
            #"{"status":500,"message":"down","body":{"name":"A","transactions":[{"type":1,,}]}}"#)
        XCTAssertEqual(data.failures.count, 1)
        XCTAssertFalse(data.failures[0].contains("status 500"), data.failures[0])
        XCTAssertTrue(data.failures[0].hasPrefix("in.json:1:77:"), data.failures[0])

        let utf8 = decode(
            bytes: Array(#"{"status":500,"body":{"name":"A","transactions":[{"vendor":""#.utf8) + [0xFF]
                + Array(#""}]}}"#.utf8))
        XCTAssertEqual(utf8.failures.count, 1)
        XCTAssertFalse(utf8.failures[0].contains("status 500"), utf8.failures[0])
    }

    func testARawNULAfterANumberIsASyntaxError() {
        let data = decode(
            bytes: Array(#"{"body":{"name":"A","transactions":[{"type":1"#.utf8) + [0]
                + Array(#","vendor":"V","amount":1,"date":"2021-01-01"}]}}"#.utf8))
        XCTAssertEqual(data.read, 0)
        XCTAssertEqual(data.failures, ["in.json:1:46: a raw NUL byte (not allowed in JSON)"])
        let inSkeleton = decode(bytes: Array(#"{"status":200"#.utf8) + [0] + Array(#","body":null}"#.utf8))
        XCTAssertEqual(inSkeleton.failures, ["in.json:1:14: a raw NUL byte (not allowed in JSON)"])
    }

    // MARK: NDJSON or one envelope

    func testAnEnvelopeWhoseFirstLineEndsInABraceIsOneEnvelope() {
        let text = "{\"body\":{\"profile\":{}\n,\"name\":\"A\",\"transactions\":[\(record)]}}\n"
        let data = decode(text)
        XCTAssertEqual(data.failures, [])
        XCTAssertEqual(data.transactions.count, 1)

        let ndjson = decode(
            "{\"body\":{\"name\":\"}{\",\"transactions\":[]}}\n{\"body\":{\"name\":\"B\",\"transactions\":[]}}")
        XCTAssertEqual(ndjson.accounts.map(\.name), ["}{", "B"], "a brace in a string does not count")

        let nul = decode(
            bytes: Array(#"{"body":{"name":"A"#.utf8) + [0] + Array(#"","transactions":[]}}"#.utf8) + [0x0A]
                + Array(#"{"body":{"name":"B","transactions":[]}}"#.utf8))
        XCTAssertEqual(nul.accounts.map(\.name), ["B"], "a bad byte in the first line fails that line only")
        XCTAssertEqual(nul.failures, ["in.json:1:19: a raw NUL byte (not allowed in JSON)"])
    }

    // MARK: The validator

    func testTheValidatorAcceptsJSONAndNothingElse() {
        let valid = [
            "0", "-0", "1.5e-3", "[]", "{}", #"{"a":[1,{"b":null}],"c":"\u00e9\ud800"}"#, " true ", "\"é\"",
            "[1E+2,-0.0e0]",
        ]
        let invalid = [
            "01", "1.", ".5", "+1", "-", "1e", "[1,]", "{\"a\":1,}", "{a:1}", "[1 2]", "\"\\x\"", "\"\\u12\"",
            "\"\t\"", "tru", "nulll", "[", "{\"a\"}", "1 2", "NaN", "\"\u{7f}", "",
        ]
        for text in valid {
            XCTAssertNil(validate(Array(text.utf8)), text)
        }
        for text in invalid {
            XCTAssertNotNil(validate(Array(text.utf8)), text)
        }
        XCTAssertNotNil(validate([0x22, 0xED, 0xA0, 0x80, 0x22]), "an encoded surrogate is not UTF-8")
        XCTAssertNotNil(validate([0x22, 0xC0, 0x80, 0x22]), "an overlong form is not UTF-8")
        XCTAssertNil(validate([0x22, 0xF0, 0x9F, 0x98, 0x80, 0x22]))
    }

    private func validate(_ bytes: [UInt8]) -> JSONSyntaxError? {
        bytes.withUnsafeBufferPointer { JSONValidator($0).firstError() }
    }
}
