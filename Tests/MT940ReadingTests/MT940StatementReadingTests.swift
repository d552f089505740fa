import MT940Reading
import StatementText
import XCTest

/// The fixture files (`Tests/Fixtures/statements/mt940/`, facts in their README) and small
/// messages: statements, balances, reconciliation, MT942, pages, files cut or garbled.
final class MT940StatementReadingTests: XCTestCase {
    func testGermanStatementsAreTwoReconciledStatementsWithTheirPayees() throws {
        let read = MT940Read(bytes: try fixture("german.sta"))
        XCTAssertEqual(read.kinds, ["begin", "entry", "entry", "entry", "end", "begin", "entry", "entry", "end"])
        XCTAssertEqual(read.entries.count, 5)
        XCTAssertEqual(read.minorSum, 116001)
        XCTAssertEqual(read.ends.map(\.failure), [nil, nil])
        XCTAssertEqual(read.ends.map { MT940Read.minor($0.booked.plain(decimals: 2)) }, [120480, -4479])
        XCTAssertEqual(read.ends.map(\.statement.number), ["00001/001", "00002/001"])
        XCTAssertEqual(read.ends.map(\.statement.accountID), ["37040044/0532013000", "37040044/0532013000"])
        XCTAssertEqual(read.ends.map(\.statement.currency), ["EUR", "EUR"])
        XCTAssertEqual(read.ends.map(\.statement.finalBalance), ["3204.80", "3160.01"])
        XCTAssertEqual(read.ends.last?.statement.available.map(\.tag), ["64"])
        XCTAssertEqual(
            read.entries.map(\.vendor),
            [
                "REWE Markt GmbH", "Muster Handel GmbH", "Hausverwaltung Schmidt KG", "Bäckerei Müller",
                "REWE Markt GmbH",
            ])
        XCTAssertEqual(
            read.entries.map(\.memo),
            [
                "Einkauf Markt 412 Datum 01.03.2024", "Gehalt Maerz 2024", "Miete Maerz Lager 2", "Brot und Kuchen",
                "Storno Einkauf Markt 412",
            ])
        XCTAssertEqual(
            read.entries.map(\.date), ["2024-03-01", "2024-03-05", "2024-03-06", "2024-03-07", "2024-03-08"])
        XCTAssertEqual(read.entries.map(\.amount), ["-45.20", "2500.00", "-1250.00", "-89.99", "45.20"])
        XCTAssertEqual(
            read.entries.map(\.id),
            ["2024030100001", "2024030500017", "2024030600203", "2024030700042", "2024030800007"])
        XCTAssertEqual(read.ends.first?.dialects, ["German ?20–?33": 3])
    }

    func testDutchStatementCrossesTheYearEnd() throws {
        let read = MT940Read(bytes: try fixture("dutch.sta"))
        XCTAssertEqual(read.kinds, ["begin", "entry", "entry", "entry", "end"])
        XCTAssertEqual(read.minorSum, 6216)
        XCTAssertNil(read.ends.first?.failure)
        XCTAssertEqual(read.entries.map(\.date), ["2023-12-29", "2024-01-02", "2024-01-02"])
        XCTAssertEqual(read.entries.map(\.vendor), ["J. Jansen", "Stichting Voorbeeld", "De Bakker BV"])
        XCTAssertEqual(read.entries.map(\.memo), ["Factuur 2023-118", "Retour bestelling 4471", "Bestelling 88 brood"])
        XCTAssertEqual(read.entries.map(\.id), [nil, "0102AB12", nil])
        XCTAssertEqual(read.ends.first?.statement.accountID, "417164300")
        XCTAssertEqual(read.ends.first?.statement.number, "00365/01")
        XCTAssertEqual(read.ends.first?.dialects, ["Dutch /TRTP/": 3])
    }

    func testPagesReconcileEachAndOnlyTheFinalBalanceIsTheAccounts() throws {
        let read = MT940Read(bytes: try fixture("plain-pages.sta"))
        XCTAssertEqual(read.ends.count, 2)
        XCTAssertEqual(read.ends.map(\.failure), [nil, nil])
        XCTAssertEqual(read.ends.map { $0.statement.opening?.tag }, ["60F", "60M"])
        XCTAssertEqual(read.ends.map { $0.statement.closing?.tag }, ["62M", "62F"])
        XCTAssertEqual(read.ends.map(\.statement.finalBalance), [nil, "-324.50"])
        XCTAssertEqual(read.ends.last?.statement.available.map(\.tag), ["64", "65"])
        XCTAssertEqual(read.minorSum, -532450)
        XCTAssertEqual(read.entries.map(\.amount), ["-1500", "250.75", "-75.25", "-4000"])
        XCTAssertEqual(
            read.entries.map(\.vendor),
            ["CHECK 1001 ELECTRIC COMPANY", "WIRE FROM ACME CORP", "MONTHLY ACCOUNT FEE", "RENT-DEC"])
        XCTAssertEqual(read.entries[1].memo, "WIRE FROM ACME CORP INVOICE 3321 PAID IN FULL")
        XCTAssertEqual(read.entries.map(\.id), ["1001", "B4Z12", nil, "B4Z19"])
        XCTAssertEqual(read.ends.first?.dialects, ["free text": 2])
    }

    func testMT942EntriesArePendingAndNotReconciled() throws {
        let read = MT940Read(bytes: try fixture("interim.942"))
        XCTAssertEqual(read.kinds, ["begin", "entry", "entry", "end"])
        XCTAssertEqual(read.entries.map(\.pending), [true, true])
        XCTAssertEqual(read.minorSum, 13001)
        XCTAssertEqual(read.ends.first?.statement.isInterim, true)
        XCTAssertEqual(read.ends.first?.statement.currency, "EUR")
        XCTAssertNil(read.ends.first?.failure)
        XCTAssertEqual(read.entries.map(\.vendor), ["Aral Station 12", "Erika Mustermann"])
    }

    /// `:90D:`/`:90C:` count and sum each side; `RC` is a debit, `RD` a credit.
    func testMT942TotalsThatAgreeAreSilent() throws {
        let read = MT940Read(bytes: try fixture("interim-ing.942"))
        XCTAssertEqual(read.kinds, ["begin", "entry", "entry", "entry", "entry", "end"])
        XCTAssertEqual(read.minorSum, 94975)
        XCTAssertNil(read.ends.first?.failure)
        XCTAssertEqual(read.ends.first?.statement.totals.map(\.tag), ["90D", "90C"])
        XCTAssertEqual(read.ends.first?.debits.count, 2)
        XCTAssertEqual(read.ends.first?.credits.sum.plain(decimals: 2), "1007.25")
        XCTAssertNil(MT940Read(bytes: try fixture("interim.942")).ends.first?.failure)
    }

    func testMT942TotalsThatDisagreeFailTheReportWithBothFigures() throws {
        let count = MT940Read(bytes: try fixture("broken/interim-count-off.942"))
        XCTAssertEqual(
            count.ends.first?.failure,
            "line 21: :90D: counts 3 debit entries for 57.50, but the :61: lines are 2 for 57.50")
        let sum = MT940Read(bytes: try fixture("broken/interim-sum-off.942"))
        XCTAssertEqual(
            sum.ends.first?.failure,
            "line 22: :90C: counts 2 credit entries for 1007.52, but the :61: lines are 2 for 1007.25")
        XCTAssertEqual(
            MT940Read(message(":34F:EURD0,", ":90D:1EUR", ":90C:0EUR0,")).ends.first?.failure,
            #"line 5: :90D: "1EUR" is no count and sum such as 3EUR1234,56: the totals cannot be checked"#)
        XCTAssertEqual(
            MT940Read(message(":34F:EURD0,", ":61:240101D1,NTRFX", ":90D:1USD1,")).ends.first?.failure,
            "line 6: :90D: is in USD, the report in EUR")
    }

    func testAStatementThatDoesNotReconcileFailsWithBothFiguresAndTheOtherStands() throws {
        let read = MT940Read(bytes: try fixture("off-balance.sta"))
        XCTAssertEqual(read.ends.count, 2)
        XCTAssertNil(read.ends[0].failure)
        XCTAssertEqual(
            read.ends[1].failure,
            "balances do not reconcile: opening 480.00 + entries -20.00 = 460.00, but the statement closes at 470.00")
    }

    func testAFileCutInsideAStatementFailsItAndKeepsTheOneBefore() throws {
        let read = MT940Read(bytes: try fixture("broken/german-truncated.sta"))
        XCTAssertEqual(read.ends.count, 2)
        XCTAssertNil(read.ends[0].failure)
        XCTAssertEqual(
            read.ends[1].failure,
            "the file ends inside the statement, before its closing balance (:62F:): it was cut short")
        XCTAssertNil(read.failure)
    }

    /// An MT942 has no closing balance whose absence tells a cut: the end its file gives a message
    /// does. Without the text block's `-}`, or the `-` that ended the report before it, the report
    /// fails; where the file shows neither, the cut cannot be told, and a note says so.
    func testAnMT942TheFileEndsInsideFailsWhereTheFileShowsHowItsMessagesEnd() throws {
        let whole = String(decoding: try fixture("interim.942"), as: UTF8.self)
        XCTAssertTrue(whole.hasPrefix("{1:") && whole.hasSuffix("-}\n"))
        XCTAssertNil(MT940Read(whole).ends.first?.failure)
        let cut = MT940Read(String(whole[..<whole.range(of: ":90D:")!.lowerBound]))
        XCTAssertEqual(cut.ends.count, 1)
        XCTAssertEqual(
            cut.ends.first?.failure,
            "the file ends inside the report, before the -} that closes its text block ({4:): it was cut short")

        let report = ":20:I1\n:25:NL20INGB0001234567\n:34F:EURD0,\n:61:2403110311DR19,99NMSCNONREF\n"
        XCTAssertEqual(
            MT940Read(report + "-\n" + report).ends.map(\.failure),
            [
                nil,
                "the file ends inside the report, before the - that ends the file's other messages: it was cut short",
            ])

        let alone = MT940Read(report)
        XCTAssertEqual(alone.ends.map(\.failure), [nil])
        XCTAssertEqual(
            alone.notes,
            [
                "statement 1: the file ends inside the MT942 report, without a - to end it: if the file was cut short, its last lines are missing"
            ])
        let ended = MT940Read(report + "-\n")
        XCTAssertEqual(ended.ends.map(\.failure), [nil])
        XCTAssertEqual(ended.notes, [], "ended: nothing to say")
        let counted = MT940Read(String(whole[..<whole.range(of: "-}")!.lowerBound]))
        XCTAssertEqual(counted.ends.map(\.failure), [nil], "its totals, after every :61:, count them all")
        let two = MT940Read(report + report + "-\n")
        XCTAssertEqual(two.ends.map(\.failure), [nil, nil])
        XCTAssertEqual(two.notes, [], "ended at the next :20:")
    }

    /// Every fixture cut at every line's end: a statement or report kept is whole (as many
    /// entries as in the whole file), or, where the file cannot show a cut, a note says so.
    func testAFileCutAtAnyLineKeepsNoStatementInPartWithoutAWord() throws {
        let names = [
            "german.sta", "dutch.sta", "rabobank.sta", "commerzbank.sta", "postfinance.sta", "plain-pages.sta",
            "citi.txt", "mbank.txt", "interim.942", "interim-ing.942", "interim-dk.942", "interim-no-floor.942",
        ]
        var cuts = 0
        for name in names {
            let bytes = try fixture(name)
            let whole = MT940Read(bytes: bytes).ends.map(\.entries)
            for (offset, byte) in bytes.enumerated() where byte == 0x0A && offset + 1 < bytes.count {
                let cut = MT940Read(bytes: Array(bytes[...offset]))
                for (index, end) in cut.ends.enumerated() where end.failure == nil && end.entries != whole[index] {
                    XCTAssertTrue(
                        cut.notes.contains { $0.hasPrefix("\(end.statement.path): the file ends inside") },
                        "\(name) cut after byte \(offset): \(end.statement.path) kept with \(end.entries) of "
                            + "\(whole[index]) entries, without a word")
                }
                cuts += 1
            }
        }
        XCTAssertGreaterThan(cuts, 300)
    }

    /// Two downloads that overlap, joined into one file: each statement reconciles on its own, so
    /// only what the repeat says of itself (account, number, balances, entries) gives it away.
    func testAStatementTheFileHoldsTwiceIsAWarning() throws {
        let german = try fixture("german.sta")
        XCTAssertEqual(MT940Read(bytes: german).warnings, [])
        XCTAssertEqual(
            MT940Read(bytes: german + german).warnings,
            [
                "statement 3 repeats statement 1 (account 37040044/0532013000, :28C: 00001/001, the same balances and 3 entries): the same payments again, each in the feed twice: remove the repeat from the file (--dedupe keeps one of each only where it has the bank's reference)",
                "statement 4 repeats statement 2 (account 37040044/0532013000, :28C: 00002/001, the same balances and 2 entries): the same payments again, each in the feed twice: remove the repeat from the file (--dedupe keeps one of each only where it has the bank's reference)",
            ])
        let pages = try fixture("plain-pages.sta")
        XCTAssertEqual(MT940Read(bytes: pages + german).warnings, [], "other statements")
    }

    /// Pages of one account where one is missing: each reconciles on its own, and a journal's
    /// opening, worked back from the last closing, was 50.00 off with exit 0. A statement that
    /// opens where the one before it did not close (nor closes where it opened: a file newest
    /// first) is said; one after a statement that failed is not (the failure is said).
    func testAStatementMissingBetweenTwoIsAWarning() throws {
        let first = message(
            ":60F:C240301EUR100,00",
            ":61:2403020302C100,00NTRFNONREF", ":62F:C240302EUR200,00")
        let third = message(
            ":60F:C240305EUR250,00",
            ":61:2403060306D30,00NTRFNONREF", ":62F:C240306EUR220,00")
        XCTAssertEqual(
            MT940Read(first + third).warnings,
            [
                "statement 2 opens at 250.00 EUR where statement 1, the one before it of account "
                    + "DE89370400440532013000, closes at 200.00: a statement missing between them? Its entries are "
                    + "in no feed, and a journal's opening, worked back from the last closing, is off by them"
            ])
        let second = message(
            ":60F:C240302EUR200,00",
            ":61:2403040304C50,00NTRFNONREF", ":62F:C240304EUR250,00")
        XCTAssertEqual(MT940Read(first + second + third).warnings, [])
        XCTAssertEqual(MT940Read(third + second + first).warnings, [], "newest first")
    }

    func testGarbageIsNoMessageAndALineWithoutBreaksStops() {
        let garbage = MT940Read(bytes: [0, 1, 0x67, 0xFF, 0x0A, 0x6E, 0x6F])
        XCTAssertEqual(garbage.kinds, ["failure"])
        XCTAssertEqual(garbage.failure?.message, #"no MT940 message: no :20: field (line 1 reads "??gÿ")"#)
        XCTAssertEqual(MT940Read("").failure?.message, "no MT940 message: no :20: field (the file is empty)")
        let long = MT940Read(message(":60F:C240101EUR0,") + String(repeating: "x", count: 70_000))
        XCTAssertEqual(long.failure?.message, "line 6 runs past 64 KiB without a line break: not MT940 text")
    }

    func testBalancesThatCannotBeReadOrAreMissingFailTheStatement() {
        XCTAssertEqual(
            MT940Read(message(":60F:C24x301EUR0,", ":62F:C240101EUR0,")).ends.first?.failure,
            #"line 4: :60F: "C24x301EUR0," has no date YYMMDD: the balances cannot be checked"#)
        // cmxl's Deutsche Bank sample closes on `C021131`: six digits, no day.
        XCTAssertEqual(
            MT940Read(message(":60F:C240101EUR0,", ":62F:C021131EUR0,")).ends.first?.failure,
            #"line 5: :62F: "C021131EUR0," has no date YYMMDD ("021131" is no day): the balances cannot be checked"#)
        XCTAssertEqual(
            MT940Read(message(":60F:C240101EUR0,")).ends.first?.failure,
            "no closing balance (:62F: or :62M:): the statement cannot be checked")
        XCTAssertEqual(
            MT940Read(message(":60F:C240101EUR0,", ":62F:C240101USD0,")).ends.first?.failure,
            "line 5: :62F: is in USD, the opening balance in EUR")
    }

    func testBlockHeadersCRLFAndMessagesRunTogether() {
        let text =
            "{1:F01BANKDEFFAXXX0000000000}{2:O940BANKDEFFXXXXN}{4:\r\n:20:A\r\n:25:X\r\n:60F:C240101EUR1,00\r\n"
            + ":61:240102C1,00NTRFNONREF\r\n:62F:C240102EUR2,00\r\n-}{1:F01BANKDEFFAXXX0000000000}{4:\r\n:20:B\r\n"
            + ":25:Y\r\n:60F:D240101EUR1,00\r\n:62F:D240101EUR1,00\r\n-}\r\n"
        let read = MT940Read(text)
        XCTAssertEqual(read.kinds, ["begin", "entry", "end", "begin", "end"])
        XCTAssertEqual(read.ends.map(\.statement.accountID), ["X", "Y"])
        XCTAssertEqual(read.ends.map(\.failure), [nil, nil])
        XCTAssertEqual(read.ends.last?.statement.finalBalance, "-1.00")
    }

    /// A reference two lines of one statement share names neither: the DK's MT942 example books
    /// a credit and a debit `//55555`. Another statement may use it once; a line handed out
    /// before the repeat was read (here: before a reject) keeps it.
    func testAReferenceRepeatedInAStatementIsNoId() {
        let read = MT940Read(
            message(
                ":60F:C240101EUR0,", ":61:240101C5,00NTRFNONREF//55555", ":61:240101D2,00NDDTNONREF//55555",
                ":61:240101C1,00NTRFKD-1//X9", ":61:240101C1,00NTRFKD-1", ":61:240101D1,00NTRFNONREF//55555",
                ":62F:C240101EUR4,00")
                + message(
                    ":60F:C240101EUR4,00", ":61:240102C1,00NTRFNONREF//55555", ":61:241302C1,00NTRFNONREF//R",
                    ":61:240102C1,00NTRFNONREF//55555", ":62F:C240102EUR7,00"))
        XCTAssertEqual(read.ends.compactMap(\.failure), [])
        XCTAssertEqual(read.entries.map(\.id), [nil, nil, "X9", nil, nil, "55555", nil])
        XCTAssertEqual(
            read.kinds,
            ["begin"] + Array(repeating: "entry", count: 5) + ["end", "begin", "entry", "reject", "entry", "end"])
    }

    /// A bank cuts `:86:` at 65 characters wherever it falls: a line that then starts `:12:` is
    /// the text's next line, not a field (the payee in `?32` after it was lost). A field MT940
    /// defines still ends the `:86:`.
    func testADetailsLineStartingWithAnUndefinedTagContinuesIt() {
        let read = MT940Read(
            message(
                ":60F:C240101EUR100,00", ":61:2401020102D10,00NMSCNONREF",
                ":86:106?00KARTENZAHLUNG?20SVWZ+Rechnung Nr\n:12: vom 01.01.?32Laden GmbH", ":62F:C240102EUR90,00"))
        XCTAssertEqual(read.ends.compactMap(\.failure), [])
        XCTAssertEqual(read.entries.map(\.vendor), ["Laden GmbH"])
        XCTAssertEqual(read.entries.map(\.memo), ["Rechnung Nr:12: vom 01.01."])
    }

    /// ABN AMRO's older files (zilverline/mt940's `two_accounts.txt`) give one payment its
    /// details in several `:86:` fields, one a line: all of them were the payment's, but only
    /// the first was read and the others dropped with exit 0. They are further lines of one text.
    func testSeveralDetailsFieldsOfOneLineAreOneText() throws {
        let read = MT940Read(
            message(
                ":60F:C120917EUR000000000700,00",
                ":61:120918D000000000500,00N0620266050522      Arvato Fin Serv Ltd",
                ":86:BETALINGSKENM.  3010675705", ":86:GOOGLE GOOG6291713437", ":86:1402786401",
                ":61:120918D000000000100,00N084P002445588      Belastingdienst",
                ":86:BETALINGSKENM.  0189827218201120", ":62F:C120918EUR000000000100,00",
                ":86:the statement's own, after its closing balance"))
        XCTAssertEqual(read.ends.compactMap(\.failure), [])
        // The payee is the name after the line's 16-character reference; the details, the memo.
        XCTAssertEqual(read.entries.map(\.vendor), ["Arvato Fin Serv Ltd", "Belastingdienst"])
        XCTAssertEqual(
            read.entries.map(\.memo),
            ["BETALINGSKENM. 3010675705 GOOGLE GOOG6291713437 1402786401", "BETALINGSKENM. 0189827218201120"])
        // Another field between ends them: ING's MT942 has its own `:86:/SUM/…` after `:90C:`.
        let interim = MT940Read(bytes: try fixture("interim-ing.942"))
        XCTAssertEqual(interim.entries.last?.memo, "Terugboeking incasso 7")
        // Also when the last line has no `:86:` of its own.
        let bare = MT940Read(
            ":20:I1\n:25:NL20INGB0001234567EUR\n:28C:1/1\n:34F:EUR0,\n:13D:2403121200+0100\n"
                + ":61:2403120312D30,00NTRFNONREF//X1\n:90D:1EUR30,00\n:90C:0EUR0,\n:86:/SUM/1/0/30,00/0,00/\n-\n")
        XCTAssertEqual(bare.ends.compactMap(\.failure), [])
        XCTAssertEqual(bare.entries.map(\.memo), [nil])
        XCTAssertEqual(bare.entries.map(\.vendor), ["NTRF"])
    }

    /// An MT942 whose currency only its `:90D:`/`:90C:` name is begun at its end in that
    /// currency; its entries and rejects follow the beginning, in their order.
    func testAnMT942WithoutFloorLimitIsBegunInTheTotalsCurrency() {
        let read = MT940Read(
            ":20:I1\n:25:NL20INGB0001234567\n:28C:1/1\n:13D:2401021200+0100\n"
                + ":61:2401020102D30,00NTRFNONREF//X1\n:86:one\n:61:2413020102D5,00NTRFNONREF//X2\n"
                + ":61:2401020102C7,00NTRFNONREF//X3\n:90D:2EUR35,00\n:90C:1EUR7,00\n-\n")
        XCTAssertEqual(read.kinds, ["begin", "entry", "reject", "entry", "end"])
        XCTAssertEqual(read.ends.first?.statement.currency, "EUR")
        XCTAssertEqual(read.ends.compactMap(\.failure), [])
        let begun = read.events.compactMap { if case .statement(let statement) = $0 { statement } else { nil } }
        XCTAssertEqual(begun.map(\.currency), ["EUR"])
        XCTAssertEqual(read.entries.map(\.id), ["X1", "X3"])
    }

    func testDialectsOfDetails() {
        func details(_ text: String) -> StatementEntry? {
            MT940Read(message(":60F:C240101EUR0,", ":61:240101C0,NTRFNONREF", ":86:" + text, ":62F:C240101EUR0,"))
                .entries.first
        }
        let ing = details("/CNTP/NL12INGB0007654321/INGBNL2A/De Bakker BV/Utrecht/REMI/USTD//Brood/EREF/X/")
        XCTAssertEqual(ing?.vendor, "De Bakker BV")
        XCTAssertEqual(ing?.memo, "Brood")
        let abn = details("/TRTP/SEPA INCASSO/CSID/NL00ZZZ/NAME/Energie BV/MARF/M1/REMI/Termijn 3/IBAN/NL1")
        XCTAssertEqual(abn?.vendor, "Energie BV")
        XCTAssertEqual(abn?.memo, "Termijn 3")
        let german = details("177?00SEPA-UEBERWEISUNG?20Miete ?21Juni?32Max Mustermann")
        XCTAssertEqual(german?.vendor, "Max Mustermann")
        XCTAssertEqual(german?.memo, "Miete Juni")
        // A space after the tag: still German subfields, not free text.
        let spaced = details(" 020?00Wyplata?20Faktura 7?32Jan Kowalski")
        XCTAssertEqual(spaced?.vendor, "Jan Kowalski")
        XCTAssertEqual(spaced?.memo, "Faktura 7")
        let unnamed = details("835?00ABSCHLUSS?20Zinsen")
        XCTAssertEqual(unnamed?.vendor, "ABSCHLUSS")
        let free = details("Some shop / Berlin")
        XCTAssertEqual(free?.vendor, "Some shop / Berlin")
        XCTAssertNil(free?.memo)
    }
    /// `:NS:` in place of `:86:` (German STARTUMS exports; Sberbank Hungary's in wolph/mt940):
    /// the whole field was the vendor, `:NS:01526715 02A12596785 … 15ERGO Versicherung AG Fiokte
    /// 16lep …`. Now `15`/`16` are the name (a 27-character line joined as it is), `01`–`14` the
    /// purpose, `17` the booking text where there is no name; the statement's own `:NS:` (after
    /// `:28:`) is no entry's.
    func testNonSwiftFieldsGiveTheNameAndThePurpose() {
        let read = MT940Read(
            ":20:STARTUMS\r\n:25:1966315302010001\r\n:28:00046\r\n:NS:22JOHN DOE\r\n23John Doe\r\n"
                + ":60F:C171011HUF10000,00\r\n"
                + ":61:1710111011DF2402,00S   X\r\n:NS:01526715\r\n09Tranz. Illetek: 7.21HUF\r\n"
                + "15ERGO Versicherung AG Fiokte\r\n16lep\r\n17G200000137791678\r\n"
                + ":61:1710111011DF98,00S   X\r\n:NS:01Kontofuehrung\r\n02Oktober\r\n17Entgelt\r\n"
                + ":62F:C171011HUF7500,00\r\n-\r\n")
        XCTAssertEqual(read.entries.map(\.vendor), ["ERGO Versicherung AG Fioktelep", "Entgelt"])
        XCTAssertEqual(read.entries.map(\.memo), ["526715 Tranz. Illetek: 7.21HUF", "Kontofuehrung Oktober"])
        XCTAssertEqual(read.entries.map(\.amount), ["-2402.00", "-98.00"])
        XCTAssertNil(read.ends.first?.failure)
        XCTAssertEqual(read.ends.first?.dialects, ["non-SWIFT :NS:": 2])
    }

    /// Triodos (zilverline/mt940's `triodos_iban.txt`) and a Polish bank (a-fas/mt940js's
    /// `test-with-NS.mt940x`) mark the ZKA's subfields `>NN`: read as free text, the vendor was
    /// `000>100000000000` or `>20Usługi…>31…`, marks and accounts in the memo. Now `>32` names,
    /// `>20`–`>29` are the purpose, and Triodos's counterparty BIC and IBAN (`>20`, `>21`) are not.
    func testSubfieldsMarkedWithAnAngleBracket() {
        let read = MT940Read(
            message(
                ":60F:C131007EUR0,00", ":61:131007C1000,00NET NONREF",
                ":86:000>100000000000\n>20RABONL2U\n>21NL12RABO0888888888\n>22METSELAARBAASIK PAARDENA PO>23"
                    + "STBUS 969 8888BB UTRETRECH\n>310454545454",
                ":61:131025D10,00NET NONREF",
                ":86:000>100000000000\n>20NS-DKDKDKFJFJFLS 201 \\KLKLKL>21FOOBAR \\ BETAALAUTOMAAT 22-\n"
                    + ">2209-14 12:00 PASNR. 009>310454545454",
                ":61:170103DN369,00FCHGNONREF",
                ":86:>20Usługi księgowe - m-c grudzien 2016 rok.>31491050195310000\n0477656534>32BOOKING GROUP",
                ":62F:C131025EUR621,00"))
        XCTAssertEqual(read.ends.compactMap(\.failure), [])
        XCTAssertEqual(
            read.entries.map(\.memo),
            [
                "METSELAARBAASIK PAARDENA POSTBUS 969 8888BB UTRETRECH",
                "NS-DKDKDKFJFJFLS 201 \\KLKLKLFOOBAR \\ BETAALAUTOMAAT 22-09-14 12:00 PASNR. 009",
                "Usługi księgowe - m-c grudzien 2016 rok.",
            ])
        XCTAssertEqual(
            read.entries.map(\.vendor),
            [
                "METSELAARBAASIK PAARDENA POSTBUS 969 8888BB UTRETRECH",
                "NS-DKDKDKFJFJFLS 201 \\KLKLKLFOOBAR \\ BETAALAUTOMAAT 22-09-14 12:00 PASNR. 009",
                "BOOKING GROUP",
            ])
        XCTAssertEqual(read.ends.first?.dialects, ["subfields >20–>33": 3])
    }

    /// a-fas/mt940js's Polish sample gives its last line both a `:NS:` and a `:86:`: the `:86:`,
    /// the account fee's only words, was dropped with exit 0. Both are read: the `:86:` names
    /// the vendor, the memo is the two purposes.
    func testANonSwiftFieldAndADetailsFieldOfOneLineAreBothRead() {
        let read = MT940Read(
            message(
                ":60M:C170124PLN2996,53", ":61:170131DN25,00FCHGNONREF",
                ":NS:01My Street 17\n02City and Region\n03Invoice Nr. 12345",
                ":86:>20Opłata za prowadzenie rachunku od  1-01-2017 do 31-01-2017\n>31>32",
                ":62F:C170131PLN2971,53"))
        XCTAssertEqual(read.ends.compactMap(\.failure), [])
        XCTAssertEqual(read.entries.map(\.vendor), ["Opłata za prowadzenie rachunku od 1-01-2017 do 31-01-2017"])
        XCTAssertEqual(
            read.entries.map(\.memo),
            ["My Street 17 City and Region Invoice Nr. 12345 Opłata za prowadzenie rachunku od 1-01-2017 do 31-01-2017"]
        )
        XCTAssertEqual(read.ends.first?.dialects, ["non-SWIFT :NS:": 1, "subfields >20–>33": 1])
    }

    /// zilverline/mt940's Triodos file (`triodos.txt`): the three lines' purposes, the
    /// counterparty's BIC and IBAN (`>20RABONL2U>21NL12RABO0888888888`) left out, the slices
    /// joined as they are (zilverline's spec expects `UTRETRECHNEDERLAND` too). 0 + 1000 − 42 − 10
    /// = 948 ✓.
    func testTriodosFileGivesEachLineItsPurpose() throws {
        let read = MT940Read(bytes: try fixture("triodos.txt"))
        XCTAssertEqual(read.ends.compactMap(\.failure), [])
        XCTAssertEqual(read.entries.map(\.amount), ["1000.00", "-42.00", "-10.00"])
        XCTAssertEqual(
            read.entries.map(\.memo),
            [
                "METSELAARBAASIK PAARDENA POSTBUS 969 8888BB UTRETRECHNEDERLAND STORTING AANDELENKAPITAAL ZAAK NR 40000",
                "INTERNET BETAALREKENING",
                "NS-DKDKDKFJFJFLS 201 \\KLKLKLFOOBAR \\ BETAALAUTOMAAT 22-09-14 12:00 PASNR. 009",
            ])
    }

    /// Rabobank's fee line begins its `:86:` with the transaction code `/TRCD/093/` (a real
    /// export's layout, its account and reference our own): read as free text,
    /// the payee was `/TRCD/093/BENM//NAME/Rabobank/REMI/Kosten` and the memo every key. Its
    /// `NAME` is the payee, `REMI` the memo without the `ISDT` date. 6349.70 − 20.84 = 6328.86 ✓.
    func testRabobanksFeeLineWithItsTransactionCodeFirstIsReadByItsKeys() {
        let read = MT940Read(
            ":20:940S250401\n:25:NL91RABO0123456789 EUR\n:28C:25091\n:60F:C250331EUR000000006349,70\n"
                + ":61:250401D000000000020,84N093NONREF//NP8A000000000001\nNL91RABO0123456789\n"
                + ":86:/TRCD/093/BENM//NAME/Rabobank/REMI/Kosten                        \n"
                + "     Periode 05-03-2025 t/m 31-03-2025/ISDT/2025-04-01\n"
                + ":62F:C250401EUR000000006328,86\n")
        XCTAssertEqual(read.ends.compactMap(\.failure), [])
        XCTAssertEqual(read.entries.map(\.amount), ["-20.84"])
        XCTAssertEqual(read.entries.map(\.vendor), ["Rabobank"])
        XCTAssertEqual(read.entries.map(\.memo), ["Kosten Periode 05-03-2025 t/m 31-03-2025"])
        XCTAssertEqual(read.entries.map(\.id), ["NP8A000000000001"])
        XCTAssertEqual(read.ends.first?.dialects, ["Dutch /TRTP/": 1])
    }

    /// PKO BP marks its subfields `~NN` (`020~00152`, a line each: `~20` purpose, `~32`–`~33` the
    /// name, `~38` the IBAN), an empty one holding the byte 0xFF: the layout of a PKO BP test file
    /// in the open, in windows-1250, with names and numbers of our own. Read as free text, each payee was `020~00152` and each memo
    /// every subfield with its mark. D2671.79 − 25.00 − 434.00 − 0.75 = D3131.54 ✓.
    func testPKOBPTildeSubfieldsGiveThePayeeAndPurpose() {
        let empty = ["~21ÿ", "~22ÿ", "~23ÿ", "~24ÿ", "~25ÿ"]
        let lines =
            [
                ":20:MT940", ":25:/PL10105000997603123456789123", ":28C:1", ":60F:D210526PLN2671,79",
                ":61:2105260526D25,00N152NONREF//6460500500000101", "152 0", ":86:020~00152", "~20PRZELEW SRODKÓW",
            ] + empty
            + [
                "~3010205561", "~319000361245650140", "~32JAN NOWAK", "~33ÿ", "~38PL61109010140000071219812874",
                "~60ÿ", "~63ÿ", ":61:2105260526D434,00N210NONREF//6460502100000202", "210 0", ":86:020~00210",
                "~20P 12345678901 0 PI", "~21T-23", "~22ÿ", "~3010100071", "~32URZAD SKAR", "~33BOWY WARSZAWA",
                "~38PL83101010230000261395100000", ":61:2105260526D0,75N108NONREF//6463600500000303", "108 0",
                ":86:020~00108", "~20KOSZTY SR21IP00000001DS", "~21ÿ", "~30ÿ", "~32ANNA KOWALSKA", "~33ÿ",
                "~38FR7630006000011234567890189", ":62F:D210531PLN3131,54", "-",
            ]
        // windows-1250: `Ó` is 0xD3 and the empty mark 0xFF, as in Latin-1.
        let read = MT940Read(bytes: lines.joined(separator: "\r\n").unicodeScalars.map { UInt8($0.value) })
        XCTAssertEqual(read.ends.compactMap(\.failure), [])
        XCTAssertEqual(read.entries.map(\.amount), ["-25.00", "-434.00", "-0.75"])
        XCTAssertEqual(read.entries.map(\.vendor), ["JAN NOWAK", "URZAD SKARBOWY WARSZAWA", "ANNA KOWALSKA"])
        XCTAssertEqual(
            read.entries.map(\.memo), ["PRZELEW SRODKÓW", "P 12345678901 0 PIT-23", "KOSZTY SR21IP00000001DS"])
        XCTAssertEqual(read.ends.first?.dialects, ["subfields ~20–~33": 3])
    }

    /// Triodos's structured remittance `/REMI/STRD//1234…/` (a real export's layout: the issuer
    /// before the reference left empty) is the reference alone: the memo kept a `/` before it.
    func testTriodosStructuredRemittanceWithoutIssuerIsTheReference() {
        let read = MT940Read(
            ":20:1700000000001\n:25:NL12TRIO0123456789\n:28C:1\n:60F:C250101EUR6000,00\n"
                + ":61:250119D5524,00NET0NONREF\n"
                + ":86:/CNTP/NL86INGB0002445588/INGBNL2A/Belastingdienst Apeldoorn//\n"
                + "/EREF/20250119120000TRIONL2UXXXE000012345//REMI/STRD//12345678901\n23456/\n"
                + ":62F:C250119EUR476,00\n-\n")
        XCTAssertEqual(read.ends.compactMap(\.failure), [])
        XCTAssertEqual(read.entries.map(\.vendor), ["Belastingdienst Apeldoorn"])
        XCTAssertEqual(read.entries.map(\.memo), ["1234567890123456"])
    }

    /// zilverline/mt940's Rabobank file of the old layout (`rabobank-old.txt`): 23 daily
    /// statements, each reconciled; the insurer's debit has three `:86:` lines, all its memo.
    func testRabobanksOldFileKeepsEveryDetailsLineOfAPayment() throws {
        let read = MT940Read(bytes: try fixture("rabobank-old.txt"))
        XCTAssertEqual(read.ends.count, 23)
        XCTAssertEqual(read.ends.compactMap(\.failure), [])
        XCTAssertEqual(read.entries.count, 11)
        let insurer = read.entries.first { $0.amount == "-190.14" }
        XCTAssertEqual(
            insurer?.memo,
            "BETALINGSKENM. 490022201282 ARBEIDS ONG. VERZ. 00333333333 PERIODE 06.10.2012 - 06.11.2012")
    }

    /// wolph/mt940's Citi statement: four spaces for each line's entry date. Every line read,
    /// and the statement reconciles: 17376.67 − 1142.75 = 16233.92.
    func testCitisBlankEntryDatesAreReadAndTheStatementReconciles() throws {
        let read = MT940Read(bytes: try fixture("citi.txt"))
        XCTAssertEqual(read.kinds, ["begin", "entry", "entry", "entry", "entry", "entry", "end"])
        XCTAssertEqual(read.entries.map(\.amount), ["-212.39", "-369.28", "0.00", "0.00", "-561.08"])
        XCTAssertEqual(Set(read.entries.map(\.date)), ["2024-03-12"])
        XCTAssertEqual(read.minorSum, -114275)
        XCTAssertNil(read.ends.first?.failure)
    }

    /// A `:61:` after the message's `-` is in no statement: not read (the balances before it
    /// reconcile without it), and the note on the lines skipped says a transaction line was
    /// among them (wolph/mt940's multiline.sta).
    func testATransactionLineOutsideAnyMessageIsNamedInTheNote() {
        let text =
            message(":60F:C040802EUR16,40", ":61:0408040804DR5,NTRFREF//MUL1", ":62F:C040804EUR11,40")
            + ":61:2212191220C119,NMSC341241773/1XXXXX//O/341241774\nPaiement\n"
        let reader = MT940Reader(text: text)
        var kinds: [String] = []
        while let event = reader.next() {
            if case .entry = event { kinds.append("entry") }
            if case .statementEnd(let end) = event { kinds.append(end.failure ?? "end") }
        }
        XCTAssertEqual(kinds, ["entry", "end"])
        XCTAssertEqual(
            reader.notes,
            [
                "2 lines outside any message skipped (among them a :61: transaction line, line 8: in no statement, not read)"
            ])
    }

    /// A message whose `:20:` is missing (ASN's layout, the line lost) begins at its `:25:`: its
    /// lines were skipped as outside any message, its two entries lost with exit 0 and a note
    /// that named only the first.
    func testAMessageWithoutItsReferenceIsReadFromItsAccount() {
        let second = message(
            ":60F:C200105EUR379,29", ":61:2001050105C1000,00NIOBNL56ASNB9999999999",
            ":61:2001050105D801,55NIDBNL08ABNA9999999999", ":62F:C200105EUR577,74"
        ).replacingOccurrences(of: ":20:REF\n", with: "")
        let text = message(":60F:C200104EUR379,29", ":62F:C200104EUR379,29") + second
        let reader = MT940Reader(text: text)
        var kinds: [String] = []
        var amounts: [String] = []
        while let event = reader.next() {
            if case .entry(let entry) = event { amounts.append(entry.amount) }
            if case .statementEnd(let end) = event { kinds.append(end.failure ?? "end") }
        }
        XCTAssertEqual(kinds, ["end", "end"])
        XCTAssertEqual(amounts, ["1000.00", "-801.55"])
        XCTAssertEqual(reader.notes, ["line 7: a message without its :20: reference, read from its :25:"])
    }

    /// Rabobank's and ABN AMRO's older layout names the other party on the `:61:` line, after the
    /// customer's reference padded to 16 characters: the payee was the first line of free
    /// `:86:` text (`BETALINGSKENM. …`), or without one the reference and name run together
    /// (`6666666666      J. DOE Holding B.V.`). A reference of its own 16 characters and more, not
    /// padded, is no name; nor is a structured `:86:`'s payee overruled.
    func testTheNameAfterThePaddedReferenceIsThePayee() {
        let read = MT940Read(
            message(
                ":60F:C121025EUR20000,00", ":61:121026D000000010000,00N1016666666666      J. DOE Holding B.V.",
                ":61:121026D000000000010,00NMSCREFERENCE1234567890XY",
                ":61:121026D000000000005,00NMSC1234567890      Somebody",
                ":86:166?00GUTSCHRIFT?20Rechnung 7?32Laden GmbH", ":62F:C121026EUR9985,00"))
        XCTAssertEqual(read.ends.compactMap(\.failure), [])
        XCTAssertEqual(read.entries.map(\.vendor), ["J. DOE Holding B.V.", "REFERENCE1234567890XY", "Laden GmbH"])
        XCTAssertEqual(read.entries.map(\.memo), [nil, nil, "Rechnung 7"])
    }

    /// Dutch banks label the other party `NAAM:` in free `:86:` text (ABN AMRO's fixed columns,
    /// Knab's `REK: …/NAAM: …` line; zilverline/mt940's files, the figures mine): the payee was
    /// the first line, `SEPA ACCEPTGIROBETALING` or the invoice's text. A label inside a word is none.
    func testALabelledNameInFreeTextIsThePayee() {
        let read = MT940Read(
            message(
                ":60F:C140124EUR2000,00", ":61:1401260127D1000,N946NONREF",
                ":86:SEPA ACCEPTGIROBETALING          IBAN: NL86INGB0002445588\n"
                    + "BIC: INGBNL2A                    NAAM: BELASTINGDIENST\n"
                    + "BETALINGSKENM.: 1234567890098876 ID DEBITEUR: 777777777",
                ":61:1401270127C500,NTRFNONREF", ":86:FACTUUR 201403110\nREK: NL65INGB0123456789/NAAM: PICQER",
                ":61:1401270127D10,NTRFNONREF", ":86:ZOEKNAAM: hier\nBOOKING",
                ":62F:C140127EUR1490,00"))
        XCTAssertEqual(read.ends.compactMap(\.failure), [])
        XCTAssertEqual(read.entries.map(\.vendor), ["BELASTINGDIENST", "PICQER", "ZOEKNAAM: hier"])
        XCTAssertEqual(read.entries.first?.memo?.hasPrefix("SEPA ACCEPTGIROBETALING IBAN: NL86INGB0002445588"), true)
        XCTAssertEqual(read.entries[1].memo, "FACTUUR 201403110 REK: NL65INGB0123456789/NAAM: PICQER")
    }
}
