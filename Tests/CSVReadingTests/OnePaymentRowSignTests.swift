import CSVReading
import XCTest

/// A card issuer's month often holds one payment: one row is too few for the payment-word rule,
/// and a Discover export (`Trans. Date,Post Date,Description,Amount,Category`, charges positive,
/// `INTERNET PAYMENT - THANK YOU` negative) was read with every charge as money in, exit 0, with
/// only a note. One negative payment row against mostly positive rows decides the issuer's view
/// where the file says it is a card's or the row thanks the holder; otherwise the file is
/// refused, naming `sign`.
final class OnePaymentRowSignTests: XCTestCase {
    /// Discover's layout and words; figures our own.
    static let discover = """
        Trans. Date,Post Date,Description,Amount,Category
        08/01/2025,08/01/2025,TRADER JOE S #123 SAN FRANCISCOCA,25.00,Supermarkets
        08/03/2025,08/03/2025,INTERNET PAYMENT - THANK YOU,-300.00,Payments and Credits
        08/05/2025,08/06/2025,SHELL OIL 12345,41.22,Gasoline
        08/09/2025,08/10/2025,AMAZON.COM RETURN,-19.99,Merchandise
        08/14/2025,08/15/2025,SAFEWAY #1234,63.10,Supermarkets
        08/20/2025,08/21/2025,NETFLIX.COM,15.49,Services

        """

    func testDiscoversOnePaymentRowReadsChargesAsMoneyOut() throws {
        let result = try CSVReading.read(Self.discover)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(
            result.entries[0].map(\.amount), ["-25.00", "300.00", "-41.22", "19.99", "-63.10", "-15.49"])
        XCTAssertTrue(
            result.reportLine("sign")?.hasPrefix("inverted (payment words: the one row") ?? false, result.report)
        XCTAssertTrue(result.notes.contains { $0.hasPrefix("amounts read inverted: the one payment row (line 3)") })
    }

    /// The swept Discover file: its return and cashback credit as many as its charges. The payment
    /// row still runs against the charges: read inverted, not as written.
    func testAsManyCreditsAsChargesStillReadsTheIssuersView() throws {
        let text = """
            Trans. Date,Post Date,Description,Amount,Category
            08/01/2025,08/01/2025,TRADER JOE S #123 SAN FRANCISCOCA,25.00,Supermarkets
            08/03/2025,08/03/2025,INTERNET PAYMENT - THANK YOU,-300.00,Payments and Credits
            08/05/2025,08/06/2025,SHELL OIL 12345,41.22,Gasoline
            08/09/2025,08/10/2025,AMAZON.COM RETURN,-19.99,Merchandise
            08/12/2025,08/13/2025,CASHBACK BONUS REDEMPTION PYMT/STMT CRDT,-5.00,Awards and Rebate Credits

            """
        let result = try CSVReading.read(text, options: ["date-format": "%m/%d/%Y"])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-25.00", "300.00", "-41.22", "19.99", "5.00"])
        let unsaid = text.replacingOccurrences(of: "Trans. Date,Post Date", with: "Date,Posted")
            .replacingOccurrences(of: " - THANK YOU", with: "")
        XCTAssertEqual(
            try CSVReading.read(unsaid, options: ["date-format": "%m/%d/%Y"]).problems.first?.contains(
                "is negative and as many rows positive as negative"), true)
    }

    /// Without `THANK YOU`, the header's transaction and post dates (a card's pair) decide.
    func testTheCardsDatePairDecides() throws {
        let text = Self.discover.replacingOccurrences(of: "INTERNET PAYMENT - THANK YOU", with: "DIRECTPAY PAYMENT")
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].first?.amount, "-25.00")
        XCTAssertTrue(
            result.reportLine("sign")?.contains(#"the columns "Trans. Date" and "Post Date""#) ?? false, result.report)
    }

    /// A column naming a card (American Express's `Card Member`) decides as well.
    func testACardColumnDecides() throws {
        let text = """
            Date,Description,Card Member,Account #,Amount
            05/25/2026,Interest Charge on Pay Over Time Purchases,ALEX EXAMPLE,,35.31
            05/24/2026,UBER,ALEX EXAMPLE,,26.95
            05/21/2026,MOBILE PAYMENT,SAM EXAMPLE,,-947.69

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-35.31", "-26.95", "947.69"])
    }

    /// Nothing says whose view: refused, naming both readings, never read with charges as money in.
    func testUndecidedIsRefusedNamingSign() throws {
        let text = """
            Date,Description,Amount
            08/01/2025,TRADER JOE S #123,25.00
            08/03/2025,ONLINE PAYMENT,-300.00
            08/05/2025,SHELL OIL 12345,41.22
            08/14/2025,SAFEWAY #1234,63.10

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(
            result.problems,
            [
                "bank.csv: which way the amounts run is not settled: the one payment row (line 3) is negative and "
                    + "most rows positive, as a card issuer writes them, but one row is too few to tell and nothing "
                    + "else in the file says it is a card's: set sign=inverted if the positive amounts are charges, "
                    + "sign=as-is if they are money in"
            ])
        let given = try CSVReading.read(text, options: ["sign": "inverted"])
        XCTAssertEqual(given.problems, [])
        XCTAssertEqual(given.entries[0].map(\.amount), ["-25.00", "300.00", "-41.22", "-63.10"])
    }

    /// A current account paying a card: its rows mostly money out, the payment too. As written.
    func testACheckingAccountPayingACardIsReadAsWritten() throws {
        let text = """
            Date,Description,Amount
            08/01/2025,TRADER JOE S #123,-25.00
            08/03/2025,DISCOVER E-PAYMENT THANK YOU,-300.00
            08/05/2025,SHELL OIL 12345,-41.22
            08/14/2025,ACME PAYROLL,2400.00
            08/15/2025,SAFEWAY #1234,-63.10

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-25.00", "-300.00", "-41.22", "2400.00", "-63.10"])
    }

    /// Pay written positive says the holder's view, even where most rows are money in.
    func testPayWordsPositiveKeepTheHoldersView() throws {
        let text = """
            Date,Description,Amount
            08/01/2025,ACME PAYROLL,2400.00
            08/03/2025,CARD PAYMENT - THANK YOU,-300.00
            08/15/2025,ACME PAYROLL,2400.00
            08/20/2025,INTEREST,1.20

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["2400.00", "-300.00", "2400.00", "1.20"])
    }

    /// Chase's card header with an issuer's figures (charges positive, `PAYMENT - THANK YOU`
    /// negative; Chase itself writes charges negative): the chase-card profile's `sign=as-is`
    /// read every charge as money in, exit 0, where the same rows without the profile are read
    /// inverted. The profile's sign the file contradicts is refused, naming both.
    func testAProfilesSignAgainstAnIssuersOnePaymentIsRefused() throws {
        let text = """
            Transaction Date,Post Date,Description,Category,Type,Amount,Memo
            10/09/2025,10/09/2025,WHOLE FOODS MKT,Groceries,Sale,42.15,
            10/08/2025,10/08/2025,SHELL OIL,Gas,Sale,52.30,
            10/07/2025,10/07/2025,STARBUCKS,Dining,Sale,8.75,
            10/03/2025,10/03/2025,PAYMENT - THANK YOU,Payment,Payment,-450.00,

            """
        let read = try Array(text.utf8).withUnsafeBytes { buffer in
            CSVReading.result(
                of: try CSVDocument.read(
                    bytes: buffer, origin: "chase.csv", stem: "chase", options: [:], profiles: BankProfiles.builtIn))
        }
        XCTAssertEqual(read.reportLine("profile")?.hasPrefix("chase-card ("), true, read.report)
        XCTAssertEqual(
            read.problems,
            [
                "chase.csv: profile chase-card says sign=as-is, but the file's evidence says inverted (the one "
                    + "payment row (line 5) is negative and most rows positive, and the header has a card's dates "
                    + "(the columns \"Transaction Date\" and \"Post Date\")): set sign=inverted or sign=as-is, or "
                    + "profile=none"
            ])
    }

    /// Nubank's card file (`date,title,amount`, charges positive; figures made up): its payment
    /// and its refund are Portuguese, `Pagamento recebido` and `Estorno`. Without those words
    /// every charge was money in, exit 0.
    func testNubanksPortuguesePaymentWordsInvertTheFile() throws {
        let result = try CSVReading.read(
            """
            date,title,amount
            2023-02-01,Pagamento recebido,-1543.20
            2023-02-03,Ifood *Ifood,45.90
            2023-02-05,Uber *Trip,18.72
            2023-02-06,Estorno - Uber *Trip,-18.72
            2023-02-07,Supermercado Pao de Acucar,312.44

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["1543.20", "-45.90", "-18.72", "18.72", "-312.44"])
    }
}
