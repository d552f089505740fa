import OFXReading
import XCTest

/// Statements that write every `TRNAMT` unsigned and carry the direction in `TRNTYPE` alone
/// (monetr#2687: files that "return the amounts as an absolute value"; ofxstatement-fineco#13: a
/// savings statement whose "amount field is always a positive value", `DEBIT`/`CREDIT` set from
/// the column that was filled). Read as written, every debit was money in, exit 0.
final class OFXUnsignedAmountsTests: XCTestCase {
    /// One SGML `STMTTRN` of type `type` (none when nil).
    private func entry(_ type: String?, _ amount: String, _ fitid: String, element: String = "STMTTRN") -> String {
        let type = type.map { "<TRNTYPE>\($0)" } ?? ""
        let date = element == "STMTTRNP" ? "<DTTRAN>20240103" : "<DTPOSTED>20240103"
        return "<\(element)>\(type)\(date)<TRNAMT>\(amount)<FITID>\(fitid)<NAME>\(fitid)</\(element)>\n"
    }

    /// A credit-card statement in SGML with the given transactions.
    private func cardStatement(_ transactions: String) -> String {
        """
        <CREDITCARDMSGSRSV1><CCSTMTTRNRS><TRNUID>1<CCSTMTRS><CURDEF>USD
        <CCACCTFROM><ACCTID>4111</CCACCTFROM>
        <BANKTRANLIST><DTSTART>20240101<DTEND>20240131
        \(transactions)
        </BANKTRANLIST>
        <LEDGERBAL><BALAMT>-100.00<DTASOF>20240131</LEDGERBAL>
        </CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1>
        """
    }

    private func amounts(_ result: ReadResult) -> [String: String] {
        Dictionary(uniqueKeysWithValues: result.transactions.map { ($0.id ?? "?", $0.amount) })
    }

    private func rejects(_ result: ReadResult) -> [String] {
        result.rejects.map { "\($0.location): \($0.reason)" }
    }

    private let unsignedNote =
        "STMTRS[0]: amounts read as unsigned, TRNTYPE giving the direction: its 2 DEBITs are all written "
        + "positive, where OFX writes money out negative (sign=as-is reads them as written)"

    /// Every DEBIT positive: the amounts are unsigned, and the spec's types that can only be money
    /// out (DEBIT, FEE, SRVCHG, CHECK, CASH, DIRECTDEBIT, a bank's PAYMENT and REPEATPMT) are
    /// negative, the money-in ones (CREDIT, DEP, DIRECTDEP, DIV) positive; a note says so.
    func testDebitsAllWrittenPositiveAreMoneyOut() {
        let body = bankStatement(
            entry("DEBIT", "50.00", "D1") + entry("CREDIT", "1200.00", "C1") + entry("debit", "+7.25", "D2")
                + entry("FEE", "2.50", "FEE") + entry("SRVCHG", "1.00", "SRV") + entry("CHECK", "300", "CHK")
                + entry("CASH", "40.00", "CASH") + entry("DIRECTDEBIT", "60.00", "DD")
                + entry("PAYMENT", "25.00", "PAY") + entry("REPEATPMT", "500.00", "RP") + entry("DEP", "10.00", "DEP")
                + entry("DIRECTDEP", "900.00", "DDEP") + entry("DIV", "0.40", "DIV") + entry("XFER", "0.00", "ZERO"))
        let result = read(sgmlFile(body))
        XCTAssertNil(result.failure)
        XCTAssertEqual(rejects(result), [])
        XCTAssertEqual(
            amounts(result),
            [
                "D1": "-50.00", "C1": "1200.00", "D2": "-7.25", "FEE": "-2.50", "SRV": "-1.00", "CHK": "-300",
                "CASH": "-40.00", "DD": "-60.00", "PAY": "-25.00", "RP": "-500.00", "DEP": "10.00", "DDEP": "900.00",
                "DIV": "0.40", "ZERO": "0.00",
            ])
        let statement = try? XCTUnwrap(result.statementsEnded.first)
        XCTAssertEqual(statement?.debitSigns, OFXDebitSigns(positive: 2, negative: 0))
        XCTAssertEqual(statement?.notes.map { "STMTRS[0]: \($0)" }, [unsignedNote])
    }

    /// A type the spec leaves to the sign (INT, ATM, POS), or that says no direction (XFER, OTHER,
    /// none), written unsigned is not guessed: rejected, naming TRNTYPE and the option. A minus the
    /// bank did write is kept where the type allows it; a money-in type written negative is
    /// rejected, since the file contradicts itself.
    func testATypeThatDoesNotSayWhichWayIsRejected() {
        let body = bankStatement(
            entry("DEBIT", "50.00", "D1") + entry("XFER", "20.00", "X1") + entry("XFER", "-20.00", "X2")
                + entry("POS", "5.00", "POS") + entry("INT", "0.12", "INT") + entry(nil, "3.00", "NONE")
                + entry("CREDIT", "-5.00", "C1") + entry("DEBIT", "9.00", "D2") + entry("FEE", "-1.00", "FEE"))
        let result = read(sgmlFile(body))
        XCTAssertEqual(amounts(result), ["D1": "-50.00", "X2": "-20.00", "D2": "-9.00", "FEE": "-1.00"])
        let unsigned = "the statement's amounts are unsigned (its DEBITs are all written positive)"
        XCTAssertEqual(
            rejects(result),
            [
                "STMTRS[0].STMTTRN[1].TRNTYPE: XFER does not say whether \"20.00\" went out or came in, and \(unsigned): "
                    + "not read (sign=as-is reads it as written)",
                "STMTRS[0].STMTTRN[3].TRNTYPE: POS does not say whether \"5.00\" went out or came in, and \(unsigned): "
                    + "not read (sign=as-is reads it as written)",
                "STMTRS[0].STMTTRN[4].TRNTYPE: INT does not say whether \"0.12\" went out or came in, and \(unsigned): "
                    + "not read (sign=as-is reads it as written)",
                "STMTRS[0].STMTTRN[5].TRNTYPE: missing TRNTYPE, which says which way the money went where \(unsigned)",
                "STMTRS[0].STMTTRN[6].TRNAMT: \"-5.00\" is negative, but a CREDIT is money in and \(unsigned): not read "
                    + "(sign=as-is reads it as written)",
            ])
    }

    /// On a card a PAYMENT is as likely the holder paying the card (money in) as a charge: not
    /// guessed. Charges (DEBIT) are money out, refunds (CREDIT) money in.
    func testACardsPaymentIsNotGuessed() {
        let body = cardStatement(
            entry("DEBIT", "30.00", "D1") + entry("PAYMENT", "100.00", "PAY") + entry("CREDIT", "4.00", "REFUND"))
        let result = read(sgmlFile(body))
        XCTAssertEqual(amounts(result), ["D1": "-30.00", "REFUND": "4.00"])
        XCTAssertEqual(
            rejects(result),
            [
                "CCSTMTRS[0].STMTTRN[1].TRNTYPE: PAYMENT on a card does not say whether \"100.00\" went out or came in, "
                    + "and the statement's amounts are unsigned (its DEBITs are all written positive): not read "
                    + "(sign=as-is reads it as written)"
            ])
    }

    /// DEBITs written both ways: the spec's sign is kept, and each DEBIT written positive, which
    /// contradicts its type or its statement, is rejected rather than read as money in.
    func testDebitsWrittenBothWaysRejectEachPositiveOne() {
        let body = bankStatement(
            entry("DEBIT", "-10.00", "D1") + entry("DEBIT", "5.00", "D2") + entry("CREDIT", "3.00", "C1")
                + entry("XFER", "8.00", "X1"))
        let result = read(sgmlFile(body))
        XCTAssertEqual(amounts(result), ["D1": "-10.00", "C1": "3.00", "X1": "8.00"])
        XCTAssertEqual(
            rejects(result),
            [
                "STMTRS[0].STMTTRN[1].TRNAMT: \"5.00\" is positive, but a DEBIT is money out, which OFX writes "
                    + "negative, as the statement's other DEBITs are: it is not known which way it went; not read "
                    + "(sign=as-is reads it as written)"
            ])
        XCTAssertEqual(
            result.statementsEnded.first?.notes,
            [
                "1 DEBIT written negative and 1 positive: amounts read as written, and each DEBIT written positive "
                    + "is rejected (sign=as-is reads them as written)"
            ])
    }

    /// Each statement's own DEBITs decide: a signed statement beside an unsigned one reads as
    /// written, and one without a DEBIT says nothing against the spec.
    func testEachStatementIsDecidedByItsOwnDebits() {
        let body =
            bankStatement(entry("DEBIT", "-10.00", "S1") + entry("CREDIT", "20.00", "S2"), account: "1")
            + bankStatement(entry("DEBIT", "10.00", "U1") + entry("CREDIT", "20.00", "U2"), account: "2")
            + bankStatement(entry("CREDIT", "20.00", "N1") + entry("XFER", "5.00", "N2"), account: "3")
        let result = read(sgmlFile(body))
        XCTAssertEqual(rejects(result), [])
        XCTAssertEqual(
            amounts(result),
            ["S1": "-10.00", "S2": "20.00", "U1": "-10.00", "U2": "20.00", "N1": "20.00", "N2": "5.00"])
        XCTAssertEqual(result.statementsEnded.map { $0.debitSigns.reading }, [.asWritten, .absolute, .asWritten])
        XCTAssertEqual(
            result.statementsEnded.map(\.notes),
            [
                [],
                [
                    "amounts read as unsigned, TRNTYPE giving the direction: its DEBIT is written positive, where OFX "
                        + "writes money out negative (sign=as-is reads them as written)"
                ],
                [],
            ])
    }

    /// An investment statement's DEBITs decide nothing (its `INVBANKTRAN`s are read as written),
    /// and the bank and card statements after it are each decided by their own, on their own
    /// numbering.
    func testAnInvestmentStatementsDebitsDecideNothing() {
        let investment = """
            <INVSTMTMSGSRSV1><INVSTMTTRNRS><TRNUID>1<INVSTMTRS><DTASOF>20240131<CURDEF>USD
            <INVACCTFROM><BROKERID>b.example<ACCTID>88</INVACCTFROM><INVTRANLIST><DTSTART>20240101<DTEND>20240131
            <INVBANKTRAN>\(entry("DEBIT", "15.00", "I1"))<SUBACCTFUND>CASH</INVBANKTRAN>
            </INVTRANLIST></INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1>
            """
        let body =
            investment + bankStatement(entry("DEBIT", "-10.00", "S1"), account: "1")
            + cardStatement(entry("DEBIT", "30.00", "C1") + entry("CREDIT", "4.00", "C2"))
        let result = read(sgmlFile(body))
        XCTAssertEqual(rejects(result), [])
        XCTAssertEqual(amounts(result), ["I1": "15.00", "S1": "-10.00", "C1": "-30.00", "C2": "4.00"])
        XCTAssertEqual(result.statementsEnded.map(\.path), ["INVSTMTRS[0]", "STMTRS[0]", "CCSTMTRS[0]"])
        XCTAssertEqual(result.statementsEnded.map { $0.debitSigns.reading }, [.asWritten, .asWritten, .absolute])
    }

    /// `sign=as-is` reads every amount as written, and no pass counts the DEBITs.
    func testSignAsIsReadsTheAmountsAsWritten() {
        let text = sgmlFile(bankStatement(entry("DEBIT", "50.00", "D1") + entry("XFER", "20.00", "X1")))
        var result = ReadResult()
        Array(text.utf8).withUnsafeBytes { buffer in
            let document = OFXDocument(bytes: buffer, origin: "test.ofx")
            document.sign = .asIs
            _ = document.read { event in
                switch event {
                case let .transaction(entry): result.transactions.append(entry)
                case let .reject(reject): result.rejects.append(reject)
                case let .statementEnded(statement): result.statementsEnded.append(statement)
                default: break
                }
                return true
            }
        }
        XCTAssertEqual(amounts(result), ["D1": "50.00", "X1": "20.00"])
        XCTAssertEqual(result.rejects, [])
        XCTAssertEqual(result.statementsEnded.first?.notes, [])
    }

    /// OFX 2.x XML (end tags after each value), a TRNAMT written before its TRNTYPE, and a pending
    /// STMTTRNP: all are found and directed.
    func testXMLAndPendingEntriesAreDirectedToo() {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
            <OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1</TRNUID><STMTRS><CURDEF>EUR</CURDEF>
            <BANKACCTFROM><BANKID>1</BANKID><ACCTID>9</ACCTID><ACCTTYPE>SAVINGS</ACCTTYPE></BANKACCTFROM>
            <BANKTRANLIST><DTSTART>20240101</DTSTART><DTEND>20240131</DTEND>
            <STMTTRN><TRNAMT>12.00</TRNAMT><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240102</DTPOSTED><FITID>A</FITID><NAME>a</NAME></STMTTRN>
            <STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20240103</DTPOSTED><TRNAMT>30.00</TRNAMT><FITID>B</FITID><NAME>b</NAME></STMTTRN>
            </BANKTRANLIST>
            <LEDGERBAL><BALAMT>18.00</BALAMT><DTASOF>20240131</DTASOF></LEDGERBAL>
            <BANKTRANLISTP><DTASOF>20240131</DTASOF>
            <STMTTRNP><TRNTYPE>DEBIT</TRNTYPE><DTTRAN>20240130</DTTRAN><TRNAMT>4.00</TRNAMT><NAME>held</NAME></STMTTRNP>
            </BANKTRANLISTP>
            </STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>

            """
        let result = read(text)
        XCTAssertNil(result.failure)
        XCTAssertEqual(result.rejects, [])
        XCTAssertEqual(result.transactions.map(\.amount), ["-12.00", "30.00", "-4.00"])
        XCTAssertEqual(result.statementsEnded.first?.debitSigns, OFXDebitSigns(positive: 2, negative: 0))
    }

    /// A statement written as the spec says is read as before: no pass, no note.
    func testASignedStatementReadsAsWritten() throws {
        let result = read(try fixture("bank-102.ofx"))
        XCTAssertEqual(result.rejects, [])
        XCTAssertTrue(result.transactions.contains { $0.amount.hasPrefix("-") })
        XCTAssertEqual(result.statementsEnded.map { $0.debitSigns.reading }, [.asWritten])
        XCTAssertFalse(result.notes.contains { $0.contains("unsigned") })
    }
}
