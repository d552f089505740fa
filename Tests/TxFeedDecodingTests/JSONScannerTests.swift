import TxFeedTestSupport
import XCTest

@testable import TxFeedDecoding

/// ``JSONScanner/endOfValue(at:limit:)`` and ``JSONScanner/endOfBrackets(at:limit:)`` skip eight
/// bytes at a time; they find the same end, or the same error at the same offset, as a scan of
/// one byte at a time.
final class JSONScannerTests: XCTestCase {
    /// The scan one byte at a time: where a value ends, or the error's offset and reason.
    static func byteByByte(_ bytes: [UInt8], from start: Int) -> String {
        let end = bytes.count
        guard start < end else { return "error \(start): unexpected end of input" }
        func string(_ from: Int) -> (end: Int?, error: String?) {
            var i = from + 1
            while i < end {
                switch bytes[i] {
                case UInt8(ascii: "\""): return (i + 1, nil)
                case UInt8(ascii: "\\"): i += 2
                case 0: return (nil, "error \(i): NUL")
                default: i += 1
                }
            }
            return (nil, "error \(end): unterminated string")
        }
        if bytes[start] == UInt8(ascii: "\"") {
            let (e, error) = string(start)
            return error ?? "end \(e!)"
        }
        var depth = 0
        var i = start
        while i < end {
            switch bytes[i] {
            case UInt8(ascii: "\""):
                let (e, error) = string(i)
                if let error { return error }
                i = e!
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return "end \(i + 1)" }
            case 0: return "error \(i): NUL"
            default: break
            }
            i += 1
        }
        return "error \(end): unclosed"
    }

    static func scanned(_ bytes: [UInt8], from start: Int) -> String {
        bytes.withUnsafeBufferPointer { buffer in
            do throws(JSONSyntaxError) {
                return "end \(try JSONScanner(buffer).endOfValue(at: start, limit: buffer.count))"
            } catch {
                let reason =
                    error.reason.hasPrefix("unterminated")
                    ? "unterminated string"
                    : error.reason.contains("NUL") || error.reason.contains("\\u0000") ? "NUL" : "unclosed"
                return "error \(error.offset): \(reason)"
            }
        }
    }

    /// ``JSONScanner/endOfBrackets(at:limit:)`` one byte at a time: brackets and strings only.
    static func bracketsByteByByte(_ bytes: [UInt8], from start: Int) -> Int? {
        var depth = 0
        var i = start
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\""):
                i += 1
                while i < bytes.count && bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return i + 1 }
            default: break
            }
            i += 1
        }
        return nil
    }

    func check(_ text: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        guard let first = text.firstIndex(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "\"") }) else {
            return
        }
        XCTAssertEqual(
            Self.scanned(text, from: first), Self.byteByByte(text, from: first),
            DecoderDifferentialFuzzTests.printable(text), file: file, line: line)
        XCTAssertEqual(
            text.withUnsafeBufferPointer { JSONScanner($0).endOfBrackets(at: first, limit: $0.count) },
            Self.bracketsByteByByte(text, from: first), DecoderDifferentialFuzzTests.printable(text), file: file,
            line: line)
    }

    func testEscapesQuotesAndNULsAtEveryPlaceInAWord() {
        // Each special byte at each of a word's eight lanes, and an escape across two words.
        for pad in 0..<17 {
            let p = String(repeating: "a", count: pad)
            for text in [
                #"{"k":"\#(p)\"x","v":[1,{"w":"\#(p)\\"}]}"#,
                #"{"k":"\#(p)\\\#(p)"}"#,
                #"{"k":"\#(p)}]{["}"#,
                #"{"k":[\#(p)],"\#(p)":{}}"#,
                "{\"k\":\"\(p)\u{0}\"}",
                "{\"k\":\(p)\u{0}1}",
                #"{"k":"\#(p)\"#,
                #"{"k":"\#(p)"#,
                #"{"k":[[[\#(p)]]"#,
                #""\#(p)\"\#(p)""#,
                "\"\(p)\\\u{0}\(p)\"",
            ] {
                check(Array(text.utf8))
            }
        }
    }

    func testMutatedEnvelopesScanAsByteByByte() {
        var random = SplitMix64(seed: 0x5343_414E)
        let corpus = DecoderDifferentialFuzzTests.corpus
        for n in 0..<5_000 {
            var text = corpus[n % corpus.count]
            for _ in 0...random.below(3) {
                EnvelopeMutation.apply(random.below(EnvelopeMutation.count), &text, &random)
            }
            check(text)
        }
    }
}
