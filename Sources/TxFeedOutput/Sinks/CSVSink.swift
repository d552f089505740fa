import TxFeedModel

/// RFC 4180 CSV for spreadsheets: UTF-8, a header row, CRLF line ends, the twelve columns of
/// docs/FEED.md. Text cells that a spreadsheet would evaluate (`=`, `+`, `-`, `@`, tab, CR first)
/// get a leading `'`; numeric cells are left alone.
public struct CSVSink: FeedSink {
    /// Starts the file with a UTF-8 BOM, which Excel needs to read UTF-8.
    public var byteOrderMark: Bool

    public init(byteOrderMark: Bool = false) {
        self.byteOrderMark = byteOrderMark
    }

    public static let header = "date,day,account,vendor,type,amount,currency,colour,source,id,status,memo\r\n"

    public func write(_ feed: Feed, context: FeedContext, to out: OutputWriter) throws {
        if byteOrderMark { out.write([0xEF, 0xBB, 0xBF]) }
        out.write(Self.header)
        // Every text cell rendered once per distinct value.
        let vendors = ByteCells(
            (0..<feed.vendors.count).lazy.map { Self.cell(Array(feed.vendors.bytes(of: UInt32($0)))) })
        let accounts = ByteCells(feed.accounts.lazy.map { Self.cell(Array($0.name.utf8)) })
        let currencies = ByteCells(feed.accounts.lazy.map { Self.cell(Array(($0.currency ?? "").utf8)) })
        let sources = feed.sources.map { Self.cell(Array($0.name.utf8)) }
        // Per account, so that no row touches an `Account` (whose strings a read retains).
        let accountSources = ByteCells(feed.accounts.lazy.map { sources[$0.source] })
        let scales = feed.accounts.map(\.scale)
        // Out of the context (a class) once: read per row, they were retained and released per row.
        let colours = context.colours
        var dayFormat = context.dayFormat
        var day: [UInt8] = []
        var identity: [UInt8] = []
        for (index, t) in feed.transactions.enumerated() {
            let account = Int(t.account)
            ISODate.append(t, to: &out.buffer)
            out.buffer.append(UInt8(ascii: ","))
            day.removeAll(keepingCapacity: true)
            dayFormat.appendDay(of: t, to: &day)
            Self.appendCell(day, to: &out.buffer)
            out.buffer.append(UInt8(ascii: ","))
            accounts.append(account, to: &out.buffer)
            out.buffer.append(UInt8(ascii: ","))
            vendors.append(Int(t.vendor), to: &out.buffer)
            out.write(t.isDebit ? ",debit," : ",credit,")
            Money(minorUnits: t.amountMinor, scale: scales[account]).appendPlainDecimal(
                to: &out.buffer, negative: t.isDebit)
            out.buffer.append(UInt8(ascii: ","))
            currencies.append(account, to: &out.buffer)
            out.buffer.append(UInt8(ascii: ","))
            colours[Int(t.vendor)].appendHex(to: &out.buffer)
            out.buffer.append(UInt8(ascii: ","))
            accountSources.append(account, to: &out.buffer)
            // The identity (the bank's id, else the fingerprint), booked or pending, the memo:
            // text cells like the others. A fingerprint needs neither quotes nor a guard.
            let details = feed.details(of: t)
            out.buffer.append(UInt8(ascii: ","))
            if let id = details?.id {
                Self.appendCell(Array(id.utf8), to: &out.buffer)
            } else if let fingerprint = feed.fingerprint(at: index) {
                // Built in a local buffer: appended to the writer's like every other cell.
                identity.removeAll(keepingCapacity: true)
                fingerprint.appendText(to: &identity)
                out.buffer.append(contentsOf: identity)
            }
            out.write(t.isPending ? ",pending," : ",booked,")
            if let memo = details?.memo { Self.appendCell(Array(memo.utf8), to: &out.buffer) }
            out.buffer.append(0x0D)
            out.buffer.append(0x0A)
            try out.rowDone()
        }
    }

    /// A text cell: neutralised when a spreadsheet would read it as a formula, quoted when
    /// it holds a comma, quote, CR or LF (quotes doubled).
    public static func cell(_ text: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        appendCell(text, to: &out)
        return out
    }

    package static func appendCell(_ text: [UInt8], to out: inout [UInt8]) {
        text.withUnsafeBufferPointer { appendCell($0, to: &out) }
    }

    package static func appendCell(_ text: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        let formula: Bool
        switch text.first {
        case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D: formula = true
        default: formula = false
        }
        let quote = text.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0D || $0 == 0x0A }
        if quote { out.append(UInt8(ascii: "\"")) }
        if formula { out.append(UInt8(ascii: "'")) }
        for b in text {
            if b == UInt8(ascii: "\"") { out.append(b) }
            out.append(b)
        }
        if quote { out.append(UInt8(ascii: "\"")) }
    }
}
