/// An OFX 2 bank statement of account `DE89370400440532013000` in EUR, one debit per row: what
/// the identity tests (`--dedupe`, `--state`) read as overlapping downloads.
public func ofxStatementText(_ rows: [(fitid: String, date: String, amount: String, name: String)]) -> String {
    let transactions = rows.map {
        "<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>\($0.date)</DTPOSTED><TRNAMT>\($0.amount)</TRNAMT>"
            + "<FITID>\($0.fitid)</FITID><NAME>\($0.name)</NAME></STMTTRN>"
    }.joined(separator: "\n")
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        <?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
        <OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
        <STMTRS><CURDEF>EUR</CURDEF>
        <BANKACCTFROM><BANKID>1</BANKID><ACCTID>DE89370400440532013000</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
        <BANKTRANLIST><DTSTART>20240101</DTSTART><DTEND>20240131</DTEND>
        \(transactions)
        </BANKTRANLIST>
        <LEDGERBAL><BALAMT>100.00</BALAMT><DTASOF>20240131</DTASOF></LEDGERBAL>
        </STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>

        """
}
