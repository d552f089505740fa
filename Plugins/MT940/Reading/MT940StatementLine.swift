import CSVCells
import StatementText

/// A `:61:` statement line, `YYMMDD[MMDD]2a[1!a]15d1!a3!c16x[//16x]` and on its next line
/// `[34x]`: value date, entry date, mark, funds code, amount, transaction type, the customer's
/// reference, the bank's reference, supplementary details.
///
/// Read in place: its texts are ranges of the field's bytes, written out only for an entry
/// (``MT940EntryTexts``).
struct MT940StatementLine {
    /// The entry (booking) date when given, else the value date.
    var date: MT940Day?
    /// `D` or `RC` (reversal of a credit): counted by `:90D:`, the others (`C`, `RD`) by `:90C:`.
    var isDebit = false
    /// The signed amount, exactly; nil when it cannot be read (the statement cannot reconcile).
    var amount: StatementAmount?
    /// The amount as written, unsigned (`isDebit` signs it); set with ``amount``.
    var decimal = DecimalAmount(negative: false, units: 0, decimals: 0)
    /// `NTRF`, `NMSC`, `FCHK`, `S202`.
    var type: Range<Int>?
    /// Nil for `NONREF` and the markers of ``isMarker(_:_:)``.
    var customerReference: Range<Int>?
    /// Nil for `NONREF`.
    var bankReference: Range<Int>?
    /// The other party's name after the customer's reference, padded to its 16 characters, on
    /// the line itself (Rabobank's and ABN AMRO's older layout: `N0701313131319      J. DOE`).
    var name: Range<Int>?
    /// The lines after the first, trimmed; collapsed when written.
    var details: Range<Int>?
    /// Why the line cannot be a transaction; its amount may still count.
    var problem: String?
    /// What the run's log says of a line read with a fix-up (a value date of 30 February).
    var note: String?

    /// Reads the field's text, whose bytes the ranges index.
    init(_ text: Span<UInt8>) {
        let end = MT940TextScan.firstIndex(of: 0x0A, in: text, from: 0) ?? text.count
        if end < text.count {
            let more = MT940TextScan.trimmed(text, (end + 1)..<text.count)
            if !more.isEmpty { details = more }
        }
        let line = text.extracting(..<end)
        var at = 6
        var read = MT940Date.read(line, at: 0)
        if read == nil { read = thirtiethOfShortMonth(line) }
        guard let value = read else {
            let written = MT940Date.number(line, 0, 6) != nil ? " (\"\(Self.quoted(line, 0..<6))\" is no day)" : ""
            problem = ":61: \(Self.quoted(line)) starts with no value date YYMMDD\(written)"
            readAmount(line, after: nil)
            return
        }
        var date = value
        if MT940Date.number(line, at, 4) != nil {
            guard let entry = MT940Date.entry(line, at: at, near: value) else {
                note = nil
                problem = ":61: \(Self.quoted(line)) has an entry date MMDD that is no day"
                readAmount(line, after: at + 4)
                return
            }
            date = entry
            at += 4
        } else if Self.isBlank(line, at..<(at + 4)) {
            // Citi writes four spaces where the entry date would be: no entry date.
            at += 4
        }
        self.date = date
        readAmount(line, after: at)
    }

    /// A value date of 29 or 30 February that is no day (`160230`), as German banks write it
    /// under the 30/360 day count, where every month has 30 days: read as February's last day, only to place the
    /// entry date's year (the entry date is the day booked); nil for any other date that is no
    /// day, and without an entry date (no day to book it on).
    private mutating func thirtiethOfShortMonth(_ line: Span<UInt8>) -> MT940Day? {
        guard let yy = MT940Date.number(line, 0, 2), MT940Date.number(line, 2, 2) == 2,
            let day = MT940Date.number(line, 4, 2), MT940Date.number(line, 6, 4) != nil
        else { return nil }
        let year = MT940Date.year(yy)
        let last = CivilCalendar.daysIn(month: 2, year: year)
        guard day > last, day <= 30 else { return nil }
        note =
            "value date \"\(Self.quoted(line, 0..<6))\" is no day (a 30/360 interest date): "
            + "booked by its entry date \"\(Self.quoted(line, 6..<10))\""
        return (year, 2, last)
    }

    private static func isBlank(_ line: Span<UInt8>, _ range: Range<Int>) -> Bool {
        guard range.upperBound <= line.count else { return false }
        for i in range where line[i] != 0x20 { return false }
        return true
    }

    /// From the mark on: `at` is where the mark is, nil when the dates could not be read (the
    /// mark is looked for after the leading digits then).
    private mutating func readAmount(_ line: Span<UInt8>, after: Int?) {
        var at: Int
        if let after {
            at = after
        } else {
            at = 0
            while at < line.count, (line[at] &- UInt8(ascii: "0")) < 10 { at += 1 }
        }
        func byte(_ i: Int) -> UInt8? { i < line.count ? line[i] : nil }
        var reversal = false
        if byte(at) == UInt8(ascii: "R") {
            reversal = true
            at += 1
        }
        guard let markByte = byte(at), markByte == UInt8(ascii: "C") || markByte == UInt8(ascii: "D") else {
            problem = problem ?? ":61: \(Self.quoted(line)) has no mark C, D, RC or RD after its dates"
            return
        }
        at += 1
        // RC is a debit, RD a credit.
        isDebit = (markByte == UInt8(ascii: "D")) != reversal
        // The funds code: the third letter of the currency, where the amount's digits would be.
        if let letter = byte(at), (letter &- UInt8(ascii: "A")) < 26 { at += 1 }
        var digitsEnd = at
        while let byte = byte(digitsEnd), byte == UInt8(ascii: ",") || (byte &- UInt8(ascii: "0")) < 10 {
            digitsEnd += 1
        }
        guard let decimal = MT940Amount.read(line.extracting(at..<digitsEnd)),
            let exact = MT940Amount.exact(decimal, negative: isDebit)
        else {
            problem = problem ?? ":61: \(Self.quoted(line)) has no amount such as 1234,56 after its mark"
            return
        }
        amount = exact
        self.decimal = decimal
        at = digitsEnd
        // Commerzbank and Deutsche Bank write a space before the type (`D12,35 NRTI`).
        while byte(at) == 0x20 { at += 1 }
        // A bank that writes no type (Zenith Bank: `CN220000,00//19239782213`) goes from the
        // amount straight to the bank's reference `//`: the type is absent, not the line wrong.
        // Anything else where the type belongs (`XTRF`, the line's end) may be a line cut or
        // garbled, and stays a reject.
        let typeless = MT940TextScan.find("//", in: line, at..<line.count) == at
        if !typeless {
            guard at + 4 <= line.count,
                line[at] == UInt8(ascii: "N") || line[at] == UInt8(ascii: "F") || line[at] == UInt8(ascii: "S")
            else {
                problem = problem ?? ":61: \(Self.quoted(line)) has no transaction type such as NTRF after its amount"
                return
            }
            type = at..<(at + 4)
        }
        let references = (typeless ? at : at + 4)..<line.count
        var customer = references
        if let slashes = MT940TextScan.find("//", in: line, references) {
            customer = references.lowerBound..<slashes
            let bank = MT940TextScan.trimmed(line, (slashes + 2)..<references.upperBound)
            // PostFinance writes `//NONREF` on every line: no reference, as on the customer's side.
            if !bank.isEmpty, !MT940TextScan.equals(line, bank, "NONREF") { bankReference = bank }
        }
        if customer.count > 16, line[customer.lowerBound + 15] == 0x20 {
            let rest = MT940TextScan.trimmed(line, (customer.lowerBound + 16)..<customer.upperBound)
            if rest.contains(where: { (line[$0] | 0x20) &- UInt8(ascii: "a") < 26 }) {
                name = rest
                customer = customer.lowerBound..<(customer.lowerBound + 16)
            }
        }
        let trimmed = MT940TextScan.trimmed(line, customer)
        if !trimmed.isEmpty, !Self.isMarker(line, trimmed) { customerReference = trimmed }
    }

    /// `NONREF`, or a word that says where a reference is rather than being one: ING's and
    /// Rabobank's `EREF` (the end-to-end reference is in `:86:`), `PREF` (a batch's), `MARF` (a
    /// mandate's); the ZKA's `:86:` keywords `EREF+`, `KREF+`, `MREF+` (Commerzbank's `KREF+`).
    static func isMarker(_ line: Span<UInt8>, _ range: Range<Int>) -> Bool {
        switch range.count {
        case 6: MT940TextScan.equals(line, range, "NONREF")
        case 4:
            MT940TextScan.equals(line, range, "EREF") || MT940TextScan.equals(line, range, "PREF")
                || MT940TextScan.equals(line, range, "MARF")
        case 5:
            MT940TextScan.equals(line, range, "EREF+") || MT940TextScan.equals(line, range, "KREF+")
                || MT940TextScan.equals(line, range, "MREF+")
        default: false
        }
    }

    private static func quoted(_ line: Span<UInt8>) -> String {
        MT940Text.quoted(MT940TextScan.array(line)[...])
    }

    /// The bytes of `range`, as written (digits here).
    private static func quoted(_ line: Span<UInt8>, _ range: Range<Int>) -> String {
        SpanBytes.string(line.extracting(range))
    }
}
