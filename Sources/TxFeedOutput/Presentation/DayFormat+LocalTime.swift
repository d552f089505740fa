import TxFeedModel

extension DayFormat {
    /// The wall-clock time of `transaction` in the formatter's zone, as seconds from
    /// 1970-01-01T00:00 of that clock: a civil date's own midnight whatever the zone.
    public mutating func localSeconds(of transaction: Transaction) -> Int64 {
        transaction.isCivilDate
            ? transaction.unixSeconds : transaction.unixSeconds &+ offset(at: transaction.unixSeconds)
    }

    /// Why the feed cannot be shown in this zone: a record at an end of the four-digit years
    /// (`9999-12-31T23:30:00Z`) whose day in the zone is past them (10000-01-01 in Kiritimati),
    /// which no output writes as `YYYY-MM-DD`. Nil when every record's day has four digits.
    /// Only the earliest and the latest instants can be past them: a civil date never moves.
    public mutating func fourDigitYearProblem(in transactions: [Transaction], zone: String) -> String? {
        var earliest: Transaction?
        var latest: Transaction?
        for t in transactions where !t.isCivilDate {
            if earliest.map({ t.unixSeconds < $0.unixSeconds }) ?? true { earliest = t }
            if latest.map({ t.unixSeconds > $0.unixSeconds }) ?? true { latest = t }
        }
        for t in [earliest, latest].compactMap({ $0 }) {
            let local = localSeconds(of: t)
            guard !TransactionDate.instantRange.contains(local) else { continue }
            var utc: [UInt8] = []
            ISODate.appendUTC(unixSeconds: t.unixSeconds, to: &utc)
            let day = local < 0 ? "before 0000-01-01" : "past 9999-12-31"
            return "a record dated \(String(decoding: utc, as: UTF8.self)) falls on a day \(day) in \(zone) (--tz), "
                + "which no output writes as a four-digit year: choose another --tz"
        }
        return nil
    }

    /// Appends the `local_date` cell, `YYYY-MM-DD`: the day `appendDay` names, in the form
    /// spreadsheets read as a date.
    public mutating func appendLocalDate(of transaction: Transaction, to buffer: inout [UInt8]) {
        let midnight = Self.days(localSeconds(of: transaction)) &* 86_400
        ISODate.appendUTC(unixSeconds: midnight, to: &buffer)
        buffer.removeLast(10)  // `THH:mm:ssZ`
    }
}
