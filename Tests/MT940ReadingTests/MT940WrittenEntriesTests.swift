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
