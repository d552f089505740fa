import CAMTReading
import Foundation
import XCTest

/// A file that is not well-formed, cut short or not camt fails with the file, the line and the
/// statement and entry it was in; statements ended before are already out.
final class CAMTFailureTests: XCTestCase {
    typealias D = CAMTDocument

    static let named = CAMTStatementReadingTests.named

    func testAMismatchedTagNamesTheLineAndTheEntry() throws {
        let good = D.entry("1.00", "DBIT", Self.named)
        let text = D.document(
            D.statement(good), D.statement(good, good.replacingOccurrences(of: "</Amt>", with: "</Amount>")))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let badLine = try XCTUnwrap(lines.firstIndex { $0.contains("</Amount>") }) + 1
        let events = D.events(text)
        XCTAssertEqual(D.ends(text).count, 1, "the first statement ended before the damage")
        guard case .failure(let failure)? = events.last else { return XCTFail("\(events)") }
        XCTAssertEqual(failure.line, badLine)
        XCTAssertEqual(failure.path, "Stmt[1].Ntry[1]")
        XCTAssertTrue(failure.description.hasPrefix("statement.xml:\(badLine): Stmt[1].Ntry[1]: "), "\(failure)")
        XCTAssertTrue(failure.message.contains("Amt"), failure.message)
    }

    /// libxml2 stops at 256 levels and advises its own XML_PARSE_HUGE, which no one running txfeed
    /// can set: the failure says what the file holds instead.
    func testNestingPastLibxml2sLimitIsSaidInTheFilesTerms() throws {
        let good = D.entry("1.00", "DBIT", Self.named)
        let deep = good.replacingOccurrences(
            of: "</Amt>", with: "</Amt>" + String(repeating: "<X>", count: 300) + String(repeating: "</X>", count: 300))
        let failure = try XCTUnwrap(D.failure(D.document(D.statement(deep))))
        XCTAssertEqual(
            failure.message, "elements nested more than 256 deep: no camt statement nests so (an element left open?)")
        XCTAssertFalse(failure.description.contains("XML_PARSE_HUGE"), "\(failure)")
    }

    /// Cut inside the second statement: the first, ended well before the cut, comes out whole;
    /// the second never ends. (The reader lags libxml2's parser by a chunk or so: what was read
    /// within that distance of the damage is not handed out, which is why the test's first
    /// statement is a few KiB long.)
    func testATruncatedFileKeepsWhatEndedAndFailsAtItsEnd() throws {
        let first = D.statement(Array(repeating: D.entry("1.00", "DBIT", Self.named), count: 20).joined())
        let text = D.document(
            first, D.statement(D.entry("1.00", "DBIT", Self.named), D.entry("2.00", "DBIT", Self.named)))
        let at = try XCTUnwrap(text.range(of: "2.00")).lowerBound
        let cut = String(text[..<at])
        let failure = try XCTUnwrap(D.failure(cut))
        XCTAssertEqual(failure.path, "Stmt[1].Ntry[1]")
        XCTAssertEqual(failure.line, cut.split(separator: "\n", omittingEmptySubsequences: false).count)
        XCTAssertTrue(failure.message.hasPrefix("the file is cut short"), failure.message)
        XCTAssertEqual(D.ends(cut).map(\.entries), [20], "the first statement ended; the cut one never does")
        XCTAssertEqual(D.entries(cut).filter { $0.location.hasPrefix("Stmt[0]") }.count, 20)
    }

    /// A file on one line (XML written without breaks) has every error on its last line: one
    /// that holds its `</Document>` was not cut, and its damage is said as such.
    func testAFileOnOneLineIsCutOnlyWhereItLacksItsEnd() throws {
        // Long enough that the reader is inside the last entry when libxml2 meets its damage.
        let entries =
            Array(repeating: D.entry("1.00", "DBIT", Self.named), count: 40) + [
                D.entry("2.00", "DBIT", Self.named)
            ]
        let text = D.document(D.statement(entries.joined())).replacingOccurrences(of: "\n", with: "")
        XCTAssertNil(D.failure(text))
        let last = try XCTUnwrap(text.range(of: "</Amt>", options: .backwards))
        let damaged = try XCTUnwrap(D.failure(text.replacingCharacters(in: last, with: "</Amx>")))
        XCTAssertEqual(damaged.line, 1)
        XCTAssertTrue(damaged.message.hasPrefix("</Amx> where </Amt> of line 1 is due"), damaged.message)
        let cut = try XCTUnwrap(D.failure(String(text[..<text.range(of: "2.00")!.lowerBound])))
        XCTAssertEqual(cut.message, "the file is cut short")
    }

    /// Damage just after `</Stmt>`: libxml2 stops before the reader has handed out the whole
    /// statement, which is then read again from its own bytes: every entry once, its end, and
    /// only then the failure, at the damaged statement.
    func testAStatementEndedJustBeforeTheDamageIsStillWhole() throws {
        let first = D.statement(
            D.entry("1.00", "DBIT", Self.named), D.entry("1,00", "DBIT", Self.named),
            D.entry("2.00", "CRDT", Self.named), opening: ("10.00", "CRDT"), closing: ("11.00", "CRDT"))
        let text = D.document(first, "<Stmt><Id>S2</Idx></Stmt>")
        let events = D.events(text)
        XCTAssertEqual(D.entries(text).map(\.location), ["Stmt[0].Ntry[0]", "Stmt[0].Ntry[2]"])
        XCTAssertEqual(D.rejects(text).map(\.location), ["Stmt[0].Ntry[1].Amt"])
        XCTAssertEqual(D.statements(text).count, 1)
        let end = try XCTUnwrap(D.ends(text).first)
        XCTAssertEqual([end.entries, end.rejected], [3, 1])
        guard case .failure(let failure)? = events.last else { return XCTFail("\(events)") }
        XCTAssertEqual(failure.path, "Stmt[1]")
        XCTAssertEqual(failure.message, "</Idx> where </Id> of line 31 is due: a tag misspelt, or one left open")
    }

    func testAnotherXMLIsNotCamtAndSaysWhatItFound() throws {
        let pain = #"<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn/></Document>"#
        XCTAssertEqual(
            try XCTUnwrap(D.failure(pain)).message,
            "not a camt statement: the root element is <Document> in namespace urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"
        )
        XCTAssertEqual(
            try XCTUnwrap(D.failure("<OFX><BANKMSGSRSV1/></OFX>")).message,
            "not a camt statement: the root element is <OFX> with no namespace")
    }

    func testTextThatIsNoXMLAtAllFails() throws {
        let failure = try XCTUnwrap(D.failure("Date,Amount\n2024-03-01,12.50\n"))
        XCTAssertEqual(failure.line, 1)
        XCTAssertFalse(failure.message.isEmpty)
        XCTAssertEqual(try XCTUnwrap(D.failure("")).message, "the file is empty")
    }

    /// A closing tag broken inside a statement's balances: the statement read again from its own
    /// bytes meets the same damage, and must fail there rather than recover again and again (it
    /// once recursed until the stack overflowed).
    func testDamageThatARecoveredStatementMeetsAgainFailsOnce() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/statements/camt/camt053-off-balance.xml")
        var text = try String(contentsOf: url, encoding: .utf8)
        let close = try XCTUnwrap(text.range(of: "</Bal>"))
        text.replaceSubrange(close, with: " l>")
        let events = D.events(text)
        let failures = events.filter { if case .failure = $0 { true } else { false } }
        XCTAssertEqual(failures.count, 1, "\(events)")
        guard case .failure? = events.last else { return XCTFail("the reading ends in its failure: \(events)") }
    }

    /// The fixtures cut at every line's end: a statement handed out ended is whole, as many entries
    /// as in the whole file, and the cut is a failure (no `</Document>`).
    func testAFileCutAtAnyLineKeepsOnlyWholeStatementsAndFails() throws {
        var cuts = 0
        for name in ["camt053-two-statements.xml", "camt054-v08-prtry.xml", "real/camt-to-coda-2024-05-31.xml"] {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../Fixtures/statements/camt/" + name)
            let text = try String(contentsOf: url, encoding: .utf8)
            let whole = D.ends(text).map(\.entries)
            XCTAssertNil(D.failure(text), name)
            let lineEnds = text.indices.filter { text[$0] == "\n" }.dropLast()
            for end in lineEnds {
                let cut = String(text[...end])
                let events = D.events(cut)
                let ends = events.compactMap { if case .statementEnd(let end) = $0 { end } else { nil } }
                for (index, kept) in ends.enumerated() {
                    XCTAssertEqual(kept.entries, whole[index], "\(name) cut: Stmt[\(index)] kept in part")
                }
                guard case .failure? = events.last else {
                    return XCTFail("\(name) cut: no failure: \(String(describing: events.last))")
                }
                cuts += 1
            }
        }
        XCTAssertGreaterThan(cuts, 150)
    }
}
