import Foundation
import TxFeedTestSupport
import XCTest

/// `emit_entries` and `reject`: transactions as plain fields, checked by the envelope's rules,
/// from a C plugin built by the test and loaded by the real CLI.
final class SourceEntriesTests: XCTestCase {
    var folder: TemporaryFolder!
    var testPlugin: String!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
        testPlugin = try CPlugin.build(CPlugin.fixture("test_source.c"), name: "test-source", into: folder.path)
    }

    func testEntriesAreCheckedOneByOneAndThePluginsOwnRejectsCount() throws {
        let rejects = folder.path + "/rejects.ndjson"
        let result = try txfeed("run", "-s", testPlugin! + ":mode=entries", "--sink", "ndjson", "--rejects", rejects)
        XCTAssertEqual(result.status, 3, "records were rejected, an account failed: \(result.stderr)")
        XCTAssertTrue(result.stderr.contains("read 5 = written 2 + rejected 3"), result.stderr)
        XCTAssertTrue(result.stderr.contains("test:broken: balances do not reconcile"), result.stderr)
        XCTAssertTrue(
            result.stderr.contains("emit_entries with a count of 18446744073709551615, more than any buffer holds"),
            result.stderr)

        let rows = try result.output.split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        XCTAssertEqual(rows.count, 2)
        let salary = try XCTUnwrap(rows.first { $0["vendor"] as? String == "Salary" })
        XCTAssertEqual(salary["amount"] as? String, "2000.00")
        XCTAssertEqual(salary["type"] as? String, "credit")
        XCTAssertEqual(salary["status"] as? String, "pending")
        XCTAssertEqual(salary["memo"] as? String, "March")
        XCTAssertEqual(salary["date"] as? String, "2024-03-02T07:15:00Z", "the offset is applied")
        let bakery = try XCTUnwrap(rows.first { $0["vendor"] as? String == "Bäckerei" })
        XCTAssertEqual(bakery["amount"] as? String, "-1234.50", "the sign makes it a debit")
        XCTAssertEqual(bakery["type"] as? String, "debit")
        XCTAssertEqual(bakery["date"] as? String, "2024-03-01", "a civil date")
        XCTAssertEqual(bakery["id"] as? String, "REF-1")
        XCTAssertEqual(bakery["currency"] as? String, "EUR")

        let lines = try String(contentsOfFile: rejects, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 4)
        // After the records, the account that failed whole, as a document line.
        XCTAssertTrue(
            lines[3].contains(#""path":"document""#) && lines[3].contains("balances do not reconcile"), String(lines[3])
        )
        XCTAssertTrue(lines[0].contains(#""path":"line 4""#) && lines[0].contains("amount has more than 2 decimals"))
        XCTAssertTrue(lines[0].contains(#""record":"03.03.24;Kiosk;1,005""#), "the raw row, as a JSON string")
        XCTAssertTrue(lines[1].contains(#""path":"entries[3]""#) && lines[1].contains("is not a real day"))
        XCTAssertTrue(
            lines[1].contains(#""record":{"date":"2024-02-30","vendor":"Nobody","amount":"5"}"#), String(lines[1]))
        XCTAssertTrue(
            lines[2].contains(#""path":"line 6""#) && lines[2].contains("3 fields, the header has 5")
                && lines[2].contains(#""record":"x;y;z""#), String(lines[2]))
    }

    /// `begin_account_fields`: an account as plain fields, checked by the envelope's rules (a
    /// struct from a newer header read as far as this host knows it), the same in the plugin's
    /// child and in txfeed's process.
    func testAnAccountGivenAsFieldsIsCheckedAsAnEnvelopesBody() throws {
        for isolation in ["process", "in-process"] {
            let result = try txfeed(
                "run", "-s", testPlugin! + ":mode=fields", "--sink", "json", "--isolation", isolation)
            XCTAssertEqual(result.status, 3, "three accounts failed: \(result.stderr)")
            for message in [
                #"test:euro: the account's currency "EURO" is not an ISO 4217 currency code"#,
                #"test:cents: the account's balance "1.005": amount has more than 2 decimals"#,
                "test:nameless: the account's name is missing",
            ] {
                XCTAssertTrue(result.stderr.contains(message), "\(isolation): \(message): \(result.stderr)")
            }
            let feed = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
            let accounts = try XCTUnwrap(feed["accounts"] as? [[String: Any]])
            XCTAssertEqual(accounts.count, 1, isolation)
            XCTAssertEqual(accounts[0]["name"] as? String, "Girokonto")
            XCTAssertEqual(accounts[0]["id"] as? String, "DE89370400440532013000")
            XCTAssertEqual(accounts[0]["balance"] as? String, "-12.50")
            XCTAssertEqual(accounts[0]["currency"] as? String, "EUR")
            let profile = try XCTUnwrap(accounts[0]["profile"] as? [String: Any], isolation)
            XCTAssertEqual(profile["firstName"] as? String, "Zoë")
            let rows = try XCTUnwrap(feed["transactions"] as? [[String: Any]])
            XCTAssertEqual(rows.map { $0["vendor"] as? String }, ["Lidl"], isolation)
            XCTAssertEqual(rows.first?["account"] as? String, "Girokonto")
        }
    }

    /// A plugin built against the header before `begin_account_fields` (its envelope as JSON)
    /// and the same plugin built against this one (its account as fields) give the same feed:
    /// the same account, balance, holder, records and rejects, in the plugin's child and in
    /// txfeed's process.
    func testAPluginBuiltBeforeAccountFieldsGivesWhatOneUsingThemGives() throws {
        let source = CPlugin.fixture("account_header.c")
        let name = #"PLUGIN_NAME=\"account-header\""#
        let (oldFolder, newFolder) = (try TemporaryFolder(), try TemporaryFolder())
        let old = try CPlugin.build(
            source, name: "account-header", into: oldFolder.path, defines: [name],
            headers: BuiltProducts.fixtures + "/plugins/headers/abi1-before-account-fields")
        let new = try CPlugin.build(
            source, name: "account-header", into: newFolder.path, defines: [name, "USE_FIELDS"])
        for isolation in ["process", "in-process"] {
            var feeds: [String] = []
            for plugin in [old, new] {
                let result = try txfeed("run", "-s", plugin, "--sink", "json", "--isolation", isolation)
                XCTAssertEqual(result.status, 3, "the Kiosk entry is rejected: \(result.stderr)")
                XCTAssertTrue(result.stderr.contains("read 3 = written 2 + rejected 1"), result.stderr)
                feeds.append(
                    result.output.replacingOccurrences(
                        of: #""elapsed_ms":[0-9]+"#, with: "", options: .regularExpression))
            }
            XCTAssertEqual(feeds[0], feeds[1], isolation)
            let feed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(feeds[1].utf8)) as? [String: Any])
            let account = try XCTUnwrap((feed["accounts"] as? [[String: Any]])?.first)
            XCTAssertEqual(account["balance"] as? String, "-12.50", "stated at the end")
            XCTAssertEqual(account["id"] as? String, "DE89370400440532013000")
            XCTAssertEqual((account["profile"] as? [String: Any])?["lastName"] as? String, "Ó Briain")
            let rows = try XCTUnwrap(feed["transactions"] as? [[String: Any]])
            XCTAssertEqual(rows.map { $0["vendor"] as? String }, ["Salary", "Bäckerei"], isolation)
        }
    }

    /// `TXFEED_NEVER_MOVED`: an entry the statement lists whose money never moved is neither a
    /// record nor a reject: counted as skipped, written by `--skipped` with its where, why (its
    /// memo) and raw text, its other fields never checked; a status no host knows is rejected.
    /// The same in the plugin's own child and in txfeed's process.
    func testAnEntryWhoseMoneyNeverMovedIsSkippedAndAnUnknownStatusRejected() throws {
        for isolation in ["process", "in-process"] {
            let skipped = folder.path + "/skipped-\(isolation).ndjson"
            let rejects = folder.path + "/rejects-\(isolation).ndjson"
            let result = try txfeed(
                "run", "-s", testPlugin! + ":mode=statuses", "--sink", "json", "--isolation", isolation, "--skipped",
                skipped, "--rejects", rejects)
            XCTAssertEqual(result.status, 3, "the unknown status is a reject: \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("read 3 = written 1 + rejected 1 + skipped 1"), result.stderr)
            let feed = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
            let summary = try XCTUnwrap(feed["summary"] as? [String: Any])
            XCTAssertEqual(summary["read"] as? Int, 3, isolation)
            XCTAssertEqual(summary["skipped"] as? Int, 1, isolation)
            let rows = try XCTUnwrap(feed["transactions"] as? [[String: Any]])
            XCTAssertEqual(rows.map { $0["vendor"] as? String }, ["Lidl"], isolation)

            let skippedLines = try String(contentsOfFile: skipped, encoding: .utf8).split(separator: "\n")
            XCTAssertEqual(
                skippedLines.map(String.init),
                [
                    #"{"source":"test-source","origin":"test:statuses","path":"line 3","reason":"money that never moved (DECLINED)","record":"Booking.com;-120,00;DECLINED"}"#
                ], isolation)
            let rejectLines = try String(contentsOfFile: rejects, encoding: .utf8).split(separator: "\n")
            XCTAssertEqual(rejectLines.count, 1, isolation)
            XCTAssertTrue(
                rejectLines[0].contains(#""path":"line 4""#)
                    && rejectLines[0].contains("status 7 is none of booked (0), pending (1) or never moved (2)"),
                String(rejectLines[0]))
        }
    }

    /// `end_account_with_balance`: the balance stated after the transactions replaces the
    /// envelope's; one that does not parse fails its account, named.
    func testABalanceStatedAtTheEndOfAStreamedAccount() throws {
        let result = try txfeed("run", "-s", "\(testPlugin!):balance", "--sink", "json", "--no-progress")
        XCTAssertEqual(result.status, 3, result.stderr)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let accounts = try XCTUnwrap(document["accounts"] as? [[String: Any]])
        XCTAssertEqual(accounts.map { $0["name"] as? String }, ["Ledger"])
        XCTAssertEqual(accounts.first?["balance"] as? String, "-12.50")
        XCTAssertEqual(accounts.first?["balance_minor"] as? Int, -1250)
        XCTAssertTrue(
            result.stderr.contains(#"test:comma: end_account_with_balance: balance "12,5""#), result.stderr)
    }

    /// A thread the plugin started may not deliver: its call is refused (TXFEED_STOP) with a
    /// logged error, never merged; run's own thread still delivers.
    func testACallbackFromAnotherThreadIsRefused() throws {
        let result = try txfeed("run", "-s", "\(testPlugin!):thread", "--sink", "ndjson", "--no-progress")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.output.split(separator: "\n").count, 2, "only run's own envelope")
        XCTAssertTrue(
            result.stderr.contains("error: plugin error: a callback from a thread other than run's was refused"),
            result.stderr)
    }
}
