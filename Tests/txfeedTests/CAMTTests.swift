import Foundation
import TxFeedTestSupport
import XCTest

/// ISO 20022 camt statements (`Tests/Fixtures/statements/camt/`) through the CLI, routed
/// by content to the `camt` source: counts, exact sums, ids, days, statuses, account ids and
/// balances, a statement that does not reconcile, damaged files, `sniff`. The expected facts are
/// those of the fixtures' README, computed by `expected_facts.py` without txfeed.
final class CAMTTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    static let camt = BuiltProducts.fixtures + "/statements/camt/"
    static let good = camt + "camt053-two-statements.xml"
    static let offBalance = camt + "camt053-off-balance.xml"
    static let reconcileMessage =
        "balances do not reconcile: opening 2000.00 + entries -1074.44 = 925.56, but the statement closes at 1925.56"

    // MARK: Reading the feed

    typealias Row = FeedRow

    private func rows(_ result: CommandResult) throws -> [Row] { try feedRows(result) }
    private func rows(_ feed: [Row], account: String) -> [Row] { feed.filter { text($0, "account") == account } }

    // MARK: A good file

    func testTwoStatementsAreTwoAccountsReadWhole() throws {
        let result = try txfeed("run", Self.good, "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stderr.contains("camt053-two-statements (camt): ok, read 9 = written 9 + rejected 0"), result.stderr)
        XCTAssertTrue(result.stderr.contains("Stmt[0]: 1 INFO entry skipped"), result.stderr)
        let feed = try rows(result)
        XCTAssertEqual(feed.count, 9)
        XCTAssertEqual(feed.compactMap(minor).reduce(0, +), -7460)

        let giro = rows(feed, account: "Geschäftskonto")
        XCTAssertEqual(giro.count, 6)
        XCTAssertEqual(giro.compactMap(minor).reduce(0, +), -8694)
        XCTAssertEqual(giro.filter { text($0, "status") == "pending" }.map(minor), [-1250])
        XCTAssertFalse(feed.contains { minor($0) == 10000 }, "the INFO entry is no transaction")
        let savings = rows(feed, account: "Muster Handel GmbH Tagesgeld")
        XCTAssertEqual(savings.count, 3)
        XCTAssertEqual(savings.compactMap(minor).reduce(0, +), 1234)

        // Newest first; ids from AcctSvcrRef, NtryRef, else a fingerprint (an EndToEndId is the
        // payer's, never the id).
        XCTAssertEqual(
            feed.map { text($0, "id") ?? "-" },
            [
                "ZINS-2024-Q1", "PRE-20240330-77", "2024032800042", "2024032000107", "2024031500913",
                "fp:d5f3c32bff620e0d-1",
                "fp:23e70bd8213a9c4b-1", "NREF-0305", "2024030200001",
            ])
        XCTAssertEqual(
            feed.compactMap { text($0, "date") },
            [
                "2024-03-31", "2024-03-30", "2024-03-28", "2024-03-20", "2024-03-15", "2024-03-10T13:32:05Z",
                "2024-03-06", "2024-03-05", "2024-03-02",
            ])
        XCTAssertEqual(feed.first.flatMap { text($0, "day") }, "Sun, Mar 31")
        let rent = try XCTUnwrap(feed.first { text($0, "id") == "fp:23e70bd8213a9c4b-1" })
        XCTAssertEqual(text(rent, "vendor"), "Hausverwaltung Schmidt KG")
        XCTAssertEqual(text(rent, "memo"), "Miete Maerz Lager 2")
        XCTAssertEqual(text(rent, "type"), "debit")
        XCTAssertEqual(Set(feed.compactMap { text($0, "currency") }), ["EUR"])
    }

    /// Two statements of one account where the second opens at 2100.00 after the first closed at
    /// 1925.56: a statement missing between them, said as MT940's pages are (each reconciles on
    /// its own, and a journal's opening was off by the missing one's entries).
    func testAStatementMissingBetweenTwoIsAWarning() throws {
        let text = try String(contentsOfFile: Self.good, encoding: .utf8)
        let start = try XCTUnwrap(text.range(of: "<Stmt>")), end = try XCTUnwrap(text.range(of: "</Stmt>"))
        let first = String(text[start.lowerBound..<end.upperBound])
        let later = first.replacingOccurrences(of: ">2000.00<", with: ">2100.00<")
            .replacingOccurrences(of: ">1925.56<", with: ">2025.56<")
        let path = try folder.write(
            "gap.xml", String(text[..<start.lowerBound]) + first + later + String(text[end.upperBound...]))
        let result = try txfeed("run", path, "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                "warning: \(path): Stmt[1] opens at 2100.00 EUR where Stmt[0], the one before it of account "
                    + "DE89370400440532013000, closes at 1925.56: a statement missing between them?"),
            result.stderr)
        let repeated = first + first
        let twice = try folder.write(
            "twice.xml", String(text[..<start.lowerBound]) + repeated + String(text[end.upperBound...]))
        XCTAssertFalse(try txfeed("run", twice, "--sink", "ndjson").stderr.contains("a statement missing"))
    }

    func testAccountsCarryTheirIBANAndClosingBalance() throws {
        let result = try txfeed("run", Self.good, "--sink", "json")
        XCTAssertEqual(result.status, 0, result.stderr)
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? Row)
        let accounts = try XCTUnwrap(root["accounts"] as? [Row])
        XCTAssertEqual(
            accounts.compactMap { text($0, "id") }.sorted(), ["DE02120300000000202051", "DE89370400440532013000"])
        let balances = accounts.compactMap { ($0["balance_minor"] as? NSNumber)?.intValue }.sorted()
        XCTAssertEqual(balances, [192_556, 501_234])
    }

    func testTheAccountOptionNamesEveryStatementsAccount() throws {
        let result = try txfeed("run", "-s", "camt:\(Self.good),account=Firma", "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(Set(try rows(result).compactMap { text($0, "account") }), ["Firma"])
    }

    // MARK: What fails and what is rejected

    /// Nothing of the statement is kept; the good source beside it is, and the run says why.
    /// The statement declared ISO-8859-1 over its UTF-8 text: its account was `GeschÃ¤ftskonto`
    /// (exit 0). Read as UTF-8 with a note; the same text in Latin-1 declared UTF-8 fails naming
    /// the option, which reads it.
    func testTheDeclaredEncodingGivesWayToUTF8AndTheOptionReadsAnother() throws {
        let statement = try String(contentsOfFile: Self.good, encoding: .utf8)
        let declaredLatin1 = try folder.write(
            "latin1-declared.xml",
            statement.replacingOccurrences(of: #"encoding="UTF-8""#, with: #"encoding="ISO-8859-1""#))
        let read = try txfeed("run", declaredLatin1, "--sink", "ndjson")
        XCTAssertEqual(read.status, 0, read.stderr)
        XCTAssertTrue(
            read.stderr.contains(#"read as UTF-8: the <?xml?> declaration says encoding="ISO-8859-1""#), read.stderr)
        XCTAssertTrue(try rows(read).contains { text($0, "account") == "Geschäftskonto" })
        XCTAssertFalse(read.output.contains("Ã"), read.output)

        let latin1 = folder.path + "/latin1.xml"
        XCTAssertTrue(
            FileManager.default.createFile(atPath: latin1, contents: statement.data(using: .isoLatin1)))
        let refused = try txfeed("run", latin1, "--sink", "ndjson")
        XCTAssertEqual(refused.status, 1, refused.stderr)  // every source failed
        XCTAssertTrue(
            refused.stderr.contains("are not UTF-8, which the file is unless its <?xml?> declaration"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("encoding=NAME reads it"), refused.stderr)
        let named = try txfeed("run", "-s", "camt:\(latin1),encoding=windows-1252", "--sink", "ndjson")
        XCTAssertEqual(named.status, 0, named.stderr)
        XCTAssertEqual(try rows(named).count, try rows(read).count)
        XCTAssertTrue(try rows(named).contains { text($0, "account") == "Geschäftskonto" })
    }

    func testAStatementThatDoesNotReconcileFailsAndTheOtherSourceIsKept() throws {
        let csv = BuiltProducts.fixtures + "/bank/uk-current.csv"
        let result = try txfeed("run", Self.offBalance, csv, "--sink", "ndjson")
        XCTAssertEqual(result.status, 3, result.stderr)
        let feed = try rows(result)
        XCTAssertEqual(feed.count, 12, "uk-current's rows alone")
        XCTAssertEqual(Set(feed.compactMap { text($0, "source") }), ["uk-current"])
        XCTAssertTrue(result.stderr.contains("camt053-off-balance (camt): FAILED"), result.stderr)
        XCTAssertTrue(result.stderr.contains(Self.reconcileMessage), result.stderr)
    }

    func testATruncatedFileKeepsTheStatementThatEndedAndNamesWhereItWasCut() throws {
        let result = try txfeed("run", Self.camt + "camt053-truncated.xml", "--sink", "ndjson")
        XCTAssertEqual(result.status, 3, result.stderr)
        let feed = try rows(result)
        XCTAssertEqual(feed.count, 6)
        XCTAssertEqual(Set(feed.compactMap { text($0, "account") }), ["Geschäftskonto"])
        XCTAssertEqual(feed.compactMap(minor).reduce(0, +), -8694)
        XCTAssertTrue(
            result.stderr.contains("camt053-truncated.xml: line 190: Stmt[1].Ntry[1]: the file is cut short"),
            result.stderr)
    }

    func testAGarbledFileFailsNamingItsLineAndEntry() throws {
        let result = try txfeed("run", Self.camt + "camt053-garbled.xml", "--sink", "ndjson")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.output.isEmpty, result.output)
        XCTAssertTrue(
            result.stderr.contains(
                "camt053-garbled.xml: line 95: Stmt[0].Ntry[2]: </Cdtor> where </Cdtr> of line 95 is due: a tag misspelt, or one left open"
            ),
            result.stderr)
    }

    func testAnotherXMLFailsSayingWhatItIs() throws {
        let pain = try folder.write(
            "payment.xml",
            #"<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn/></Document>"#
        )
        let result = try txfeed("run", "-s", "camt:\(pain)", "--sink", "ndjson")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                "not a camt statement: the root element is <Document> in namespace "
                    + "urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"), result.stderr)
    }

    /// A bad booking date is one reject with its place, reason and own XML; the entry still
    /// counts towards the balance (the bank booked it), so the statement reconciles and the
    /// rest is imported.
    func testABadDateIsRejectedWithItsPathAndTheRestImported() throws {
        let good = try String(contentsOfFile: Self.good, encoding: .utf8)
        let bad = good.replacingOccurrences(
            of: "<BookgDt><Dt>2024-03-06</Dt></BookgDt>", with: "<BookgDt><Dt>06.03.2024</Dt></BookgDt>")
        XCTAssertNotEqual(bad, good)
        let file = try folder.write("bad-date.xml", bad)
        let rejects = folder.path + "/rejects.ndjson"
        let result = try txfeed("run", file, "--sink", "ndjson", "--rejects", rejects)
        XCTAssertEqual(result.status, 3, "written, one rejected: \(result.stderr)")
        XCTAssertTrue(result.stderr.contains("read 9 = written 8 + rejected 1"), result.stderr)
        let lines = try String(contentsOfFile: rejects, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 1, "\(lines)")
        let line = try XCTUnwrap(lines.first)
        let reject = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? Row)
        XCTAssertEqual(text(reject, "path"), "Stmt[0].Ntry[2].BookgDt")
        XCTAssertTrue(text(reject, "reason")?.contains(#""06.03.2024" is not a day"#) ?? false, "\(reject)")
        XCTAssertTrue(text(reject, "record")?.contains("<EndToEndId>MIETE-2024-03</EndToEndId>") ?? false, "\(reject)")
        XCTAssertEqual(try rows(result).count, 8)
    }

    /// An unreadable amount cannot be counted: its statement no longer reconciles and fails.
    func testABadAmountFailsItsStatementWithTheSumItCouldMake() throws {
        let good = try String(contentsOfFile: Self.good, encoding: .utf8)
        let file = try folder.write("bad-amount.xml", good.replacingOccurrences(of: ">2500.00<", with: ">2500,00<"))
        let result = try txfeed("run", file, "--sink", "ndjson")
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("opening 2000.00 + entries -2574.44 = -574.44"), result.stderr)
        XCTAssertEqual(try rows(result).count, 3, "statement 1 kept")
    }

    // MARK: sniff

    func testSniffReportsEachStatementAndExitsTwoForOneThatDoesNotReconcile() throws {
        let good = try txfeed("sniff", Self.good)
        XCTAssertEqual(good.status, 0, good.stderr)
        XCTAssertTrue(good.output.contains("format        camt.053.001.02"), good.output)
        XCTAssertTrue(
            good.output.contains(
                "Stmt[0]       DE89370400440532013000 EUR, 2024-03-01 … 2024-03-31, 7 entries (1 pending, 1 info), "
                    + "opening 2000.00, closing 1925.56: reconciles"), good.output)

        let off = try txfeed("sniff", Self.offBalance)
        XCTAssertEqual(off.status, 2, off.stderr)
        XCTAssertTrue(off.output.contains("problem       Stmt[0]: " + Self.reconcileMessage), off.output)
    }

    // MARK: Sts/Prtry

    /// camt.053.001.08 lets `Sts` be `Cd` or `Prtry`: a pending `<Prtry>PDNG</Prtry>` was read as
    /// booked with a note that it had no `Sts`, and rejected as `missing status` in a camt.054.
    /// `Prtry` is read as `Cd` is; a code that is none of BOOK, PDNG, INFO is rejected by name.
    func testAProprietaryStatusIsReadAsTheCodeIs() throws {
        let rejects = folder.path + "/rejects.ndjson"
        let result = try txfeed(
            "run", Self.camt + "camt053-v08-prtry.xml", Self.camt + "camt054-v08-prtry.xml", "--sink", "ndjson",
            "--rejects", rejects)
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertFalse(result.stderr.contains("without Sts"), result.stderr)
        XCTAssertTrue(
            result.stderr.contains("camt053-v08-prtry (camt): ok, read 2 = written 2 + rejected 0"), result.stderr)
        XCTAssertTrue(
            result.stderr.contains("camt054-v08-prtry (camt): ok, read 3 = written 2 + rejected 1"), result.stderr)
        let feed = try rows(result)
        XCTAssertEqual(feed.filter { text($0, "status") == "pending" }.compactMap { text($0, "id") }, ["Q2", "Q2"])
        XCTAssertEqual(feed.filter { text($0, "status") == "booked" }.compactMap { text($0, "id") }, ["Q1", "Q1"])
        let reject = try String(contentsOfFile: rejects, encoding: .utf8)
        XCTAssertTrue(reject.contains(#"unknown status \"HELD\""#), reject)
        XCTAssertTrue(reject.contains(#""path":"Ntfctn[0].Ntry[2].Sts""#), reject)
    }
}
