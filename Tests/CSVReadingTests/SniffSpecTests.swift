import CSVReading
import XCTest

/// Issue 39, item 7: sniff's spec and rules keep every option given, so that copying the spec
/// reads the file as sniff did.
final class SniffSpecTests: XCTestCase {
    static let file = """
        Date,Description,Reference,Amount
        02/01/2024,TESCO,R1,-12.50
        15/01/2024,ACME LTD,R2,1500.00

        """

    func testTheSpecKeepsEveryOptionGiven() throws {
        let result = try CSVReading.read(
            Self.file,
            options: [
                "vendor": "Reference", "memo": "Description", "account": "Main", "tz": "Europe/London",
                "default-currency": "GBP", "debit-words": "DR",
            ])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(
            result.reportLine("spec"),
            "-s 'csv:bank.csv,separator=,,vendor=Reference,memo=Description,date-format=%d/%m/%Y,"
                + "decimal-mark=.,debit-words=DR,tz=Europe/London,default-currency=GBP,account=Main'")
        let rules = try XCTUnwrap(result.reportLine("rules"))
        for member in [#""vendor": "Reference""#, #""debit-words": "DR""#, #""account": "Main""#] {
            XCTAssertTrue(rules.contains(member), rules)
        }
    }

    func testWithNothingGivenTheSpecIsHowTheFileIsWritten() throws {
        let result = try CSVReading.read(Self.file)
        XCTAssertEqual(result.reportLine("spec"), "-s 'csv:bank.csv,separator=,,date-format=%d/%m/%Y,decimal-mark=.'")
    }
}
