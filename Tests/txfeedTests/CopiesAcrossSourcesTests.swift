import Foundation
import TxFeedTestSupport
import XCTest

/// Without `--dedupe`, a source that repeats another's records of one account (two overlapping
/// downloads) has each written twice: said, with the option that keeps one, never in silence.
final class CopiesAcrossSourcesTests: XCTestCase {
    /// A bank CSV export of one account (the preamble's number), its rows on days `days` of
    /// January, one payment a day.
    private func export(_ days: ClosedRange<Int>) -> String {
        var csv = "Account Name:,Everyday\nAccount Number:,12-34-56 12345678\n\nDate,Description,Paid out,Paid in\n"
        for day in days { csv += "\(String(format: "%02d", day)) Jan 2024,SHOP \(day),£\(day).50,\n" }
        return csv
    }

    func testOverlappingDownloadsOfOneAccountAreSaidAndDedupeKeepsOne() throws {
        let folder = try TemporaryFolder()
        let first = try folder.write("jan-1-20.csv", export(1...20))
        let second = try folder.write("jan-10-31.csv", export(10...31))
        let run = try txfeed("run", first, second, "--sink", "csv", "--no-progress")
        XCTAssertEqual(run.status, 0, "duplicates are not errors: \(run.stderr)")
        XCTAssertTrue(
            run.stderr.contains(
                "txfeed: warning: jan-10-31 (csv) repeats 11 records of jan-1-20 (csv) (one account, and one bank id or one day, amount, vendor and memo): each is written twice; --dedupe keeps one\n"
            ), run.stderr)
        // Nothing is dropped without --dedupe: the header and 20 + 22 rows.
        XCTAssertEqual(run.output.split(whereSeparator: \.isNewline).count, 43, run.output)
        let deduped = try txfeed("run", first, second, "--sink", "csv", "--no-progress", "--dedupe")
        XCTAssertEqual(deduped.status, 0, deduped.stderr)
        XCTAssertFalse(deduped.stderr.contains("repeats"), deduped.stderr)
        XCTAssertTrue(deduped.stderr.contains("written 11 + rejected 0 + duplicates 11"), deduped.stderr)
        XCTAssertEqual(deduped.output.split(whereSeparator: \.isNewline).count, 32, deduped.output)
        // Downloads that meet on one day (January 1–20, then 20–31) repeat that day's records.
        let last = try folder.write("jan-20-31.csv", export(20...31))
        let meeting = try txfeed("run", first, last, "--sink", "csv", "--no-progress")
        XCTAssertTrue(meeting.stderr.contains("jan-20-31 (csv) repeats 1 record of jan-1-20 (csv)"), meeting.stderr)
    }

    /// Exports that share no record, or pieces of one account's day cut into files (each piece
    /// of that day alone), say nothing: two payments alike there are as likely two.
    func testSourcesThatRepeatNothingOrMeetWithinADaySayNothing() throws {
        let folder = try TemporaryFolder()
        let first = try folder.write("a.csv", export(1...20))
        var other = export(10...31)
        other = other.replacingOccurrences(of: "SHOP", with: "STORE")
        let second = try folder.write("b.csv", other)
        let apart = try txfeed("run", first, second, "--sink", "csv", "--no-progress")
        XCTAssertEqual(apart.status, 0, apart.stderr)
        XCTAssertFalse(apart.stderr.contains("repeats"), apart.stderr)
        // A day's pieces: the same payment in two files of that one day is not looked at.
        let morning = try folder.write("morning.csv", export(5...5))
        let evening = try folder.write("evening.csv", export(5...5))
        let pieces = try txfeed("run", morning, evening, "--sink", "csv", "--no-progress")
        XCTAssertFalse(pieces.stderr.contains("repeats"), pieces.stderr)
    }

    /// Records with bank ids are one by their ids, as `--dedupe` matches them: the second export
    /// wording a payee otherwise repeats it still, and two payments alike with their own ids are two.
    func testRecordsWithBankIDsAreOneByTheirIDs() throws {
        let folder = try TemporaryFolder()
        func envelope(_ rows: [(id: String, vendor: String, day: Int)]) -> String {
            let records = rows.map {
                #"{"id":"\#($0.id)","type":1,"vendor":"\#($0.vendor)","amount":4.5,"date":"2024-03-0\#($0.day)"}"#
            }
            return #"{"body":{"name":"Checking","currency":"EUR","transactions":["# + records.joined(separator: ",")
                + "]}}"
        }
        let first = try folder.write(
            "march-a.json", envelope([("T1", "Cafe", 1), ("T2", "Cafe", 2), ("T3", "Cafe", 3)]))
        // T2 again, its payee worded otherwise: one payment.
        let second = try folder.write("march-b.json", envelope([("T2", "CAFE LTD", 2), ("T4", "Cafe", 4)]))
        let renamed = try txfeed("run", first, second, "--sink", "csv", "--no-progress")
        XCTAssertTrue(
            renamed.stderr.contains("march-b (fixture) repeats 1 record of march-a (fixture)"), renamed.stderr)
        // T9 a second coffee like T3 on its day, with its own id: two payments.
        let third = try folder.write("march-c.json", envelope([("T9", "Cafe", 3), ("T4", "Cafe", 4)]))
        let twoCoffees = try txfeed("run", first, third, "--sink", "csv", "--no-progress")
        XCTAssertFalse(twoCoffees.stderr.contains("repeats"), twoCoffees.stderr)
        // A day's statement and that day's notification (PostFinance's camt.053 and camt.054)
        // share one day only, and were not looked at: the payment they both give, by its id,
        // was written twice in silence.
        let statement = try folder.write("day-053.json", envelope([("T5", "Cafe", 5), ("T6", "Pia", 5)]))
        let notice = try folder.write("day-054.json", envelope([("T6", "Pia", 5)]))
        let oneDay = try txfeed("run", statement, notice, "--sink", "csv", "--no-progress")
        XCTAssertTrue(oneDay.stderr.contains("day-054 (fixture) repeats 1 record of day-053 (fixture)"), oneDay.stderr)
        // One side without ids (an MT940 file's NONREF records), the other with (the camt
        // statement of them): compared by fingerprint, as --dedupe takes them. Silent before.
        let bare =
            #"{"body":{"name":"Checking","currency":"EUR","transactions":["#
            + #"{"type":1,"vendor":"Cafe","amount":4.5,"date":"2024-03-01"},{"type":1,"vendor":"Cafe","amount":4.5,"date":"2024-03-02"}]}}"#
        let unnumbered = try folder.write("mt940-like.json", bare)
        let mixed = try txfeed("run", unnumbered, first, "--sink", "csv", "--no-progress")
        XCTAssertTrue(
            mixed.stderr.contains("march-a (fixture) repeats 2 records of mt940-like (fixture)"), mixed.stderr)
    }

    /// One source that gives an account twice with the same records (an NDJSON file joined with
    /// itself, pages of an API that overlap): said with `--dedupe` or without, which keeps one of
    /// a record only by its bank id, as it counts a source's like records as payments made twice.
    func testASourceThatGivesAnAccountTwiceIsSaid() throws {
        let folder = try TemporaryFolder()
        func page(_ rows: [(id: String?, vendor: String, day: Int)]) -> String {
            let records = rows.map {
                #"{"type":1,"vendor":"\#($0.vendor)","amount":4.5,"date":"2024-03-0\#($0.day)""#
                    + ($0.id.map { #","id":"\#($0)"}"# } ?? "}")
            }
            return #"{"body":{"name":"Checking","currency":"EUR","transactions":["# + records.joined(separator: ",")
                + "]}}\n"
        }
        let march = page([(nil, "Cafe", 1), (nil, "Cafe", 2), (nil, "Bakery", 3)])
        let joined = try folder.write("joined.ndjson", march + march)
        let said =
            "txfeed: warning: joined (fixture) gives account Checking twice in \(joined) with 3 records in both (one bank id, or one day, amount, vendor and memo): files joined, or pages that overlap? Each is written twice; --dedupe keeps both (like records of one source are payments made twice): remove the repeat\n"
        let run = try txfeed("run", joined, "--sink", "csv", "--no-progress")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains(said), run.stderr)
        XCTAssertEqual(run.output.split(whereSeparator: \.isNewline).count, 7, run.output)
        let deduped = try txfeed("run", joined, "--sink", "csv", "--no-progress", "--dedupe")
        XCTAssertTrue(deduped.stderr.contains("written 6 + rejected 0 + duplicates 0"), deduped.stderr)
        XCTAssertTrue(deduped.stderr.contains(said), deduped.stderr)
        // With bank ids, --dedupe keeps one of each, and then nothing is written twice.
        let withIDs = page([("M1", "Cafe", 1), ("M2", "Cafe", 2), ("M3", "Bakery", 3)])
        let pages = try folder.write("pages.ndjson", withIDs + withIDs)
        let identified = try txfeed("run", pages, "--sink", "csv", "--no-progress")
        XCTAssertTrue(
            identified.stderr.contains(
                "txfeed: warning: pages (fixture) gives account Checking twice in \(pages) with 3 records in both (one bank id, or one day, amount, vendor and memo): files joined, or pages that overlap? Each is written twice; --dedupe keeps one\n"
            ),
            identified.stderr)
        let identifiedDeduped = try txfeed("run", pages, "--sink", "csv", "--no-progress", "--dedupe")
        XCTAssertTrue(
            identifiedDeduped.stderr.contains("written 3 + rejected 0 + duplicates 3"), identifiedDeduped.stderr)
        XCTAssertFalse(identifiedDeduped.stderr.contains("gives account"), identifiedDeduped.stderr)
        // A bank id in both is one payment however few days the pages share: a one-day camt
        // statement sent twice, an OFX file's second month repeating the first's last day.
        for (name, text, copies) in [
            ("day-twice.ndjson", page([("M1", "Cafe", 1)]) + page([("M1", "Cafe", 1)]), 1),
            ("ids-meeting.ndjson", page([("M1", "Cafe", 1)]) + page([("M1", "Cafe", 1), ("M2", "Bakery", 2)]), 1),
        ] {
            let path = try folder.write(name, text)
            let run = try txfeed("run", path, "--sink", "csv", "--no-progress")
            XCTAssertTrue(
                run.stderr.contains("gives account Checking twice in \(path) with \(copies) record in both"), run.stderr
            )
        }
        // Pages that follow each other, or meet within a day (a second coffee on the 3rd is as
        // likely a second coffee), say nothing.
        let following = try folder.write(
            "following.ndjson", march + page([(nil, "Cafe", 4), (nil, "Cafe", 5), (nil, "Bakery", 6)]))
        let meeting = try folder.write("meeting.ndjson", march + page([(nil, "Bakery", 3)]))
        // A page of one day between two keeps them apart, as a file of that day alone does across
        // sources: the coffees of the 2nd on either side of it are as likely two.
        let pieces = try folder.write(
            "pieces.ndjson",
            page([(nil, "Cafe", 1), (nil, "Cafe", 2)]) + page([(nil, "Bakery", 2)])
                + page([(nil, "Cafe", 2), (nil, "Cafe", 3)]))
        for path in [following, meeting, pieces] {
            let quiet = try txfeed("run", path, "--sink", "csv", "--no-progress")
            XCTAssertEqual(quiet.status, 0, quiet.stderr)
            XCTAssertFalse(quiet.stderr.contains("warning"), quiet.stderr)
        }
    }

    func testMoreThanFivePairsAreCountedAfterTheFirstFive() throws {
        let folder = try TemporaryFolder()
        var paths: [String] = []
        for n in 0..<7 { paths.append(try folder.write("jan-\(n).csv", export(1...(3 + n)))) }
        let run = try txfeed(arguments: ["run"] + paths + ["--sink", "csv", "--no-progress"])
        let warnings = run.stderr.split(separator: "\n").filter { $0.hasPrefix("txfeed: warning: ") }
        XCTAssertEqual(warnings.count, 5, run.stderr)
        // A record is another's copy where it was first read: January 1–3 are jan-0's in each of
        // the six others, the 4th jan-1's in five, and so on: 21 pairs, jan-0's first.
        XCTAssertTrue(
            warnings.first?.hasPrefix("txfeed: warning: jan-1 (csv) repeats 3 records of jan-0 (csv)") == true)
        XCTAssertTrue(
            run.stderr.contains("txfeed: … and 16 more pairs of sources with records written twice\n"), run.stderr)
        XCTAssertFalse(run.stderr.contains("repeats 1 record of jan-5"), "the sixth pair is counted, not named")
    }
}
