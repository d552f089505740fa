import TxFeedModel

/// RFC 4180 CSV for spreadsheets: UTF-8, a header row, CRLF line ends, the columns of
/// docs/FEED.md (twelve, or those `columns=` names, in its order), in a ``CSVDialect``. Text
/// cells that a spreadsheet would evaluate (`=`, `+`, `-`, `@`, tab, CR first) get a leading
/// `'` unless the dialect says not to; numeric cells are left alone.
public struct CSVSink: FeedSink {
    public var dialect: CSVDialect

    /// The columns, in order.
    public var columns: [FeedColumn]

    public init(dialect: CSVDialect = .standard, columns: [FeedColumn] = FeedColumn.standard) {
        self.dialect = dialect
        self.columns = columns
    }

    /// Starts the file with a UTF-8 BOM, in the standard dialect otherwise.
    public init(byteOrderMark: Bool) {
        self.init(dialect: CSVDialect(byteOrderMark: byteOrderMark))
    }

    public static let header = "date,day,account,vendor,type,amount,currency,colour,source,id,status,memo\r\n"

    /// The twelve standard columns in one straight pass, then the columns rules and transfers
    /// add after them when a run chose none (``addedColumns``); other choices through
    /// ``writeColumns(_:context:to:)``, whose per-cell choice costs about 10% more CPU a row.
    public func write(_ feed: Feed, context: FeedContext, to out: OutputWriter) throws {
        guard let added = addedColumns else { return try writeColumns(feed, context: context, to: out) }
        let dialect = dialect
        let separator = dialect.separator
        if dialect.byteOrderMark { out.write([0xEF, 0xBB, 0xBF]) }
        out.write(dialect.header(columns))
        let cells = FeedCells(feed) { dialect.appendCell($0, to: &$1) }
        let (vendors, names, shared, accountCells) = (cells.vendors, cells.names, cells.shared, cells.accounts)
        let labelCells = LabelCells(feed.labels) { dialect.appendCell($0, to: &$1) }
        // Out of the context (a class) once: read per row, they were retained and released per row.
        let colours = context.colours
        var dayFormat = context.dayFormat
        var day: [UInt8] = []
        // The last day and its cell: rows come newest first, a day's together, and a day's
        // cell is quoted (`"Mon, Nov 18"`), which took the byte-by-byte path on every row.
        var lastDay: [UInt8] = []
        var dayCell: [UInt8] = []
        var identity: [UInt8] = []
        var amount: [UInt8] = []
        let debit = Array("\(Character(UnicodeScalar(separator)))debit\(Character(UnicodeScalar(separator)))".utf8)
        let credit = Array("\(Character(UnicodeScalar(separator)))credit\(Character(UnicodeScalar(separator)))".utf8)
        let pending = Array("\(Character(UnicodeScalar(separator)))pending\(Character(UnicodeScalar(separator)))".utf8)
        let booked = Array("\(Character(UnicodeScalar(separator)))booked\(Character(UnicodeScalar(separator)))".utf8)
        var rows = feed.rows()
        try out.withBuffer { buffer in
            while let row = try rows.next() {
                cells.prefetch(ahead: rows)
                let t = row.transaction
                let account = accountCells[Int(t.account)]
                ISODate.append(t, to: &buffer)
                buffer.append(separator)
                day.removeAll(keepingCapacity: true)
                dayFormat.appendDay(of: t, to: &day)
                if day != lastDay {
                    swap(&day, &lastDay)
                    dayCell.removeAll(keepingCapacity: true)
                    lastDay.withUnsafeBufferPointer { dialect.appendCell($0, to: &dayCell) }
                }
                buffer.append(contentsOf: dayCell)
                buffer.append(separator)
                names.append(range: account.name, to: &buffer)
                buffer.append(separator)
                vendors.append(Int(t.vendor), to: &buffer)
                buffer.append(contentsOf: t.isDebit ? debit : credit)
                dialect.appendAmount(of: t, scale: account.scale, scratch: &amount, to: &buffer)
                buffer.append(separator)
                shared.append(account.currency, to: &buffer)
                buffer.append(separator)
                colours[Int(t.vendor)].appendHex(to: &buffer)
                buffer.append(separator)
                shared.append(account.source, to: &buffer)
                // The identity (the bank's id, else the fingerprint), booked or pending, the memo.
                buffer.append(separator)
                dialect.appendIdentity(of: row, scratch: &identity, to: &buffer)
                buffer.append(contentsOf: t.isPending ? pending : booked)
                if var memo = row.details?.memo { memo.withUTF8 { dialect.appendCell($0, to: &buffer) } }
                for column in added {
                    buffer.append(separator)
                    Self.appendAdded(column, of: row, labelCells: labelCells, cells: cells, to: &buffer)
                }
                buffer.append(0x0D)
                buffer.append(0x0A)
                try out.rowDone(&buffer)
            }
        }
    }

    /// The columns after the standard twelve when ``columns`` starts with them and adds only
    /// what a run adds (rules' and transfers' columns, ``appendAdded(_:of:labelCells:cells:to:)``);
    /// nil for any other choice.
    private var addedColumns: ArraySlice<FeedColumn>? {
        guard columns.starts(with: FeedColumn.standard) else { return nil }
        let added = columns.dropFirst(FeedColumn.standard.count)
        return added.allSatisfy { FeedColumn.rules.contains($0) || FeedColumn.transfers.contains($0) } ? added : nil
    }

    /// A text cell in `dialect` (``CSVDialect/appendCell(_:to:)``).
    public static func cell(_ text: [UInt8], _ dialect: CSVDialect = .standard) -> [UInt8] {
        var out: [UInt8] = []
        text.withUnsafeBufferPointer { dialect.appendCell($0, to: &out) }
        return out
    }
}
