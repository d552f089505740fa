/// The human view: a header per account (name, balance) and its rows — day, vendor, amount —
/// newest first.
public struct TextSink: FeedSink {
    public init() {}

    public func write(_ feed: Feed, context: FeedContext, to out: OutputWriter) throws {
        var rows = [[Int]](repeating: [], count: feed.accounts.count)
        for (i, t) in feed.transactions.enumerated() { rows[Int(t.account)].append(i) }
        let width = min(40, max(6, (0..<feed.vendors.count).map { feed.vendors.name(of: UInt32($0)).count }.max() ?? 6))
        for (a, account) in feed.accounts.enumerated() {
            if a > 0 { out.write("\n") }
            out.write(account.name)
            if let balance = account.balance {
                out.write("  balance ")
                balance.appendPlainDecimal(to: &out.buffer, negative: balance.minorUnits < 0)
                if let currency = account.currency { out.write(" " + currency) }
            }
            out.write("  (\(feed.sources[account.source].name))\n")
            for i in rows[a] {
                let t = feed.transactions[i]
                context.dayFormat.appendDay(ofUnixSeconds: t.unixSeconds, to: &out.buffer)
                out.write("  ")
                let vendor = feed.vendors.name(of: t.vendor)
                let shown = vendor.count > width ? String(vendor.prefix(width - 1)) + "…" : vendor
                out.write(shown + String(repeating: " ", count: width - shown.count))
                out.write("  ")
                var amount: [UInt8] = []
                AmountFormat.appendText(Money(minorUnits: t.amountMinor, scale: account.scale), isDebit: t.isDebit, to: &amount)
                out.write(String(repeating: " ", count: max(0, 12 - amount.count)))
                if context.colour { out.write(t.isDebit ? "\u{1B}[31m" : "\u{1B}[32m") }
                out.write(amount)
                if context.colour { out.write("\u{1B}[0m") }
                out.write("\n")
                try out.rowDone()
            }
            if rows[a].isEmpty { out.write("  (no transactions)\n") }
        }
    }
}
