import CSVReading
import Foundation
import XCTest

/// Rows the reader cannot take, ambiguous files, quoting, and several currencies.
final class RowsAndRejectsTests: XCTestCase {
    /// A `Reference` column is the payer's text in most exports (Starling's `RENT` each month),
    /// not an id: only a transaction id column, or a profile, gives ids.
    func testAReferenceColumnIsNoId() throws {
        let text = """
            Date,Counter Party,Reference,Amount (GBP),Transaction ID
            2024-03-01,Landlord,RENT,-800.00,
            2024-04-01,Landlord,RENT,-850.00,
            2024-04-02,Tesco,TESCO STORES,-12.34,T-9

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.entries[0].map(\.id), [nil, nil, "T-9"])
    }

    /// A cell of megabytes is no side or status word and is not normalised as one (the first
    /// pass folded a 50 MB payee character by character, 10 s).
    func testAHugeCellIsRejectedForItsLengthNotReadAsAWord() throws {
        XCTAssertEqual(SideWords.defaults.side(of: " DR "), .debit)
        XCTAssertNil(SideWords.defaults.side(of: String(repeating: " ", count: 300) + "DR"))
        let text =
            "Date,Description,Amount\n2024-01-02,Shop,-1.00\n2024-01-03,"
            + String(repeating: "x", count: 5_000_000) + ",-2.00\n2024-01-04,Cafe,-3.00\n"
        // Handed on as read; the host rejects it for the vendor's length.
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.entries[0].map(\.amount), ["-1.00", "-2.00", "-3.00"])
        XCTAssertEqual(result.entries[0][1].vendor.utf8.count, 5_000_000)
    }

    func testShortRowAndBadAmountAreRejectedWithTheirLines() throws {
        let text = """
            Date,Description,Amount,Transaction ID
            2024-01-02,Coffee,"1,234.50",R1
            2024-01-03,Short row
            2024-01-04,Bad,"1,23,4",R3
            2024-01-05,Tea,2.00,R4

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(
            result.entries[0],
            [
                ReadEntry(line: 2, date: "2024-01-02", vendor: "Coffee", amount: "1234.50", id: "R1"),
                ReadEntry(line: 5, date: "2024-01-05", vendor: "Tea", amount: "2.00", id: "R4"),
            ])
        XCTAssertEqual(result.rejects[0].map(\.line), [3, 4])
        XCTAssertEqual(result.rejects[0][0].reason, "2 fields, the header has 4")
        XCTAssertEqual(result.rejects[0][0].raw, "2024-01-03,Short row")
        XCTAssertTrue(result.rejects[0][1].reason.hasPrefix(#"amount "1,23,4": "#), result.rejects[0][1].reason)
        XCTAssertEqual(result.rejects[0][1].raw, #"2024-01-04,Bad,"1,23,4",R3"#)
        XCTAssertEqual(
            result.reportLine("rows"), "2 transactions, 2 rejected (line 3: 2 fields, the header has 4; and 1 more)")
    }

    /// Two exports joined into one file: the second's header is a row whose date does not read,
    /// and its reject says what it is, since the rows after it may repeat those before.
    func testTheHeaderRowAgainIsRejectedAsTwoExportsJoined() throws {
        let export = "Date,Description,Amount\n2024-01-02,Shop,-1.00\n2024-01-03,Cafe,-2.00\n"
        let result = try CSVReading.read(export + export)
        XCTAssertEqual(result.entries[0].count, 4)
        XCTAssertEqual(
            result.rejects[0].map(\.reason),
            [
                "the header of line 1 again: two exports joined into one file? The rows after it may repeat rows before it, each then in the feed twice: remove the repeat"
            ])
        XCTAssertEqual(result.rejects[0].map(\.line), [4])
        let other = try CSVReading.read(export + "Datum,Text,Betrag\n2024-01-04,Bank,-3.00\n")
        XCTAssertEqual(other.rejects[0].map(\.reason), [#"date "Datum" does not read as %Y-%m-%d"#], "not the header")
    }

    func testADateTheDecidedFormatCannotReadIsRejected() throws {
        let text = "Datum;Name;Betrag\n24.01.2024;A;1,00\n2024-01-25;B;2,00\n26.01.2024;C;3,00\n"
        let result = try CSVReading.read(text, options: ["date-format": "%d.%m.%Y"])
        XCTAssertEqual(result.entries[0].map(\.date), ["2024-01-24", "2024-01-26"])
        XCTAssertEqual(result.rejects[0].map(\.reason), [#"date "2024-01-25" does not read as %d.%m.%Y"#])
    }

    /// One typo in a date column the file decides for itself: that row is a reject, the rest read.
    func testADateTheInferredFormatCannotReadIsRejectedNotAProblem() throws {
        let text = """
            Date,Description,Amount
            2024-02-01,Bakery,-1.00
            2024-02-02,Butcher,-2.00
            2024-02c-05,Typo,-3.00
            2024-02-07,Salary,4.00
            2024-02-09,Kiosk,-5.00

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.line), [2, 3, 5, 6])
        XCTAssertEqual(
            result.rejects[0],
            [
                ReadReject(
                    line: 4, reason: #"date "2024-02c-05" does not read as %Y-%m-%d"#, raw: "2024-02c-05,Typo,-3.00")
            ])
        XCTAssertEqual(
            result.reportLine("date format"), "%Y-%m-%d (1 cell on line 4 reads as no date: that row is rejected)")
        XCTAssertEqual(
            result.reportLine("rows"),
            #"4 transactions, 1 rejected (line 4: date "2024-02c-05" does not read as %Y-%m-%d)"#)

        // Two typos in five dates are no typo: the column fails, quoting the first.
        let twice = text.split(separator: "2024-02-07", omittingEmptySubsequences: false).joined(separator: "2024-0207")
        let failed = try CSVReading.read(twice)
        XCTAssertEqual(
            failed.problems,
            [
                #"bank.csv: column "Date": line 4: "2024-02c-05" is not a date in any known format; set date-format"#
            ])
    }

    /// A control byte in a cell is escaped wherever a reason quotes it, never passed on raw.
    func testRejectReasonsEscapeControlsAndCutLongCells() throws {
        let nul = "Date,Payee,Amount\n2024-01-02,Shop,1\u{0}2\n2024-01-03,Tea,2.00\n2024-01-04,Cake,3.00\n"
        let result = try CSVReading.read(nul)
        XCTAssertEqual(result.rejects[0].map(\.line), [2])
        XCTAssertEqual(result.rejects[0].first?.reason, #"amount "1\02": not an amount"#)

        let given = "Datum;Name;Betrag\n24.01.2024;A;1,00\n\"25.01\t2024\u{1}\";B;2,00\n26.01.2024;C;3,00\n"
        let dated = try CSVReading.read(given, options: ["date-format": "%d.%m.%Y"])
        XCTAssertEqual(dated.rejects[0].map(\.reason), [#"date "25.01\t2024\u0001" does not read as %d.%m.%Y"#])

        let long = String(repeating: "x", count: 60)
        let cut = try CSVReading.read("Date,Payee,Amount\n2024-01-02,A,\(long)\n2024-01-03,B,1.00\n2024-01-04,C,2.00\n")
        XCTAssertEqual(
            cut.rejects[0].map(\.reason), ["amount \"\(String(repeating: "x", count: 40))…\": not an amount"])
        for reject in result.rejects[0] + dated.rejects[0] + cut.rejects[0] {
            XCTAssertFalse(reject.reason.unicodeScalars.contains { $0.value < 0x20 }, reject.reason)
        }
    }

    func testAmbiguousDatesAreAProblemNamingDateFormat() throws {
        let text = """
            Date,Description,Amount
            01/02/2024,Bakery,-1.00
            03/04/2024,Butcher,-2.00
            12/11/2024,Salary,3.00

            """
        let result = try CSVReading.read(text, origin: "usa.csv")
        XCTAssertEqual(result.problems.count, 1)
        XCTAssertTrue(result.problems[0].hasPrefix("usa.csv: column \"Date\": "), result.problems[0])
        XCTAssertTrue(result.problems[0].contains("date-format"), result.problems[0])
        XCTAssertEqual(result.entries, [[]], "nothing is handed out while the file is ambiguous")
        XCTAssertEqual(result.reportLine("problem"), String(result.problems[0].dropFirst("usa.csv: ".count)))

        let settled = try CSVReading.read(text, options: ["date-format": "%d/%m/%Y"])
        XCTAssertEqual(settled.problems, [])
        XCTAssertEqual(settled.entries[0].map(\.date), ["2024-02-01", "2024-04-03", "2024-11-12"])
        XCTAssertEqual(settled.reportLine("date format"), "%d/%m/%Y (given)")
    }

    func testMissingRolesNameTheirOptions() throws {
        let text = "When,Who,What\nyesterday,Bob,lots\ntoday,Alice,little\n"
        let result = try CSVReading.read(text)
        XCTAssertEqual(
            result.problems,
            [
                "bank.csv: no date column found: set date (a header name or a position)",
                "bank.csv: no amount column found: set amount, or debit and credit",
            ])
        // A date header over dates no format reads names the format's option, not only `date`.
        let kanji = try CSVReading.read("日付,摘要,金額\n2024年3月15日,店,-1200\n2024年3月16日,給与,40000\n")
        XCTAssertEqual(
            kanji.problems,
            [
                #"bank.csv: no date column found: column 1 "日付" is headed as dates, but no known format reads its cells ("2024年3月15日"): set date-format, and date if the dates are in another column"#
            ])
        XCTAssertEqual(
            try CSVReading.read(
                "日付,摘要,金額\n2024年3月15日,店,-1200\n2024年3月16日,給与,40000\n", options: ["date-format": "%Y年%m月%d日"]
            ).entries.first?.map(\.date), ["2024-03-15", "2024-03-16"])
        let several = try CSVReading.read(
            "When,Who,Price,Tax,Total\n2024-01-02,Bobby,10.00,2.00,12.00\n2024-01-03,Annie,20.00,4.00,24.00\n")
        XCTAssertEqual(
            several.problems,
            [
                #"bank.csv: no amount column found: 3 columns hold amounts (3 "Price", 4 "Tax", 5 "Total"): set amount to the one that moved, or debit and credit"#
            ])
        let named = try CSVReading.read(text, options: ["amount": "Price"])
        XCTAssertTrue(named.problems.contains("bank.csv: amount \"Price\": no such column (When, Who, What)"))
        // A currency code where a column was asked for points to the option that takes a code.
        let code = try CSVReading.read("Date,Payee,Amount\n2024-03-01,Bob,1.00\n", options: ["currency": "eur"])
        XCTAssertEqual(
            code.problems,
            [
                "bank.csv: currency \"eur\": no such column (Date, Payee, Amount); for EUR on every row set default-currency=EUR"
            ])
    }

    func testQuotedFieldsWithQuotesAndLineBreaks() throws {
        let text =
            "Date,Payee,Amount,Memo\r\n"
            + "2024-01-02,\"Say \"\"hi\"\" Ltd\",-1.00,\"first line\r\nsecond line\"\r\n"
            + "2024-01-03,\"Comma, Inc.\",2.50,plain\r\n"
            + "\r\n"
            + "2024-01-04, Spaces ,3,\r\n"
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(
            result.entries[0],
            [
                ReadEntry(
                    line: 2, date: "2024-01-02", vendor: #"Say "hi" Ltd"#, amount: "-1.00",
                    memo: "first line\r\nsecond line"),
                // The record before spans lines 2 and 3.
                ReadEntry(line: 4, date: "2024-01-03", vendor: "Comma, Inc.", amount: "2.50", memo: "plain"),
                ReadEntry(line: 6, date: "2024-01-04", vendor: "Spaces", amount: "3"),
            ])
        XCTAssertEqual(result.raws[0][0], "2024-01-02,\"Say \"\"hi\"\" Ltd\",-1.00,\"first line\r\nsecond line\"")
    }

    func testTwoCurrenciesAreTwoAccounts() throws {
        let text = """
            Date;Payee;Amount;Currency
            2024-01-02;Shop A;-10,00;EUR
            2024-01-03;Shop B;-20,00;usd
            2024-01-04;Shop C;-30,00;EUR

            """
        let result = try CSVReading.read(text, options: ["account": "Wallet", "account-id": "NL00BANK0123456789"])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(
            result.accounts,
            [
                CSVAccount(name: "Wallet EUR", currency: "EUR", id: "NL00BANK0123456789"),
                CSVAccount(name: "Wallet USD", currency: "USD", id: "NL00BANK0123456789"),
            ])
        XCTAssertEqual(result.entries[0].map(\.vendor), ["Shop A", "Shop C"])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-10.00", "-30.00"])
        XCTAssertEqual(result.entries[1].map(\.vendor), ["Shop B"])
        XCTAssertEqual(result.reportLine("accounts"), "Wallet EUR (EUR), Wallet USD (USD)")
    }

    /// A column of currency codes without a header that says so (here none at all) is the
    /// currency: amounts in two currencies are never added up as one account's.
    func testCurrencyCodesWithoutAHeaderAreTwoAccounts() throws {
        let result = try CSVReading.read(
            """
            2024-01-02,Shop one,-12.50,USD
            2024-01-03,Shop two,-2.50,EUR
            2024-01-04,Cafe,-3.10,usd
            2024-01-05,Salary,1000.00,EUR

            """, options: ["account": "Card"])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.accounts.map(\.currency), ["USD", "EUR"])
        XCTAssertEqual(result.entries[0].map(\.vendor), ["Shop one", "Cafe"])
        XCTAssertEqual(result.entries[1].map(\.amount), ["-2.50", "1000.00"])
        XCTAssertEqual(result.reportLine("accounts"), "Card USD (USD), Card EUR (EUR)")

        // Words of three capitals that are no currency's (a card's entry kinds) are not one.
        let kinds = try CSVReading.read(
            """
            2024-01-02,Shop one,-12.50,POS
            2024-01-03,Cash,-20.00,ATM
            2024-01-04,Shop two,-3.10,POS

            """, options: ["account": "Card"])
        XCTAssertEqual(kinds.problems, [])
        XCTAssertEqual(kinds.accounts.map(\.currency), [nil])
        XCTAssertEqual(kinds.entries[0].count, 3)
    }

    /// A currency cell with a tab, a no-break space or a line end around its code is that
    /// currency's, in the pass that finds the accounts and in the one that files rows in them.
    /// (The second once trimmed spaces alone: such a row went to the first account, under its
    /// currency, exit 0; and each no-break-space cell made one more `USD` account.)
    func testACurrencyCellIsItsCodeWhateverBlanksAroundIt() throws {
        let result = try CSVReading.read(
            "Date,Description,Amount,Currency\n2024-01-02,Shop A,-10.00,EUR\n2024-01-03,Shop B,-20.00,USD\t\n"
                + "2024-01-04,Shop C,-30.00,\u{A0}usd\n2024-01-05,Shop D,-40.00,USD\u{A0}\n"
                + "2024-01-06,Shop E,-50.00,\" USD\"\n2024-01-07,Shop F,-60.00,\tEUR \n")
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.accounts.map(\.currency), ["EUR", "USD"])
        XCTAssertEqual(result.entries[0].map(\.vendor), ["Shop A", "Shop F"])
        XCTAssertEqual(result.entries[1].map(\.vendor), ["Shop B", "Shop C", "Shop D", "Shop E"])
    }

    func testStatusAndNoHeader() throws {
        let withStatus = """
            Date,Description,Amount,Status
            2024-01-02,Coffee,-3.50,Booked
            2024-01-03,Hotel,-120.00,Pending

            """
        let result = try CSVReading.read(withStatus)
        XCTAssertEqual(result.entries[0].map(\.pending), [false, true])

        let headless = "2024-01-02,Coffee Shop,-3.50\n2024-01-03,Salary,2000.00\n2024-01-04,Coffee Shop,-3.60\n"
        let bare = try CSVReading.read(headless)
        XCTAssertEqual(bare.problems, [])
        XCTAssertEqual(bare.entries[0].map(\.vendor), ["Coffee Shop", "Salary", "Coffee Shop"])
        XCTAssertEqual(bare.entries[0].map(\.amount), ["-3.50", "2000.00", "-3.60"])
        XCTAssertEqual(bare.reportLine("header"), "none: line 1 is already data; columns by position")
        XCTAssertTrue(bare.report.contains(#""date": 1, "vendor": 2, "amount": 3"#), bare.report)
    }

    func testBatchesKeepFileOrderAndTheirSize() throws {
        var text = "Date,Payee,Amount\n"
        for day in 1...28 { text += "2024-02-\(day < 10 ? "0" : "")\(day),Shop \(day),\(day).00\n" }
        text += "2024-02-29,Short\n2024-03-01,Last,1\n"
        var sizes: [Int] = []
        var amounts: [String] = []
        let settings = try CSVSettings(options: [:])
        Array(text.utf8).withUnsafeBytes { buffer in
            let document = CSVDocument(bytes: buffer, origin: "b.csv", stem: "b", settings: settings)
            document.forEachBatch(account: 0, batchSize: 10) { batch in
                sizes.append(batch.texts.entries.count + batch.rejects.count)
                amounts += batch.texts.entries.map { String(decoding: batch.texts.bytes[$0.amount], as: UTF8.self) }
                return true
            }
            var calls = 0
            document.forEachBatch(account: 0, batchSize: 10) { _ in
                calls += 1
                return false
            }
            XCTAssertEqual(calls, 1, "stops when the body says so")
        }
        XCTAssertEqual(sizes, [10, 10, 10])
        XCTAssertEqual(amounts, (1...28).map { "\($0).00" } + ["1"])
    }

    /// Handelsbanken's layout (the figures mine) writes money out with U+2212, the typographic
    /// minus: no column read as amounts, and the file was refused. The balance column agrees.
    func testAmountsWithTheTypographicMinusAreRead() throws {
        let text = """
            Reskontradatum;Transaktionsdatum;Text;Belopp;Saldo
            2024-03-01;2024-03-01;Lön;25 000,00;26 000,00
            2024-03-02;2024-03-01;ICA Maxi;\u{2212}452,30;25 547,70
            2024-03-04;2024-03-03;SL Access;\u{2212}970,00;24 577,70

            """
        let result = try CSVReading.read(text, origin: "hb.csv", stem: "hb")
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["25000.00", "-452.30", "-970.00"])
        XCTAssertEqual(result.reportLine("balance chain"), "2 of 2 rows agree (oldest first)")
    }
}

/// Content against header, and files with little in them.
final class ContentOverHeaderTests: XCTestCase {
    /// A running total under `Amount` is the balance; the column it totals is the amount.
    func testARunningTotalIsTheBalanceWhateverItsHeader() throws {
        let text = """
            Date,Payee,Value,Amount
            2024-01-02,Shop,-10.00,90.00
            2024-01-03,Salary,100.00,190.00
            2024-01-04,Rent,-50.00,140.00

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-10.00", "100.00", "-50.00"])
        XCTAssertTrue(result.report.contains("4 Amount → balance (running total)"), result.report)

        // Without a header, newest first: still the balance, and the other number the amount.
        let bare = "2024-01-04,Rent,-50.00,140.00\n2024-01-03,Salary,100.00,190.00\n2024-01-02,Shop,-10.00,90.00\n"
        let headless = try CSVReading.read(bare)
        XCTAssertEqual(headless.problems, [])
        XCTAssertEqual(headless.entries[0].map(\.amount), ["-50.00", "100.00", "-10.00"])
        XCTAssertEqual(headless.entries[0].map(\.vendor), ["Rent", "Salary", "Shop"])
    }

    func testAHeaderWithoutRowsIsNoProblem() throws {
        let result = try CSVReading.read("Date;Payee;Amount\n", options: ["default-currency": "CHF"])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.accounts, [CSVAccount(name: "bank", currency: "CHF", id: nil)])
        XCTAssertEqual(result.entries, [[]])
        XCTAssertEqual(result.notes, ["the table has no rows after its header"])
    }

    func testThePreambleGivesTheAccountNumber() throws {
        let text = """
            IBAN;DE02 1203 0000 0000 2020 51
            Zeitraum;Januar 2024

            Buchungsdatum;Empfänger;Umsatz
            21.01.2024;Kiosk;-2,00
            22.01.2024;Kiosk;-3,00

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.accounts.first?.id, "DE02 1203 0000 0000 2020 51")
        XCTAssertEqual(result.entries[0].map(\.amount), ["-2.00", "-3.00"])
        XCTAssertEqual(result.reportLine("skipped"), "lines 1-3 (preamble)")
    }

    /// UBS pads its preamble to the table's width, so the field count holds from the first line:
    /// the header is the first line of names filling most of its cells, not `Kontonummer:`.
    func testAPreamblePaddedToTheTablesWidthIsStillThePreamble() throws {
        let text = """
            Kontonummer:;0235 00123456.01;;;
            Von:;2024-05-01;;;
            Anfangssaldo:;4210.35;;;

            Abschlussdatum;Währung;Betrag;Saldo;Beschreibung1
            2024-05-20;CHF;-79.00;4131.35;Swisscom (Schweiz) AG
            2024-05-25;CHF;6850.00;10981.35;Muster Pharma AG

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.reportLine("skipped"), "lines 1-4 (preamble)")
        XCTAssertEqual(result.reportLine("header"), "line 5: Abschlussdatum;Währung;Betrag;Saldo;Beschreibung1")
        XCTAssertEqual(result.entries[0].map(\.amount), ["-79.00", "6850.00"])
    }

    /// Caisse d'Épargne (the layout of OCA's test files, figures our own) writes `key : value`
    /// titles as wide as the table, so the field count holds from the first line; read as the
    /// header, it named no column, and the file was refused for a date column that was there.
    func testTitleLinesAsWideAsTheTableAreThePreamble() throws {
        let text = """
            Code de la banque : 10101;Code de l'agence : 00100;Date de début de téléchargement : 01/01/2024;Date de fin de téléchargement : 31/01/2024;;
            Numéro de compte : 01234567890;Nom du compte : MONSIEUR DUPONT;Devise : EUR;;;

            Solde en fin de période;;;;655,25;
            Date;Numéro d'opération;Libellé;Débit;Crédit;Détail
            05/01/2024;0123456789;VIREMENT RECU;;250,50;Salaire
            10/01/2024;9876543210;PAIEMENT CB;-75,25;;Achat supermarché
            15/01/2024;1122334455;RETRAIT DAB;-20,00;;Retrait distributeur
            Solde en début de période;;;;500,00;

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(
            result.reportLine("skipped"), "lines 1-4 (preamble), line 9 (trailing: Solde en début de période;…)")
        XCTAssertEqual(result.entries[0].map(\.amount), ["250.50", "-75.25", "-20.00"])
        XCTAssertEqual(result.entries[0].map(\.date), ["2024-01-05", "2024-01-10", "2024-01-15"])
    }

    /// Debit and credit named in the options are the money, even beside a header that names an
    /// amount: Deutsche Bank's older export has `Betrag` over empty cells.
    func testDebitAndCreditGivenWinOverAnAmountHeaderOverEmptyCells() throws {
        let text = """
            Buchungstag;Verwendungszweck;Betrag;Soll;Haben
            06.11.2023;REWE Markt;;-54,20;
            24.11.2023;Acme GmbH;;;2.310,00

            """
        let result = try CSVReading.read(text, options: ["debit": "Soll", "credit": "Haben"])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-54.20", "2310.00"])
    }

    func testOneColumnIsAProblemNamingSeparator() throws {
        let result = try CSVReading.read("just\nwords\nhere\n")
        XCTAssertEqual(result.problems, ["bank.csv: every line is one field: set separator (, ; tab or |)"])
    }

    /// A line of 256 fields or more is no bank's table: said so, not taken for one field. Each
    /// header was matched against a regex for a currency: 200,000 columns ran past the timeout.
    func testATableTooWideToBeABanksIsSaidSo() throws {
        for columns in [300, 20_000] {
            let header = (0..<columns).map { "c\($0)" }.joined(separator: ",")
            let row = (0..<columns).map { _ in "1" }.joined(separator: ",")
            let result = try CSVReading.read(header + "\n" + row + "\n")
            XCTAssertEqual(
                result.problems,
                ["bank.csv: line 1 has \(columns) fields: a table of 256 columns or more is none a bank exports"])
        }
    }

    /// Chase's checking export: a separator after every row's last cell, none after the
    /// header's. The header one field short is still the header, not a preamble.
    func testAHeaderOneFieldShortOfRowsEndingEmptyIsTheHeader() throws {
        let text = """
            Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #
            DEBIT,03/15/2024,"STARBUCKS STORE 12345 SEATTLE WA",-5.75,DEBIT_CARD,1234.25,,
            CREDIT,03/14/2024,"PAYROLL ACME CORP PPD ID: 123",2500.00,ACH_CREDIT,1240.00,,
            CHECK,03/13/2024,"CHECK 1001",-1260.00,CHECK_PAID,-1260.00,1001,

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.reportLine("header"), "line 1: Details,Posting Date,Description,Amount,Type,Balance,…")
        XCTAssertFalse(result.notes.contains { $0.contains("preamble") }, "\(result.notes)")
        XCTAssertEqual(result.entries[0].map(\.amount), ["-5.75", "2500.00", "-1260.00"])
        XCTAssertEqual(
            result.entries[0].map(\.vendor),
            ["STARBUCKS STORE 12345 SEATTLE WA", "PAYROLL ACME CORP PPD ID: 123", "CHECK 1001"])
    }

    /// Lloyds (ofxstatement-lloyds's test file, figures our own): a separator after the
    /// header's last name and none after the rows'. The header was taken for a preamble and
    /// the columns named by number, so the Lloyds profile never matched.
    func testAHeaderOneFieldWiderOnlyByATrailingSeparatorIsTheHeader() throws {
        let text = """
            Transaction Date,Transaction Type,Sort Code,Account Number,Transaction Description,Debit Amount,Credit Amount,Balance,
            15/01/2024,DEB,'30-94-57,12345678,CORNER SHOP CD 1417 ,8.99,,1051.01
            12/01/2024,FPI,'30-94-57,12345678,ACME LTD PAYROLL ,,1000.00,1060.00
            01/01/2024,DD,'30-94-57,12345678,WATER CO ,40.00,,60.00

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.reportLine("header")?.hasPrefix("line 1: Transaction Date,"), true)
        XCTAssertEqual(result.entries[0].map(\.amount), ["-8.99", "1000.00", "-40.00"])
        XCTAssertEqual(result.entries[0].map(\.vendor), ["CORNER SHOP CD 1417", "ACME LTD PAYROLL", "WATER CO"])

        // A title one field wider over the header (Axis Bank's card statement) stays a preamble line.
        let titled = try CSVReading.read(
            """
            Transactions:,,,,,,,
            ,Transaction Date,Transaction Details,TXN Currency,Amt in TXN Currency,Amount in INR,
            ,14/09/2022,TIFFIN EXPRESS BANGALORE,INR,419.00,419.00,
            ,13/09/2022,SWIGGY BENGALURU,INR,180.00,180.00,

            """, options: ["amount": "Amount in INR"])
        XCTAssertEqual(titled.reportLine("header")?.hasPrefix("line 2: ,Transaction Date,"), true, titled.report)
    }

    /// easybank's card export (ofxstatement-austrian's test file, figures our own) has no header
    /// and the account's number first on every row: it was a second amount column, and the file
    /// was refused for not saying which moved.
    func testTheAccountsNumberOnEveryRowIsNoAmount() throws {
        let text = """
            12345678901;Buchhandlung Wien/info|12345678909876543212345;02.07.2025;30.06.2025;-5,99;EUR
            12345678901;Gutschrift|23456789098765432123456;21.06.2025;19.06.2025;+30,99;EUR
            12345678901;Hotel London|GBP 22,89|34567890987654321234567;19.02.2025;09.02.2025;-22,69;EUR

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-5.99", "30.99", "-22.69"])
        XCTAssertEqual(result.entries[0].map(\.date), ["2025-07-02", "2025-06-21", "2025-02-19"])
    }

    /// A currency the file states outside its rows — a money column's header, a preamble line —
    /// is the account's, and sniff says where it came from; an option still wins.
    func testACurrencyInTheHeaderOrThePreambleIsTheAccounts() throws {
        let header = try CSVReading.read("Date,Description,Amount (GBP)\n2024-01-02,Tesco,-12.50\n")
        XCTAssertEqual(header.problems, [])
        XCTAssertEqual(header.reportLine("currency"), #"GBP (the header "Amount (GBP)")"#)
        XCTAssertEqual(header.reportLine("accounts"), "bank (GBP)")
        XCTAssertEqual(header.entries[0].map(\.amount), ["-12.50"])
        let preamble = try CSVReading.read(
            "Konto:;CH93 0076 2011 6238 5295 7\nWährung:;CHF\n\nDatum;Text;Betrag\n2024-01-02;Migros;-12.50\n")
        XCTAssertEqual(preamble.reportLine("currency"), "CHF (line 2 of the preamble)")
        XCTAssertEqual(preamble.reportLine("accounts"), "bank (CHF)")
        let given = try CSVReading.read(
            "Date,Description,Amount (GBP)\n2024-01-02,Tesco,-12.50\n", options: ["default-currency": "EUR"])
        XCTAssertEqual(given.reportLine("accounts"), "bank (EUR)")
        XCTAssertNil(given.reportLine("currency"))
    }

    /// A Revolut export: its `Fee` is part of what moved (the balance column shows 102.00
    /// leaving for an ATM withdrawal of 100.00 with a 2.00 fee), and `REVERTED` and `DECLINED`
    /// rows are money that never moved: neither entries nor rejects, named in a note.
    func testAFeeIsTakenAndRowsThatNeverMovedAreLeftOutAndNamed() throws {
        let text = """
            Type,Product,Started Date,Completed Date,Description,Amount,Fee,Currency,State,Balance
            TOPUP,Current,2024-03-01 09:00:00,2024-03-01 09:00:05,Top-up by *1234,500.00,0.00,EUR,COMPLETED,500.00
            CARD_PAYMENT,Current,2024-03-02 12:10:00,2024-03-03 08:00:00,Lidl,-23.45,0.00,EUR,COMPLETED,476.55
            ATM,Current,2024-03-04 18:00:00,2024-03-04 18:00:02,Cash at Sparkasse,-100.00,2.00,EUR,COMPLETED,374.55
            CARD_PAYMENT,Current,2024-03-05 10:00:00,,Amazon,-59.99,0.00,EUR,REVERTED,
            CARD_PAYMENT,Current,2024-03-06 10:00:00,,Booking.com,-120.00,0.00,EUR,DECLINED,
            CARD_PAYMENT,Current,2024-03-07 19:30:00,,Uber,-14.20,0.00,EUR,PENDING,

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["500.00", "-23.45", "-102.00", "-14.20"])
        XCTAssertEqual(result.entries[0].map(\.pending), [false, false, false, true])
        XCTAssertEqual(result.rejects, [[]])
        XCTAssertEqual(result.reportLine("balance chain"), "2 of 2 rows agree (oldest first)")
        XCTAssertEqual(result.reportLine("skipped"), "lines 5, 6 (never moved)")
        XCTAssertTrue(
            result.notes.contains("lines 5, 6 not imported: money that never moved (REVERTED, DECLINED)"),
            "\(result.notes)")
    }

    /// Rows that never moved are handed out once each, in the batch they were read in, with
    /// their own row as raw text; a last batch of nothing else is handed out too. (A batch's
    /// list of them was once never emptied: every later batch repeated them, their raw ranges
    /// pointing into that batch's bytes, and the csv plugin trapped once one ran past the end.)
    func testRowsThatNeverMovedAreHandedOutOnceAcrossBatches() throws {
        var text = "Date,Payee,Amount,Status\n2024-03-01,Declined first,-5.00,DECLINED\n"
        for day in 2...25 { text += "2024-03-\(day < 10 ? "0" : "")\(day),Shop \(day),-\(day).00,COMPLETED\n" }
        text += "2024-03-26,Reverted last,-7.00,REVERTED\n"
        let result = try CSVReading.read(text, batchSize: 10)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].count, 24)
        XCTAssertEqual(result.entries[0].first?.line, 3, "an entry's place is its line")
        XCTAssertEqual(
            result.neverMoved,
            [
                [
                    ReadReject(
                        line: 2, reason: "money that never moved (DECLINED)",
                        raw: "2024-03-01,Declined first,-5.00,DECLINED"),
                    ReadReject(
                        line: 27, reason: "money that never moved (REVERTED)",
                        raw: "2024-03-26,Reverted last,-7.00,REVERTED"),
                ]
            ])
    }

    /// PayPal writes `Denied` for a pending payment the holder refused: it never reached the
    /// balance, so it is left out as `DECLINED` is, and the chain goes on past it.
    func testAPayPalPaymentDeniedNeverMoved() throws {
        let text = """
            Date,Name,Status,Net,Balance
            03/01/2024,Jane Roe,Completed,200.00,200.00
            03/18/2024,Sam Smith,Denied,75.00,200.00
            03/22/2024,Noble Customer,Completed,116.22,316.22

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["200.00", "116.22"])
        XCTAssertEqual(result.reportLine("skipped"), "line 3 (never moved)")
        XCTAssertTrue(
            result.notes.contains("line 3 not imported: money that never moved (Denied)"), "\(result.notes)")
    }

    /// The Sparkasse's CSV-CAMT export says `Umsatz vorgemerkt` in a column headed `Info`: a
    /// status column by its words, so the row is pending.
    func testAStatusColumnIsFoundByItsWordsUnderAnotherHeader() throws {
        let text = """
            "Buchungstag";"Verwendungszweck";"Beguenstigter/Zahlungspflichtiger";"Betrag";"Info"
            "05.03.24";"REWE";"REWE Markt";"-25,30";"Umsatz gebucht"
            "06.03.24";"Lohn";"ACME GmbH";"2500,00";"Umsatz gebucht"
            "07.03.24";"Tanken";"Aral";"-60,00";"Umsatz vorgemerkt"

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.pending), [false, false, true])
        XCTAssertTrue(result.report.contains("5 Info → status (status words)"), result.report)
    }

    /// PayPal's Gross, Fee and Net: the net amount is what moved, its fee taken already, so the
    /// fee column is not taken again (the balance column agrees).
    func testANetAmountBesideAGrossAndAFeeIsWhatMoved() throws {
        let text = """
            "Date","Name","Status","Currency","Gross","Fee","Net","Transaction ID","Balance"
            "01/03/2024","Acme Shop","Completed","EUR","-50,00","0,00","-50,00","1AB23456CD789012E","150,00"
            "02/03/2024","Jane Doe","Completed","EUR","100,00","-3,25","96,75","2BC34567DE890123F","246,75"
            "05/03/2024","Bob","Completed","EUR","20,00","-0,93","19,07","3CD45678EF901234G","265,82"

            """
        let result = try CSVReading.read(text, options: ["date-format": "%d/%m/%Y"])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-50.00", "96.75", "19.07"])
        XCTAssertEqual(result.reportLine("balance chain"), "2 of 2 rows agree (oldest first)")
        XCTAssertTrue(result.report.contains("7 Net → amount"), result.report)
    }

    /// Barclays: `Number,Date,Account,Amount,Subcategory,Memo`. Subcategory repeats a few words
    /// (Debit, Standing Order, Direct Debit…) and is never the payee: the Memo is.
    func testAColumnOfAFewRepeatedWordsLosesThePayeeToTheMemo() throws {
        let kinds = [
            ("Debit", "TESCO STORES 2041 BCC"), ("Standing Order", "LANDLORD LTD RENT STO"),
            ("Direct Debit", "BRITISH GAS DDR"), ("Cash", "LINK ATM CPT"),
        ]
        var text = "Number,Date,Account,Amount,Subcategory,Memo\n"
        for day in 1...20 {
            let (kind, memo) = kinds[day % 4]
            text += ",\(String(format: "%02d", day))/03/2024,20-32-06 13152170,-\(day).00,\(kind),\(memo) \(day)\n"
        }
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].first?.vendor, "LANDLORD LTD RENT STO 1")
        XCTAssertEqual(result.entries[0].first?.memo, "Standing Order")
        XCTAssertTrue(
            result.report.contains("6 Memo → vendor (the memo: 5 \"Subcategory\" names the kind of entry)"),
            result.report)
    }
}
