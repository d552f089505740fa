import Foundation
import TxFeedTestSupport
import XCTest

/// `txfeed run --shard I/N` and `txfeed merge`: the merged parts are byte for byte what one run
/// over every source writes (CSV and NDJSON; JSON but for each source's elapsed time), however
/// the sources fall into parts; bad sets of parts are refused; the GNU parallel recipe of
/// docs/SHARDS.md runs as written.
final class ShardRunTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
        try FileManager.default.createDirectory(
            atPath: folder.path + "/statements", withIntermediateDirectories: false)
    }

    /// Statements whose times tie across files (the merge must keep the run's source order),
    /// civil dates, two currencies, bank ids and memos, names a spreadsheet would evaluate.
    private func writeStatements() throws -> String {
        for n in 0..<9 {
            let rows = (0..<40).map { k in
                let date = k % 3 == 0 ? "2024-01-0\(k % 9 + 1)" : "2024-01-0\(k % 9 + 1) 12:00:00"
                let id = k % 4 == 0 ? #", "id": "B\#(n)-\#(k)""# : ""
                let memo = k % 5 == 0 ? #", "memo": "=note \#(k)""# : ""
                return
                    #"{"type": \#(k % 2), "vendor": "Shop \#(k % 7)", "amount": \#(k + n).25, "date": "\#(date)"\#(id)\#(memo)}"#
            }
            let currency = n % 2 == 0 ? "EUR" : "JPY"
            let amountFix = currency == "JPY" ? rows.map { $0.replacingOccurrences(of: ".25", with: "") } : rows
            try folder.write(
                "statements/account-\(n).json",
                #"{"body": {"name": "Account \#(n % 4)", "currency": "\#(currency)", "transactions": [\#(amountFix.joined(separator: ","))]}}"#
            )
        }
        try folder.write(
            "statements/bank.csv", "Date,Description,Amount\n2024-01-03,-Refund,12.00\n2024-01-05,Shop 1,-3.50\n")
        return folder.path + "/statements"
    }

    private func parts(_ statements: String, count: Int, extra: [String] = []) throws -> [String] {
        try (0..<count).map { i in
            let part = folder.path + "/part-\(i).ndjson"
            let result = try txfeed(
                arguments: ["run", statements, "--shard", "\(i)/\(count)", "-o", part, "--no-progress"] + extra)
            XCTAssertEqual(result.status, 0, result.stderr)
            return part
        }
    }

    private func withoutElapsed(_ data: Data) -> String {
        String(decoding: data, as: UTF8.self).replacing(/"elapsed_ms":[0-9]+/, with: #""elapsed_ms":0"#)
    }

    /// One run writes the three sinks (a run's sinks write what each writes alone); each merge
    /// one, as `merge` takes one output. The three parts come last, reused for the dialect.
    func testMergedPartsAreByteForByteOneRun() throws {
        let statements = try writeStatements()
        let whole = try txfeed(
            arguments: ["run", statements, "--no-progress"]
                + ["csv", "ndjson", "json"].flatMap { ["-o", folder.path + "/whole.\($0)"] })
        XCTAssertEqual(whole.status, 0, whole.stderr)
        var parts: [String] = []
        for count in [1, 4, 11, 3] {
            parts = try self.parts(statements, count: count)
            for sink in ["csv", "ndjson", "json"] {
                let merged = folder.path + "/merged.\(sink)"
                let result = try txfeed(arguments: ["merge"] + parts.reversed() + ["-o", merged])
                XCTAssertEqual(result.status, 0, result.stderr)
                let expected = try folder.read("whole.\(sink)")
                let got = try folder.read("merged.\(sink)")
                if sink == "json" {
                    XCTAssertEqual(withoutElapsed(got), withoutElapsed(expected), "\(count) parts, json")
                } else {
                    XCTAssertEqual(got, expected, "\(count) parts, \(sink)")
                }
            }
        }
        // In a dialect too: the merge spells its rows as the run does.
        XCTAssertEqual(parts.count, 3)
        let dialect = try txfeed(
            "run", statements, "--sink", "csv:dialect=excel-eu,neutralise=false", "--no-progress")
        let merged = try txfeed(arguments: ["merge"] + parts + ["--sink", "csv:dialect=excel-eu,neutralise=false"])
        XCTAssertEqual(merged.status, 0, merged.stderr)
        XCTAssertEqual(merged.stdout, dialect.stdout)
        // With chosen columns too, in their order; local_date needs the run's zone, which a
        // part does not keep, so the merge refuses it.
        let columns = "csv:dialect=excel-eu,columns=memo,amount,id,vendor,date"
        let chosen = try txfeed("run", statements, "--sink", columns, "--no-progress")
        let mergedChosen = try txfeed(arguments: ["merge"] + parts + ["--sink", columns])
        XCTAssertEqual(mergedChosen.status, 0, mergedChosen.stderr)
        XCTAssertTrue(chosen.output.hasPrefix("\u{FEFF}memo;amount;id;vendor;date\r\n"), chosen.output)
        XCTAssertEqual(mergedChosen.stdout, chosen.stdout)
        let local = try txfeed(arguments: ["merge"] + parts + ["--sink", "csv:columns=vendor,local_date"])
        XCTAssertEqual(local.status, 2, local.stderr)
        XCTAssertTrue(
            local.stderr.contains("txfeed merge cannot write local_date: a part does not record its run's --tz"),
            local.stderr)
        // With 11 parts for 10 files, some parts are empty: still parts, and merged the same.
        let lines = try (0..<11).map { try folder.read("part-\($0).ndjson").split(separator: 0x0A).count }
        XCTAssertTrue(lines.contains(1), "an empty part is its header alone: \(lines)")
    }

    /// Transfers are not looked for in a part: the halves of one may be in two parts, and two
    /// parts once each numbered theirs T1, so that the merge showed two transfers as one. The
    /// merge is one run with --no-transfers.
    func testPartsLinkNoTransfersAndTheMergeIsARunWithout() throws {
        let envelope = { (name: String, rows: String) in
            #"{"body": {"name": "\#(name)", "currency": "EUR", "transactions": [\#(rows)]}}"#
        }
        let out = #"{"type": 1, "vendor": "To savings", "amount": 500, "date": "2024-03-02"}"#
        let into = #"{"type": 0, "vendor": "From checking", "amount": 500, "date": "2024-03-02"}"#
        try folder.write("statements/checking.json", envelope("Checking", out))
        try folder.write("statements/savings.json", envelope("Savings", into))
        try folder.write("statements/card.json", envelope("Card", out.replacing("500", with: "70")))
        try folder.write("statements/cash.json", envelope("Cash", into.replacing("500", with: "70")))
        let statements = folder.path + "/statements"
        let linked = try txfeed("run", statements, "--sink", "ndjson", "--no-progress")
        XCTAssertEqual(linked.output.components(separatedBy: #""transfer":"T"#).count - 1, 4, "one run links both")
        let whole = try txfeed("run", statements, "--sink", "ndjson", "--no-progress", "--no-transfers")
        for count in [2, 3] {
            let parts = try parts(statements, count: count)
            for part in parts {
                let text = try String(contentsOfFile: part, encoding: .utf8)
                XCTAssertFalse(text.contains(#""transfer":"T"#), text)
            }
            let merged = try txfeed(arguments: ["merge"] + parts + ["--sink", "ndjson"])
            XCTAssertEqual(merged.status, 0, merged.stderr)
            XCTAssertEqual(merged.stdout, whole.stdout, "\(count) parts")
        }
    }

    /// Which part each source is in, by name.
    private func partOfEachSource(_ parts: [String]) throws -> [String: Int] {
        var found: [String: Int] = [:]
        for (n, part) in parts.enumerated() {
            let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: part)), as: UTF8.self)
            for line in text.split(separator: "\n") where line.contains(#""source":{"name":"#) {
                let name = String(try XCTUnwrap(line.firstMatch(of: /"name":"([^"]+)"/)).1)
                XCTAssertNil(found[name], "\(name) is in two parts")
                found[name] = n
            }
        }
        return found
    }

    func testEachSourceIsInExactlyOnePartAndStaysThereWhenFilesAreAdded() throws {
        let statements = try writeStatements()
        let before = try partOfEachSource(try parts(statements, count: 4))
        XCTAssertEqual(before.keys.sorted(), (["bank"] + (0..<9).map { "account-\($0)" }).sorted())
        XCTAssertGreaterThan(Set(before.values).count, 1, "the sources are spread over the parts")
        try folder.write("statements/zz-new.csv", "Date,Description,Amount\n2024-02-01,New,-1.00\n")
        let after = try partOfEachSource(try parts(statements, count: 4))
        XCTAssertEqual(after.count, 11)
        for (name, part) in before { XCTAssertEqual(after[name], part, "\(name) moved") }
    }

    func testAPartWithAFailedSourceMakesTheMergeExitThree() throws {
        let statements = try writeStatements()
        try folder.write("statements/broken.json", #"{"body": {"name": "Broken", "transactions": [}"#)
        var failedShard = -1
        for i in 0..<2 {
            let result = try txfeed(
                "run", statements, "--shard", "\(i)/2", "-o", folder.path + "/part-\(i).ndjson", "--no-progress")
            if result.status == 3 { failedShard = i } else { XCTAssertEqual(result.status, 0, result.stderr) }
        }
        XCTAssertNotEqual(failedShard, -1, "the broken file failed in its part")
        let merged = try txfeed(
            "merge", folder.path + "/part-0.ndjson", folder.path + "/part-1.ndjson", "--sink", "json")
        XCTAssertEqual(merged.status, 3, merged.stderr)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: merged.stdout) as? [String: Any])
        let summary = try XCTUnwrap(document["summary"] as? [String: Any])
        XCTAssertEqual(summary["failed_sources"] as? Int, 1)
        XCTAssertEqual(summary["sources"] as? Int, 11)
        XCTAssertEqual(summary["written"] as? Int, 9 * 40 + 2)
    }

    /// A memo with a NUL byte (a QIF file's `Ma\0b`) is `\u0000` in the part txfeed writes:
    /// merged to CSV, the part was refused as "a transaction is not a JSON object", exit 2.
    func testAPartWithANulInAMemoMergesToTheSameCSV() throws {
        let qif = folder.path + "/nul.qif"
        try Data("!Type:Bank\nD01/02/2024\nT-10.00\nPnul memo\nMa\u{0}b\n^\n".utf8).write(to: URL(fileURLWithPath: qif))
        let source = "qif:\(qif),date-format=%m/%d/%Y"
        let part = folder.path + "/nul.ndjson"
        XCTAssertEqual(try txfeed("run", "-s", source, "--shard", "0/1", "-o", part, "--no-progress").status, 0)
        let direct = try txfeed("run", "-s", source, "--sink", "csv", "--no-progress")
        let merged = try txfeed("merge", part, "--sink", "csv")
        XCTAssertEqual(merged.status, 0, merged.stderr)
        XCTAssertEqual(merged.output, direct.output)
        XCTAssertTrue(merged.output.contains(",booked,ab\r\n"), merged.output)
    }

    func testBadSetsOfPartsAreRefused() throws {
        let statements = try writeStatements()
        let parts = try parts(statements, count: 3)
        let missing = try txfeed("merge", parts[0], parts[2])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("missing part 1/3"), missing.stderr)
        let twice = try txfeed(arguments: ["merge"] + parts + [parts[1]])
        XCTAssertEqual(twice.status, 2)
        XCTAssertTrue(twice.stderr.contains("are both part 1/3"), twice.stderr)
        let other = try txfeed(
            "run", statements, "--shard", "0/2", "-o", folder.path + "/other.ndjson", "--no-progress")
        XCTAssertEqual(other.status, 0)
        let mixed = try txfeed(arguments: ["merge", folder.path + "/other.ndjson"] + parts)
        XCTAssertEqual(mixed.status, 2)
        XCTAssertTrue(mixed.stderr.contains("is part 0/3") && mixed.stderr.contains("one of 2"), mixed.stderr)
        // A part run again after a file was added: its sources are numbered over other inputs,
        // and the file, in another part, would be missing from the merge without a word.
        try folder.write("statements/zz-new.csv", "Date,Description,Amount\n2024-02-01,New,-1.00\n")
        XCTAssertEqual(
            try txfeed("run", statements, "--shard", "1/3", "-o", folder.path + "/again.ndjson", "--no-progress")
                .status, 0)
        let changed = try txfeed("merge", parts[0], folder.path + "/again.ndjson", parts[2])
        XCTAssertEqual(changed.status, 2)
        XCTAssertTrue(
            changed.stderr.contains(
                "again.ndjson and \(parts[0]) are parts of different runs: one over 11 sources, the other over 10"),
            changed.stderr)
        try FileManager.default.removeItem(atPath: statements + "/zz-new.csv")

        let notAPart = try txfeed("merge", statements + "/bank.csv")
        XCTAssertEqual(notAPart.status, 2)
        XCTAssertTrue(notAPart.stderr.contains("bank.csv:1: not a txfeed part file"), notAPart.stderr)

        // A part cut short is named with its line.
        let text = try folder.read("part-0.ndjson")
        try text.prefix(text.count - 7).write(to: URL(fileURLWithPath: folder.path + "/cut.ndjson"))
        let cut = try txfeed("merge", folder.path + "/cut.ndjson", parts[1], parts[2], "-o", folder.path + "/x.csv")
        XCTAssertEqual(cut.status, 2)
        XCTAssertTrue(cut.stderr.contains("cut.ndjson:"), cut.stderr)
        XCTAssertFalse(folder.exists("x.csv"), "nothing written")
        // Cut at a line's end, it reads as a whole part: its sources' counts tell.
        let lines = text.split(separator: UInt8(ascii: "\n")).dropLast()
        try Data(Array(lines.joined(separator: [UInt8(ascii: "\n")])) + [UInt8(ascii: "\n")]).write(
            to: URL(fileURLWithPath: folder.path + "/short.ndjson"))
        let short = try txfeed("merge", folder.path + "/short.ndjson", parts[1], parts[2], "-o", folder.path + "/x.csv")
        XCTAssertEqual(short.status, 2)
        XCTAssertTrue(
            short.stderr.contains(
                #/short\.ndjson: source \S+ wrote \d+ transactions?, the part holds \d+ \(was it cut short, or edited\?\): run part 0/3 again/#
            ),
            short.stderr)
        XCTAssertFalse(folder.exists("x.csv"), "nothing written")

        XCTAssertEqual(try txfeed("run", statements, "--shard", "3/3", "--no-progress").status, 2)
        XCTAssertEqual(try txfeed("run", statements, "--shard", "0/3", "--sink", "csv", "--no-progress").status, 2)
        XCTAssertEqual(try txfeed("merge", parts[0], parts[1], parts[2], "-o", folder.path + "/feed.txt").status, 2)
    }

    /// docs/SHARDS.md's GNU parallel recipe, run as written.
    func testTheGNUParallelRecipe() throws {
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/parallel"),
            "GNU parallel is not installed (bin/test installs it)")
        let statements = try writeStatements()
        let whole = try txfeed("run", statements, "-o", folder.path + "/whole.csv", "--no-progress")
        XCTAssertEqual(whole.status, 0)
        let docs = try String(contentsOfFile: BuiltProducts.repository + "/docs/SHARDS.md", encoding: .utf8)
        let recipe = try XCTUnwrap(docs.firstMatch(of: /```sh\n(parallel [^`]+)```/)?.1, "the recipe in docs/SHARDS.md")
        let script = "export PATH=\"\(BuiltProducts.folder):$PATH\"\ncd \"\(folder.path)\"\n" + recipe
        let result = try runCommand("/bin/sh", ["-c", script])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try folder.read("feed.csv"), try folder.read("whole.csv"))
        XCTAssertEqual(folder.contents().filter { $0.hasPrefix("part-") }.count, 4)
    }
}
