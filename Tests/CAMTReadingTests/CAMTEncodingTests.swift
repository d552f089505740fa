import CAMTReading
import XCTest

/// Statements in an encoding other than UTF-8.
final class CAMTEncodingTests: XCTestCase {
    /// UTF-16 with its byte order mark, either order: libxml2 reads it (given `-s camt:`), but
    /// the head, looked at as UTF-8, named nothing, and the file went to no plugin (exit 2).
    func testUTF16WithItsByteOrderMarkIsClaimed() {
        let text = CAMTDocument.document(CAMTDocument.statement()).replacingOccurrences(of: "UTF-8", with: "UTF-16")
        var little: [UInt8] = [0xFF, 0xFE]
        var big: [UInt8] = [0xFE, 0xFF]
        for unit in text.utf16 {
            little += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            big += [UInt8(unit >> 8), UInt8(unit & 0xFF)]
        }
        for bytes in [little, big] {
            XCTAssertEqual(bytes.withUnsafeBufferPointer { CAMTIdentity.confidence(path: "a.xml", head: $0) }, 95)
        }
        // Other XML in UTF-16 is still another plugin's.
        var rss: [UInt8] = [0xFF, 0xFE]
        for unit in #"<?xml version="1.0"?><rss version="2.0"/>"#.utf16 {
            rss += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        XCTAssertEqual(rss.withUnsafeBufferPointer { CAMTIdentity.confidence(path: "a.xml", head: $0) }, 0)
    }
}
