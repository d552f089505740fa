import Foundation
import TxFeedTestSupport
import XCTest

/// `--dedupe` names two accounts of two sources that share records of one day, amount and
/// vendor (perhaps one account named two ways). A folder of many accounts each paying one
/// subscription on one day made two lines an account; the pairs sharing the most are named, then
/// how many more.
final class AccountTwinsTests: XCTestCase {
    func testThePairsSharingTheMostAreNamedThenHowManyMore() throws {
        let folder = try TemporaryFolder()
        func envelope(_ name: String, _ records: [(vendor: String, date: String)]) -> String {
            let rows = records.map { #"{"type":1,"vendor":"\#($0.vendor)","amount":9.99,"date":"\#($0.date)"}"# }
            return #"{"body":{"name":"\#(name)","currency":"EUR","transactions":["# + rows.joined(separator: ",")
                + "]}}"
        }
        let stream = [("Netflix", "2024-03-01")]
        for n in 1...7 { try folder.write("s\(n).json", envelope("Member \(n)", stream)) }
        // The last account shares two records with the first: its pair is named first.
        try folder.write("s8.json", envelope("Member 8", stream + [("Spotify", "2024-03-02")]))
        try folder.write("s0.json", envelope("Member 0", stream + [("Spotify", "2024-03-02")]))
        let run = try txfeed("run", folder.path, "--dedupe", "--sink", "csv", "--no-progress")
        XCTAssertEqual(run.status, 0, run.stderr)
        let named = run.stderr.split(separator: "\n").filter { $0.contains(", counted in both") }
        XCTAssertEqual(named.count, 5, run.stderr)
        XCTAssertTrue(
            named[0].hasPrefix("txfeed: 2 records of the same day, amount and vendor in \"Member 0\""), run.stderr)
        XCTAssertTrue(named[0].contains("\"Member 8\""), run.stderr)
        XCTAssertTrue(
            run.stderr.contains(
                "txfeed: … and 3 more pairs of accounts with records of the same day, amount and vendor\n"), run.stderr)
    }

    /// The CSV and the QFX of one card named two ways (the file's stem, the `ACCTID`): OFX 1.x
    /// cuts a payee to 32 characters, so they shared no vendor, and every payment was written
    /// twice without a word, with `--dedupe` or without. Vendors are compared by their first
    /// 32 characters, and the pair is named without `--dedupe` too.
    func testAPayeeCutAt32CharactersIsTheSameVendorWithOrWithoutDedupe() throws {
        let folder = try TemporaryFolder()
        let full = "BOOGLE           WALLET     US000NEI9T      WEB ID: C234567890"
        let cut = String(full.prefix(32))
        func envelope(_ name: String, _ id: String?, _ vendor: String) -> String {
            let rows = (1...3).map { #"{"type":1,"vendor":"\#(vendor)","amount":13.\#($0)0,"date":"2024-03-0\#($0)"}"# }
            return #"{"body":{"name":"\#(name)""# + (id.map { #","id":"\#($0)""# } ?? "")
                + #","currency":"USD","transactions":["# + rows.joined(separator: ",") + "]}}"
        }
        let csv = try folder.write("chase.json", envelope("chase", nil, full))
        let qfx = try folder.write("qfx.json", envelope("CHECKING 987654321", "987654321", cut))
        for options in [["--dedupe"], []] {
            let run = try txfeed(arguments: ["run", csv, qfx, "--sink", "csv", "--no-progress"] + options)
            XCTAssertTrue(
                run.stderr.contains(
                    #"txfeed: 3 records of the same day, amount and vendor in "chase" (chase, fixture) and "CHECKING 987654321" id 987654321 (qfx, fixture), counted in both"#
                ), "\(options): \(run.stderr)")
        }
    }
}
