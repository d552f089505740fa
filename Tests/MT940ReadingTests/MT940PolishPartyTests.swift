import MT940Reading
import StatementText
import XCTest

/// mBank's `:86:` (Poland): the operation's code, then `LABEL: value` parts between `; `. A
/// credit names its payer after `OD:` ("from"), next to `Z RACH.:`, the account it came from; a
/// debit its payee after `DLA:` ("for"), next to `NA RACH.:`, the account it went to. Only the
/// label of the entry's direction names the other party: `OD:` on a debit, or `DLA:` on a
/// credit, could be the account holder.
final class MT940PolishPartyTests: XCTestCase {
    private func entry(_ line: String, _ details: String) -> StatementEntry? {
        MT940Read(message(":60F:C240101PLN0,", ":61:" + line, ":86:" + details, ":62F:C240101PLN0,")).entries.first
    }

    func testACreditsPayerIsAfterOD() {
        let credit = entry(
            "1701190119CN0,01NTRFNONREF//MB170119012058\n911-TRANSAKCJA IPH",
            "911 TRANSAKCJA COLLECT; ID IPH: XX000000000001; Z RACH.: \n56114010810000267002001001; OD: JAN NOWAK  \n"
                + "UL. NIJAKA 1 M 2 31-234 KRAKOW; TYT.: PRZELEW SRODKOW   ; \nTNR: 179171073864111.010001")
        XCTAssertEqual(credit?.vendor, "JAN NOWAK UL. NIJAKA 1 M 2 31-234 KRAKOW")
        XCTAssertEqual(
            credit?.memo,
            "911 TRANSAKCJA COLLECT; ID IPH: XX000000000001; Z RACH.: 56114010810000267002001001; OD: JAN NOWAK "
                + "UL. NIJAKA 1 M 2 31-234 KRAKOW; TYT.: PRZELEW SRODKOW ; TNR: 179171073864111.010001")
        XCTAssertEqual(credit?.id, "MB170119012058")
    }

    func testADebitsPayeeIsAfterDLA() {
        let debit = entry(
            "0710231023DR216,45NTRFR159753//BR07296102000004",
            "990 PLATNOSC REGULOWANA; NA RACH.: NO9386011117947; DLA: NORDIC \n"
                + "GUNSMITHS ASSOCIATION GUSTAV XVI STRASS 21 2685 OSLO; TYT.: FVAT \n115/259/2/2007; TNR: 1")
        XCTAssertEqual(debit?.vendor, "NORDIC GUNSMITHS ASSOCIATION GUSTAV XVI STRASS 21 2685 OSLO")
        // A name at the text's end, a cash deposit's two-digit code, one line.
        XCTAssertEqual(
            entry("0710231023CR500,00NMSCNONREF//TT1", "65 WPLATA GOTOWKI; OD: JAN KOWALSKI")?.vendor, "JAN KOWALSKI")
        XCTAssertEqual(
            entry("0710231023CR500,00NMSCNONREF//TT1", "65 WPLATA GOTOWKI; OD: JAN KOWALSKI")?.memo,
            "65 WPLATA GOTOWKI; OD: JAN KOWALSKI")
    }

    /// The label against the entry's direction is not read; nor `OD` without its colon, or a
    /// label inside a part.
    func testOnlyTheLabelOfTheEntrysDirectionNamesTheParty() {
        let both = "944 PRZELEW; NA RACH.: 1; DLA: SKLEP SP. Z O.O.; OD: KLIENT TESTOWY; TYT.: FV 7"
        XCTAssertEqual(entry("0710231023DR1,00NTRFNONREF//A1", both)?.vendor, "SKLEP SP. Z O.O.")
        XCTAssertEqual(entry("0710231023CR1,00NTRFNONREF//A1", both)?.vendor, "KLIENT TESTOWY")
        XCTAssertEqual(entry("0710231023RC1,00NTRFNONREF//A1", both)?.vendor, "SKLEP SP. Z O.O.", "RC is a debit")
        let payer = "963 PRZELEW; Z RACH.: 1; OD: KLIENT TESTOWY; TYT.: ZAKUP"
        XCTAssertEqual(entry("0710231023DR1,00NTRFNONREF//A1", payer)?.vendor, payer, "OD: on a debit")
        let payee = "944 PRZELEW; NA RACH.: 1; DLA: SKLEP; TYT.: FV 7"
        XCTAssertEqual(entry("0710231023CR1,00NTRFNONREF//A1", payee)?.vendor, payee, "DLA: on a credit")
        let fee = "30 PROW. OD WPLATY GOTOWKI EUR; TYT.: ZWROT"
        XCTAssertEqual(entry("0710231023DR2,80NCOMNONREF//A1", fee)?.vendor, fee)
        let inside = "944 PRZELEW; TYT.: FAKTURA OD: ABC"
        XCTAssertEqual(entry("0710231023CR1,00NTRFNONREF//A1", inside)?.vendor, inside)
        XCTAssertEqual(entry("0710231023CR1,00NTRFNONREF//A1", "911 X; OD: ; TYT.: Y")?.vendor, "911 X; OD: ; TYT.: Y")
    }

    /// ksdev-pl/mbank-mt940-parser's `MT940_multiple_accounts.txt` (five of its statements, ISO
    /// 8859-2): every credit's payer is its `OD:`, every debit's payee its `DLA:`, and the
    /// statements reconcile.
    func testMBanksFileNamesEveryTransfersOtherParty() throws {
        let encoding = try XCTUnwrap(TextEncoding(option: "iso-8859-2"))
        let reader = MT940Reader(bytes: try fixture("mbank.txt"), origin: "mbank.txt", encoding: encoding)
        var entries: [StatementEntry] = []
        var ends: [MT940StatementEnd] = []
        while let event = reader.next() {
            if case .entry(let entry) = event { entries.append(entry) }
            if case .statementEnd(let end) = event { ends.append(end) }
        }
        XCTAssertEqual(ends.map(\.failure), [nil, nil, nil, nil, nil])
        XCTAssertEqual(
            ends.map(\.statement.finalBalance), ["100000074.77", "995273634.59", "12.94", "12.61", "-492.89"])
        XCTAssertEqual(
            entries.map(\.vendor),
            [
                "FIRMA 9 SP. Z O.O.", "FIRMA 10 SP. Z O.O.",
                "NORDIC GUNSMITHS ASSOCIATION GUSTAV XVI STRASS 21 2685 OSLO",
                "KLIENT TESTOWY SP. Z O.O. WARSZAWA, UL. SENATORSKA 18",
                "KLIENT TESTOWY SP. Z O.O. WARSZAWA, UL. SENATORSKA 18",
                "NORDIC GUNSMITHS ASSOCIATION GUSTAV XVI STRASS 21 2685 OSLO",
                "NORDIC GUNSMITHS ASSOCIATION GUSTAV XVI STRASS 21 2685 OSLO",
                "NORDIC GUNSMITHS ASSOCIATION GUSTAV XVI STRASS 21 2685 OSLO",
                "794 OPŁATY GRUPOWE; TNR: 145420004413026.000004",
                "WYTWÓRNIA OKIEN KOLWIND PÓŁNOCNA 26 09-148 PIĄTRZYN",
                "KLIENT TESTOWY SP. Z O.O. WARSZAWA, UL. SENATORSKA 18",
                "KLIENT TESTOWY SP. Z O.O. WARSZAWA, UL. SENATORSKA 18",
                "WYPOŻYCZALNIA PŁYT DVD PRZYGODA MONIUSZKI 7 56-328 BRONOWICE",
                "30 PROW. OD WPŁATY GOTÓWKI EUR; TYT.: ZWROT ZALICZKI NA POCZET",
                "JAN KOWALSKI",
                "WYPOŻYCZALNIA PŁYT DVD PRZYGODA MONIUSZKI 7 56-328 BRONOWICE",
                "794 OPŁATY GRUPOWE; TNR: 145420004413026.000005",
            ])
    }
}
