import Foundation
import TxFeedModel
import XCTest

@testable import TxFeedOutput

/// The journal sinks in process: what closes a journal (opening entries, balance assertions,
/// beancount's `open`s), the accounts' names, and the lines of an entry. JournalEndToEndTests
/// has hledger, Ledger and bean-check read such files.
final class JournalSinkTests: XCTestCase {
    /// The journal `syntax` writes for the envelopes, one source each, as `txfeed run` does
    /// (transfers linked).
    func journal(
        _ syntax: JournalSink.Syntax, _ sources: [(name: String, text: String)], accountNames: [String: String] = [:]
    ) throws -> String {
        var feed = SinkTestFeed.make(sources)
        feed.linkTransfers()
        let bytes = try SinkTestFeed.render(JournalSink(syntax: syntax, accountNames: accountNames), feed)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The entry of `text` (entries are separated by a blank line) that starts with `head`.
    func entry(_ text: String, _ head: String) -> String? {
        text.components(separatedBy: "\n\n").first { $0.hasPrefix(head) }
    }

    /// Two statements of one account, the one that states its balance older: its opening is
    /// the balance less its entries up to the day of that balance, and the assertion after
    /// the account's last entry is the balance carried forward by the entries after that day.
    func testAnAccountOfSeveralStatementsOpensWithTheEntriesUpToItsStatedBalance() throws {
        let sources = [
            ("a", SinkTestFeed.envelope(name: "Checking", balance: "100", [(1, "Shop A", "10", "2024-03-01")])),
            ("b", SinkTestFeed.envelope(name: "Checking", balance: nil, [(1, "Shop B", "20", "2024-03-05")])),
        ]
        let ledger = try journal(.ledger, sources)
        XCTAssertEqual(
            entry(ledger, "2024-03-01 * Opening balance"),
            "2024-03-01 * Opening balance\n    Assets:Bank:Checking  110.00 USD\n    Equity:Opening-Balances  -110.00 USD",
            ledger)
        // Ledger checks an assertion against the postings before it in the file, all of them.
        XCTAssertEqual(
            entry(ledger, "2024-03-05 * Balance assertion"),
            "2024-03-05 * Balance assertion\n    Assets:Bank:Checking  0 USD = 80.00 USD", ledger)
        XCTAssertFalse(ledger.contains("2024-03-01 * Balance assertion"), ledger)

        let beancount = try journal(.beancount, sources)
        XCTAssertTrue(beancount.contains("2024-03-01 open Assets:Bank:Checking\n"), beancount)
        XCTAssertTrue(beancount.contains("  Assets:Bank:Checking  110.00 USD\n"), beancount)
        XCTAssertTrue(beancount.contains("2024-03-06 balance Assets:Bank:Checking  80.00 USD\n"), beancount)
    }

    /// Two statements of one account whose entries are all of one day (a camt file's two
    /// `Stmt`: 18.15 + 8.85 = 27.00, then 27.00 − 7.00 = 20.00): the account's balance is the
    /// second's closing. The first's was taken, and the opening made up to match it (25.15, and
    /// 27.00 asserted), which hledger accepts.
    func testOfTwoStatementsEndingOnOneDayTheLaterClosingIsTheBalance() throws {
        let sources = [
            ("a", SinkTestFeed.envelope(name: "Checking", balance: "27.00", [(0, "Refund", "8.85", "2014-12-31")])),
            ("b", SinkTestFeed.envelope(name: "Checking", balance: "20.00", [(1, "Shop", "7.00", "2014-12-31")])),
        ]
        let ledger = try journal(.ledger, sources)
        XCTAssertEqual(
            entry(ledger, "2014-12-31 * Opening balance"),
            "2014-12-31 * Opening balance\n    Assets:Bank:Checking  18.15 USD\n    Equity:Opening-Balances  -18.15 USD",
            ledger)
        XCTAssertEqual(
            entry(ledger, "2014-12-31 * Balance assertion"),
            "2014-12-31 * Balance assertion\n    Assets:Bank:Checking  0 USD = 20.00 USD", ledger)
    }

    /// beancount opens an account of several statements on the first day of any of them, not
    /// of the first in the feed.
    func testBeancountOpensAnAccountOfSeveralStatementsOnItsFirstDay() throws {
        let beancount = try journal(
            .beancount,
            [
                ("a", SinkTestFeed.envelope(name: "Checking", balance: nil, [(1, "Shop B", "20", "2024-03-05")])),
                ("b", SinkTestFeed.envelope(name: "Checking", balance: "100", [(1, "Shop A", "10", "2024-03-01")])),
            ])
        XCTAssertTrue(beancount.contains("2024-03-01 open Assets:Bank:Checking\n"), beancount)
        XCTAssertFalse(beancount.contains("2024-03-05 open"), beancount)
    }

    /// One account name in two currencies: each currency has its own opening and assertion,
    /// from its own entries and balance.
    func testAnAccountNameInTwoCurrenciesIsBalancedPerCurrency() throws {
        let sources = [
            ("usd", SinkTestFeed.envelope(name: "Checking", balance: "100", [(1, "Shop A", "10", "2024-03-01")])),
            (
                "eur",
                SinkTestFeed.envelope(
                    name: "Checking", balance: "50", currency: "EUR", [(1, "Shop B", "20", "2024-03-02")])
            ),
        ]
        let ledger = try journal(.ledger, sources)
        XCTAssertTrue(ledger.contains("2024-03-01 * Opening balance\n    Assets:Bank:Checking  110.00 USD\n"), ledger)
        XCTAssertTrue(ledger.contains("2024-03-02 * Opening balance\n    Assets:Bank:Checking  70.00 EUR\n"), ledger)
        XCTAssertTrue(
            ledger.contains("2024-03-01 * Balance assertion\n    Assets:Bank:Checking  0 USD = 100.00 USD\n"), ledger)
        XCTAssertTrue(
            ledger.contains("2024-03-02 * Balance assertion\n    Assets:Bank:Checking  0 EUR = 50.00 EUR\n"), ledger)

        let beancount = try journal(.beancount, sources)
        XCTAssertTrue(beancount.contains("2024-03-02 balance Assets:Bank:Checking  100.00 USD\n"), beancount)
        XCTAssertTrue(beancount.contains("2024-03-03 balance Assets:Bank:Checking  50.00 EUR\n"), beancount)
        XCTAssertEqual(beancount.components(separatedBy: " open Assets:Bank:Checking").count, 2, beancount)
    }

    /// Accounts whose names clean to one journal name are apart: the first in the feed has
    /// it, the next `-2`, and so on past the names other accounts have.
    func testAccountsWhoseNamesCleanAlikeStayApart() throws {
        let beancount = try journal(
            .beancount,
            [
                ("a", SinkTestFeed.envelope(name: "東京", balance: "100", [(1, "Shop A", "10", "2024-03-01")])),
                ("b", SinkTestFeed.envelope(name: "Account-2", balance: nil, [(1, "Shop C", "5", "2024-03-01")])),
                ("c", SinkTestFeed.envelope(name: "大阪", balance: "200", [(1, "Shop B", "20", "2024-03-02")])),
                // The same name again: the same journal account.
                ("d", SinkTestFeed.envelope(name: "東京", balance: nil, [(1, "Shop D", "1", "2024-03-01")])),
            ])
        XCTAssertTrue(beancount.contains("  Assets:Bank:Account  -10.00 USD\n"), beancount)
        XCTAssertTrue(beancount.contains("  Assets:Bank:Account  -1.00 USD\n"), beancount)
        XCTAssertTrue(beancount.contains("  Assets:Bank:Account-2  -5.00 USD\n"), beancount)
        XCTAssertTrue(beancount.contains("  Assets:Bank:Account-3  -20.00 USD\n"), beancount)
        XCTAssertTrue(beancount.contains("  Assets:Bank:Account  111.00 USD\n"), beancount)
        XCTAssertTrue(beancount.contains("  Assets:Bank:Account-3  220.00 USD\n"), beancount)
        XCTAssertTrue(beancount.contains("2024-03-02 balance Assets:Bank:Account  100.00 USD\n"), beancount)
        XCTAssertTrue(beancount.contains("2024-03-03 balance Assets:Bank:Account-3  200.00 USD\n"), beancount)
        XCTAssertTrue(beancount.contains("2024-03-02 open Assets:Bank:Account-3\n"), beancount)

        let ledger = try journal(
            .ledger,
            [
                ("a", SinkTestFeed.envelope(name: "Joint Main", balance: "50", [(0, "Salary", "1000", "2024-03-02")])),
                ("b", SinkTestFeed.envelope(name: "Joint: Main", balance: "-50", [(1, "Rent", "700", "2024-03-02")])),
            ])
        XCTAssertTrue(ledger.contains("    Assets:Bank:Joint Main  1000.00 USD\n"), ledger)
        XCTAssertTrue(ledger.contains("    Assets:Bank:Joint Main-2  -700.00 USD\n"), ledger)
        XCTAssertTrue(ledger.contains("    Assets:Bank:Joint Main  0 USD = 50.00 USD\n"), ledger)
        XCTAssertTrue(ledger.contains("    Assets:Bank:Joint Main-2  0 USD = -50.00 USD\n"), ledger)
    }

    /// The names a rules file's `[accounts]` gives are kept: two feed accounts given one are one
    /// journal account, and an account whose own name cleans to one of them is the one renamed.
    func testNamesARulesFileGivesAreNeverRenamed() throws {
        let ledger = try journal(
            .ledger,
            [
                ("a", SinkTestFeed.envelope(name: "Shared", balance: nil, [(1, "Shop A", "10", "2024-03-01")])),
                ("b", SinkTestFeed.envelope(name: "Visa", balance: nil, [(1, "Shop B", "20", "2024-03-02")])),
                ("c", SinkTestFeed.envelope(name: "Card", balance: nil, [(1, "Shop C", "30", "2024-03-03")])),
            ],
            accountNames: ["Visa": "Assets:Bank:Shared", "Card": "Assets:Bank:Shared"])
        XCTAssertTrue(ledger.contains("    Assets:Bank:Shared-2  -10.00 USD\n"), ledger)
        XCTAssertTrue(ledger.contains("    Assets:Bank:Shared  -20.00 USD\n"), ledger)
        XCTAssertTrue(ledger.contains("    Assets:Bank:Shared  -30.00 USD\n"), ledger)
    }

    /// A transfer is one entry at its money-out half's day: the money-in account's opening,
    /// assertion and beancount `open` are from that day, the amount it posts to it counted.
    func testATransferCountsForTheMoneyInAccountOnTheDayItIsWritten() throws {
        let sources = [
            (
                "checking",
                SinkTestFeed.envelope(
                    name: "Checking", balance: "100", currency: "EUR",
                    [(1, "Transfer to savings", "500", "2024-03-03")])
            ),
            (
                "savings",
                SinkTestFeed.envelope(
                    name: "Savings", balance: "900", currency: "EUR",
                    [(0, "Transfer from checking", "500", "2024-03-01")])
            ),
        ]
        let ledger = try journal(.ledger, sources)
        XCTAssertTrue(
            ledger.contains(
                "2024-03-03 * (fp:"), ledger)
        XCTAssertTrue(
            ledger.contains("    Assets:Bank:Checking  -500.00 EUR\n    Assets:Bank:Savings  500.00 EUR\n"), ledger)
        XCTAssertTrue(ledger.contains("2024-03-03 * Opening balance\n    Assets:Bank:Savings  400.00 EUR\n"), ledger)
        XCTAssertTrue(
            ledger.contains("2024-03-03 * Balance assertion\n    Assets:Bank:Savings  0 EUR = 900.00 EUR\n"), ledger)
        XCTAssertFalse(ledger.contains("2024-03-01"), ledger)

        let beancount = try journal(.beancount, sources)
        XCTAssertTrue(beancount.contains("2024-03-03 open Assets:Bank:Savings\n"), beancount)
        XCTAssertTrue(beancount.contains("2024-03-04 balance Assets:Bank:Savings  900.00 EUR\n"), beancount)

        // Money out first: the money-in account is opened on that day.
        let early = try journal(
            .beancount,
            [
                (
                    "checking",
                    SinkTestFeed.envelope(
                        name: "Checking", balance: nil, currency: "EUR",
                        [(1, "Transfer to savings", "500", "2024-03-01")])
                ),
                (
                    "savings",
                    SinkTestFeed.envelope(
                        name: "Savings", balance: nil, currency: "EUR",
                        [(0, "Transfer from checking", "500", "2024-03-03")])
                ),
            ])
        XCTAssertTrue(early.contains("2024-03-01 open Assets:Bank:Savings\n"), early)
        XCTAssertFalse(early.contains("2024-03-03"), early)
    }

    /// An envelope of one account and a record with this memo and id.
    func envelope(vendor: String, memo: String, id: String, date: String = "2024-03-01") -> String {
        let record =
            #"{"type":1,"vendor":\#(SinkTestFeed.json(vendor)),"amount":1.5,"date":"\#(date)","#
            + #""memo":\#(SinkTestFeed.json(memo)),"id":\#(SinkTestFeed.json(id))}"#
        return #"{"status":200,"body":{"name":"Checking","currency":"USD","transactions":[\#(record)]}}"#
    }

    /// Ledger refuses a line of 4,096 characters or more: a memo of up to 4,096 bytes, which
    /// `;` and `|` make up to three times longer, is several `; memo:` lines, cut between
    /// characters and not beside a space; the payee and id at their longest are a header line
    /// under the limit.
    func testALongMemoIsSeveralCommentLinesEachUnderLedgersLimit() throws {
        // 4,096 bytes: `é` (two bytes), `;` and `|` (three written), words and spaces, an emoji.
        let memo =
            "x" + String(repeating: "é", count: 999) + String(repeating: ";", count: 600)
            + String(repeating: "|", count: 5) + String(repeating: "ab ", count: 495) + "abc😀"
        XCTAssertEqual(memo.utf8.count, 4096)
        let payee = String(repeating: ";", count: 1024)
        let id = String(repeating: "|", count: 256)
        let ledger = try journal(.ledger, [("long", envelope(vendor: payee, memo: memo, id: id))])
        let lines = ledger.split(separator: "\n")
        for line in lines { XCTAssertLessThan(line.utf8.count, 4000, String(line.prefix(80))) }
        let memoLines = lines.filter { $0.hasPrefix("    ; memo: ") }.map { $0.dropFirst(12) }
        XCTAssertEqual(memoLines.map(\.utf8.count), [1999, 1999, 1308])
        XCTAssertEqual(memoLines.joined(), ledgerText(memo))
        for line in memoLines { XCTAssertTrue(line.first != " " && line.last != " ", String(line)) }
        XCTAssertFalse(ledger.contains("\u{FFFD}"))

        // A short memo is one line.
        let short = try journal(.ledger, [("short", envelope(vendor: "Shop", memo: "a memo", id: "R1"))])
        XCTAssertTrue(short.contains("2024-03-01 * (R1) Shop\n    ; memo: a memo\n    Assets:Bank:Checking"), short)
    }

    /// What a description, a code and a beancount string become, plain or not: plain ones are
    /// copied whole, the rest byte by byte.
    func testTextsAreEscapedAndTrimmedByteByByte() {
        XCTAssertEqual(ledgerText("TESCO (Leeds)"), "TESCO (Leeds)")
        XCTAssertEqual(ledgerText("TESCO (Leeds)", code: true), "TESCO [Leeds]")
        XCTAssertEqual(ledgerText(" a;b|c "), "a\u{FF1B}b\u{FF5C}c")
        XCTAssertEqual(ledgerText("\t\n café\u{7F}x \r"), "café x")
        XCTAssertEqual(ledgerText(" \t "), "")
        XCTAssertEqual(ledgerText("ünï ; x"), "ünï \u{FF1B} x")
        var quoted: [UInt8] = []
        JournalEntry.appendQuoted("say \"hi\"\\\n é", to: &quoted)
        XCTAssertEqual(String(decoding: quoted, as: UTF8.self), #""say \"hi\"\\  é""#)
    }

    /// The cuts of `lines(_:bytes:)`: at most the bytes, never inside a character's UTF-8
    /// bytes, beside no space when there is a cut in the line's second half that is not.
    func testMemoLinesAreCutBetweenCharactersAndNotBesideASpace() {
        func cut(_ text: String, _ bytes: Int) -> [String] {
            JournalEntry.lines(Array(text.utf8), bytes: bytes).map { String(decoding: $0, as: UTF8.self) }
        }
        XCTAssertEqual(cut("abcdefgh", 4), ["abcd", "efgh"])
        XCTAssertEqual(cut("abcdefghi", 4), ["abcd", "efgh", "i"])
        XCTAssertEqual(cut("ab cdefgh", 4), ["ab c", "defg", "h"])
        XCTAssertEqual(cut("abc defgh", 4), ["ab", "c de", "fgh"])
        XCTAssertEqual(cut("aéééé", 4), ["aé", "éé", "é"])
        XCTAssertEqual(cut("😀😀", 5), ["😀", "😀"])
        XCTAssertEqual(cut("a   b", 4), ["a   ", "b"])
        XCTAssertEqual(cut("", 4), [""])
    }

    /// beancount checks a balance at the start of its day, the day after the last entry: after
    /// 9999-12-31 there is none, and the balance is left out with a comment saying why.
    func testBeancountWritesNoAssertionAfterTheLastDayItCanWrite() throws {
        let sources = [
            ("late", SinkTestFeed.envelope(name: "Late", balance: "1", [(1, "w", "2", "9999-12-31")])),
            ("early", SinkTestFeed.envelope(name: "Early", balance: "5", [(1, "x", "2", "9999-12-30")])),
        ]
        let beancount = try journal(.beancount, sources)
        XCTAssertFalse(beancount.contains("+10000"), beancount)
        XCTAssertFalse(beancount.contains("balance Assets:Bank:Late"), beancount)
        XCTAssertTrue(
            beancount.contains(
                "; Assets:Bank:Late: no balance assertion of 1.00 USD: it would be checked on the day after 9999-12-31, which beancount cannot write\n"
            ), beancount)
        XCTAssertTrue(
            beancount.contains("9999-12-31 * \"Opening balance\" \"\"\n  Assets:Bank:Late  3.00 USD\n"), beancount)
        XCTAssertTrue(beancount.contains("9999-12-31 balance Assets:Bank:Early  5.00 USD\n"), beancount)

        let ledger = try journal(.ledger, sources)
        XCTAssertTrue(
            ledger.contains("9999-12-31 * Balance assertion\n    Assets:Bank:Late  0 USD = 1.00 USD\n"), ledger)
    }
    /// An account whose entries sum past what 64 bits of minor units hold (9,300 credits of the
    /// largest amount) has an opening no journal amount can hold: the sink says so, and never
    /// writes the sum wrapped round into a number of the other sign.
    func testAnOpeningPastWhatAnAmountHoldsIsAnErrorNotAWrappedNumber() throws {
        let credits = Array(repeating: (0, "Big", "9999999999999.99", "2024-03-01"), count: 9_300)
        let sources = [("a", SinkTestFeed.envelope(name: "Huge", balance: "5", credits))]
        for syntax in [JournalSink.Syntax.ledger, .beancount] {
            XCTAssertThrowsError(try journal(syntax, sources)) { error in
                XCTAssertTrue(
                    "\(error)".hasPrefix(
                        "Assets:Bank:Huge: its opening balance is -9299999999999990200 minor units, past what a journal amount holds"
                    ), "\(error)")
            }
        }
        // Below it, the same entries are written with their opening.
        let fewer = [("a", SinkTestFeed.envelope(name: "Huge", balance: "5", Array(credits.prefix(900))))]
        XCTAssertTrue(try journal(.ledger, fewer).contains("Assets:Bank:Huge  -8999999999999986.00 USD"))
    }
}

/// ``JournalEntry/appendLedgerText(_:code:to:)`` as a `String`.
private func ledgerText(_ text: String, code: Bool = false) -> String {
    var bytes: [UInt8] = []
    JournalEntry.appendLedgerText(text, code: code, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
}
