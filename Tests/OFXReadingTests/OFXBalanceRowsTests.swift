import Foundation
import OFXReading
import XCTest

/// Brazilian banks' balance rows among the transactions (`SALDO ANTERIOR`, `SALDO TOTAL
/// DISPONÍVEL DIA`): left out where they chain as balances, read otherwise, said either way.
final class OFXBalanceRowsTests: XCTestCase {
    /// An OFX 1.02 statement of `rows` (memo, amount), with `ledger` as its LEDGERBAL.
    private func statement(_ rows: [(String, String)], ledger: String?) -> [UInt8] {
        var text = "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL"
        text += "<BANKACCTFROM><BANKID>0341<ACCTID>1<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST>\n"
        for (n, (memo, amount)) in rows.enumerated() {
            text +=
                "<STMTTRN><TRNTYPE>OTHER<DTPOSTED>202403\(10 + n)<TRNAMT>\(amount)<FITID>F\(n)<MEMO>\(memo)</STMTTRN>\n"
        }
        text += "</BANKTRANLIST>" + (ledger.map { "<LEDGERBAL><BALAMT>\($0)<DTASOF>20240331</LEDGERBAL>" } ?? "")
        return Array((text + "</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n").utf8)
    }

    /// The rows read through OFXBalanceRows: the memos of those read as transactions, and the note.
    private func outcome(_ rows: [(String, String)], ledger: String?) -> (read: [String], note: String?) {
        let result = read(statement(rows, ledger: ledger))
        var rows = OFXBalanceRows()
        let kept = result.transactions.filter { !rows.holds($0) }.map { $0.memo ?? $0.vendor }
        switch rows.end(ledger: result.statementsEnded.first?.balance) {
        case .none: return (kept, nil)
        case let .balances(note): return (kept, note)
        case let .transactions(entries, note): return (kept + entries.map { $0.memo ?? $0.vendor }, note)
        }
    }

    /// The fixture in Itaú's layout: four balance rows chain, the last is LEDGERBAL; a PIX whose
    /// text holds the words later on is money that moved.
    func testItausBalanceRowsChainAndAreLeftOut() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/statements/ofx/itau-saldo-102.ofx")
        let result = read(Array(try Data(contentsOf: url)))
        var rows = OFXBalanceRows()
        let kept = result.transactions.filter { !rows.holds($0) }
        XCTAssertEqual(kept.map(\.amount), ["-320.50", "-89.90", "4200.00", "15.00", "-42.00"])
        XCTAssertEqual(
            rows.end(ledger: result.statementsEnded.first?.balance),
            .balances(
                note: "STMTTRN[0], STMTTRN[3], STMTTRN[6], STMTTRN[8] (SALDO ANTERIOR, SALDO TOTAL DISPONIVEL DIA) not "
                    + "imported: the account's balance, not money that moved: each follows from the one before and "
                    + "the transactions between, and the last is the ledger balance"))
    }

    /// Newest first, as some banks list: the chain runs the other way, the first is LEDGERBAL.
    func testNewestFirst() {
        let rows = [("SALDO DO DIA", "150.00"), ("PIX", "-50.00"), ("SALDO ANTERIOR", "200.00")]
        XCTAssertEqual(outcome(rows, ledger: "150.00").read, ["PIX"])
    }

    /// Rows named so that do not chain are read, and said: `SALDO DEVEDOR` interest is a charge.
    func testRowsThatDoNotChainAreRead() {
        let rows = [("SALDO ANTERIOR", "100.00"), ("TARIFA", "-5.00"), ("SALDO DEVEDOR JUROS", "-3.10")]
        let (read, note) = outcome(rows, ledger: "91.90")
        XCTAssertEqual(read.sorted(), ["SALDO ANTERIOR", "SALDO DEVEDOR JUROS", "TARIFA"])
        XCTAssertTrue(
            note?.contains("read as transactions, though named like the account's balance") ?? false, "\(note ?? "")")
    }

    /// One row: only LEDGERBAL can tell; without it, or against it, the row is read.
    func testOneRowNeedsTheLedgerBalance() {
        XCTAssertEqual(outcome([("SALDO ANTERIOR", "100.00"), ("PIX", "20.00")], ledger: "120.00").read, ["PIX"])
        XCTAssertEqual(outcome([("SALDO ANTERIOR", "100.00"), ("PIX", "20.00")], ledger: nil).read.count, 2)
        XCTAssertEqual(outcome([("SALDO ANTERIOR", "100.00"), ("PIX", "20.00")], ledger: "125.00").read.count, 2)
    }

    /// Two rows that chain and a LEDGERBAL of a later day (Itaú's is two days after the list):
    /// the step between them is the evidence.
    func testAStepHoldsWhereTheLedgerIsOfALaterDay() {
        let rows = [
            ("SALDO ANTERIOR", "-68094.98"), ("PIX RECEBIDO", "2000.00"), ("SALDO TOTAL DISPONÍVEL DIA", "-66094.98"),
        ]
        let (read, note) = outcome(rows, ledger: "-62894.98")
        XCTAssertEqual(read, ["PIX RECEBIDO"])
        XCTAssertTrue(
            note?.hasSuffix("the ledger balance is none of them (it may be of a later day)") ?? false, "\(note ?? "")")
    }

    func testNoRowNamedSoIsHeld() {
        XCTAssertEqual(outcome([("PIX RECEBIDO SALDO ANTERIOR ACERTO", "15.00")], ledger: "15.00").note, nil)
    }
}
