/// Which of a file's accounts a row is in: its account cell (``ColumnRole/account``) as written
/// and its currency cell upper-cased, blanks around each left out; empty for a column the file
/// does not have. `usd `, `\u{A0}USD` and `USD` are one account, `My Checking` and `My Savings` two.
struct AccountKey: Equatable {
    var holder: [UInt8] = []
    var currency: [UInt8] = []

    init() {}

    /// The account cell's key part: as written, blanks around it left out.
    static func holder(_ cell: Span<UInt8>?) -> [UInt8] {
        guard let cell else { return [] }
        return copy(cell, trimmed(cell))
    }

    /// The currency cell's key part: upper-cased, blanks around it left out.
    static func currency(_ cell: Span<UInt8>?) -> [UInt8] {
        guard let cell else { return [] }
        return copy(cell, trimmed(cell)).map(upper)
    }

    /// The key without its account cell: the currency's alone.
    var currencyOnly: AccountKey {
        var key = self
        key.holder = []
        return key
    }

    /// Whether the cells are this key's, compared in place: nearly every row repeats a key seen.
    func matches(holder cell: Span<UInt8>?) -> Bool { Self.same(holder, cell, folding: false) }
    func matches(currency cell: Span<UInt8>?) -> Bool { Self.same(currency, cell, folding: true) }

    private static func same(_ key: [UInt8], _ cell: Span<UInt8>?, folding: Bool) -> Bool {
        guard let cell else { return key.isEmpty }
        let range = trimmed(cell)
        guard range.count == key.count else { return false }
        for n in 0..<key.count {
            let byte = cell[range.lowerBound + n]
            if (folding ? upper(byte) : byte) != key[n] { return false }
        }
        return true
    }

    private static func copy(_ cell: Span<UInt8>, _ range: Range<Int>) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(range.count)
        for at in range { bytes.append(cell[at]) }
        return bytes
    }

    private static func upper(_ byte: UInt8) -> UInt8 { byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte }

    /// Where a cell's text is: spaces, tabs, line ends and no-break spaces (U+00A0) around it
    /// left out, as ``Swift/String/trimmingBlanks()`` leaves them out of other cells.
    static func trimmed(_ cell: Span<UInt8>) -> Range<Int> {
        func blank(_ at: Int) -> Bool {
            cell[at] == 0x20 || cell[at] == 0x09 || cell[at] == 0x0D || cell[at] == 0x0A
        }
        var start = 0
        var end = cell.count
        while start < end {
            if blank(start) {
                start += 1
            } else if start + 1 < end, cell[start] == 0xC2, cell[start + 1] == 0xA0 {
                start += 2
            } else {
                break
            }
        }
        while end > start {
            if blank(end - 1) {
                end -= 1
            } else if end - 2 >= start, cell[end - 2] == 0xC2, cell[end - 1] == 0xA0 {
                end -= 2
            } else {
                break
            }
        }
        return start..<end
    }
}
