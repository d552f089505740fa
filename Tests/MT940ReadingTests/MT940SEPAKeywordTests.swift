import MT940Reading
import StatementText
import XCTest

/// The DK's SEPA keywords in a German `?20`–`?29` purpose (DFÜ-Abkommen, Anlage 3, "strukturierte
/// Belegung des Feldes 86"): `EREF+` (end-to-end reference), `KREF+`, `MREF+`, `CRED+`, `DEBT+`,
/// `COAM+`, `OAMT+`, `SVWZ+` (the purpose), `ABWA+`, `ABWE+`, each at the start of a subfield
/// and continued, when longer than it, in the next subfield without the keyword. Without
/// `SVWZ+`, the purpose is what no keyword holds.
final class MT940SEPAKeywordTests: XCTestCase {
    private func memo(_ purpose: String) -> String? {
        MT940Read(
            message(
                ":60F:C240101EUR0,", ":61:240101C0,NTRFNONREF", ":86:166?00GUTSCHRIFT" + purpose + "?32Payer",
                ":62F:C240101EUR0,")
        ).entries.first?.memo
    }

    /// churchtools/php-mt940's ALF sample: free text in `?20`–`?23`, then `?24EREF+NOTPROVIDED`.
    /// The memo was the text with `EREF+NOTPROVIDED` glued to its end.
    func testAnEndToEndReferenceAfterTheTextIsNotPartOfIt() {
        XCTAssertEqual(
            memo(
                "?20Erstattung Doppelzahlung: '?21Becher fuer die Kueche' vom?22 02.01.2025 (und 30.12.2024?23)"
                    + "?24EREF+NOTPROVIDED"),
            "Erstattung Doppelzahlung: 'Becher fuer die Kueche' vom 02.01.2025 (und 30.12.2024)")
    }

    /// betterplace's SEPA returns (wolph/mt940's sepa_mt9401.sta): `?20EREF+TFNR 40005 00005`,
    /// then the return's message in `?21`–`?23`; a reference of 27 characters continued in the next
    /// subfield (`?20EREF+EndToEndId TFNR 06 004?21 00002`) is the reference still.
    func testTheTextAfterTheReferencesIsThePurpose() {
        XCTAssertEqual(
            memo("?20EREF+TFNR 40005 00005?21MTLG:Grund nicht spezifizie?22rt Reject aus SEPA-Ueberwei?23sungsauftrag"),
            "MTLG:Grund nicht spezifiziert Reject aus SEPA-Ueberweisungsauftrag")
        XCTAssertEqual(
            memo(
                "?20EREF+EndToEndId TFNR 06 004?21 00002?22KREF+EndToEndId TFNR 06 004?23 00002"
                    + "?24MTLG:Grund nicht spezifizie?25rt Reject"),
            "MTLG:Grund nicht spezifiziert Reject")
        XCTAssertEqual(
            memo("?20EREF+VZ0000000000000000?21MREF+000000?22CRED+XX0000000000000000?23Beitrag Mai?24 2014"),
            "Beitrag Mai 2014")
    }

    /// Only keywords: each part as written, a space between them (they were glued together).
    func testKeywordsAloneAreEachKept() {
        XCTAssertEqual(
            memo("?20EREF+R-2024-77?21MREF+M1?22CRED+DE98ZZZ09999999999"),
            "EREF+R-2024-77 MREF+M1 CRED+DE98ZZZ09999999999")
    }

    /// With `SVWZ+`, its part is the purpose, as before; a keyword inside a subfield rather than
    /// at its start is not the DK's layout, and the purpose is kept as written.
    func testSVWZAndKeywordsInsideTheTextAreAsBefore() {
        XCTAssertEqual(memo("?20EREF+1?21SVWZ+Miete Juni"), "Miete Juni")
        XCTAssertEqual(memo("?20EREF+1 SVWZ+Miete ?21Juni KREF+X"), "Miete Juni")
        XCTAssertEqual(memo("?20Rechnung 42 EREF+X1"), "Rechnung 42 EREF+X1")
        XCTAssertEqual(memo("?20Rechnung 42"), "Rechnung 42")
    }
}
