import CAMTReading
import XCTest

/// Statements: one account each, their names, ids and currencies, and their balances checked
/// against their booked entries.
final class CAMTStatementReadingTests: XCTestCase {
    typealias D = CAMTDocument

    static let named =
        "<BookgDt><Dt>2024-03-02</Dt></BookgDt>"
        + D.details("<RltdPties><Cdtr><Nm>X</Nm></Cdtr><Dbtr><Nm>Y</Nm></Dbtr></RltdPties>")

    func testSeveralStatementsAreSeveralAccountsEachBegunAndEnded() {
        let text = D.document(
            D.statement(D.entry("1.00", "DBIT", Self.named)),
            D.statement(
                D.entry("2.00", "CRDT", Self.named), D.entry("3.00", "CRDT", Self.named),
                account: "<Acct><Id><Othr><Id>0532013000</Id></Othr></Id><Ownr><Nm>Erika</Nm></Ownr></Acct>"),
            D.statement(account: "<Acct><Id><IBAN>AT611904300234573201</IBAN></Id><Ccy>CHF</Ccy></Acct>"))
        let events = D.events(text)
        let kinds = events.map { event -> String in
            switch event {
            case .statement: "begin"
            case .entry: "entry"
            case .statementEnd: "end"
            case .reject: "reject"
            case .failure: "failure"
            }
        }
        XCTAssertEqual(kinds, ["begin", "entry", "end", "begin", "entry", "entry", "end", "begin", "end"])
        let statements = D.statements(text)
        XCTAssertEqual(statements.map(\.path), ["Stmt[0]", "Stmt[1]", "Stmt[2]"])
        XCTAssertEqual(statements.map(\.accountID), ["DE89370400440532013000", "0532013000", "AT611904300234573201"])
        XCTAssertEqual(statements.map(\.accountName), ["Giro", "Erika", "AT611904300234573201"])
        // The second has no Acct/Ccy: its first Amt@Ccy.
        XCTAssertEqual(statements.map(\.currency), ["EUR", "EUR", "CHF"])
        XCTAssertEqual(D.entries(text).map(\.location), ["Stmt[0].Ntry[0]", "Stmt[1].Ntry[0]", "Stmt[1].Ntry[1]"])
        XCTAssertEqual(statements.first?.from, "2024-03-01")
        XCTAssertEqual(statements.first?.to, "2024-03-31")
    }

    func testReportsAndNotificationsNameTheirOwnElement() {
        let report = D.document(
            D.statement(D.entry("1.00", "DBIT", Self.named), element: "Rpt"),
            namespace: "urn:iso:std:iso:20022:tech:xsd:camt.052.001.02", message: "BkToCstmrAcctRpt")
        XCTAssertEqual(D.entries(report).map(\.location), ["Rpt[0].Ntry[0]"])
        let notice = D.document(
            D.statement(D.entry("1.00", "CRDT", Self.named), element: "Ntfctn"),
            namespace: "urn:iso:std:iso:20022:tech:xsd:camt.054.001.08", message: "BkToCstmrDbtCdtNtfctn")
        XCTAssertEqual(D.entries(notice).map(\.location), ["Ntfctn[0].Ntry[0]"])
        XCTAssertEqual(CAMTReader(text: notice).readAll().count, 3)
    }

    // MARK: Reconciliation

    /// Ten entries of 0.10 make exactly 1.00, pending ones do not count; CLBD is the balance.
    func testReconcilesExactly() throws {
        var entries = Array(repeating: D.entry("0.10", "CRDT", Self.named), count: 10)
        entries.append(D.entry("99.99", "CRDT", status: "<Sts>PDNG</Sts>", Self.named))
        let statement = entries.reduce("") { $0 + $1 }
        let text = D.document(D.statement(statement, opening: ("0.20", "CRDT"), closing: ("1.20", "CRDT")))
        let end = try XCTUnwrap(D.ends(text).first)
        XCTAssertTrue(end.reconciliation.holds)
        XCTAssertTrue(end.reconciliation.isStated)
        XCTAssertNil(end.failure)
        XCTAssertEqual(end.statement.closing?.amount.plain(decimals: 2), "1.20")
    }

    func testNegativeBalancesReconcile() throws {
        let text = D.document(
            D.statement(
                D.entry("25.5", "DBIT", Self.named), D.entry("0.01", "CRDT", Self.named),
                opening: ("50.00", "DBIT"), closing: ("75.49", "DBIT")))
        let end = try XCTUnwrap(D.ends(text).first)
        XCTAssertNil(end.failure)
        XCTAssertEqual(end.statement.opening?.amount.plain(decimals: 2), "-50.00")
        XCTAssertEqual(end.booked.plain(decimals: 2), "-25.49")
    }

    func testAStatementOffByOneCentSaysBothFigures() throws {
        let text = D.document(
            D.statement(
                D.entry("1074.44", "DBIT", Self.named), opening: ("2000.00", "CRDT"), closing: ("925.57", "CRDT")))
        let end = try XCTUnwrap(D.ends(text).first)
        XCTAssertEqual(
            end.failure,
            "balances do not reconcile: opening 2000.00 + entries -1074.44 = 925.56, but the statement closes at 925.57"
        )
    }

    /// An entry without its amount is rejected, its money missing from the sum: the statement's
    /// failure said only that the balances did not reconcile (OCA/bank-statement-import's
    /// wrong-amount file), and a failed statement's rejects are not delivered. It names the entry.
    func testAFailureNamesTheEntriesItCouldNotCount() throws {
        let noAmount = D.entry("349.59", "CRDT", Self.named).replacingOccurrences(
            of: #"<Amt Ccy="EUR">349.59</Amt>"#, with: "")
        let text = D.document(
            D.statement(
                D.entry("134.00", "CRDT", Self.named), noAmount, D.entry("1.00", "CRDT", status: "<Sts>PDNG</Sts>"),
                opening: ("100.00", "CRDT"), closing: ("583.59", "CRDT")))
        let end = try XCTUnwrap(D.ends(text).first)
        XCTAssertEqual(
            end.failure,
            "balances do not reconcile: opening 100.00 + entries 134.00 = 234.00, but the statement closes at 583.59; "
                + "not counted, as they could not be read: Stmt[0].Ntry[1].Amt (missing amount)")
    }

    /// A `CLBD` with a sub-type (`SubTp` `BLCK`, the blocked part) is a part of the balance:
    /// taken as the closing, with no opening to check it against, 9999.00 stood as the account's.
    func testABalanceWithASubTypeIsNotTheBalance() throws {
        let blocked = D.balance("CLBD", "9999.00", "CRDT").replacingOccurrences(
            of: "</CdOrPrtry></Tp>", with: "</CdOrPrtry><SubTp><Cd>BLCK</Cd></SubTp></Tp>")
        let text = D.document(
            D.statement(blocked + D.balance("CLBD", "70.00", "CRDT") + D.entry("30.00", "DBIT", Self.named)))
        let end = try XCTUnwrap(D.ends(text).first)
        XCTAssertEqual(end.statement.closing?.amount.plain(decimals: 2), "70.00")
    }

    func testWithoutBothBalancesThereIsNothingToCheck() throws {
        let text = D.document(D.statement(D.entry("1.00", "DBIT", Self.named), closing: ("5.00", "CRDT")))
        let end = try XCTUnwrap(D.ends(text).first)
        XCTAssertFalse(end.reconciliation.isStated)
        XCTAssertNil(end.failure)
    }

    /// An entry rejected for its vendor still counts: the bank's arithmetic included it.
    func testARejectedButReadableEntryStillCountsTowardsTheBalance() throws {
        let text = D.document(
            D.statement(
                D.entry("1.00", "DBIT"), D.entry("2.00", "DBIT", Self.named),
                opening: ("10.00", "CRDT"), closing: ("7.00", "CRDT")))
        XCTAssertEqual(D.rejects(text).count, 1)
        XCTAssertNil(try XCTUnwrap(D.ends(text).first).failure)
    }

    /// A balance that cannot be read leaves nothing to check against: the statement fails.
    func testAnUnreadableBalanceFailsTheStatement() throws {
        let text = D.document(
            D.statement(D.entry("1.00", "DBIT", Self.named), opening: ("1.000,00", "CRDT"), closing: ("5.00", "CRDT")))
        let end = try XCTUnwrap(D.ends(text).first)
        XCTAssertEqual(end.failure, #"balance OPBD: "1.000,00" is not an amount"#)
        XCTAssertEqual(D.entries(text).count, 1, "its entries are read; the plugin fails the account at its end")
    }

    /// A closing balance in another currency than the account's (`Acct/Ccy`) is no balance of
    /// it: the statement fails as for an unreadable one (it was taken as the EUR account's).
    func testABalanceInAnotherCurrencyFailsTheStatement() throws {
        let text = D.document(
            D.statement(D.entry("1.00", "DBIT", Self.named), opening: ("10.00", "CRDT"), closing: ("9.00", "CRDT"))
                .replacingOccurrences(of: "<Amt Ccy=\"EUR\">9.00</Amt>", with: "<Amt Ccy=\"USD\">9.00</Amt>"))
        XCTAssertTrue(text.contains("USD"), "the closing balance is in USD")
        let end = try XCTUnwrap(D.ends(text).first)
        XCTAssertEqual(end.failure, "balance CLBD is in USD, the account (Acct/Ccy) in EUR")
    }

    // MARK: Namespaces

    func testAPrefixedDocumentReadsAndOtherNamespacesAreIgnored() {
        let text = """
            <c:Document xmlns:c="\(D.v02)" xmlns:x="urn:example:extra"><c:BkToCstmrStmt><c:Stmt>
            <c:Acct><c:Id><c:IBAN>DE89370400440532013000</c:IBAN></c:Id><c:Ccy>EUR</c:Ccy></c:Acct>
            <c:Ntry><c:Amt Ccy="EUR">1.00</c:Amt><c:CdtDbtInd>DBIT</c:CdtDbtInd><c:Sts>BOOK</c:Sts>
            <c:BookgDt><c:Dt>2024-03-02</c:Dt></c:BookgDt><c:AddtlNtryInf>Kiosk</c:AddtlNtryInf>
            <x:AddtlNtryInf>not this</x:AddtlNtryInf></c:Ntry>
            </c:Stmt></c:BkToCstmrStmt></c:Document>
            """
        XCTAssertEqual(D.entries(text).map(\.vendor), ["Kiosk"])
    }
}
