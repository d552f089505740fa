import TxFeedModel

extension XLSXSink {
    /// Every transaction, newest first, a row each, on `Transactions` and as many
    /// `Transactions (N)` as it takes.
    func writeTransactions(of feed: Feed, context: FeedContext, into book: XLSXWorkbook, styles: XLSXStyles)
        throws(XLSXError)
    {
        var rows = try XLSXTransactionRows(feed: feed, context: context, columns: columns, book: book, styles: styles)
        var sheet = try rows.startSheet(1)
        var sheets = 1
        var row = 0
        // The feed's rows, in memory or merged back from runs spilled past --memory.
        var feedRows = feed.rows()
        while true {
            let next: FeedRow?
            do { next = try feedRows.next() } catch { throw XLSXError("\(error)") }
            guard let next else { break }
            if row == rowsPerSheet {
                try rows.finish(sheet, rows: row)
                sheets += 1
                sheet = try rows.startSheet(sheets)
                row = 0
            }
            row += 1
            try rows.write(next, row: row, to: sheet)
        }
        try rows.finish(sheet, rows: row)
    }
}

/// One transaction as a row of cells: what ``XLSXSink`` needs rendered once (the texts that
/// repeat, the colour fills) and the per-row work, so that a row allocates nothing in Swift.
struct XLSXTransactionRows {
    /// A sheet column: a feed column, or the colour swatch beside the vendor.
    enum Cell: Equatable {
        case column(FeedColumn)
        case swatch
    }

    /// Excel keeps at most 65,490 cell formats in a workbook: colours past this many get no
    /// swatch (their `colour` cell still says which they are).
    static let maximumSwatches = 64_000

    let feed: Feed
    let layout: [Cell]
    let book: XLSXWorkbook
    let styles: XLSXStyles
    let vendors: XLSXStrings
    let accounts: XLSXStrings
    /// Per account: its currency (nil without one) and its source's name.
    let currencies: XLSXStrings
    let hasCurrency: [Bool]
    let sources: XLSXStrings
    let colourHex: XLSXStrings
    let colours: [RGB]
    let scales: [Int]
    let needsDetails: Bool
    var dayFormat: DayFormat
    /// Per vendor: the index of its fill in `fills`, -1 before its first row, -2 for none.
    private var fillOfVendor: [Int32]
    private var fillOfColour: [RGB: Int32] = [:]
    private var fills: [XLSXFormat] = []
    /// Widths (characters) of the current sheet's columns.
    private var widths: [Int]
    private var text: [UInt8] = []

    init(feed: Feed, context: FeedContext, columns: [FeedColumn], book: XLSXWorkbook, styles: XLSXStyles)
        throws(XLSXError)
    {
        self.feed = feed
        self.book = book
        self.styles = styles
        layout = columns.flatMap { $0 == .vendor ? [Cell.column($0), .swatch] : [.column($0)] }
        vendors = XLSXStrings((0..<feed.vendors.count).lazy.map { Array(feed.vendors.bytes(of: UInt32($0))) })
        accounts = XLSXStrings(feed.accounts.lazy.map { Array($0.name.utf8) })
        currencies = XLSXStrings(feed.accounts.lazy.map { Array(($0.currency ?? "").utf8) })
        hasCurrency = feed.accounts.map { !($0.currency ?? "").isEmpty }
        sources = XLSXStrings(feed.accounts.lazy.map { Array(feed.sources[$0.source].name.utf8) })
        colourHex = XLSXStrings(context.colours.lazy.map { Array($0.hex.utf8) })
        colours = context.colours
        scales = feed.accounts.map(\.scale)
        needsDetails = columns.contains(.id) || columns.contains(.memo)
        dayFormat = context.dayFormat
        fillOfVendor = Array(repeating: -1, count: feed.vendors.count)
        widths = []
    }

    /// A new sheet with its header row.
    mutating func startSheet(_ number: Int) throws(XLSXError) -> XLSXSheet {
        let sheet = try book.addSheet(number == 1 ? "Transactions" : "Transactions (\(number))")
        let names = layout.map { cell in
            if case .column(let column) = cell { return column.rawValue }
            return ""
        }
        try styles.writeHeader(names, to: sheet)
        widths = layout.map { cell in
            switch cell {
            case .swatch: return 1
            case .column(.date): return 16  // yyyy-mm-dd hh:mm
            case .column(.localDate): return 10
            case .column(let column): return column.rawValue.count + 2  // the autofilter's button
            }
        }
        return sheet
    }

    /// Freezes the header, sets the autofilter and fits the columns.
    func finish(_ sheet: XLSXSheet, rows: Int) throws(XLSXError) {
        try styles.finish(sheet, rows: rows, widths: widths)
    }

    /// Writes one feed row into sheet row `row`.
    mutating func write(_ feedRow: FeedRow, row: Int, to sheet: XLSXSheet)
        throws(XLSXError)
    {
        let t = feedRow.transaction
        let account = Int(t.account)
        let vendor = Int(t.vendor)
        let details = needsDetails ? feedRow.details : nil
        for n in layout.indices {
            let cell = layout[n]
            switch cell {
            case .swatch:
                if let fill = try fill(of: vendor) {
                    try sheet.blank(row: row, column: n, format: fill, "row \(row)'s colour")
                }
            case .column(.date):
                if let serial = ExcelDate.serial(localSeconds: dayFormat.localSeconds(of: t)) {
                    let format = t.isCivilDate ? styles.date : styles.dateTime
                    try sheet.number(serial, row: row, column: n, format: format, "row \(row)'s date")
                } else {
                    text.removeAll(keepingCapacity: true)
                    ISODate.append(t, to: &text)
                    try writeText(sheet, row, n)
                }
            case .column(.localDate):
                let day = DayFormat.days(dayFormat.localSeconds(of: t))
                if let serial = ExcelDate.serial(localSeconds: day &* 86_400) {
                    try sheet.number(serial, row: row, column: n, format: styles.date, "row \(row)'s local_date")
                } else {
                    text.removeAll(keepingCapacity: true)
                    dayFormat.appendLocalDate(of: t, to: &text)
                    try writeText(sheet, row, n)
                }
            case .column(.day):
                text.removeAll(keepingCapacity: true)
                dayFormat.appendDay(of: t, to: &text)
                try writeText(sheet, row, n)
            case .column(.account):
                try writeString(sheet, row, n, accounts, account)
            case .column(.vendor):
                try writeString(sheet, row, n, vendors, vendor)
            case .column(.type):
                try sheet.string(t.isDebit ? "debit" : "credit", row: row, column: n, format: nil, "row \(row)'s type")
            case .column(.amount):
                let scale = scales[account]
                let value = Double(t.signedMinor) / Self.powersOfTen[scale]
                try sheet.number(value, row: row, column: n, format: styles.amounts[scale], "row \(row)'s amount")
                widths[n] = max(widths[n], Self.amountWidth(t.amountMinor, scale: scale))
            case .column(.currency):
                if hasCurrency[account] { try writeString(sheet, row, n, currencies, account) }
            case .column(.colour):
                try writeString(sheet, row, n, colourHex, vendor)
            case .column(.source):
                try writeString(sheet, row, n, sources, account)
            case .column(.id):
                text.removeAll(keepingCapacity: true)
                if let id = details?.id {
                    XLSXStrings.appendCell(id.utf8, to: &text)
                } else if let fingerprint = feedRow.fingerprint {
                    fingerprint.appendText(to: &text)
                }
                if !text.isEmpty { try writeText(sheet, row, n) }
            case .column(.status):
                try sheet.string(
                    t.isPending ? "pending" : "booked", row: row, column: n, format: nil, "row \(row)'s status")
            case .column(.memo):
                if let memo = details?.memo, !memo.isEmpty {
                    text.removeAll(keepingCapacity: true)
                    XLSXStrings.appendCell(memo.utf8, to: &text)
                    try writeText(sheet, row, n)
                }
            case .column(.category), .column(.tags), .column(.originalVendor), .column(.transfer),
                .column(.transferAccount):
                let labels = feedRow.labels
                let value: String? =
                    switch cell {
                    case .column(.category): labels?.category
                    case .column(.tags): labels?.tagsText
                    case .column(.originalVendor): labels?.originalVendor
                    case .column(.transfer): feedRow.transfer?.id
                    default: feedRow.transfer.map { feed.transferAccount($0.otherAccount).name }
                    }
                if let value, !value.isEmpty {
                    text.removeAll(keepingCapacity: true)
                    XLSXStrings.appendCell(value.utf8, to: &text)
                    try writeText(sheet, row, n)
                }
            }
        }
    }

    /// Writes `text` (not yet terminated) as a string cell of column `n`.
    @inline(__always)
    private mutating func writeText(_ sheet: XLSXSheet, _ row: Int, _ n: Int) throws(XLSXError) {
        widths[n] = max(widths[n], XLSXStrings.characters(text))
        try sheet.string(&text, row: row, column: n, "row \(row)'s \(layout[n])")
    }

    @inline(__always)
    private mutating func writeString(_ sheet: XLSXSheet, _ row: Int, _ n: Int, _ strings: XLSXStrings, _ index: Int)
        throws(XLSXError)
    {
        widths[n] = max(widths[n], strings.widths[index])
        try sheet.string(strings, index, row: row, column: n, "row \(row)'s \(layout[n])")
    }

    /// The fill of `vendor`'s colour, made on its first row and shared by every vendor of the
    /// same colour; nil past ``maximumSwatches`` colours.
    @inline(__always)
    private mutating func fill(of vendor: Int) throws(XLSXError) -> XLSXFormat? {
        let known = fillOfVendor[vendor]
        if known >= 0 { return fills[Int(known)] }
        if known == -2 { return nil }
        let rgb = colours[vendor]
        if let index = fillOfColour[rgb] {
            fillOfVendor[vendor] = index
            return fills[Int(index)]
        }
        guard fills.count < Self.maximumSwatches else {
            fillOfVendor[vendor] = -2
            return nil
        }
        let format = try book.fillFormat(rgb)
        fills.append(format)
        fillOfColour[rgb] = Int32(fills.count - 1)
        fillOfVendor[vendor] = Int32(fills.count - 1)
        return format
    }

    private static let powersOfTen: [Double] = (0...Money.maximumScale).map { pow10($0) }

    private static func pow10(_ n: Int) -> Double {
        (0..<n).reduce(1.0) { value, _ in value * 10 }
    }

    /// Characters of `#,##0.00` for `minor` at `scale`, with a sign.
    @inline(__always)
    static func amountWidth(_ minor: Int64, scale: Int) -> Int {
        var digits = 1
        var rest = minor.magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let whole = max(digits - scale, 1)
        return 1 + whole + (whole - 1) / 3 + (scale > 0 ? scale + 1 : 0)
    }
}
