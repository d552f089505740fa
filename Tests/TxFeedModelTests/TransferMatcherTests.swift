import TxFeedModel
import XCTest

/// Issue 43: transfers between the user's own accounts are linked only when unambiguous.
final class TransferMatcherTests: XCTestCase {
    typealias Candidate = TransferMatcher.Candidate

    /// Accounts 0 (checking, DE89 3704 0044 0532 0130 00) and 1 (savings, DE12 5001 0517 0648 4898 90).
    let numbers = [["DE89 3704 0044 0532 0130 00"], ["DE12500105170648489890"], []]

    func testAnUnambiguousPairIsLinkedWithWhatDecidedIt() {
        let candidates = [
            Candidate(row: 0, account: 0, currency: "EUR", signedMinor: -50_000, day: 100, text: "Umbuchung Sparen"),
            Candidate(row: 1, account: 1, currency: "EUR", signedMinor: 50_000, day: 103, text: "Eingang"),
            Candidate(row: 2, account: 0, currency: "EUR", signedMinor: -450, day: 100, text: "Coffee"),
            Candidate(row: 3, account: 0, currency: "EUR", signedMinor: -450, day: 100, text: "Coffee"),
        ]
        let result = TransferMatcher.match(candidates, accountNumbers: numbers)
        XCTAssertEqual(result.links, [TransferMatcher.Link(debit: 0, credit: 1, evidence: "transfer word")])
        XCTAssertEqual(result.ambiguous, [], "two real coffees are two coffees, not a transfer")
    }

    /// Thousands of one amount on one day in two accounts: one set not paired, whatever the
    /// evidence (the same as looking at every pair gave, which took about a minute for twice
    /// this many); the other amounts are matched as ever.
    func testAnAmountCrowdingTheWindowIsOneSetNotPaired() {
        var candidates = (0..<6_000).map { n in
            Candidate(
                row: n, account: n % 2, currency: "EUR", signedMinor: n % 2 == 0 ? -450 : 450, day: 100,
                text: "Coffee")
        }
        candidates += [
            Candidate(row: 6_000, account: 0, currency: "EUR", signedMinor: -50_000, day: 100, text: "Umbuchung"),
            Candidate(row: 6_001, account: 1, currency: "EUR", signedMinor: 50_000, day: 101, text: "Eingang"),
        ]
        let result = TransferMatcher.match(candidates, accountNumbers: numbers)
        XCTAssertEqual(result.links, [TransferMatcher.Link(debit: 6_000, credit: 6_001, evidence: "transfer word")])
        XCTAssertEqual(result.ambiguous, [Array(0..<6_000)])
    }

    func testTwoCandidatesAreLinkedToNothingAndListed() {
        let candidates = [
            Candidate(row: 0, account: 0, currency: "EUR", signedMinor: -10_000, day: 100, text: "Transfer"),
            Candidate(row: 1, account: 1, currency: "EUR", signedMinor: 10_000, day: 101, text: "Incoming"),
            Candidate(row: 2, account: 2, currency: "EUR", signedMinor: 10_000, day: 102, text: "Incoming"),
        ]
        let result = TransferMatcher.match(candidates, accountNumbers: numbers)
        XCTAssertEqual(result.links, [])
        XCTAssertEqual(result.ambiguous, [[0, 1, 2]])
    }

    func testTheOtherAccountsNumberSettlesAmongCandidates() {
        let candidates = [
            Candidate(
                row: 0, account: 0, currency: "EUR", signedMinor: -10_000, day: 100,
                text: "To DE12 5001 0517 0648 4898 90"),
            Candidate(row: 1, account: 1, currency: "EUR", signedMinor: 10_000, day: 101, text: "Incoming"),
            Candidate(row: 2, account: 2, currency: "EUR", signedMinor: 10_000, day: 102, text: "Incoming"),
        ]
        let result = TransferMatcher.match(candidates, accountNumbers: numbers)
        XCTAssertEqual(result.links, [TransferMatcher.Link(debit: 0, credit: 1, evidence: "account number")])
        XCTAssertEqual(result.ambiguous, [])
    }

    func testOutsideTheWindowOrInAnotherCurrencyOrTheSameAccountIsNoTransfer() {
        let candidates = [
            Candidate(row: 0, account: 0, currency: "EUR", signedMinor: -10_000, day: 100, text: "transfer"),
            Candidate(row: 1, account: 1, currency: "EUR", signedMinor: 10_000, day: 105, text: ""),
            Candidate(row: 2, account: 1, currency: "USD", signedMinor: 10_000, day: 100, text: ""),
            Candidate(row: 3, account: 0, currency: "EUR", signedMinor: 10_000, day: 100, text: "refund"),
        ]
        let result = TransferMatcher.match(candidates, accountNumbers: numbers)
        XCTAssertEqual(result, TransferMatcher.Result())
        XCTAssertEqual(
            TransferMatcher.match(candidates, accountNumbers: numbers, window: 5).links,
            [TransferMatcher.Link(debit: 0, credit: 1, evidence: "transfer word")])
    }

    func testTwoEqualTransfersOnTheSameDaysCannotBeToldApart() {
        let candidates = [
            Candidate(row: 0, account: 0, currency: "EUR", signedMinor: -2_000, day: 100, text: "transfer"),
            Candidate(row: 1, account: 0, currency: "EUR", signedMinor: -2_000, day: 100, text: "transfer"),
            Candidate(row: 2, account: 1, currency: "EUR", signedMinor: 2_000, day: 100, text: "transfer"),
            Candidate(row: 3, account: 1, currency: "EUR", signedMinor: 2_000, day: 100, text: "transfer"),
        ]
        let result = TransferMatcher.match(candidates, accountNumbers: numbers)
        XCTAssertEqual(result.links, [])
        XCTAssertEqual(result.ambiguous, [[0, 1, 2, 3]])
    }

    /// A purchase in one account and its refund in another, days apart, are not a transfer; nor
    /// are amounts in no named currency.
    func testAnAmountAloneOrAnUnknownCurrencyIsNoEvidence() {
        let candidates = [
            Candidate(row: 0, account: 0, currency: "GBP", signedMinor: -1_999, day: 100, text: "AMAZON.CO.UK"),
            Candidate(row: 1, account: 1, currency: "GBP", signedMinor: 1_999, day: 102, text: "AMAZON MKTPL RETURN"),
            Candidate(row: 2, account: 0, currency: "", signedMinor: -500, day: 100, text: "transfer"),
            Candidate(row: 3, account: 1, currency: "", signedMinor: 500, day: 100, text: "transfer"),
        ]
        XCTAssertEqual(TransferMatcher.match(candidates, accountNumbers: numbers), TransferMatcher.Result())
    }

    func testTransferWordsAreWholeWordsInAnyCaseAndAccent() {
        XCTAssertTrue(TransferWords.appear(in: "ÜBERTRAG auf Sparkonto"))
        XCTAssertTrue(TransferWords.appear(in: "Virement vers livret"))
        XCTAssertTrue(TransferWords.appear(in: "ONLINE XFER 1234"))
        XCTAssertFalse(TransferWords.appear(in: "Transferwise Ltd"))
    }
}
