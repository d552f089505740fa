import CSVReading
import Foundation
import XCTest

/// An export of several accounts (an aggregator's, a bank's download of every account) names
/// each row's account in a column. Read as one account, a card's charges and a checking
/// account's payments were one account's figures, exit 0.
final class AccountColumnTests: XCTestCase {
    /// csv2ofx's `c24.csv` (MIT, `Tests/Fixtures/bank/csv2ofx`): C24 Bank's main account and a
    /// savings pocket, `Kontoname` on each row (beside its `Kontonummer`), each row a field short.
    func testC24sPocketsAreAccountsOfTheirOwn() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/bank/csv2ofx/c24.csv")
        let result = try CSVReading.read(Array(try Data(contentsOf: url)))
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.accounts.map(\.name), ["My main account", "My savings account"])
        XCTAssertEqual(result.entries.map { $0.map(\.amount) }, [["-123.45"], ["123.45", "-50.00"]])
        // `-123,45 €`: the euro sign names the currency.
        XCTAssertEqual(result.reportLine("accounts"), "My main account (EUR), My savings account (EUR)")
        XCTAssertTrue(result.report.contains("11 Kontoname → account-column"), result.report)
    }

    /// KBC's export of two accounts: `Rekeningnummer` is the row's own account, beside its
    /// `rekeningnummer tegenpartij`. Read as one, the two chains broke and the refusal pointed at
    /// `check-balance=false`, which would have merged them.
    func testKBCsRekeningnummerIsEachRowsAccount() throws {
        let result = try CSVReading.read(
            """
            Rekeningnummer;Naam;Munt;Datum;Omschrijving;Bedrag;Saldo;rekeningnummer tegenpartij
            BE61734041478017;BAU IE;EUR;03/01/2026;NAAR BE89;-775,08;1000,00;BE89650965825185
            BE61734041478017;BAU IE;EUR;03/01/2026;VAN BE34;775,08;1775,08;BE34744010767090
            BE34744010767090;BAU IE;EUR;02/01/2026;NAAR BE61;-1000,00;50,00;BE61734041478017

            """, options: ["date-format": "%d/%m/%Y"])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.accounts.map(\.name), ["BE61734041478017", "BE34744010767090"])
    }

    /// Two accounts in two currencies: an account per account and currency, each chain its own
    /// (rows of the two interleaved, as an aggregator sorts them by date).
    func testEachAccountAndCurrencyIsOneAccountWithItsOwnChain() throws {
        let result = try CSVReading.read(
            """
            Date,Account,Description,Amount,Currency,Balance
            2024-03-01,Checking,Grocer,-20.00,USD,980.00
            2024-03-02,Savings,Interest,1.50,USD,5001.50
            2024-03-03,Checking,Salary,500.00,USD,1480.00
            2024-03-04,Checking,Cafe,-4.00,EUR,96.00
            2024-03-05,Savings,Transfer in,100.00,USD,5101.50
            2024-03-06,Checking,Bakery,-3.00,EUR,93.00

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.accounts.map(\.name), ["Checking USD", "Savings USD", "Checking EUR"])
        XCTAssertEqual(result.accounts.map(\.currency), ["USD", "USD", "EUR"])
        XCTAssertEqual(result.entries.map { $0.map(\.line) }, [[2, 4], [3, 6], [5, 7]])
        XCTAssertEqual(result.reportLine("balance chain"), "3 of 3 rows agree (oldest first)")
    }

    /// A column of one account on every row (Barclays' `Account`, a bank's own number) splits
    /// nothing: the account keeps the file's name, and sniff shows the column ignored.
    func testOneAccountOnEveryRowSplitsNothing() throws {
        let result = try CSVReading.read(
            """
            Number,Date,Account,Amount,Subcategory,Memo
            ,05/03/2024,20-32-06 13152170,-12.50,Debit,TESCO STORES
            ,06/03/2024,20-32-06 13152170,-3.20,Debit,COSTA COFFEE
            ,07/03/2024,20-32-06 13152170,1500.00,Credit,SALARY

            """, options: ["date-format": "%d/%m/%Y"])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.accounts.map(\.name), ["bank"])
        XCTAssertFalse(result.report.contains("account-column"), result.report)
        XCTAssertTrue(result.report.contains("3 Account"), result.report)
    }

    /// Amex's `Account #` is the card's number, one per card member on one account: no split.
    func testAmexCardNumbersAreOneAccount() throws {
        let result = try CSVReading.read(
            """
            Date,Description,Card Member,Account #,Amount
            03/13/2024,DELTA AIR LINES,A CARDHOLDER,-51001,412.30
            03/02/2024,UBER TRIP,B CARDHOLDER,-52002,18.20
            03/05/2024,ONLINE PAYMENT - THANK YOU,A CARDHOLDER,-51001,-430.50

            """, options: ["sign": "inverted"])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.accounts.map(\.name), ["bank"])
    }

    private static let twoAccounts = """
        Date,Description,Amount,Account Name
        2024-03-01,Grocer,-20.00,My Checking
        2024-03-02,Coffee,-3.00,My Card

        """

    /// `account-column=none`: every row the one account's, as before such columns were read.
    func testNoneReadsOneAccount() throws {
        let result = try CSVReading.read(Self.twoAccounts, options: ["account-column": "none"])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.accounts.map(\.name), ["bank"])
        XCTAssertEqual(result.entries.map(\.count), [2])
    }

    /// `account` names them after the option, `account-id` (one number) is refused with several.
    func testTheAccountOptionPrefixesTheNamesAndOneIDIsRefused() throws {
        let named = try CSVReading.read(Self.twoAccounts, options: ["account": "Mint"])
        XCTAssertEqual(named.accounts.map(\.name), ["Mint My Checking", "Mint My Card"])
        XCTAssertEqual(named.accounts.map(\.id), [nil, nil])
        let id = try CSVReading.read(Self.twoAccounts, options: ["account-id": "DE02120300000000202051"])
        XCTAssertEqual(
            id.problems,
            [
                "bank.csv: account-id names one account, but column 4 \"Account Name\" names 2: leave account-id "
                    + "out, or set account-column=none to read every row as that account's"
            ])
    }

    /// A column of hundreds of names is no list of the holder's accounts (each would be a pass
    /// over the file): refused, naming both ways on.
    func testHundredsOfAccountsAreRefused() throws {
        var text = "Date,Description,Amount,Account\n"
        for n in 0...100 { text += "2024-03-01,Shop \(n),-1.00,Account \(n)\n" }
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.problems.count, 1)
        XCTAssertTrue(
            result.problems[0].contains("column 4 \"Account\" names more than 100 accounts")
                && result.problems[0].contains("account-column=none"), result.problems[0])
        XCTAssertEqual(result.entries.flatMap { $0 }, [])
    }

    /// RBC's download of every account (`Account Type,Account Number,…`, figures made up): the
    /// chequing account's number and the Visa's sixteen digits, which read as an amount too.
    func testRBCsAccountNumbersSplitTheDownload() throws {
        let result = try CSVReading.read(
            """
            Account Type,Account Number,Transaction Date,Cheque Number,Description 1,Description 2,CAD$,USD$
            Chequing,01234-5678901,1/13/2023,,PAYROLL DEPOSIT,ACME CORP,2500.00,
            Chequing,01234-5678901,1/15/2023,,ONLINE BANKING PAYMENT,RBC VISA,-300.00,
            Visa,4512345678901234,1/14/2023,,SHELL C12345 TORONTO ON,,-52.10,
            Visa,4512345678901234,1/16/2023,,PAYMENT - THANK YOU,,300.00,

            """, options: ["amount": "CAD$"])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.accounts.map(\.name), ["01234-5678901", "4512345678901234"])
        XCTAssertEqual(result.entries.map { $0.map(\.amount) }, [["2500.00", "-300.00"], ["-52.10", "300.00"]])
    }
}
