import MT940Reading
import StatementText
import XCTest

/// The plugin's path: entries written as bytes (``MT940Reader/nextWritingEntries(upTo:)``) are
/// the entries of the event path, in the same place among the other events; and the readings
/// done in place that no other test pins (amounts, SEPA purposes, text encodings by line).
final class MT940WrittenEntriesTests: XCTestCase {
    /// The events of a reading that writes its entries, batches of `limit` turned back into
    /// `.entry` events where they were handed over.
    private func writtenEvents(_ bytes: [UInt8], limit: Int) -> [MT940Event] {
        let reader = MT940Reader(bytes: bytes, origin: "test.sta")
        var events: [MT940Event] = []
        var texts = MT940EntryTexts()
        func takeEntries() {
            reader.takeWritten(&texts)
            XCTAssertLessThanOrEqual(texts.entries.count, limit)
            for entry in texts.entries {
                events.append(
                    .entry(
                        StatementEntry(
                            date: texts.string(entry.date), vendor: texts.string(entry.vendor),
                            amount: texts.string(entry.amount), id: entry.id.map(texts.string),
                            memo: entry.memo.map(texts.string), pending: entry.pending,
                            location: texts.string(entry.location))))
            }
        }
        while let output = reader.nextWritingEntries(upTo: limit) {
            takeEntries()
            if case .event(let event) = output { events.append(event) }
        }
        takeEntries()
        return events
    }

    func testWrittenEntriesAreTheEventsEntriesInTheirPlace() throws {
        let files = [
            "german.sta", "dutch.sta", "plain-pages.sta", "interim.942", "interim-ing.942", "off-balance.sta",
            "broken/german-truncated.sta", "broken/dutch-garbled.sta",
        ]
        for name in files {
            let bytes = try fixture(name)
            let events = MT940Read(bytes: bytes).events
            for limit in [1, 2, 4096] {
                XCTAssertEqual(writtenEvents(bytes, limit: limit), events, "\(name), batches of \(limit)")
            }
        }
    }

    func testAmountsAreReadAsWrittenWithOneComma() {
        func amount(_ text: String) -> String? {
            let read = MT940Read(
                message(":60F:C240101EUR0,", ":61:240101C\(text)NTRFNONREF", ":62F:C240101EUR0,"))
            return read.entries.first?.amount
        }
        XCTAssertEqual(amount("0001,50"), "1.50")
        XCTAssertEqual(amount("1,5,"), "1.5", "a comma that ends the amount is dropped")
        XCTAssertEqual(amount("123456789012,12"), "123456789012.12", "15 characters")
        XCTAssertEqual(amount("0,"), "0")
        for bad in ["1,,", ",5", "5", "1,2,3", "1234567890123,12", "1,123456"] {
            XCTAssertNil(amount(bad), bad)
        }
    }

    func testTheSEPAPurposeEndsAtTheNextKeywordAndBICOnlyAfterIt() {
        func memo(_ purpose: String) -> String? {
            MT940Read(
                message(
                    ":60F:C240101EUR0,", ":61:240101C0,NTRFNONREF", ":86:166?00GUTSCHRIFT" + purpose,
                    ":62F:C240101EUR0,")
            ).entries.first?.memo
        }
        XCTAssertEqual(memo("?20EREF+1 SVWZ+Miete ?21Juni KREF+X"), "Miete Juni")
        XCTAssertEqual(memo("?20SVWZ+ab BIC+cd"), "ab")
        XCTAssertEqual(memo("?20SVWZ+a+b ABWA+c"), "a+b")
        XCTAssertEqual(memo("?20no SEPA  purpose"), "no SEPA purpose")
    }

    /// Each line of free text is UTF-8 or windows-1252 by itself: a file may mix them.
    func testFreeTextLinesAreDecodedEachByItself() {
        let bytes =
            Array(":20:R\n:25:A\n:60F:C240101EUR0,\n:61:240101C0,NTRFNONREF\n:86:M".utf8) + [0xFC]
            + Array("ller\n  K".utf8) + [0xC3, 0xBC] + Array("hne  AG \n:62F:C240101EUR0,\n-\n".utf8)
        let entry = MT940Read(bytes: bytes).entries.first
        XCTAssertEqual(entry?.vendor, "Müller")
        XCTAssertEqual(entry?.memo, "Müller Kühne AG")
    }
}

/// What a file's byte order mark says of its encoding.
final class MT940ByteOrderMarkTests: XCTestCase {
    private let statement =
        ":20:STARTUMSE\r\n:25:37040044/0532013000\r\n:28C:00001/001\r\n:60F:C240301EUR2000,00\r\n"
        + ":61:2403010301DR45,20NMSCNONREF//2024030100001\r\n"
        + ":86:106?00KARTENZAHLUNG?20SVWZ+Café crème?32Bäckerei Müller\r\n"
        + ":62F:C240301EUR1954,80\r\n-\r\n"

    /// A UTF-8 BOM before `:20:` (Notepad, some banks' portals) is skipped: it failed the whole
    /// file as "no MT940 message: no :20: field (line 1 reads "\u{feff}:20:STARTUMSE")".
    func testAUTF8ByteOrderMarkIsSkipped() {
        let read = MT940Read(bytes: [0xEF, 0xBB, 0xBF] + Array(statement.utf8))
        XCTAssertNil(read.failure)
        XCTAssertEqual(read.entries.map(\.vendor), ["Bäckerei Müller"])
        XCTAssertEqual(read.entries.map(\.amount), ["-45.20"])
        XCTAssertEqual(read.ends.count, 1)
    }

    /// UTF-16 is named, not read as bytes (a NUL beside every character, and no field found),
    /// with the option that reads it (it said to convert the file first).
    func testAUTF16FileIsRefusedNamingItsEncoding() throws {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in statement.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let read = MT940Read(bytes: bytes)
        XCTAssertEqual(read.entries.count, 0)
        XCTAssertEqual(read.failure?.line, 1)
        XCTAssertEqual(
            read.failure?.message,
            "the file is UTF-16LE (its byte order mark): MT940 is read as UTF-8 or windows-1252 unless "
                + "encoding= says otherwise; set encoding=utf-16")
        let reader = MT940Reader(
            bytes: bytes, origin: "test.sta", encoding: try XCTUnwrap(TextEncoding(option: "utf-16")))
        var entries = 0
        while let event = reader.next() {
            if case .entry = event { entries += 1 }
            if case .failure(let failure) = event { XCTFail(failure.message) }
        }
        XCTAssertEqual(entries, MT940Read(statement).entries.count)
        XCTAssertGreaterThan(entries, 0)
    }
}

/// What the reader says of texts it read as windows-1252.
final class MT940Windows1252NoteTests: XCTestCase {
    /// A windows-1252 `:86:` (`B\xE4ckerei M\xFCller`) is read as such, and a note says so with
    /// the first such line and the option that reads the file in another encoding: the csv and
    /// qif readers say their guess, this one did not.
    func testLinesReadAsWindows1252AreNoted() {
        let bytes =
            Array(":20:R\n:25:A\n:60F:C240101EUR10,\n:61:240101D1,NMSCNONREF\n:86:106?32B".utf8) + [0xE4]
            + Array("ckerei M".utf8) + [0xFC] + Array("ller\n:62F:C240101EUR9,\n-\n".utf8)
        let reader = MT940Reader(bytes: bytes)
        var vendors: [String] = []
        while let event = reader.next() { if case .entry(let entry) = event { vendors.append(entry.vendor) } }
        XCTAssertEqual(vendors, ["Bäckerei Müller"])
        XCTAssertEqual(
            reader.notes,
            [
                "texts not valid UTF-8 read as windows-1252 (the first on line 5); "
                    + "encoding=NAME reads it in another (cp1250, cp1251, iso-8859-2, cp850…)"
            ])
        // UTF-8 text is UTF-8, without a note.
        let utf8 = MT940Reader(
            text:
                ":20:R\n:25:A\n:60F:C240101EUR10,\n:61:240101D1,NMSCNONREF\n:86:106?32Bäckerei\n:62F:C240101EUR9,\n-\n")
        while utf8.next() != nil {}
        XCTAssertEqual(utf8.notes, [])
        // Found wherever the reader's buffer is cut: the 2,000th statement's text, past 256 KiB.
        let statement =
            ":20:R\n:25:A\n:60F:C240101EUR10,\n:61:240101D1,NMSCNONREF\n:86:106?32Baecker\n:62F:C240101EUR9,\n-\n"
        var long = Array(String(repeating: statement, count: 3_000).utf8)
        let at = long.count / 3 * 2
        let insert = long[at...].firstIndex(of: UInt8(ascii: "B"))!
        long[insert + 1] = 0xE4
        let line = 1 + long[..<insert].filter { $0 == 0x0A }.count
        let big = MT940Reader(bytes: long)
        while big.next() != nil {}
        XCTAssertEqual(
            big.notes.first?.hasPrefix("texts not valid UTF-8 read as windows-1252 (the first on line \(line));"), true)
    }
}

/// StatementText's ASCII scan, which the ofx reader uses over a whole file.
final class FirstNonASCIITests: XCTestCase {
    func testFindsTheFirstHighByteWhereverItIs() {
        for length in 0..<20 {
            let ascii = [UInt8](repeating: 0x41, count: length)
            ascii.withUnsafeBytes { XCTAssertNil(UTF8Check.firstNonASCII($0)) }
            for at in 0..<length {
                var bytes = ascii
                bytes[at] = 0xE9
                if at + 1 < length { bytes[length - 1] = 0x80 }
                bytes.withUnsafeBytes { XCTAssertEqual(UTF8Check.firstNonASCII($0), at, "\(at) of \(length)") }
            }
        }
    }
}
