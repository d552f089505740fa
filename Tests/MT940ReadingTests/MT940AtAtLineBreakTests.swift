import MT940Reading
import StatementText
import XCTest

/// Statements some German banks hand over through FinTS with `@@` where the line breaks are, the
/// whole file one line (phpFinTS's test of a Volksbank's `@@:20:STARTUMS@@:25:…`; python-fints
/// turns `@@` into CRLF before it reads): `@@` is read as a line break when the file's first line
/// has `@@` before a field's tag, and nowhere else.
final class MT940AtAtLineBreakTests: XCTestCase {
    /// Two statements in that layout (figures of our own): the `:86:` cut by `@@` at 65
    /// characters as a CRLF file cuts it, a blank `@@` line between the statements where others
    /// write `-`. 2323.42 − 799.45 = 1523.97 ✓; 1523.97 + 100.00 = 1623.97 ✓.
    static let statements =
        "@@:20:STARTUMS@@:25:57090000/1076103000@@:28C:2/1@@:60F:C180213EUR2323,42"
        + "@@:61:1802130213DR799,45NMSCNONREF//B1802130001"
        + "@@:86:177?00HBCI-Euro-Überweisung?10993002?20SVWZ+Re.Nr. 12345-12312 U"
        + "@@R.Nr. 2?30BYLADEM1001?31DE02120300000000202051?32Muster Handel G"
        + "@@mbH@@:62F:C180213EUR1523,97@@"
        + "@@:20:STARTUMS@@:25:57090000/1076103000@@:28C:3/1@@:60F:C180226EUR1523,97"
        + "@@:61:1802260226CR100,00NMSCNONREF//B1802260001"
        + "@@:86:166?00GUTSCHRIFT?109251?20SVWZ+Miete Februar?32Hans Meier"
        + "@@:62F:C180226EUR1623,97@@"

    func testAFileWithAtAtLineBreaksIsReadAndEachStatementReconciles() {
        let read = MT940Read(Self.statements)
        XCTAssertNil(read.failure)
        XCTAssertEqual(read.kinds, ["begin", "entry", "end", "begin", "entry", "end"])
        XCTAssertEqual(read.ends.map(\.failure), [nil, nil])
        XCTAssertEqual(read.ends.map(\.statement.finalBalance), ["1523.97", "1623.97"])
        XCTAssertEqual(read.entries.map(\.amount), ["-799.45", "100.00"])
        XCTAssertEqual(read.entries.map(\.date), ["2018-02-13", "2018-02-26"])
        XCTAssertEqual(read.entries.map(\.vendor), ["Muster Handel GmbH", "Hans Meier"])
        XCTAssertEqual(read.entries.map(\.memo), ["Re.Nr. 12345-12312 UR.Nr. 2", "Miete Februar"])
        XCTAssertEqual(read.entries.map(\.id), ["B1802130001", "B1802260001"])
        // Each `@@` ends a line, the first one too: the first `:61:` is the file's sixth line.
        XCTAssertEqual(read.entries.map(\.location), ["line 6", "line 16"])
    }

    /// The first field without `@@` before it, the message ended by `-`.
    func testTheFirstFieldMayComeBeforeTheFirstBreak() {
        let read = MT940Read(
            ":20:STARTUMS@@:25:1/2@@:28C:1/1@@:60F:C240101EUR10,00@@:61:240102C5,00NTRFNONREF@@"
                + ":86:166?00GUTSCHRIFT?20Zinsen?32Bank@@:62F:C240102EUR15,00@@-@@")
        XCTAssertNil(read.failure)
        XCTAssertEqual(read.ends.map(\.failure), [nil])
        XCTAssertEqual(read.entries.map(\.vendor), ["Bank"])
        XCTAssertEqual(read.entries.map(\.memo), ["Zinsen"])
        XCTAssertEqual(read.entries.map(\.amount), ["5.00"])
    }

    /// In a file whose first line has no `@@` before a tag, `@@` is text.
    func testAtAtElsewhereIsText() {
        let read = MT940Read(
            message(
                ":60F:C240101EUR0,", ":61:240101C0,NTRFNONREF", ":86:Mail an a@@:12 b@@c", ":62F:C240101EUR0,"))
        XCTAssertEqual(read.entries.map(\.vendor), ["Mail an a@@:12 b@@c"])
    }

    func testAnAtAtFileIsClaimedByItsContent() {
        let head = Array("@@:20:STARTUMS@@:25:57090000/1076103000@@".utf8)
        XCTAssertEqual(head.withUnsafeBufferPointer { MT940Identity.confidence(path: "umsaetze.txt", head: $0) }, 95)
    }
}
