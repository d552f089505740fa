import CAMTReading
import Foundation
import XCTest

/// An entry without `BookgDt` and `ValDt`: a bank's daily statement leaves them out. Its day is
/// the statement's when the statement is of one day (a `FrToDt` of one day, or without `FrToDt`
/// an opening and a closing balance of the same day); otherwise it is rejected, saying why.
final class CAMTUndatedEntryTests: XCTestCase {
    typealias D = CAMTDocument

    private static let undated = "<AcctSvcrRef>REF-0000001</AcctSvcrRef><AddtlNtryInf>Fee</AddtlNtryInf>"
    private static let dated = "<BookgDt><Dt>2024-03-05</Dt></BookgDt><AddtlNtryInf>Card</AddtlNtryInf>"

    /// camt-to-coda's `2024-05-31.xml` (MIT, `Fixtures/statements/camt/real/`): every entry was
    /// rejected, `missing BookgDt and ValDt`, though the statement reconciles and its balances
    /// are both of 2024-05-31.
    func testABanksOneDayStatementDatesItsEntriesByThatDay() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/statements/camt/real/camt-to-coda-2024-05-31.xml")
        let text = try String(contentsOf: url, encoding: .utf8)
        XCTAssertEqual(D.rejects(text).map(\.location), [])
        let entries = D.entries(text)
        XCTAssertEqual(
            entries.map(\.amount),
            ["-1125.00", "1247269.30", "-614.00", "-149072.77", "-212159.00", "-2491.00", "-12000.00", "-2476.00"])
        XCTAssertEqual(Set(entries.map(\.date)), ["2024-05-31"])
        XCTAssertEqual(entries.first?.id, "REF000009726020")
        let ends = D.ends(text)
        XCTAssertEqual(ends.map(\.datedByStatement), [8, 0])
        XCTAssertEqual(ends.map { $0.failure == nil }, [true, true], "both statements reconcile")
        XCTAssertEqual(ends.first?.booked.plain(decimals: 2), "867331.53")
    }

    /// `FrToDt` of one day decides, whatever days the balances bear.
    func testAFromToOfOneDayDatesAnUndatedEntry() throws {
        let statement = D.statement(
            D.entry("2.50", "DBIT", Self.undated), opening: ("10.00", "CRDT"), closing: ("7.50", "CRDT")
        ).replacingOccurrences(of: "2024-03-31T23:59:59", with: "2024-03-01T23:59:59")
        let text = D.document(statement)
        let entry = try XCTUnwrap(D.entries(text).first)
        XCTAssertEqual(entry.date, "2024-03-01")
        XCTAssertEqual(entry.amount, "-2.50")
        XCTAssertEqual(D.ends(text).first?.datedByStatement, 1)
    }

    /// A statement of a month does not say which day: the entry is rejected, naming what would
    /// have dated it, and still counts towards the balance.
    func testAStatementOfSeveralDaysRejectsAnUndatedEntry() throws {
        let text = D.document(
            D.statement(
                D.entry("2.50", "DBIT", Self.undated), D.entry("1.00", "DBIT", Self.dated), opening: ("10.00", "CRDT"),
                closing: ("6.50", "CRDT")))
        let reject = try XCTUnwrap(D.rejects(text).first)
        XCTAssertEqual(reject.location, "Stmt[0].Ntry[0].BookgDt")
        XCTAssertTrue(reject.reason.hasPrefix("missing BookgDt and ValDt, and the statement is not of one day"))
        XCTAssertEqual(D.entries(text).map(\.date), ["2024-03-05"])
        XCTAssertNil(D.ends(text).first?.failure, "the rejected entry's money is counted")
    }

    /// Without `FrToDt`, balances of different days (a `PRCD` of the day before) do not make
    /// one day.
    func testBalancesOfTwoDaysDoNotDateAnUndatedEntry() throws {
        let statement = D.statement(D.entry("2.50", "DBIT", Self.undated))
            .replacingOccurrences(
                of: "<FrToDt><FrDtTm>2024-03-01T00:00:00</FrDtTm><ToDtTm>2024-03-31T23:59:59</ToDtTm></FrToDt>",
                with: ""
            )
            .replacingOccurrences(
                of: "<Ntry>",
                with: D.balance("PRCD", "10.00", "CRDT").replacingOccurrences(of: "2024-03-31", with: "2024-03-30")
                    + D.balance("CLBD", "7.50", "CRDT") + "<Ntry>")
        let text = D.document(statement)
        XCTAssertEqual(D.entries(text).count, 0)
        XCTAssertEqual(D.rejects(text).map(\.location), ["Stmt[0].Ntry[0].BookgDt"])
        XCTAssertNil(D.statements(text).first?.onlyDay)
    }
}
