import TxFeedModel

extension XLSXSink {
    /// `Accounts`: in feed order, the JSON sink's values; `balance` a number in the account's
    /// decimals, an empty cell without one (as `id` and `currency` without theirs).
    static func writeAccounts(of feed: Feed, into book: XLSXWorkbook, styles: XLSXStyles) throws(XLSXError) {
        let sheet = try book.addSheet("Accounts")
        let names = ["name", "id", "balance", "currency", "source"]
        try styles.writeHeader(names, to: sheet)
        var table = XLSXTable(sheet: sheet, names: names)
        for (n, account) in feed.accounts.enumerated() {
            let row = n + 1
            try table.string(account.name, row: row, column: 0)
            try table.string(account.id, row: row, column: 1)
            if let balance = account.balance {
                let scale = min(max(balance.scale, 0), Money.maximumScale)
                try table.number(
                    Double(balance.minorUnits) / tenTo(scale),
                    row: row, column: 2, format: styles.amounts[scale],
                    width: XLSXTransactionRows.amountWidth(balance.minorUnits, scale: scale))
            }
            try table.string(account.currency, row: row, column: 3)
            try table.string(feed.sources[account.source].name, row: row, column: 4)
        }
        try styles.finish(sheet, rows: feed.accounts.count, widths: table.widths)
    }

    /// `Sources`: the run summary, a row per source in run order: `read` = `written` +
    /// `rejected` (+ `duplicates` with `--dedupe`, + `seen` with `--state`, + `skipped` when
    /// counted; empty cells otherwise), `elapsed_ms`, and `error` for a failed source.
    static func writeSources(of feed: Feed, into book: XLSXWorkbook, styles: XLSXStyles) throws(XLSXError) {
        let sheet = try book.addSheet("Sources")
        let names = [
            "name", "plugin", "status", "read", "written", "rejected", "duplicates", "seen", "skipped", "elapsed_ms",
            "error",
        ]
        try styles.writeHeader(names, to: sheet)
        var table = XLSXTable(sheet: sheet, names: names)
        let countsSkipped = feed.countsSkipped  // asked once: it looks at every source
        for (n, source) in feed.sources.enumerated() {
            let row = n + 1
            try table.string(source.name, row: row, column: 0)
            try table.string(source.plugin, row: row, column: 1)
            try table.string(source.status.rawValue, row: row, column: 2)
            try table.integer(source.read, row: row, column: 3)
            try table.integer(source.count, row: row, column: 4)
            try table.integer(source.rejected, row: row, column: 5)
            if feed.deduplicated { try table.integer(source.duplicates, row: row, column: 6) }
            if feed.batch != nil { try table.integer(source.seen, row: row, column: 7) }
            if countsSkipped { try table.integer(source.skipped, row: row, column: 8) }
            try table.integer(source.elapsedMilliseconds, row: row, column: 9)
            try table.string(source.error, row: row, column: 10)
        }
        try styles.finish(sheet, rows: feed.sources.count, widths: table.widths)
    }

    /// `Categories` (only with `--rules`): per category and currency, how many records and their
    /// signed sum, exact in minor units; records without one under `(uncategorised)`. A linked
    /// transfer is money moved, neither spent nor earned: left out.
    static func writeCategories(of feed: Feed, into book: XLSXWorkbook, styles: XLSXStyles) throws(XLSXError) {
        guard feed.labels != nil else { return }
        struct Key: Hashable, Comparable {
            var category: String
            var currency: String
            static func < (a: Key, b: Key) -> Bool { (a.category, a.currency) < (b.category, b.currency) }
        }
        // 128 bits: ten thousand records of the largest amount pass 64.
        var totals: [Key: (count: Int, minor: Int128, scale: Int)] = [:]
        var rows = feed.rows()
        while true {
            let next: FeedRow?
            do { next = try rows.next() } catch { throw XLSXError(error.description) }
            guard let row = next else { break }
            guard row.transfer == nil else { continue }
            let t = row.transaction
            let account = feed.accounts[Int(t.account)]
            let key = Key(category: row.labels?.category ?? "(uncategorised)", currency: account.currency ?? "")
            var total = totals[key] ?? (0, 0, account.scale)
            total.count += 1
            total.minor += Int128(t.signedMinor)
            totals[key] = total
        }
        let sheet = try book.addSheet("Categories")
        let names = ["category", "currency", "records", "total"]
        try styles.writeHeader(names, to: sheet)
        var table = XLSXTable(sheet: sheet, names: names)
        for (n, key) in totals.keys.sorted().enumerated() {
            let total = totals[key]!
            let scale = min(max(total.scale, 0), Money.maximumScale)
            try table.string(key.category, row: n + 1, column: 0)
            try table.string(key.currency, row: n + 1, column: 1)
            try table.integer(total.count, row: n + 1, column: 2)
            // A spreadsheet's number is a double: past 2^53 minor units the total is its exact text.
            if let minor = Int64(exactly: total.minor), minor.magnitude <= 1 << 53 {
                try table.number(
                    Double(minor) / tenTo(scale), row: n + 1, column: 3, format: styles.amounts[scale],
                    width: XLSXTransactionRows.amountWidth(minor, scale: scale))
            } else {
                try table.string(Money.plainDecimal(total.minor, scale: scale), row: n + 1, column: 3)
            }
        }
        try styles.finish(sheet, rows: totals.count, widths: table.widths)
    }

    private static func tenTo(_ n: Int) -> Double {
        (0..<n).reduce(1.0) { value, _ in value * 10 }
    }
}

/// A small sheet written a cell at a time, its columns' widths kept as it goes.
struct XLSXTable {
    let sheet: XLSXSheet
    var widths: [Int]

    init(sheet: XLSXSheet, names: [String]) {
        self.sheet = sheet
        widths = names.map { $0.count + 2 }
    }

    /// A string cell; nothing for nil.
    mutating func string(_ value: String?, row: Int, column: Int) throws(XLSXError) {
        guard let value, !value.isEmpty else { return }
        var cell: [UInt8] = []
        XLSXStrings.appendCell(value.utf8, to: &cell)
        widths[column] = max(widths[column], XLSXStrings.characters(cell))
        try sheet.string(&cell, row: row, column: column, "row \(row) of a summary sheet")
    }

    mutating func integer(_ value: Int, row: Int, column: Int) throws(XLSXError) {
        try number(Double(value), row: row, column: column, format: nil, width: String(value).count)
    }

    mutating func number(
        _ value: Double, row: Int, column: Int, format: XLSXFormat?, width: Int
    ) throws(XLSXError) {
        widths[column] = max(widths[column], width)
        try sheet.number(value, row: row, column: column, format: format, "row \(row) of a summary sheet")
    }
}
