import Foundation
import Glibc
import TxFeedTestSupport
import XCTest

/// The CSV sink read back by an independent reader: Python's `csv` module.
final class CSVSinkReadBackTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
        let python = try runCommand(try TestPython.system(), ["-c", "import csv, json"])
        try XCTSkipUnless(python.status == 0, "python3 is needed to read the CSV back")
    }

    /// Exact comparison: Swift's `==` would call `é` and `e` + U+0301 equal.
    private func sameScalars(_ a: String, _ b: String) -> Bool { Array(a.unicodeScalars) == Array(b.unicodeScalars) }

    /// (vendor, formula-like) — each a debit or credit of 4.50 at a known time.
    let vendors: [(String, Bool)] = [
        ("Plain Vendor", false),
        ("Smith, Jones & Co.", false),
        ("The \"Best\" Bagels", false),
        ("\"", false),
        ("Line one\nLine two", false),
        ("Caf\u{E9} Zo\u{EB}", false),
        ("Cafe\u{301} Zoe\u{308}", false),
        ("東京ストア", false),
        ("🍕 Pizza Palace", false),
        ("👩‍👩‍👧 Family", false),
        ("=SUM(A1)", true),
        ("=HYPERLINK(\"http://example.com\", \"x, y\")", true),
        ("+1", true),
        ("-2", true),
        ("-4.50", true),
        ("@cmd", true),
        ("\tTabbed", true),
        ("\rCarriage", true),
        ("  leading spaces", false),
        ("trailing, \"quote\"\n", false),
        ("x=1", false),
    ]

    private func awkwardFixture() throws -> String {
        var transactions: [[String: Any]] = []
        for (i, (vendor, _)) in vendors.enumerated() {
            // One a day, newest first, alternating credit and debit.
            let day = String(format: "%02d", 28 - i)
            transactions.append(["type": i % 2, "vendor": vendor, "amount": 4.5, "date": "2021-08-\(day) 12:34:56"])
        }
        let envelope: [String: Any] = [
            "status": 200, "message": "ok",
            "body": [
                "name": "-Awkward, \"Account\"", "currency": "EUR", "currentBalance": 1,
                "transactions": transactions,
            ],
        ]
        let data = try JSONSerialization.data(withJSONObject: envelope)
        XCTAssertTrue(
            String(decoding: data, as: UTF8.self).contains(#"Line one\nLine two"#), "the newline is escaped in the JSON"
        )
        return try folder.write("awkward.json", data)
    }

    func testAwkwardVendorsRoundTripThroughPythonCSV() throws {
        let input = try awkwardFixture()
        let out = folder.path + "/out.csv"
        let result = try txfeed("run", "-s", "fixture:\(input),name=@source", "-o", out)
        XCTAssertEqual(result.status, 0, result.stderr)
        let raw = try folder.read("out.csv")

        // RFC 4180 line ends: every record ends in CRLF; a bare LF appears only inside quotes.
        XCTAssertEqual(Array(raw.suffix(2)), [0x0D, 0x0A])
        XCTAssertEqual(raw.prefix(5), Data("date,".utf8), "no BOM unless asked for")
        var quoted = false
        var records = 0
        var previous: UInt8 = 0
        for byte in raw {
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if byte == 0x0A && !quoted {
                XCTAssertEqual(previous, 0x0D, "a record ends in CRLF")
                records += 1
            }
            previous = byte
        }
        XCTAssertFalse(quoted, "quotes balance")
        XCTAssertEqual(records, vendors.count + 1)

        let rows = try CSVReadBack.rows(raw, folder: folder)
        XCTAssertEqual(rows.first, CSVReadBack.header)
        XCTAssertEqual(rows.count, vendors.count + 1)
        for (n, (row, (vendor, formula))) in zip(rows.dropFirst(), vendors).enumerated() {
            XCTAssertEqual(row.count, 12, "\(row)")
            guard row.count == 12 else { continue }
            let expectedVendor = formula ? "'" + vendor : vendor
            XCTAssertTrue(
                sameScalars(row[3], expectedVendor),
                "vendor \(vendor.debugDescription) came back as \(row[3].debugDescription)")
            XCTAssertEqual(row[0], "2021-08-\(String(format: "%02d", 28 - n))T12:34:56Z")
            XCTAssertNotNil(row[0].range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$"#, options: .regularExpression))
            XCTAssertNotNil(
                row[1].range(
                    of: #"^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{2}$"#,
                    options: .regularExpression), row[1])
            XCTAssertEqual(row[2], "'-Awkward, \"Account\"", "account cells are neutralised too")
            XCTAssertEqual(row[4], n % 2 == 0 ? "credit" : "debit")
            XCTAssertEqual(row[5], n % 2 == 0 ? "4.50" : "-4.50", "amounts are numeric: never a quote mark")
            XCTAssertEqual(row[6], "EUR")
            XCTAssertEqual(row[7], LibcReference.legacyHex(vendor), "legacy colour of \(vendor.debugDescription)")
            XCTAssertEqual(row[8], "'@source")
            XCTAssertNotNil(row[9].wholeMatch(of: /fp:[0-9a-f]{16}-1/), "no bank id: the fingerprint, \(row[9])")
            XCTAssertEqual(row[10...], ["booked", ""], "no memo: an empty cell; booked by default")
        }
        XCTAssertEqual(rows[1][1], "Sat, Aug 28")
        XCTAssertEqual(rows[2][1], "Fri, Aug 27")
        // é and e + U+0301 are different vendors with different colours.
        XCTAssertNotEqual(rows[6][7], rows[7][7])
        XCTAssertFalse(raw.contains(0x1B))
    }

    func testByteOrderMarkOnlyWhenAskedFor() throws {
        let plain = try txfeed("run", "samples/accounts/checking.json", "--sink", "csv")
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertEqual(Array(plain.stdout.prefix(5)), Array("date,".utf8))

        let bom = try txfeed("run", "samples/accounts/checking.json", "--sink", "csv:bom=true")
        XCTAssertEqual(bom.status, 0, bom.stderr)
        XCTAssertEqual(Array(bom.stdout.prefix(3)), [0xEF, 0xBB, 0xBF])
        XCTAssertEqual(bom.stdout.dropFirst(3), plain.stdout, "the BOM is the only difference")
        let rows = try CSVReadBack.rows(bom.stdout, folder: folder, encoding: "utf-8-sig")
        XCTAssertEqual(rows.first, CSVReadBack.header)
        XCTAssertEqual(rows.count, 8)

        let toFile = try txfeed(
            "run", "samples/accounts/checking.json", "--sink", "csv:bom=true", "-o", folder.path + "/excel.csv")
        XCTAssertEqual(toFile.status, 0, toFile.stderr)
        XCTAssertEqual(Array(try folder.read("excel.csv").prefix(3)), [0xEF, 0xBB, 0xBF])

        let config = try folder.write(
            "config.json",
            #"{"sources": [{"plugin": "fixture", "options": {"path": "\#(BuiltProducts.repository)/samples/accounts/checking.json"}}], "sinks": [{"sink": "csv", "path": "from-config.csv", "options": {"bom": true}}]}"#
        )
        let fromConfig = try txfeed("run", "--config", config)
        XCTAssertEqual(fromConfig.status, 0, fromConfig.stderr)
        XCTAssertEqual(Array(try folder.read("from-config.csv").prefix(3)), [0xEF, 0xBB, 0xBF])
    }

    func testSampleCSVReadsBackWithExactAmountsAndColours() throws {
        let result = try txfeed(
            "run", "samples/accounts/checking.json", "samples/accounts/savings.ndjson", "--sink", "csv")
        XCTAssertEqual(result.status, 0, result.stderr)
        let rows = try CSVReadBack.rows(result.stdout, folder: folder)
        XCTAssertEqual(rows.first, CSVReadBack.header)
        XCTAssertEqual(rows.count, 12)
        for row in rows.dropFirst() {
            XCTAssertEqual(row.count, 12)
            guard row.count == 12 else { continue }
            XCTAssertEqual(
                row[7], LibcReference.legacyHex(row[3].hasPrefix("'") ? String(row[3].dropFirst()) : row[3]), row[3])
            XCTAssertNotNil(row[5].range(of: #"^-?\d+(\.\d+)?$"#, options: .regularExpression), row[5])
        }
        let byVendor = Dictionary(rows.dropFirst().map { ($0[3], $0) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(byVendor["Starbucks"]?[5], "-4.50")
        XCTAssertEqual(byVendor["🍕 Pizza Palace"]?[5], "-1800", "JPY has no minor units")
        XCTAssertEqual(byVendor["🍕 Pizza Palace"]?[6], "JPY")
        XCTAssertEqual(byVendor["'=HYPERLINK(\"http://example.com\")"]?[5], "-0.99")
        XCTAssertEqual(byVendor["Refund, Amazon"]?[0], "2021-08-26T10:00:00Z", "+02:00 converted to UTC")
    }
}
