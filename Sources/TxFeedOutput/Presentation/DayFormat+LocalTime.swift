import TxFeedModel

extension DayFormat {
    /// The wall-clock time of `transaction` in the formatter's zone, as seconds from
    /// 1970-01-01T00:00 of that clock: a civil date's own midnight whatever the zone.
    public mutating func localSeconds(of transaction: Transaction) -> Int64 {
        transaction.isCivilDate
            ? transaction.unixSeconds : transaction.unixSeconds &+ offset(at: transaction.unixSeconds)
    }

    /// Appends the `local_date` cell, `YYYY-MM-DD`: the day `appendDay` names, in the form
    /// spreadsheets read as a date.
    public mutating func appendLocalDate(of transaction: Transaction, to buffer: inout [UInt8]) {
        let midnight = Self.days(localSeconds(of: transaction)) &* 86_400
        ISODate.appendUTC(unixSeconds: midnight, to: &buffer)
        buffer.removeLast(10)  // `THH:mm:ssZ`
    }
}
