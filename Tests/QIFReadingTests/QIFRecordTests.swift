import QIFReading
import XCTest

/// Record fields: payee, memo, category, splits, number, cleared status, accounts.
final class QIFRecordTests: XCTestCase {
    func testSplitsAreListedInTheMemoOfOneTransactionWithTheTotal() throws {
        let result = try readQIF(
            bankFile([
                [
                    "D1/13'24", "T-52.50", "PHyperMart", "MWeekly", "LSplit", "SGroceries", "EFood", "$-40.00",
                    "SHousehold", "$-12.50",
                ]
            ]))
        XCTAssertEqual(result.entries.count, 1)
        XCTAssertEqual(result.entries.first?.amount, "-52.50")
        XCTAssertEqual(
            result.entries.first?.memo, "Weekly [Split] splits: Groceries -40.00 (Food); Household -12.50")
    }

    /// quiffen's test.qif (from its sdist): a `D` among a split's lines is that split's date, as
    /// quiffen writes and reads it. The record is one: one `T`, one `^`, and its splits sum to
    /// that `T` (-50.00 - 25.00 = -75.00); read as two records run together, the second would
    /// be split lines without a `T` of its own. Its date is the record's `D`, not the split's.
    func testADateAmongASplitsLinesIsTheSplitsNotASecondRecord() throws {
        let result = try readQIF(
            bankFile([
                [
                    "D2/10'24", "T-75.00", "PAmazon.com", "SFood:Groceries", "D1/10'24", "E50%", "$-50.00",
                    "STransportation", "$-25.00",
                ],
                ["D2/13'24", "T-1.00", "PB"],
            ]))
        XCTAssertEqual(result.rejects.map(\.reason), [])
        XCTAssertEqual(result.entries.map(\.amount), ["-75.00", "-1.00"])
        XCTAssertEqual(result.dates, ["2024-02-10", "2024-02-13"])
        XCTAssertEqual(
            result.entries.first?.memo, "splits: Food:Groceries -50.00 (50%); Transportation -25.00")
    }

    /// A `D` after the splits that comes with the next record's own fields is still two records
    /// run together: the second `T` names the line.
    func testARecordRunIntoASplitRecordIsStillRejected() throws {
        let result = try readQIF(
            "!Type:Bank\nD2/10'24\nT-75.00\nPA\nSFood\n$-75.00\nD2/11'24\nT-5.00\nPB\n^\nD2/13'24\nT-1.00\nPC\n^\n")
        XCTAssertEqual(
            result.rejects.map(\.reason),
            ["line 8 is a second T in one record: two records without the ^ between them?"])
        XCTAssertEqual(result.entries.map(\.amount), ["-1.00"])
    }

    func testCategoryAndTransferAreAppendedToTheMemo() throws {
        let result = try readQIF(
            bankFile([
                ["D1/13'24", "T-1.00", "PA", "LGroceries"], ["D1/14'24", "T-2.00", "PB", "MTo save", "L[Savings]"],
            ]))
        XCTAssertEqual(result.entries.map(\.memo), ["[Groceries]", "To save [Savings]"])
    }

    func testNumberIsTheIdAndBlankNumbersAreNone() throws {
        let result = try readQIF(
            bankFile([["D1/13'24", "T-1.00", "PA", "N1001"], ["D1/14'24", "T-2.00", "PB", "N "]]))
        XCTAssertEqual(result.entries.map(\.id), ["1001", nil])
    }

    /// QIF has no pending: every cleared mark, and none, is a record read like the others.
    func testEveryClearedStatusIsRead() throws {
        let marks = ["C*", "Cc", "CX", "CR", nil]
        let result = try readQIF(
            bankFile(
                marks.enumerated().map {
                    ["D1/\($0.offset + 13)'24", "T-1.00", "PA"] + ($0.element.map { [$0] } ?? [])
                }))
        XCTAssertEqual(result.entries.count, marks.count)
        XCTAssertEqual(result.rejects.count, 0)
    }

    /// P and M are optional (the QIF spec's own examples leave them out): a record without them is
    /// still money that moved, named by its category, else its number (`Check 1234`, `ATM`),
    /// else its type; never rejected for it.
    func testThePayeeIsTheVendorElseTheMemoElseTheCategoryNumberOrType() throws {
        let result = try readQIF(
            bankFile([
                ["D1/13'24", "T-1.00", "PShop", "MNote"], ["D1/14'24", "T-2.00", "MCoffee beans"],
                ["D1/15'24", "T-3.00", "LGroceries"], ["D1/16'24", "T-4.00", "N1234"], ["D1/17'24", "T-5.00", "NATM"],
                ["D1/18'24", "T-6.00"],
            ]))
        XCTAssertEqual(
            result.entries.map(\.vendor), ["Shop", "Coffee beans", "Groceries", "Check 1234", "ATM", "Bank"])
        XCTAssertEqual(result.entries.map(\.memo), ["Note", nil, "[Groceries]", nil, nil, nil])
        // A code such as ATM names no one transaction: only a check number is an id.
        XCTAssertEqual(result.entries.map(\.id), [nil, nil, nil, "1234", nil, nil])
        XCTAssertEqual(result.rejects.count, 0)
    }

    /// American Express writes each record's own day in N (`N20231124`): shared by every record
    /// of that day, it is no id. As one, a later export's lone payment on a day an earlier
    /// export's had was dropped as seen under --state; a real check number stays the id.
    func testAnNOfTheRecordsOwnDayIsNoId() throws {
        let result = try readQIF(
            bankFile([
                ["D11/24/2023", "T-12.00", "PCoffee", "N20231124"], ["D11/24/2023", "T-30.00", "PLunch", "N20231125"],
                ["D11/25/2023", "T-5.00", "N20231125"],
            ]))
        XCTAssertEqual(result.entries.map(\.id), [nil, "20231125", nil])
        XCTAssertEqual(result.entries.map(\.vendor), ["Coffee", "Lunch", "20231125"])
    }

    /// CRLF and LF read alike; the raw text is the record's lines joined with `\n`.
    func testCRLFReadsAsLF() throws {
        let lf = bankFile([["D1/13'24", "T-1.00", "PA", "A1 Main St"], ["D1/14'24", "T-2.00", "PB"]])
        let crlf = try readQIF(lf.replacingOccurrences(of: "\n", with: "\r\n"))
        XCTAssertEqual(crlf.entries, try readQIF(lf).entries)
        XCTAssertEqual(crlf.entries.first?.raw, "D1/13'24\nT-1.00\nPA\nA1 Main St\n^")
        XCTAssertEqual(crlf.entries.first?.location, "record 1 (line 2)")
    }

    /// Bytes that are not UTF-8 are windows-1252, and said so.
    func testWindows1252PayeesBecomeUTF8() throws {
        let bytes = Array("!Type:Bank\nD1/13'24\nT-1.00\nPCaf".utf8) + [0xE9, 0x20, 0x80, 0x0A, 0x5E, 0x0A]
        let result = try readQIF(bytes)
        XCTAssertEqual(result.entries.map(\.vendor), ["Café €"])
        XCTAssertTrue(result.notes.contains { $0.contains("windows-1252") }, "\(result.notes)")
        XCTAssertTrue(result.reportLine("encoding")?.hasPrefix("windows-1252") ?? false, result.report)
    }

    func testARecordWithoutItsFinalCaretIsReadAndNoted() throws {
        let result = try readQIF("!Type:Bank\nD1/13'24\nT-1.00\nPA\n^\nD1/14'24\nT-2.00\nPB\n")
        XCTAssertEqual(result.entries.map(\.vendor), ["A", "B"])
        XCTAssertTrue(
            result.notes.contains("the file ends without ^: record 2 (line 6) read as it stands"), "\(result.notes)")
    }

    func testNonTransactionBlocksAreSkippedAndReported() throws {
        let file =
            "!Type:Cat\nNGroceries\nE\n^\n!Type:Invst\nD1/2'24\nNBuy\n^\n" + bankFile([["D1/13'24", "T-1.00", "PA"]])
        let result = try readQIF(file)
        XCTAssertEqual(result.entries.map(\.location), ["record 1 (line 10)"])
        XCTAssertTrue(result.notes.contains("skipped !Type:Cat block (lines 1-4)"), "\(result.notes)")
        XCTAssertTrue(result.notes.contains("skipped !Type:Invst block (lines 5-8)"), "\(result.notes)")
        XCTAssertEqual(result.reportLine("skipped"), "!Type:Cat block (lines 1-4)")
    }

    /// An `!Option:` line is a setting, not a block: rust-qif-parser's autoswitch.qif writes
    /// `!Option:AllXfr` right after `!Type:Bank`, and its bank block was skipped, entries and all.
    func testAnOptionLineEndsNoBlock() throws {
        let file =
            "!Type:Bank\n!Option:AllXfr\nD1/13'24\nT-1,234.50\nPGrocery Store\n^\nD1/14'24\nT-2.00\nPB\n^\n"
        let result = try readQIF(file)
        XCTAssertEqual(result.entries.map(\.amount), ["-1234.50", "-2.00"])
        XCTAssertEqual(result.reportLine("skipped"), nil, result.report)
        XCTAssertTrue(
            result.notes.contains("line 2: !Option:AllXfr is an option txfeed does not read: ignored"),
            "\(result.notes)")
    }

    func testAFileWithoutATransactionHeaderIsAProblem() throws {
        let result = try readQIF("D1/13'24\nT-1.00\nPA\n^\n")
        XCTAssertEqual(result.problems.count, 1)
        XCTAssertTrue(result.problems[0].contains("!Type:"), result.problems[0])
        XCTAssertEqual(result.entries.count, 0)
    }

    /// The `!Account` block names the account; the option names it instead.
    func testTheAccountIsNamedByItsBlockElseTheStemElseTheOption() throws {
        let file = "!Account\nNEveryday\nTBank\n^\n" + bankFile([["D1/13'24", "T-1.00", "PA"]], header: "!Type:CCard")
        XCTAssertEqual(try readQIF(file).accounts, ["Everyday"])
        XCTAssertEqual(try readQIF(bankFile([["D1/13'24", "T-1.00", "PA"]])).accounts, ["test"])
        XCTAssertEqual(try readQIF(file, options: ["account": "Mine"]).accounts, ["Mine"])
        XCTAssertEqual(try readQIF(file).reportLine("format"), "QIF !Type:CCard")
    }

    func testConfidence() {
        func score(_ path: String, _ head: String) -> Int {
            Array(head.utf8).withUnsafeBufferPointer { QIFDocument.confidence(path: path, head: $0) }
        }
        XCTAssertEqual(score("a.txt", "\u{FEFF}\n\n!Type:Bank\n"), 95)
        XCTAssertEqual(score("a", "!Account\nNX\n"), 95)
        XCTAssertEqual(score("a", "!Option:AutoSwitch\n"), 95)
        XCTAssertEqual(score("a.QIF", "Date,Payee\n"), 10)
        XCTAssertEqual(score("a.csv", "Date,Payee\n"), 0)
        // The name's end compared byte by byte, ASCII case ignored: no other letter is folded.
        XCTAssertEqual(score("Ärger.Qif", "Date,Payee\n"), 10)
        XCTAssertEqual(score("qif", "Date,Payee\n"), 0)
        XCTAssertEqual(score("a.qİf", "Date,Payee\n"), 0)
        XCTAssertEqual(score("a.qif.txt", "Date,Payee\n"), 0)
    }
    /// The opening balance is the account's first record as a transfer to the account itself,
    /// whatever the payee says: a German Quicken writes `Eröffnungssaldo`. quiffen's
    /// test_FMQifTest2023-10-18.qif names its account in an `!Option:AutoSwitch` list just
    /// before the block; a non-zero balance is still no money moved.
    func testAnOpeningBalanceIsTheAccountsTransferToItself() throws {
        let file = try quiffenFixture("test_FMQifTest2023-10-18.qif")
        let real = try readQIF(file)
        XCTAssertEqual(real.problems, [])
        XCTAssertEqual(real.rejects.map(\.reason), [])
        XCTAssertEqual(real.entries.map(\.amount), ["200.00"])
        XCTAssertEqual(real.dates, ["2023-10-18"])
        XCTAssertTrue(
            real.notes.contains(
                "record 1 (line 640) is Quicken's opening balance of [KD-Bank Berlin] (T0.00 on D10.18.23): "
                    + "the account's balance that day, not a transaction, not imported"), "\(real.notes)")

        let text = String(decoding: file, as: UTF8.self)
        let nonZero = try readQIF(
            text.replacingOccurrences(of: "U0.00\nT0.00\nCX\nPEr", with: "U1,500.00\nT1,500.00\nCX\nPEr"))
        XCTAssertEqual(nonZero.entries.map(\.amount), ["200.00"], "the opening balance is not imported")
        XCTAssertTrue(nonZero.notes.contains { $0.contains("opening balance of [KD-Bank Berlin] (T1,500.00") })

        // Named by `!Account` outside a list, the same.
        let named = try readQIF(
            "!Account\nNGiro\nTBank\n^\n"
                + bankFile([["D1/2/24", "T250.00", "PEröffnungssaldo", "L[Giro]"], ["D1/15/24", "T-5.00", "PShop"]]))
        XCTAssertEqual(named.entries.map(\.amount), ["-5.00"])
        // A transfer from another account, or the account's second record, stays a transaction.
        let other = try readQIF(
            "!Account\nNGiro\nTBank\n^\n"
                + bankFile([
                    ["D1/2/24", "T250.00", "PEröffnungssaldo", "L[Sparbuch]"], ["D1/15/24", "T-5.00", "PShop"],
                ]))
        XCTAssertEqual(other.entries.map(\.amount), ["250.00", "-5.00"])
        let second = try readQIF(
            "!Account\nNGiro\nTBank\n^\n"
                + bankFile([
                    ["D1/2/24", "T250.00", "POpening Balance", "L[Giro]"],
                    ["D1/15/24", "T-5.00", "PUmbuchung", "L[Giro]"],
                ]))
        XCTAssertEqual(second.entries.map(\.amount), ["-5.00"])
    }

    /// Two exports joined into one file: the second's opening balance begins its block, and is no
    /// payment (it was imported as one, 1,000.00 of money in); the block it begins repeats the
    /// first, and is said.
    func testTwoExportsJoinedOpenEachBlockAndTheRepeatIsSaid() throws {
        let export = bankFile([
            ["D1/1/24", "T1,000.00", "POpening Balance", "L[Checking]"], ["D1/13/24", "T-50.00", "PShop"],
            ["D1/14/24", "T-7.25", "PCafe"],
        ])
        let joined = try readQIF(export + export)
        XCTAssertEqual(joined.entries.map(\.amount), ["-50.00", "-7.25", "-50.00", "-7.25"])
        XCTAssertEqual(joined.notes.filter { $0.contains("opening balance") }.count, 2)
        XCTAssertEqual(
            joined.warnings,
            [
                "the block of line 15 repeats the block of line 1 (2 records of test): two exports joined into one file? Each of its payments is in the feed twice (one account's records are never copies of each other to --dedupe): remove the repeat from the file"
            ])
        let later = try readQIF(export + bankFile([["D1/20/24", "T-3.00", "PBakery"]]))
        XCTAssertEqual(later.warnings, [], "another block of the account")
        XCTAssertEqual(later.entries.map(\.amount), ["-50.00", "-7.25", "-3.00"])
    }

    /// Quicken lists its accounts under `!Option:AutoSwitch`, clears the switch, turns it on
    /// again and writes each account's description before its block, never clearing it (GnuCash's
    /// doc/examples/canada.qif). Each block is its own account, each opened by its own balance;
    /// read as one list, both went into one account and the second opening balance was a payment.
    func testAutoSwitchLeftOnNamesEachBlocksAccount() throws {
        let file = """
            !Option:AutoSwitch
            !Account
            NSavings
            TBank
            ^
            NEveryday
            TBank
            ^
            !Clear:AutoSwitch
            !Option:AutoSwitch
            !Account
            NSavings
            TBank
            ^
            !Type:Bank
            D8/31'24
            T0.00
            CX
            POpening Balance
            L[Savings]
            ^
            D8/31'24
            T-1,000.00
            PTransfer Money
            L[Everyday]
            ^
            !Account
            NEveryday
            TBank
            ^
            !Type:Bank
            D6/ 1'24
            T1,211.45
            CX
            POpening Balance
            L[Everyday]
            ^
            D7/15'24
            T1,000.00
            PGnumatic, Inc.
            ^

            """
        let read = try readQIF(file)
        XCTAssertEqual(read.problems, [])
        XCTAssertEqual(read.accounts, ["Savings", "Everyday"])
        XCTAssertEqual(read.entries.map(\.amount), ["-1000.00", "1000.00"])
        XCTAssertEqual(read.notes.filter { $0.contains("opening balance of [Everyday] (T1,211.45") }.count, 1)

        // One account so named keeps the name it always had, the file's stem.
        let savingsOnly = file.components(separatedBy: "!Account\nNEveryday\nTBank\n^\n!Type")[0]
        let one = try readQIF(savingsOnly)
        XCTAssertEqual(one.accounts, ["test"])
        XCTAssertEqual(one.entries.map(\.amount), ["-1000.00"])
    }

    /// Quicken's QIF specification writes its example split `$=746.36` (T-1,000.00, the other
    /// split -253.64); only -746.36 adds up to T, as the spec's copy on moneymvps.org writes it.
    /// jemmyw/Qif's splits.qif is that example: the record is read, the split's reading noted. An
    /// `=` that makes the splits add up neither way rejects the record, naming the split.
    func testASplitWrittenWithAnEqualsSignIsReadAsTheTotalSays() throws {
        let splits = """
            !Type:Bank
            D6/1/94
            T-1,000.00
            CX
            N1005
            PBank Of Mortgage
            MMemo
            L[linda]
            S[steve]
            ECash
            $-253.64
            SMort Int
            $=746.36
            ^
            D6/2/94
            Scategory 1
            $23
            T75.00
            PDeposit
            ^

            """
        let read = try readQIF(splits, options: ["date-format": "%m/%d/%y"])
        XCTAssertEqual(read.rejects.map(\.reason), [])
        XCTAssertEqual(read.entries.map(\.amount), ["-1000.00", "75.00"])
        XCTAssertEqual(read.entries.first?.memo, "Memo [linda] splits: [steve] -253.64 (Cash); Mort Int -746.36")
        XCTAssertEqual(
            read.notes,
            [
                #"record 1 (line 2): split 2 amount "=746.36" read as -746.36: so the splits add up to the record's "#
                    + "T -1000.00 (QIF defines no = there)"
            ])

        let plus = try readQIF(
            splits.replacingOccurrences(of: "T-1,000.00", with: "T492.72"), options: ["date-format": "%m/%d/%y"])
        XCTAssertEqual(plus.entries.first?.amount, "492.72")
        XCTAssertEqual(plus.entries.first?.memo, "Memo [linda] splits: [steve] -253.64 (Cash); Mort Int 746.36")

        let neither = try readQIF(
            splits.replacingOccurrences(of: "T-1,000.00", with: "T-999.00"), options: ["date-format": "%m/%d/%y"])
        XCTAssertEqual(
            neither.rejects.map(\.reason),
            [
                #"split 2 amount "=746.36": its = is no sign QIF defines, and neither 746.36 nor its negative "#
                    + "makes the splits add up to T"
            ])
        XCTAssertEqual(neither.entries.map(\.amount), ["75.00"])
    }
}

/// quiffen's test file `name` (`Tests/Fixtures/statements/qif/quiffen/`).
func quiffenFixture(_ name: String) throws -> [UInt8] {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<2 { url.deleteLastPathComponent() }
    return Array(try Data(contentsOf: url.appendingPathComponent("Fixtures/statements/qif/quiffen/\(name)")))
}
