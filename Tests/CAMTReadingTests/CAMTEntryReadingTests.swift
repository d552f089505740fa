import CAMTReading
import XCTest

/// One `Ntry` into one transaction: sign, status, date, id, vendor and memo, in both the .02
/// and the .08 shapes.
final class CAMTEntryReadingTests: XCTestCase {
    typealias D = CAMTDocument

    func testADebitIsNegativeAndNamedAfterItsCreditor() throws {
        let text = D.document(
            D.statement(
                D.entry(
                    "45.20", "DBIT",
                    "<BookgDt><Dt>2024-03-02</Dt></BookgDt><AcctSvcrRef>REF-1</AcctSvcrRef>"
                        + D.details(
                            "<RltdPties><Dbtr><Nm>Me</Nm></Dbtr><Cdtr><Nm>REWE Markt GmbH</Nm></Cdtr></RltdPties>"
                                + "<RmtInf><Ustrd>REWE SAGT DANKE</Ustrd><Ustrd>Karte 1</Ustrd></RmtInf>"))))
        let entry = try XCTUnwrap(D.entries(text).first)
        XCTAssertEqual(entry.amount, "-45.20")
        XCTAssertEqual(entry.vendor, "REWE Markt GmbH")
        XCTAssertEqual(entry.date, "2024-03-02")
        XCTAssertEqual(entry.id, "REF-1")
        XCTAssertEqual(entry.memo, "REWE SAGT DANKE Karte 1")
        XCTAssertFalse(entry.pending)
        XCTAssertEqual(entry.location, "Stmt[0].Ntry[0]")
    }

    func testACreditIsPositiveAndNamedAfterItsDebtor() throws {
        let parties = "<RltdPties><Dbtr><Nm>ACME AG</Nm></Dbtr><Cdtr><Nm>Me</Nm></Cdtr></RltdPties>"
        let text = D.document(
            D.statement(D.entry("2500", "CRDT", "<ValDt><Dt>2024-03-05</Dt></ValDt>" + D.details(parties))))
        let entry = try XCTUnwrap(D.entries(text).first)
        XCTAssertEqual(entry.amount, "2500.00")
        XCTAssertEqual(entry.vendor, "ACME AG")
        XCTAssertEqual(entry.date, "2024-03-05", "ValDt when there is no BookgDt")
    }

    /// An entry that names no party and has no text (a bank's batch of settlements, camt-to-coda's
    /// `2024-05-31.xml`) is named by its bank transaction code, as an OFX one by its TRNTYPE; it
    /// was rejected. The entry's own `BkTxCd/Prtry/Cd`, not a transaction's; any text before it.
    func testAnEntryWithoutPartyOrTextIsNamedByItsBankTransactionCode() throws {
        let codes =
            "<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn>"
            + "<Prtry><Cd>KLIRNG</Cd></Prtry></BkTxCd>"
        let inner =
            "<BookgDt><Dt>2024-03-02</Dt></BookgDt>" + codes
            + D.details("<BkTxCd><Prtry><Cd>TX-CODE</Cd></Prtry></BkTxCd><Amt Ccy=\"EUR\">149072.77</Amt>")
        let named = inner + "<AddtlNtryInf>Clearing</AddtlNtryInf>"
        let text = D.document(D.statement(D.entry("149072.77", "DBIT", inner), D.entry("1.00", "DBIT", named)))
        XCTAssertEqual(D.rejects(text).map(\.reason), [])
        XCTAssertEqual(D.entries(text).map(\.vendor), ["KLIRNG", "Clearing"])
        let bare = D.document(D.statement(D.entry("1.00", "DBIT")))
        XCTAssertEqual(
            D.rejects(bare).map(\.reason),
            ["no counterparty name, Ustrd, AddtlNtryInf or BkTxCd/Prtry/Cd to name the vendor"])
    }

    /// A reversal (`RvslInd` true) whose details keep the original payment's parties, as
    /// PostFinance's refund of a direct debit (viafintech/camt_parser's camt.054 example) names
    /// only the debtor of the debit it reverses: the counterparty is that debtor, where the memo's
    /// `Ustrd` named it. A party of the entry's own side still comes first, and an entry that is
    /// no reversal is not named by its other side (that is the account's owner).
    func testAReversalWithoutItsOwnSidesPartyIsNamedByTheOther() throws {
        let debtorOnly =
            D.details(
                "<RltdPties><Dbtr><Nm>Bernasconi Maria</Nm></Dbtr></RltdPties><RmtInf><Ustrd>Mitteilung 128</Ustrd></RmtInf>"
            )
        let both = D.details("<RltdPties><Dbtr><Nm>Me</Nm></Dbtr><Cdtr><Nm>Test Customer</Nm></Cdtr></RltdPties>")
        let day = "<BookgDt><Dt>2016-04-10</Dt></BookgDt>"
        let text = D.document(
            D.statement(
                D.entry("6.00", "DBIT", status: "<RvslInd>true</RvslInd><Sts>BOOK</Sts>", day + debtorOnly),
                D.entry("664.05", "DBIT", status: "<RvslInd>true</RvslInd><Sts>BOOK</Sts>", day + both),
                D.entry("6.00", "DBIT", status: "<RvslInd>false</RvslInd><Sts>BOOK</Sts>", day + debtorOnly)))
        XCTAssertEqual(D.entries(text).map(\.vendor), ["Bernasconi Maria", "Test Customer", "Mitteilung 128"])
        XCTAssertEqual(D.entries(text).map(\.amount), ["-6.00", "-664.05", "-6.00"])
    }

    /// camt.053.001.08: `Sts/Cd` and parties under `Pty`.
    func testVersion08StatusCodesAndPartyShapes() throws {
        let debit = D.entry(
            "10.00", "DBIT", status: "<Sts><Cd>BOOK</Cd></Sts>",
            "<BookgDt><Dt>2024-03-02</Dt></BookgDt>"
                + D.details("<RltdPties><Cdtr><Pty><Nm>Billa AG</Nm></Pty></Cdtr></RltdPties>"))
        let credit = D.entry(
            "3.00", "CRDT", status: "<Sts><Cd>PDNG</Cd></Sts>",
            "<BookgDt><Dt>2024-03-03</Dt></BookgDt>"
                + D.details("<RltdPties><Dbtr><Pty><Nm>Oma</Nm></Pty></Dbtr></RltdPties>"))
        let entries = D.entries(D.document(D.statement(debit, credit), namespace: D.v08))
        XCTAssertEqual(entries.map(\.vendor), ["Billa AG", "Oma"])
        XCTAssertEqual(entries.map(\.amount), ["-10.00", "3.00"])
        XCTAssertEqual(entries.map(\.pending), [false, true])
    }

    /// Pretty-printed leaves lose the spaces and line breaks around their text, nothing inside.
    func testTextIsTrimmedOfLayoutOnly() throws {
        let parties = "<RltdPties><Cdtr><Nm>\n    Müller  &amp; Söhne KG\n  </Nm></Cdtr></RltdPties>"
        let text = D.document(
            D.statement(D.entry("1.00", "DBIT", "<BookgDt><Dt> 2024-03-02 </Dt></BookgDt>" + D.details(parties))))
        let entry = try XCTUnwrap(D.entries(text).first)
        XCTAssertEqual(entry.vendor, "Müller  & Söhne KG")
        XCTAssertEqual(entry.date, "2024-03-02")
    }

    /// Only the bank's references are ids: an end-to-end id is the payer's, and a standing order
    /// gives the same one every month.
    func testIdsAreTheServicersReferenceElseTheEntrysNeverTheEndToEndId() {
        let name = D.details("<RltdPties><Cdtr><Nm>X</Nm></Cdtr></RltdPties>")
        func entry(_ refs: String, endToEnd: String? = nil) -> String {
            let toEnd = endToEnd.map {
                D.details("<Refs><EndToEndId>\($0)</EndToEndId></Refs><RltdPties><Cdtr><Nm>X</Nm></Cdtr></RltdPties>")
            }
            return D.entry("1.00", "DBIT", "<BookgDt><Dt>2024-03-02</Dt></BookgDt>" + refs + (toEnd ?? name))
        }
        let text = D.document(
            D.statement(
                entry("<AcctSvcrRef>SVC</AcctSvcrRef>", endToEnd: "E2E"),
                entry("<AcctSvcrRef>SVC2</AcctSvcrRef>").replacingOccurrences(
                    of: "<Ntry>", with: "<Ntry><NtryRef>NR</NtryRef>"),
                entry("").replacingOccurrences(of: "<Ntry>", with: "<Ntry><NtryRef>NR-20240302</NtryRef>"),
                entry("", endToEnd: "E2E-7"),
                entry("", endToEnd: "NOTPROVIDED"),
                entry("")))
        XCTAssertEqual(D.entries(text).map(\.id), ["SVC", "SVC2", "NR-20240302", nil, nil, nil])
    }

    /// A salary batch of sixty parts, each named with its remittance text: the memo is cut at a
    /// character to fit the host's 4,096 bytes, ending in `…` (the whole entry was rejected
    /// for its memo).
    func testABatchsMemoIsCutToFitAndSaysSo() throws {
        let parts = (0..<60).map { n in
            "<TxDtls><Amt Ccy=\"EUR\">100.00</Amt><RltdPties><Cdtr><Nm>Employee Müller \(n)</Nm></Cdtr></RltdPties>"
                + "<RmtInf><Ustrd>Gehalt 03/2024 Personalnummer \(10_000 + n) Abteilung Lager Nord</Ustrd></RmtInf></TxDtls>"
        }
        let text = D.document(
            D.statement(
                D.entry(
                    "6000.00", "DBIT",
                    "<BookgDt><Dt>2024-03-28</Dt></BookgDt><AcctSvcrRef>BATCH-0328</AcctSvcrRef><NtryDtls>"
                        + parts.joined() + "</NtryDtls>")))
        let entry = try XCTUnwrap(D.entries(text).first)
        let memo = try XCTUnwrap(entry.memo)
        XCTAssertLessThanOrEqual(memo.utf8.count, 4096)
        XCTAssertGreaterThan(memo.utf8.count, 4000)
        XCTAssertTrue(memo.hasSuffix(" …"), memo)
        XCTAssertTrue(memo.hasPrefix("Gehalt 03/2024 Personalnummer 10000"), memo)
    }

    /// `NONREF` as the servicer's reference is none, and an `NtryRef` of a few characters is the
    /// entry's number in its statement (the next statement numbers from 1 again): neither is an
    /// id, or the next day's payments were dropped as seen under --state.
    func testNONREFAndAnEntrysNumberInItsStatementAreNoId() {
        let name = D.details("<RltdPties><Cdtr><Nm>X</Nm></Cdtr></RltdPties>")
        let day = "<BookgDt><Dt>2024-03-02</Dt></BookgDt>"
        let text = D.document(
            D.statement(
                D.entry("1.00", "DBIT", day + "<AcctSvcrRef>NONREF</AcctSvcrRef>" + name),
                D.entry("1.00", "DBIT", day + name).replacingOccurrences(
                    of: "<Ntry>", with: "<Ntry><NtryRef>2</NtryRef>"),
                D.entry("1.00", "DBIT", day + "<AcctSvcrRef>nonref</AcctSvcrRef>" + name).replacingOccurrences(
                    of: "<Ntry>", with: "<Ntry><NtryRef>2024030200017</NtryRef>"),
                // A counter however padded, as the servicer's reference or the entry's.
                D.entry("1.00", "DBIT", day + "<AcctSvcrRef>1</AcctSvcrRef>" + name).replacingOccurrences(
                    of: "<Ntry>", with: "<Ntry><NtryRef>00000003</NtryRef>")))
        XCTAssertEqual(D.entries(text).map(\.id), [nil, nil, "2024030200017", nil])
    }

    func testVendorFallsBackToRemittanceThenAdditionalInformationAndIsElseRejected() {
        let text = D.document(
            D.statement(
                D.entry(
                    "1.00", "DBIT",
                    "<BookgDt><Dt>2024-03-02</Dt></BookgDt>" + D.details("<RmtInf><Ustrd>Abo 12</Ustrd></RmtInf>")),
                D.entry("2.00", "CRDT", "<BookgDt><Dt>2024-03-02</Dt></BookgDt><AddtlNtryInf>Zinsen</AddtlNtryInf>"),
                D.entry("3.00", "CRDT", "<BookgDt><Dt>2024-03-02</Dt></BookgDt>")))
        let entries = D.entries(text)
        XCTAssertEqual(entries.map(\.vendor), ["Abo 12", "Zinsen"])
        XCTAssertEqual(entries.map(\.memo), ["Abo 12", "Zinsen"])
        let rejects = D.rejects(text)
        XCTAssertEqual(rejects.map(\.location), ["Stmt[0].Ntry[2].NtryDtls"])
    }

    /// `Dt` is a civil day; `DtTm` an instant that keeps its offset, UTC when it has none. A
    /// day that does not exist or a time out of range is rejected here, with its field and its
    /// XML, as a day of the wrong form is (the host once rejected them, without either).
    func testDaysAndInstants() {
        let name = D.details("<RltdPties><Cdtr><Nm>X</Nm></Cdtr></RltdPties>")
        let text = D.document(
            D.statement(
                D.entry("1", "DBIT", "<BookgDt><Dt>2024-03-02</Dt></BookgDt>" + name),
                D.entry("1", "DBIT", "<BookgDt><DtTm>2024-03-10T14:32:05+01:00</DtTm></BookgDt>" + name),
                D.entry("1", "DBIT", "<BookgDt><DtTm>2024-03-10T14:32:05.250</DtTm></BookgDt>" + name),
                D.entry("1", "DBIT", "<BookgDt><Dt>02.03.2024</Dt></BookgDt>" + name),
                D.entry("1", "DBIT", "<BookgDt><Dt>2024-02-29</Dt></BookgDt>" + name),
                D.entry("1", "DBIT", "<BookgDt><Dt>2023-02-29</Dt></BookgDt>" + name),
                D.entry("1", "DBIT", "<BookgDt><Dt>2024-13-01</Dt></BookgDt>" + name),
                D.entry("1", "DBIT", "<BookgDt><DtTm>2024-03-10T24:00:00</DtTm></BookgDt>" + name),
                D.entry("1", "DBIT", "<BookgDt><DtTm>2024-03-10T14:32:05+24:00</DtTm></BookgDt>" + name)))
        XCTAssertEqual(
            D.entries(text).map(\.date),
            ["2024-03-02", "2024-03-10T14:32:05+01:00", "2024-03-10T14:32:05.250Z", "2024-02-29"])
        XCTAssertEqual(
            D.rejects(text).map(\.location), [3, 5, 6, 7, 8].map { "Stmt[0].Ntry[\($0)].BookgDt" })
        XCTAssertEqual(
            D.rejects(text).map(\.reason),
            [
                #""02.03.2024" is not a day yyyy-MM-dd"#, #""2023-02-29" is not a day yyyy-MM-dd"#,
                #""2024-13-01" is not a day yyyy-MM-dd"#,
                #""2024-03-10T24:00:00" is not a time yyyy-MM-ddTHH:mm:ss[.frac][Z|±HH:MM]"#,
                #""2024-03-10T14:32:05+24:00" is not a time yyyy-MM-ddTHH:mm:ss[.frac][Z|±HH:MM]"#,
            ])
        XCTAssertTrue(D.rejects(text).allSatisfy { $0.raw.starts(with: Array("<Ntry>".utf8)) }, "its own XML")
    }

    /// A bad amount is rejected with its place, its field and the text; the entry's own XML
    /// comes with it for `--rejects`.
    func testABadAmountIsRejectedWithItsPathAndItsOwnText() throws {
        let name =
            "<BookgDt><Dt>2024-03-02</Dt></BookgDt>" + D.details("<RltdPties><Cdtr><Nm>X</Nm></Cdtr></RltdPties>")
        let text = D.document(
            D.statement(
                D.entry("1.00", "DBIT", name), D.entry("12,5", "DBIT", name), D.entry("2.00", "DBIT", name),
                D.entry("5.00", "DBIT", currency: "USD", name), D.entry("1.005", "DBIT", name),
                D.entry("1.00", "DEBT", name)))
        let rejects = D.rejects(text)
        XCTAssertEqual(
            rejects.map(\.location),
            ["Stmt[0].Ntry[1].Amt", "Stmt[0].Ntry[3].Amt", "Stmt[0].Ntry[4].Amt", "Stmt[0].Ntry[5].CdtDbtInd"])
        XCTAssertEqual(rejects.first?.reason, #""12,5" is not an amount"#)
        XCTAssertEqual(rejects[1].reason, "the amount is in USD, the account in EUR")
        XCTAssertEqual(rejects[2].reason, #""1.005" has more than 2 decimals for EUR"#)
        let raw = String(decoding: try XCTUnwrap(rejects.first?.raw), as: UTF8.self)
        XCTAssertTrue(raw.hasPrefix("<Ntry>") && raw.hasSuffix("</Ntry>"), raw)
        XCTAssertTrue(raw.contains("12,5"), raw)
        XCTAssertEqual(D.entries(text).map(\.amount), ["-1.00", "-2.00"])
    }

    func testPendingIsKeptAndInfoIsSkippedAndCounted() throws {
        let name =
            "<BookgDt><Dt>2024-03-02</Dt></BookgDt>" + D.details("<RltdPties><Cdtr><Nm>X</Nm></Cdtr></RltdPties>")
        let text = D.document(
            D.statement(
                D.entry("1.00", "DBIT", status: "<Sts>PDNG</Sts>", name),
                D.entry("2.00", "DBIT", status: "<Sts>INFO</Sts>", name),
                D.entry("3.00", "DBIT", name)))
        XCTAssertEqual(D.entries(text).map(\.pending), [true, false])
        let end = try XCTUnwrap(D.ends(text).first)
        XCTAssertEqual([end.entries, end.pending, end.info, end.rejected], [3, 1, 1, 0])
        XCTAssertEqual(end.booked.plain(decimals: 2), "-3.00", "only the booked entry counts")
    }

    /// A camt.053 statement is of booked entries: one without `Sts` is booked (and counted for a
    /// note); in a camt.052 report it is rejected, as the report mixes booked and pending.
    func testAStatementEntryWithoutStatusIsBookedAndAReportsIsRejected() throws {
        let name =
            "<BookgDt><Dt>2024-03-02</Dt></BookgDt>" + D.details("<RltdPties><Cdtr><Nm>X</Nm></Cdtr></RltdPties>")
        let statement = D.document(
            D.statement(
                D.entry("1.00", "DBIT", status: "", name), D.entry("2.00", "DBIT", name), opening: ("10.00", "CRDT"),
                closing: ("7.00", "CRDT")))
        XCTAssertEqual(D.entries(statement).map(\.pending), [false, false])
        let end = try XCTUnwrap(D.ends(statement).first)
        XCTAssertEqual([end.entries, end.withoutStatus, end.rejected], [2, 1, 0])
        XCTAssertNil(end.failure, "the booked entry without Sts counts: 10.00 - 1.00 - 2.00 = 7.00")
        let report = D.document(
            D.statement(D.entry("1.00", "DBIT", status: "", name), element: "Rpt"),
            namespace: "urn:iso:std:iso:20022:tech:xsd:camt.052.001.02", message: "BkToCstmrAcctRpt")
        XCTAssertEqual(D.rejects(report).map(\.reason), ["missing status"])
    }

    /// A balance without `CdtDbtInd` is read as a credit, and the reconciliation checks it.
    func testABalanceWithoutAnIndicatorIsACredit() throws {
        let entry = D.entry(
            "2.50", "DBIT",
            "<BookgDt><Dt>2024-03-02</Dt></BookgDt>" + D.details("<RltdPties><Cdtr><Nm>X</Nm></Cdtr></RltdPties>"))
        let text = D.document(D.statement(entry, opening: ("10.00", "CRDT"), closing: ("7.50", "CRDT")))
            .replacingOccurrences(of: "<CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2024-03-31", with: "<Dt><Dt>2024-03-31")
        let statement = try XCTUnwrap(D.statements(text).first)
        XCTAssertEqual(statement.balances.map(\.withoutIndicator), [true, true])
        XCTAssertEqual(statement.balances.map { $0.amount.plain(decimals: 2) }, ["10.00", "7.50"])
        XCTAssertNil(try XCTUnwrap(D.ends(text).first).failure)
    }

    /// A camt document that parses but holds no statement fails; it never reads nothing.
    func testADocumentWithNoStatementFails() throws {
        let failure = try XCTUnwrap(D.failure(D.document()))
        XCTAssertEqual(failure.message, "no statement in the file (no Stmt, Rpt or Ntfctn)")
    }

    /// An entry booking several transactions together stays one record (the bank booked one
    /// amount); its memo names each part, with its counterparty and amount.
    func testAnEntryOfSeveralTransactionsNamesEachPartInItsMemo() throws {
        func part(_ name: String, _ amount: String) -> String {
            "<TxDtls><AmtDtls><TxAmt><Amt Ccy=\"EUR\">\(amount)</Amt></TxAmt></AmtDtls>"
                + "<RltdPties><Cdtr><Nm>\(name)</Nm></Cdtr></RltdPties></TxDtls>"
        }
        let inner =
            "<BookgDt><Dt>2024-03-28</Dt></BookgDt><AddtlNtryInf>SAMMLER-UEBERWEISUNG</AddtlNtryInf><NtryDtls>"
            + part("Alice", "1200.00") + part("Bob", "800.00") + part("Carol", "500.00") + "</NtryDtls>"
        let entries = D.entries(D.document(D.statement(D.entry("2500.00", "DBIT", inner))))
        XCTAssertEqual(entries.count, 1)
        XCTAssertEqual(entries[0].amount, "-2500.00")
        XCTAssertEqual(entries[0].vendor, "Alice")
        XCTAssertEqual(entries[0].memo, "SAMMLER-UEBERWEISUNG 3 parts: Alice 1200.00; Bob 800.00; Carol 500.00")
        let single = D.entries(
            D.document(
                D.statement(
                    D.entry(
                        "1.00", "DBIT",
                        "<BookgDt><Dt>2024-03-28</Dt></BookgDt>"
                            + D.details("<RltdPties><Cdtr><Nm>Dora</Nm></Cdtr></RltdPties>")))))
        XCTAssertNil(single[0].memo, "one transaction: no parts to name")
    }

    /// Neither a notification's structured creditor reference (RF…) nor an end-to-end id is an
    /// id: the payer gives both, the same every month for a standing order (a month's rent was
    /// then seen under --state, and dropped).
    func testNeitherTheCreditorReferenceNorTheEndToEndIdIsAnId() throws {
        let inner =
            "<BookgDt><Dt>2024-03-28</Dt></BookgDt>"
            + D.details(
                "<Refs><EndToEndId>E2E-77</EndToEndId></Refs><RltdPties><Dbtr><Nm>Eve</Nm></Dbtr></RltdPties>"
                    + "<RmtInf><Strd><CdtrRefInf><Ref>RF18539007547034</Ref></CdtrRefInf></Strd></RmtInf>")
        let notice = D.document(
            D.statement(D.entry("42.00", "CRDT", inner), element: "Ntfctn"),
            namespace: "urn:iso:std:iso:20022:tech:xsd:camt.054.001.02", message: "BkToCstmrDbtCdtNtfctn")
        XCTAssertEqual(D.entries(notice).map(\.id), [nil])
        let statement = D.document(D.statement(D.entry("42.00", "CRDT", inner)))
        XCTAssertEqual(D.entries(statement).map(\.id), [nil])
    }
}
