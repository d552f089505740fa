import OFXReading
import XCTest

/// OFX 1.x SGML made XML as it streams: leaves closed, aggregates kept, `&` escaped, the header
/// block skipped with its lines, windows-1252 transcoded; in pieces as small as one byte.
final class SGMLNormalizerTests: XCTestCase {
    func testUnclosedLeavesAreClosedBeforeTheNextTag() {
        let sgml = "<STMTTRN><TRNTYPE>DEBIT<TRNAMT>-12.50<FITID>A1</STMTTRN>"
        XCTAssertEqual(
            normalized(Array(sgml.utf8)),
            "<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><TRNAMT>-12.50</TRNAMT><FITID>A1</FITID></STMTTRN>")
    }

    func testAggregatesAndClosedLeavesAreLeftAsTheyAre() {
        let sgml = "<PAYEE>\n<NAME>Shop</NAME>\n<CITY>Town\n</PAYEE>"
        XCTAssertEqual(normalized(Array(sgml.utf8)), "<PAYEE>\n<NAME>Shop</NAME>\n<CITY>Town\n</CITY></PAYEE>")
    }

    func testStrayAmpersandsAreEscapedAndEntitiesKept() {
        let sgml = "<NAME>Tom & Jerry &amp; Co &#38; &x<MEMO>a&b"
        XCTAssertEqual(
            normalized(Array(sgml.utf8), piece: 1),
            "<NAME>Tom &amp; Jerry &amp; Co &#38; &amp;x</NAME><MEMO>a&amp;b</MEMO>")
    }

    func testTheHeaderBlockBecomesItsLineBreaksAlone() {
        let sgml = "\u{FEFF}OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX>\n<CODE>0\n</OFX>"
        XCTAssertEqual(normalized(Array(sgml.utf8)), "\n\n\n\n<OFX>\n<CODE>0\n</CODE></OFX>")
    }

    func testWindows1252BytesBecomeUTF8() {
        // "Café Müller €5" in windows-1252.
        let bytes: [UInt8] =
            Array("<NAME>Caf".utf8) + [0xE9] + Array(" M".utf8) + [0xFC] + Array("ller ".utf8)
            + [0x80] + Array("5".utf8)
        XCTAssertEqual(normalized(bytes, windows1252: true, piece: 1), "<NAME>Café Müller €5</NAME>")
    }

    func testAnOpenAggregateAtTheEndStaysOpenSoTheParserSeesTheCut() {
        XCTAssertEqual(normalized(Array("<OFX><STMTTRN><TRNAMT>1".utf8)), "<OFX><STMTTRN><TRNAMT>1</TRNAMT>")
    }

    /// A name the spec does not list (a bank's own) cannot be told from an aggregate when empty.
    func testAnEndTagClosesTheUnknownEmptyElementsAboveIt() {
        XCTAssertEqual(
            normalized(Array("<STMTTRN><XMEMO><NAME>x</STMTTRN>".utf8)),
            "<STMTTRN><XMEMO><NAME>x</NAME></XMEMO></STMTTRN>")
    }

    /// An empty leaf the spec names (Banco do Brasil's `<FITID>` before `NAME`) is closed before
    /// the next tag: it held its siblings, which were lost one level down.
    func testAnEmptyLeafTheSpecNamesIsClosedBeforeTheNextTag() {
        XCTAssertEqual(
            normalized(Array("<STMTTRN><TRNAMT>1<FITID>\n<CHECKNUM><NAME>Pix<MEMO>\n</STMTTRN>".utf8)),
            "<STMTTRN><TRNAMT>1</TRNAMT><FITID>\n</FITID><CHECKNUM></CHECKNUM><NAME>Pix</NAME><MEMO>\n</MEMO></STMTTRN>"
        )
    }

    func testTheSameOutputWhateverThePiecesTheBytesComeIn() {
        // Runs of text and tags are copied whole: a run cut by a piece's end must not matter.
        let long = String(repeating: "x", count: 300)
        let sgml: [UInt8] =
            Array("<OFX>\r\n<NAME>Caf".utf8) + [0xE9, 0x01] + Array(" AT&T <\(long)> a < b<MEMO>m\u{7F}".utf8)
            + Array("<STMTTRN><TRNAMT>-1.00</STMTTRN></OFX>".utf8)
        let whole = normalized(sgml, windows1252: true, piece: sgml.count)
        for piece in [1, 2, 3, 7, 64, 255, 256, 257] {
            XCTAssertEqual(normalized(sgml, windows1252: true, piece: piece), whole, "pieces of \(piece)")
        }
        XCTAssertTrue(whole.hasPrefix("<OFX>\r\n<NAME>Café  AT&amp;T &lt;xxx"), whole)
        XCTAssertTrue(whole.hasSuffix("<STMTTRN><TRNAMT>-1.00</TRNAMT></STMTTRN></OFX>"), whole)
    }

    /// AMEX closes every leaf, after its next sibling's end tag: those end tags close nothing
    /// and are dropped (a leaf the spec names, or a bank's tag with a period); the end tag of an
    /// aggregate that is not open is still written, for the parser to refuse.
    func testAnEndTagOfALeafClosedAlreadyIsDropped() {
        XCTAssertEqual(
            normalized(
                Array("<STATUS><CODE>0\n<SEVERITY>INFO\n</SEVERITY>\n</CODE></STATUS><X.ID>a\n<NAME>b</X.ID>".utf8)),
            "<STATUS><CODE>0\n</CODE><SEVERITY>INFO\n</SEVERITY>\n</STATUS><X.ID>a\n</X.ID><NAME>b</NAME>")
        XCTAssertEqual(normalized(Array("<OFX><NAME>a</STMTTRN></OFX>".utf8)), "<OFX><NAME>a</STMTTRN></NAME></OFX>")
    }

    /// Nubank leaves `BANKTRANLIST` open: the `LEDGERBAL` after it closes it (and a `STMTTRN`
    /// left open in it), as the spec puts it after the list, never inside.
    func testABalanceAfterTheTransactionListClosesIt() {
        XCTAssertEqual(
            normalized(
                Array("<CCSTMTRS><BANKTRANLIST><STMTTRN><TRNAMT>1\n<LEDGERBAL><BALAMT>1</LEDGERBAL></CCSTMTRS>".utf8)),
            "<CCSTMTRS><BANKTRANLIST><STMTTRN><TRNAMT>1\n</TRNAMT></STMTTRN></BANKTRANLIST><LEDGERBAL><BALAMT>1</BALAMT>"
                + "</LEDGERBAL></CCSTMTRS>")
    }

    /// An `INVTRANLIST` left open is closed where the spec's next element of `INVSTMTRS` begins
    /// (`INVPOSLIST`, `INVBAL`…), with what is open inside it.
    func testThePositionsOrTheBalanceAfterTheInvestmentListCloseIt() {
        XCTAssertEqual(
            normalized(Array("<INVSTMTRS><INVTRANLIST><INVBANKTRAN><SUBACCTFUND>CASH\n<INVPOSLIST></INVPOSLIST>".utf8)),
            "<INVSTMTRS><INVTRANLIST><INVBANKTRAN><SUBACCTFUND>CASH\n</SUBACCTFUND></INVBANKTRAN></INVTRANLIST>"
                + "<INVPOSLIST></INVPOSLIST>")
        XCTAssertEqual(
            normalized(Array("<INVTRANLIST><DTEND>1\n<INVBAL><AVAILCASH>1</INVBAL>".utf8)),
            "<INVTRANLIST><DTEND>1\n</DTEND></INVTRANLIST><INVBAL><AVAILCASH>1</AVAILCASH></INVBAL>")
        XCTAssertEqual(
            normalized(Array("<BANKTRANLIST><INVBAL>".utf8)), "<BANKTRANLIST><INVBAL>",
            "each list closes at its own statement's elements")
    }

    /// Each list closed is recorded for its note: which of the list's end tags it is, what was
    /// open in it, what it was closed before and where (the offset of that tag's `>`).
    func testAListClosedIsRecorded() {
        let text = "<INVTRANLIST></INVTRANLIST><INVTRANLIST><INVBANKTRAN><X.Y>\n<INVBAL>"
        var normalizer = SGMLNormalizer(transcodesWindows1252: false)
        var out: [UInt8] = []
        for byte in Array(text.utf8) { normalizer.feed([byte], into: &out) }
        XCTAssertEqual(
            normalizer.closedLists.map { "\($0.list) \($0.ordinal) \($0.inside) \($0.before) \($0.offset)" },
            ["INVTRANLIST 2 [\"INVBANKTRAN\", \"X.Y\"] INVBAL \(text.utf8.count - 1)"])
    }
}
