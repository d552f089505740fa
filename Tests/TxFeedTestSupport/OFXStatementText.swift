/// An OFX 2 bank statement in EUR, one `STMTTRN` per row (`DEBIT` for a negative amount, else
/// `CREDIT`): what the identity tests (`--dedupe`, `--state`) read as overlapping downloads, of
/// account `DE89370400440532013000` unless another is given.
///
/// - Parameter balance: the `LEDGERBAL`, or none.
public func ofxStatementText(
    _ rows: [(fitid: String, date: String, amount: String, name: String)],
    account: String = "DE89370400440532013000", type: String = "CHECKING", balance: String? = "100.00"
) -> String {
    let transactions = rows.map {
        "<STMTTRN><TRNTYPE>\($0.amount.hasPrefix("-") ? "DEBIT" : "CREDIT")</TRNTYPE><DTPOSTED>\($0.date)</DTPOSTED>"
            + "<TRNAMT>\($0.amount)</TRNAMT><FITID>\($0.fitid)</FITID><NAME>\($0.name)</NAME></STMTTRN>"
    }.joined(separator: "\n")
    let ledger = balance.map { "<LEDGERBAL><BALAMT>\($0)</BALAMT><DTASOF>20240131</DTASOF></LEDGERBAL>\n" } ?? ""
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        <?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
        <OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
        <STMTRS><CURDEF>EUR</CURDEF>
        <BANKACCTFROM><BANKID>1</BANKID><ACCTID>\(account)</ACCTID><ACCTTYPE>\(type)</ACCTTYPE></BANKACCTFROM>
        <BANKTRANLIST><DTSTART>20240101</DTSTART><DTEND>20240131</DTEND>
        \(transactions)
        </BANKTRANLIST>
        \(ledger)</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>

        """
}
