import Foundation
import TxFeedTestSupport
import XCTest

/// `text` in an 8-bit code page: ASCII as it is, each other character as `table` has it.
func codePageBytes(_ text: String, _ table: [Character: UInt8]) -> Data {
    Data(text.flatMap { $0.isASCII ? Array($0.utf8) : [table[$0]!] })
}

/// Runs `path` routed by content, where the windows-1252 guess's note (`note`) names the
/// `encoding` option; as `source:path,encoding=klingon-8`, a usage error naming what to try; and
/// with `encoding`: one entry, `vendor`, of `minor` units, and no word of windows-1252.
func assertTheEncodingOptionReads(
    _ path: String, source: String, encoding: String, note: String, vendor: String, minor expected: Int,
    file: StaticString = #filePath, line: UInt = #line
) throws {
    let guessed = try txfeed("run", path, "--sink", "ndjson")
    XCTAssertEqual(guessed.status, 0, guessed.stderr, file: file, line: line)
    XCTAssertTrue(guessed.stderr.contains(note), guessed.stderr, file: file, line: line)

    let unknown = try txfeed("run", "-s", "\(source):\(path),encoding=klingon-8", "--sink", "ndjson")
    XCTAssertEqual(unknown.status, 2, unknown.stderr, file: file, line: line)
    XCTAssertTrue(
        unknown.stderr.contains(#"encoding "klingon-8": not an encoding iconv knows (utf-8, utf-16"#), unknown.stderr,
        file: file, line: line)

    let result = try txfeed("run", "-s", "\(source):\(path),encoding=\(encoding)", "--sink", "ndjson")
    XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
    let feed = try feedRows(result)
    XCTAssertEqual(feed.compactMap { text($0, "vendor") }, [vendor], file: file, line: line)
    XCTAssertEqual(feed.map(minor), [expected], file: file, line: line)
    XCTAssertFalse(result.stderr.contains("windows-1252"), result.stderr, file: file, line: line)
}
