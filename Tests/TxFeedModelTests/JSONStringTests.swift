import XCTest

@testable import TxFeedModel

/// `JSONString.object`: a plugin's configuration as JSON.
final class JSONStringTests: XCTestCase {
    func testAnObjectKeepsItsMembersInOrderAndEscapesThem() {
        XCTAssertEqual(JSONString.object([]), "{}")
        XCTAssertEqual(
            JSONString.object([(key: "path", value: #"a"b\c"#), (key: "note", value: "ü\n\u{1}")]),
            #"{"path":"a\"b\\c","note":"ü\n\u0001"}"#)
        let data = JSONString.object([(key: "b", value: "2"), (key: "a", value: "1")]).data(using: .utf8)!
        XCTAssertNotNil(try? JSONSerialization.jsonObject(with: data))
    }

    /// The byte-by-byte check against the standard library's UTF-8 decoder: every lead byte
    /// with the continuations around each boundary of table 3-7, and random runs.
    func testUTF8CheckAgreesWithTheStandardLibrarysDecoder() {
        // The collection overload is the standard library's decoder over an iterator.
        func standard(_ bytes: [UInt8]) -> Bool { JSONString.isValidUTF8(bytes) }
        func check(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
            // Behind eight ASCII bytes too, so that the word-at-a-time start is passed, and behind
            // a character that is not ASCII and ten that are, so that it is taken up again.
            for prefix in [[], Array("abcdefgh".utf8), [0xC3, 0xA9] + Array("abcdefghij".utf8)] {
                let text = prefix + bytes
                let ours = text.withUnsafeBufferPointer { JSONString.isValidUTF8($0) }
                XCTAssertEqual(ours, standard(text), "\(text.map { String($0, radix: 16) })", file: file, line: line)
            }
        }
        let seconds: [UInt8] = [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
        for lead in 0x80...0xFF {
            check([UInt8(lead)])
            for second in seconds {
                check([UInt8(lead), second])
                check([UInt8(lead), second, 0x80])
                check([UInt8(lead), second, 0x80, 0x80])
                check([UInt8(lead), second, 0x80, 0x41])
            }
        }
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [
            [0x41], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0x80], [0xED, 0xA0, 0x80],
            Array("ASCII run".utf8),
        ]
        for _ in 0..<2_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                bytes +=
                    Bool.random(using: &generator)
                    ? pieces.randomElement(using: &generator)! : [UInt8.random(in: 0...255, using: &generator)]
            }
            check(bytes)
        }
    }
}
