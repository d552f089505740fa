import Foundation
import OFXReading

/// What one read of a text gave: every event, in order, and how it ended.
struct ReadResult {
    var statementsBegun: [OFXStatement] = []
    var statementsEnded: [OFXStatement] = []
    var transactions: [OFXTransaction] = []
    var rejects: [OFXReject] = []
    var notes: [String] = []
    var failure: OFXFailure?
}

/// Reads `bytes` as the file `origin` and collects what it found.
func read(_ bytes: [UInt8], origin: String = "test.ofx") -> ReadResult {
    var result = ReadResult()
    bytes.withUnsafeBytes { buffer in
        let outcome = OFXDocument(bytes: buffer, origin: origin).read { event in
            switch event {
            case let .statementBegan(statement): result.statementsBegun.append(statement)
            case let .transaction(entry): result.transactions.append(entry)
            case let .reject(reject): result.rejects.append(reject)
            case let .statementEnded(statement): result.statementsEnded.append(statement)
            case let .note(note): result.notes.append(note)
            }
            return true
        }
        if case let .failed(failure) = outcome { result.failure = failure }
    }
    return result
}

func read(_ text: String, origin: String = "test.ofx") -> ReadResult {
    read(Array(text.utf8), origin: origin)
}

/// The SGML normaliser's output for `bytes` fed in pieces of `piece` bytes.
func normalized(_ bytes: [UInt8], windows1252: Bool = false, piece: Int = 3) -> String {
    var normalizer = SGMLNormalizer(transcodesWindows1252: windows1252)
    var out: [UInt8] = []
    var start = 0
    while start < bytes.count {
        normalizer.feed(bytes[start..<min(start + piece, bytes.count)], into: &out)
        start += piece
    }
    normalizer.finish(into: &out)
    return String(decoding: out, as: UTF8.self)
}

/// An OFX 1.02 SGML file around `body` (what goes inside `<OFX>`).
func sgmlFile(_ body: String, charset: String = "1252") -> String {
    """
    OFXHEADER:100
    DATA:OFXSGML
    VERSION:102
    SECURITY:NONE
    ENCODING:USASCII
    CHARSET:\(charset)
    COMPRESSION:NONE
    OLDFILEUID:NONE
    NEWFILEUID:NONE

    <OFX>
    \(body)
    </OFX>

    """
}

/// A bank statement in SGML with the given transactions.
func bankStatement(_ transactions: String, account: String = "1234567890", balance: String = "100.00") -> String {
    """
    <BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STMTRS><CURDEF>USD
    <BANKACCTFROM><BANKID>1<ACCTID>\(account)<ACCTTYPE>CHECKING</BANKACCTFROM>
    <BANKTRANLIST><DTSTART>20240101<DTEND>20240131
    \(transactions)
    </BANKTRANLIST>
    <LEDGERBAL><BALAMT>\(balance)<DTASOF>20240131</LEDGERBAL>
    </STMTRS></STMTTRNRS></BANKMSGSRSV1>
    """
}

/// One SGML transaction.
func transaction(
    _ amount: String, date: String = "20240102", fitid: String = "F1", name: String = "<NAME>Shop",
    type: String = "DEBIT"
) -> String {
    "<STMTTRN><TRNTYPE>\(type)<DTPOSTED>\(date)<TRNAMT>\(amount)<FITID>\(fitid)\(name)</STMTTRN>"
}

/// A fixture of `Tests/Fixtures/statements/ofx/` as bytes.
func fixture(_ name: String) throws -> [UInt8] {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/statements/ofx")
    return Array(try Data(contentsOf: folder.appendingPathComponent(name)))
}

/// A plain decimal amount (`-18554.95`, `0.5`, `100`) in minor units, exactly.
func minor(_ amount: String) -> Int? {
    let negative = amount.hasPrefix("-")
    let digits = negative ? amount.dropFirst() : Substring(amount)
    let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count <= 2, let whole = Int(parts[0].isEmpty ? "0" : parts[0]) else { return nil }
    let fraction = parts.count == 2 ? String(parts[1]) : ""
    guard fraction.count <= 2, let cents = Int((fraction + "00").prefix(2)) else { return nil }
    return (whole * 100 + cents) * (negative ? -1 : 1)
}

/// The signed sum of the entries' amounts in minor units.
func minorSum(_ transactions: [OFXTransaction]) -> Int {
    transactions.compactMap { minor($0.amount) }.reduce(0, +)
}
