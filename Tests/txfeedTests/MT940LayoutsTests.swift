import Foundation
import TxFeedTestSupport
import XCTest

/// Banks' MT940 layouts through the CLI and the built `libmt940.so`: FinTS's `@@` line breaks,
/// mBank's `OD:`/`DLA:` parties, a German purpose of SEPA keywords without `SVWZ+`.
final class MT940LayoutsTests: XCTestCase {
    static let mt940 = BuiltProducts.fixtures + "/statements/mt940/"

    /// A file in FinTS's one-line layout, `@@` where the line breaks are (figures of our own):
    /// it failed as `no MT940 message`; both statements are read and reconcile.
    func testAFileWithAtAtLineBreaksIsReadAndReconciles() throws {
        let folder = try temporaryFolder()
        let file = try folder.write(
            "umsaetze.txt",
            "@@:20:STARTUMS@@:25:57090000/1076103000@@:28C:2/1@@:60F:C180213EUR2323,42"
                + "@@:61:1802130213DR799,45NMSCNONREF//B1802130001"
                + "@@:86:177?00HBCI-Euro-Überweisung?10993002?20SVWZ+Re.Nr. 12345?32Muster Handel GmbH"
                + "@@:62F:C180213EUR1523,97@@"
                + "@@:20:STARTUMS@@:25:57090000/1076103000@@:28C:3/1@@:60F:C180226EUR1523,97"
                + "@@:61:1802260226CR100,00NMSCNONREF//B1802260001"
                + "@@:86:166?00GUTSCHRIFT?109251?20SVWZ+Miete Februar?32Hans Meier@@:62F:C180226EUR1623,97@@")
        let run = try txfeed("run", file, "--sink", "ndjson")
        XCTAssertEqual(run.status, 0, run.stderr)
        // The feed is newest first.
        let rows = try feedRows(run)
        XCTAssertEqual(rows.map { text($0, "vendor") }, ["Hans Meier", "Muster Handel GmbH"])
        XCTAssertEqual(rows.map { text($0, "memo") }, ["Miete Februar", "Re.Nr. 12345"])
        XCTAssertEqual(rows.map { minor($0) }, [10000, -79945])
        XCTAssertEqual(rows.map { text($0, "id") }, ["B1802260001", "B1802130001"])
        let sniff = try txfeed("sniff", file)
        XCTAssertEqual(sniff.status, 0, sniff.stderr)
        XCTAssertFalse(sniff.output.contains("NOT reconcile"), sniff.output)
    }

    /// ksdev-pl's mBank file (MIT; `Tests/Fixtures/statements/mt940/README.md`): each transfer's
    /// vendor is its other party, the payer after `OD:` or the payee after `DLA:`.
    func testMBanksPartiesAreTheVendors() throws {
        let run = try txfeed("run", "-s", "mt940:\(Self.mt940)mbank.txt,encoding=iso-8859-2", "--sink", "ndjson")
        XCTAssertEqual(run.status, 0, run.stderr)
        let rows = try feedRows(run)
        XCTAssertEqual(rows.count, 17)
        XCTAssertEqual(
            Set(rows.filter { minor($0) == 2414 }.compactMap { text($0, "vendor") }),
            ["FIRMA 9 SP. Z O.O.", "FIRMA 10 SP. Z O.O."])
        XCTAssertEqual(
            rows.filter { minor($0) == -1636 }.map { text($0, "vendor") },
            [
                "WYPOŻYCZALNIA PŁYT DVD PRZYGODA MONIUSZKI 7 56-328 BRONOWICE",
                "WYPOŻYCZALNIA PŁYT DVD PRZYGODA MONIUSZKI 7 56-328 BRONOWICE",
            ])
        XCTAssertEqual(rows.filter { minor($0) == 50000 }.map { text($0, "vendor") }, ["JAN KOWALSKI"])
        XCTAssertEqual(rows.map { minor($0) }.reduce(0, +), 4828 - 86513 - 4387 + 46656)
    }

    /// A refund's purpose with `EREF+` after its text and no `SVWZ+` (churchtools/php-mt940's ALF
    /// sample's layout): the memo is the text alone.
    func testAnEndToEndReferenceIsNotPartOfTheMemo() throws {
        let folder = try temporaryFolder()
        let file = try folder.write(
            "alf.sta",
            ":20:STARTUMSE\r\n:25:45260475/4139800\r\n:28C:00001/001\r\n:60F:C250107EUR100,00\r\n"
                + ":61:2501080108CR652,21N166NONREF\r\n"
                + ":86:166?00Ueberweisungsgutschr.?1000931?20Erstattung Doppelzahlung: '?21Becher fuer die Kueche'"
                + " vom?22 02.01.2025 (und 30.12.2024?23)?24EREF+NOTPROVIDED?32Diana Schneider\r\n"
                + ":62F:C250108EUR752,21\r\n-\r\n")
        let run = try txfeed("run", file, "--sink", "ndjson")
        XCTAssertEqual(run.status, 0, run.stderr)
        let rows = try feedRows(run)
        XCTAssertEqual(rows.map { text($0, "vendor") }, ["Diana Schneider"])
        XCTAssertEqual(
            rows.map { text($0, "memo") },
            ["Erstattung Doppelzahlung: 'Becher fuer die Kueche' vom 02.01.2025 (und 30.12.2024)"])
    }
}
