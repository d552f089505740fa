import Foundation
import TxFeedTestSupport
import XCTest

/// Issue 39, part 4: known export layouts recognised by their headers. Each built-in profile's
/// test file (`Tests/Fixtures/bank/profiles/`, written in the bank's layout by
/// `make_profiles.py`) read by the built binary and csv plugin with no options: exact counts,
/// signed sums, days and statuses, and sniff naming the profile.
final class BankProfileTests: XCTestCase {
    var folder: TemporaryFolder!
    /// An empty profiles folder, so that a developer's own profiles never change what is tested.
    var environment: [String: String] = [:]

    override func setUpWithError() throws {
        folder = try temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/profiles", withIntermediateDirectories: true)
        environment = ["TXFEED_PROFILES": folder.path + "/profiles"]
    }

    struct Facts {
        var profile: String
        var transactions: Int
        var sum: Int
        var currency: String
        var first: String
        var last: String
        var pending = 0
        /// The newest row's payee: the column the profile names, where inference alone picks another.
        var newestVendor: String
    }

    /// Worked out by hand from each file; where the file has a running balance it agrees.
    static let facts: [Facts] = [
        Facts(
            profile: "amex-us", transactions: 5, sum: 74810, currency: "USD", first: "2024-01-12", last: "2024-01-28",
            newestVendor: "UBER TRIP"),
        Facts(
            profile: "amex-us-activity", transactions: 4, sum: 23366, currency: "USD", first: "2024-02-03",
            last: "2024-02-14", newestVendor: "NETFLIX.COM"),
        Facts(
            profile: "chase-card", transactions: 5, sum: 74757, currency: "USD", first: "2024-01-15",
            last: "2024-01-30", newestVendor: "AUTOMATIC PAYMENT - THANK"),
        Facts(
            profile: "chase-checking", transactions: 4, sum: 218501, currency: "USD", first: "2024-01-20",
            last: "2024-01-29", newestVendor: "COMCAST CABLE 800-266-2278"),
        Facts(
            profile: "apple-card", transactions: 6, sum: 24034, currency: "USD", first: "2024-03-01",
            last: "2024-03-28", newestVendor: "Apple Services"),
        Facts(
            profile: "apple-card-single", transactions: 4, sum: 8816, currency: "USD", first: "2024-02-03",
            last: "2024-02-26", newestVendor: "Spotify"),
        Facts(
            profile: "capital-one-card", transactions: 4, sum: 40174, currency: "USD", first: "2024-01-16",
            last: "2024-01-28", newestVendor: "CAPITAL ONE AUTOPAY PYMT"),
        Facts(
            profile: "bank-of-america", transactions: 4, sum: 185433, currency: "USD", first: "2024-01-03",
            last: "2024-01-20", newestVendor: "BKOFAMERICA ATM 01/20 #000001234 WITHDRWL AUSTIN TX"),
        Facts(
            profile: "wells-fargo", transactions: 5, sum: 219434, currency: "USD", first: "2024-01-08",
            last: "2024-01-30", newestVendor: "COMCAST CABLE COMM 800-266-2278 CA 01/29"),
        Facts(
            profile: "hsbc-uk", transactions: 5, sum: 96565, currency: "GBP", first: "2024-02-05", last: "2024-02-28",
            newestVendor: "TESCO STORES 3245"),
        Facts(
            profile: "barclays-uk", transactions: 5, sum: 172751, currency: "GBP", first: "2024-01-05",
            last: "2024-01-22", newestVendor: "BRITISH GAS 0123"),
        Facts(
            profile: "lloyds-uk", transactions: 4, sum: 87680, currency: "GBP", first: "2024-01-12",
            last: "2024-01-26", newestVendor: "VODAFONE LTD"),
        Facts(
            profile: "monzo-uk", transactions: 5, sum: 193225, currency: "GBP", first: "2024-02-01",
            last: "2024-02-10", newestVendor: "Uniqlo"),
        Facts(
            profile: "monzo-uk-money-out-in", transactions: 5, sum: 160123, currency: "GBP", first: "2025-03-03",
            last: "2025-03-15", newestVendor: "Thames Water"),
        Facts(
            profile: "nationwide-uk", transactions: 4, sum: 50327, currency: "GBP", first: "2024-01-02",
            last: "2024-01-28", newestVendor: "SAVINGS 01234567"),
        Facts(
            profile: "revolut", transactions: 5, sum: 31615, currency: "EUR", first: "2024-03-01T09:12:45Z",
            last: "2024-03-09T10:10:10Z", pending: 1, newestVendor: "Bolt"),
        Facts(
            profile: "n26", transactions: 4, sum: 228674, currency: "EUR", first: "2024-04-02", last: "2024-04-08",
            newestVendor: "Booking.com"),
        Facts(
            profile: "ing-nl", transactions: 4, sum: 137875, currency: "EUR", first: "2024-03-01", last: "2024-03-06",
            newestVendor: "NS Reizigers"),
        Facts(
            profile: "rabobank-nl", transactions: 3, sum: 204250, currency: "EUR", first: "2024-05-02",
            last: "2024-05-06", newestVendor: "Ziggo Services BV"),
        Facts(
            profile: "sparkasse-camt", transactions: 4, sum: 229658, currency: "EUR", first: "2024-04-02",
            last: "2024-04-08", pending: 1, newestVendor: "Aral Tankstelle"),
        Facts(
            profile: "commerzbank", transactions: 3, sum: 141005, currency: "EUR", first: "2024-06-03",
            last: "2024-06-07", newestVendor: "Vermieter Schmidt Miete Juni"),
        Facts(
            profile: "mufg-jp", transactions: 3, sum: 240420, currency: "JPY", first: "2024-06-03",
            last: "2024-06-15", newestVendor: "ﾄｳｷﾖｳﾃﾞﾝﾘﾖｸ"),
        Facts(
            profile: "citi-card", transactions: 5, sum: 32473, currency: "USD", first: "2024-03-05",
            last: "2024-03-22", pending: 1, newestVendor: "WHOLEFDS MKT 10233 AUSTIN TX"),
        Facts(
            profile: "citi-card-members", transactions: 5, sum: 76744, currency: "USD", first: "2024-04-02",
            last: "2024-04-20", newestVendor: "COSTCO WHSE #0481 ROUND ROCK TX"),
        Facts(
            profile: "ing-de", transactions: 6, sum: 155170, currency: "EUR", first: "2024-03-01",
            last: "2024-03-28", newestVendor: "REWE Markt GmbH"),
        Facts(
            profile: "deutsche-bank", transactions: 4, sum: 153460, currency: "EUR", first: "2024-07-03",
            last: "2024-07-31", newestVendor: "Kontoführungsentgelt Juli"),
        Facts(
            profile: "deutsche-bank-legacy", transactions: 4, sum: 136585, currency: "EUR", first: "2023-11-06",
            last: "2023-11-29", newestVendor: "Hausverwaltung Berg"),
        Facts(
            profile: "dkb-legacy", transactions: 4, sum: 124328, currency: "EUR", first: "2023-02-06",
            last: "2023-02-27", newestVendor: "ACME GMBH"),
        Facts(
            profile: "abn-amro-tab", transactions: 5, sum: 118975, currency: "EUR", first: "2024-01-02",
            last: "2024-01-31", newestVendor: "ABN AMRO Bank N.V.               Basic Package               2,25"),
        Facts(
            profile: "dkb", transactions: 5, sum: 156310, currency: "EUR", first: "2024-03-01", last: "2024-03-29",
            pending: 1, newestVendor: "REWE Markt GmbH"),
        Facts(
            profile: "postfinance", transactions: 5, sum: 483115, currency: "CHF", first: "2024-03-01",
            last: "2024-03-28", newestVendor: "KAUF/DIENSTLEISTUNG VOM 27.03.2024 KARTEN NR. XXXX1234 MIGROS M BERN"),
        Facts(
            profile: "ubs", transactions: 4, sum: 486260, currency: "CHF", first: "2024-05-01", last: "2024-05-28",
            newestVendor: "Coop-1234 Bern,Bahnhofplatz 10,3011 Bern"),
        Facts(
            profile: "societe-generale", transactions: 4, sum: 204045, currency: "EUR", first: "2024-04-05",
            last: "2024-04-29", newestVendor: "CARTE X1234 27/04 CARREFOUR CITY PARIS 75011"),
        Facts(
            profile: "credit-agricole", transactions: 5, sum: 207095, currency: "EUR", first: "2024-04-02",
            last: "2024-04-30", newestVendor: "X4912 BOULANGERIE MARIE LYON 29/04"),
        Facts(
            profile: "lcl", transactions: 6, sum: 239774, currency: "EUR", first: "2026-06-01", last: "2026-06-30",
            newestVendor: "VIREMENT ACME SAS"),
        Facts(
            profile: "fintro-visa-be", transactions: 3, sum: -10216, currency: "EUR", first: "2024-03-16",
            last: "2024-03-27", newestVendor: "DELHAIZE KOEKELBERG       BE - 01081  KOEKELBERG"),
        Facts(
            profile: "paypal", transactions: 6, sum: 11622, currency: "USD", first: "2024-03-01", last: "2024-03-22",
            pending: 1, newestVendor: "Noble Customer"),
        Facts(
            profile: "paypal-de", transactions: 3, sum: 1400, currency: "EUR", first: "2023-01-31", last: "2023-03-17",
            newestVendor: "Laura Beispiel"),
        Facts(
            profile: "paypal-cz", transactions: 3, sum: 30000, currency: "EUR", first: "2023-10-20", last: "2023-10-25",
            newestVendor: "Jan Novák"),
    ]

    static func file(_ profile: String) -> String { BuiltProducts.fixtures + "/bank/profiles/\(profile).csv" }

    private func sniffLine(_ result: CommandResult, _ label: String) -> String? {
        result.output.split(separator: "\n").first { $0.hasPrefix("  " + label + " ") }.map {
            String($0.dropFirst(2 + 14))
        }
    }

    func testEveryProfilesFileReadsExactlyWithNoOptions() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: BuiltProducts.fixtures + "/bank/profiles")
        XCTAssertEqual(
            Set(files.filter { $0.hasSuffix(".csv") }), Set(Self.facts.map { $0.profile + ".csv" }),
            "every test file has its facts here")
        for facts in Self.facts {
            let run = try txfeed("run", Self.file(facts.profile), "--sink", "ndjson", environment: environment)
            XCTAssertEqual(run.status, 0, "\(facts.profile): \(run.stderr)")
            let rows = try feedRows(run)
            XCTAssertEqual(rows.count, facts.transactions, facts.profile)
            XCTAssertEqual(rows.map(minor).reduce(0, +), facts.sum, facts.profile)
            XCTAssertEqual(Set(rows.compactMap { text($0, "currency") }), [facts.currency], facts.profile)
            XCTAssertEqual(rows.compactMap { text($0, "date") }.min(), facts.first, facts.profile)
            XCTAssertEqual(rows.compactMap { text($0, "date") }.max(), facts.last, facts.profile)
            XCTAssertEqual(rows.filter { text($0, "status") == "pending" }.count, facts.pending, facts.profile)
            XCTAssertEqual(rows.first.flatMap { text($0, "vendor") }, facts.newestVendor, facts.profile)

            let sniff = try txfeed("sniff", Self.file(facts.profile), environment: environment)
            XCTAssertEqual(sniff.status, 0, "\(facts.profile): \(sniff.stderr)")
            XCTAssertTrue(
                sniffLine(sniff, "profile")?.hasPrefix(facts.profile + " (") == true,
                "\(facts.profile): \(sniff.output)")
        }
    }

    func testSniffSaysWhyAProfileMatchedAndWhereInferenceAloneDisagrees() throws {
        let sniff = try txfeed("sniff", Self.file("monzo-uk"), environment: environment)
        XCTAssertEqual(sniffLine(sniff, "profile"), "monzo-uk (Monzo (UK); header: 16 of 16 columns)")
        XCTAssertEqual(
            sniffLine(sniff, "disagrees"), "vendor: the profile says \"Name\", the file reads as \"Description\"")
        let nationwide = try txfeed("sniff", Self.file("nationwide-uk"), environment: environment)
        XCTAssertEqual(
            sniffLine(nationwide, "profile"),
            "nationwide-uk (Nationwide (UK); header: 6 of 6 columns, preamble: \"Account Name:\")")
    }

    /// Layouts without a header are matched by their cells' shapes: sniff says which profile and
    /// why. ABN AMRO's download, named as the bank names it (`TXT….TAB`), is routed to csv and
    /// its balances are walked as a chain; a user's own profile can be matched by cells too.
    func testHeaderlessLayoutsAreMatchedByTheirCells() throws {
        let sniff = try txfeed("sniff", Self.file("wells-fargo"), environment: environment)
        XCTAssertEqual(
            sniffLine(sniff, "profile"),
            "wells-fargo (Wells Fargo checking and card (US), no header; cells: 5 of 5 columns in every row)")
        XCTAssertNil(sniffLine(sniff, "disagrees"), sniff.output)

        let tab = folder.path + "/TXT240131120000.TAB"
        try FileManager.default.copyItem(atPath: Self.file("abn-amro-tab"), toPath: tab)
        let abn = try txfeed("sniff", tab, environment: environment)
        XCTAssertEqual(abn.status, 0, abn.stderr)
        XCTAssertTrue(sniffLine(abn, "profile")?.hasPrefix("abn-amro-tab (") == true, abn.output)
        XCTAssertEqual(sniffLine(abn, "balance chain"), "4 of 4 rows agree (oldest first)")
        let broken = folder.path + "/TXT240131120001.TAB"
        try String(contentsOfFile: tab, encoding: .utf8).replacingOccurrences(of: "\t-900,00\t", with: "\t-90,00\t")
            .write(toFile: broken, atomically: true, encoding: .utf8)
        let refused = try txfeed("run", broken, "--sink", "ndjson", environment: environment)
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("line 3: balance 2757,90 does not follow from 3657,90"), refused.stderr)

        let own = folder.path + "/profiles/my-card.json"
        try
            #"{"match": {"cells": ["date %Y-%m-%d", "text", "amount", "currency"]}, "bank": "My card", "date": "1", "vendor": "2", "amount": "3", "currency": "4", "sign": "inverted"}"#
            .write(toFile: own, atomically: true, encoding: .utf8)
        let card = folder.path + "/card.csv"
        try "2024-05-02,BOOKSHOP,12.00,EUR\n2024-05-03,CAFE,3.50,EUR\n".write(
            toFile: card, atomically: true, encoding: .utf8)
        let run = try txfeed("run", card, "--sink", "ndjson", environment: environment)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try feedRows(run).map(minor), [-350, -1200])
        let mine = try txfeed("sniff", card, environment: environment)
        XCTAssertEqual(sniffLine(mine, "profile"), "my-card (My card; cells: 4 of 4 columns in every row)")

        try #"{"match": {"cells": ["date", "amount"]}}"#.write(toFile: own, atomically: true, encoding: .utf8)
        let wrong = try txfeed("run", card, environment: environment)
        XCTAssertEqual(wrong.status, 2, wrong.stderr)
        XCTAssertTrue(
            wrong.stderr.contains("my-card.json: match.cells[0] \"date\": expected date FORMAT"), wrong.stderr)
    }

    /// DKB since 2023 names the account holder beside the other party: run with no options, the
    /// money in is named by who paid it, never by the holder (inference alone took the holder).
    func testDKBsMoneyInIsNamedByWhoPaidIt() throws {
        let run = try txfeed("run", Self.file("dkb"), "--sink", "ndjson", environment: environment)
        XCTAssertEqual(run.status, 0, run.stderr)
        let credits = try feedRows(run).filter { minor($0) > 0 }
        XCTAssertEqual(credits.compactMap { text($0, "vendor") }, ["ACME GmbH", "Max Beispiel"])
        let sniff = try txfeed("sniff", Self.file("dkb"), environment: environment)
        XCTAssertTrue(sniff.output.contains("4 Zahlungspflichtige*r → vendor-credit"), sniff.output)
        XCTAssertTrue(sniff.output.contains("5 Zahlungsempfänger*in → vendor-debit"), sniff.output)
    }

    /// Without its profile, a small American Express file with one payment row is read by its
    /// words: the one payment, negative against charges written positive, thanks the holder, so
    /// the amounts are the issuer's, as the profile says.
    func testProfileNoneReadsByInferenceAlone() throws {
        let run = try txfeed(
            "run", "-s", "csv:\(Self.file("amex-us-activity")),profile=none", "--sink", "ndjson",
            environment: environment)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try feedRows(run).map(minor).reduce(0, +), 23366)
        let unknown = try txfeed(
            "run", "-s", "csv:\(Self.file("lloyds-uk")),profile=lloyds", "--sink", "ndjson", environment: environment)
        XCTAssertEqual(unknown.status, 1, unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("profile \"lloyds\": no such profile (amex-us, "), unknown.stderr)
    }

    /// A file with a profile's header whose payment words say the amounts are the holder's view,
    /// where the profile says the issuer's: refused, naming the options, never read turned.
    func testAProfilesSignTheFilesEvidenceContradictsIsRefused() throws {
        let path = folder.path + "/amex.csv"
        let original = try String(contentsOfFile: Self.file("amex-us-activity"), encoding: .utf8)
        let flipped =
            original.replacingOccurrences(of: ",15.49,", with: ",-15.49,")
            .replacingOccurrences(of: ",45.10,", with: ",-45.10,")
            .replacingOccurrences(of: ",-300.00,", with: ",300.00,")
            .replacingOccurrences(of: ",5.75,", with: ",-5.75,")
            + "02/16/2024,MOBILE PAYMENT - THANK YOU,200.00,,,,,,,'320240470000555666',\r\n"
        try flipped.write(toFile: path, atomically: true, encoding: .utf8)
        let run = try txfeed("run", path, "--sink", "ndjson", environment: environment)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.output, "")
        XCTAssertTrue(
            run.stderr.contains(
                "profile amex-us-activity says sign=inverted, but the file's evidence says as-is (payment words: 2 of 2 rows run against the other 3): set sign=as-is or sign=inverted, or profile=none"
            ), run.stderr)
        let told = try txfeed("run", "-s", "csv:\(path),sign=as-is", "--sink", "ndjson", environment: environment)
        XCTAssertEqual(told.status, 0, told.stderr)
        XCTAssertEqual(try feedRows(told).map(minor).reduce(0, +), 30000 + 20000 - 1549 - 4510 - 575)
    }

    /// `sniff --save NAME` writes what was inferred as a profile; the next run of a file with
    /// that header is read by it (and says so), from `--profiles DIR` or `TXFEED_PROFILES`.
    func testSniffSaveWritesAProfileThatTheNextFileMatches() throws {
        let own = folder.path + "/own"
        try FileManager.default.createDirectory(atPath: own, withIntermediateDirectories: true)
        let first = folder.path + "/jan.csv"
        try """
        Datum;Empfänger;Betrag;Kontostand
        02.01.2024;Bäckerei Klein;-3,40;996,60
        15.01.2024;Arbeitgeber AG;2.000,00;2.996,60
        20.01.2024;Stadtwerke;-80,00;2.916,60

        """.write(toFile: first, atomically: true, encoding: .utf8)
        let save = try txfeed("sniff", first, "--profiles", own, "--save", "my-bank", environment: environment)
        XCTAssertEqual(save.status, 0, save.stderr)
        XCTAssertEqual(sniffLine(save, "saved"), "profile my-bank: \(own)/my-bank.json")
        let saved = try String(contentsOfFile: own + "/my-bank.json", encoding: .utf8)
        XCTAssertTrue(
            saved.hasPrefix("{\n  \"match\": {\"header\": [\"Datum\", \"Empfänger\", \"Betrag\", \"Kontostand\"]},"),
            saved)
        XCTAssertTrue(saved.contains("\"decimal-mark\": \",\""), saved)

        let second = folder.path + "/feb.csv"
        try """
        Datum;Empfänger;Betrag;Kontostand
        01.02.2024;Bäckerei Klein;-2,90;2.913,70
        03.02.2024;Stadtwerke;-80,00;2.833,70

        """.write(toFile: second, atomically: true, encoding: .utf8)
        let run = try txfeed("run", second, "--sink", "ndjson", "--profiles", own, environment: environment)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try feedRows(run).compactMap { text($0, "date") }, ["2024-02-03", "2024-02-01"])
        let byEnvironment = try txfeed("sniff", second, environment: ["TXFEED_PROFILES": own])
        XCTAssertEqual(sniffLine(byEnvironment, "profile"), "my-bank (my-bank; header: 4 of 4 columns)")
    }

    /// A file without a header is saved matched by its columns' shapes (the date in its decided
    /// format, the money as amounts, codes, text), with the options naming columns by
    /// position; the next month's file is read by it, and a file of another shape is not.
    func testSniffSaveOfAFileWithoutAHeaderMatchesByItsCells() throws {
        let own = folder.path + "/own"
        try FileManager.default.createDirectory(atPath: own, withIntermediateDirectories: true)
        let first = folder.path + "/jan.csv"
        try """
        2024-01-02;Coffee Shop;-3,50;R-1001
        2024-01-15;Salary ACME;2500,00;
        2024-01-20;Rent;-900,00;R-1002

        """.write(toFile: first, atomically: true, encoding: .utf8)
        let save = try txfeed("sniff", first, "--profiles", own, "--save", "headless", environment: environment)
        XCTAssertEqual(save.status, 0, save.stderr)
        let saved = try String(contentsOfFile: own + "/headless.json", encoding: .utf8)
        XCTAssertTrue(
            saved.hasPrefix("{\n" + #"  "match": {"cells": ["date %Y-%m-%d", "text", "amount", "text?"]},"#), saved)
        XCTAssertTrue(saved.contains(#""amount": "3""#), saved)

        let second = folder.path + "/feb.csv"
        try """
        2024-02-01;Coffee Shop;-2,90;
        2024-02-03;Rent;-900,00;R-1003

        """.write(toFile: second, atomically: true, encoding: .utf8)
        let sniff = try txfeed("sniff", second, "--profiles", own, environment: environment)
        XCTAssertEqual(sniffLine(sniff, "profile"), "headless (headless; cells: 4 of 4 columns in every row)")
        let run = try txfeed("run", second, "--sink", "ndjson", "--profiles", own, environment: environment)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try feedRows(run).map(minor), [-90000, -290])

        let other = folder.path + "/other.csv"
        try "2024-02-01;Coffee Shop;-2,90;R-1;x\n".write(toFile: other, atomically: true, encoding: .utf8)
        let unmatched = try txfeed("sniff", other, "--profiles", own, environment: environment)
        XCTAssertNil(sniffLine(unmatched, "profile"), unmatched.output)
    }

    func testProfileMistakesAreNamed() throws {
        let own = folder.path + "/profiles"
        try #"{"match": {"header": "Date,Amount"}, "date": "Date"}"#.write(
            toFile: own + "/broken.json", atomically: true, encoding: .utf8)
        let run = try txfeed("run", Self.file("n26"), environment: environment)
        XCTAssertEqual(run.status, 2, "a configuration error, found before any source runs: \(run.stderr)")
        XCTAssertTrue(
            run.stderr.contains(
                "profile \(own)/broken.json: expected \"match\": {\"header\": [the header's cells]}"),
            run.stderr)

        let missing = try txfeed("sniff", Self.file("n26"), "--profiles", folder.path + "/nowhere")
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("--profiles \(folder.path)/nowhere: not a folder"), missing.stderr)

        let two = try txfeed("sniff", Self.file("n26"), Self.file("ing-nl"), "--save", "x", environment: environment)
        XCTAssertEqual(two.status, 2)
        XCTAssertTrue(two.stderr.contains("--save saves one file's layout: name one FILE (or one -s SPEC)"), two.stderr)
    }
}
