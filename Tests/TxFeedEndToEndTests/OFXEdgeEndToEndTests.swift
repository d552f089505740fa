import Foundation
import TxFeedTestSupport
import XCTest

/// What real banks write at the edges of OFX, through the built CLI and plugin: empty SGML
/// leaves, per-transaction currencies, pending lists, unreadable balances, text after `</OFX>`.
final class OFXEdgeEndToEndTests: XCTestCase {
    typealias Row = [String: Any]

    private func fixture(_ name: String) -> String { BuiltProducts.fixtures + "/statements/ofx/" + name }
    private func text(_ row: Row, _ field: String) -> String? { row[field] as? String }
    private func minor(_ row: Row, _ field: String = "amount_minor") -> Int? { (row[field] as? NSNumber)?.intValue }

    /// Runs `path` to JSON with `arguments`; its rows, accounts and stderr.
    private func run(_ path: String, status: Int32 = 0, _ arguments: String...) throws
        -> (rows: [Row], accounts: [Row], stderr: String)
    {
        let result = try txfeed(arguments: ["run", path, "--sink", "json"] + arguments)
        XCTAssertEqual(result.status, status, "\(path): \(result.stderr)")
        let feed = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? Row, result.output)
        return (try XCTUnwrap(feed["transactions"] as? [Row]), try XCTUnwrap(feed["accounts"] as? [Row]), result.stderr)
    }

    /// Banco do Brasil writes empty `<FITID>` and `<CHECKNUM>` before `NAME`: the empty leaf took
    /// NAME and MEMO inside it (vendor `CREDIT`, memo lost); an empty `BRANCHID` took ACCTID (both
    /// accounts `ACCOUNT`, id null); an empty `TRNTYPE` or `DTUSER` took TRNAMT (`missing TRNAMT`).
    func testAnEmptySGMLLeafKeepsItsSiblings() throws {
        let (rows, accounts, stderr) = try run(fixture("empty-leaves-102.ofx"), "--dedupe")
        XCTAssertTrue(stderr.contains("read 5 = written 5 + rejected 0"), stderr)
        XCTAssertEqual(accounts.compactMap { text($0, "id") }, ["111", "222"])
        XCTAssertEqual(Set(rows.compactMap { text($0, "account") }), ["CHECKING 111", "CHECKING 222"])
        let pix = try XCTUnwrap(rows.first { minor($0) == 194710 })
        XCTAssertEqual(text(pix, "vendor"), "Pix - Recebido")
        XCTAssertEqual(text(pix, "memo"), "05/08 GABRIEL")
        let card = try XCTUnwrap(rows.first { minor($0) == -5000 })
        XCTAssertEqual(text(card, "vendor"), "Compra com cartao")
        XCTAssertTrue(card["memo"] is NSNull, "\(card)")
        let noName = try XCTUnwrap(rows.first { text($0, "id") == "E3" })
        XCTAssertEqual(text(noName, "vendor"), "empty type and name", "an empty NAME leaves MEMO to name the vendor")
        XCTAssertEqual(minor(noName), -300)
        let noUserDate = try XCTUnwrap(rows.first { minor($0) == -400 })
        XCTAssertEqual(text(noUserDate, "vendor"), "empty DTUSER")
        XCTAssertEqual(text(noUserDate, "date"), "2024-01-06")
    }
}
