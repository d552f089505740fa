import TxFeedModel

/// The two cells the CSV row loops (standard columns and `columns=`) build the same way.
extension CSVDialect {
    /// The amount cell: the plain decimal, through the decimal comma when the dialect has one.
    /// - Parameters:
    ///   - scratch: the row loop's own, emptied and reused: a decimal comma costs no allocation a row.
    @inline(__always)
    func appendAmount(of t: Transaction, scale: Int, scratch: inout [UInt8], to out: inout [UInt8]) {
        let money = Money(minorUnits: t.amountMinor, scale: scale)
        guard decimalComma else { return money.appendPlainDecimal(to: &out, negative: t.isDebit) }
        scratch.removeAll(keepingCapacity: true)
        money.appendPlainDecimal(to: &scratch, negative: t.isDebit)
        appendAmount(scratch.span, to: &out)
    }

    /// The id cell: the bank's id as a text cell, else the fingerprint, which needs neither
    /// quotes nor a guard.
    @inline(__always)
    func appendIdentity(of row: FeedRow, to out: inout [UInt8]) {
        if let id = row.details?.id {
            appendCell(id.utf8.span, to: &out)
        } else if let fingerprint = row.fingerprint {
            fingerprint.appendText(to: &out)
        }
    }
}
