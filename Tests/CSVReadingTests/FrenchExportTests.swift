import CSVReading
import XCTest

/// French exports: Crédit Agricole's `Libellé` of several lines, Qonto's `dd-mm-yyyy HH:MM:SS`
/// dates. Layouts as other projects' parsers of real exports read them; figures our own.
final class FrenchExportTests: XCTestCase {
    /// Crédit Agricole's `Libellé` is the kind of entry, then the other party, then blank lines
    /// and at times a reference. The payee kept the line break and the kind.
    func testCreditAgricolesLibelleOfSeveralLinesIsOnePayeeLine() throws {
        // Built a line at a time: the bank pads lines with blanks, which a literal would hide.
        let text = [
            "Date;Libellé;Débit euros;Crédit euros;",
            "30/04/2024;\"PAIEMENT PAR CARTE      ", "X4912 BOULANGERIE MARIE LYON 29/04  ", "", "", "", "\";22,07;;",
            "26/04/2024;\"VIREMENT EN VOTRE FAVEUR", "ACME SAS Virement ACME SAS", "", "",
            "SALAIRE-042024    \";;2389,64;",
            "28/02/2024;\"8936392 ", "CHEQUE EMIS ", "\";118,80;;",
            "15/04/2024;PRELEVEMENT EDF;45,00;;", "",
        ].joined(separator: "\n")
        let result = try CSVReading.read(text, options: ["debit": "Débit euros", "credit": "Crédit euros"])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(
            result.entries[0].map(\.vendor),
            [
                "X4912 BOULANGERIE MARIE LYON 29/04", "ACME SAS Virement ACME SAS", "8936392 CHEQUE EMIS",
                "PRELEVEMENT EDF",
            ])
        XCTAssertEqual(
            result.entries[0].map(\.memo),
            [
                "PAIEMENT PAR CARTE X4912 BOULANGERIE MARIE LYON 29/04",
                "VIREMENT EN VOTRE FAVEUR ACME SAS Virement ACME SAS SALAIRE-042024", nil, nil,
            ])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-22.07", "2389.64", "-118.80", "-45.00"])
    }

    /// Qonto writes `28-03-2024 10:15:00`: no known format read it, so no column was the date.
    /// A day above 12 settles day first, as for other dates.
    func testQontosDayFirstDateAndTimeIsRead() throws {
        let result = try CSVReading.read(
            """
            Status,Settlement date (UTC),Operation date (UTC),Total amount (incl. VAT),Currency,Counterparty name,Payment method
            settled,28-03-2024 10:15:00,28-03-2024 09:12:00,-12.50,EUR,FARMACIA CENTRALE,card
            settled,01-03-2024 10:15:00,01-03-2024 09:12:00,2450.00,EUR,ACME SRL,transfer

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.date), ["2024-03-28T10:15:00", "2024-03-01T10:15:00"])
        XCTAssertEqual(result.entries[0].map(\.vendor), ["FARMACIA CENTRALE", "ACME SRL"])
        XCTAssertEqual(result.reportLine("date format"), "%d-%m-%Y %H:%M:%S (day > 12 on line 2)")
    }

    /// Days of 12 or less cannot tell day from month: the file is refused, naming the option.
    func testQontosDatesThatCannotTellDayFromMonthAreRefused() throws {
        let result = try CSVReading.read(
            """
            Status,Settlement date (UTC),Total amount (incl. VAT),Currency,Counterparty name
            settled,12-03-2024 10:15:00,-12.50,EUR,FARMACIA CENTRALE
            settled,01-03-2024 10:15:00,2450.00,EUR,ACME SRL

            """)
        XCTAssertEqual(result.entries[0], [])
        XCTAssertTrue(
            result.problems.contains {
                $0.contains("%d-%m-%Y %H:%M:%S and %m-%d-%Y %H:%M:%S") && $0.contains("date-format")
            },
            "\(result.problems)")
    }
}
