import Foundation
import TxFeedTestSupport
import XCTest

/// The `csv` plugin's own options, as users give them: rules files, config files, the spec that
/// `sniff` prints, zones for local times, several currencies, and the shipped plugin's check.
final class CSVSourceTests: XCTestCase {
    var folder: TemporaryFolder!
    let ukCurrent = BuiltProducts.repository + "/samples/bank/uk-current.csv"

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    private func rows(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    func testTheShippedPluginPassesItsOwnCheck() throws {
        let result = try txfeed("plugins", "check", BuiltProducts.plugin("csv"), directory: BuiltProducts.repository)
        XCTAssertEqual(result.status, 0, result.output + result.stderr)
        XCTAssertFalse(result.output.contains("FAIL"), result.output)
    }

    /// What `sniff` prints as `spec` reads the file exactly as the inference did.
    func testTheSpecSniffPrintsReadsTheFileTheSameWay() throws {
        let sniff = try txfeed("sniff", ukCurrent)
        XCTAssertEqual(sniff.status, 0, sniff.stderr)
        let line = try XCTUnwrap(sniff.output.split(separator: "\n").first { $0.contains("spec  ") })
        let quoted = try XCTUnwrap(line.split(separator: "'", omittingEmptySubsequences: false).dropFirst().first)
        XCTAssertTrue(quoted.contains("date-format=%d %b %Y"), String(quoted))
        let inferred = try txfeed("run", ukCurrent, "--sink", "ndjson")
        let given = try txfeed("run", "-s", String(quoted), "--sink", "ndjson")
        XCTAssertEqual(given.status, 0, given.stderr)
        XCTAssertEqual(given.output, inferred.output)
        XCTAssertEqual(try rows(given.output).count, 12)
    }

    /// A bank's mapping written once: a rules file, found next to the config file that names it,
    /// with options given beside it winning over the file's.
    func testARulesFileIsRelativeToItsConfigAndOptionsGivenWin() throws {
        try folder.write(
            "bank/export.csv",
            "Datum;Empfänger;Umsatz\n02.01.2024;Bäckerei;-3,50\n15.01.2024;Gehalt;2.500,00\n")
        try folder.write(
            "bank/giro.rules.json",
            #"{"separator": ";", "decimal-mark": ",", "date-format": "%d.%m.%Y", "default-currency": "EUR", "account": "Giro"}"#
        )
        let config = try folder.write(
            "bank/pipeline.json",
            #"{"sources": [{"plugin": "csv", "options": {"path": "export.csv", "rules": "giro.rules.json", "account": "Girokonto"}}]}"#
        )
        let result = try txfeed("run", "--config", config, "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        let feed = try rows(result.output)
        XCTAssertEqual(feed.map { $0["amount_minor"] as? Int }, [250000, -350])
        XCTAssertEqual(feed.map { $0["currency"] as? String }, ["EUR", "EUR"])
        XCTAssertEqual(feed.map { $0["account"] as? String }, ["Girokonto", "Girokonto"], "the config's option wins")

        let missing = try txfeed("run", "-s", "csv:\(folder.path)/bank/export.csv,rules=nowhere.json")
        XCTAssertEqual(missing.status, 2, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("nowhere.json"), missing.stderr)
    }

    /// Local times without an offset are read in the source's zone; dates alone stay civil.
    func testLocalTimesAreReadInTheSourcesZone() throws {
        let file = try folder.write(
            "times.csv",
            "Date,Payee,Amount\n2024-07-01 08:15,Coffee,-4.50\n2024-01-15 23:30,Late train,-12.00\n")
        let result = try txfeed("run", "-s", "csv:\(file),tz=America/Los_Angeles", "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        let dates = try rows(result.output).map { $0["date"] as? String }
        XCTAssertEqual(dates, ["2024-07-01T15:15:00Z", "2024-01-16T07:30:00Z"], "PDT is -7, PST -8")

        let unknown = try txfeed("run", "-s", "csv:\(file),tz=Mars/Olympus")
        XCTAssertEqual(unknown.status, 2, "a refused option is a usage error: \(unknown.stderr)")
        XCTAssertTrue(unknown.stderr.contains("Mars/Olympus"), unknown.stderr)
    }

    /// A currency column with two currencies: one account each, every amount at its own scale.
    func testACurrencyColumnWithTwoCurrenciesMakesTwoAccounts() throws {
        let file = try folder.write(
            "wallet.csv",
            "Date,Description,Amount,Currency\n2024-05-01,Hotel,-120.50,EUR\n2024-05-02,Ramen,-1200,JPY\n"
                + "2024-05-03,Refund,30.00,EUR\n")
        let result = try txfeed("run", file, "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        let feed = try rows(result.output)
        XCTAssertEqual(feed.count, 3)
        let ramen = try XCTUnwrap(feed.first { $0["vendor"] as? String == "Ramen" })
        XCTAssertEqual(ramen["currency"] as? String, "JPY")
        XCTAssertEqual(ramen["amount"] as? String, "-1200")
        XCTAssertEqual(Set(feed.compactMap { $0["account"] as? String }).count, 2, "one account per currency")
    }

    /// An Iranian bank's Solar Hijri dates were written as the year 1402 with exit 0.
    func testAnotherCalendarsDatesAreRefusedUntilTheCalendarIsGiven() throws {
        let file = try folder.write(
            "mellat.csv", "Date,Description,Amount\n1402/05/12,Shop,-50000\n1402/05/13,Salary,2000000\n")
        let refused = try txfeed("run", file, "--sink", "ndjson")
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("set calendar=persian or calendar=islamic"), refused.stderr)
        let read = try txfeed("run", "-s", "csv:\(file),calendar=persian", "--sink", "ndjson")
        XCTAssertEqual(read.status, 0, read.stderr)
        // 12 and 13 Mordad 1402.
        XCTAssertEqual(try rows(read.output).map { $0["date"] as? String }, ["2023-08-04", "2023-08-03"])
    }

    func testAnOptionValueTheSourceRefusesIsAUsageError() throws {
        let result = try txfeed("run", "-s", "csv:\(ukCurrent),separator=x")
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("separator"), result.stderr)
    }
}
