import OFXReading
import XCTest

/// Shapes found in the test files other open-source OFX readers ship, each checked against the
/// file's own figures. The GPL-licensed ones are not copied: each test writes a file of the
/// same shape.
final class OFXFoundInRealFilesTests: XCTestCase {
    // MARK: CORRECTACTION

    /// asgrim/ofxparser's Schwab file (MIT, copied): an `INVBANKTRAN` deposit of 151.62 with
    /// `<CORRECTACTION>REPLACE` and no `CORRECTFITID` was rejected as `REPLACE of an earlier
    /// transaction`; the file's `AVAILCASH` 4.88 is its entries' sum only with it.
    func testAReplaceWithoutCORRECTFITIDIsReadWithANote() throws {
        let result = read(try fixture("ofxparser/ofxdata-schwab-brokerage.ofx"))
        XCTAssertNil(result.failure)
        XCTAssertEqual(result.rejects, [])
        let deposit = try XCTUnwrap(result.transactions.first { $0.location == "INVSTMTRS[0].STMTTRN[0]" })
        XCTAssertEqual(deposit.amount, "151.62")
        XCTAssertEqual(deposit.id, "0000000020170118120000201701180552448211001516")
        XCTAssertEqual(deposit.vendor, "TRANSFER FUNDS FROM SCHWAB BANK")
        XCTAssertEqual(
            result.notes,
            [
                "INVSTMTRS[0].STMTTRN[0].CORRECTACTION: REPLACE without CORRECTFITID (which OFX requires with it) "
                    + "corrects nothing: read as a transaction"
            ])
        let statement = try XCTUnwrap(result.statementsEnded.first)
        XCTAssertEqual(result.transactions.count, 8)
        XCTAssertEqual(statement.availableCash, "4.88")
        XCTAssertEqual(minorSum(result.transactions), 488, "151.62 - 14.52 - 109.76 - 22.46; the dividends reinvested")
    }

    /// egh/ledger-autosync's apostrophe.ofx (GPL; this file has its shape): the file's only
    /// `STMTTRN` is a `REPLACE` whose `CORRECTFITID` is its own `FITID`. It was rejected (`FITID
    /// 201409206 stays as it was read`, though nothing else has it): the file held nothing. The
    /// spec's `CORRECTFITID` names a transaction sent before, which this record replaces: it is
    /// that transaction as the bank now has it.
    func testAReplaceOfItsOwnFITIDIsReadWithANote() throws {
        let body = bankStatement(
            transaction("-58.73", fitid: "201409206", name: "<CORRECTFITID>201409206<CORRECTACTION>REPLACE<NAME>Grocer")
                + transaction("-1.27", fitid: "201409207"),
            balance: "40.00")
        let result = read(sgmlFile(body))
        XCTAssertEqual(result.rejects, [])
        XCTAssertEqual(result.transactions.map(\.id), ["201409206", "201409207"])
        XCTAssertEqual(result.transactions.map(\.amount), ["-58.73", "-1.27"])
        XCTAssertEqual(
            result.notes,
            [
                "STMTRS[0].STMTTRN[0].CORRECTACTION: REPLACE of its own FITID 201409206 corrects no other "
                    + "transaction: read as this one (a FITID 201409206 read before is not replaced)"
            ])
    }

    /// A correction of another transaction is still rejected, naming it; a `DELETE` of its own
    /// FITID, or one without `CORRECTFITID`, says nothing of its amount's being money: rejected.
    func testCorrectionsOfOtherTransactionsAndDeletesAreStillRejected() {
        let body = bankStatement(
            transaction("-1.00", fitid: "A")
                + transaction("-2.00", fitid: "B", name: "<CORRECTFITID>A<CORRECTACTION>REPLACE<NAME>x")
                + transaction("-3.00", fitid: "C", name: "<CORRECTFITID>C<CORRECTACTION>DELETE<NAME>x")
                + transaction("-4.00", fitid: "D", name: "<CORRECTACTION>DELETE<NAME>x"))
        let result = read(sgmlFile(body))
        XCTAssertEqual(result.transactions.map(\.id), ["A"])
        XCTAssertEqual(result.notes, [])
        XCTAssertEqual(
            result.rejects.map { "\($0.location): \($0.reason)" },
            [
                "STMTRS[0].STMTTRN[1].CORRECTACTION: REPLACE of FITID A: a correction txfeed does not apply; FITID A "
                    + "stays as it was read",
                "STMTRS[0].STMTTRN[2].CORRECTACTION: DELETE of its own FITID C: a correction txfeed does not apply; "
                    + "not read, and a FITID C read before stays",
                "STMTRS[0].STMTTRN[3].CORRECTACTION: DELETE without CORRECTFITID: it names no transaction; not read",
            ])
    }

    // MARK: The ledger balance

    /// csingley/ofxtools' br_nubank_cc.ofx (GPL; this file has its shape): no `</BANKTRANLIST>`.
    /// The statement's end tag closed the list, so `LEDGERBAL` was read inside it, and the
    /// balance dropped without a word (exit 0, balance null). The six amounts sum to it.
    func testALedgerBalanceAfterAnUnclosedTransactionListIsTheStatements() throws {
        let amounts = ["-13.00", "-162.90", "-33.46", "-9.02", "-103.53", "-959.00"]
        let transactions = amounts.enumerated().map { index, amount in
            "<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>20240323000000[-3:GMT]\n<TRNAMT>\(amount)\n<FITID>N\(index)\n"
                + "<MEMO>-memo-\n</STMTTRN>\n"
        }.joined()
        let body = """
            <CREDITCARDMSGSRSV1><CCSTMTTRNRS><TRNUID>1001<STATUS><CODE>0<SEVERITY>INFO</STATUS>
            <CCSTMTRS><CURDEF>BRL<CCACCTFROM><ACCTID>1111</CCACCTFROM>
            <BANKTRANLIST><DTSTART>20240224000000[-3:GMT]<DTEND>20240326000000[-3:GMT]
            \(transactions)
            <LEDGERBAL>
            <BALAMT>-1280.91
            <DTASOF>20240325000000[-3:GMT]
            </LEDGERBAL>
            </CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1>
            """
        let result = read(sgmlFile(body))
        XCTAssertNil(result.failure)
        let statement = try XCTUnwrap(result.statementsEnded.first)
        XCTAssertEqual(result.transactions.map(\.amount), amounts)
        XCTAssertEqual(statement.balance, "-1280.91")
        XCTAssertEqual(minor(statement.balance ?? ""), minorSum(result.transactions))
        XCTAssertEqual(statement.balanceDate, "2024-03-25T00:00:00-03:00")
        XCTAssertEqual(statement.notes, [])
        XCTAssertEqual(
            result.notes,
            ["line 58: CCSTMTRS[0].BANKTRANLIST has no end tag: closed before LEDGERBAL, which OFX puts after it"])
    }

    /// A `LEDGERBAL` elsewhere in the statement (here inside `BANKTRANLIST` of an XML file) is not
    /// taken for its balance, but is never dropped without a word.
    func testALedgerBalanceInsideAnotherElementIsNamedInANote() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE"?>
            <OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>USD</CURDEF><CCACCTFROM><ACCTID>4111</ACCTID></CCACCTFROM>
            <BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240302</DTPOSTED><TRNAMT>-5</TRNAMT>
            <FITID>C1</FITID><NAME>Card shop</NAME></STMTTRN>
            <LEDGERBAL><BALAMT>-5.00</BALAMT><DTASOF>20240331</DTASOF></LEDGERBAL></BANKTRANLIST>
            </CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>
            """
        let statement = try XCTUnwrap(read(xml).statementsEnded.first)
        XCTAssertNil(statement.balance)
        XCTAssertEqual(
            statement.notes,
            [
                "BANKTRANLIST.LEDGERBAL.BALAMT -5.00 not read as the ledger balance: a LEDGERBAL belongs in CCSTMTRS itself"
            ])
    }

    /// ofxgo's moneymrkt1_v103.ofx (GPL; this file has its shape): a `BALAMT` of
    /// `2607.1664944585727` USD failed as `end_account_with_balance: balance …: amount has more
    /// than 2 decimals`, the host's function and no path. The plugin says it first, with its path.
    func testALedgerBalanceWithMoreDecimalsThanItsCurrencyFailsWithItsPath() throws {
        let result = read(sgmlFile(bankStatement(transaction("-1.00"), balance: "2607.1664944585727")))
        let statement = try XCTUnwrap(result.statementsEnded.first)
        XCTAssertEqual(
            statement.balanceProblem,
            #"STMTRS[0].LEDGERBAL.BALAMT: "2607.1664944585727" has more decimals than USD's 2"#)
        let zeros = read(sgmlFile(bankStatement(transaction("-1.00"), balance: "2607.1600")))
        XCTAssertNil(zeros.statementsEnded.first?.balanceProblem, "trailing zeros are not decimals the host refuses")
    }

    // MARK: Amounts in fractions of a cent

    /// ofxparse's fidelity-savings.ofx (MIT, copied): three of its four `INVBANKTRAN`s have a
    /// `TRNAMT` in fractions of a cent (`+00000000000115.8331` USD). ofxparse and ofxtools keep
    /// 115.8331; the file states no balance, units or price that would tell which cent it is.
    /// The host refused each as `amount has more than 2 decimals`, naming neither the field, the
    /// record nor the value: each is rejected so, and none rounded.
    func testAnAmountInFractionsOfACentIsRejectedNamingItsRecordAndValue() throws {
        let result = read(try fixture("ofxparse/fidelity-savings.ofx"))
        XCTAssertNil(result.failure)
        XCTAssertEqual(result.transactions.map(\.id), ["X0000000000000000000001"])
        XCTAssertEqual(result.transactions.map(\.amount), ["-00000000001500.0000"], "trailing zeros are no decimals")
        XCTAssertEqual(
            result.rejects.map { "\($0.location): \($0.reason)" },
            [
                #"INVSTMTRS[0].STMTTRN[1].TRNAMT: "+00000000000115.8331" (FITID X0000000000000000000002) has more "#
                    + "decimals than USD's 2: not rounded, not read",
                #"INVSTMTRS[0].STMTTRN[2].TRNAMT: "-00000000000197.1063" (FITID X0000000000000000000003) has more "#
                    + "decimals than USD's 2: not rounded, not read",
                #"INVSTMTRS[0].STMTTRN[3].TRNAMT: "-00000000000197.1220" (FITID X0000000000000000000004) has more "#
                    + "decimals than USD's 2: not rounded, not read",
            ])
        let statement = try XCTUnwrap(result.statementsEnded.first)
        XCTAssertNil(statement.availableCash)
        XCTAssertNil(statement.balanceText)

        let bank = read(
            sgmlFile(bankStatement(transaction("-1.255", fitid: "B1") + transaction("-1.2500", fitid: "B2"))))
        XCTAssertEqual(bank.transactions.map(\.amount), ["-1.2500"])
        XCTAssertEqual(
            bank.rejects.map { "\($0.location): \($0.reason)" },
            [#"STMTRS[0].STMTTRN[0].TRNAMT: "-1.255" (FITID B1) has more decimals than USD's 2: not rounded, not read"#]
        )
    }

    /// OFX allows a decimal comma (`-12,50`), but `-1,000` is as often a thousand with its
    /// groups split: read as -1.000, its zeros no decimals past USD's 2, it was -1.00 with exit 0.
    /// Rejected where the currency has fewer than three decimals; `-1234,000` (no grouping) and
    /// `-1,00` are decimals.
    func testACommaBeforeThreeDigitsIsNotTakenForADecimalComma() throws {
        let bank = read(
            sgmlFile(
                bankStatement(
                    transaction("-1,000", fitid: "G1") + transaction("12,500", fitid: "G2")
                        + transaction("-1234,000", fitid: "D1") + transaction("-1,00", fitid: "D2"))))
        XCTAssertEqual(bank.transactions.map(\.amount), ["-1234.000", "-1.00"])
        XCTAssertEqual(
            bank.rejects.map { "\($0.location): \($0.reason)" },
            [
                #"STMTRS[0].STMTTRN[0].TRNAMT: "-1,000" (FITID G1): a comma before three digits is a thousands "#
                    + "separator as often as a decimal comma, and USD's amounts have 2 decimals: not read",
                #"STMTRS[0].STMTTRN[1].TRNAMT: "12,500" (FITID G2): a comma before three digits is a thousands "#
                    + "separator as often as a decimal comma, and USD's amounts have 2 decimals: not read",
            ])
        let balance = read(sgmlFile(bankStatement(transaction("-1.00"), balance: "2,500")))
        XCTAssertEqual(
            balance.statementsEnded.first?.balanceProblem,
            #"STMTRS[0].LEDGERBAL.BALAMT: "2,500": a comma before three digits is a thousands separator as often "#
                + "as a decimal comma, and USD's amounts have 2 decimals")
    }

    /// jbms/beancount-import's vanguard_roth_ira.ofx (GPL; this file has its shape): a `REINVEST`
    /// `TOTAL` of -93.20976 USD, exactly its `UNITS` 31.704 × `UNITPRICE` 2.94: no cent the file
    /// states. The host refused it twice, as more than 2 decimals at `INVSTMTRS[0].REINVEST[0]`;
    /// it is one record, rejected once with its `TOTAL`. A whole-cent one is read as its two
    /// halves, each location naming which.
    func testAReinvestmentInFractionsOfACentIsOneRejectAndEachHalfNamesItself() throws {
        let body = """
            <INVSTMTMSGSRSV1><INVSTMTTRNRS><TRNUID>1<INVSTMTRS><DTASOF>20180622<CURDEF>USD
            <INVACCTFROM><BROKERID>vanguard.com<ACCTID>88</INVACCTFROM><INVTRANLIST><DTSTART>20180101<DTEND>20180622
            <REINVEST><INVTRAN><FITID>R1<DTTRADE>20180621</INVTRAN><SECID><UNIQUEID>E1A7917D1<UNIQUEIDTYPE>CUSIP
            </SECID><INCOMETYPE>DIV<TOTAL>-93.20976<SUBACCTSEC>CASH<UNITS>31.704<UNITPRICE>2.94</REINVEST>
            <REINVEST><INVTRAN><FITID>R2<DTTRADE>20180621</INVTRAN><SECID><UNIQUEID>E1A7917D1<UNIQUEIDTYPE>CUSIP
            </SECID><INCOMETYPE>DIV<TOTAL>-92.61<SUBACCTSEC>CASH<UNITS>31.5<UNITPRICE>2.94</REINVEST>
            </INVTRANLIST></INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1>
            """
        let result = read(sgmlFile(body))
        XCTAssertEqual(
            result.rejects.map { "\($0.location): \($0.reason)" },
            [
                #"INVSTMTRS[0].REINVEST[0].TOTAL: "-93.20976" (FITID R1) has more decimals than USD's 2: not rounded, not read"#
            ])
        XCTAssertEqual(result.transactions.map(\.id), ["R2.income", "R2"])
        XCTAssertEqual(result.transactions.map(\.amount), ["92.61", "-92.61"])
        XCTAssertEqual(
            result.transactions.map(\.location),
            ["INVSTMTRS[0].REINVEST[1].income", "INVSTMTRS[0].REINVEST[1].purchase"])
    }

    // MARK: Lists left open

    /// asgrim/ofxparser's Schwab file (MIT, copied) without its `</INVTRANLIST>`, as SGML OFX 1.x
    /// files leave an aggregate's end tag out. The statement's end tag closed the list, so its
    /// `INVPOSLIST` and `INVBAL` were read inside it: as two more investment transactions
    /// (rejected, `missing TOTAL`), its 7 positions and `AVAILCASH` 4.88 gone. They are the
    /// statement's, as in the file with the end tag (ofxparse reads them so too), and a note
    /// says what was closed where.
    func testAnInvestmentListLeftOpenIsClosedWhereThePositionsBegin() throws {
        let file = try fixture("ofxparser/ofxdata-schwab-brokerage.ofx")
        let endTag = Array("</INVTRANLIST>".utf8)
        let at = try XCTUnwrap(file.indices.first { file[$0...].starts(with: endTag) })
        // The tag alone is taken out, so every line keeps its number.
        let open = read(Array(file[..<at] + file[(at + endTag.count)...]))
        let closed = read(file)
        XCTAssertNil(open.failure)
        XCTAssertEqual(open.rejects, [])
        XCTAssertEqual(open.transactions, closed.transactions)
        XCTAssertEqual(open.transactions.count, 8)
        let statement = try XCTUnwrap(open.statementsEnded.first)
        XCTAssertEqual(statement.positions, 7)
        XCTAssertEqual(statement.availableCash, "4.88")
        XCTAssertEqual(minorSum(open.transactions), 488)
        XCTAssertEqual(open.statementsEnded, closed.statementsEnded)
        XCTAssertEqual(
            open.notes,
            [
                "INVSTMTRS[0].STMTTRN[0].CORRECTACTION: REPLACE without CORRECTFITID (which OFX requires with it) "
                    + "corrects nothing: read as a transaction",
                "line 189: INVSTMTRS[0].INVTRANLIST has no end tag: closed before INVPOSLIST, which OFX puts after it",
            ])
        XCTAssertEqual(closed.notes.count, 1, "a list closed by its own end tag is no repair")
    }

    /// Each list closed by the normaliser is named once, in its own statement, with what was
    /// open in it: here the second of two statements, its last `STMTTRN` left open too, in a
    /// file of one line (so only the order of the lists' ends tells the statements apart).
    func testEachListClosedIsNamedInItsStatement() {
        let statement = { (id: String, end: String) in
            "<STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>1<ACCTID>\(id)<ACCTTYPE>CHECKING</BANKACCTFROM>"
                + "<BANKTRANLIST><DTSTART>20240101<DTEND>20240131<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240102"
                + "<TRNAMT>-1.00<FITID>\(id)<NAME>Shop\(end)<LEDGERBAL><BALAMT>-1.00<DTASOF>20240131</LEDGERBAL></STMTRS>"
        }
        let body =
            "<BANKMSGSRSV1><STMTTRNRS><TRNUID>1" + statement("A", "</STMTTRN></BANKTRANLIST>")
            + statement("B", "") + "</STMTTRNRS></BANKMSGSRSV1>"
        let result = read(sgmlFile(body))
        XCTAssertNil(result.failure)
        XCTAssertEqual(result.transactions.map(\.id), ["A", "B"])
        XCTAssertEqual(result.statementsEnded.map(\.balance), ["-1.00", "-1.00"])
        XCTAssertEqual(
            result.notes,
            [
                "line 12: STMTRS[1].BANKTRANLIST has no end tag: closed, with the STMTTRN open in it, before "
                    + "LEDGERBAL, which OFX puts after it"
            ])
    }

    // MARK: End tags and empty files

    /// jbms/beancount-import's amex.ofx (GPL; this file has its shape): every leaf has an end
    /// tag, written after its next sibling's (`<CODE>0<SEVERITY>INFO</SEVERITY></CODE>`), bank
    /// tags too (`AMEX.ROLE`). It failed: `Opening and ending tag mismatch: STATUS line 4 and
    /// SEVERITY`. ofxparse reads its 3 transactions and balance; so does txfeed now.
    func testLateEndTagsOfLeavesAreDropped() throws {
        let body = """
             <SIGNONMSGSRSV1>
              <SONRS>
               <STATUS>
                <CODE>0
                 <SEVERITY>INFO
                  <MESSAGE>LOGIN SUCCESSFUL
                  </MESSAGE>
                 </SEVERITY>
                </CODE>
               </STATUS>
               <DTSERVER>20140112083600.212[-7:MST]
                <LANGUAGE>ENG
                 <ORIGIN.ID>FMPWEB
                 </ORIGIN.ID>
                </LANGUAGE>
               </DTSERVER>
              </SONRS>
             </SIGNONMSGSRSV1>
             <CREDITCARDMSGSRSV1>
              <CCSTMTTRNRS>
               <TRNUID>0
               </TRNUID>
                <CCSTMTRS>
                 <CURDEF>USD
                  <CCACCTFROM>
                   <ACCTID>3797
                    <AMEX.ROLE>B
                    </AMEX.ROLE>
                   </ACCTID>
                  </CCACCTFROM>
                  <BANKTRANLIST>
                   <DTSTART>20140112050000.000[-7:MST]
                    <DTEND>20140112050000.000[-7:MST]
            \(["-143.94", "-28.05", "-18.76"].enumerated().map { index, amount in
                """
                     <STMTTRN>
                      <TRNTYPE>DEBIT
                       <DTPOSTED>2013112\(4 + index)000000.000[-7:MST]
                        <TRNAMT>\(amount)
                         <FITID>32013328025518401\(index)
                          <NAME>SHOP \(index)
                           <MEMO>RESTAURANT
                           </MEMO>
                          </NAME>
                         </FITID>
                        </TRNAMT>
                       </DTPOSTED>
                      </TRNTYPE>
                     </STMTTRN>

                """
            }.joined())
                    </DTEND>
                   </DTSTART>
                  </BANKTRANLIST>
                  <LEDGERBAL>
                   <BALAMT>-190.75
                    <DTASOF>20140112050000.000[-7:MST]
                    </DTASOF>
                   </BALAMT>
                  </LEDGERBAL>
                </CCSTMTRS>
               </CCSTMTTRNRS>
              </CREDITCARDMSGSRSV1>
            """
        let result = read(sgmlFile(body))
        XCTAssertNil(result.failure)
        let statement = try XCTUnwrap(result.statementsEnded.first)
        XCTAssertEqual(statement.accountID, "3797")
        XCTAssertEqual(result.transactions.map(\.amount), ["-143.94", "-28.05", "-18.76"])
        XCTAssertEqual(result.transactions.map(\.vendor), ["SHOP 0", "SHOP 1", "SHOP 2"])
        XCTAssertEqual(result.transactions.map(\.memo), ["RESTAURANT", "RESTAURANT", "RESTAURANT"])
        XCTAssertEqual(statement.balance, "-190.75")
        XCTAssertEqual(minor(statement.balance ?? ""), minorSum(result.transactions))
    }

    /// jseutter/ofxparse's bank_small.ofx (`<OFX></OFX>`) and account_listing_aggregation.ofx
    /// (accounts listed, no statement) read as nothing, exit 0, not a word said.
    func testAFileWithoutAStatementSaysSo() {
        for body in ["", "<SIGNUPMSGSRSV1><ACCTINFOTRNRS><TRNUID>1</ACCTINFOTRNRS></SIGNUPMSGSRSV1>"] {
            let result = read(sgmlFile(body))
            XCTAssertNil(result.failure)
            XCTAssertEqual(result.statementsEnded, [])
            XCTAssertEqual(
                result.notes, ["no statement in the file (no STMTRS, CCSTMTRS or INVSTMTRS): nothing to read"])
        }
    }
}
