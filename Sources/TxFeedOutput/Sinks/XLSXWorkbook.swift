import CXLSXWriter
import TxFeedModel

/// Why libxlsxwriter refused something: its own message, with what was being written.
struct XLSXError: Error {
    var message: String

    init(_ message: String) { self.message = message }

    init(_ error: lxw_error, _ doing: String) {
        message = "\(doing): \(String(cString: lxw_strerror(error)))"
    }
}

/// A libxlsxwriter workbook in constant-memory mode: each row goes to a worksheet's temporary
/// file as soon as the next one starts, so memory stays flat however many rows are written,
/// provided every sheet is written top to bottom.
///
/// The temporary files are made in `temporaryFolder` and unlinked as soon as they are opened
/// (libxlsxwriter's tmpfileplus), so nothing is left behind even by a crash. ``close()`` writes
/// the zip to `path`; without it (a failure), ``deinit`` frees everything and writes nothing.
final class XLSXWorkbook {
    private var book: UnsafeMutablePointer<lxw_workbook>?
    private let path: String
    /// libxlsxwriter keeps the pointer until the workbook closes.
    private let temporaryFolder: UnsafeMutablePointer<CChar>
    private var sheetNames: [String] = []

    init(path: String, temporaryFolder: String) throws(XLSXError) {
        self.path = path
        self.temporaryFolder = strdup(temporaryFolder)
        var options = lxw_workbook_options(constant_memory: 1, tmpdir: self.temporaryFolder, use_zip64: 0)
        guard let book = workbook_new_opt(path, &options) else {
            free(self.temporaryFolder)
            throw XLSXError("cannot start a workbook (out of memory?)")
        }
        self.book = book
    }

    /// A new sheet, after the others.
    func addSheet(_ name: String) throws(XLSXError) -> XLSXSheet {
        guard let book, let sheet = workbook_add_worksheet(book, name) else {
            throw XLSXError("cannot add the sheet '\(name)'")
        }
        sheetNames.append(name)
        return XLSXSheet(pointer: sheet)
    }

    /// Bold text: the header rows.
    func boldFormat() throws(XLSXError) -> XLSXFormat {
        try format { format_set_bold($0) }
    }

    /// A number format such as `yyyy-mm-dd hh:mm` or `#,##0.00`.
    func numberFormat(_ pattern: String) throws(XLSXError) -> XLSXFormat {
        try format { format_set_num_format($0, pattern) }
    }

    /// A solid fill of `rgb`, for the swatch beside a vendor.
    func fillFormat(_ rgb: RGB) throws(XLSXError) -> XLSXFormat {
        // libxlsxwriter reads 0 as "no colour": black has its own constant.
        let value = UInt32(rgb.r) << 16 | UInt32(rgb.g) << 8 | UInt32(rgb.b)
        let colour = value == 0 ? lxw_color_t(LXW_COLOR_BLACK.rawValue) : lxw_color_t(value)
        return try format {
            format_set_pattern($0, UInt8(LXW_PATTERN_SOLID.rawValue))
            format_set_bg_color($0, colour)
        }
    }

    /// A cell format, owned by the workbook.
    private func format(_ configure: (UnsafeMutablePointer<lxw_format>) -> Void) throws(XLSXError) -> XLSXFormat {
        guard let book, let format = workbook_add_format(book) else { throw XLSXError("cannot add a cell format") }
        configure(format)
        return XLSXFormat(pointer: format)
    }

    /// Assembles the sheets and writes the zip; the workbook is gone afterwards.
    func close() throws(XLSXError) {
        guard let book else { return }
        self.book = nil
        let error = workbook_close(book)
        free(temporaryFolder)
        guard error == LXW_NO_ERROR else { throw XLSXError(error, "cannot write the workbook") }
    }

    deinit {
        if let book {
            lxw_workbook_free(book)
            free(temporaryFolder)
        }
    }
}

/// A cell format of a workbook, valid while the workbook is open.
struct XLSXFormat {
    fileprivate let pointer: UnsafeMutablePointer<lxw_format>
}

/// A worksheet of an open workbook, written top to bottom (constant-memory mode). Every call
/// into libxlsxwriter for a sheet is here: the sinks write cells, never pointers. A failure
/// throws with `doing`, what was being written.
struct XLSXSheet {
    fileprivate let pointer: UnsafeMutablePointer<lxw_worksheet>

    @inline(__always)
    func number(_ value: Double, row: Int, column: Int, format: XLSXFormat?, _ doing: @autoclosure () -> String)
        throws(XLSXError)
    {
        try check(worksheet_write_number(pointer, lxw_row_t(row), lxw_col_t(column), value, format?.pointer), doing())
    }

    /// A string cell of a Swift string (a header's name, `debit`).
    @inline(__always)
    func string(_ value: String, row: Int, column: Int, format: XLSXFormat?, _ doing: @autoclosure () -> String)
        throws(XLSXError)
    {
        try check(worksheet_write_string(pointer, lxw_row_t(row), lxw_col_t(column), value, format?.pointer), doing())
    }

    /// A string cell of `strings`' cell `index`, rendered once for every row that shows it.
    @inline(__always)
    func string(
        _ strings: XLSXStrings, _ index: Int, row: Int, column: Int, _ doing: @autoclosure () -> String
    ) throws(XLSXError) {
        try check(worksheet_write_string(pointer, lxw_row_t(row), lxw_col_t(column), strings[index], nil), doing())
    }

    /// A string cell of `text`'s UTF-8 (a rendered cell, ``XLSXStrings/appendCell(_:to:)``):
    /// terminated for the call and given back as it was.
    @inline(__always)
    func string(_ text: inout [UInt8], row: Int, column: Int, _ doing: @autoclosure () -> String) throws(XLSXError) {
        text.append(0)
        let error = text.withUnsafeBytes { bytes in
            worksheet_write_string(
                pointer, lxw_row_t(row), lxw_col_t(column), bytes.baseAddress!.assumingMemoryBound(to: CChar.self), nil)
        }
        text.removeLast()
        try check(error, doing())
    }

    /// A cell of no value in `format` (the colour swatch).
    @inline(__always)
    func blank(row: Int, column: Int, format: XLSXFormat, _ doing: @autoclosure () -> String) throws(XLSXError) {
        try check(worksheet_write_blank(pointer, lxw_row_t(row), lxw_col_t(column), format.pointer), doing())
    }

    /// Rows above `rows` stay in view as the sheet scrolls.
    func freeze(rows: Int) {
        worksheet_freeze_panes(pointer, lxw_row_t(rows), 0)
    }

    /// An autofilter over rows `0...lastRow` of columns `0...lastColumn`.
    func autofilter(lastRow: Int, lastColumn: Int) throws(XLSXError) {
        try check(worksheet_autofilter(pointer, 0, 0, lxw_row_t(lastRow), lxw_col_t(lastColumn)), "the autofilter")
    }

    /// Column `column` `width` characters wide.
    func setWidth(_ width: Double, column: Int) throws(XLSXError) {
        try check(
            worksheet_set_column(pointer, lxw_col_t(column), lxw_col_t(column), width, nil), "a column's width")
    }
}

/// A libxlsxwriter call's status as a Swift error.
@inline(__always)
private func check(_ error: lxw_error, _ doing: @autoclosure () -> String) throws(XLSXError) {
    if error != LXW_NO_ERROR { throw XLSXError(error, doing()) }
}
