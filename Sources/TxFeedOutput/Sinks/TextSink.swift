import TxFeedModel

/// The human view: per account a header line, then its rows, newest first.
///
/// ```
/// Everyday Checking  balance 1234.56 USD  Kevin Flynn  (checking)
///   Wed, Sep 01  ██ Starbucks              - 4.50
///   Tue, Aug 31  ██ Payroll ACME Corp   + 2500.00
/// ```
///
/// - The header holds the account name, `balance` with the currency (when the source gave them), the
///   profile's name (or `profile ID` when it has only an id) and, in parentheses, the source.
/// - A row holds the day (in `--tz`), the vendor and the amount, right-aligned in one column for the
///   whole view. The vendor column is as wide as the widest vendor in display columns (East Asian wide
///   characters and emoji count 2, combining marks 0), at least 6 and at most 40; a longer vendor is
///   cut and ends with `…`.
/// - With colour, each vendor starts with a `██` swatch in its colour (24-bit, or the nearest
///   xterm-256 colour when the terminal does not announce 24-bit colour), credits are green, debits
///   red and the account name bold. Without colour there is no swatch and no escape sequence at all.
/// - Control characters in names become U+FFFD (tab, CR and LF a space) and bidirectional overrides
///   are dropped, so a name can never move the cursor or colour the terminal by itself.
///
/// Each distinct vendor is rendered once (swatch, truncation, padding); rows are bytes appended to the
/// output buffer, with no `String` per row.
public struct TextSink: FeedSink {
    public static let minimumVendorWidth = 6
    public static let maximumVendorWidth = 40
    /// The colour swatch before each vendor (with colour only).
    static let swatch: [UInt8] = Array("██".utf8)
    static let ellipsis: [UInt8] = Array("…".utf8)

    public init() {}

    public func write(_ feed: Feed, context: FeedContext, to out: OutputWriter) throws {
        let colour = context.colour
        // A spilled feed is read once per account instead (the merge filtered by account).
        let order = feed.spilled == nil ? Self.rowsByAccount(feed) : nil
        let vendors = Self.vendorCells(feed, colours: context.colours, colour: colour, trueColour: context.trueColour)
        let amountWidth = try Self.amountWidth(feed)
        var dayFormat = context.dayFormat
        var amount: [UInt8] = []
        amount.reserveCapacity(32)
        let spaces = [UInt8](repeating: 0x20, count: 64)

        try out.withBuffer { buffer in
            for (a, account) in feed.accounts.enumerated() {
                if a > 0 { buffer.append(0x0A) }
                Self.appendHeader(account, source: feed.sources[account.source].name, colour: colour, to: &buffer)
                var rows =
                    order.map { feed.rows(at: $0.rows[$0.starts[a]..<$0.starts[a + 1]]) } ?? feed.rows(ofAccount: a)
                var next = try rows.next()
                if next == nil { buffer.append(contentsOf: "  (no transactions)\n".utf8) }
                while let row = next {
                    next = try rows.next()
                    let t = row.transaction
                    buffer.append(contentsOf: spaces[0..<2])
                    dayFormat.appendDay(of: t, to: &buffer)
                    buffer.append(contentsOf: spaces[0..<2])
                    let v = Int(t.vendor)
                    buffer.append(contentsOf: vendors.bytes[vendors.starts[v]..<vendors.starts[v + 1]])
                    amount.removeAll(keepingCapacity: true)
                    AmountFormat.appendText(
                        Money(minorUnits: t.amountMinor, scale: account.scale), isDebit: t.isDebit, to: &amount)
                    var pad = 2 + Swift.max(0, amountWidth - amount.count)
                    while pad > 0 {
                        let n = Swift.min(pad, spaces.count)
                        buffer.append(contentsOf: spaces[0..<n])
                        pad -= n
                    }
                    if colour { buffer.append(contentsOf: t.isDebit ? TerminalColour.red : TerminalColour.green) }
                    buffer.append(contentsOf: amount)
                    if colour { buffer.append(contentsOf: TerminalColour.reset) }
                    if let category = row.labels?.category {
                        buffer.append(contentsOf: spaces[0..<2])
                        buffer.append(contentsOf: DisplayWidth.sanitised(category).utf8)
                    }
                    // A transfer names the other account: `→ Savings (T1)` out, `← Checking (T1)` in.
                    if let transfer = row.transfer {
                        buffer.append(contentsOf: (transfer.isDebit ? "  → " : "  ← ").utf8)
                        buffer.append(
                            contentsOf: DisplayWidth.sanitised(feed.transferAccount(transfer.otherAccount).name).utf8)
                        buffer.append(contentsOf: " (\(transfer.id))".utf8)
                    }
                    buffer.append(0x0A)
                    try out.rowDone(&buffer)
                }
            }
        }
    }

    /// `NAME  balance 1234.56 USD  PROFILE  (SOURCE)` and a line end.
    static func appendHeader(_ account: Account, source: String, colour: Bool, to b: inout [UInt8]) {
        if colour { b.append(contentsOf: TerminalColour.bold) }
        b.append(contentsOf: DisplayWidth.sanitised(account.name).utf8)
        if colour { b.append(contentsOf: TerminalColour.reset) }
        if let balance = account.balance {
            b.append(contentsOf: "  balance ".utf8)
            balance.appendPlainDecimal(to: &b, negative: false)  // already signed
            if let currency = account.currency {
                b.append(0x20)
                b.append(contentsOf: DisplayWidth.sanitised(currency).utf8)
            }
        }
        if let profile = account.profile {
            let name = [profile.firstName, profile.lastName].compactMap { $0 }.filter { !$0.isEmpty }.joined(
                separator: " ")
            if !name.isEmpty {
                b.append(contentsOf: "  ".utf8)
                b.append(contentsOf: DisplayWidth.sanitised(name).utf8)
            } else if let id = profile.id, !id.isEmpty {
                b.append(contentsOf: "  profile ".utf8)
                b.append(contentsOf: DisplayWidth.sanitised(id).utf8)
            }
        }
        b.append(contentsOf: "  (".utf8)
        b.append(contentsOf: DisplayWidth.sanitised(source).utf8)
        b.append(contentsOf: ")\n".utf8)
    }

    /// Transaction indices grouped by account, each group in feed order (newest first):
    /// account `a`'s rows are `rows[starts[a]..<starts[a + 1]]`.
    static func rowsByAccount(_ feed: Feed) -> (rows: [UInt32], starts: [Int]) {
        var starts = [Int](repeating: 0, count: feed.accounts.count + 1)
        for t in feed.transactions { starts[Int(t.account) + 1] += 1 }
        for a in 0..<feed.accounts.count { starts[a + 1] += starts[a] }
        var next = starts
        var rows = [UInt32](repeating: 0, count: feed.transactions.count)
        for (i, t) in feed.transactions.enumerated() {
            rows[next[Int(t.account)]] = UInt32(truncatingIfNeeded: i)
            next[Int(t.account)] += 1
        }
        return (rows, starts)
    }

    /// Every vendor's cell, rendered once: swatch (with colour), the name fitted to the column, and
    /// padding to the column's width. Cell `v` is `bytes[starts[v]..<starts[v + 1]]`.
    static func vendorCells(_ feed: Feed, colours: [RGB], colour: Bool, trueColour: Bool) -> (
        bytes: [UInt8], starts: [Int]
    ) {
        let count = feed.vendors.count
        var shown: [[UInt8]] = []
        var widths: [Int] = []
        shown.reserveCapacity(count)
        widths.reserveCapacity(count)
        for id in 0..<count {
            let name = feed.vendors.bytes(of: UInt32(id))
            if name.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
                // Printable ASCII: one column a byte.
                if name.count <= maximumVendorWidth {
                    shown.append(Array(name))
                    widths.append(name.count)
                } else {
                    shown.append(Array(name.prefix(maximumVendorWidth - 1)) + ellipsis)
                    widths.append(maximumVendorWidth)
                }
            } else {
                let fitted = DisplayWidth.fit(String(decoding: name, as: UTF8.self), maximum: maximumVendorWidth)
                shown.append(Array(fitted.text.utf8))
                widths.append(fitted.width)
            }
        }
        let column = Swift.max(minimumVendorWidth, widths.max() ?? 0)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(shown.reduce(0) { $0 + $1.count } + count * (column + (colour ? 32 : 0)) / 2)
        var starts = [0]
        starts.reserveCapacity(count + 1)
        for id in 0..<count {
            if colour {
                TerminalColour.appendForeground(colours[id], trueColour: trueColour, to: &bytes)
                bytes.append(contentsOf: swatch)
                bytes.append(contentsOf: TerminalColour.reset)
                bytes.append(0x20)
            }
            bytes.append(contentsOf: shown[id])
            bytes.append(contentsOf: repeatElement(0x20, count: column - widths[id]))
            starts.append(bytes.count)
        }
        return (bytes, starts)
    }

    /// The widest amount text (`- 1234.56`) in the feed, at least 6 columns.
    static func amountWidth(_ feed: Feed) throws(FeedReadError) -> Int {
        var largest = [Int64](repeating: -1, count: feed.accounts.count)
        var rows = feed.rows()
        while let t = try rows.next()?.transaction {
            if t.amountMinor > largest[Int(t.account)] { largest[Int(t.account)] = t.amountMinor }
        }
        var width = 6
        var text: [UInt8] = []
        for (a, minor) in largest.enumerated() where minor >= 0 {
            text.removeAll(keepingCapacity: true)
            AmountFormat.appendText(Money(minorUnits: minor, scale: feed.accounts[a].scale), isDebit: true, to: &text)
            width = Swift.max(width, text.count)
        }
        return width
    }
}
