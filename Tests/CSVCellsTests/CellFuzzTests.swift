import XCTest

@testable import CSVCells

/// Bank files hold anything: no byte sequence may crash a cell reader.
final class CellFuzzTests: XCTestCase {
    private static let seeds = [
        "1.000,50", "£1,234.56", "-€5", "(75.00)", "75.00-", "5,00 €", "EUR 12.00", "1\u{202F}234,5",
        "2024-03-01T08:15:00+01:00", "31/12/2023", "15 Sept 2024", "JANUARY 05, 2024", "20240815", "01.03.24 7:05",
    ]
    /// Bytes that matter to the readers: digits, separators, signs, and the lead bytes of blanks and symbols.
    private static let interesting: [UInt8] = Array("0123456789.,' -+()%:/TZ€£".utf8) + [0xC2, 0xE2, 0x80, 0xA0, 0xFF]

    func testRandomAndMutatedCellsNeverCrash() {
        var random = SplitMix(state: 20_240_301)
        var evidence = DateEvidence()
        var marks = DecimalMarkEvidence()
        var parsed = 0
        for round in 0..<5_000 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                bytes = (0..<Int.random(in: 0...24, using: &random)).map { _ in
                    Bool.random(using: &random)
                        ? UInt8.random(in: 0...255, using: &random) : Self.interesting.randomElement(using: &random)!
                }
            } else {
                bytes = Array(Self.seeds.randomElement(using: &random)!.utf8)
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    let byte = Self.interesting.randomElement(using: &random)!
                    switch (Int.random(in: 0..<3, using: &random), bytes.isEmpty) {
                    case (0, false): bytes[Int.random(in: bytes.indices, using: &random)] = byte
                    case (1, false): bytes.remove(at: Int.random(in: bytes.indices, using: &random))
                    default: bytes.insert(byte, at: Int.random(in: 0...bytes.count, using: &random))
                    }
                }
            }
            withBytes(bytes) { cell in
                for mark in [DecimalMark.point, .comma] {
                    if let amount = try? AmountText.parse(cell, mark: mark) {
                        var out: [UInt8] = []
                        amount.write(into: &out)
                        XCTAssertFalse(out.isEmpty)
                        parsed += 1
                    }
                }
                _ = AmountText.isBlank(cell)
                _ = AmountText.looksLikeAmount(cell)
                for pattern in DatePattern.candidates {
                    if let date = pattern.parse(cell) {
                        XCTAssertTrue((1...12).contains(date.month) && (1...31).contains(date.day), "\(bytes)")
                        parsed += 1
                    }
                }
                evidence.observe(cell, line: round)
                marks.observe(cell, line: round)
            }
        }
        _ = evidence.decision
        _ = marks.decision
        XCTAssertGreaterThan(parsed, 100, "the mutations should still leave many readable cells")
    }
}
