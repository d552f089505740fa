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
    func addSheet(_ name: String) throws(XLSXError) -> UnsafeMutablePointer<lxw_worksheet> {
        guard let book, let sheet = workbook_add_worksheet(book, name) else {
            throw XLSXError("cannot add the sheet '\(name)'")
        }
        sheetNames.append(name)
        return sheet
    }

    /// A cell format, owned by the workbook.
    func format(_ configure: (UnsafeMutablePointer<lxw_format>) -> Void = { _ in }) throws(XLSXError)
        -> UnsafeMutablePointer<lxw_format>
    {
        guard let book, let format = workbook_add_format(book) else { throw XLSXError("cannot add a cell format") }
        configure(format)
        return format
    }

    /// A number format such as `yyyy-mm-dd hh:mm` or `#,##0.00`.
    func numberFormat(_ pattern: String) throws(XLSXError) -> UnsafeMutablePointer<lxw_format> {
        try format { format_set_num_format($0, pattern) }
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

/// A libxlsxwriter call's status as a Swift error.
@inline(__always)
func check(_ error: lxw_error, _ doing: @autoclosure () -> String) throws(XLSXError) {
    if error != LXW_NO_ERROR { throw XLSXError(error, doing()) }
}
