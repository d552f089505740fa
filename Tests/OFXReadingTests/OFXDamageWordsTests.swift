import StatementText
import XCTest

@testable import OFXReading

/// A damaged or cut OFX file fails saying which: a cut only where the file ends, and damage in
/// words about the file, not in libxml2's names for its own parsing steps (`StartTag: invalid
/// element name`, `ParsePI: PI OFX never end ...`). Each damage here is one the fuzzing of the
/// shipped fixtures met, read by the real parser.
final class OFXDamageWordsTests: XCTestCase {
    private static let header =
        #"<?xml version="1.0"?>"# + "\n"
        + #"<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>"# + "\n"
    private static let body = """
        <OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1</TRNUID><STMTRS><CURDEF>EUR</CURDEF>
        <BANKACCTFROM><BANKID>1</BANKID><ACCTID>2</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
        <BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240102</DTPOSTED><TRNAMT>-1.00</TRNAMT>
        <FITID>F1</FITID><NAME>Shop</NAME></STMTTRN></BANKTRANLIST>
        </STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>

        """

    /// The failure's message when `damage` replaces `original` in the file.
    private func message(_ original: String, _ damage: String, header: String = header) -> String? {
        let text = header + Self.body
        XCTAssertNotNil(text.range(of: original), original)
        return read(text.replacingOccurrences(of: original, with: damage)).failure?.message
    }

    func testDamagedTagsAreSaidInTheFilesTerms() {
        XCTAssertEqual(read(Self.header + Self.body).failure?.message, nil)
        XCTAssertEqual(
            message("</FITID>", "</FITIX>"),
            "</FITIX> where </FITID> of line 6 is due: a tag misspelt, or one left open")
        XCTAssertEqual(
            message("<NAME>Shop", "<NAME>Shop < 3"), "a < that begins no element name (a < in text is written &lt;)")
        XCTAssertEqual(
            message("<TRNTYPE>", "<TRN TYPE>"),
            #"a tag is damaged: "TYPE" inside it reads as an attribute without a value (a space in the element's name?)"#
        )
        XCTAssertEqual(
            message("<TRNTYPE>", "<TRNTYPE \">"),
            "a tag is damaged: what follows its name is no attribute (a stray character inside < >?)")
        XCTAssertEqual(
            message("Shop", "Sh\u{1}op"),
            "a character XML allows in no text (0x01): a control character, or binary data in the file")
        XCTAssertEqual(message("Shop", "Sh&op"), "an & that begins no entity (an & in text is written &amp;)")
    }

    func testDamagedDeclarationsAreSaidInTheFilesTerms() {
        XCTAssertEqual(
            message(#"NEWFILEUID="NONE"?>"#, #"NEWFILEUID="NONE">"#), "the <?OFX …?> instruction does not end with ?>")
        XCTAssertEqual(
            message(#"<?xml version="1.0"?>"#, #"<?xml version="1.0">"#),
            "a declaration (<?xml …?>) is damaged: a space missing, or its ?> end")
        XCTAssertEqual(
            message(#"<?xml version="1.0"?>"#, #"<?xml encoding="UTF-8"?>"#),
            #"the <?xml …?> declaration has no version (<?xml version="1.0" …?>)"#)
        XCTAssertEqual(
            message("<OFX>", #"<?xml version="1.0"?><OFX>"#),
            "an <?xml …?> declaration after the file's start: two files joined together?")
    }

    /// A cut is told from damage by where libxml2 stops: at the last line of a file without
    /// `</OFX>`. A small file is handed to libxml2 whole before it meets a misspelt tag, which
    /// was called a cut (`the file ends inside FITID: cut short`). An SGML file's open
    /// aggregates are closed at its end, so one cut before its first statement read as an empty
    /// file, exit 0.
    func testACutIsToldFromDamageInTheMiddle() {
        let sgml =
            "OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nSECURITY:NONE\r\nENCODING:USASCII\r\n"
            + "CHARSET:1252\r\nCOMPRESSION:NONE\r\nOLDFILEUID:NONE\r\nNEWFILEUID:NONE\r\n\r\n"
        XCTAssertEqual(
            read(sgml + "<OFX>\r\n<SIGN").failure?.message,
            "the file ends before its first statement, without </OFX>: cut short")
        XCTAssertNil(read(sgml + "<OFX>\r\n</OFX>\r\n").failure, "whole, and said to hold no statement")
        XCTAssertEqual(
            read(String(sgml.prefix(60))).failure?.message, "the file ends before its <OFX> element: cut short")
        let whole = Self.header + Self.body
        let cut = String(whole[..<whole.range(of: "<NAME>")!.upperBound])
        XCTAssertEqual(read(cut).failure?.message, "the file ends inside NAME: cut short")
        XCTAssertEqual(read(cut).failure?.line, 6)
    }

    /// What libxml2 says that no rule words is kept as it came, and every rule keeps the names
    /// and numbers of libxml2's message.
    func testPlainWordsKeepLibXML2sNamesAndLeaveTheRest() {
        XCTAssertEqual(LibXML2Message.plain("Some message of libxml2's"), "Some message of libxml2's")
        XCTAssertEqual(
            LibXML2Message.plain("Opening and ending tag mismatch: an odd message"),
            "Opening and ending tag mismatch: an odd message")
        XCTAssertEqual(
            LibXML2Message.plain("Premature end of data in tag STMTTRN line 12"),
            "the file ends inside <STMTTRN>: cut short")
        XCTAssertEqual(
            LibXML2Message.plain("Entity 'eacute' not defined"),
            "&eacute; is no XML entity (XML has &amp; &lt; &gt; &quot; &apos;)")
        XCTAssertEqual(
            LibXML2Message.plain("Char 0x0 out of allowed range"),
            "a character XML allows in no text (0x00): a control character, or binary data in the file")
        XCTAssertEqual(
            LibXML2Message.plain("PI OFX space expected"),
            "the <?OFX …?> instruction is damaged: a space is missing after its name")
    }
}
