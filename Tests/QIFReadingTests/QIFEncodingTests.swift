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

    // MARK: - The encoding option

    /// A Polish bank's file: `Płatność kartą` and `Wrocław` in cp1250.
    private let polish =
        "!Type:Bank\r\nD13.03.2024\r\nT-45,20\r\nPPłatność kartą Wrocław\r\nMŻabka\r\n^\r\n"
        + "D14.03.2024\r\nT1200,00\r\nPWynagrodzenie\r\n^\r\n"

    /// A cp1250 file read with `encoding=cp1250`: the payees as the bank wrote them. Without the
    /// option it could only be read as windows-1252 (`P³atnoœæ kart¹ Wroc³aw`).
    func testAFileInCP1250IsReadWithTheEncodingOption() throws {
        let result = try readQIF(cp1250(polish), options: ["encoding": "CP1250"])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries.map(\.vendor), ["Płatność kartą Wrocław", "Wynagrodzenie"])
        XCTAssertEqual(result.entries.map(\.memo), ["Żabka", nil])
        XCTAssertEqual(result.entries.map(\.amount), ["-45.20", "1200.00"])
        XCTAssertEqual(result.reportLine("encoding"), "cp1250 (given)")
        XCTAssertEqual(result.notes, [], "an encoding given is no guess to note")
        // Its UTF-8 byte order mark is left out, not read as `ï»¿` before `!Type`.
        let marked = try readQIF([0xEF, 0xBB, 0xBF] + cp1250(polish), options: ["encoding": "cp1250"])
        XCTAssertEqual(marked.entries.map(\.vendor), ["Płatność kartą Wrocław", "Wynagrodzenie"])
    }

    /// Without the option, the windows-1252 guess's note names it.
    func testTheWindows1252NoteNamesTheEncodingOption() throws {
        let result = try readQIF(cp1250(polish))
        XCTAssertEqual(result.entries.first?.vendor, "P³atnoœæ kart¹ Wroc³aw")
        XCTAssertEqual(
            result.notes,
            [
                "read as windows-1252 (not valid UTF-8 at line 4); "
                    + "encoding=NAME reads it in another (cp1250, cp1251, iso-8859-2, cp850…)"
            ])
    }

    /// A name iconv does not know is refused naming the option and what to try, as csv's is.
    func testAnUnknownEncodingIsRefusedNamingWhatToTry() {
        XCTAssertThrowsError(try QIFSettings(options: ["encoding": "klingon-8"])) { error in
            XCTAssertEqual(
                "\(error)",
                #"encoding "klingon-8": not an encoding iconv knows (utf-8, utf-16, windows-1252, iso-8859-1, shift_jis, euc-jp, gb18030, iso-8859-2, cp1250, koi8-r…; iconv -l lists them)"#
            )
        }
    }

    /// A byte the encoding does not map (0x98 is no character in cp1250) fails the file naming
    /// its line, nothing read: never replaced by `?` or U+FFFD.
    func testAByteTheEncodingDoesNotMapFailsTheFileNamingItsLine() throws {
        var bytes = cp1250(polish)
        bytes[bytes.lastIndex(of: UInt8(ascii: "W"))!] = 0x98  // `Wynagrodzenie`, line 9
        let result = try readQIF(bytes, options: ["encoding": "cp1250"])
        XCTAssertEqual(
            result.problems,
            ["test.qif: line 9: byte 0x98 is not text in cp1250 (encoding=cp1250): the file is in another encoding"])
        XCTAssertEqual(result.entries.count, 0)
    }

    /// UTF-16 with its byte order mark is read by `utf-16`; with an 8-bit encoding given it is
    /// refused, its every other byte a NUL.
    func testAUTF16ByteOrderMarkAgainstTheEncodingGivenIsRefused() throws {
        var little: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { little += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        XCTAssertEqual(try readQIF(little, options: ["encoding": "utf-16"]).entries.map(\.vendor), ["Société Générale"])
        XCTAssertEqual(
            try readQIF(little, options: ["encoding": "utf-16le"]).entries.map(\.vendor), ["Société Générale"])
        XCTAssertEqual(
            try readQIF(little, options: ["encoding": "cp1250"]).problems,
            ["test.qif: line 1: the file is UTF-16LE (its byte order mark), not cp1250: set encoding=utf-16"])
    }

    /// `text` in cp1250: ASCII as it is, the Polish letters as the code page has them.
    private func cp1250(_ text: String) -> [UInt8] {
        let polish: [Character: UInt8] = [
            "ą": 0xB9, "ć": 0xE6, "ę": 0xEA, "ł": 0xB3, "ń": 0xF1, "ó": 0xF3, "ś": 0x9C, "ź": 0x9F, "ż": 0xBF,
            "Ł": 0xA3, "Ś": 0x8C, "Ż": 0xAF,
        ]
        return text.flatMap { $0.isASCII ? Array($0.utf8) : [polish[$0]!] }
    }
}
