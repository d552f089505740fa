import CSVReading
import XCTest

/// Exports from Italy whose headers no name of ours knew. BancoPosta's rows are its own (the test
/// files of ofxstatement-bancoposta); Fineco's layout is its bank's, the figures our own.
final class SouthernAndNordicHeaderTests: XCTestCase {
    /// BancoPosta (Italy): `Addebiti` (money out) and `Accrediti` (money in), between a
    /// `SALDO INIZIALE` and a `|SALDO FINALE` row. `Addebiti` was taken as a signed amount: the
    /// debits were written as money in and the credit rejected.
    func testBancoPostasDebitsAndCreditsBetweenItsBalanceRows() throws {
        let result = try CSVReading.read(
            """
            Data,Valuta,Addebiti,Accrediti,Descrizione operazioni
            31/12/17,,,26851.95|,SALDO INIZIALE
            03/01/18,03/01/18,2.90,,IMPOSTA DI BOLLO
            13/01/18,13/01/18,250.00,,ADDEBITO PER RICARICA CARTA PREPAGATA DA APP/WEB Ricarica Postepay da APP addebito su conto
            13/01/18,13/01/18,1.00,,COMMISSIONE RICARICA PREPAGATA ADDEBITO IN CONTO DA APP/WEB Ricarica Postepay da APP addebito su conto
            23/01/18,23/01/18,,250.00,BONIFICO A VOSTRO FAVORE TRN BBBBBBBB XXXXXXXXXXXXXXXXXXXXXXXXXXXXIT DA NOME_MITTENTE PER CAUSALE_BONIFICO
            31/08/18,,,28359.05,|SALDO FINALE
            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.rejects[0], [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-2.90", "-250.00", "-1.00", "250.00"])
        XCTAssertEqual(result.entries[0].map(\.date), ["2018-01-03", "2018-01-13", "2018-01-13", "2018-01-23"])
        XCTAssertEqual(result.entries[0].first?.vendor, "IMPOSTA DI BOLLO")
    }

    /// BancoPosta's export with `;` and decimal commas (`2.000,00`): refused, two amount columns.
    func testBancoPostasSemicolonExport() throws {
        let result = try CSVReading.read(
            """
            Data;Valuta;Addebiti;Accrediti;Descrizione operazioni
            31/12/17;;;100,95|;SALDO INIZIALE
            01/08/18;01/08/18;100,00;;VOSTRA DISPOS. DI BONIFICO TRN XXXXXXXXXXXXXXXXXXXXXXXXXXXXIT BENEF Lorenzo Giudici PER Buon compleanno!
            02/08/18;02/08/18;;2.000,00;BONIFICO A VOSTRO FAVORE TRN BBBBBBBB XXXXXXXXXXXXXXXXXXXXXXXXXXXXIT DA Lorenzo Giudici PER Tanti Auguri!
            03/08/18;03/08/18;;100,55;BONIFICO TRN BBBBBBBB XXXXXXXXXXXXXXXXXXXXXXXXXXXXIT DA Lorenzo Giudici PER Buon Natale
            04/08/18;04/08/18;100,55;;BONIFICO TRN XXXXXXXXXXXXXXXXXXXXXXXXXXXXIT BENEF Lorenzo Giudici PER Buon Natale
            31/08/18;;;2.000,95;|SALDO FINALE
            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.rejects[0], [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["-100.00", "2000.00", "100.55", "-100.55"])
        XCTAssertEqual(result.entries[0].map(\.date), ["2018-08-01", "2018-08-02", "2018-08-03", "2018-08-04"])
    }

    /// Fineco (Italy): `Entrate` (money in) and `Uscite` (money out), the full text beside.
    func testFinecosIncomeAndOutgoingsColumns() throws {
        let result = try CSVReading.read(
            """
            Data_Operazione;Data_Valuta;Entrate;Uscite;Descrizione;Descrizione_Completa
            15/03/2024;15/03/2024;35,00;;Bonifico SEPA Italia;Ord: MARIO BIANCHI
            13/03/2024;13/03/2024;;-1.200,00;Bonifico SEPA Italia;Ben: IMMOBILIARE ROSSI
            04/03/2024;04/03/2024;;-84,37;Pagamento Visa Debit;ESSELUNGA MILANO

            """)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.amount), ["35.00", "-1200.00", "-84.37"])
        XCTAssertEqual(result.entries[0].map(\.date), ["2024-03-15", "2024-03-13", "2024-03-04"])
    }
}
