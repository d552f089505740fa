import CAMTReading
import XCTest

/// `TxsSummry` checks a statement whose balances cannot (one is missing, as in a Wise statement
/// of its closing balance only): a count or a sum the entries do not make fails it, where the
/// file's missing entries passed with exit status 0.
final class CAMTSummaryTests: XCTestCase {
    typealias D = CAMTDocument

    private static let named = CAMTStatementReadingTests.named

    /// The statement's `TxsSummry` of `entries` entries, `credits` credits summing `creditSum`
    /// and `debits` debits summing `debitSum`, put before its first entry.
    private func summarised(
        _ statement: String, entries: Int, credits: Int, creditSum: String, debits: Int, debitSum: String
    ) -> String {
        let summary = """
            <TxsSummry><TtlNtries><NbOfNtries>\(entries)</NbOfNtries><Sum>1.00</Sum></TtlNtries>
            <TtlCdtNtries><NbOfNtries>\(credits)</NbOfNtries><Sum>\(creditSum)</Sum></TtlCdtNtries>
            <TtlDbtNtries><NbOfNtries>\(debits)</NbOfNtries><Sum>\(debitSum)</Sum></TtlDbtNtries></TxsSummry>
            """
        guard let first = statement.range(of: "<Ntry>") else { return statement }
        return statement.replacingCharacters(in: first, with: summary + "<Ntry>")
    }

    private var closingOnly: String {
        D.statement(
            D.entry("195.86", "CRDT", Self.named), D.entry("20.00", "DBIT", Self.named), closing: ("606.80", "CRDT"))
    }

    /// viafintech/camt_parser's `valid_example_with_datetime.xml`, a Wise statement: a closing
    /// balance, a summary of 14 entries, and one entry in the file. It was read with exit 0.
    func testEntriesMissingFromTheSummaryFailTheStatement() throws {
        let text = D.document(
            summarised(closingOnly, entries: 14, credits: 4, creditSum: "1115.92", debits: 10, debitSum: "-509.12"))
        let failure = try XCTUnwrap(D.ends(text).first?.failure)
        XCTAssertTrue(
            failure.hasPrefix(
                "its TxsSummry does not agree with its entries: TtlNtries/NbOfNtries says 14 entries, the statement holds 2; "
                    + "TtlCdtNtries/NbOfNtries says 4 credits, the statement holds 1; TtlCdtNtries/Sum says 1115.92, "
                    + "they sum to 195.86"),
            failure)
        let report = CAMTReport(reader: CAMTReader(text: text))
        XCTAssertEqual(report.problems.count, 1)
    }

    /// A summary that agrees leaves the statement read; a debit sum written negative (Wise) is
    /// its magnitude.
    func testASummaryThatAgreesIsSaidInSniff() throws {
        let text = D.document(
            summarised(closingOnly, entries: 2, credits: 1, creditSum: "195.86", debits: 1, debitSum: "-20.00"))
        XCTAssertNil(D.ends(text).first?.failure)
        XCTAssertEqual(D.entries(text).map(\.amount), ["195.86", "-20.00"])
        let report = CAMTReport(reader: CAMTReader(text: text))
        XCTAssertTrue(
            report.text.contains("not checked by balances (no opening balance), but its TxsSummry agrees"), report.text)
    }

    /// Banks differ on whether pending entries are in the summary: one of the booked entries only
    /// agrees as well as one of them all.
    func testASummaryOfTheBookedEntriesOnlyAgrees() throws {
        let statement = D.statement(
            D.entry("195.86", "CRDT", Self.named), D.entry("9.00", "DBIT", status: "<Sts>PDNG</Sts>", Self.named),
            closing: ("606.80", "CRDT"))
        let text = D.document(
            summarised(statement, entries: 1, credits: 1, creditSum: "195.86", debits: 0, debitSum: "0"))
        XCTAssertNil(D.ends(text).first?.failure)
    }

    /// Balances that are stated decide alone: they reconcile, whatever the summary says.
    func testReconcilingBalancesAreNotOverruledByTheSummary() throws {
        let statement = D.statement(
            D.entry("74.44", "DBIT", Self.named), opening: ("2000.00", "CRDT"), closing: ("1925.56", "CRDT"))
        let text = D.document(summarised(statement, entries: 3, credits: 0, creditSum: "0", debits: 3, debitSum: "1"))
        XCTAssertNil(D.ends(text).first?.failure)
    }

    /// One page of a statement sent in several may carry the summary of them all.
    func testAPageOfSeveralIsNotChecked() throws {
        let page = closingOnly.replacingOccurrences(
            of: "<Id>S1</Id>", with: "<Id>S1</Id><StmtPgntn><PgNb>1</PgNb><LastPgInd>false</LastPgInd></StmtPgntn>")
        let text = D.document(summarised(page, entries: 14, credits: 4, creditSum: "1", debits: 10, debitSum: "1"))
        XCTAssertNil(D.ends(text).first?.failure)
    }
}
