import MT940Reading
import StatementText
import XCTest

/// The `encoding` option: the whole file read in the encoding it names, through iconv.
final class MT940EncodingTests: XCTestCase {
    /// A Russian bank's statement, its payee `ООО Ромашка` and purpose `Оплата по счёту` in cp1251.
    private let russian =
        ":20:STARTUMSE\r\n:25:40702810900000001234\r\n:28C:00001/001\r\n:60F:C240301RUB2000,00\r\n"
        + ":61:2403010301DR45,20NMSCNONREF//2024030100001\r\n"
        + ":86:106?00ПЛАТЕЖ?20SVWZ+Оплата по счёту?32ООО Ромашка\r\n"
        + ":62F:C240301RUB1954,80\r\n-\r\n"

    /// Read with `encoding=cp1251`, the payee is the bank's; without it, windows-1252 made
    /// `ÎÎÎ Ðîìàøêà` of it, and nothing could fix that.
    func testAStatementInCP1251IsReadWithTheEncodingOption() throws {
        let encoding = try XCTUnwrap(TextEncoding(option: "cp1251"))
        let reader = MT940Reader(bytes: cp1251(russian), origin: "test.sta", encoding: encoding)
        var entries: [StatementEntry] = []
        var failure: StatementFailure?
        while let event = reader.next() {
            if case .entry(let entry) = event { entries.append(entry) }
            if case .failure(let found) = event { failure = found }
        }
        XCTAssertNil(failure)
        XCTAssertEqual(entries.map(\.vendor), ["ООО Ромашка"])
        XCTAssertEqual(entries.map(\.memo), ["Оплата по счёту"])
        XCTAssertEqual(entries.map(\.amount), ["-45.20"])
        XCTAssertEqual(reader.notes, [], "an encoding given is no guess to note")

        let guessed = MT940Read(bytes: cp1251(russian))
        XCTAssertEqual(guessed.entries.map(\.vendor), ["ÎÎÎ Ðîìàøêà"])
    }

    /// A byte the encoding does not map (0x98 is no character in cp1251) fails the file naming
    /// its line, wherever the pieces read are cut: never replaced by `?` or U+FFFD.
    func testAByteTheEncodingDoesNotMapFailsNamingItsLine() throws {
        let encoding = try XCTUnwrap(TextEncoding(option: "cp1251"))
        var bytes = cp1251(String(repeating: russian, count: 2_000))
        let at = bytes.count / 3 * 2
        let slash = bytes[at...].firstIndex(of: UInt8(ascii: "?"))!
        bytes[slash] = 0x98
        let line = 1 + bytes[..<slash].filter { $0 == 0x0A }.count
        let reader = MT940Reader(bytes: bytes, origin: "test.sta", encoding: encoding)
        var failures: [StatementFailure] = []
        var entries = 0
        while let event = reader.next() {
            if case .failure(let failure) = event { failures.append(failure) }
            if case .entry = event { entries += 1 }
        }
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertEqual(
            failures.first?.message,
            "byte 0x98 is not text in cp1251 (encoding=cp1251): the file is in another encoding")
        XCTAssertLessThan(entries, 2_000)
    }

    /// A character cut between two pieces read (UTF-8's two bytes, a piece being 64 KiB) is
    /// joined again: every payee of a long file is whole.
    func testACharacterCutBetweenPiecesIsReadWhole() throws {
        let statement = message(
            ":60F:C240101EUR10,", ":61:240101D1,NMSCNONREF", ":86:106?32Bäckerei Müllerß", ":62F:C240101EUR9,")
        var bytes = Array(String(repeating: statement, count: 3_000).utf8)
        // A longer first reference until the first piece ends inside a character.
        while bytes[65_536] & 0xC0 != 0x80 { bytes.insert(UInt8(ascii: "R"), at: 4) }
        let reader = MT940Reader(bytes: bytes, origin: "test.sta", encoding: .utf8)
        var vendors: Set<String> = []
        var count = 0
        while let event = reader.next() {
            if case .entry(let entry) = event {
                vendors.insert(entry.vendor)
                count += 1
            }
            if case .failure(let failure) = event { XCTFail("\(failure)") }
        }
        XCTAssertEqual(count, 3_000)
        XCTAssertEqual(vendors, ["Bäckerei Müllerß"])
    }

    /// `text` in cp1251: ASCII as it is, Cyrillic as the code page has it.
    private func cp1251(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { scalar in
            switch scalar.value {
            case 0..<0x80: UInt8(scalar.value)
            case 0x410...0x44F: UInt8(scalar.value - 0x410 + 0xC0)
            case 0x451: 0xB8  // ё
            default: preconditionFailure("not in the test's cp1251: \(scalar)")
            }
        }
    }
}
