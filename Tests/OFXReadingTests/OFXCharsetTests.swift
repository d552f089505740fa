import OFXReading
import XCTest

/// The character set an OFX file's header names, or does not, and the bytes its text is in.
final class OFXCharsetTests: XCTestCase {
    /// An SGML statement whose payees and memos are not ASCII, encoded as `encoding` under the
    /// header's `CHARSET:charset`.
    private func file(charset: String, payee: String, memo: String, encoding: [Character: UInt8]?) -> [UInt8] {
        let text = sgmlFile(
            bankStatement(
                """
                <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240102<TRNAMT>-45.20<FITID>F1<NAME>\(payee)<MEMO>\(memo)
                </STMTTRN>
                """), charset: charset)
        return encoded(text, encoding)
    }

    /// `text` with its non-ASCII characters as `table` has them; UTF-8 without a table.
    private func encoded(_ text: String, _ table: [Character: UInt8]?) -> [UInt8] {
        guard let table else { return Array(text.utf8) }
        return text.flatMap { $0.isASCII ? Array($0.utf8) : [table[$0]!] }
    }

    private let windows1252: [Character: UInt8] = ["é": 0xE9, "É": 0xC9, "€": 0x80]
    private let latin1: [Character: UInt8] = ["é": 0xE9, "É": 0xC9]
    private let latin2: [Character: UInt8] = ["Ł": 0xA3, "ó": 0xF3, "ź": 0xBC, "ż": 0xBF, "ł": 0xB3, "ć": 0xE6]
    private let cp1250: [Character: UInt8] = ["Š": 0x8A, "ť": 0x9D, "ý": 0xFD, "ů": 0xF9, "ň": 0xF2, "á": 0xE1]

    /// ISO-8859-15's `€` is 0xA4, Latin-1's `¤`: the header's `8859-15` contains `8859-1`, and was
    /// read as windows-1252, so `Café 3€` came out `Café 3¤` with exit 0.
    func testISO885915IsNotReadAsLatin1() {
        var bytes = file(charset: "ISO-8859-15", payee: "Société Générale", memo: "Café 3~", encoding: latin1)
        bytes[bytes.firstIndex(of: UInt8(ascii: "~"))!] = 0xA4
        let result = read(bytes)
        XCTAssertNil(result.failure)
        XCTAssertEqual(result.transactions.map(\.vendor), ["Société Générale"])
        XCTAssertEqual(result.transactions.map(\.memo), ["Café 3€"])
        XCTAssertEqual(result.notes, [])
    }

    /// Other character sets a header names are read in them (libxml2, through iconv): Polish
    /// text under `CHARSET:ISO-8859-2` failed as "Input is not proper UTF-8".
    func testOtherCharsetsAreReadInTheirOwnEncoding() {
        let latin2 = file(charset: "ISO-8859-2", payee: "Łódź Bank", memo: "Zakup żółć", encoding: latin2)
        let result = read(latin2)
        XCTAssertNil(result.failure)
        XCTAssertEqual(result.transactions.map(\.vendor), ["Łódź Bank"])
        XCTAssertEqual(result.transactions.map(\.memo), ["Zakup żółć"])
        let cp1250 = file(charset: "1250", payee: "Šťastný Kůň", memo: "Nákup", encoding: cp1250)
        XCTAssertEqual(read(cp1250).transactions.map(\.vendor), ["Šťastný Kůň"])
    }

    /// `CHARSET:NONE` over a body in the bank's code page (0xE9 for `é`): read as windows-1252,
    /// and a note says so. libxml2 refused it ("Input is not proper UTF-8, indicate encoding !"),
    /// and OFX has no option that could have said otherwise.
    func testNonUTF8BytesUnderCharsetNoneAreWindows1252WithANote() {
        let bytes = file(charset: "NONE", payee: "Société Générale", memo: "Café 3€", encoding: windows1252)
        let result = read(bytes)
        XCTAssertNil(result.failure)
        XCTAssertEqual(result.transactions.map(\.vendor), ["Société Générale"])
        XCTAssertEqual(result.transactions.map(\.memo), ["Café 3€"])
        XCTAssertEqual(
            result.notes,
            ["read as windows-1252: the header says CHARSET:NONE, but line 15 holds byte 0xE9, which is not UTF-8"])
        // A CHARSET libxml2 does not know was ignored, and the body failed as not UTF-8 "which
        // the header's ENCODING:USASCII says they are": read as CHARSET:NONE is, and named.
        let unknown = read(file(charset: "FOO", payee: "Société Générale", memo: "Café 3€", encoding: windows1252))
        XCTAssertNil(unknown.failure)
        XCTAssertEqual(unknown.transactions.map(\.vendor), ["Société Générale"])
        XCTAssertEqual(
            unknown.notes,
            [
                "read as windows-1252: the header says CHARSET:FOO (a character set iconv does not know), "
                    + "but line 15 holds byte 0xE9, which is not UTF-8"
            ])
        // UTF-8 under CHARSET:NONE is UTF-8, without a note.
        let utf8 = read(file(charset: "NONE", payee: "Société Générale", memo: "Café 3€", encoding: nil))
        XCTAssertEqual(utf8.transactions.map(\.memo), ["Café 3€"])
        XCTAssertEqual(utf8.notes, [])
    }

    /// An OFX 2.x file without an encoding in its declaration is UTF-8; windows-1252 bytes in a
    /// short one were reported as "the file ends inside NAME: cut short", since libxml2 had
    /// been handed the whole file when it stopped.
    func testBytesThatAreNotUTF8InAnXMLFileAreNamedSo() {
        let text = """
            <?xml version="1.0" standalone="no"?>
            <?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
            <OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1</TRNUID><STMTRS><CURDEF>EUR</CURDEF>
            <BANKACCTFROM><BANKID>1</BANKID><ACCTID>2</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
            <BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240102</DTPOSTED><TRNAMT>-1.00</TRNAMT>
            <FITID>F1</FITID><NAME>Société</NAME></STMTTRN></BANKTRANLIST>
            </STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>

            """
        let result = read(encoded(text, windows1252))
        XCTAssertEqual(result.failure?.line, 6)
        XCTAssertEqual(
            result.failure?.message,
            "bytes 0xE9 0x74 0xE9 0x3C are not UTF-8, which an XML file is unless its <?xml?> declaration "
                + "names another encoding (encoding=\"windows-1252\")")
    }
}

/// A header that names windows-1252 over a body written in UTF-8.
final class OFXMislabelledCharsetTests: XCTestCase {
    /// Banks write UTF-8 under `CHARSET:1252` (OCA/bank-statement-import#968): transcoded as the
    /// header says, `Société Générale` came out `SociÃ©tÃ© GÃ©nÃ©rale` with exit 0. A body that is
    /// valid UTF-8 with letters beyond ASCII is read as UTF-8, and a note says so.
    func testAUTF8BodyUnderCharset1252IsReadAsUTF8WithANote() {
        let text = sgmlFile(
            bankStatement(
                "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240102<TRNAMT>-45.20<FITID>F1<NAME>Société Générale<MEMO>Café 3€\n</STMTTRN>"
            ), charset: "1252")
        let result = read(text)
        XCTAssertNil(result.failure)
        XCTAssertEqual(result.transactions.map(\.vendor), ["Société Générale"])
        XCTAssertEqual(result.transactions.map(\.memo), ["Café 3€"])
        XCTAssertEqual(
            result.notes,
            [
                "read as UTF-8: the header says CHARSET:1252, but the text is valid UTF-8 (its first letter beyond ASCII on line 15)"
            ])
        // Windows-1252 bytes under the same header are windows-1252, without a note.
        var bytes: [UInt8] = []
        for character in text {
            switch character {
            case "é": bytes.append(0xE9)
            case "É": bytes.append(0xC9)
            case "€": bytes.append(0x80)
            default: bytes += Array(character.utf8)
            }
        }
        // An ASCII body after a UTF-8 byte order mark reads the same either way: no note.
        let ascii = read([0xEF, 0xBB, 0xBF] + Array(sgmlFile(bankStatement(""), charset: "1252").utf8))
        XCTAssertNil(ascii.failure)
        XCTAssertEqual(ascii.notes.filter { $0.hasPrefix("read as") }, [])
        let declared = read(bytes)
        XCTAssertEqual(declared.transactions.map(\.vendor), ["Société Générale"])
        XCTAssertEqual(declared.transactions.map(\.memo), ["Café 3€"])
        XCTAssertEqual(declared.notes, [])
    }
}

extension OFXMislabelledCharsetTests {
    /// An OFX 2.x file whose XML declaration says ISO-8859-1 over UTF-8 text: libxml2 followed
    /// the declaration and `Société` came out `SociÃ©tÃ©` with exit 0. It is read as UTF-8 with a
    /// note; the same text in Latin-1 under that declaration is Latin-1, without one.
    func testUTF8UnderAnXMLDeclarationOfLatin1IsReadAsUTF8WithANote() {
        let text = """
            <?xml version="1.0" encoding="ISO-8859-1" standalone="no"?>
            <?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
            <OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1</TRNUID><STMTRS><CURDEF>EUR</CURDEF>
            <BANKACCTFROM><BANKID>1</BANKID><ACCTID>2</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
            <BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240102</DTPOSTED><TRNAMT>-1.00</TRNAMT>
            <FITID>F1</FITID><NAME>Société Générale</NAME></STMTTRN></BANKTRANLIST>
            </STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>

            """
        let utf8 = read(Array(text.utf8))
        XCTAssertNil(utf8.failure)
        XCTAssertEqual(utf8.transactions.map(\.vendor), ["Société Générale"])
        XCTAssertEqual(
            utf8.notes,
            [
                "read as UTF-8: the <?xml?> declaration says encoding=\"ISO-8859-1\", but the text is valid UTF-8 "
                    + "(its first letter beyond ASCII on line 6)"
            ])
        let latin1 = read(text.unicodeScalars.map { UInt8($0.value) })
        XCTAssertNil(latin1.failure)
        XCTAssertEqual(latin1.transactions.map(\.vendor), ["Société Générale"])
        XCTAssertEqual(latin1.notes, [])
    }
}

/// A body mostly in windows-1252 with some lines in UTF-8.
final class OFXMixedEncodingTests: XCTestCase {
    /// A UTF-8 payee among windows-1252 ones under `CHARSET:1252`: each line is read in its own
    /// encoding, and a note says so. It was transcoded whole, `Société` coming out `SociÃ©tÃ©`
    /// without a note.
    func testUTF8LinesAmongWindows1252OnesAreReadAsUTF8() {
        let text = sgmlFile(
            bankStatement(
                "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240102<TRNAMT>-45.20<FITID>F1<NAME>Société Générale\n</STMTTRN>\n"
                    + "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240103<TRNAMT>-3.20<FITID>F2<NAME>Caf~\n</STMTTRN>"),
            charset: "1252")
        var bytes = Array(text.utf8)
        bytes[bytes.firstIndex(of: UInt8(ascii: "~"))!] = 0xE9
        let result = read(bytes)
        XCTAssertNil(result.failure)
        XCTAssertEqual(result.transactions.map(\.vendor), ["Société Générale", "Café"])
        XCTAssertEqual(
            result.notes,
            [
                "1 line valid UTF-8 read as UTF-8, the rest as windows-1252 (the first on line 15): the file mixes encodings"
            ])
    }

    /// A windows-1252 body after a UTF-8 byte order mark: the mark is no UTF-8 line. It counted
    /// as one, and the file was said to mix encodings (`the first on line 1`).
    func testAByteOrderMarkIsNoUTF8Line() {
        var bytes = Array(
            sgmlFile(
                bankStatement("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240103<TRNAMT>-3.20<FITID>F2<NAME>Caf~\n</STMTTRN>"),
                charset: "1252"
            ).utf8)
        bytes[bytes.firstIndex(of: UInt8(ascii: "~"))!] = 0xE9
        for file in [bytes, [0xEF, 0xBB, 0xBF] + bytes] {
            let result = read(file)
            XCTAssertNil(result.failure)
            XCTAssertEqual(result.transactions.map(\.vendor), ["Café"])
            XCTAssertEqual(result.notes, [], "\(file.prefix(3))")
        }
    }
}
