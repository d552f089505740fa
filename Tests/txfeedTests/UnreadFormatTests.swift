import Foundation
import TxFeedTestSupport
import XCTest

/// A file no plugin claims whose first bytes say what it is (`Tests/Fixtures/unread/`): `run`
/// and `sniff` name the format and what to do, in the same words, with the status of a file
/// nothing reads (docs/CLI.md): 2 named alone, 3 for a folder's entry.
final class UnreadFormatTests: XCTestCase {
    static let unread = BuiltProducts.fixtures + "/unread/"
    static let download = "download the statement from the bank as CSV, OFX, QIF, camt.053 or MT940 instead"
    static let asCSV = "open it in a spreadsheet, save it as CSV and run that"

    static let expected: [(file: String, reason: String)] = [
        ("statement.pdf", "a PDF document, which no source plugin reads: " + download),
        ("workbook.xlsx", "an Excel workbook (.xlsx), which no source plugin reads: " + asCSV),
        ("workbook.ods", "an OpenDocument spreadsheet (.ods), which no source plugin reads: " + asCSV),
        ("statements.zip", "a ZIP archive, which no source plugin reads: unpack it and run the files it holds"),
        ("old.xls", "an Excel 97-2003 workbook (.xls), which no source plugin reads: " + asCSV),
        ("umsaetze.xls", #"an HTML page (what some banks' "Excel" export is), which no source plugin reads: "# + asCSV),
        (
            "german.sta.gz",
            "a gzip-compressed file, which no source plugin reads: unpack it (gunzip) and run what it holds"
        ),
        ("bai2.txt", "a BAI2 cash management file, which no source plugin reads: " + download),
        ("cfonb120.txt", "a CFONB 120 statement (relevé de compte), which no source plugin reads: " + download),
        ("aeb43.txt", "an AEB Norma 43 statement (cuaderno 43), which no source plugin reads: " + download),
    ]

    func testEachFormatIsNamedByRunAndSniffWithWhatToDo() throws {
        for (file, reason) in Self.expected {
            let path = Self.unread + file
            let run = try txfeed("run", path, "--sink", "ndjson")
            XCTAssertEqual(run.status, 2, file)
            XCTAssertEqual(run.stderr, "txfeed: error: \(path): \(reason)\n", file)
            XCTAssertEqual(run.output, "", file)
            let sniff = try txfeed("sniff", path)
            XCTAssertEqual(sniff.status, 2, file)
            XCTAssertEqual(sniff.stderr, "txfeed: error: \(path): \(reason)\n", file)
        }
    }

    /// In a folder each is a failed source in the same words; the statement beside them is read.
    func testInAFolderEachIsAFailedSourceAndTheRestIsRead() throws {
        let folder = try TemporaryFolder()
        for (file, _) in Self.expected {
            _ = try folder.write(file, try Data(contentsOf: URL(fileURLWithPath: Self.unread + file)))
        }
        _ = try folder.write(
            "dutch.sta",
            try Data(contentsOf: URL(fileURLWithPath: BuiltProducts.fixtures + "/statements/mt940/dutch.sta")))
        let result = try txfeed("run", folder.path, "--sink", "ndjson")
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("dutch (mt940): ok, read 3"), result.stderr)
        for (file, reason) in Self.expected {
            XCTAssertTrue(
                result.stderr.contains(" (none): FAILED: \(folder.path)/\(file): \(reason); read 0"),
                "\(file)\n\(result.stderr)")
        }
    }

    /// What the bytes do not show for certain keeps the plain message.
    func testAnythingElseKeepsThePlainMessage() throws {
        let folder = try TemporaryFolder()
        let notes = try folder.write("notes.txt", "01,not a bai2 file\n")
        let run = try txfeed("run", notes)
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertEqual(run.stderr, "txfeed: error: \(notes): \(RoutingTests.noPluginReadsIt)\n")
    }
}
