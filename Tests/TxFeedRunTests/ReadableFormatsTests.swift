import XCTest

@testable import TxFeedRun

/// What a file no plugin claims is told each plugin reads: the first clause of its description.
final class ReadableFormatsTests: XCTestCase {
    func testTheFirstClauseWithoutReads() {
        XCTAssertEqual(
            ReadableFormats.phrase("Reads bank CSV exports, as they come: dialect, columns inferred"),
            "bank CSV exports")
        XCTAssertEqual(
            ReadableFormats.phrase("Reads SWIFT MT940 statements and MT942 reports, streamed"),
            "SWIFT MT940 statements and MT942 reports")
        XCTAssertEqual(ReadableFormats.phrase("Deterministic random users; for tests"), "Deterministic random users")
        XCTAssertEqual(ReadableFormats.phrase("Reads  Quicken QIF files  "), "Quicken QIF files")
    }

    func testACommaInParenthesesDoesNotEndIt() {
        XCTAssertEqual(
            ReadableFormats.phrase("Reads statements (OFX, QFX) of banks: all kinds"), "statements (OFX, QFX) of banks")
    }

    func testALongClauseIsCutAtAWord() {
        let phrase = ReadableFormats.phrase(
            "Reads the statements of every bank that writes its exports in the format of the Example Banking Group")
        XCTAssertEqual(phrase, "the statements of every bank that writes its exports in the…")
        XCTAssertLessThanOrEqual(phrase.count, ReadableFormats.phraseLimit + 1)
    }

    func testAnEmptyDescriptionGivesNothing() {
        XCTAssertEqual(ReadableFormats.phrase(""), "")
        XCTAssertEqual(ReadableFormats.phrase(": options"), "")
    }
}
