import CSVReading
import XCTest

/// Rows the bank has not booked yet are pending, whichever way the file says so.
final class PendingRowsTests: XCTestCase {
    /// DKB writes `Nicht gebucht` ("not booked") beside `Gebucht`.
    func testDKBsNichtGebuchtIsPending() throws {
        let text = """
            "Buchungsdatum";"Status";"Zahlungsempfänger*in";"Betrag (€)"
            "29.03.24";"Nicht gebucht";"REWE Markt GmbH";"-23,40"
            "27.03.24";"Gebucht";"ACME GmbH";"2.450,00"

            """
        let result = try CSVReading.read(text, options: ["default-currency": "EUR"])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.pending), [true, false])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-23.40", "2450.00"])
    }
}
