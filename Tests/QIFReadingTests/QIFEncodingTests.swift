import QIFReading
import XCTest

/// Encodings a QIF file comes in besides UTF-8 and windows-1252.
final class QIFEncodingTests: XCTestCase {
    private let text = "!Type:Bank\r\nD03/13/2024\r\nT-45.20\r\nPSociété Générale\r\nMCafé 3€\r\n^\r\n"

    /// UTF-16LE with its byte order mark (Windows PowerShell's Out-File, Notepad's "Unicode"): it
    /// failed as "no transaction block", its NULs hiding every header.
    func testUTF16WithItsByteOrderMarkIsRead() throws {
        var little: [UInt8] = [0xFF, 0xFE]
        var big: [UInt8] = [0xFE, 0xFF]
        for unit in text.utf16 {
            little += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            big += [UInt8(unit >> 8), UInt8(unit & 0xFF)]
        }
        for (bytes, name) in [(little, "UTF-16LE"), (big, "UTF-16BE")] {
            let result = try readQIF(bytes)
            XCTAssertEqual(result.problems, [], name)
            XCTAssertEqual(result.entries.map(\.vendor), ["Société Générale"], name)
            XCTAssertEqual(result.entries.map(\.memo), ["Café 3€"], name)
            XCTAssertEqual(result.entries.map(\.amount), ["-45.20"], name)
            XCTAssertEqual(result.reportLine("encoding"), "\(name) (byte order mark)", name)
        }
    }

    /// A UTF-8 file with one record pasted in from a windows-1252 one: each line is read in its
    /// own encoding. Read whole as windows-1252, `Société` came out `SociÃ©tÃ©` with exit 0.
    func testAUTF8FileWithAWindows1252LineReadsEachLineInItsOwn() throws {
        let bytes =
            Array(text.utf8) + Array("D03/14/2024\r\nT-3.20\r\nPCaf".utf8) + [0xE9] + Array("\r\n^\r\n".utf8)
        let result = try readQIF(bytes)
        XCTAssertEqual(result.entries.map(\.vendor), ["Société Générale", "Café"])
        XCTAssertEqual(result.entries.map(\.memo), ["Café 3€", nil])
        XCTAssertEqual(
            result.reportLine("encoding"), "UTF-8, but windows-1252 on 1 line not valid UTF-8 (the first: line 9)")
        XCTAssertTrue(result.notes.contains { $0.contains("windows-1252 on 1 line") }, "\(result.notes)")
    }

    /// The same in an old Mac file, its lines ended by a lone CR: each line is still read in its
    /// own encoding, not the whole file as one line that is not UTF-8.
    func testAnOldMacFileWithAWindows1252LineReadsEachLineInItsOwn() throws {
        let bytes =
            Array("!Type:Bank\rD03/13/2024\rT-45.20\rPSociété Générale\r^\rD03/14/2024\rT-3.20\rPCaf".utf8)
            + [0xE9] + Array("\r^\r".utf8)
        let result = try readQIF(bytes)
        XCTAssertEqual(result.entries.map(\.vendor), ["Société Générale", "Café"])
        // Line 8 as QIF's own lines count (and every error names them): it said line 1.
        XCTAssertEqual(
            result.reportLine("encoding"), "UTF-8, but windows-1252 on 1 line not valid UTF-8 (the first: line 8)")
        var windows1252 = Array("!Type:Bank\rD03/14/2024\rT-3.20\rPCaf".utf8) + [0xE9] + Array("\r^\r".utf8)
        XCTAssertEqual(try readQIF(windows1252).reportLine("encoding"), "windows-1252 (not valid UTF-8 at line 4)")
        windows1252 = Array("!Type:Bank\r\nD03/14/2024\r\nPCaf".utf8) + [0xE9] + Array("\r\n^\r\n".utf8)
        XCTAssertEqual(try readQIF(windows1252).reportLine("encoding"), "windows-1252 (not valid UTF-8 at line 3)")
    }
}
