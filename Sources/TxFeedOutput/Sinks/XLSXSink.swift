import TxFeedModel

/// `-o FILE.xlsx`: the merged feed as an Excel workbook, through libxlsxwriter in its
/// constant-memory mode (docs/FEED.md#xlsx--o-filexlsx). Three kinds of sheet:
///
/// - `Transactions`: the CSV columns (or `columns=`'s) with real cells: `date` and `local_date`
///   date(-time) cells in `--tz`, `amount` a number in the currency's decimals, and beside the
///   vendor a cell filled with its colour; more than ``rowsPerSheet`` rows go on to
///   `Transactions (2)` and so on;
/// - `Accounts`: name, id, balance (a number), currency, source;
/// - `Sources`: the run summary, a row per source.
///
/// Text is always a string cell, never a formula, so it needs no guard. Like ``SQLiteSink``,
/// not a ``FeedSink``: libxlsxwriter writes its file itself, here the temporary file of an
/// ``AtomicFile`` that the caller commits with the other sinks.
public struct XLSXSink {
    /// The `Transactions` columns, in order.
    public var columns: [FeedColumn]
    /// Rows of transactions a sheet holds: Excel's 1,048,576 less the header row.
    public var rowsPerSheet: Int

    public static let excelRowsPerSheet = 1_048_575

    public init(columns: [FeedColumn] = FeedColumn.standard, rowsPerSheet: Int = XLSXSink.excelRowsPerSheet) {
        self.columns = columns
        self.rowsPerSheet = max(1, min(rowsPerSheet, Self.excelRowsPerSheet))
    }

    /// Writes the workbook into `file`'s temporary file; its own temporary files go in the same
    /// folder and are unlinked as soon as they are open. Failures name `file`'s destination.
    public func write(_ feed: Feed, context: FeedContext, into file: AtomicFile) throws(OutputError) {
        do {
            let book = try XLSXWorkbook(
                path: file.temporaryPath, temporaryFolder: Paths.parentFolder(of: file.temporaryPath))
            let styles = try XLSXStyles(book)
            try writeTransactions(of: feed, context: context, into: book, styles: styles)
            try Self.writeAccounts(of: feed, into: book, styles: styles)
            try Self.writeSources(of: feed, into: book, styles: styles)
            try Self.writeCategories(of: feed, into: book, styles: styles)
            try book.close()
        } catch {
            throw .failed(path: file.path, reason: error.message)
        }
    }
}

/// The formats every sheet shares.
struct XLSXStyles {
    let header: XLSXFormat
    let dateTime: XLSXFormat
    let date: XLSXFormat
    /// `amounts[scale]`: `#,##0` with the currency's decimals.
    let amounts: [XLSXFormat]

    init(_ book: XLSXWorkbook) throws(XLSXError) {
        header = try book.boldFormat()
        dateTime = try book.numberFormat("yyyy-mm-dd hh:mm")
        date = try book.numberFormat("yyyy-mm-dd")
        var amounts: [XLSXFormat] = []
        for scale in 0...Money.maximumScale {
            amounts.append(
                try book.numberFormat(scale == 0 ? "#,##0" : "#,##0." + String(repeating: "0", count: scale)))
        }
        self.amounts = amounts
    }

    /// Writes `names` in bold in row 0.
    func writeHeader(_ names: [String], to sheet: XLSXSheet) throws(XLSXError) {
        for (column, name) in names.enumerated() where !name.isEmpty {
            try sheet.string(name, row: 0, column: column, format: header, "the header '\(name)'")
        }
    }

    /// The header row frozen, an autofilter over `rows` rows below it, and each column
    /// `widths[i]` characters wide (padded, at most 60).
    func finish(_ sheet: XLSXSheet, rows: Int, widths: [Int]) throws(XLSXError) {
        sheet.freeze(rows: 1)
        guard !widths.isEmpty else { return }
        try sheet.autofilter(lastRow: rows, lastColumn: widths.count - 1)
        for (column, width) in widths.enumerated() {
            try sheet.setWidth(Double(min(width, 58) + 2), column: column)
        }
    }
}

/// Excel's day numbers: 1900-01-01 is 1, and 1900-02-29 (a day that never was) is 60, so a
/// serial number is exact only from 1900-03-01 (61) on, up to 9999-12-31.
enum ExcelDate {
    /// 1970-01-01's serial number.
    static let unixEpoch: Int64 = 25_569
    static let firstDay: Int64 = 61 - unixEpoch
    static let lastDay: Int64 = 2_958_465 - unixEpoch

    /// The serial number of local wall-clock `seconds` (seconds from 1970-01-01T00:00), or nil
    /// outside what Excel dates can hold.
    @inline(__always)
    static func serial(localSeconds seconds: Int64) -> Double? {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds + 1) / 86_400 - 1
        guard days >= firstDay && days <= lastDay else { return nil }
        return Double(days + unixEpoch) + Double(seconds - days * 86_400) / 86_400
    }
}
