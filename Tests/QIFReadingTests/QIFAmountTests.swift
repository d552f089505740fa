import QIFReading
import XCTest

/// Amounts as QIF files write them, the decimal mark decided over every one.
final class QIFAmountTests: XCTestCase {
    private func amounts(_ values: [String], options: [String: String] = [:]) throws -> ReadResult {
        try readQIF(
            bankFile(values.enumerated().map { ["D1/\($0.offset + 13)'24", "T" + $0.element, "PA"] }),
            options: options)
    }

    func testThousandsSeparatorsWithAPoint() throws {
        let result = try amounts(["-1,234.56", "-45.00", "2,450.00"])
        XCTAssertEqual(result.entries.map(\.amount), ["-1234.56", "-45.00", "2450.00"])
        XCTAssertTrue(result.reportLine("decimal mark")?.hasPrefix(".") ?? false, result.report)
    }

    func testThousandsSeparatorsWithAComma() throws {
        let result = try amounts(["1.234,56", "-12,50", "-1.000,00"])
        XCTAssertEqual(result.entries.map(\.amount), ["1234.56", "-12.50", "-1000.00"])
        XCTAssertTrue(result.reportLine("decimal mark")?.hasPrefix(",") ?? false, result.report)
    }

    /// `1.000` alone could be either: the other amounts settle it for the whole file.
    func testOneAmbiguousAmountIsReadAsTheFileSettles() throws {
        XCTAssertEqual(try amounts(["1.000", "-12,50"]).entries.map(\.amount), ["1000", "-12.50"])
        XCTAssertEqual(try amounts(["1.000", "-12.5"]).entries.map(\.amount), ["1.000", "-12.5"])
    }

    func testMarksThatDisagreeAreAProblemNamingDecimalMark() throws {
        let result = try amounts(["1.234,56", "1,234.56"])
        XCTAssertEqual(result.problems.count, 1)
        XCTAssertTrue(result.problems[0].contains("decimal-mark"), result.problems[0])
        let given = try amounts(["1.234,56", "-12,50"], options: ["decimal-mark": ","])
        XCTAssertEqual(given.entries.map(\.amount), ["1234.56", "-12.50"])
    }

    /// `U` stands in for a missing `T`; when both are there `T` is read.
    func testTIsPreferredAndUStandsIn() throws {
        let result = try readQIF(
            bankFile([["D1/13'24", "U-9.00", "T-7.00", "PA"], ["D1/14'24", "U-8.00", "PB"]]))
        XCTAssertEqual(result.entries.map(\.amount), ["-7.00", "-8.00"])
    }

    func testABadAmountRejectsItsRecordWithItsLine() throws {
        let result = try readQIF(
            bankFile([["D1/13'24", "T-1.00", "PA"], ["D1/14'24", "T1,23,4", "PB"], ["D1/15'24", "PC"]]))
        XCTAssertEqual(result.entries.map(\.vendor), ["A"])
        XCTAssertEqual(result.rejects.map(\.location), ["record 2 (line 6)", "record 3 (line 10)"])
        XCTAssertEqual(result.rejects[0].reason, "amount \"1,23,4\": thousands separators out of place")
        XCTAssertEqual(result.rejects[1].reason, "no amount (a T line)")
    }
}
