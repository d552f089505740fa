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

    /// Writes the feed with ``columns``, each cell chosen by its column: one renderer for the
    /// standard twelve, `columns=` and the columns rules and transfers add.
    public func write(_ feed: Feed, context: FeedContext, to out: OutputWriter) throws {
        let dialect = dialect
        let columns = columns
        let separator = dialect.separator
        if dialect.byteOrderMark { out.write([0xEF, 0xBB, 0xBF]) }
        out.write(dialect.header(columns))
        let cells = FeedCells(feed) { dialect.appendCell($0, to: &$1) }
        let (vendors, names, shared, accountCells) = (cells.vendors, cells.names, cells.shared, cells.accounts)
        let labelCells = LabelCells(feed.labels) { dialect.appendCell($0, to: &$1) }
        // Out of the context (a class) once: read per row, they were retained and released per row.
        let colours = context.colours
        let startingDayFormat = context.dayFormat
        // The bank id and memo are looked up only when a column shows them.
        let needsDetails = columns.contains(.id) || columns.contains(.memo)
        try out.writeRows(of: feed, threads: context.threads) { rows, buffer, rowDone in
            var dayFormat = startingDayFormat
            var dates = ISODate.Writer()
            var day: [UInt8] = []
            // The last day and its cell: rows come newest first, a day's together, and a day's
            // cell is quoted (`"Mon, Nov 18"`), which would take the byte-by-byte path every row.
            var lastDay = Int64.min
            var dayCell: [UInt8] = []
            var amount: [UInt8] = []
            while let row = try rows.next() {
                cells.prefetch(ahead: rows)
                let t = row.transaction
                let account = accountCells[Int(t.account)]
                let details = needsDetails ? row.details : nil
                for n in columns.indices {
                    if n > 0 { buffer.append(separator) }
                    switch columns[n] {
                    case .date:
                        dates.append(t, to: &buffer)
                    case .localDate:
                        dayFormat.appendLocalDate(of: t, to: &buffer)
                    case .day:
                        let today = dayFormat.day(of: t)
                        if today != lastDay {
                            lastDay = today
                            day.removeAll(keepingCapacity: true)
                            dayFormat.appendDay(of: t, to: &day)
                            dayCell.removeAll(keepingCapacity: true)
                            dialect.appendCell(day.span, to: &dayCell)
                        }
                        buffer.append(dayCell.span)
                    case .account:
                        names.append(range: account.name, to: &buffer)
                    case .vendor:
                        vendors.append(Int(t.vendor), to: &buffer)
                    case .type:
                        buffer.append(t.isDebit ? "debit" : "credit")
                    case .amount:
                        dialect.appendAmount(of: t, scale: account.scale, scratch: &amount, to: &buffer)
                    case .currency:
                        shared.append(account.currency, to: &buffer)
                    case .colour:
                        colours[Int(t.vendor)].appendHex(to: &buffer)
                    case .source:
                        shared.append(account.source, to: &buffer)
                    case .id:
                        dialect.appendIdentity(of: row, to: &buffer)
                    case .status:
                        buffer.append(t.isPending ? "pending" : "booked")
                    case .memo:
                        if let memo = details?.memo { dialect.appendCell(memo.utf8.span, to: &buffer) }
                    case .category, .tags, .originalVendor, .transfer, .transferAccount:
                        Self.appendAdded(columns[n], of: row, labelCells: labelCells, cells: cells, to: &buffer)
                    }
                }
                buffer.append(0x0D)
                buffer.append(0x0A)
                try rowDone(&buffer)
            }
        }
    }

    /// A cell of a column rules or transfers add: the row's labels' cell, rendered once per
    /// distinct set of them, or its transfer's.
    @inline(__always)
    static func appendAdded(
        _ column: FeedColumn, of row: FeedRow, labelCells: LabelCells, cells: FeedCells, to buffer: inout [UInt8]
    ) {
        switch column {
        case .transfer:
            if let transfer = row.transfer { buffer.append(contentsOf: transfer.id.utf8) }
        case .transferAccount:
            if let transfer = row.transfer {
                cells.names.append(range: cells.accounts[Int(transfer.otherAccount)].name, to: &buffer)
            }
        default:
            labelCells.append(column, of: row.labelsIndex, to: &buffer)
        }
    }

    /// A text cell in `dialect` (``CSVDialect/appendCell(_:to:)``).
    public static func cell(_ text: [UInt8], _ dialect: CSVDialect = .standard) -> [UInt8] {
        var out: [UInt8] = []
        dialect.appendCell(text.span, to: &out)
        return out
    }
}
