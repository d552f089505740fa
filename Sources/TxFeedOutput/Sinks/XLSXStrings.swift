import TxFeedModel

/// Text cells rendered once (each vendor, account, currency, source) as NUL-terminated UTF-8 in
/// one allocation, for libxlsxwriter; with each one's width in columns, for fitting columns.
///
/// Like ``ByteCells``: one buffer and its offsets cost no retain or release per row.
final class XLSXStrings {
    private let bytes: UnsafeMutableBufferPointer<CChar>
    /// Cell `i` starts at `starts[i]`.
    private let starts: [Int]
    /// Columns cell `i` takes (``DisplayWidth``).
    let widths: [Int]

    init<S: Sequence>(_ texts: S) where S.Element == [UInt8] {
        var all: [UInt8] = []
        var starts: [Int] = []
        var widths: [Int] = []
        var cell: [UInt8] = []
        for text in texts {
            cell.removeAll(keepingCapacity: true)
            XLSXStrings.appendCell(text, to: &cell)
            starts.append(all.count)
            // Wide characters (東京) take two columns; a cell per distinct value can afford the count.
            widths.append(DisplayWidth.of(String(decoding: cell, as: UTF8.self)))
            all += cell
            all.append(0)
        }
        let bytes = UnsafeMutableBufferPointer<CChar>.allocate(capacity: max(all.count, 1))
        _ = all.withUnsafeBytes { raw in
            bytes.initialize(from: raw.bindMemory(to: CChar.self))
        }
        self.bytes = bytes
        self.starts = starts
        self.widths = widths
    }

    deinit { bytes.deallocate() }

    var count: Int { starts.count }

    /// Cell `index` as a C string, valid while this table lives.
    @inline(__always)
    subscript(index: Int) -> UnsafePointer<CChar> { UnsafePointer(bytes.baseAddress! + starts[index]) }

    /// The longest cell's width, 0 without cells.
    var widest: Int { widths.max() ?? 0 }

    /// Appends `text` as a cell's bytes: C0 control characters other than tab and LF (and DEL)
    /// dropped, as the CSV sink drops them (and CR, which XML would turn into LF anyway); a cell
    /// is cut at Excel's limit of 32,767 bytes, at a character's start. No terminating NUL.
    @inline(__always)
    static func appendCell(_ text: some Collection<UInt8>, to out: inout [UInt8]) {
        let start = out.count
        if !text.contains(where: isDropped) {
            out.append(contentsOf: text)
        } else {
            for b in text where !isDropped(b) { out.append(b) }
        }
        if out.count - start > maximumBytes {
            var end = start + maximumBytes
            while end > start && out[end] & 0xC0 == 0x80 { end -= 1 }
            out.removeSubrange(end...)
        }
    }

    /// Excel's limit on the text of one cell, which libxlsxwriter enforces in bytes.
    static let maximumBytes = 32_767

    @inline(__always)
    private static func isDropped(_ b: UInt8) -> Bool {
        (b < 0x20 && b != 0x09 && b != 0x0A) || b == 0x7F
    }

    /// Unicode scalars in UTF-8 `bytes`: what a column's width is measured in.
    @inline(__always)
    static func characters<C: Collection>(_ bytes: C) -> Int where C.Element == UInt8 {
        var n = 0
        for b in bytes where b & 0xC0 != 0x80 { n += 1 }
        return n
    }
}
