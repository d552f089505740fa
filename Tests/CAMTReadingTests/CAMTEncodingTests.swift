import CAMTReading
import StatementText
import XCTest

/// Statements in an encoding other than UTF-8.
final class CAMTEncodingTests: XCTestCase {
    /// UTF-16 with its byte order mark, either order: libxml2 reads it (given `-s camt:`), but
    /// the head, looked at as UTF-8, named nothing, and the file went to no plugin (exit 2).
    func testUTF16WithItsByteOrderMarkIsClaimed() {
        let text = CAMTDocument.document(CAMTDocument.statement()).replacingOccurrences(of: "UTF-8", with: "UTF-16")
        var little: [UInt8] = [0xFF, 0xFE]
        var big: [UInt8] = [0xFE, 0xFF]
        for unit in text.utf16 {
            little += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            big += [UInt8(unit >> 8), UInt8(unit & 0xFF)]
        }
        for bytes in [little, big] {
            XCTAssertEqual(bytes.withUnsafeBufferPointer { CAMTIdentity.confidence(path: "a.xml", head: $0) }, 95)
        }
        // Other XML in UTF-16 is still another plugin's.
        var rss: [UInt8] = [0xFF, 0xFE]
        for unit in #"<?xml version="1.0"?><rss version="2.0"/>"#.utf16 {
            rss += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        XCTAssertEqual(rss.withUnsafeBufferPointer { CAMTIdentity.confidence(path: "a.xml", head: $0) }, 0)
    }

    /// A statement with `name` as its account's, declared in `declared`, its bytes as
    /// `transcode` makes them.
    private func file(declared: String, name: String = "Geschäftskonto", _ transcode: (String) -> [UInt8]) -> [UInt8] {
        let account = "<Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy><Nm>\(name)</Nm></Acct>"
        let text = CAMTDocument.document(
            CAMTDocument.statement(CAMTDocument.entry("10.00", "DBIT"), account: account)
        ).replacingOccurrences(of: #"encoding="UTF-8""#, with: #"encoding="\#(declared)""#)
        return transcode(text)
    }

    private func latin1(_ text: String) -> [UInt8] { text.unicodeScalars.map { UInt8($0.value) } }

    /// What the reader makes of `bytes` as the camt plugin chooses their encoding.
    private func read(_ bytes: [UInt8], option: String? = nil) -> (events: [CAMTEvent], note: String?) {
        bytes.withUnsafeBytes { raw in
            let (encoding, note) = CAMTEncoding.choose(option: option, head: raw, whole: { raw })
            return (CAMTReader(bytes: raw, origin: "s.xml", encoding: encoding).readAll(), note)
        }
    }

    private func accountNames(_ events: [CAMTEvent]) -> [String?] {
        events.compactMap { if case .statement(let statement) = $0 { statement.accountName } else { nil } }
    }

    /// UTF-8 text under a declaration of Latin-1 (banks write it): read as declared, the account
    /// `Geschäftskonto` was `GeschÃ¤ftskonto` with exit 0, another account than the same
    /// statement's correctly labelled. It is read as UTF-8 and a note says so; Latin-1 bytes
    /// under the same declaration are Latin-1, without a note; the option reads it as declared.
    func testUTF8UnderADeclarationOfLatin1IsReadAsUTF8WithANote() {
        for declared in ["ISO-8859-1", "windows-1252", "latin1"] {
            let utf8 = read(file(declared: declared) { Array($0.utf8) })
            XCTAssertEqual(accountNames(utf8.events), ["Geschäftskonto"], declared)
            XCTAssertEqual(
                utf8.note,
                "read as UTF-8: the <?xml?> declaration says encoding=\"\(declared)\", but the text is valid UTF-8 "
                    + "(its first letter beyond ASCII on line 8); encoding=\(declared.lowercased()) reads it as declared"
            )
            let latin = read(file(declared: declared, latin1))
            XCTAssertEqual(accountNames(latin.events), ["Geschäftskonto"], declared)
            XCTAssertNil(latin.note)
        }
        let asDeclared = read(file(declared: "ISO-8859-1") { Array($0.utf8) }, option: "ISO-8859-1")
        XCTAssertEqual(accountNames(asDeclared.events), ["GeschÃ¤ftskonto"])
        XCTAssertNil(asDeclared.note)
        // Another declared encoding (not a Western one-byte page) is followed as it is.
        let latin2 = read(
            file(declared: "ISO-8859-2", name: "Łódź") { text in
                text.unicodeScalars.map { ["Ł": 0xA3, "ó": 0xF3, "ź": 0xBC][Character($0)] ?? UInt8($0.value) }
            })
        XCTAssertEqual(accountNames(latin2.events), ["Łódź"])
        XCTAssertNil(latin2.note)
    }

    /// Windows-1252 under a declaration of UTF-8: libxml2's "Input is not proper UTF-8, indicate
    /// encoding !\nBytes: …" was the message, and no option could read the file. The message
    /// names the bytes and the option, which reads it.
    func testBytesThatAreNotUTF8AreNamedAndTheOptionReadsThem() {
        let bytes = file(declared: "UTF-8", latin1)
        let failed = read(bytes)
        XCTAssertEqual(failed.events.count, 1)
        XCTAssertEqual(
            failed.events.compactMap { if case .failure(let failure) = $0 { failure.message } else { nil } },
            [
                "bytes 0xE4 0x66 0x74 0x73 are not UTF-8, which the file is unless its <?xml?> declaration names "
                    + "another encoding: encoding=NAME reads it in another (windows-1252, iso-8859-1, cp1250…)"
            ])
        let read = read(bytes, option: "WINDOWS-1252")
        XCTAssertEqual(accountNames(read.events), ["Geschäftskonto"])
        XCTAssertNil(read.note)
    }

    func testTheDeclarationsEncodingIsReadAsWritten() {
        func declared(_ text: String) -> String? {
            Array(text.utf8).withUnsafeBytes { XMLDeclaration.encoding($0) }
        }
        XCTAssertEqual(declared(#"<?xml version="1.0" encoding="ISO-8859-1"?><a/>"#), "ISO-8859-1")
        XCTAssertEqual(declared("\u{FEFF}\n <?xml version='1.0' encoding = 'cp1252' standalone='yes'?>"), "cp1252")
        XCTAssertNil(declared(#"<?xml version="1.0"?><a encoding="latin1"/>"#))
        XCTAssertNil(declared(#"<a/><?xml version="1.0" encoding="latin1"?>"#))
        XCTAssertNil(declared(#"<?xml version="1.0" encoding="latin1"#))
        XCTAssertTrue(
            ["ISO-8859-1", "iso_8859-1", "Latin-1", "windows-1252", "CP1252", "ISO-8859-15"].allSatisfy(
                XMLDeclaration.isWestern))
        XCTAssertFalse(
            ["UTF-8", "ISO-8859-2", "windows-1250", "KOI8-R", "UTF-16"].contains(where: XMLDeclaration.isWestern))
    }
}
