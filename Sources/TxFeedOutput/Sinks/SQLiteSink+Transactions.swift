import TxFeedModel
import TxFeedSQLite

extension SQLiteSink {
    /// Every transaction, newest first, through one prepared statement: the CSV sink's values
    /// without its quoting or formula guard, `position` from 1 in feed order.
    ///
    /// A million rows is the target, so a row allocates nothing: the texts that repeat
    /// (account, currency, colour, source) are encoded once per distinct value, and the ones
    /// made per row (date, day, amount, fingerprint) go into one reused buffer.
    static func insertTransactions(of feed: Feed, context: FeedContext, into database: SQLiteDatabase)
        throws(SQLiteError)
    {
        let insert = try database.prepare(
            "INSERT INTO transactions VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21)"
        )
        let accounts = feed.accounts.map { Array($0.name.utf8) }
        let currencies = feed.accounts.map { $0.currency.map { Array($0.utf8) } }
        let sources = feed.accounts.map { Array(feed.sources[$0.source].name.utf8) }
        let colours = context.colours.map { rgb in
            var hex: [UInt8] = []
            rgb.appendHex(to: &hex)
            return hex
        }
        var dayFormat = context.dayFormat
        var dates = ISODate.Writer()
        var row: [UInt8] = []
        row.reserveCapacity(128)
        var rows = feed.rows()
        var index = 0
        while let record = try next(&rows, database) {
            defer { index += 1 }
            let t = record.transaction
            let account = Int(t.account)
            let details = record.details
            // date | day | amount | fingerprint, one after the other in `row`.
            row.removeAll(keepingCapacity: true)
            dates.append(t, to: &row)
            let dayStart = row.count
            dayFormat.appendDay(of: t, to: &row)
            let amountStart = row.count
            Money(minorUnits: t.amountMinor, scale: feed.accounts[account].scale).appendPlainDecimal(
                to: &row, negative: t.isDebit)
            let fingerprintStart = row.count
            if details?.id == nil { record.fingerprint?.appendText(to: &row) }
            // Spans of the buffer and the vendor table, not slices: a slice of each was a retain
            // and a release, 190 instructions a row.
            let texts = row.span
            insert.bind(2, text: texts.extracting(..<dayStart))
            insert.bind(3, text: texts.extracting(dayStart..<amountStart))
            insert.bind(7, text: texts.extracting(amountStart..<fingerprintStart))
            if let id = details?.id {
                insert.bind(12, id)
            } else if fingerprintStart < row.count {
                insert.bind(12, text: texts.extracting(fingerprintStart...))
            } else {
                insert.bindNull(12)  // a feed built by hand, without a merge
            }
            insert.bind(1, Int64(index + 1))
            insert.bind(4, text: accounts[account])
            feed.vendors.withBytes(of: t.vendor) { insert.bind(5, text: $0) }
            insert.bind(6, text: t.isDebit ? debit : credit)
            insert.bind(8, t.signedMinor)
            if let currency = currencies[account] { insert.bind(9, text: currency) } else { insert.bindNull(9) }
            insert.bind(10, text: colours[Int(t.vendor)])
            insert.bind(11, text: sources[account])
            insert.bind(13, text: t.isPending ? pending : booked)
            insert.bind(14, details?.memo)
            if let batch = feed.batch { insert.bind(15, batch) } else { insert.bindNull(15) }
            // What rules and transfers gave the row: NULL where nothing did.
            let labels = record.labels
            insert.bind(16, labels?.category)
            insert.bind(17, labels.flatMap { $0.tags.isEmpty ? nil : $0.tagsText })
            insert.bind(18, labels?.originalVendor)
            insert.bind(19, record.transfer?.id)
            insert.bind(20, record.transfer.map { feed.transferAccount($0.otherAccount).name })
            // The account's row in `accounts` (its rowid, in feed order): a name and a source are
            // two accounts' in a camt file of two IBANs under one owner, and a join on them doubled.
            insert.bind(21, Int64(account + 1))
            try insert.run()
        }
    }

    /// The next row; a spilled feed that cannot be read fails like the database would.
    private static func next(_ rows: inout FeedRows, _ database: SQLiteDatabase) throws(SQLiteError) -> FeedRow? {
        do {
            return try rows.next()
        } catch {
            throw SQLiteError(code: 0, message: error.description, path: database.path)
        }
    }

    private static let credit = Array("credit".utf8)
    private static let debit = Array("debit".utf8)
    private static let booked = Array("booked".utf8)
    private static let pending = Array("pending".utf8)
}
