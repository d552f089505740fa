import XCTest

@testable import CSVCells

/// How a message repeats a cell: the host prints messages as C strings and lines, so no control
/// character gets through as it is, nor invalid UTF-8, nor a runaway cell.
final class CellQuoteTests: XCTestCase {
    private func quote(_ bytes: [UInt8]) -> String { withBytes(bytes) { CellQuote.text($0) } }

    func testControlCharactersAreEscaped() {
        XCTAssertEqual(quote(Array("12\u{0}34".utf8)), #"12\034"#)
        XCTAssertEqual(quote(Array("a\tb\nc\rd".utf8)), #"a\tb\nc\rd"#)
        XCTAssertEqual(quote([0x41, 0x01, 0x1B, 0x7F, 0x42]), #"A\u0001\u001B\u007FB"#)
        XCTAssertEqual(quote(Array("x\u{85}y".utf8)), #"x\u0085y"#, "C1 controls too")
        XCTAssertEqual(CellQuote.text("Name\u{0}"), #"Name\0"#)
        XCTAssertFalse(quote([0x00, 0x00]).unicodeScalars.contains { $0.value < 0x20 })
    }

    func testBlanksAroundAreTrimmedButNotInside() {
        XCTAssertEqual(quote(Array("  12 34\u{A0}".utf8)), "12 34")
        XCTAssertEqual(quote(Array("\t1\t".utf8)), "1", "a tab around a cell is a blank, not shown")
    }

    func testInvalidUTF8IsRepaired() {
        XCTAssertEqual(quote([0x31, 0xFF, 0x32]), "1\u{FFFD}2")
        XCTAssertEqual(quote([0xC3]), "\u{FFFD}", "a sequence cut short")
        XCTAssertEqual(quote(Array("Müller".utf8)), "Müller")
    }

    func testALongCellIsCutAtFortyCharacters() {
        XCTAssertEqual(quote(Array(String(repeating: "x", count: 40).utf8)), String(repeating: "x", count: 40))
        XCTAssertEqual(quote(Array(String(repeating: "x", count: 41).utf8)), String(repeating: "x", count: 40) + "…")
        // Counted in characters, not bytes, and never cutting a character in two.
        let umlauts = String(repeating: "ä", count: 1_000)
        XCTAssertEqual(quote(Array(umlauts.utf8)), String(repeating: "ä", count: 40) + "…")
        let emoji = String(repeating: "🍕", count: 60)
        XCTAssertEqual(quote(Array(emoji.utf8)), String(repeating: "🍕", count: 40) + "…")
        // An escape counts as the characters it shows, and is never cut in two.
        let nuls = [UInt8](repeating: 0x31, count: 39) + [0x00, 0x32]
        XCTAssertEqual(quote(nuls), String(repeating: "1", count: 39) + "…")
        XCTAssertEqual(CellQuote.escaped(String(repeating: "\u{0}", count: 30)), String(repeating: #"\0"#, count: 30))
    }

    func testEvidenceQuotesCellsTheSameWay() {
        var evidence = DateEvidence()
        withBytes(Array("2024\u{0}03-01".utf8)) { evidence.observe($0, line: 2) }
        XCTAssertEqual(
            evidence.decision, .unreadable(#"line 2: "2024\003-01" is not a date in any known format; set date-format"#)
        )
    }
}
