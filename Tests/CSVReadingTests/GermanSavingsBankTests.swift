import CSVReading
import XCTest

/// A German savings-bank export: windows-1252, `;`, every cell quoted, decimal comma,
/// `dd.mm.yy`, a preamble, a trailing balance row and a running-balance column.
final class GermanSavingsBankTests: XCTestCase {
    static let text = """
        "Umsätze Girokonto";"Zeitraum: 01.01.2024 - 31.01.2024"
        "Kontonummer";"1234567890"
        "Kontostand vom 31.01.2024";"1.419,30 EUR"
        ""
        "Buchungstag";"Valuta";"Auftraggeber/Empfänger";"Buchungstext";"Verwendungszweck";"Kontostand";"Betrag"
        "02.01.24";"02.01.24";"REWE Markt";"Lastschrift";"Einkauf Filiale 123";"954,80";"-45,20"
        "03.01.24";"03.01.24";"Stadtwerke München";"Lastschrift";"Abschlag Strom";"874,80";"-80,00"
        "15.01.24";"15.01.24";"Arbeitgeber GmbH";"Gutschrift";"Gehalt Januar";"2.124,80";"1.250,00"
        "16.01.24";"16.01.24";"Bäckerei Müller";"Kartenzahlung";"";"2.119,30";"-5,50"
        "20.01.24";"22.01.24";"";"Dauerauftrag";"Miete Januar";"1.419,30";"-700,00"
        "Kontostand";"31.01.24";"";"";"";"1.419,30";""

        """

    /// The text as the bank writes it: windows-1252, CRLF.
    static var bytes: [UInt8] {
        text.replacingOccurrences("\n", "\r\n").unicodeScalars.map { scalar in
            precondition(scalar.value < 0x100, "test text must be Latin-1")
            return UInt8(scalar.value)
        }
    }

    func testEntries() throws {
        let result = try CSVReading.read(Self.bytes, origin: "umsatz.csv", stem: "umsatz")
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.accounts, [CSVAccount(name: "umsatz", currency: nil, id: "1234567890")])
        XCTAssertEqual(
            result.entries[0],
            [
                ReadEntry(
                    line: 6, date: "2024-01-02", vendor: "REWE Markt", amount: "-45.20", memo: "Einkauf Filiale 123"),
                ReadEntry(
                    line: 7, date: "2024-01-03", vendor: "Stadtwerke München", amount: "-80.00", memo: "Abschlag Strom"),
                ReadEntry(
                    line: 8, date: "2024-01-15", vendor: "Arbeitgeber GmbH", amount: "1250.00", memo: "Gehalt Januar"),
                ReadEntry(line: 9, date: "2024-01-16", vendor: "Bäckerei Müller", amount: "-5.50"),
                // No payee: the memo stands in.
                ReadEntry(
                    line: 10, date: "2024-01-20", vendor: "Miete Januar", amount: "-700.00", memo: "Miete Januar"),
            ])
        XCTAssertEqual(result.rejects[0], [])
        XCTAssertEqual(
            result.raws[0][3],
            #""16.01.24";"16.01.24";"Bäckerei Müller";"Kartenzahlung";"";"2.119,30";"-5,50""#)
    }

    func testNotes() throws {
        let result = try CSVReading.read(Self.bytes, origin: "umsatz.csv", stem: "umsatz")
        XCTAssertEqual(
            result.notes,
            [
                "read as windows-1252: not valid UTF-8 and no encoding given",
                "lines 1-4 skipped: a preamble before the table",
                "line 11 skipped: a summary row after the table (\"Kontostand\";…)",
            ])
    }

    func testReport() throws {
        let result = try CSVReading.read(Self.bytes, origin: "umsatz.csv", stem: "umsatz")
        XCTAssertEqual(result.reportLine("encoding"), "windows-1252 (not valid UTF-8 and none declared)")
        XCTAssertEqual(result.reportLine("separator")?.first, ";")
        XCTAssertEqual(
            result.reportLine("header"), #"line 5: "Buchungstag";"Valuta";"Auftraggeber/Empfänger";…"#)
        XCTAssertEqual(result.reportLine("skipped"), #"lines 1-4 (preamble), line 11 (trailing: "Kontostand";…)"#)
        XCTAssertEqual(result.reportLine("columns"), "1 Buchungstag → date  (02.01.24, 03.01.24)")
        let lines = result.report.split(separator: "\n").map(String.init)
        XCTAssertTrue(
            lines.contains("              3 Auftraggeber/Empfänger → vendor  (REWE Markt, Stadtwerke München)"))
        XCTAssertTrue(lines.contains("              7 Betrag → amount  (-45,20, -80,00)"))
        XCTAssertTrue(lines.contains("              6 Kontostand → balance (running total)  (954,80, 874,80)"))
        XCTAssertTrue(lines.contains("              5 Verwendungszweck → memo  (Einkauf Filiale 123, Abschlag Strom)"))
        XCTAssertTrue(lines.contains("              ignored: 2 Valuta, 4 Buchungstext"))
        XCTAssertEqual(result.reportLine("date format")?.hasPrefix("%d.%m.%y ("), true)
        XCTAssertEqual(result.reportLine("decimal mark")?.hasPrefix(", ("), true)
        XCTAssertEqual(result.reportLine("rows"), "5 transactions, 0 rejected")
        XCTAssertEqual(
            result.reportLine("spec"),
            "-s 'csv:umsatz.csv,encoding=windows-1252,separator=;,skip=4,date-format=%d.%m.%y,decimal-mark=,'")
        XCTAssertEqual(
            result.reportLine("rules"),
            #"{"encoding": "windows-1252", "separator": ";", "skip": 4, "date": "Buchungstag", "#
                + #""vendor": "Auftraggeber/Empfänger", "amount": "Betrag", "memo": "Verwendungszweck", "#
                + #""balance": "Kontostand", "date-format": "%d.%m.%y", "decimal-mark": ","}"#)
        XCTAssertNil(result.reportLine("problem"))
    }

    /// The `rules` a sniff writes read the file the same way when given back as options.
    func testRulesGivenBackReadTheSame() throws {
        let options = [
            "encoding": "windows-1252", "separator": ";", "skip": "4", "date": "buchungstag", "vendor": "3",
            "amount": "Betrag", "date-format": "%d.%m.%y", "decimal-mark": ",", "default-currency": "eur",
            "account": "Giro",
        ]
        let inferred = try CSVReading.read(Self.bytes)
        let given = try CSVReading.read(Self.bytes, options: options)
        XCTAssertEqual(given.problems, [])
        XCTAssertEqual(given.entries, inferred.entries)
        XCTAssertEqual(given.accounts, [CSVAccount(name: "Giro", currency: "EUR", id: "1234567890")])
        XCTAssertEqual(given.reportLine("encoding"), "windows-1252 (given)")
    }
}

extension String {
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

/// Volksbank's and Raiffeisen banks' `Umsatzanzeige` (Atruvia, formerly Fiducia): after the
/// table, two dated rows state the balance, `Anfangssaldo` and `Endsaldo` in the
/// `Kundenreferenz` column with their `S` or `H`. Read as the table's, each export exited 3
/// with both rejected for an empty payee. They are the evidence the file has: the opening and
/// the rows must make the closing. Layout as sebwalk/statement's and soacsv2mt940's samples
/// (real exports, rows cut); figures made up.
final class VolksbankExportTests: XCTestCase {
    static func export(closing: String) -> String {
        """
        "Volksbank Musterstadt eG"

        "Umsatzanzeige"

        "BLZ:";"12345678";;"Datum:";"05.01.2024"
        "Konto:";"1234567";;"Uhrzeit:";"18:42:32"

        "Buchungstag";"Valuta";"Auftraggeber/Zahlungsempfänger";"Empfänger/Zahlungspflichtiger";"Konto-Nr.";"IBAN";"BLZ";"BIC";"Vorgang/Verwendungszweck";"Kundenreferenz";"Währung";"Umsatz";" "
        "29.12.2023";"31.12.2023";;;;;;;"ABSCHLUSS PER 31.12.2023";;"EUR";"20,90";"S"
        "13.12.2023";"13.12.2023";"Erika Muster";"Max Muster";;"DE89370400440532013000";;"GENODE61FR1";"UEBERWEISUNGSGUTSCHRIFT";;"EUR";"310,00";"H"
        "04.12.2023";"04.12.2023";"Stadtwerke";"Max Muster";;"DE02120300000000202051";;"BYLADEM1001";"LASTSCHRIFT Strom";;"EUR";"1.045,50";"S"

        "01.12.2023";;;;;;;;;"Anfangssaldo";"EUR";"1.250,60";"H"
        "05.01.2024";;;;;;;;;"Endsaldo";"EUR";"\(closing)";"H"

        """
    }

    func testTheBalanceRowsAreCheckedAndNotImported() throws {
        let result = try CSVReading.read(Self.export(closing: "494,20"))
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.rejects.first?.count, 0)
        XCTAssertEqual(result.entries.first?.map(\.amount), ["-20.90", "310.00", "-1045.50"])
        XCTAssertTrue(
            result.notes.contains {
                $0.contains(
                    "lines 13, 14 not imported: the account's opening and closing balance (Anfangssaldo, Endsaldo)")
            }, "\(result.notes)")
    }

    func testAClosingThatDoesNotAddUpIsRefusedNamingTheOption() throws {
        let result = try CSVReading.read(Self.export(closing: "1.250,62"))
        XCTAssertEqual(result.problems.count, 1)
        XCTAssertTrue(
            result.problems[0].contains("the opening balance 1.250,60 (line 13) and the amounts of 3 rows"),
            result.problems[0])
        XCTAssertTrue(result.problems[0].hasSuffix("set check-balance=false to read the file unchecked"))
        let unchecked = try CSVReading.read(Self.export(closing: "1.250,62"), options: ["check-balance": "false"])
        XCTAssertEqual(unchecked.problems, [])
        XCTAssertEqual(unchecked.entries.first?.count, 3)
    }
}
