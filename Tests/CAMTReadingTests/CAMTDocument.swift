import CAMTReading
import StatementText

/// Small camt documents written inline, for the reader's tests: what a test varies is spelled
/// out, the rest is a valid, reconciling skeleton.
enum CAMTDocument {
    static let v02 = "urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"
    static let v08 = "urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"

    /// A `Document` holding `statements` (each a whole `<Stmt>…</Stmt>`).
    static func document(_ statements: String..., namespace: String = v02, message: String = "BkToCstmrStmt")
        -> String
    {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Document xmlns="\(namespace)">
        <\(message)>
        <GrpHdr><MsgId>TEST-1</MsgId><CreDtTm>2024-04-01T06:00:00Z</CreDtTm></GrpHdr>
        \(statements.joined(separator: "\n"))
        </\(message)>
        </Document>
        """
    }

    /// A statement of `entries` with an account and the balances given (nil leaves one out).
    static func statement(
        _ entries: String..., element: String = "Stmt", account: String = defaultAccount,
        opening: (String, String)? = nil, closing: (String, String)? = nil
    ) -> String {
        var balances = ""
        if let opening { balances += balance("OPBD", opening.0, opening.1) }
        if let closing { balances += balance("CLBD", closing.0, closing.1) }
        return """
            <\(element)>
            <Id>S1</Id>
            <FrToDt><FrDtTm>2024-03-01T00:00:00</FrDtTm><ToDtTm>2024-03-31T23:59:59</ToDtTm></FrToDt>
            \(account)
            \(balances)
            \(entries.joined(separator: "\n"))
            </\(element)>
            """
    }

    static let defaultAccount =
        "<Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy><Nm>Giro</Nm></Acct>"

    static func balance(_ code: String, _ amount: String, _ indicator: String) -> String {
        """
        <Bal><Tp><CdOrPrtry><Cd>\(code)</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">\(amount)</Amt>
        <CdtDbtInd>\(indicator)</CdtDbtInd><Dt><Dt>2024-03-31</Dt></Dt></Bal>
        """
    }

    /// An entry; `inner` is what follows `Sts` (dates, references, details).
    static func entry(
        _ amount: String, _ indicator: String, status: String = "<Sts>BOOK</Sts>", currency: String = "EUR",
        _ inner: String = "<BookgDt><Dt>2024-03-05</Dt></BookgDt>"
    ) -> String {
        """
        <Ntry>
        <Amt Ccy="\(currency)">\(amount)</Amt>
        <CdtDbtInd>\(indicator)</CdtDbtInd>
        \(status)
        \(inner)
        </Ntry>
        """
    }

    /// `NtryDtls/TxDtls` with `inside` (parties, references, remittance).
    static func details(_ inside: String) -> String {
        "<NtryDtls><TxDtls>\(inside)</TxDtls></NtryDtls>"
    }

    static func events(_ text: String) -> [CAMTEvent] {
        CAMTReader(text: text).readAll()
    }

    static func entries(_ text: String) -> [StatementEntry] {
        events(text).compactMap { if case .entry(let entry) = $0 { entry } else { nil } }
    }

    static func rejects(_ text: String) -> [CAMTReject] {
        events(text).compactMap { if case .reject(let reject) = $0 { reject } else { nil } }
    }

    static func ends(_ text: String) -> [CAMTStatementEnd] {
        events(text).compactMap { if case .statementEnd(let end) = $0 { end } else { nil } }
    }

    static func statements(_ text: String) -> [CAMTStatement] {
        events(text).compactMap { if case .statement(let statement) = $0 { statement } else { nil } }
    }

    static func failure(_ text: String) -> StatementFailure? {
        events(text).compactMap { if case .failure(let failure) = $0 { failure } else { nil } }.first
    }
}
