import OFXReading
import XCTest

/// Whole files read into statements, entries and rejects; failures with their line and path.
final class OFXDocumentTests: XCTestCase {
    func testAnSGMLBankStatementIsOneAccountWithItsTransactions() throws {
        let body = bankStatement(
            transaction("-12.50", date: "20240102120000[-5:EST]", fitid: "A1", name: "<NAME>Café<MEMO>Latte")
                + transaction("+100", date: "20240103", fitid: "A2", name: "<NAME>Pay<MEMO>Pay", type: "CREDIT"),
            balance: "1925.56")
        let result = read(sgmlFile(body, charset: "NONE"))
        XCTAssertNil(result.failure)
        let statement = try XCTUnwrap(result.statementsEnded.first)
        XCTAssertEqual(result.statementsBegun.map(\.path), ["STMTRS[0]"])
        XCTAssertEqual(statement.defaultName, "CHECKING 1234567890")
        XCTAssertEqual(statement.accountID, "1234567890")
        XCTAssertEqual(statement.currency, "USD")
        XCTAssertEqual(statement.balance, "1925.56")
        XCTAssertEqual(statement.balanceDate, "2024-01-31")
        XCTAssertEqual(result.transactions.map(\.amount), ["-12.50", "100"])
        XCTAssertEqual(result.transactions.map(\.date), ["2024-01-02T12:00:00-05:00", "2024-01-03"])
        XCTAssertEqual(result.transactions.map(\.id), ["A1", "A2"])
        XCTAssertEqual(result.transactions.map(\.vendor), ["Café", "Pay"])
        XCTAssertEqual(result.transactions.map(\.memo), ["Latte", nil], "a memo that is the vendor is not repeated")
        XCTAssertEqual(result.transactions.map(\.location), ["STMTRS[0].STMTTRN[0]", "STMTRS[0].STMTTRN[1]"])
        XCTAssertEqual(result.transactions.map(\.pending), [false, false])
    }

    func testAPayeeAggregateNamesTheVendorAndAMemoAloneDoesToo() {
        let body = bankStatement(
            transaction("-1", fitid: "P", name: "<PAYEE><NAME>Grocer<CITY>Town</PAYEE><MEMO>Weekly")
                + transaction("-2", fitid: "M", name: "<MEMO>Check 1042")
                + transaction("-3", fitid: "N", name: "<NAME>Named<MEMO>note"))
        let result = read(sgmlFile(body))
        XCTAssertEqual(result.transactions.map(\.vendor), ["Grocer", "Check 1042", "Named"])
        XCTAssertEqual(result.transactions.map(\.memo), ["Weekly", nil, "note"])
    }

    func testABadAmountIsRejectedWithItsPathAndTheRestGoOn() {
        let body = bankStatement(
            transaction("-1.00", fitid: "A") + transaction("abc", fitid: "B") + transaction("-3.00", fitid: "C")
                + transaction("-4.00", date: "2024-01-05", fitid: "D"))
        let result = read(sgmlFile(body))
        XCTAssertNil(result.failure)
        XCTAssertEqual(result.transactions.map(\.id), ["A", "C"])
        XCTAssertEqual(
            result.rejects.map(\.location), ["STMTRS[0].STMTTRN[1].TRNAMT", "STMTRS[0].STMTTRN[3].DTPOSTED"])
        XCTAssertEqual(result.rejects.first?.reason, #""abc" is not an amount"#)
        XCTAssertTrue(result.rejects.first?.raw.contains("<TRNAMT>abc</TRNAMT>") ?? false, "\(result.rejects)")
        // The record whole, from its start tag to its one end tag.
        for reject in result.rejects {
            XCTAssertTrue(reject.raw.hasPrefix("<STMTTRN>"), reject.raw)
            XCTAssertTrue(reject.raw.hasSuffix("<NAME>Shop</NAME></STMTTRN>"), reject.raw)
        }
        XCTAssertEqual(result.statementsEnded.first?.transactions, 2)
        XCTAssertEqual(result.statementsEnded.first?.rejects, 2)
    }

    /// A `FITID` on two transactions of one statement (OFX makes it unique in the account) is
    /// said: both are read, and nothing later could tell one payment sent twice from two.
    func testTransactionsSharingAFITIDAreReadAndSaid() {
        let body = bankStatement(
            transaction("-1.00", fitid: "A") + transaction("-2.00", fitid: "B") + transaction("-1.00", fitid: "A")
                + transaction("-3.00", fitid: "C") + transaction("-3.00", fitid: "C") + transaction("-3.00", fitid: "C")
        )
        let result = read(sgmlFile(body))
        XCTAssertEqual(result.transactions.map(\.id), ["A", "B", "A", "C", "C", "C"])
        let statement = result.statementsEnded.first
        XCTAssertEqual(statement?.repeatedFITIDs, ["A": 2, "C": 3])
        XCTAssertTrue(
            statement?.notes.contains {
                $0.hasPrefix("5 transactions share FITIDs, which OFX makes unique in an account: A (2×), C (3×); ")
            } ?? false, "\(statement?.notes ?? [])")

        let distinct = read(
            sgmlFile(bankStatement(transaction("-1.00", fitid: "A") + transaction("-1.00", fitid: "B"))))
        XCTAssertEqual(distinct.statementsEnded.first?.repeatedFITIDs, [:])
        XCTAssertFalse(distinct.statementsEnded.first?.notes.contains { $0.contains("FITID") } ?? true)
    }

    func testDTUSERStandsInForAMissingDTPOSTED() {
        let body = bankStatement("<STMTTRN><TRNTYPE>DEBIT<DTUSER>20240109<TRNAMT>-5<FITID>U<NAME>X</STMTTRN>")
        XCTAssertEqual(read(sgmlFile(body)).transactions.map(\.date), ["2024-01-09"])
    }

    func testAnOFX2XMLFileWithABankAndACardStatement() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE"?>
            <OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR</CURDEF>
            <BANKACCTFROM><BANKID>1</BANKID><ACCTID>DE89</ACCTID><ACCTTYPE>SAVINGS</ACCTTYPE></BANKACCTFROM>
            <BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240301083000.250[+1:CET]</DTPOSTED>
            <TRNAMT>-23.45</TRNAMT><FITID>S1</FITID><NAME>A &amp; B</NAME></STMTTRN></BANKTRANLIST>
            <LEDGERBAL><BALAMT>10</BALAMT><DTASOF>20240331</DTASOF></LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1>
            <CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>USD</CURDEF><CCACCTFROM><ACCTID>4111</ACCTID></CCACCTFROM>
            <BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240302</DTPOSTED><TRNAMT>-5</TRNAMT>
            <FITID>C1</FITID><NAME>Card shop</NAME></STMTTRN></BANKTRANLIST>
            <LEDGERBAL><BALAMT>-5.00</BALAMT><DTASOF>20240331</DTASOF></LEDGERBAL></CCSTMTRS></CCSTMTTRNRS>
            </CREDITCARDMSGSRSV1></OFX>
            """
        let result = read(xml)
        XCTAssertNil(result.failure)
        let header = try XCTUnwrap(OFXHeader.read(Array(xml.utf8)))
        XCTAssertEqual(header.syntax, .xml)
        XCTAssertEqual(header.summary, "OFX 2.2 (XML)")
        XCTAssertEqual(result.statementsEnded.map(\.path), ["STMTRS[0]", "CCSTMTRS[0]"])
        XCTAssertEqual(result.statementsEnded.map(\.defaultName), ["SAVINGS DE89", "CREDITCARD 4111"])
        XCTAssertEqual(result.statementsEnded.map(\.currency), ["EUR", "USD"])
        XCTAssertEqual(result.statementsEnded.map(\.balance), ["10", "-5.00"])
        XCTAssertEqual(result.transactions.map(\.vendor), ["A & B", "Card shop"])
        XCTAssertEqual(result.transactions.map(\.date), ["2024-03-01T08:30:00+01:00", "2024-03-02"])
        XCTAssertEqual(result.transactions.map(\.location), ["STMTRS[0].STMTTRN[0]", "CCSTMTRS[0].STMTTRN[0]"])
    }

    func testSeveralStatementsAreSeveralAccounts() {
        let body =
            bankStatement(transaction("-1", fitid: "A"), account: "111")
            + bankStatement(transaction("-2", fitid: "B") + transaction("-3", fitid: "C"), account: "222")
        let result = read(sgmlFile(body))
        XCTAssertEqual(result.statementsBegun.map(\.accountID), ["111", "222"])
        XCTAssertEqual(result.statementsEnded.map(\.path), ["STMTRS[0]", "STMTRS[1]"])
        XCTAssertEqual(result.statementsEnded.map(\.transactions), [1, 2])
        XCTAssertEqual(result.transactions.map(\.location).last, "STMTRS[1].STMTTRN[1]")
    }

    func testATransactionInsideAPendingListIsPending() {
        let body = bankStatement(
            transaction("-1", fitid: "B") + "<PENDINGTRNS>" + transaction("-2", fitid: "P") + "</PENDINGTRNS>")
        XCTAssertEqual(read(sgmlFile(body)).transactions.map(\.pending), [false, true])
    }

    func testACutFileFailsWithLineAndPathAndKeepsTheStatementsBeforeIt() throws {
        let whole = sgmlFile(
            bankStatement(transaction("-1", fitid: "A"), account: "111")
                + bankStatement(transaction("-2", fitid: "B") + transaction("-3", fitid: "C"), account: "222"))
        let cut = String(whole[..<whole.range(of: "<TRNAMT>-3")!.upperBound])
        let result = read(cut, origin: "cut.ofx")
        let failure = try XCTUnwrap(result.failure)
        XCTAssertEqual(result.statementsEnded.map(\.accountID), ["111"], "the statement before the cut is whole")
        XCTAssertEqual(result.statementsBegun.map(\.accountID), ["111", "222"])
        XCTAssertEqual(failure.line, cut.split(separator: "\n", omittingEmptySubsequences: false).count)
        XCTAssertEqual(failure.path, "OFX.BANKMSGSRSV1.STMTTRNRS.STMTRS[1].BANKTRANLIST.STMTTRN[1]")
        XCTAssertTrue(failure.description.hasPrefix("cut.ofx:\(failure.line ?? 0): in OFX."), failure.description)
        XCTAssertTrue(failure.message.contains("cut short"), failure.message)
    }

    /// Aggregates never closed open each next one inside the last: past libxml2's 256 levels the
    /// file failed with libxml2's advice on its own options and a path of 256 names.
    func testAggregatesLeftOpenPastTheDepthLimitAreSaidSo() throws {
        let open = String(repeating: "<BANKTRANLIST>\n", count: 300)
        let result = read(sgmlFile(bankStatement(open + transaction("-1"))), origin: "open.ofx")
        let failure = try XCTUnwrap(result.failure)
        XCTAssertEqual(
            failure.message,
            "elements nested more than 256 deep: an aggregate left open (BANKTRANLIST inside BANKTRANLIST?)")
        XCTAssertEqual(failure.path, "OFX.BANKMSGSRSV1.STMTTRNRS.STMTRS.BANKTRANLIST.….BANKTRANLIST")
    }

    /// A `</STMTTRN>` missing or cut (`</STMT`) made the next transaction a child of the open one:
    /// its money was lost, the file read with exit 0. The file fails at the next one, naming it.
    func testATransactionBegunInsideAnotherFailsTheFile() throws {
        let first = transaction("-1", fitid: "A")
        let second = transaction("-2", fitid: "B", name: "<NAME>Shop\n")
        let third = transaction("-3", fitid: "C")
        for damaged in [
            second.replacingOccurrences(of: "</STMTTRN>", with: ""),
            second.replacingOccurrences(of: "</STMTTRN>", with: "</STMT"),
        ] {
            let text = sgmlFile(bankStatement([first, damaged, third].joined(separator: "\n")))
            let result = read(text, origin: "open.ofx")
            let failure = try XCTUnwrap(result.failure, damaged)
            XCTAssertEqual(failure.path, "OFX.BANKMSGSRSV1.STMTTRNRS.STMTRS[0].BANKTRANLIST.STMTTRN[1]", damaged)
            XCTAssertEqual(
                failure.message, "STMTTRN begins before this STMTTRN ends: its </STMTTRN> is missing or damaged")
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertEqual(
                failure.line,
                lines.firstIndex { $0.hasPrefix("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240102<TRNAMT>-3") }! + 1)
            XCTAssertEqual(result.statementsEnded.count, 0, "the statement is not read whole")
        }
        // Its last transaction left open is closed by its list's end, as SGML allows: all read.
        let lastOpen = third.replacingOccurrences(of: "</STMTTRN>", with: "")
        let whole = read(sgmlFile(bankStatement([first, second, lastOpen].joined(separator: "\n"))))
        XCTAssertNil(whole.failure)
        XCTAssertEqual(whole.transactions.map(\.id), ["A", "B", "C"])
    }

    /// A statement whose `</STMTRS></STMTTRNRS>` are both missing: the next statement's
    /// transactions were read as the open one's account's, with exit 0 and an info note.
    func testAStatementBegunInsideAnotherFailsTheFile() throws {
        let first = bankStatement(transaction("-1", fitid: "A"), account: "111")
            .replacingOccurrences(of: "</STMTRS></STMTTRNRS></BANKMSGSRSV1>", with: "")
        let second = bankStatement(transaction("-2", fitid: "B"), account: "222")
            .replacingOccurrences(of: "<BANKMSGSRSV1>", with: "")
        let text = sgmlFile(first + "\n" + second)
        let result = read(text, origin: "joined.ofx")
        let failure = try XCTUnwrap(result.failure)
        XCTAssertEqual(failure.message, "STMTRS begins before this STMTRS ends: its </STMTRS> is missing or damaged")
        XCTAssertEqual(failure.path, "OFX.BANKMSGSRSV1.STMTTRNRS.STMTRS[0].STMTTRNRS")
        XCTAssertEqual(result.transactions.map(\.id), ["A"], "read up to the second statement, which is not")
        XCTAssertEqual(result.statementsEnded.count, 0)
    }

    func testTextThatIsNotOFXFailsWithoutReading() {
        let result = read("date,amount\n2024-01-02,5\n", origin: "x.csv")
        XCTAssertEqual(result.failure?.description.hasPrefix("x.csv: not an OFX file"), true, "\(result)")
        XCTAssertEqual(OFXDocument.confidence(path: "x.csv", head: Array("date,amount".utf8)), 0)
        XCTAssertEqual(OFXDocument.confidence(path: "x.QFX", head: Array("date,amount".utf8)), 10)
        XCTAssertEqual(OFXDocument.confidence(path: "x", head: Array("\u{FEFF}\r\nOFXHEADER:100".utf8)), 95)
        XCTAssertEqual(OFXDocument.confidence(path: "x", head: Array("junk\n<OFX>".utf8)), 95)
    }

    /// "OFX" alone is not enough: each mark is checked where the bytes hold it, past decoys.
    func testTheHeaderIsFoundPastDecoysAndNotInThem() {
        let decoys = #"{"vendor":"OFX Corp","memo":"<OFXX> OFXHEAD <?OF X"}"#
        XCTAssertNil(OFXHeader.read(Array(decoys.utf8)))
        XCTAssertNil(OFXHeader.read(Array("<OFX".utf8)), "cut before its >")
        XCTAssertNil(OFXHeader.read(Array("OFX".utf8)))
        XCTAssertEqual(OFXHeader.read(Array((decoys + "\n<OFX>").utf8))?.syntax, .sgml)
        XCTAssertEqual(OFXHeader.read(Array((decoys + #"<?xml?><?OFX VERSION="220"?>"#).utf8))?.version, "220")
        // Past the first 4 KiB a mark is not looked for.
        let far = String(repeating: " ", count: OFXHeader.headLength) + "<OFX>"
        XCTAssertNil(OFXHeader.read(Array(far.utf8)))
        XCTAssertNil(OFXHeader.read(Array(far.utf8)[...]))
    }

    /// `</OFX>` ends what is read wherever the file's chunks are cut: the text after it (a web
    /// page's `</BODY></HTML>`) failed the file as "cut short"; now it is a note.
    func testTextAfterTheRootIsANoteWhereverTheChunksAreCut() throws {
        let head = sgmlFile(bankStatement(transaction("-1.00", name: "<NAME>Shop<MEMO>")))
        let chunk = 64 * 1024
        for shift in 0..<16 {
            // The memo pads `</OFX>` to start a few bytes either side of the first chunk's end.
            let padding = chunk - head.utf8.count - 4 + shift
            let text = head.replacingOccurrences(of: "<MEMO>", with: "<MEMO>" + String(repeating: "m", count: padding))
                .replacingOccurrences(of: "</OFX>\n", with: "</OFX>\n</BODY></HTML>\n")
            let result = read(text)
            XCTAssertNil(result.failure, "shift \(shift): \(String(describing: result.failure))")
            XCTAssertEqual(result.transactions.count, 1, "shift \(shift)")
            XCTAssertEqual(result.notes.count, 1, "shift \(shift)")
            XCTAssertTrue(result.notes.first?.hasSuffix("text after </OFX> is not OFX: ignored") ?? false)
        }
        let xml = String(decoding: try fixture("bank-220.ofx"), as: UTF8.self) + "\n<!-- saved by a browser -->x\n"
        let fromXML = read(xml)
        XCTAssertNil(fromXML.failure)
        XCTAssertEqual(fromXML.transactions.count, 8)
        XCTAssertEqual(fromXML.notes.count, 1)
    }

    /// The fixtures cut at every line's end: a statement handed out ended is whole, as many
    /// transactions as in the whole file, and the cut is a failure.
    func testAFileCutAtAnyLineKeepsOnlyWholeStatementsAndFails() throws {
        /// Each ended statement's transactions, in order, and whether the read failed.
        func statements(_ bytes: [UInt8]) -> (ended: [Int], failed: Bool) {
            var ended: [Int] = []
            var open = 0
            let outcome = bytes.withUnsafeBytes { buffer in
                OFXDocument(bytes: buffer, origin: "test.ofx").read { event in
                    switch event {
                    case .statementBegan: open = 0
                    case .transaction: open += 1
                    case .statementEnded: ended.append(open)
                    case .reject, .note: break
                    }
                    return true
                }
            }
            if case .failed = outcome { return (ended, true) }
            return (ended, false)
        }
        var cuts = 0
        for name in ["bank-102.ofx", "bank-220.ofx", "card.qfx", "brokerage-220.ofx", "401k-102.ofx"] {
            let bytes = try fixture(name)
            let whole = statements(bytes)
            XCTAssertFalse(whole.failed, name)
            for (offset, byte) in bytes.enumerated() where byte == 0x0A && offset + 1 < bytes.count {
                let cut = statements(Array(bytes[...offset]))
                XCTAssertEqual(
                    cut.ended, Array(whole.ended.prefix(cut.ended.count)), "\(name) cut after byte \(offset)")
                XCTAssertTrue(cut.failed, "\(name) cut after byte \(offset) reads as a whole file")
                cuts += 1
            }
        }
        XCTAssertGreaterThan(cuts, 400)
    }
}
