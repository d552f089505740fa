import CSVCells
import StatementText

/// A `:61:` statement line, `YYMMDD[MMDD]2a[1!a]15d1!a3!c16x[//16x]` and on its next line
/// `[34x]`: value date, entry date, mark, funds code, amount, transaction type, the customer's
/// reference, the bank's reference, supplementary details.
struct MT940StatementLine {
    /// `2024-03-01`: the entry (booking) date when given, else the value date.
    var date: String?
    var valueDate: String?
    /// `C`, `D`, `RC` (reversal of a credit: a debit) or `RD` (reversal of a debit: a credit).
    var mark: String?
    /// `D` or `RC`: counted by `:90D:`, the others by `:90C:`.
    var isDebit: Bool { mark == "D" || mark == "RC" }
    /// The signed amount, exactly; nil when it cannot be read (the statement cannot reconcile).
    var amount: StatementAmount?
    /// The plain signed decimal for the host.
    var plain: String?
    /// `NTRF`, `NMSC`, `FCHK`, `S202`.
    var type: String?
    /// Nil for `NONREF`.
    var customerReference: String?
    var bankReference: String?
    var details: String?
    /// Why the line cannot be a transaction; its amount may still count.
    var problem: String?

    init(_ text: ArraySlice<UInt8>) {
        let line = MT940Text.firstLine(text)
        let more = MT940Text.trimmed(MT940Text.rest(text))
        if !more.isEmpty { details = MT940Text.collapsed(more) }
        var at = line.startIndex
        guard let value = MT940Date.read(line, at: at) else {
            problem = ":61: \(MT940Text.quoted(line)) starts with no value date YYMMDD"
            readAmount(line, after: nil)
            return
        }
        valueDate = MT940Date.text(value)
        at += 6
        var date = value
        if MT940Date.number(line, at, 4) != nil {
            guard let entry = MT940Date.entry(line, at: at, near: value) else {
                problem = ":61: \(MT940Text.quoted(line)) has an entry date MMDD that is no day"
                readAmount(line, after: at + 4)
                return
            }
            date = entry
            at += 4
        }
        self.date = MT940Date.text(date)
        readAmount(line, after: at)
    }

    /// From the mark on: `at` is where the mark is, nil when the dates could not be read (the
    /// mark is looked for after the leading digits then).
    private mutating func readAmount(_ line: ArraySlice<UInt8>, after: Int?) {
        var at = after ?? (line.firstIndex { ($0 &- UInt8(ascii: "0")) >= 10 } ?? line.endIndex)
        func byte(_ i: Int) -> UInt8? { i < line.endIndex ? line[i] : nil }
        var reversal = false
        if byte(at) == UInt8(ascii: "R") {
            reversal = true
            at += 1
        }
        guard let markByte = byte(at), markByte == UInt8(ascii: "C") || markByte == UInt8(ascii: "D") else {
            problem = problem ?? ":61: \(MT940Text.quoted(line)) has no mark C, D, RC or RD after its dates"
            return
        }
        at += 1
        mark = (reversal ? "R" : "") + (markByte == UInt8(ascii: "C") ? "C" : "D")
        // The funds code: the third letter of the currency, where the amount's digits would be.
        if let letter = byte(at), (letter &- UInt8(ascii: "A")) < 26 { at += 1 }
        let digits = line[at...].prefix { $0 == UInt8(ascii: ",") || ($0 &- UInt8(ascii: "0")) < 10 }
        // RC is a debit, RD a credit.
        let negative = (markByte == UInt8(ascii: "D")) != reversal
        guard let decimal = MT940Amount.read(digits), let exact = MT940Amount.exact(decimal, negative: negative)
        else {
            problem = problem ?? ":61: \(MT940Text.quoted(line)) has no amount such as 1234,56 after its mark"
            return
        }
        amount = exact
        plain = MT940Amount.plain(decimal, negative: negative)
        at = digits.endIndex
        let type = line[at...].prefix(4)
        guard type.count == 4, let kind = type.first,
            [UInt8(ascii: "N"), UInt8(ascii: "F"), UInt8(ascii: "S")].contains(kind)
        else {
            problem = problem ?? ":61: \(MT940Text.quoted(line)) has no transaction type such as NTRF after its amount"
            return
        }
        self.type = String(decoding: type, as: UTF8.self)
        let references = line[type.endIndex...]
        var customer = references
        if let slashes = MT940Text.find(references, "//") {
            customer = references[..<slashes]
            let bank = MT940Text.trimmed(references[(slashes + 2)...])
            if !bank.isEmpty { bankReference = MT940Text.string(bank) }
        }
        let trimmed = MT940Text.trimmed(customer)
        if !trimmed.isEmpty, !MT940Text.equals(trimmed, "NONREF") { customerReference = MT940Text.string(trimmed) }
    }
}
